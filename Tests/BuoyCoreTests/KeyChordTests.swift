import BuoyCore
import XCTest

final class KeyChordTests: XCTestCase {
    func testChordsParse() {
        let rows: [(text: String, chord: KeyChord, line: UInt)] = [
            ("ctrl+z", KeyChord(.control, "z"), #line),
            ("alt+Left", KeyChord(.alt, "Left"), #line),
            ("ctrl+shift+z", KeyChord([.control, .shift], "z"), #line),
            ("shift+ctrl+z", KeyChord([.control, .shift], "z"), #line),
            ("super+alt+ctrl+shift+Delete", KeyChord([.control, .alt, .shift, .logo], "Delete"), #line),
            ("Escape", KeyChord([], "Escape"), #line),
            ("XF86AudioPlay", KeyChord([], "XF86AudioPlay"), #line),
            // A modifier alone is its left key.
            ("super", KeyChord([], "Super_L"), #line),
            ("ctrl+super", KeyChord(.control, "Super_L"), #line),
            // The key's own name, not a modifier's word: "plus" is +.
            ("ctrl+plus", KeyChord(.control, "plus"), #line),
        ]
        for row in rows {
            XCTAssertEqual(try KeyChord.parse(row.text).get(), row.chord, row.text, line: row.line)
        }
    }

    func testBadChordsSayWhy() {
        let rows: [(text: String, error: KeyChordError, line: UInt)] = [
            ("", .empty, #line),
            ("ctrl+", .emptyPart("ctrl+"), #line),
            ("ctrl++z", .emptyPart("ctrl++z"), #line),
            ("+z", .emptyPart("+z"), #line),
            ("ctlr+z", .notAModifier("ctlr", key: "z"), #line),
            ("Control+z", .notAModifier("Control", key: "z"), #line),
            ("a+b", .notAModifier("a", key: "b"), #line),
            ("ctrl+ctrl+z", .repeatedModifier("ctrl"), #line),
            ("super+super", .repeatedModifier("super"), #line),
        ]
        for row in rows {
            guard case .failure(let error) = KeyChord.parse(row.text) else {
                XCTFail("\(row.text) parsed", line: row.line)
                continue
            }
            XCTAssertEqual(error, row.error, row.text, line: row.line)
        }
        XCTAssertEqual(
            KeyChordError.notAModifier("ctlr", key: "z").message,
            "\"ctlr\" before \"z\" is not a modifier (ctrl, alt, shift, super)")
    }

    func testTextIsHowAConfigWritesIt() {
        let rows: [(chord: KeyChord, text: String, line: UInt)] = [
            (KeyChord(.control, "z"), "ctrl+z", #line),
            (KeyChord([.shift, .control], "z"), "ctrl+shift+z", #line),
            (KeyChord([], "Super_L"), "super", #line),
            (KeyChord([.logo, .alt], "Tab"), "alt+super+Tab", #line),
        ]
        for row in rows {
            XCTAssertEqual(row.chord.text, row.text, line: row.line)
            XCTAssertEqual(try KeyChord.parse(row.text).get(), row.chord, line: row.line)
        }
    }
}

import BuoyCore
import XCTest

final class VirtualKeymapTests: XCTestCase {
    func testHoldsEachKeyOnceInTheOrderFirstNeeded() {
        let keymap = VirtualKeymap(for: [
            KeyChord(.control, "z"), KeyChord(.alt, "Left"), KeyChord([.control, .shift], "z"),
            KeyChord([], "Tab"),
        ])
        XCTAssertEqual(keymap.keys, ["z", "Left", "Tab"])
        XCTAssertEqual(keymap.code(of: "z"), 1)
        XCTAssertEqual(keymap.code(of: "Left"), 2)
        XCTAssertEqual(keymap.code(of: "Tab"), 3)
        XCTAssertNil(keymap.code(of: "c"))
        XCTAssertEqual(VirtualKeymap(for: []).keys, [])
    }

    /// wtype's layout: xkb keycode = evdev code + 8, types and
    /// compatibility "complete"; a modifier key mapped to its modifier.
    func testTextIsAKeymapOfExactlyTheseKeys() {
        let keymap = VirtualKeymap(for: [KeyChord(.control, "z"), KeyChord([], "Super_L")])
        XCTAssertEqual(
            keymap.text,
            """
            xkb_keymap {
            xkb_keycodes "buoy" {
            minimum = 8;
            maximum = 11;
            <K1> = 9;
            <K2> = 10;
            };
            xkb_types "buoy" { include "complete" };
            xkb_compatibility "buoy" { include "complete" };
            xkb_symbols "buoy" {
            key <K1> {[ z ]};
            key <K2> {[ Super_L ]};
            modifier_map Mod4 { <K2> };
            };
            };

            """)
    }

    /// Key codes of one, two and three digits, as `"\(n)"` writes them.
    func testTextNumbersTheKeysInDecimal() {
        let names = (0..<95).map { "k\($0)" }
        let text = VirtualKeymap(for: names.map { KeyChord([], $0) }).text
        XCTAssertTrue(text.contains("maximum = 104;\n<K1> = 9;\n"), text)
        XCTAssertTrue(text.contains("\n<K2> = 10;\n"), text)
        XCTAssertTrue(text.contains("\n<K91> = 99;\n<K92> = 100;\n"), text)
        XCTAssertTrue(text.contains("\nkey <K95> {[ k94 ]};\n"), text)
        for number in [0, 7, 9, 10, 99, 100, 12_345] {
            XCTAssertEqual(VirtualKeymap.decimal(number), "\(number)")
        }
    }

    func testEventsPressEachChordWithItsModifiersHeld() {
        let rows: [(chords: [KeyChord], events: [KeyboardEvent]?, line: UInt)] = [
            (
                [KeyChord(.control, "z")],
                [.modifiers(.control), .key(1, pressed: true), .key(1, pressed: false), .modifiers([])], #line
            ),
            ([KeyChord([], "Escape")], [.key(3, pressed: true), .key(3, pressed: false)], #line),
            (
                [KeyChord([], "Super_L")],
                [.key(4, pressed: true), .modifiers(.logo), .key(4, pressed: false), .modifiers([])], #line
            ),
            (
                [KeyChord(.control, "l"), KeyChord(.control, "z")],
                [
                    .modifiers(.control), .key(2, pressed: true), .key(2, pressed: false), .modifiers([]),
                    .modifiers(.control), .key(1, pressed: true), .key(1, pressed: false), .modifiers([]),
                ], #line
            ),
            ([KeyChord(.control, "q")], nil, #line),
            ([], [], #line),
        ]
        let keymap = VirtualKeymap(for: [
            KeyChord(.control, "z"), KeyChord(.control, "l"), KeyChord([], "Escape"), KeyChord([], "Super_L"),
        ])
        for row in rows {
            XCTAssertEqual(keymap.events(for: row.chords), row.events, line: row.line)
        }
    }
}

import BuoyCore
import XCTest

final class LayoutKeysTests: XCTestCase {
    /// A US layout's keys, as KWin's keymap has them (evdev codes).
    private static let us: [String: LayoutKeys.Key] = [
        "Control_L": .init(29), "Alt_L": .init(56), "Shift_L": .init(42), "Super_L": .init(125),
        "z": .init(44), "Z": .init(44, shifted: true), "Left": .init(105), "Escape": .init(1),
        "exclam": .init(2, shifted: true),
    ]

    private static func chords(_ texts: String...) -> [KeyChord] {
        texts.map { try! KeyChord.parse($0).get() }
    }

    /// Issue 30 §2 on KWin: keysyms as the layout's keys, modifiers held by their keys.
    func testEvents() {
        typealias Row = (chords: [KeyChord], Result<[KeyboardEvent], LayoutKeys.Missing>, UInt)
        let down = { (code: UInt32) in KeyboardEvent.key(code, pressed: true) }
        let up = { (code: UInt32) in KeyboardEvent.key(code, pressed: false) }
        let rows: [Row] = [
            (Self.chords("z"), .success([down(44), up(44)]), #line),
            (Self.chords("ctrl+z"), .success([down(29), down(44), up(44), up(29)]), #line),
            (
                Self.chords("ctrl+alt+Left"),
                .success([down(29), down(56), down(105), up(105), up(56), up(29)]),
                #line
            ),
            (Self.chords("Z"), .success([down(42), down(44), up(44), up(42)]), #line),
            (Self.chords("shift+exclam"), .success([down(42), down(2), up(2), up(42)]), #line),
            (Self.chords("super"), .success([down(125), up(125)]), #line),
            (
                Self.chords("Escape", "alt+Left"),
                .success([down(1), up(1), down(56), down(105), up(105), up(56)]),
                #line
            ),
            (
                Self.chords("Escape", "XF86AudioPlay"), .failure(LayoutKeys.Missing(key: "XF86AudioPlay")),
                #line
            ),
        ]
        for (chords, expected, line) in rows {
            XCTAssertEqual(LayoutKeys.events(for: chords, layout: Self.us), expected, line: line)
        }
    }

    func testAModifierTheLayoutLacksFailsTheChord() {
        var layout = Self.us
        layout["Super_L"] = nil
        XCTAssertEqual(
            LayoutKeys.events(for: Self.chords("super+Left"), layout: layout),
            .failure(LayoutKeys.Missing(key: "Super_L")))
    }

    func testNames() {
        XCTAssertEqual(
            LayoutKeys.names(for: Self.chords("ctrl+z", "alt+Left", "ctrl+shift+z")),
            ["Control_L", "z", "Alt_L", "Left", "Shift_L"])
        XCTAssertEqual(LayoutKeys.names(for: Self.chords("Escape")), ["Escape", "Shift_L"])
    }
}

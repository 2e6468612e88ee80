import BuoyCore
import XCTest

@testable import BuoyCommandLine

final class ClicksAndKeysTests: XCTestCase {
    private static func facts(_ offered: [(String, UInt32)]) -> DoctorFacts {
        let globals =
            [
                OfferedGlobal(interface: "zwlr_layer_shell_v1", version: 4, bound: 4),
                OfferedGlobal(interface: "wl_seat", version: 7, bound: 7),
            ] + offered.map { OfferedGlobal(interface: $0.0, version: $0.1) }
        return DoctorFacts(
            version: "1", display: "wayland-1", environment: [:], sway: nil, globals: globals, outputs: [],
            seats: [], config: .ok(path: "/c.toml", warnings: []),
            socket: .notRunning(path: "/s", stale: false), state: .missing(path: "/st"),
            helpers: DoctorFacts.Helpers(keyboards: [], draws: true, pango: true, librsvg: true))
    }

    /// Issue 30: doctor's row for the virtual keyboard (and the click types'),
    /// from the globals offered.
    func testLines() {
        let viaPointer = "through zwlr_virtual_pointer_v1, at the tapped point"
        let viaFakeInput = "through KWin's fake input (org_kde_kwin_fake_input), at the tapped point"
        let viaKeyboard =
            "sent to the focused window through zwp_virtual_keyboard_v1, with a keymap of buoy's own"
        let viaLayout =
            "sent to the focused window through KWin's fake input, as the keys of KWin's active layout"
            + " (a key it lacks sends nothing of its list)"
        let noKeys =
            "send nothing here: the compositor offers no zwp_virtual_keyboard_manager_v1, and no"
            + " org_kde_kwin_fake_input v4"
        let rows: [([(String, UInt32)], [String]?, UInt)] = [
            (
                [("zwlr_virtual_pointer_manager_v1", 2), ("zwp_virtual_keyboard_manager_v1", 1)],
                [viaPointer, viaKeyboard], #line
            ),
            ([("org_kde_kwin_fake_input", 4)], [viaFakeInput, viaLayout], #line),
            ([("org_kde_kwin_fake_input", 5)], [viaFakeInput, viaLayout], #line),
            ([("org_kde_kwin_fake_input", 3)], [viaFakeInput, noKeys], #line),
            (
                [("zwlr_virtual_pointer_manager_v1", 1)],
                [
                    "unavailable: the compositor's zwlr_virtual_pointer_manager_v1 is v1, without pointers for one"
                        + " output, and no org_kde_kwin_fake_input (KWin offers it only to a program its desktop"
                        + " file allows)", noKeys,
                ], #line
            ),
            ([], nil, #line),
        ]
        for (offered, expected, line) in rows {
            let lines = ClicksAndKeys.lines(Self.facts(offered))
            XCTAssertEqual(lines?.map(\.name), expected.map { _ in ["click types", "keys"] }, line: line)
            XCTAssertEqual(lines?.map(\.text), expected, line: line)
        }
    }

    func testTheSectionInTheReport() {
        let report = DoctorReport(Self.facts([("org_kde_kwin_fake_input", 4)]))
        XCTAssertTrue(
            report.text.contains(
                "\n\nClicks and keys\n  click types  through KWin's fake input (org_kde_kwin_fake_input), at the"
                    + " tapped point\n  keys         sent to the focused window through KWin's fake input,"),
            report.text)
        XCTAssertTrue(report.json.contains(#""clicks_and_keys":{"click_types":"through KWin's fake input"#))
        XCTAssertFalse(DoctorReport(Self.facts([])).text.contains("Clicks and keys"))
        XCTAssertTrue(DoctorReport(Self.facts([])).json.contains(#""clicks_and_keys":null"#))
    }
}

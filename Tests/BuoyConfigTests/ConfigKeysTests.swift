import BuoyCore
import Foundation
import XCTest

@testable import BuoyConfig

/// Keys for the focused window in a config: `{ keys = ... }` in `[actions]`,
/// `keys` on a menu item, the built-in names, and what `--check` says of a
/// key xkb does not know. Items' `show_for` and `hide_for` too.
final class ConfigKeysTests: XCTestCase {
    /// xkb as the tests see it: a few names, and their case-insensitive matches.
    private static let xkb = ["z", "c", "l", "Left", "Escape", "F5", "Tab", "Super_L"]

    private static func check(_ name: String) -> KeyNameCheck {
        if xkb.contains(name) { return .known }
        return .unknown(suggestion: xkb.first { $0.lowercased() == name.lowercased() })
    }

    private func parse(_ text: String) throws(ConfigError) -> (config: Config, warnings: [ConfigDiagnostic]) {
        try Config.parse(Array(text.utf8), path: "config.toml", keyNames: Self.check)
    }

    func testAGestureSendsKeys() throws {
        let rows: [(snippet: String, chords: [KeyChord], line: UInt)] = [
            ("[actions]\ntap = { keys = \"ctrl+z\" }", [KeyChord(.control, "z")], #line),
            (
                "[actions]\ntap = { keys = [\"ctrl+l\", \"ctrl+c\"] }",
                [KeyChord(.control, "l"), KeyChord(.control, "c")], #line
            ),
            ("[actions]\ntap = { keys = \"copy\" }", [KeyChord(.control, "c")], #line),
            ("[actions]\ntap = { keys = \"back\" }", [KeyChord(.alt, "Left")], #line),
            ("[actions]\ntap = { keys = \"overview\" }", [KeyChord([], "Super_L")], #line),
            (
                "[actions]\ntap = { keys = [\"escape\", \"ctrl+l\"] }",
                [KeyChord([], "Escape"), KeyChord(.control, "l")], #line
            ),
        ]
        for row in rows {
            let (config, warnings) = try parse(row.snippet)
            XCTAssertEqual(config.actions.tap, .keys(row.chords), row.snippet, line: row.line)
            XCTAssertEqual(warnings, [], row.snippet, line: row.line)
        }
    }

    func testAMenuItemSendsKeysAndABuiltInNameBringsItsLabelAndIconOthersAreLabelledAsWritten() throws {
        let rows: [(snippet: String, item: MenuItem, line: UInt)] = [
            (
                "[[menu.item]]\nkeys = \"copy\"",
                MenuItem(label: "Copy", icon: "edit-copy", action: .keys([KeyChord(.control, "c")])), #line
            ),
            // Keys of no built-in name are labelled as written (issue 43: "missing label" before).
            (
                "[[menu.item]]\nkeys = \"ctrl+z\"",
                MenuItem(label: "Ctrl+Z", action: .keys([KeyChord(.control, "z")])), #line
            ),
            (
                "[[menu.item]]\nkeys = [\"alt+Left\", \"super\"]",
                MenuItem(
                    label: "Alt+Left, Super",
                    action: .keys([KeyChord(.alt, "Left"), KeyChord([], "Super_L")])),
                #line
            ),
            (
                "[[menu.item]]\nkeys = \"undo\"\nlabel = \"Oops\"\nicon = \"/u.png\"",
                MenuItem(label: "Oops", icon: "/u.png", action: .keys([KeyChord(.control, "z")])), #line
            ),
            (
                "[[menu.item]]\nlabel = \"Reload\"\nkeys = \"F5\"\nshow_for = [\"firefox*\"]",
                MenuItem(
                    label: "Reload", action: .keys([KeyChord([], "F5")]), apps: AppRule(showFor: ["firefox*"])
                ),
                #line
            ),
            (
                "[[menu.item]]\nlabel = \"Term\"\ncommand = \"foot\"\nhide_for = [\"foot\", \"kitty\"]",
                MenuItem(label: "Term", action: .command("foot"), apps: AppRule(hideFor: ["foot", "kitty"])),
                #line
            ),
        ]
        for row in rows {
            let (config, warnings) = try parse(row.snippet)
            XCTAssertEqual(config.menu.items, [row.item], row.snippet, line: row.line)
            XCTAssertEqual(warnings, [], row.snippet, line: row.line)
        }
    }

    func testKeysErrors() {
        let modifiers = "ctrl, alt, shift, super"
        let rows: [(snippet: String, line: Int, column: Int, message: String, source: UInt)] = [
            (
                "[actions]\ntap = { keys = \"ctlr+z\" }", 2, 16,
                "\"ctlr\" before \"z\" is not a modifier (\(modifiers))", #line
            ),
            (
                "[actions]\ntap = { keys = \"alt+Lfet\" }", 2, 16,
                "unknown key \"Lfet\" in \"alt+Lfet\": xkb has no keysym of that name; did you mean \"alt+Left\"?",
                #line
            ),
            (
                "[actions]\ntap = { keys = \"ctrl+escape\" }", 2, 16,
                "unknown key \"escape\" in \"ctrl+escape\": xkb has no keysym of that name;"
                    + " did you mean \"ctrl+Escape\"?", #line
            ),
            (
                "[actions]\ntap = { keys = [\"ctrl+l\", \"escpae\"] }", 2, 27,
                "unknown key \"escpae\": xkb has no keysym of that name; did you mean \"escape\"?", #line
            ),
            (
                "[actions]\ntap = { keys = \"ctrl+\" }", 2, 16,
                "\"ctrl+\" has an empty part; join modifiers and a key with +, such as \"ctrl+z\"", #line
            ),
            (
                "[actions]\ntap = { keys = [] }", 2, 16,
                "keys expects a string such as \"ctrl+z\", or an array of them, got array", #line
            ),
            (
                "[actions]\ntap = { keys = \"ctrl+z\", command = \"x\" }", 2, 26,
                "tap = { keys = ... } takes only keys; a command is written tap = \"COMMAND\"", #line
            ),
            (
                "[[menu.item]]\nlabel = \"x\"\nkeys = \"ctrl+z\"\ncommand = \"y\"", 4, 1,
                "command and keys cannot both be set: an item sends keys or does one of the others", #line
            ),
            (
                "[[menu.item]]\nkeys = \"copy\"\nkeep_open = true", 3, 13,
                "keep_open cannot be true for keys: the menu closes first, so that they reach the window in front",
                #line
            ),
        ]
        for row in rows {
            do {
                let result = try parse(row.snippet)
                XCTFail("\(row.snippet.debugDescription) parsed: \(result.config)", line: row.source)
            } catch {
                let d = error.diagnostic
                XCTAssertEqual(d.message, row.message, row.snippet, line: row.source)
                XCTAssertEqual([d.line, d.column], [row.line, row.column], d.rendered, line: row.source)
            }
        }
    }

    /// The names taken without asking xkb are xkb's: each is an XKB_KEY_ in
    /// libxkbcommon's header, which building buoy needs.
    func testTheNamesKnownWithoutXKBAreXKBs() throws {
        let header = try String(contentsOfFile: "/usr/include/xkbcommon/xkbcommon-keysyms.h", encoding: .utf8)
        let names = KeyNameCheck.common + KeyModifiers.named.map(\.key) + ["a", "z", "0", "9"]
        for name in names {
            XCTAssertTrue(KeyNameCheck.isCommon(name), name)
            let defined = [" ", "\t"].contains { header.contains("#define XKB_KEY_\(name)\($0)") }
            XCTAssertTrue(defined, "\(name) is not xkb's")
        }
        for name in ["A", "aa", "Lfet", "XF86AudioMicMute", "é"] {
            XCTAssertFalse(KeyNameCheck.isCommon(name), name)
        }
    }

    func testTheKeymapHoldsEveryButtonsKeysOnce() throws {
        let (config, _) = try parse(
            """
            [[button]]
            [button.actions]
            tap = { keys = "ctrl+z" }
            long_press = { keys = ["ctrl+l", "ctrl+z"] }
            [[button.menu.item]]
            keys = "escape"
            [[button]]
            [button.actions]
            tap = { keys = "back" }
            """)
        XCTAssertEqual(
            config.keyChords,
            [
                KeyChord(.control, "z"), KeyChord(.control, "l"), KeyChord([], "Escape"),
                KeyChord(.alt, "Left"),
            ])
    }

    func testTheMenuShowsTheItemsForTheAppInFront() {
        let item = { (label: String, apps: AppRule) in
            MenuItem(label: label, action: .command(label), apps: apps)
        }
        let always = item("always", AppRule())
        let firefox = item("firefox", AppRule(showFor: ["firefox", "org.mozilla.*"]))
        let notFoot = item("notFoot", AppRule(hideFor: ["foot"]))
        let menu = Menu(
            items: [always, firefox, notFoot], submenus: ["more": Submenu(items: [firefox, always])])
        let rows: [(app: String?, items: [MenuItem], submenu: [MenuItem], line: UInt)] = [
            ("firefox", [always, firefox, notFoot], [firefox, always], #line),
            ("org.mozilla.firefox", [always, firefox, notFoot], [firefox, always], #line),
            ("foot", [always], [always], #line),
            ("wev", [always, notFoot], [always], #line),
            (nil, [always, notFoot], [always], #line),
        ]
        for row in rows {
            let shown = menu.showing(forApp: row.app)
            XCTAssertEqual(shown.items, row.items, line: row.line)
            XCTAssertEqual(shown.submenus["more"]?.items, row.submenu, line: row.line)
        }
        XCTAssertTrue(menu.needsWindows)
        XCTAssertFalse(Menu(items: [always]).needsWindows)
    }
}

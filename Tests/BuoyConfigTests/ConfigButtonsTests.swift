import BuoyCore
import XCTest

@testable import BuoyConfig

/// `count` `[[button]]` headers without keys, one a line.
private func buttons(_ count: Int) -> String {
    (1...count).map { _ in "[[button]]\n" }.joined()
}

private let item = "[[menu.item]]\nlabel = \"A\"\ncommand = \"a\"\n"
private let terminal = MenuItem(label: "Terminal", command: "foot")

final class ConfigButtonsTests: XCTestCase {
    private func check(
        _ snippet: String, _ expected: [ButtonSpec], file: StaticString = #filePath, line: UInt = #line
    ) {
        do {
            let (config, warnings) = try parseConfig(snippet)
            XCTAssertEqual(config.buttons, expected, snippet.debugDescription, file: file, line: line)
            XCTAssertEqual(warnings.map(\.rendered), [], snippet.debugDescription, file: file, line: line)
        } catch {
            XCTFail("\(snippet.debugDescription): \(error.diagnostic.rendered)", file: file, line: line)
        }
    }

    /// A config without `[[button]]` means what it meant: one button, "main",
    /// with the top-level tables, which `config.button` ... still hold.
    func testTheSingleFormIsOneButtonNamedMain() throws {
        let snippets = [
            "",
            "[button]\nsize = 60\n[snap]\nto = \"none\"",
            "[snap]\nduration = 1\n[button]\ntuck = true\n[gestures]\ndrag_threshold = 3",
            "[actions]\ntap = \"menu\"\n" + item + "[menu]\ndim = 0.2",
            "button.size = 60",
            "button = { size = 60 }",
        ]
        for snippet in snippets {
            let (config, warnings) = try parseConfig(snippet)
            XCTAssertEqual(warnings, [], snippet.debugDescription)
            XCTAssertEqual(
                config.buttons,
                [
                    ButtonSpec(
                        button: config.button, snap: config.snap, gestures: config.gestures,
                        actions: config.actions, menu: config.menu)
                ], snippet.debugDescription)
            XCTAssertEqual(config.buttons.map(\.name), ["main"], snippet.debugDescription)
        }
    }

    func testButtonsInheritTheTopLevelTablesKeyByKey() {
        var keyboard = ButtonSpec(
            button: Button(name: "keyboard", position: .bottomLeft, shape: .rounded(cornerRadius: 14)),
            snap: Snap(to: .corner, duration: 0.5), gestures: Gestures(dragThreshold: 10),
            actions: Actions(tap: .command("pkill -RTMIN wvkbd-mobintl"), maxRunning: 2))
        var main = keyboard
        main.button = Button(output: .every)
        main.snap.duration = 0.25
        main.gestures.longPressDelay = 1
        main.actions.tap = .command("foot")
        keyboard.button.color = Color(red: 0x33 / 255, green: 0xD1 / 255, blue: 0x7A / 255)
        let cases: [(String, [ButtonSpec])] = [
            (
                """
                [snap]
                to = "corner"
                [gestures]
                drag_threshold = 10
                [actions]
                tap = "foot"
                max_running = 2

                [[button]]
                name = "keyboard"
                position = "bottom-left"
                color = "#33d17a"
                shape = "rounded"
                [button.snap]
                duration = 0.5
                [button.actions]
                tap = "pkill -RTMIN wvkbd-mobintl"

                [[button]]
                name = "main"
                output = "*"
                [button.gestures]
                long_press_delay = 1
                """,
                [keyboard, main]
            ),
            // The top-level tables may come after the buttons.
            (
                "[[button]]\n[button.actions]\ndouble_tap = \"b\"\n[[button]]\n[actions]\ntap = \"a\"",
                [
                    ButtonSpec(actions: Actions(tap: .command("a"), doubleTap: .command("b"))),
                    ButtonSpec(button: Button(name: "button-2"), actions: Actions(tap: .command("a"))),
                ]
            ),
            // The single form takes the same sub-tables.
            (
                "[actions]\ntap = \"a\"\nlong_press = \"c\"\n[button]\n[button.actions]\ntap = \"b\"",
                [ButtonSpec(actions: Actions(tap: .command("b"), longPress: .command("c")))]
            ),
            // An array of inline tables is the same as [[button]]s.
            (
                "button = [{ name = \"a\" }, { size = 60, snap = { to = \"none\" } }]",
                [
                    ButtonSpec(button: Button(name: "a")),
                    ButtonSpec(button: Button(name: "button-2", size: 60), snap: Snap(to: .none)),
                ]
            ),
        ]
        for (snippet, expected) in cases { check(snippet, expected) }
    }

    /// A button's `[[button.menu.item]]`s replace the top-level items as a
    /// whole; its `[button.menu]` overrides `[menu]` key by key.
    func testEachButtonHasItsOwnMenuOrTheSharedOne() {
        let shared = MenuItem(label: "A", command: "a")
        let cases: [(String, [ButtonSpec])] = [
            (
                """
                [actions]
                tap = "menu"
                [menu]
                dim = 0.3
                \(item)
                [[button]]
                [[button]]
                name = "files"
                [button.menu]
                spacing = 20
                [[button.menu.item]]
                label = "Terminal"
                command = "foot"
                """,
                [
                    ButtonSpec(actions: Actions(tap: .menu), menu: Menu(items: [shared], dim: 0.3)),
                    ButtonSpec(
                        button: Button(name: "files"), actions: Actions(tap: .menu),
                        menu: Menu(items: [terminal], dim: 0.3, spacing: 20)),
                ]
            ),
            // Each button has the menu items it names, else the shared ones.
            (
                """
                [[button]]
                [button.actions]
                tap = "foot"
                [[button]]
                [button.actions]
                long_press = "menu"
                [[button.menu.item]]
                label = "Terminal"
                command = "foot"
                """,
                [
                    ButtonSpec(actions: Actions(tap: .command("foot"))),
                    ButtonSpec(
                        button: Button(name: "button-2"), actions: Actions(longPress: .menu),
                        menu: Menu(items: [terminal])),
                ]
            ),
            // A button that overrides the shared "menu" action needs no menu.
            (
                "[actions]\ntap = \"menu\"\n[[button]]\n[button.actions]\ntap = \"foot\"",
                [ButtonSpec(actions: Actions(tap: .command("foot")))]
            ),
            // "menu" with no items is no error: the loader gives such a menu the
            // programs a first run finds (FirstRun.furnishing).
            ("[button]\n[button.actions]\ntap = \"menu\"", [ButtonSpec(actions: Actions(tap: .menu))]),
            (
                "[actions]\ntap = \"menu\"\n[[button]]\n[[button.menu.item]]\nlabel = \"Terminal\"\n"
                    + "command = \"foot\"\n[[button]]\nname = \"kbd\"\n[button.menu]\nitem = []",
                [
                    ButtonSpec(actions: Actions(tap: .menu), menu: Menu(items: [terminal])),
                    ButtonSpec(button: Button(name: "kbd"), actions: Actions(tap: .menu)),
                ]
            ),
        ]
        for (snippet, expected) in cases { check(snippet, expected) }
    }

    /// Which list edit mode writes each button's items in: its own where it
    /// has `[[button.menu.item]]`s and `--button` can name it, else the
    /// top-level one; none for an unnamed `[[button]]` after the first.
    func testEachButtonsItemList() throws {
        let own = "[[button.menu.item]]\nlabel = \"T\"\ncommand = \"foot\"\n"
        let cases: [(String, [ItemList?], UInt)] = [
            ("", [ItemList()], #line),
            (item, [ItemList()], #line),
            ("[button]\n" + own, [ItemList(button: "main")], #line),
            ("[button]\nname = \"b\"\n" + own, [ItemList(button: "b")], #line),
            (
                item + "[[button]]\n[[button]]\nname = \"b\"\n" + own, [ItemList(), ItemList(button: "b")],
                #line
            ),
            ("[[button]]\n" + own + "[[button]]\n", [ItemList(button: "main"), ItemList()], #line),
            (item + "[[button]]\n[[button]]\n" + own, [ItemList(), nil], #line),
            (item + "[[button]]\n[button.menu]\nspacing = 2\n", [ItemList()], #line),
        ]
        for (snippet, expected, line) in cases {
            let (config, _) = try parseConfig(snippet)
            XCTAssertEqual(config.buttons.map(\.itemList), expected, snippet.debugDescription, line: line)
        }
    }

    func testOutputs() throws {
        let cases: [(String, OutputChoice)] = [
            ("", .compositorsChoice),
            ("output = \"*\"", .every),
            ("output = \"eDP-1\"", .named("eDP-1")),
            ("output = \"**\"", .named("**")),
        ]
        for (line, expected) in cases {
            for header in ["[button]", "[[button]]"] {
                let (config, _) = try parseConfig("\(header)\n\(line)\n")
                XCTAssertEqual(config.buttons.map(\.button.output), [expected], "\(header) \(line)")
            }
        }
    }

    func testNames() throws {
        let cases: [(String, [String])] = [
            ("[button]", ["main"]),
            ("[button]\nname = \"kbd\"", ["kbd"]),
            (buttons(1), ["main"]),
            (buttons(3), ["main", "button-2", "button-3"]),
            ("[[button]]\nname = \"a\"\n[[button]]\n[[button]]\nname = \"main\"", ["a", "button-2", "main"]),
            (
                "[[button]]\nname = \"\(String(repeating: "x", count: 32))\"",
                [String(repeating: "x", count: 32)]
            ),
            ("[[button]]\nname = \"a-b_0-9\"", ["a-b_0-9"]),
        ]
        for (snippet, names) in cases {
            let (config, warnings) = try parseConfig(snippet)
            XCTAssertEqual(config.buttons.map(\.name), names, snippet.debugDescription)
            XCTAssertEqual(warnings, [], snippet.debugDescription)
        }
    }

    func testSixteenButtonsAreAllowed() throws {
        let (config, _) = try parseConfig(buttons(16))
        XCTAssertEqual(config.buttons.count, 16)
        XCTAssertEqual(config.buttons.last?.name, "button-16")
    }

    func testErrors() {
        let badName =
            "name must be 1 to 32 of a-z, 0-9, \"_\" and \"-\" ([a-z0-9_-]{1,32}), got"
        let cases: [DiagnosticCase] = [
            (
                "[[button]]\nname = \"kbd\"\n\n[[button]]\nname = \"kbd\"", 5, 8,
                "name \"kbd\" is already used by the button at line 1"
            ),
            // Uniqueness is checked after the defaults.
            (
                "[[button]]\n[[button]]\nname = \"main\"", 3, 8,
                "name \"main\" is already used by the button at line 1"
            ),
            (
                "[[button]]\nname = \"button-2\"\n[[button]]", 3, 1,
                "name \"button-2\" is already used by the button at line 1"
            ),
            ("[[button]]\nname = \"Keyboard\"", 2, 8, "\(badName) \"Keyboard\""),
            ("[[button]]\nname = \"\"", 2, 8, "\(badName) \"\""),
            ("[button]\nname = \"a b\"", 2, 8, "\(badName) \"a b\""),
            (
                "[[button]]\nname = \"\(String(repeating: "x", count: 33))\"", 2, 8,
                "\(badName) \"\(String(repeating: "x", count: 33))\""
            ),
            ("[[button]]\nname = 1", 2, 8, "name expects a string, got integer"),
            (buttons(17), 17, 1, "at most 16 buttons are allowed"),
            (
                "[button]\nsize = 60\n[[button]]", 3, 1,
                "cannot make [[button]] an array of tables: [button] is already defined as a table at line 1;"
                    + " [button] and [[button]] cannot be mixed"
            ),
            (
                "[[button]]\n[button]", 2, 1,
                "table [button] is already defined as an array of tables ([[button]]) at line 1;"
                    + " [button] and [[button]] cannot be mixed"
            ),
            ("button = [1]", 1, 11, "each button must be a table, got integer"),
            ("[[button]]\nshape = \"square\"", 2, 9, "shape must be one of circle, rounded; got \"square\""),
            ("[[button]]\n[button.snap]\nto = 1", 3, 6, "to expects a string, got integer"),
        ]
        assertErrors(cases)
    }

    func testWarnings() throws {
        let cases: [DiagnosticCase] = [
            ("[button]\ncorner_radius = 10", 2, 1, "corner_radius has no effect without shape = \"rounded\""),
            (
                "[[button]]\nshape = \"circle\"\n  corner_radius = 10", 3, 3,
                "corner_radius has no effect without shape = \"rounded\""
            ),
            ("[[button]]\nszie = 1", 2, 1, "unknown key \"szie\" in [[button]]; did you mean \"size\"?"),
            ("[[button]]\nnmae = \"a\"", 2, 1, "unknown key \"nmae\" in [[button]]; did you mean \"name\"?"),
            (
                "[[button]]\n[button.acitons]", 2, 9,
                "unknown table [button.acitons]; did you mean [button.actions]?"
            ),
            (
                "[[button]]\n[button.actions]\ntpa = \"a\"", 3, 1,
                "unknown key \"tpa\" in [button.actions]; did you mean \"tap\"?"
            ),
            (
                "[[button]]\n[button.menu]\nspaceing = 1", 3, 1,
                "unknown key \"spaceing\" in [button.menu]; did you mean \"spacing\"?"
            ),
            (
                "[[button]]\n[[button.menu.item]]\nlable = \"a\"\nlabel = \"a\"\ncommand = \"b\"", 3, 1,
                "unknown key \"lable\" in [[button.menu.item]]; did you mean \"label\"?"
            ),
            // Hints name the button's own sub-tables in the [[button]] form.
            (
                "[[button]]\nduration = 1", 2, 1,
                "unknown key \"duration\" in [[button]]; \"duration\" belongs in [button.snap]"
            ),
            (
                "[[button]]\n[button.actions]\nlabel = \"a\"", 3, 1,
                "unknown key \"label\" in [button.actions]; \"label\" belongs in [[button.menu.item]]"
            ),
            (
                "[snap]\nname = \"a\"\n[[button]]", 2, 1,
                "unknown key \"name\" in [snap]; \"name\" belongs in [[button]]"
            ),
            (
                "[snap]\nshape = \"rounded\"", 2, 1,
                "unknown key \"shape\" in [snap]; \"shape\" belongs in [button]"
            ),
        ]
        assertWarnings(cases)
    }

    func testTopLevelTablesAreTheFilesInTheButtonsForm() throws {
        let (config, _) = try parseConfig(
            "[snap]\nto = \"none\"\n[[button]]\nsize = 60\n[button.snap]\nduration = 1")
        XCTAssertEqual(config.button, Button())
        XCTAssertEqual(config.snap, Snap(to: .none))
        XCTAssertEqual(config.buttons[0].snap, Snap(to: .none, duration: 1))
        XCTAssertEqual(config.buttons[0].button.size, 60)
    }
}

extension ConfigButtonsTests {
    /// `[visibility]` is every button's; `[button.visibility]` overrides it key by key.
    func testVisibilityIsInheritedKeyByKey() throws {
        let snippet = """
            [visibility]
            fullscreen = "hide"
            hide_for = ["mpv", "org.gnome.*"]
            [[button]]
            name = "a"
            [[button]]
            name = "b"
            [button.visibility]
            show_for = ["foot"]
            mode = "tablet"
            """
        let (config, warnings) = try parseConfig(snippet)
        XCTAssertEqual(warnings.map(\.rendered), [])
        XCTAssertEqual(
            config.buttons.map(\.visibility),
            [
                VisibilityRules(fullscreen: .hide, hideFor: ["mpv", "org.gnome.*"]),
                VisibilityRules(
                    fullscreen: .hide, hideFor: ["mpv", "org.gnome.*"], showFor: ["foot"], mode: .tablet),
            ])
    }

    func testVisibilityErrors() {
        let cases: [(String, String, UInt)] = [
            ("[visibility]\nhide_for = \"mpv\"", "hide_for expects an array of strings, got string", #line),
            (
                "[visibility]\nhide_for = [\"mpv\", 3]", "hide_for must be an array of non-empty strings",
                #line
            ),
            ("[visibility]\nshow_for = [\"\"]", "show_for must be an array of non-empty strings", #line),
            (
                "[visibility]\nfullscreen = \"never\"", "fullscreen must be one of show, hide; got \"never\"",
                #line
            ),
            (
                "[visibility]\nmode = \"phone\"", "mode must be one of any, tablet, laptop; got \"phone\"",
                #line
            ),
        ]
        for (snippet, message, line) in cases {
            XCTAssertThrowsError(try parseConfig(snippet), line: line) { error in
                XCTAssertTrue(
                    (error as? ConfigError)?.diagnostic.rendered.contains(message) ?? false, "\(error)",
                    line: line)
            }
        }
    }
}

extension ConfigButtonsTests {
    func testOutputTakesANameEveryOrFocused() throws {
        let cases: [(String, OutputChoice, UInt)] = [
            ("eDP-1", .named("eDP-1"), #line), ("*", .every, #line), ("focused", .focused, #line),
        ]
        for (value, expected, line) in cases {
            let (config, _) = try parseConfig("[button]\noutput = \"\(value)\"")
            XCTAssertEqual(config.buttons[0].button.output, expected, line: line)
        }
    }
}

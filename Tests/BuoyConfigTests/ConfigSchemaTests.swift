import BuoyCore
import XCTest

@testable import BuoyConfig

private func parseError(_ text: String, file: StaticString = #filePath, line: UInt = #line)
    -> ConfigDiagnostic?
{
    do {
        let result = try parseConfig(text)
        XCTFail("expected an error, got \(result.config)", file: file, line: line)
        return nil
    } catch {
        return error.diagnostic
    }
}

/// Eight valid menu items, for cases that need a menu.
private let eightItems = (1...8).map { "[[menu.item]]\nlabel = \"L\($0)\"\ncommand = \"c\($0)\"\n" }.joined()

final class ConfigSchemaTests: XCTestCase {
    func testDefaultsAreTheDocumentedValues() {
        let d = Config.defaults
        XCTAssertEqual(d.button.size, 56)
        XCTAssertEqual(d.button.position, .right)
        XCTAssertEqual(d.button.margin, 8)
        XCTAssertEqual(d.button.color, Color(red: 0x35 / 255, green: 0x84 / 255, blue: 0xE4 / 255, alpha: 1))
        XCTAssertEqual(d.button.glyphColor, Color(red: 1, green: 1, blue: 1, alpha: 0xEB / 255))
        XCTAssertEqual(d.button.draggable, true)
        XCTAssertEqual(d.button.removable, true)
        XCTAssertEqual(d.button.badgeFades, false)
        XCTAssertEqual(d.button.opacity, 1)
        XCTAssertEqual(d.button.idleOpacity, 0.4)
        XCTAssertEqual(d.button.idleDelay, 1.5)
        XCTAssertEqual(d.button.fade, 0.3)
        XCTAssertEqual(d.button.tuck, false)
        XCTAssertEqual(d.button.output, .compositorsChoice)
        XCTAssertEqual(d.button.name, "main")
        XCTAssertEqual(d.button.shape, .circle)
        XCTAssertEqual(d.snap.to, .edge)
        XCTAssertEqual(d.snap.duration, 0.25)
        XCTAssertEqual(d.gestures.dragThreshold, 6)
        XCTAssertEqual(d.gestures.doubleTapWindow, 0.25)
        XCTAssertEqual(d.gestures.longPressDelay, 0.5)
        XCTAssertNil(d.actions.tap)
        XCTAssertNil(d.actions.doubleTap)
        XCTAssertNil(d.actions.longPress)
        XCTAssertEqual(d.actions.maxRunning, 8)
        XCTAssertEqual(d.menu.items, [])
        XCTAssertEqual(d.menu.itemSize, 40)
        XCTAssertNil(d.menu.iconTheme)
        XCTAssertEqual(d.menu.openDuration, 0.3)
        XCTAssertEqual(d.menu.closeDuration, 0.15)
        XCTAssertEqual(d.menu.dim, 0)
        XCTAssertEqual(d.menu.spacing, 12)
        XCTAssertEqual(d.menu.font, "Sans 13")
        XCTAssertEqual(d.buttons, [ButtonSpec()])
    }

    func testEmptyFilesGiveTheDefaults() throws {
        for text in [
            "", "\n", "# nothing here\n\n", "\u{FEFF}", "[button]\n[snap]\n[gestures]\n[actions]\n[menu]\n",
        ] {
            let (config, warnings) = try parseConfig(text)
            XCTAssertEqual(config, Config.defaults, text.debugDescription)
            XCTAssertEqual(warnings, [], text.debugDescription)
        }
    }

    func testValues() throws {
        let cases: [(String, (inout Config) -> Void)] = [
            ("[button]\nsize = 60", { $0.button.size = 60 }),
            ("[button]\nsize = 60.5", { $0.button.size = 60.5 }),
            ("[button]\nsize = 16", { $0.button.size = 16 }),
            ("[button]\nsize = 512", { $0.button.size = 512 }),
            ("[button]\nposition = \"left\"", { $0.button.position = .left }),
            ("[button]\nposition = \"top\"", { $0.button.position = .top }),
            ("[button]\nposition = \"bottom\"", { $0.button.position = .bottom }),
            ("[button]\nposition = \"top-left\"", { $0.button.position = .topLeft }),
            ("[button]\nposition = \"top-right\"", { $0.button.position = .topRight }),
            ("[button]\nposition = \"bottom-left\"", { $0.button.position = .bottomLeft }),
            ("[button]\nposition = \"bottom-right\"", { $0.button.position = .bottomRight }),
            ("[button]\nposition = \"right\"", { $0.button.position = .right }),
            ("[button]\nposition = \"center\"", { $0.button.position = .center }),
            ("[button]\nmargin = 0", { $0.button.margin = 0 }),
            ("[button]\ncolor = \"#ff8000\"", { $0.button.color = Color(red: 1, green: 128 / 255, blue: 0) }),
            ("[button]\ncolor = \"#FF8000\"", { $0.button.color = Color(red: 1, green: 128 / 255, blue: 0) }),
            (
                "[button]\nglyph_color = \"#1e1e1e\"",
                { $0.button.glyphColor = Color(red: 30 / 255, green: 30 / 255, blue: 30 / 255) }
            ),
            (
                "[button]\ncolor = \"#00000080\"",
                { $0.button.color = Color(red: 0, green: 0, blue: 0, alpha: 128 / 255) }
            ),
            ("[button]\ndraggable = false", { $0.button.draggable = false }),
            ("[button]\nremovable = false", { $0.button.removable = false }),
            ("[button]\nbadge_fades = true", { $0.button.badgeFades = true }),
            ("[button]\nopacity = 0.9", { $0.button.opacity = 0.9 }),
            ("[button]\nidle_opacity = 0", { $0.button.idleOpacity = 0 }),
            ("[button]\nidle_delay = 60", { $0.button.idleDelay = 60 }),
            ("[button]\nfade = 0.5", { $0.button.fade = 0.5 }),
            ("[button]\ntuck = true", { $0.button.tuck = true }),
            ("[button]\noutput = \"HDMI-A-1\"", { $0.button.output = .named("HDMI-A-1") }),
            ("[button]\noutput = \"*\"", { $0.button.output = .every }),
            ("[button]\nname = \"kbd\"", { $0.button.name = "kbd" }),
            ("[button]\nshape = \"circle\"", { $0.button.shape = .circle }),
            ("[button]\nshape = \"rounded\"", { $0.button.shape = .rounded(cornerRadius: 14) }),
            (
                "[button]\ncorner_radius = 0\nshape = \"rounded\"",
                { $0.button.shape = .rounded(cornerRadius: 0) }
            ),
            (
                "[button]\nshape = \"rounded\"\ncorner_radius = 256",
                { $0.button.shape = .rounded(cornerRadius: 256) }
            ),
            ("[snap]\nto = \"corner\"", { $0.snap.to = .corner }),
            ("[snap]\nto = \"none\"", { $0.snap.to = SnapMode.none }),
            ("[snap]\nto = \"edge\"\nduration = 1", { $0.snap.duration = 1 }),
            ("[gestures]\ndrag_threshold = 10", { $0.gestures.dragThreshold = 10 }),
            ("[gestures]\ndouble_tap_window = 0.4", { $0.gestures.doubleTapWindow = 0.4 }),
            ("[gestures]\nlong_press_delay = 0.8", { $0.gestures.longPressDelay = 0.8 }),
            ("[gestures]\ntouch_drag_threshold = 12", { $0.gestures.touchDragThreshold = 12 }),
            ("[gestures]\ntouch_double_tap_window = 0.5", { $0.gestures.touchDoubleTapWindow = 0.5 }),
            (
                "[actions]\nswipe_up = \"menu\"\n[[menu.item]]\nlabel = \"a\"\ncommand = \"b\"",
                {
                    $0.actions.swipeUp = .menu
                    $0.menu.items = [MenuItem(label: "a", command: "b")]
                }
            ),
            ("[actions]\nswipe_down = \"d\"", { $0.actions.swipeDown = .command("d") }),
            ("[actions]\nswipe_left = \"l\"", { $0.actions.swipeLeft = .command("l") }),
            ("[actions]\nswipe_right = \"r\"", { $0.actions.swipeRight = .command("r") }),
            ("[actions]\ntap = \"foot\"", { $0.actions.tap = .command("foot") }),
            (
                "[actions]\ndouble_tap = \"wofi --show drun\"",
                { $0.actions.doubleTap = .command("wofi --show drun") }
            ),
            (
                "[actions]\nlong_press = 'notify-send \"hi\"'",
                { $0.actions.longPress = .command("notify-send \"hi\"") }
            ),
            ("[actions]\nmax_running = 1", { $0.actions.maxRunning = 1 }),
            ("[actions]\nmax_running = 64", { $0.actions.maxRunning = 64 }),
            ("[menu]\nitem_size = 48", { $0.menu.itemSize = 48 }),
            ("[menu]\nrow_height = 16", { $0.menu.rowHeight = 16 }),
            ("[menu]\nedit = \"touch\"", { $0.menu.edit = .touch }),
            ("[menu]\nedit = \"off\"", { $0.menu.edit = .off }),
            ("[menu]\nicon_theme = \"Adwaita\"", { $0.menu.iconTheme = "Adwaita" }),
            ("[menu]\nopen_duration = 0", { $0.menu.openDuration = 0 }),
            ("[menu]\nclose_duration = 5", { $0.menu.closeDuration = 5 }),
            ("[menu]\ndim = 0.6", { $0.menu.dim = 0.6 }),
            ("[menu]\nspacing = 20", { $0.menu.spacing = 20 }),
            ("[menu]\nfont = \"Noto Sans CJK SC Bold 11\"", { $0.menu.font = "Noto Sans CJK SC Bold 11" }),
            // Other ways to write the same tables
            (
                "button.size = 60\nsnap.to = \"none\"",
                {
                    $0.button.size = 60
                    $0.snap.to = SnapMode.none
                }
            ),
            (
                "button = { size = 60, tuck = true }",
                {
                    $0.button.size = 60
                    $0.button.tuck = true
                }
            ),
            // Menu items, and actions that open the menu
            (
                "[[menu.item]]\nlabel = \"Terminal\"\nicon = \"utilities-terminal\"\ncommand = \"foot\"",
                {
                    $0.menu.items = [MenuItem(label: "Terminal", icon: "utilities-terminal", command: "foot")]
                }
            ),
            (
                "[actions]\ntap = \"menu\"\n[[menu.item]]\nlabel = \"A\"\ncommand = \"a\"\n[[menu.item]]\nlabel = \"B\"\ncommand = \"b\"",
                {
                    $0.actions.tap = .menu
                    $0.menu.items = [MenuItem(label: "A", command: "a"), MenuItem(label: "B", command: "b")]
                }
            ),
            (
                "[menu]\nitem = [{ label = \"A\", command = \"a\" }]\n[actions]\nlong_press = \"menu\"",
                {
                    $0.actions.longPress = .menu
                    $0.menu.items = [MenuItem(label: "A", command: "a")]
                }
            ),
            (eightItems, { $0.menu.items = (1...8).map { MenuItem(label: "L\($0)", command: "c\($0)") } }),
        ]
        for (snippet, change) in cases {
            var expected = Config.defaults
            change(&expected)
            // The single form: one button, the top-level tables' own.
            expected.buttons = [
                ButtonSpec(
                    button: expected.button, snap: expected.snap, gestures: expected.gestures,
                    actions: expected.actions, menu: expected.menu)
            ]
            do {
                let (config, warnings) = try parseConfig(snippet)
                XCTAssertEqual(config, expected, snippet.debugDescription)
                XCTAssertEqual(warnings, [], snippet.debugDescription)
            } catch {
                XCTFail("\(snippet.debugDescription): \(error.diagnostic.rendered)")
            }
        }
    }

    func testAFullConfig() throws {
        let text = """
            # buoy config
            [button]
            size = 64
            position = "bottom-left"
            margin = 12.5
            color = "#336699cc"
            draggable = false
            opacity = 0.95
            idle_opacity = 0.5
            idle_delay = 3
            fade = 0.2
            tuck = true
            output = "eDP-1"

            [snap]
            to = "corner"
            duration = 0.4

            [gestures]
            drag_threshold = 8
            double_tap_window = 0.3
            long_press_delay = 0.6

            [actions]
            tap = "menu"
            double_tap = "foot"
            long_press = "swaylock"
            max_running = 4

            [menu]
            item_size = 44
            icon_theme = "Papirus"
            open_duration = 0.25
            close_duration = 0.1
            dim = 0.3
            spacing = 16

            [[menu.item]]
            label = "Terminal"
            icon = "utilities-terminal"
            command = "foot"

            [[menu.item]]
            label = "Files"
            command = "nautilus"

            """
        let (config, warnings) = try parseConfig(text)
        XCTAssertEqual(warnings, [])
        let expected = Config(
            button: Button(
                size: 64, position: .bottomLeft, margin: 12.5,
                color: Color(red: 0x33 / 255, green: 0x66 / 255, blue: 0x99 / 255, alpha: 0xCC / 255),
                draggable: false, opacity: 0.95, idleOpacity: 0.5, idleDelay: 3, fade: 0.2, tuck: true,
                output: .named("eDP-1")),
            snap: Snap(to: .corner, duration: 0.4),
            gestures: Gestures(dragThreshold: 8, doubleTapWindow: 0.3, longPressDelay: 0.6),
            actions: Actions(
                tap: .menu, doubleTap: .command("foot"), longPress: .command("swaylock"), maxRunning: 4),
            menu: Menu(
                items: [
                    MenuItem(label: "Terminal", icon: "utilities-terminal", command: "foot"),
                    MenuItem(label: "Files", command: "nautilus"),
                ],
                itemSize: 44, iconTheme: "Papirus", openDuration: 0.25, closeDuration: 0.1, dim: 0.3,
                spacing: 16))
        XCTAssertEqual(config, expected)
    }

    /// Every key's wrong type and out-of-range values, with exact messages.
    func testValueErrors() {
        // (table, key, value, message); the value is on line 2 at column key.count + 4.
        let cases: [(String, String, String, String)] = [
            ("button", "size", "\"big\"", "size expects a number, got string"),
            ("button", "size", "true", "size expects a number, got boolean"),
            ("button", "size", "[56]", "size expects a number, got array"),
            ("button", "size", "{ x = 1 }", "size expects a number, got table"),
            ("button", "size", "9", "size must be between 16 and 512 logical pixels, got 9"),
            ("button", "size", "9.0", "size must be between 16 and 512 logical pixels, got 9"),
            ("button", "size", "512.5", "size must be between 16 and 512 logical pixels, got 512.5"),
            ("button", "size", "nan", "size must be between 16 and 512 logical pixels, got nan"),
            ("button", "size", "inf", "size must be between 16 and 512 logical pixels, got inf"),
            ("button", "dwell", "0.1", "dwell must be 0 (off) or between 0.3 and 5 seconds, got 0.1"),
            ("button", "dwell", "6", "dwell must be between 0 and 5 seconds, got 6"),
            ("button", "dwell", "-1", "dwell must be between 0 and 5 seconds, got -1"),
            ("menu", "dwell", "0.29", "dwell must be 0 (off) or between 0.3 and 5 seconds, got 0.29"),
            ("button", "position", "1", "position expects a string, got integer"),
            (
                "button", "position", "\"middle\"",
                "position must be one of right, left, top, bottom, top-left, top-right, bottom-left, bottom-right, center; got \"middle\""
            ),
            (
                "button", "position", "\"Right\"",
                "position must be one of right, left, top, bottom, top-left, top-right, bottom-left, bottom-right, center; got \"Right\""
            ),
            ("button", "margin", "\"8\"", "margin expects a number, got string"),
            ("button", "margin", "-1", "margin must be between 0 and 500 logical pixels, got -1"),
            ("button", "margin", "501", "margin must be between 0 and 500 logical pixels, got 501"),
            ("button", "color", "0x3584e4", "color expects a string, got integer"),
            (
                "button", "color", "\"bleu\"",
                "color must be a colour name (red, white, ...), #rgb, #rgba, #rrggbb or #rrggbbaa, got \"bleu\""
            ),
            (
                "button", "color", "\"#12\"",
                "color must be a colour name (red, white, ...), #rgb, #rgba, #rrggbb or #rrggbbaa, got \"#12\""
            ),
            (
                "button", "color", "\"#12g\"",
                "color must be a colour name (red, white, ...), #rgb, #rgba, #rrggbb or #rrggbbaa, got \"#12g\""
            ),
            (
                "button", "color", "\"#12345\"",
                "color must be a colour name (red, white, ...), #rgb, #rgba, #rrggbb or #rrggbbaa, got \"#12345\""
            ),
            (
                "button", "color", "\"#1234567\"",
                "color must be a colour name (red, white, ...), #rgb, #rgba, #rrggbb or #rrggbbaa, got \"#1234567\""
            ),
            (
                "button", "color", "\"#12345g\"",
                "color must be a colour name (red, white, ...), #rgb, #rgba, #rrggbb or #rrggbbaa, got \"#12345g\""
            ),
            (
                "button", "color", "\"3584e4\"",
                "color must be a colour name (red, white, ...), #rgb, #rgba, #rrggbb or #rrggbbaa, got \"3584e4\""
            ),
            ("button", "draggable", "\"yes\"", "draggable expects a boolean, got string"),
            ("button", "draggable", "1", "draggable expects a boolean, got integer"),
            ("button", "opacity", "\"1\"", "opacity expects a number, got string"),
            ("button", "opacity", "1.5", "opacity must be between 0 and 1, got 1.5"),
            ("button", "opacity", "-0.1", "opacity must be between 0 and 1, got -0.1"),
            ("button", "idle_opacity", "false", "idle_opacity expects a number, got boolean"),
            ("button", "idle_opacity", "2", "idle_opacity must be between 0 and 1, got 2"),
            ("button", "idle_delay", "\"1s\"", "idle_delay expects a number, got string"),
            ("button", "idle_delay", "61", "idle_delay must be between 0 and 60 seconds, got 61"),
            ("button", "fade", "[]", "fade expects a number, got array"),
            ("button", "fade", "5.01", "fade must be between 0 and 5 seconds, got 5.01"),
            ("button", "tuck", "0", "tuck expects a boolean, got integer"),
            ("button", "output", "1", "output expects a string, got integer"),
            ("button", "output", "\"\"", "output must not be empty"),
            ("snap", "to", "true", "to expects a string, got boolean"),
            ("snap", "to", "\"edges\"", "to must be one of edge, corner, none; got \"edges\""),
            ("snap", "duration", "\"fast\"", "duration expects a number, got string"),
            ("snap", "duration", "-1", "duration must be between 0 and 5 seconds, got -1"),
            ("gestures", "drag_threshold", "\"6px\"", "drag_threshold expects a number, got string"),
            (
                "gestures", "drag_threshold", "101",
                "drag_threshold must be between 0 and 100 logical pixels, got 101"
            ),
            ("gestures", "double_tap_window", "true", "double_tap_window expects a number, got boolean"),
            (
                "gestures", "double_tap_window", "5.5",
                "double_tap_window must be between 0 and 5 seconds, got 5.5"
            ),
            ("gestures", "long_press_delay", "\"long\"", "long_press_delay expects a number, got string"),
            (
                "gestures", "long_press_delay", "-0.5",
                "long_press_delay must be between 0 and 5 seconds, got -0.5"
            ),
            (
                "gestures", "touch_drag_threshold", "101",
                "touch_drag_threshold must be between 0 and 100 logical pixels, got 101"
            ),
            (
                "gestures", "touch_double_tap_window", "-1",
                "touch_double_tap_window must be between 0 and 5 seconds, got -1"
            ),
            (
                "actions", "swipe_up", "1",
                #"swipe_up expects a string, { action = "NAME" } or false, got integer"#
            ),
            ("actions", "tap", "1", #"tap expects a string, { action = "NAME" } or false, got integer"#),
            (
                "actions", "tap", "\"\"",
                "tap must not be empty; write a command, or \"menu\" to open the menu"
            ),
            (
                "actions", "tap", "\"  \"",
                "tap must not be empty; write a command, or \"menu\" to open the menu"
            ),
            (
                "actions", "double_tap", "[\"a\"]",
                #"double_tap expects a string, { action = "NAME" } or false, got array"#
            ),
            (
                "actions", "double_tap", "\"\"",
                "double_tap must not be empty; write a command, or \"menu\" to open the menu"
            ),
            (
                "actions", "long_press", "true",
                #"long_press expects a string, { action = "NAME" } or false, got boolean"#
            ),
            (
                "actions", "long_press", "\"\"",
                "long_press must not be empty; write a command, or \"menu\" to open the menu"
            ),
            ("actions", "max_running", "4.0", "max_running expects an integer, got float"),
            ("actions", "max_running", "\"4\"", "max_running expects an integer, got string"),
            ("actions", "max_running", "0", "max_running must be between 1 and 64, got 0"),
            ("actions", "max_running", "65", "max_running must be between 1 and 64, got 65"),
            ("menu", "item_size", "\"40\"", "item_size expects a number, got string"),
            ("menu", "item_size", "15", "item_size must be between 16 and 256 logical pixels, got 15"),
            ("menu", "item_size", "257", "item_size must be between 16 and 256 logical pixels, got 257"),
            ("menu", "icon_theme", "true", "icon_theme expects a string, got boolean"),
            ("menu", "icon_theme", "\"\"", "icon_theme must not be empty"),
            ("menu", "font", "13", "font expects a string, got integer"),
            ("menu", "font", "\" \"", "font must not be empty"),
            ("menu", "open_duration", "\"x\"", "open_duration expects a number, got string"),
            ("menu", "open_duration", "6", "open_duration must be between 0 and 5 seconds, got 6"),
            ("menu", "close_duration", "[1]", "close_duration expects a number, got array"),
            ("menu", "close_duration", "-0.01", "close_duration must be between 0 and 5 seconds, got -0.01"),
            ("menu", "dim", "\"dark\"", "dim expects a number, got string"),
            ("menu", "dim", "0.7", "dim must be between 0 and 0.6, got 0.7"),
            ("menu", "spacing", "true", "spacing expects a number, got boolean"),
            ("menu", "spacing", "100.5", "spacing must be between 0 and 100 logical pixels, got 100.5"),
            ("menu", "item", "1", "item expects an array of tables ([[menu.item]]), got integer"),
            (
                "menu", "item", "{ label = \"a\", command = \"a\" }",
                "item expects an array of tables ([[menu.item]]), got table"
            ),
        ]
        for (table, key, value, message) in cases {
            let snippet = "[\(table)]\n\(key) = \(value)\n"
            guard let d = parseError(snippet) else { continue }
            let label = "\(snippet.debugDescription) → \(d.rendered)"
            XCTAssertEqual(d.severity, .error, label)
            XCTAssertEqual(d.message, message, label)
            XCTAssertEqual(d.line, 2, label)
            XCTAssertEqual(d.column, key.count + 4, label)
            XCTAssertEqual(d.sourceLine, "\(key) = \(value)", label)
        }
    }

    func testTablesOfTheWrongType() {
        let cases: [DiagnosticCase] = [
            ("button = 5", 1, 10, "button expects a table, got integer"),
            ("menu = []", 1, 8, "menu expects a table, got array"),
            ("[[snap]]", 1, 1, "snap expects a table, got array"),
            ("[button.size]", 1, 1, "size expects a number, got table"),
            (
                "[menu.item]\nlabel = \"a\"", 1, 1,
                "item expects an array of tables ([[menu.item]]), got table"
            ),
            ("[menu]\nitem = [1]", 2, 9, "each menu item must be a table, got integer"),
        ]
        assertErrors(cases)
    }

    func testMenuErrors() {
        let itemOpensTheMenu =
            "a menu item cannot open the menu it is in; for a menu within the menu, write"
            + " submenu = \"NAME\" and a [submenu.NAME]"
        let nine = eightItems + "\n[[menu.item]]\nlabel = \"L9\"\ncommand = \"c9\"\n"
        let ninthHeader = nine.split(separator: "\n", omittingEmptySubsequences: false).count - 3
        let cases: [DiagnosticCase] = [
            (nine, ninthHeader, 1, "at most 8 menu items are allowed"),
            ("[[menu.item]]\ncommand = \"a\"", 1, 1, "menu item is missing \"label\""),
            (
                "[[menu.item]]\nlabel = \"a\"", 1, 1,
                "menu item is missing \"command\" (or \"action\", or \"submenu\")"
            ),
            (
                "[[menu.item]]\nlabel = \"A\"\ncommand = \"a\"\n\n  [[menu.item]]\nlabel = \"B\"", 5, 3,
                "menu item is missing \"command\" (or \"action\", or \"submenu\")"
            ),
            ("[[menu.item]]\nlabel = \"\"\ncommand = \"a\"", 2, 9, "label must not be empty"),
            ("[[menu.item]]\nlabel = \"a\"\ncommand = \" \"", 3, 11, "command must not be empty"),
            // Issue 34 #14: it was the command "menu", which the fuzzer's invariant forbids.
            ("[[menu.item]]\nlabel = \"a\"\ncommand = \"menu\"", 3, 11, itemOpensTheMenu),
            ("[[button]]\n[[button.menu.item]]\nlabel = \"a\"\ncommand = \"menu\"", 4, 11, itemOpensTheMenu),
            (
                "[[menu.item]]\nlabel = \"s\"\nsubmenu = \"more\"\n[[submenu.more.item]]\nlabel = \"a\"\n"
                    + "command = \"menu\"", 6, 11, itemOpensTheMenu
            ),
            ("[[menu.item]]\nlabel = 1\ncommand = \"a\"", 2, 9, "label expects a string, got integer"),
            ("[[menu.item]]\nlabel = \"a\"\nicon = \"\"\ncommand = \"a\"", 3, 8, "icon must not be empty"),
            (
                "[menu]\nitem = ["
                    + Array(repeating: "{ label = \"x\", command = \"y\" }", count: 9).joined(separator: ", ")
                    + "]", 2, 9 + 32 * 8, "at most 8 menu items are allowed"
            ),
        ]
        assertErrors(cases)
    }

    func testTheEarliestErrorInTheFileIsReported() {
        // The schema reads [button] before [menu]; the file has [menu] first.
        let d = parseError("[menu]\ndim = 1\n[button]\nsize = 1\n")
        XCTAssertEqual(d?.line, 2)
        XCTAssertEqual(d?.message, "dim must be between 0 and 0.6, got 1")
    }

    func testEveryErrorIsReportedInFileOrderWithTheWarnings() {
        do {
            _ = try parseConfig("[menu]\ndim = 1\n[button]\nszie = 1\nsize = 1\nopacity = 2\n")
            XCTFail("expected errors")
        } catch {
            XCTAssertEqual(
                error.errors.map { "\($0.line):\($0.column): \($0.message)" },
                [
                    "2:7: dim must be between 0 and 0.6, got 1",
                    "5:8: size must be between 16 and 512 logical pixels, got 1",
                    "6:11: opacity must be between 0 and 1, got 2",
                ])
            XCTAssertEqual(error.errors.map(\.severity), [.error, .error, .error])
            XCTAssertEqual(
                error.warnings.map { "\($0.line):\($0.column): \($0.message)" },
                ["4:1: unknown key \"szie\" in [button]; did you mean \"size\"?"])
            XCTAssertEqual(error.omitted, 0)
        }
    }

    func testAtMostTwentyErrorsAreKept() {
        // Three errors an item, 24 in all: the first 20 are kept (up to
        // item 7's command), the other 4 counted.
        do {
            _ = try parseConfig(
                (1...8).map { _ in "[[menu.item]]\nlabel = 1\ncommand = 2\nicon = 3\n" }.joined())
            XCTFail("expected errors")
        } catch {
            XCTAssertEqual(error.errors.count, ConfigError.maxErrors)
            XCTAssertEqual(error.omitted, 4)
            XCTAssertEqual(error.errors.last?.line, 6 * 4 + 3)
            XCTAssertEqual(error.errors.last?.message, "command expects a string, got integer")
        }
    }

    func testAnInvisibleButtonIsAWarning() {
        assertWarnings([
            (
                "[button]\nopacity = 0\nidle_opacity = 0", 2, 1,
                "opacity and idle_opacity are both 0: the button is invisible"
            ),
            (
                "[[button]]\nname = \"a\"\n[[button]]\nidle_opacity = 0\nopacity = 0.0", 5, 1,
                "opacity and idle_opacity are both 0: the button is invisible"
            ),
        ])
        XCTAssertEqual(try parseConfig("[button]\nopacity = 0\n").warnings, [])
        XCTAssertEqual(try parseConfig("[button]\nidle_opacity = 0\n").warnings, [])
    }

    func testTheFaceIsAnIconOrALabel() throws {
        let cases: [(String, ButtonFace)] = [
            ("", .glyph),
            ("[button]\nicon = \"input-keyboard\"", .icon("input-keyboard")),
            ("[button]\nicon = \"/usr/share/pixmaps/k.svg\"", .icon("/usr/share/pixmaps/k.svg")),
            ("[button]\nlabel = \"A\"", .label("A")),
            ("[button]\nlabel = \"⌨\"", .label("⌨")),
            ("[button]\nlabel = \"Fn1\"", .label("Fn1")),
            // Three user-perceived characters, though more scalars and bytes.
            ("[button]\nlabel = \"👍🏽é\u{301}1\"", .label("👍🏽é\u{301}1")),
            ("[[button]]\n[[button]]\nlabel = \"B\"", .label("B")),
        ]
        for (text, face) in cases {
            let (config, warnings) = try parseConfig(text)
            XCTAssertEqual(config.buttons.last?.button.face, face, text)
            XCTAssertEqual(warnings, [], text)
        }
        let (two, _) = try parseConfig("[[button]]\nicon = \"a\"\n[[button]]\nlabel = \"B\"\n[[button]]\n")
        XCTAssertEqual(
            two.buttons.map(\.button.face), [.icon("a"), .label("B"), .glyph], "each button its own")
    }

    func testAccessibleName() throws {
        let long = String(repeating: "é", count: 128)
        for (text, name, line) in [
            ("[button]\n", nil, #line),
            ("[button]\naccessible_name = \"Assistant\"", "Assistant", #line),
            ("[button]\naccessible_name = \"\(long)\"", long, #line),
        ] as [(String, String?, UInt)] {
            let (config, warnings) = try parseConfig(text)
            XCTAssertEqual(config.buttons[0].button.accessibleName, name, line: line)
            XCTAssertEqual(warnings, [], line: line)
        }
        assertErrors([
            ("[button]\naccessible_name = \"\"", 2, 19, "accessible_name must not be empty"),
            (
                "[button]\naccessible_name = \"\(long)e\"", 2, 19,
                "accessible_name must be at most 128 characters, got 129"
            ),
        ])
    }

    func testFaceErrors() {
        assertErrors([
            (
                "[button]\nicon = \"a\"\nlabel = \"A\"", 3, 1,
                "label and icon cannot both be set: the face shows an icon or a label"
            ),
            (
                "[[button]]\nname = \"k\"\n[[button]]\nlabel = \"A\"\nsize = 40\nicon = \"a\"", 6, 1,
                "icon and label cannot both be set: the face shows an icon or a label"
            ),
            ("[button]\nlabel = \"ABCD\"", 2, 9, "label must be at most 3 characters, got \"ABCD\" (4)"),
            ("[button]\nlabel = \"⌨⌨⌨⌨\"", 2, 9, "label must be at most 3 characters, got \"⌨⌨⌨⌨\" (4)"),
            ("[button]\nlabel = \"\"", 2, 9, "label must not be empty"),
            ("[button]\nlabel = \" \"", 2, 9, "label must not be empty"),
            ("[button]\nicon = \"\"", 2, 8, "icon must not be empty"),
            ("[button]\nlabel = 1", 2, 9, "label expects a string, got integer"),
            (
                "[button]\nicon = \"icons/k.png\"", 2, 8,
                "icon must be an icon name or an absolute path, got \"icons/k.png\""
            ),
        ])
    }

    func testAMissingIconPathIsAWarningWhenFilesAreChecked() throws {
        func item(_ table: String, _ label: String, icon: String) -> String {
            "[[\(table)]]\nlabel = \"\(label)\"\nicon = \"\(icon)\"\ncommand = \"x\"\n"
        }
        let text =
            item("menu.item", "A", icon: "/no/such.png") + item("menu.item", "B", icon: "/there.svg")
            + item("menu.item", "C", icon: "input-keyboard") + "[[button]]\nicon = \"/no/face.png\"\n"
            + item("button.menu.item", "D", icon: "/gone.png") + "[[button]]\nicon = \"/there.svg\"\n"
            + "[[button]]\nicon = \"input-keyboard\"\n"
        var asked: [String] = []
        let (config, warnings) = try Config.parse(Array(text.utf8), path: "config.toml") { path in
            asked.append(path)
            return path == "/there.svg"
        }
        XCTAssertEqual(
            asked, ["/no/such.png", "/there.svg", "/no/face.png", "/gone.png", "/there.svg"],
            "names are not paths")
        XCTAssertEqual(
            warnings.map { "\($0.line):\($0.column): \($0.message)" },
            [
                "3:8: no icon file at /no/such.png; the item shows its label's first letter",
                "14:8: no icon file at /no/face.png; the button shows its default glyph",
                "17:8: no icon file at /gone.png; the item shows its label's first letter",
            ])
        XCTAssertEqual(config.buttons[0].menu.items.map(\.icon), ["/gone.png"], "the item is kept")
        XCTAssertEqual(config.buttons[0].button.face, .icon("/no/face.png"), "the face is kept")
        XCTAssertEqual(try parseConfig(text).warnings, [], "without fileExists, nothing is checked")
    }

    func testSyntaxErrorsComeThrough() {
        let d = parseError("[button]\nsize = 56\nsize = 60\n")
        XCTAssertEqual(d?.line, 3)
        XCTAssertEqual(d?.column, 1)
        XCTAssertEqual(d?.message, "duplicate key \"size\"; first defined at line 2")
        XCTAssertEqual(d?.path, "config.toml")
    }

    func testUnknownKeysAreWarnings() throws {
        let cases: [DiagnosticCase] = [
            ("[button]\nszie = 1", 2, 1, "unknown key \"szie\" in [button]; did you mean \"size\"?"),
            ("[button]\nSize = 1", 2, 1, "unknown key \"Size\" in [button]; did you mean \"size\"?"),
            (
                "[button]\ncolour = \"#fff\"", 2, 1,
                "unknown key \"colour\" in [button]; did you mean \"color\"?"
            ),
            (
                "[button]\nidle-opacity = 1", 2, 1,
                "unknown key \"idle-opacity\" in [button]; did you mean \"idle_opacity\"?"
            ),
            (
                "[button]\nidleDelay = 1", 2, 1,
                "unknown key \"idleDelay\" in [button]; did you mean \"idle_delay\"?"
            ),
            (
                "[gestures]\ndrag = 1", 2, 1,
                "unknown key \"drag\" in [gestures]; did you mean \"drag_threshold\"?"
            ),
            (
                "[actions]\ndoubletap = \"x\"", 2, 1,
                "unknown key \"doubletap\" in [actions]; did you mean \"double_tap\"?"
            ),
            // Two swapped pairs: two edits when a swap counts as one.
            (
                "[button]\nrdaggalbe = true", 2, 1,
                "unknown key \"rdaggalbe\" in [button]; did you mean \"draggable\"?"
            ),
            ("[button]\n  zzzzzz = 1", 2, 3, "unknown key \"zzzzzz\" in [button]"),
            (
                "[button]\nduration = 1", 2, 1,
                "unknown key \"duration\" in [button]; \"duration\" belongs in [snap]"
            ),
            ("size = 60", 1, 1, "unknown key \"size\" at the top level; \"size\" belongs in [button]"),
            ("[buton]\nsize = 60", 1, 2, "unknown table [buton]; did you mean [button]?"),
            ("[gesture]", 1, 2, "unknown table [gesture]; did you mean [gestures]?"),
            ("[theme]", 1, 2, "unknown table [theme]"),
            ("[button.extra]", 1, 9, "unknown table [button.extra]"),
            (
                "[[menu.items]]\nlabel = \"a\"", 1, 8,
                "unknown table [[menu.items]]; did you mean [[menu.item]]?"
            ),
            ("[menu.itme]", 1, 7, "unknown table [menu.itme]; did you mean [[menu.item]]?"),
            ("snapp.to = \"none\"", 1, 1, "unknown table [snapp]; did you mean [snap]?"),
            (
                "[[menu.item]]\nlable = \"a\"\nlabel = \"a\"\ncommand = \"b\"", 2, 1,
                "unknown key \"lable\" in [[menu.item]]; did you mean \"label\"?"
            ),
        ]
        assertWarnings(cases) { config, snippet in
            XCTAssertEqual(config.button, Config.defaults.button, snippet.debugDescription)
        }
    }

    func testWarningsComeInFileOrderAlongsideValues() throws {
        let (config, warnings) = try parseConfig(
            "[snap]\nspeed = 1\n[button]\nsize = 70\nzize = 2\n[extra]\n")
        XCTAssertEqual(config.button.size, 70)
        XCTAssertEqual(warnings.map(\.line), [2, 5, 6])
        XCTAssertEqual(
            warnings.map(\.message),
            [
                "unknown key \"speed\" in [snap]; \"speed\" belongs in [pointer]",
                "unknown key \"zize\" in [button]; did you mean \"size\"?",
                "unknown table [extra]",
            ])
    }

    func testKnownKeys() {
        XCTAssertEqual(
            Config.knownKeys,
            [
                "button.name", "button.size", "button.position", "button.margin", "button.color",
                "button.glyph_color", "button.badge_color", "button.badge_text_color", "button.badge_fades",
                "button.icon",
                "button.label", "button.accessible_name",
                "button.shape", "button.corner_radius", "button.draggable", "button.removable",
                "button.opacity",
                "button.idle_opacity", "button.idle_delay", "button.fade", "button.dwell", "button.tuck",
                "button.feedback",
                "button.output",
                "button.snap.to", "button.snap.duration",
                "button.gestures.drag_threshold", "button.gestures.double_tap_window",
                "button.gestures.long_press_delay", "button.gestures.touch_drag_threshold",
                "button.gestures.touch_double_tap_window", "button.gestures.click_timeout",
                "button.actions.tap", "button.actions.double_tap", "button.actions.long_press",
                "button.actions.swipe_up", "button.actions.swipe_down", "button.actions.swipe_left",
                "button.actions.swipe_right", "button.actions.max_running",
                "button.menu.item.label", "button.menu.item.icon", "button.menu.item.command",
                "button.menu.item.action", "button.menu.item.keep_open", "button.menu.item.submenu",
                "button.menu.item.status", "button.menu.item.toggle", "button.menu.item.keys",
                "button.menu.item.show_for", "button.menu.item.hide_for",
                "button.menu.item_size", "button.menu.icon_theme", "button.menu.open_duration",
                "button.menu.close_duration", "button.menu.dim", "button.menu.spacing",
                "button.menu.row_height", "button.menu.dwell", "button.menu.font", "button.menu.layout",
                "button.menu.background",
                "button.menu.label_color",
                "button.menu.label_background", "button.menu.focus_color", "button.menu.edit",
                "button.visibility.fullscreen", "button.visibility.hide_for", "button.visibility.show_for",
                "button.visibility.mode",
                "snap.to", "snap.duration",
                "gestures.drag_threshold", "gestures.double_tap_window", "gestures.long_press_delay",
                "gestures.touch_drag_threshold", "gestures.touch_double_tap_window", "gestures.click_timeout",
                "actions.tap", "actions.double_tap", "actions.long_press", "actions.swipe_up",
                "actions.swipe_down", "actions.swipe_left", "actions.swipe_right", "actions.max_running",
                "menu.item.label", "menu.item.icon", "menu.item.command", "menu.item.action",
                "menu.item.keep_open", "menu.item.submenu", "menu.item.status", "menu.item.toggle",
                "menu.item.keys", "menu.item.show_for", "menu.item.hide_for",
                "menu.item_size", "menu.icon_theme",
                "menu.open_duration", "menu.close_duration", "menu.dim", "menu.spacing", "menu.row_height",
                "menu.dwell",
                "menu.font", "menu.layout", "menu.background", "menu.label_color", "menu.label_background",
                "menu.focus_color", "menu.edit",
                "visibility.fullscreen", "visibility.hide_for", "visibility.show_for", "visibility.mode",
                "pointer.width", "pointer.height", "pointer.place", "pointer.speed",
                "submenu.NAME.layout", "submenu.NAME.item.label", "submenu.NAME.item.icon",
                "submenu.NAME.item.command", "submenu.NAME.item.action", "submenu.NAME.item.keep_open",
                "submenu.NAME.item.submenu", "submenu.NAME.item.status", "submenu.NAME.item.toggle",
                "submenu.NAME.item.keys", "submenu.NAME.item.show_for", "submenu.NAME.item.hide_for",
            ])
    }

    /// Each known key is read by the schema (a wrong type is an error about
    /// that key: only the app-id lists take an array, and no key a
    /// boolean and an array both), and a key not in the list is only warned about.
    func testKnownKeysAreExactlyTheKeysTheSchemaReads() throws {
        for dotted in Config.knownKeys {
            var parts = dotted.split(separator: ".").map(String.init)
            let key = parts.removeLast()
            let wrong = ["hide_for", "show_for"].contains(key) ? "true" : "[]"
            var snippet = "[\(parts.joined(separator: "."))]\n\(key) = \(wrong)\n"
            if parts.last == "item" {
                // The item's other required keys, so that only `key` is wrong.
                snippet = "[[\(parts.joined(separator: "."))]]\n\(key) = \(wrong)\n"
                for required in ["label", "command"] where required != key {
                    snippet += "\(required) = \"x\"\n"
                }
            }
            if parts.first == "submenu", parts.last != "item" {
                // A submenu needs an item.
                snippet += "[[submenu.NAME.item]]\nlabel = \"x\"\ncommand = \"x\"\n"
            }
            let d = parseError(snippet)
            XCTAssertEqual(d?.message.hasPrefix("\(key) expects "), true, "\(dotted): \(d?.rendered ?? "")")
            XCTAssertEqual(d?.line, 2, dotted)
        }
        for dotted in [
            "button.sizes", "snap.from", "menu.item.tooltip", "gestures.tap", "button.snap.size",
            "button.menu.item.tooltip",
        ] {
            var parts = dotted.split(separator: ".").map(String.init)
            let key = parts.removeLast()
            let table = parts.joined(separator: ".")
            let header =
                parts.suffix(2) == ["menu", "item"]
                ? "[[\(table)]]\nlabel = \"l\"\ncommand = \"c\"" : "[\(table)]"
            let (_, warnings) = try parseConfig("\(header)\n\(key) = 1\n")
            XCTAssertEqual(warnings.count, 1, dotted)
        }
    }

    /// What the fuzzer holds to the rules: every number key is read back
    /// from a parsed config, each at its rule's default when unset (a
    /// rounded button, so that corner_radius counts), and at what the file
    /// says when set.
    func testEveryNumberIsReadBackUnderItsKey() throws {
        let rules = Schema.numberRules
        let (config, _) = try parseConfig("[button]\nshape = \"rounded\"\n")
        let numbers = Schema.root.flatMap { $0.numbers(config) }
        XCTAssertEqual(numbers.map(\.key).sorted(), rules.keys.sorted())
        for number in numbers { XCTAssertEqual(number.value, rules[number.key]?.defaultValue, number.key) }

        let (set, _) = try parseConfig(
            "[button]\nsize = 99\n[button.snap]\nduration = 2\n[menu]\ndim = 0.5\n")
        let values = Dictionary(
            uniqueKeysWithValues: Schema.root.flatMap { $0.numbers(set) }.map { ($0.key, $0.value) })
        XCTAssertEqual(values["button.size"], 99)
        XCTAssertEqual(values["button.snap.duration"], 2)
        XCTAssertEqual(values["snap.duration"], 0.25)
        XCTAssertEqual(values["menu.dim"], 0.5)
        XCTAssertEqual(values["button.menu.dim"], 0.5)
    }

    func testRenderedErrorHasTheLineAndACaret() {
        let d = parseError("# buoy\n[button]\nsize = \"big\"\n")
        XCTAssertEqual(
            d?.rendered,
            """
            config.toml:3:8: size expects a number, got string
                size = "big"
                       ^
            """)
    }

    func testALargeValidConfigParses() throws {
        // 2 MB of comments around a real config: parsing stays linear.
        let comment = "# " + String(repeating: "lorem ipsum ", count: 8) + "\n"
        let padding = String(repeating: comment, count: 700_000 / comment.utf8.count)
        let text = padding + "[button]\n" + padding + "size = 70\n" + padding
        XCTAssertGreaterThan(text.utf8.count, 2_000_000)
        let (config, warnings) = try parseConfig(text)
        XCTAssertEqual(config.button.size, 70)
        XCTAssertEqual(warnings, [])
    }
}

/// `Actions.opensMenu`: whether any gesture of a button opens its menu (the app draws
/// only those menus ahead of time).
final class ActionsOpensMenuTests: XCTestCase {
    func testAnyGestureSetToMenuOpensIt() {
        XCTAssertFalse(Actions().opensMenu)
        XCTAssertFalse(Actions(tap: .command("foot"), doubleTap: .command("x")).opensMenu)
        let each: [WritableKeyPath<Actions, Action?>] = [
            \.tap, \.doubleTap, \.longPress, \.swipeUp, \.swipeDown, \.swipeLeft, \.swipeRight,
        ]
        for key in each {
            var actions = Actions(tap: .command("foot"))
            actions[keyPath: key] = .menu
            XCTAssertTrue(actions.opensMenu, "\(key)")
        }
    }
}

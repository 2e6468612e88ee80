import BuoyCore
import XCTest

@testable import BuoyConfig

/// Built-in actions in a config: `action = "NAME"` on a menu item,
/// `{ action = "NAME" }` in `[actions]`, `keep_open`, and how the shell's
/// resolution turns them into commands.
final class ConfigActionsTests: XCTestCase {
    func testAnActionBringsItsLabelIconAndKeepOpen() throws {
        let volume = MenuItem(
            label: "Volume up", icon: "audio-volume-high", action: .builtIn(.volumeUp), keepOpen: true)
        let cases: [(snippet: String, items: [MenuItem])] = [
            ("[[menu.item]]\naction = \"volume-up\"", [volume]),
            ("[menu]\nitem = [{ action = \"volume-up\" }]", [volume]),
            (
                "[[menu.item]]\naction = \"volume-up\"\nlabel = \"Louder\"\nicon = \"/v.png\"\nkeep_open = false",
                [MenuItem(label: "Louder", icon: "/v.png", action: .builtIn(.volumeUp))]
            ),
            (
                "[[menu.item]]\naction = \"lock\"",
                [MenuItem(label: "Lock", icon: "system-lock-screen", action: .builtIn(.lock))]
            ),
            (
                "[[menu.item]]\nlabel = \"Mixer\"\ncommand = \"pavucontrol\"\nkeep_open = true",
                [MenuItem(label: "Mixer", command: "pavucontrol", keepOpen: true)]
            ),
        ]
        for c in cases {
            XCTAssertEqual(try parseConfig(c.snippet).config.menu.items, c.items, c.snippet)
        }
    }

    func testAGestureTakesAnActionAsAnInlineTable() throws {
        let cases: [(snippet: String, check: (Config) -> Bool)] = [
            ("[actions]\ntap = { action = \"keyboard\" }", { $0.actions.tap == .builtIn(.keyboard) }),
            (
                "actions.swipe_up = { action = \"workspace-next\" }",
                { $0.actions.swipeUp == .builtIn(.workspaceNext) }
            ),
            (
                "[[button]]\n[button.actions]\nlong_press = { action = \"rotate\" }\n[[button.menu.item]]\naction = \"mute\"",
                {
                    $0.buttons[0].actions.longPress == .builtIn(.rotate)
                        && $0.buttons[0].menu.items.map(\.action) == [.builtIn(.mute)]
                }
            ),
        ]
        for c in cases {
            let (config, warnings) = try parseConfig(c.snippet)
            XCTAssertTrue(c.check(config), c.snippet)
            XCTAssertEqual(warnings, [], c.snippet)
        }
    }

    func testActionErrors() {
        let names = BuiltInAction.all.map(\.name).joined(separator: ", ")
        let cases: [DiagnosticCase] = [
            ("[[menu.item]]\naction = \"volume\"", 2, 10, "action must be one of \(names); got \"volume\""),
            ("[actions]\ntap = { action = \"nope\" }", 2, 18, "action must be one of \(names); got \"nope\""),
            ("[[menu.item]]\naction = 3", 2, 10, "action expects a string, got integer"),
            (
                "[[menu.item]]\nlabel = \"a\"\ncommand = \"a\"\naction = \"mute\"", 4, 1,
                "action and command cannot both be set: an item runs a command or a built-in action, or opens a submenu"
            ),
            (
                "[[menu.item]]\naction = \"mute\"\ncommand = \"a\"", 3, 1,
                "command and action cannot both be set: an item runs a command or a built-in action, or opens a submenu"
            ),
            (
                "[[menu.item]]\naction = \"mute\"\nkeep_open = \"yes\"", 3, 13,
                "keep_open expects a boolean, got string"
            ),
            ("[[menu.item]]\nkeep_open = true", 1, 1, "menu item is missing \"label\""),
            ("[actions]\ntap = { }", 2, 7, "tap = { } needs action = \"NAME\""),
            (
                "[actions]\ntap = { action = \"mute\", command = \"a\" }", 2, 26,
                "tap = { ... } takes only action; a command is written tap = \"COMMAND\""
            ),
            (
                "[actions]\ntap = [\"mute\"]", 2, 7,
                "tap expects a string, { action = \"NAME\" } or false, got array"
            ),
        ]
        assertErrors(cases)
    }

    func testActionIsAMenuItemsKey() {
        assertWarnings([
            (
                "[actions]\naction = \"mute\"", 2, 1,
                "unknown key \"action\" in [actions]; \"action\" belongs in [[menu.item]]"
            )
        ])
    }

    /// With a way to find tools, an action with none is a warning where it
    /// is named, which says what to install.
    func testAnActionWithNoToolIsAWarningThere() throws {
        let text = "[actions]\ntap = { action = \"rotate\" }\n[[menu.item]]\naction = \"brightness-up\"\n"
        let (config, warnings) = try Config.parse(
            Array(text.utf8), path: "config.toml",
            resolve: { $0.resolve(found: { $0 == "swaymsg" }, compositor: .sway) })
        XCTAssertEqual(
            warnings.map { "\($0.line):\($0.column): \($0.message)" },
            ["4:10: action brightness-up: no tool found; install brightnessctl or light"])
        XCTAssertEqual(config.actions.tap, .builtIn(.rotate), "the shell resolves it, not the parser")
    }

    func testResolvingTurnsTheActionsFoundIntoCommands() throws {
        let text = """
            [actions]
            tap = { action = "keyboard" }
            double_tap = { action = "rotate" }
            [[menu.item]]
            action = "volume-up"
            [[menu.item]]
            action = "rotate"
            [[button]]
            [[button]]
            name = "other"
            [button.actions]
            tap = { action = "mute" }
            """
        let (config, _) = try parseConfig(text)
        XCTAssertEqual(config.builtInActions.map(\.name), ["keyboard", "rotate", "volume-up", "mute"])

        let found: Set = ["wvkbd-mobintl", "pkill", "wpctl"]
        let resolved = config.resolvingBuiltIns {
            $0.resolve(found: { found.contains($0) }, compositor: .hyprland)
        }
        let volume = "wpctl set-volume -l 1 @DEFAULT_AUDIO_SINK@ 5%+"
        XCTAssertEqual(resolved.buttons[0].actions.tap, .command(FirstRun.keyboardToggle))
        XCTAssertEqual(
            resolved.buttons[0].actions.doubleTap, .builtIn(.rotate), "no hyprctl: left for a tap to report")
        XCTAssertEqual(resolved.buttons[0].menu.items.map(\.action), [.command(volume), .builtIn(.rotate)])
        XCTAssertEqual(resolved.buttons[0].menu.items.map(\.keepOpen), [true, false])
        XCTAssertEqual(
            resolved.buttons[1].actions.tap, .command("wpctl set-mute @DEFAULT_AUDIO_SINK@ toggle"))
        XCTAssertEqual(resolved.actions.tap, .command(FirstRun.keyboardToggle), "the top-level tables too")
        XCTAssertEqual(resolved.menu.items.map(\.action), [.command(volume), .builtIn(.rotate)])
        XCTAssertEqual(resolved.builtInActions.map(\.name), ["rotate"])
    }

    /// Issue 34: `--check` listed only the top level's actions, and a
    /// submenu's were never turned into commands at start.
    func testASubmenusActionsAreListedAndResolvedToo() throws {
        let text = """
            [[menu.item]]
            action = "mute"
            [[menu.item]]
            label = "Device"
            submenu = "device"
            [submenu.device]
            [[submenu.device.item]]
            action = "brightness-up"
            [[submenu.device.item]]
            label = "Sound"
            submenu = "sound"
            [submenu.sound]
            [[submenu.sound.item]]
            action = "volume-up"
            [[submenu.sound.item]]
            action = "mute"
            """
        let (config, _) = try parseConfig(text)
        XCTAssertEqual(config.builtInActions.map(\.name), ["mute", "brightness-up", "volume-up"])

        let resolved = config.resolvingBuiltIns { $0.resolve(found: { $0 == "wpctl" }, compositor: nil) }
        let sound = try XCTUnwrap(resolved.buttons[0].menu.submenus["sound"])
        XCTAssertEqual(
            sound.items.map(\.action),
            [
                .command("wpctl set-volume -l 1 @DEFAULT_AUDIO_SINK@ 5%+"),
                .command("wpctl set-mute @DEFAULT_AUDIO_SINK@ toggle"),
            ])
        XCTAssertEqual(resolved.menu.submenus["device"]?.items[0].action, .builtIn(.brightnessUp))
        XCTAssertEqual(resolved.builtInActions.map(\.name), ["brightness-up"])
    }
}

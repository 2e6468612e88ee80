import XCTest

@testable import BuoyConfig

final class FirstRunTests: XCTestCase {
    private func items(_ programs: Set<String>, _ environment: [String: String] = [:]) -> [MenuItem] {
        FirstRun.items(
            FirstRun.Context(
                onPath: { programs.contains($0) }, environment: { environment[$0] },
                configPath: "/home/u/.config/buoy/config.toml", executable: "/usr/bin/buoy"))
    }

    func testTheItemsAreThoseWhoseProgramsAreFound() {
        let cases: [(programs: Set<String>, environment: [String: String], labels: [String])] = [
            ([], [:], []),
            (["foot"], [:], ["Terminal", "Edit buoy's config"]),  // in vi, without $EDITOR
            (["kitty", "alacritty"], [:], ["Terminal", "Edit buoy's config"]),
            (["wvkbd-mobintl"], [:], []),  // toggled with pkill, which is missing
            (["wvkbd-mobintl", "pkill"], [:], ["Keyboard"]),
            (["squeekboard", "busctl"], [:], ["Keyboard"]),
            (["busctl"], [:], []),
            (["busctl"], ["KDE_SESSION_VERSION": "5"], ["Keyboard"]),  // KWin's, over D-Bus
            (["grim"], [:], ["Screenshot"]),
            (["loginctl"], [:], ["Lock"]),
            (["xdg-open"], [:], ["Edit buoy's config"]),
            (["foot"], ["EDITOR": "vi"], ["Terminal", "Edit buoy's config"]),
            ([], ["EDITOR": "vi"], []),  // no terminal to run the editor in
            (
                ["foot", "wvkbd-mobintl", "pkill", "grim", "swaylock", "loginctl"], [:],
                ["Terminal", "Keyboard", "Screenshot", "Lock", "Edit buoy's config"]
            ),
        ]
        for c in cases {
            XCTAssertEqual(items(c.programs, c.environment).map(\.label), c.labels, "\(c.programs)")
        }
    }

    func testTheirCommands() {
        func command(_ label: String, _ programs: Set<String>, _ environment: [String: String] = [:])
            -> String?
        {
            guard
                case .command(let command)? = items(programs, environment).first(where: { $0.label == label }
                )?.action
            else { return nil }
            return command
        }
        XCTAssertEqual(command("Terminal", ["foot", "kitty"]), "foot")
        XCTAssertEqual(command("Terminal", ["alacritty", "kitty"]), "alacritty")
        XCTAssertEqual(command("Terminal", ["kitty"], ["TERMINAL": "my term"]), "kitty", "TERMINAL not found")
        XCTAssertEqual(command("Terminal", ["kitty", "my term"], ["TERMINAL": "my term"]), "'my term'")
        XCTAssertEqual(
            command("Keyboard", ["wvkbd-mobintl", "pkill"]),
            "pkill -RTMIN -x wvkbd-mobintl || wvkbd-mobintl &")
        XCTAssertEqual(
            command("Keyboard", ["wvkbd-mobintl", "squeekboard", "busctl"])?.contains("SetVisible"), true,
            "without pkill, squeekboard")
        XCTAssertEqual(command("Lock", ["swaylock", "loginctl"]), "swaylock -f")
        XCTAssertEqual(command("Lock", ["loginctl"]), "loginctl lock-session")
        XCTAssertEqual(
            command("Screenshot", ["grim"]),
            #"dir="${XDG_PICTURES_DIR:-$HOME/Pictures}"; mkdir -p "$dir" && "#
                + #"grim "$dir/screenshot-$(date +%Y%m%d-%H%M%S).png""#)
        let write =
            "[ -e '/home/u/.config/buoy/config.toml' ] || (umask 077 && mkdir -p '/home/u/.config/buoy' && "
            + "'/usr/bin/buoy' --print-default-config > '/home/u/.config/buoy/config.toml'); "
        XCTAssertEqual(
            command("Edit buoy's config", ["xdg-open", "foot"], ["EDITOR": "vi"]),
            write + "xdg-open '/home/u/.config/buoy/config.toml'")
        XCTAssertEqual(
            command("Edit buoy's config", ["alacritty"], ["EDITOR": "vi"]),
            write + "alacritty -e $EDITOR '/home/u/.config/buoy/config.toml'")
        XCTAssertEqual(
            command("Edit buoy's config", ["st"], ["EDITOR": "vi", "TERMINAL": "st"]),
            write + "'st' -e $EDITOR '/home/u/.config/buoy/config.toml'")
        XCTAssertEqual(
            command("Edit buoy's config", ["foot", "nano"]),
            write + "foot nano '/home/u/.config/buoy/config.toml'")
        XCTAssertEqual(
            command("Edit buoy's config", ["kitty"]), write + "kitty vi '/home/u/.config/buoy/config.toml'")
    }

    func testTheConfigTapsOpenTheMenuOnlyWithItems() {
        XCTAssertEqual(FirstRun.config(items: []), .defaults)
        let found = items(["foot", "grim"])
        let config = FirstRun.config(items: found)
        XCTAssertEqual(config.buttons.count, 1)
        XCTAssertEqual(config.buttons[0].actions.tap, .menu)
        XCTAssertEqual(config.buttons[0].menu.items, found)
        XCTAssertEqual(config.buttons[0].button, Button())
    }

    func testAMenuWithNoItemsIsFurnishedWithThoseFound() {
        let found = items(["foot", "grim"])
        let own = [MenuItem(label: "Mine", command: "mine")]
        let bare = ButtonSpec(actions: Actions(longPress: .menu))
        let cases: [(buttons: [ButtonSpec], furnished: [ButtonSpec])] = [
            ([ButtonSpec()], [ButtonSpec()]),  // no menu action: nothing to furnish
            ([bare], [ButtonSpec(actions: Actions(longPress: .menu), menu: Menu(items: found))]),
            (
                [ButtonSpec(actions: Actions(tap: .menu), menu: Menu(items: own))],
                [ButtonSpec(actions: Actions(tap: .menu), menu: Menu(items: own))]
            ),
            (
                [bare, ButtonSpec(button: Button(name: "b"))],
                [
                    ButtonSpec(actions: Actions(longPress: .menu), menu: Menu(items: found)),
                    ButtonSpec(button: Button(name: "b")),
                ]
            ),
        ]
        for c in cases {
            var config = Config.defaults
            config.buttons = c.buttons
            var looks = 0
            let furnished = FirstRun.furnishing(config) {
                looks += 1
                return found
            }
            XCTAssertEqual(furnished.buttons, c.furnished)
            XCTAssertEqual(looks, c.buttons == c.furnished ? 0 : 1, "PATH is searched only when needed")
        }
    }

    /// The config "Edit buoy's config" writes, which `--print-default-config`
    /// prints too, taps for the menu a first run has.
    func testTheExampleConfigTapsForTheFirstRunMenu() throws {
        let found = items(["foot", "grim"])
        let (example, _) = try Config.parse(Array(Config.exampleText.utf8), path: "example.toml")
        XCTAssertEqual(FirstRun.furnishing(example) { found }.buttons, FirstRun.config(items: found).buttons)
    }

    func testShellQuoting() {
        XCTAssertEqual(shellQuoted("a b"), "'a b'")
        XCTAssertEqual(shellQuoted("it's"), #"'it'\''s'"#)
        XCTAssertEqual(shellQuoted(""), "''")
    }
}

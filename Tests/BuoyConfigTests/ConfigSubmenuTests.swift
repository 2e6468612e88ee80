import BuoyConfig
import XCTest

/// `[submenu.NAME]`, an item's `submenu`, and `status` with `toggle`.
final class ConfigSubmenuTests: XCTestCase {
    private func parse(_ text: String) throws -> Config {
        try Config.parse(Array(text.utf8), path: "config.toml").config
    }

    private func errors(_ text: String) -> [String] {
        do {
            _ = try Config.parse(Array(text.utf8), path: "config.toml")
            return []
        } catch {
            return error.errors.map { "\($0.line):\($0.column): \($0.message)" }
        }
    }

    func testSubmenusAreRead() throws {
        let config = try parse(
            """
            [[menu.item]]
            label = "Device"
            submenu = "device"

            [submenu.device]
            layout = "panel"

            [[submenu.device.item]]
            label = "Wi-Fi"
            command = "nm-connection-editor"
            status = "nmcli radio wifi"
            toggle = true
            """)
        XCTAssertEqual(config.menu.items[0].action, .submenu("device"))
        let device = try XCTUnwrap(config.menu.submenus["device"])
        XCTAssertEqual(device.layout, .panel)
        XCTAssertEqual(device.items.map(\.label), ["Wi-Fi"])
        XCTAssertEqual(device.items[0].status, "nmcli radio wifi")
        XCTAssertTrue(device.items[0].toggle)
        XCTAssertEqual(config.buttons[0].menu.submenus, config.menu.submenus, "every button has them")
    }

    func testMistakes() {
        let rows: [(String, String, [String], UInt)] = [
            (
                "toggle without status",
                "[[menu.item]]\nlabel = \"M\"\ncommand = \"m\"\ntoggle = true\n",
                ["4:1: toggle needs status: the status command's exit status draws the item on or off"], #line
            ),
            (
                "a submenu that is not a table", "submenu = 3\n",
                ["1:11: submenu expects a table of submenus ([submenu.NAME]), got integer"], #line
            ),
            (
                "two levels, fine, but an unknown one under them",
                "[[menu.item]]\nlabel = \"A\"\nsubmenu = \"a\"\n[[submenu.a.item]]\nlabel = \"B\"\nsubmenu = \"b\"\n",
                ["6:11: no [submenu.b] is defined"], #line
            ),
        ]
        for (name, text, expected, line) in rows {
            XCTAssertEqual(errors(text), expected, name, line: line)
        }
    }
}

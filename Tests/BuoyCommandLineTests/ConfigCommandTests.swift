import BuoyCommandLine
import BuoyConfig
import XCTest

final class ConfigCommandTests: XCTestCase {
    private func key(_ dotted: String, button: String? = nil) -> ConfigKey {
        ConfigKey(dotted, button: button)!
    }

    func testCommands() {
        let terminal = ConfigItem(label: "T", runs: .command("foot"), icon: "utilities-terminal")
        let cases: [([String], ConfigCommand, String?, UInt)] = [
            (["path"], .path, nil, #line),
            (["--help"], .help, nil, #line),
            (["get", "button.color"], .get(key("button.color")), nil, #line),
            (["--config", "/c.toml", "get", "actions.tap"], .get(key("actions.tap")), "/c.toml", #line),
            (["-c", "/c.toml", "unset", "button.icon"], .edit(.unset(key("button.icon"))), "/c.toml", #line),
            (["--config=/c.toml", "path"], .path, "/c.toml", #line),
            (
                ["set", "button.color", "#00ff00"], .edit(.set(key("button.color"), .text("#00ff00"))), nil,
                #line
            ),
            (
                ["--button", "kb", "set", "button.size", "40"],
                .edit(.set(key("button.size", button: "kb"), .text("40"))), nil, #line
            ),
            (
                ["set", "--toml", "actions.tap", "{ action = \"mute\" }"],
                .edit(.set(key("actions.tap"), .toml("{ action = \"mute\" }"))), nil, #line
            ),
            // A negative number is a value, not an option.
            (["set", "button.margin", "-1"], .edit(.set(key("button.margin"), .text("-1"))), nil, #line),
            (
                ["item", "add", "--label", "T", "--command", "foot", "--icon", "utilities-terminal"],
                .edit(.addItem(terminal, in: ItemList(), at: nil)), nil, #line
            ),
            (
                ["item", "add", "--label", "M", "--action", "mute", "--at", "2", "--submenu", "media"],
                .edit(
                    .addItem(
                        ConfigItem(label: "M", runs: .action("mute")), in: ItemList(submenu: "media"), at: 2)),
                nil, #line
            ),
            (
                ["item", "add", "--label", "C", "--keys", "ctrl+c", "--button", "b"],
                .edit(
                    .addItem(
                        ConfigItem(label: "C", runs: .keys("ctrl+c")), in: ItemList(button: "b"), at: nil)),
                nil, #line
            ),
            // An action or keys bring their label, as in the file (refused before: "takes --label L").
            (
                ["item", "add", "--action", "screenshot"],
                .edit(.addItem(ConfigItem(label: nil, runs: .action("screenshot")), in: ItemList(), at: nil)),
                nil, #line
            ),
            (
                ["item", "add", "--keys", "ctrl+z"],
                .edit(.addItem(ConfigItem(label: nil, runs: .keys("ctrl+z")), in: ItemList(), at: nil)), nil,
                #line
            ),
            (["item", "remove", "3"], .edit(.removeItem(3, in: ItemList())), nil, #line),
            (
                ["item", "move", "1", "4", "--submenu", "d"],
                .edit(.moveItem(1, to: 4, in: ItemList(submenu: "d"))), nil, #line
            ),
        ]
        for (arguments, command, path, line) in cases {
            switch ConfigCommand.parse(arguments) {
            case .success(let parsed):
                XCTAssertEqual(parsed.0, command, line: line)
                XCTAssertEqual(parsed.configPath, path, line: line)
            case .failure(let error):
                XCTFail(error.message, line: line)
            }
        }
    }

    func testUsageErrors() {
        let cases: [([String], String, UInt)] = [
            ([], "buoy config needs a command", #line),
            (["frob"], "unknown config command \"frob\"", #line),
            (["get"], "buoy config get takes KEY", #line),
            (["set", "button.color"], "buoy config set takes KEY VALUE", #line),
            (["get", "button..color"], "\"button..color\" is not a dotted key", #line),
            (["get", "--toml", "button.color"], "buoy config get does not take --toml", #line),
            (["path", "x"], "buoy config path takes no words", #line),
            (["unset", "a", "--label", "x"], "buoy config unset does not take --label", #line),
            (["--config"], "--config needs a value", #line),
            (["--config", "", "path"], "--config needs a path", #line),
            (["--button", "a", "--button", "b", "get", "x"], "--button is given twice", #line),
            (["--frob", "path"], "unknown option \"--frob\"", #line),
            (["item"], "buoy config item takes add, remove N or move N M", #line),
            (["item", "remove"], "buoy config item takes add, remove N or move N M", #line),
            (["item", "move", "1", "x"], "takes item numbers, counted from 1", #line),
            (["item", "add", "--label", "T"], "takes one of --command, --action, --keys", #line),
            (["item", "add", "--command", "foot"], "--command takes --label L too", #line),
            (["item", "add", "--command", "x", "--action", "mute", "--label", "T"], "takes one of", #line),
            (
                ["item", "add", "--label", "T", "--command", "x", "--at", "first"],
                "--at takes an item number", #line
            ),
        ]
        for (arguments, message, line) in cases {
            switch ConfigCommand.parse(arguments) {
            case .success(let parsed): XCTFail("parsed as \(parsed.0)", line: line)
            case .failure(let error):
                XCTAssertTrue(error.message.contains(message), error.message, line: line)
            }
        }
    }

    /// `buoy config ...` reaches `ConfigCommand` with its `--config`.
    func testInvocation() {
        guard case .success(let invocation) = Invocation.parse(["config", "-c", "/c.toml", "path"]) else {
            return XCTFail("buoy config path was refused")
        }
        XCTAssertEqual(invocation.mode, .config(.path))
        XCTAssertEqual(invocation.configPath, "/c.toml")
    }
}

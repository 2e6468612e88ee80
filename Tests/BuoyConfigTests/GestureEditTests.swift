import BuoyCore
import XCTest

@testable import BuoyConfig

final class GestureEditTests: XCTestCase {
    func testSettingAGestureKeepsTheRestOfTheFile() throws {
        let file = "# mine\n[actions]\ntap = \"menu\" # opens it\n\n[menu]\n"
        let cases: [(ButtonGesture, GestureChoice, String?, String, UInt)] = [
            (
                .tap, .runs(.action("volume-up")), nil,
                "# mine\n[actions]\ntap = { action = \"volume-up\" } # opens it\n\n[menu]\n", #line
            ),
            (.tap, .nothing, nil, "# mine\n[actions]\ntap = false # opens it\n\n[menu]\n", #line),
            (
                .doubleTap, .menu, nil,
                "# mine\n[actions]\ntap = \"menu\" # opens it\ndouble_tap = \"menu\"\n\n[menu]\n",
                #line
            ),
            (
                .longPress, .runs(.command("true")), nil,
                "# mine\n[actions]\ntap = \"menu\" # opens it\nlong_press = \"true\"\n\n[menu]\n", #line
            ),
            (
                .tap, .runs(.keys("ctrl+z")), nil,
                "# mine\n[actions]\ntap = { keys = \"ctrl+z\" } # opens it\n\n[menu]\n", #line
            ),
        ]
        for (gesture, choice, button, expected, line) in cases {
            let edit = ConfigEdit.setting(gesture, to: choice, button: button)
            let result = edit.applied(to: Array(file.utf8), path: "config.toml")
            XCTAssertEqual(result.map { String(decoding: $0, as: UTF8.self) }, .success(expected), line: line)
        }
    }

    /// Issue 40: "Nothing" for a gesture a `[[button]]` inherits from
    /// `[actions]` showed "Long press: Nothing" and wrote nothing (it
    /// removed a key the button's table did not have), and the gesture
    /// still ran. It is written as `false`, which overrides.
    func testNothingOverridesAnInheritedAction() throws {
        let file = "[actions]\ntap = \"menu\"\nlong_press = \"foot\"\n\n[[button]]\nname = \"b\"\n"
        let cases: [(ButtonGesture, String?, UInt)] = [
            (.longPress, "b", #line), (.tap, "b", #line), (.longPress, nil, #line),
        ]
        for (gesture, button, line) in cases {
            let edit = ConfigEdit.setting(gesture, to: .nothing, button: button)
            let written = try edit.applied(to: Array(file.utf8), path: "config.toml").get()
            let config = try Config.parse(written, path: "config.toml").config
            XCTAssertNil(config.buttons[0].actions[gesture], "\(gesture) still runs", line: line)
            XCTAssertNotNil(
                config.buttons[0].actions[gesture == .tap ? .longPress : .tap], "the other gesture kept",
                line: line)
        }
    }
}

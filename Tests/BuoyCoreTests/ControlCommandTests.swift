import BuoyCore
import XCTest

final class ControlCommandTests: XCTestCase {
    private let commands =
        "show, hide, toggle, move, tap, double-tap, long-press, menu, reload, state, quit"
    private let positions =
        "left, right, top, bottom, top-left, top-right, bottom-left, bottom-right, center"

    func testEveryCommand() {
        let cases: [([String], ControlCommand, UInt)] = [
            (["show"], .show, #line),
            (["hide"], .hide, #line),
            (["toggle"], .toggle, #line),
            (["tap"], .tap, #line),
            (["double-tap"], .doubleTap, #line),
            (["long-press"], .longPress, #line),
            (["menu"], .menu, #line),
            (["reload"], .reload, #line),
            (["state"], .state, #line),
            (["quit"], .quit, #line),
            (["move", "left"], .move(.left), #line),
            (["move", "right"], .move(.right), #line),
            (["move", "top"], .move(.top), #line),
            (["move", "bottom"], .move(.bottom), #line),
            (["move", "top-left"], .move(.topLeft), #line),
            (["move", "top-right"], .move(.topRight), #line),
            (["move", "bottom-left"], .move(.bottomLeft), #line),
            (["move", "bottom-right"], .move(.bottomRight), #line),
            (["move", "center"], .move(.center), #line),
        ]
        for (words, command, line) in cases {
            XCTAssertEqual(try ControlCommand.parse(words).get(), command, line: line)
            // What the client sends is what the server parses.
            XCTAssertEqual(command.words, words, line: line)
        }
        XCTAssertEqual(cases.map { $0.0[0] }.filter { $0 != "move" }.count + 1, ControlCommand.names.count)
        XCTAssertEqual(Set(ControlCommand.placements), Set(Placement.allCases))
    }

    func testBadInput() {
        let cases: [([String], ControlCommandError, String, UInt)] = [
            ([], .missingCommand, "no command given; commands: \(commands)", #line),
            ([""], .unknownCommand(""), "unknown command \"\"; commands: \(commands)", #line),
            (["start"], .unknownCommand("start"), "unknown command \"start\"; commands: \(commands)", #line),
            // Names are exact: no case folding, no config-style underscores.
            (["Show"], .unknownCommand("Show"), "unknown command \"Show\"; commands: \(commands)", #line),
            (
                ["double_tap"], .unknownCommand("double_tap"),
                "unknown command \"double_tap\"; commands: \(commands)", #line
            ),
            (
                ["move left"], .unknownCommand("move left"),
                "unknown command \"move left\"; commands: \(commands)", #line
            ),
            (["move"], .missingPlacement, "move needs a position: \(positions)", #line),
            (
                ["move", "up"], .unknownPlacement("up"),
                "move: unknown position \"up\"; positions: \(positions)", #line
            ),
            (
                ["move", "topleft"], .unknownPlacement("topleft"),
                "move: unknown position \"topleft\"; positions: \(positions)", #line
            ),
            (
                ["move", "Left"], .unknownPlacement("Left"),
                "move: unknown position \"Left\"; positions: \(positions)", #line
            ),
            (
                ["move", ""], .unknownPlacement(""),
                "move: unknown position \"\"; positions: \(positions)", #line
            ),
            // A bad position is reported before extra words.
            (
                ["move", "up", "now"], .unknownPlacement("up"),
                "move: unknown position \"up\"; positions: \(positions)", #line
            ),
            (
                ["move", "left", "now"], .extraArguments(command: "move", ["now"]),
                "move takes one position; unexpected \"now\"", #line
            ),
            (
                ["state", "--json"], .extraArguments(command: "state", ["--json"]),
                "state takes no arguments; unexpected \"--json\"", #line
            ),
            (
                ["quit", "now", "please"], .extraArguments(command: "quit", ["now", "please"]),
                "quit takes no arguments; unexpected \"now\" \"please\"", #line
            ),
            (
                ["show", ""], .extraArguments(command: "show", [""]),
                "show takes no arguments; unexpected \"\"", #line
            ),
        ]
        for (words, error, message, line) in cases {
            switch ControlCommand.parse(words) {
            case .success(let command): XCTFail("\(words) parsed as \(command)", line: line)
            case .failure(let failure):
                XCTAssertEqual(failure, error, line: line)
                XCTAssertEqual(failure.message, message, line: line)
            }
        }
    }

    func testEveryNonMoveCommandRejectsArguments() {
        for name in ControlCommand.names where name != "move" {
            XCTAssertEqual(
                ControlCommand.parse([name, "x"]), .failure(.extraArguments(command: name, ["x"])), name)
        }
    }
}

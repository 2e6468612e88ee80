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

    func testMessagesWithAButton() {
        let cases: [([String], Result<ControlMessage, ControlCommandError>, UInt)] = [
            (["hide"], .success(ControlMessage(command: .hide)), #line),
            (
                ["--button", "keyboard", "hide"],
                .success(ControlMessage(button: "keyboard", command: .hide)), #line
            ),
            (
                ["--button", "main", "move", "left"],
                .success(ControlMessage(button: "main", command: .move(.left))), #line
            ),
            (["--button"], .failure(.missingButtonName), #line),
            (["--button", "main"], .failure(.missingCommand), #line),
            (
                ["hide", "--button", "main"],
                .failure(.extraArguments(command: "hide", ["--button", "main"])), #line
            ),
        ]
        for (words, expected, line) in cases {
            XCTAssertEqual(ControlMessage.parse(words), expected, "\(words)", line: line)
            if case .success(let message) = expected {
                XCTAssertEqual(
                    ControlMessage.parse(message.words), expected, "round trip of \(words)", line: line)
            }
        }
    }

    func testWhichButtonsAMessageActsOn() {
        let two = ["keyboard", "main"]
        let cases: [(ControlMessage, [String], Result<ControlTarget?, ControlTargetError>, UInt)] = [
            (ControlMessage(command: .hide), two, .success(.every), #line),
            (ControlMessage(command: .toggle), two, .success(.every), #line),
            (ControlMessage(button: "keyboard", command: .show), two, .success(.button("keyboard")), #line),
            (ControlMessage(command: .tap), ["main"], .success(.button("main")), #line),
            (ControlMessage(command: .tap), two, .failure(.severalButtons(two)), #line),
            (ControlMessage(command: .move(.left)), two, .failure(.severalButtons(two)), #line),
            (ControlMessage(command: .menu), two, .failure(.severalButtons(two)), #line),
            (ControlMessage(button: "main", command: .menu), two, .success(.button("main")), #line),
            (
                ControlMessage(button: "nosuch", command: .hide), two,
                .failure(.unknownButton("nosuch", known: two)), #line
            ),
            (ControlMessage(command: .state), two, .success(nil), #line),
            (
                ControlMessage(button: "main", command: .reload), two,
                .failure(.takesNoButton(command: "reload")), #line
            ),
        ]
        for (message, names, expected, line) in cases {
            XCTAssertEqual(message.target(among: names), expected, "\(message.words)", line: line)
        }
        XCTAssertEqual(
            ControlTargetError.unknownButton("x", known: two).message,
            "no button named \"x\"; buttons: keyboard, main")
        XCTAssertEqual(
            ControlTargetError.severalButtons(two).message,
            "there are several buttons (keyboard, main); name one with --button NAME")
    }
}

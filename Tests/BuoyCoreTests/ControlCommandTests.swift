import BuoyCore
import XCTest

final class ControlCommandTests: XCTestCase {
    private let commands =
        "show, hide, toggle, move, tap, double-tap, long-press, swipe-up, swipe-down, swipe-left, swipe-right, menu,"
        + " badge, mode, reload, state, subscribe, quit, click, pointer"
    private let positions =
        "left, right, top, bottom, top-left, top-right, bottom-left, bottom-right, center, default"

    func testEveryCommand() {
        let cases: [([String], ControlCommand, UInt)] = [
            (["show"], .show, #line),
            (["hide"], .hide, #line),
            (["toggle"], .toggle, #line),
            (["tap"], .gesture(.tap), #line),
            (["double-tap"], .gesture(.doubleTap), #line),
            (["long-press"], .gesture(.longPress), #line),
            (["swipe-up"], .gesture(.swipeUp), #line),
            (["swipe-down"], .gesture(.swipeDown), #line),
            (["swipe-left"], .gesture(.swipeLeft), #line),
            (["swipe-right"], .gesture(.swipeRight), #line),
            (["menu"], .menu(nil), #line),
            (["menu", "device"], .menu("device"), #line),
            (["reload"], .reload, #line),
            (["state"], .state, #line),
            (["subscribe"], .subscribe, #line),
            (["quit"], .quit, #line),
            (["click", "right"], .click(.right), #line),
            (["click", "middle"], .click(.middle), #line),
            (["click", "double"], .click(.double), #line),
            (["click", "drag"], .click(.drag), #line),
            (["click", "cancel"], .click(nil), #line),
            (["pointer", "on"], .pointer(.on), #line),
            (["pointer", "off"], .pointer(.off), #line),
            (["pointer", "toggle"], .pointer(.toggle), #line),
            (["move", "left"], .move(.placement(.left)), #line),
            (["move", "right"], .move(.placement(.right)), #line),
            (["move", "top"], .move(.placement(.top)), #line),
            (["move", "bottom"], .move(.placement(.bottom)), #line),
            (["move", "top-left"], .move(.placement(.topLeft)), #line),
            (["move", "top-right"], .move(.placement(.topRight)), #line),
            (["move", "bottom-left"], .move(.placement(.bottomLeft)), #line),
            (["move", "bottom-right"], .move(.placement(.bottomRight)), #line),
            (["move", "center"], .move(.placement(.center)), #line),
            (["move", "default"], .move(.configured), #line),
            (["badge", "3"], .badge("3"), #line),
            (["badge", "99+"], .badge("99+"), #line),
            (["badge", "•"], .badge("•"), #line),
            (["badge", "👍🏽"], .badge("👍🏽"), #line),
            (["badge", "--clear"], .badge(nil), #line),
            (["mode", "tablet"], .mode(.tablet), #line),
            (["mode", "laptop"], .mode(.laptop), #line),
            // Any other word names an output.
            (["move", "HDMI-A-1"], .move(.output("HDMI-A-1")), #line),
            (["move", "100", "200"], .move(.point(x: 100, y: 200)), #line),
            (["move", "-5", "12.5"], .move(.point(x: -5, y: 12.5)), #line),
        ]
        for (words, command, line) in cases {
            XCTAssertEqual(try ControlCommand.parse(words).get(), command, line: line)
            // What the client sends is what the server parses.
            XCTAssertEqual(command.words, words, line: line)
        }
        XCTAssertEqual(Set(cases.map { $0.0[0] }), Set(ControlCommand.names))
        XCTAssertEqual(ControlCommand.names, ControlCommandName.allCases.map(\.rawValue))
        for (_, command, line) in cases {
            XCTAssertEqual(command.name.rawValue, command.words[0], line: line)
        }
        XCTAssertEqual(Set(ControlCommand.placements), Set(Placement.allCases))
    }

    func testOnlyABadBadgeIsNotAUsageError() {
        XCTAssertFalse(ControlCommandError.badBadge("1234").isUsage)
        XCTAssertTrue(ControlCommandError.missingBadge.isUsage)
        XCTAssertTrue(ControlCommandError.unknownCommand("x").isUsage)
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
            (
                ["move"], .missingPlacement, "move needs a position (\(positions)), an output's name, or x y",
                #line
            ),
            (
                ["move", ""], .unknownPlacement(""),
                "move: unknown position \"\"; positions: \(positions)", #line
            ),
            (["move", "100"], .missingCoordinate("100"), "move 100: x y needs both coordinates", #line),
            (
                ["move", "100", "abc"], .badCoordinates(["100", "abc"]),
                "move: x y must be two numbers (logical pixels), not \"100\" \"abc\"", #line
            ),
            (
                ["move", "1", "nan"], .badCoordinates(["1", "nan"]),
                "move: x y must be two numbers (logical pixels), not \"1\" \"nan\"", #line
            ),
            (
                ["move", "left", "now"], .extraArguments(command: "move", ["now"]),
                "move takes a position, an output, or x y; unexpected \"now\"", #line
            ),
            (
                ["move", "1", "2", "3"], .extraArguments(command: "move", ["3"]),
                "move takes a position, an output, or x y; unexpected \"3\"", #line
            ),
            (["badge"], .missingBadge, "badge needs a text of 1 to 3 characters, or --clear", #line),
            (["mode"], .missingMode, "mode needs one of laptop, tablet", #line),
            (
                ["click"], .missingClickType,
                "click needs one of right, middle, double, drag, scroll, cancel", #line
            ),
            (["pointer"], .missingPointerSwitch, "pointer needs one of on, off, toggle", #line),
            (
                ["pointer", "maybe"], .unknownPointerSwitch("maybe"),
                "pointer: \"maybe\" is not one of on, off, toggle",
                #line
            ),
            (
                ["click", "triple"], .unknownClickType("triple"),
                "click: unknown type \"triple\"; types: right, middle, double, drag, scroll, cancel", #line
            ),
            (
                ["click", "right", "now"], .extraArguments(command: "click", ["now"]),
                "click takes one type; unexpected \"now\"", #line
            ),
            (
                ["mode", "phone"], .unknownMode("phone"),
                "mode: unknown mode \"phone\"; modes: laptop, tablet", #line
            ),
            (
                ["badge", "1234"], .badBadge("1234"),
                "badge: \"1234\" is 4 characters; a badge is 1 to 3 characters without spaces, "
                    + "or --clear to remove it", #line
            ),
            (
                ["badge", ""], .badBadge(""),
                "badge: \"\" is 0 characters; a badge is 1 to 3 characters without spaces, "
                    + "or --clear to remove it", #line
            ),
            (
                ["badge", "a b"], .badBadge("a b"),
                "badge: \"a b\" is 3 characters with a space; a badge is 1 to 3 characters without spaces, "
                    + "or --clear to remove it", #line
            ),
            (
                ["badge", "1", "2"], .extraArguments(command: "badge", ["2"]),
                "badge takes one text, or --clear; unexpected \"2\"", #line
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
                ["menu", "device", "net"], .extraArguments(command: "menu", ["net"]),
                "menu takes at most a submenu's name; unexpected \"net\"", #line
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

    func testEveryCommandButMoveBadgeModeAndMenuRejectsArguments() {
        for name in ControlCommand.names
        where !["move", "badge", "mode", "menu", "click", "pointer"].contains(name) {
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
                .success(ControlMessage(button: "main", command: .move(.placement(.left)))), #line
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
            (ControlMessage(command: .gesture(.tap)), ["main"], .success(.button("main")), #line),
            (ControlMessage(command: .gesture(.tap)), two, .failure(.severalButtons(two)), #line),
            (ControlMessage(command: .move(.placement(.left))), two, .failure(.severalButtons(two)), #line),
            (ControlMessage(command: .menu(nil)), two, .failure(.severalButtons(two)), #line),
            (ControlMessage(button: "main", command: .menu(nil)), two, .success(.button("main")), #line),
            (
                ControlMessage(button: "nosuch", command: .hide), two,
                .failure(.unknownButton("nosuch", known: two)), #line
            ),
            (ControlMessage(command: .state), two, .success(nil), #line),
            (ControlMessage(command: .subscribe), two, .success(nil), #line),
            (
                ControlMessage(button: "main", command: .subscribe), two,
                .failure(.takesNoButton(command: "subscribe")), #line
            ),
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

    func testHelpListsEveryCommandInOrder() {
        let lines = ControlCommandName.help.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, ControlCommandName.allCases.count)
        for (line, name) in zip(lines, ControlCommandName.allCases) {
            XCTAssertTrue(line.hasPrefix("  \(name.rawValue)"), line)
            XCTAssertTrue(line.hasSuffix(name.summary), line)
        }
        XCTAssertTrue(lines.contains { $0.hasPrefix("  move <edge|corner|center|default|OUTPUT|X Y>  ") })
        XCTAssertTrue(lines.contains { $0.hasPrefix("  badge <TEXT|--clear>  ") })
    }

    /// buoy(1) documents every command, under COMMANDS, and its SYNOPSIS and
    /// `--help` say the same about them.
    func testTheManPageDocumentsEveryCommand() throws {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../docs/buoy.1.scd")
        let text = try String(contentsOf: page, encoding: .utf8)
        let commands = try XCTUnwrap(text.range(of: "# COMMANDS")).upperBound
        let end = try XCTUnwrap(text.range(of: "\n# ", range: commands..<text.endIndex)).lowerBound
        let section = text[commands..<end]
        var documented: [String] = []
        for line in section.split(separator: "\n") where line.hasPrefix("*") {
            // "*tap*, *double-tap*, *long-press*" and "*move* _position_" alike.
            for match in line.split(separator: ",") {
                let word = match.trimmingCharacters(in: .whitespaces)
                guard word.hasPrefix("*"), let close = word.dropFirst().firstIndex(of: "*") else { continue }
                documented.append(String(word[word.index(after: word.startIndex)..<close]))
            }
        }
        let names = ControlCommandName.allCases.map(\.rawValue)
        XCTAssertEqual(documented.filter { names.contains($0) }, names, "buoy(1)'s COMMANDS, in order")
    }
}

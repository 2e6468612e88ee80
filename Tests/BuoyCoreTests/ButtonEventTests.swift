import XCTest

@testable import BuoyCore

final class ButtonEventTests: XCTestCase {
    /// Every kind, as a line of `buoy msg subscribe`.
    static let lines: [(ButtonEvent.Kind, String)] = [
        (.gesture(.tap), #"{"event":"tap","name":"main"}"#),
        (.gesture(.doubleTap), #"{"event":"double_tap","name":"main"}"#),
        (.gesture(.longPress), #"{"event":"long_press","name":"main"}"#),
        (.gesture(.swipeLeft), #"{"event":"swipe_left","name":"main"}"#),
        (.menuOpened(path: []), #"{"event":"menu_opened","name":"main","path":[]}"#),
        (.menuOpened(path: ["device"]), #"{"event":"menu_opened","name":"main","path":["device"]}"#),
        (
            .menuClosed(chosen: nil, path: nil),
            #"{"event":"menu_closed","name":"main","chosen":null,"path":null}"#
        ),
        (
            .menuClosed(chosen: "Files", path: []),
            #"{"event":"menu_closed","name":"main","chosen":"Files","path":[]}"#
        ),
        (
            .menuClosed(chosen: "Wi-Fi", path: ["device", "net"]),
            #"{"event":"menu_closed","name":"main","chosen":"Wi-Fi","path":["device","net"]}"#
        ),
        (
            .moved(edge: "top-left", output: "DP-1"),
            #"{"event":"moved","name":"main","edge":"top-left","output":"DP-1"}"#
        ),
        (
            .moved(edge: "free", output: nil),
            #"{"event":"moved","name":"main","edge":"free","output":null}"#
        ),
        (.shown(reason: .msg), #"{"event":"shown","name":"main","reason":"msg"}"#),
        (.hidden(reason: .fullscreen), #"{"event":"hidden","name":"main","reason":"fullscreen"}"#),
        (.hidden(reason: .app), #"{"event":"hidden","name":"main","reason":"app"}"#),
        (.removed, #"{"event":"removed","name":"main"}"#),
        (.shown(reason: .removed), #"{"event":"shown","name":"main","reason":"removed"}"#),
        (.badge("3"), #"{"event":"badge","name":"main","badge":"3"}"#),
        (.badge(nil), #"{"event":"badge","name":"main","badge":null}"#),
        (.reloaded(warnings: []), #"{"event":"reloaded","name":"main","warnings":[]}"#),
        (
            .reloaded(warnings: ["a:1:1: x", "a:2:1: y"]),
            #"{"event":"reloaded","name":"main","warnings":["a:1:1: x","a:2:1: y"]}"#
        ),
        (
            .reloadFailed(diagnostic: "c.toml:2:8: size expects a number\n  size = 'big'\n         ^"),
            #"{"event":"reload_failed","name":"main","diagnostic":"c.toml:2:8: size expects a number\u000a  size = 'big'\u000a         ^"}"#
        ),
        (.armed(.right), #"{"event":"armed","name":"main","type":"right"}"#),
        (
            .clicked(.drag, output: "DP-1", at: Point(x: 600, y: 450.5)),
            #"{"event":"clicked","name":"main","type":"drag","output":"DP-1","x":600,"y":450.5}"#
        ),
        (.disarmed(reason: "timeout"), #"{"event":"disarmed","name":"main","reason":"timeout"}"#),
        (.editMode(screen: "items"), #"{"event":"edit_mode","name":"main","screen":"items"}"#),
        (.ready, #"{"event":"ready","name":"main"}"#),
    ]

    func testEveryKindsLine() {
        for (kind, line) in Self.lines {
            XCTAssertEqual(ButtonEvent(kind, button: "main").json, line, kind.name)
        }
    }

    /// buoy(1)'s `subscribe` names every event, and the keys each carries.
    func testTheManPageNamesEveryEventAndItsKeys() throws {
        let page = try text(of: "docs/buoy.1.scd")
        let start = try XCTUnwrap(page.range(of: "*subscribe*")).upperBound
        let end = try XCTUnwrap(page.range(of: "For example:", range: start..<page.endIndex)).lowerBound
        let section = page[start..<end]
        for (kind, line) in Self.lines {
            XCTAssertTrue(section.contains("*\(kind.name)*"), kind.name)
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            let keys = try XCTUnwrap(object as? [String: Any]).keys
            for key in keys where key != "event" && key != "name" {
                XCTAssertTrue(section.contains("*\(key)*"), "\(kind.name)'s \(key)")
            }
        }
    }

    func testNamesAndLabelsAreEscaped() {
        XCTAssertEqual(
            ButtonEvent(.menuClosed(chosen: "say \"hi\" \\ ünï", path: nil), button: "k\tb").json,
            #"{"event":"menu_closed","name":"k\u0009b","chosen":"say \"hi\" \\ ünï","path":null}"#)
    }

    /// One line each: a subscriber splits on newlines.
    func testNoLineHasANewline() {
        let event = ButtonEvent(.reloadFailed(diagnostic: "a\nb\r\n"), button: "x\ny")
        XCTAssertFalse(event.json.contains("\n"))
        XCTAssertFalse(event.json.contains("\r"))
    }
}

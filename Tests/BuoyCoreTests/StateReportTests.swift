import XCTest

@testable import BuoyCore

final class StateReportTests: XCTestCase {
    private let report = StateReport(
        visible: true, output: "HEADLESS-1", x: 8, y: 332, size: 56, edge: "left", opacity: 0.4,
        menuOpen: false, config: "/home/me/.config/buoy/config.toml")

    func testExactLine() {
        XCTAssertEqual(
            report.json,
            #"{"visible":true,"dragging":false,"output":"HEADLESS-1","x":8,"y":332,"size":56,"edge":"left","opacity":0.4,"#
                + #""menu_open":false,"mode":"laptop","armed":null,"pointer_pad":null,"ready":false,"config":"/home/me/.config/buoy/config.toml","buttons":[]}"#
        )
    }

    /// Issue 30 §1: `"armed": null` or the type.
    func testArmedIsTheTypeOrNull() {
        var armed = report
        armed.armed = .double
        XCTAssertTrue(
            armed.json.contains(
                #","mode":"laptop","armed":"double","pointer_pad":null,"ready":false,"config":"#), armed.json)
        XCTAssertTrue(
            report.json.contains(
                #","mode":"laptop","armed":null,"pointer_pad":null,"ready":false,"config":"#), report.json)
    }

    /// Issue 45: `"pointer_pad": null`, or the open pad's output and frame.
    func testPointerPadIsItsFrameOrNull() {
        var open = report
        open.pointerPad = PointerPadReport(
            output: "HEADLESS-1", frame: Rect(x: 256, y: 464, width: 768, height: 240.5))
        XCTAssertTrue(
            open.json.contains(
                #","armed":null,"pointer_pad":{"output":"HEADLESS-1","x":256,"y":464,"width":768,"height":240.5},"ready":"#
            ), open.json)
    }

    /// buoy(1)'s `state` names every top-level key, in the order the line has them.
    func testTheManPageNamesEveryKeyInOrder() throws {
        let page = try text(of: "docs/buoy.1.scd")
        let start = try XCTUnwrap(page.range(of: "*state*\n")).upperBound
        let end = try XCTUnwrap(page.range(of: "For example:", range: start..<page.endIndex)).lowerBound
        let section = page[start..<end]
        let object = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        // The line's order (JSONSerialization's dictionary has none): its quoted words that are
        // top-level keys. `report` has no list in `buttons`, so none is said twice.
        let keys = report.json.split(separator: "\"").map(String.init).filter { object[$0] != nil }
        XCTAssertEqual(keys.count, object.count)
        var from = section.startIndex
        for key in keys {
            guard let found = section.range(of: "*\(key)*", range: from..<section.endIndex) else {
                return XCTFail("buoy(1)'s state does not name \(key) after the keys before it")
            }
            from = found.upperBound
        }
    }

    func testButtonsListEveryInstanceInOrder() {
        var two = report
        two.buttons = [
            ButtonReport(
                name: "keyboard", output: "HEADLESS-1", visible: false, hiddenBy: .msg, x: 8, y: 656,
                size: 48,
                edge: "bottom-left",
                opacity: 0.4, badge: "99"),
            ButtonReport(
                name: "main", output: nil, visible: true, dragging: true, x: nil, y: 0, size: 56,
                edge: "right", opacity: 1
            ),
        ]
        XCTAssertTrue(
            two.json.hasSuffix(
                #","buttons":[{"name":"keyboard","output":"HEADLESS-1","visible":false,"hidden_by":"msg","dragging":false,"x":8,"#
                    + #""y":656,"size":48,"#
                    + #""edge":"bottom-left","opacity":0.4,"badge":"99"},{"name":"main","output":null,"visible":true,"hidden_by":null,"#
                    + #""dragging":true,"x":null,"y":0,"size":56,"edge":"right","opacity":1,"badge":null}]}"#),
            two.json)
    }

    func testNullOutputAndOtherValues() {
        let other = StateReport(
            visible: false, output: nil, x: -12.5, y: 0.125, size: 48.75, edge: "top-right", opacity: 1,
            menuOpen: true, config: "")
        XCTAssertEqual(
            other.json,
            #"{"visible":false,"dragging":false,"output":null,"x":-12.5,"y":0.125,"size":48.75,"edge":"top-right","#
                + #""opacity":1,"menu_open":true,"mode":"laptop","armed":null,"pointer_pad":null,"ready":false,"config":"","buttons":[]}"#
        )
    }

    func testOneLine() {
        var tricky = report
        tricky.output = "a\nb\r\u{2028}c"
        tricky.config = "\n"
        XCTAssertFalse(tricky.json.contains("\n"))
        XCTAssertFalse(tricky.json.contains("\r"))
    }

    func testNumbers() {
        let cases: [(Double, String, UInt)] = [
            (56, "56", #line),
            (56.0, "56", #line),
            (0, "0", #line),
            (-0.0, "0", #line),
            (0.4, "0.4", #line),
            (0.1 + 0.2, "0.3", #line),
            (1.0 / 3, "0.333", #line),
            (2.0 / 3, "0.667", #line),
            (0.05, "0.05", #line),
            (0.001, "0.001", #line),
            (0.000_4, "0", #line),
            (-0.000_4, "0", #line),
            (0.000_5, "0.001", #line),
            (-0.000_5, "-0.001", #line),
            (0.999_9, "1", #line),
            (-1.5, "-1.5", #line),
            (-0.25, "-0.25", #line),
            (1279.999_6, "1280", #line),
            (1920.107, "1920.107", #line),
            (1e9 + 0.5, "1000000000.5", #line),
            (-1e12, "-1000000000000", #line),
            // Past Int64 thousandths: Swift's shortest form, still JSON.
            (1e16, "1e+16", #line),
            (-1e300, "-1e+300", #line),
            (.nan, "null", #line),
            (.infinity, "null", #line),
            (-.infinity, "null", #line),
        ]
        for (value, text, line) in cases {
            XCTAssertEqual(StateReport.number(value), text, "\(value)", line: line)
        }
        var report = self.report
        report.x = .nan
        report.opacity = 0.123_456
        XCTAssertTrue(report.json.contains(#""x":null,"#), report.json)
        XCTAssertTrue(report.json.contains(#""opacity":0.123,"#), report.json)
    }

    func testStrings() {
        let cases: [(String, String, UInt)] = [
            ("", #""""#, #line),
            ("DP-1", #""DP-1""#, #line),
            ("say \"hi\"", #""say \"hi\"""#, #line),
            (#"C:\path\"#, #""C:\\path\\""#, #line),
            (#"\""#, #""\\\"""#, #line),
            ("/", #""/""#, #line),
            ("a\nb", #""a\u000ab""#, #line),
            ("\r\n", #""\u000d\u000a""#, #line),
            ("\t", #""\u0009""#, #line),
            ("\u{0}", #""\u0000""#, #line),
            ("\u{1B}[31m", #""\u001b[31m""#, #line),
            ("\u{1F}", #""\u001f""#, #line),
            // Not control characters for JSON: kept as they are.
            (" ~", #"" ~""#, #line),
            ("\u{7F}", "\"\u{7F}\"", #line),
            ("ünïcødé 🛟", "\"ünïcødé 🛟\"", #line),
            ("\u{2028}", "\"\u{2028}\"", #line),
            // A combining mark after a quote must not merge with the escape.
            ("\"\u{301}", "\"\\\"\u{301}\"", #line),
            ("e\u{301}", "\"e\u{301}\"", #line),
        ]
        for (value, text, line) in cases {
            let escaped = StateReport.string(value)
            XCTAssertEqual(Array(escaped.unicodeScalars), Array(text.unicodeScalars), value, line: line)
            XCTAssertEqual(Array(escaped.utf8), Array(text.utf8), value, line: line)
        }
    }

    func testTrickyStringsInTheReport() {
        let tricky = StateReport(
            visible: true, output: "Dell \"U2720Q\"\n", x: 1, y: 2, size: 3, edge: "free", opacity: 0.5,
            menuOpen: false, config: "/home/zoë/\\conf\u{1}.toml")
        XCTAssertEqual(
            tricky.json,
            #"{"visible":true,"dragging":false,"output":"Dell \"U2720Q\"\u000a","x":1,"y":2,"size":3,"edge":"free","#
                + #""opacity":0.5,"menu_open":false,"mode":"laptop","armed":null,"pointer_pad":null,"ready":false,"config":"/home/zoë/\\conf\u0001.toml","buttons":[]}"#
        )
    }
}

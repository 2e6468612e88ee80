import BuoyButton
import XCTest

final class MenuStatusTests: XCTestCase {
    func testReading() {
        let long = String(repeating: "x", count: 40)
        let rows: [(String, [UInt8], Int32?, Bool, MenuStatus?, UInt)] = [
            ("first line only", Array("on\nmore\n".utf8), 0, false, MenuStatus(text: "on"), #line),
            ("no newline", Array("Wi-Fi: home".utf8), 0, false, MenuStatus(text: "Wi-Fi: home"), #line),
            ("trimmed", Array("  87%  \n".utf8), 0, false, MenuStatus(text: "87%"), #line),
            ("cut to 32", Array(long.utf8), 0, false, MenuStatus(text: String(long.prefix(32))), #line),
            (
                "32 as seen", Array(String(repeating: "👍🏽", count: 40).utf8), 0, false,
                MenuStatus(text: String(repeating: "👍🏽", count: 32)), #line
            ),
            (
                "control characters", Array("\u{1b}[1mbold\r\n".utf8), 0, false, MenuStatus(text: "[1mbold"),
                #line
            ),
            ("bad UTF-8", [0x6f, 0xff, 0x6e], 0, false, MenuStatus(text: "o\u{fffd}n"), #line),
            ("silent, exited", [], 1, false, MenuStatus(text: ""), #line),
            ("toggle on", Array("muted\n".utf8), 0, true, MenuStatus(text: "muted", on: true), #line),
            ("toggle off", [], 1, true, MenuStatus(text: "", on: false), #line),
            ("killed at the deadline, silent: the last status stays", [], nil, true, nil, #line),
            (
                "cut off, toggle unknown", Array("partial".utf8), nil, true,
                MenuStatus(text: "partial", on: nil), #line
            ),
            (
                "a flood: only the first 4 KiB", Array(repeating: UInt8(ascii: "y"), count: 10_000), nil,
                false,
                MenuStatus(text: String(repeating: "y", count: 32)), #line
            ),
        ]
        for (name, output, exitCode, toggle, expected, line) in rows {
            XCTAssertEqual(
                MenuStatus.read(output: output, exitCode: exitCode, toggle: toggle), expected, name,
                line: line)
        }
    }
}

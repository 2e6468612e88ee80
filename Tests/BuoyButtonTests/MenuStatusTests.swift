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

    /// `read` tests control characters and white space by scalar value; the standard
    /// library's Unicode properties are what those ranges must agree with, for every
    /// scalar up to U+FFFF, each alone and between letters.
    func testControlsAndSpacesAsUnicodeDefinesThem() {
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value), value != 0x0A else { continue }
            let text = " \(scalar)x\(scalar)y\(scalar) "
            let shown = text.filter {
                $0.unicodeScalars.allSatisfy { $0.properties.generalCategory != .control }
            }
            .drop { $0.isWhitespace }
            let end = shown.lastIndex { !$0.isWhitespace }.map { shown.index(after: $0) } ?? shown.startIndex
            XCTAssertEqual(
                MenuStatus.read(output: Array(text.utf8), exitCode: 0, toggle: false)?.text,
                String(shown[..<end]), "U+\(String(value, radix: 16, uppercase: true))")
        }
    }
}

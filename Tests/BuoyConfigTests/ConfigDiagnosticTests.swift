import XCTest

@testable import BuoyConfig

final class ConfigDiagnosticTests: XCTestCase {
    private func diagnostic(
        _ severity: ConfigDiagnostic.Severity = .error, line: Int = 1, column: Int, _ sourceLine: String,
        message: String = "msg"
    ) -> ConfigDiagnostic {
        ConfigDiagnostic(
            severity: severity, path: "c.toml", line: line, column: column, message: message,
            sourceLine: sourceLine)
    }

    func testRendering() {
        let long = String(repeating: "x", count: 300)
        let cases: [(ConfigDiagnostic, String)] = [
            (
                diagnostic(
                    line: 3, column: 8, "size = \"big\"", message: "size expects a number, got string"),
                "c.toml:3:8: size expects a number, got string\n    size = \"big\"\n           ^"
            ),
            (diagnostic(column: 1, "[buton]"), "c.toml:1:1: msg\n    [buton]\n    ^"),
            // Warnings render the same way; `severity` tells them apart.
            (
                diagnostic(.warning, line: 2, column: 1, "szie = 1", message: "unknown key"),
                "c.toml:2:1: unknown key\n    szie = 1\n    ^"
            ),
            // A tab before the column is copied, so the caret lines up whatever the tab width.
            (diagnostic(column: 9, "\tsize = x"), "c.toml:1:9: msg\n    \tsize = x\n    \t       ^"),
            // Columns are scalars: one space per character, however many bytes.
            (diagnostic(column: 7, "\"é→\" = x"), "c.toml:1:7: msg\n    \"é→\" = x\n          ^"),
            // Past the end of the line (an error at the line's end).
            (diagnostic(column: 4, "a ="), "c.toml:1:4: msg\n    a =\n       ^"),
            // No line to show.
            (diagnostic(column: 1, ""), "c.toml:1:1: msg"),
            // A long line is cut to a window around the column.
            (
                diagnostic(column: 200, long),
                "c.toml:1:200: msg\n    ..." + String(repeating: "x", count: 120) + "...\n    "
                    + String(repeating: " ", count: 43) + "^"
            ),
            (
                diagnostic(column: 2, long),
                "c.toml:1:2: msg\n    " + String(repeating: "x", count: 120) + "...\n     ^"
            ),
            (
                diagnostic(column: 300, long),
                "c.toml:1:300: msg\n    ..." + String(repeating: "x", count: 120) + "\n    "
                    + String(repeating: " ", count: 122) + "^"
            ),
        ]
        for (d, expected) in cases {
            XCTAssertEqual(d.rendered, expected)
        }
    }

    func testLabelledNamesTheSeverityAfterTheLocation() {
        XCTAssertEqual(diagnostic(column: 2, "ab").labelled, "c.toml:1:2: error: msg\n    ab\n     ^")
        XCTAssertEqual(diagnostic(.warning, column: 1, "").labelled, "c.toml:1:1: warning: msg")
    }

    func testErrorDescriptionIsTheRenderedDiagnostic() {
        let d = diagnostic(column: 1, "x")
        XCTAssertEqual(ConfigError(diagnostic: d).description, d.rendered)
        XCTAssertEqual("\(ConfigError(diagnostic: d))", "c.toml:1:1: msg\n    x\n    ^")
    }

    func testParsedDiagnosticsRenderEndToEnd() throws {
        do {
            _ = try Config.parse(
                Array("[button]\n\"é\" = 1 x\n".utf8), path: "/home/u/.config/buoy/config.toml")
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(
                error.description,
                """
                /home/u/.config/buoy/config.toml:2:9: expected end of line after value, found "x"
                    "é" = 1 x
                            ^
                """)
        }
        let (_, warnings) = try Config.parse(Array("[snap]\r\n  durration = 1\r\n".utf8), path: "b.toml")
        XCTAssertEqual(
            warnings.map(\.rendered),
            [
                """
                b.toml:2:3: unknown key "durration" in [snap]; did you mean "duration"?
                      durration = 1
                      ^
                """
            ])
    }
}

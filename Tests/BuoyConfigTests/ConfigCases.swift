import XCTest

@testable import BuoyConfig

/// `Config.parse` of a snippet, as "config.toml".
func parseConfig(_ text: String) throws(ConfigError) -> (config: Config, warnings: [ConfigDiagnostic]) {
    try Config.parse(Array(text.utf8), path: "config.toml")
}

/// A snippet and the diagnostic it gives: where, and what it says.
typealias DiagnosticCase = (snippet: String, line: Int, column: Int, message: String)

/// Each snippet is an error there.
func assertErrors(_ cases: [DiagnosticCase], file: StaticString = #filePath, line: UInt = #line) {
    for c in cases {
        do {
            let result = try parseConfig(c.snippet)
            XCTFail(
                "\(c.snippet.debugDescription): expected an error, got \(result.config)", file: file,
                line: line)
        } catch {
            assertDiagnostic(error.diagnostic, c, .error, file: file, line: line)
        }
    }
}

/// Each snippet parses with one warning, there; `also` checks what it parsed to.
func assertWarnings(
    _ cases: [DiagnosticCase], also: (Config, String) -> Void = { _, _ in }, file: StaticString = #filePath,
    line: UInt = #line
) {
    for c in cases {
        do {
            let (config, warnings) = try parseConfig(c.snippet)
            XCTAssertEqual(warnings.count, 1, c.snippet.debugDescription, file: file, line: line)
            if let w = warnings.first { assertDiagnostic(w, c, .warning, file: file, line: line) }
            also(config, c.snippet)
        } catch {
            XCTFail("\(c.snippet.debugDescription): \(error.diagnostic.rendered)", file: file, line: line)
        }
    }
}

private func assertDiagnostic(
    _ d: ConfigDiagnostic, _ c: DiagnosticCase, _ severity: ConfigDiagnostic.Severity, file: StaticString,
    line: UInt
) {
    XCTAssertEqual(d.severity, severity, d.rendered, file: file, line: line)
    XCTAssertEqual(d.message, c.message, d.rendered, file: file, line: line)
    XCTAssertEqual(d.line, c.line, d.rendered, file: file, line: line)
    XCTAssertEqual(d.column, c.column, d.rendered, file: file, line: line)
}

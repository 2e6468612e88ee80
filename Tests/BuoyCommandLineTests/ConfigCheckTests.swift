import BuoyCommandLine
import XCTest

/// `buoy --check`'s verdict line, which `buoy doctor` shows too.
final class ConfigCheckTests: XCTestCase {
    func testVerdicts() {
        let cases: [(ConfigCheck, String?, Bool, UInt)] = [
            (.ok(path: "/c.toml", warnings: []), "/c.toml: ok", true, #line),
            (.ok(path: "/c.toml", warnings: ["w"]), "/c.toml: ok, with 1 warning", true, #line),
            (.ok(path: "/c.toml", warnings: ["w", "v"]), "/c.toml: ok, with 2 warnings", true, #line),
            (
                .noFile(candidates: ["/h/buoy/config.toml", "/etc/xdg/buoy/config.toml"]),
                "no config file (looked for /h/buoy/config.toml, /etc/xdg/buoy/config.toml): defaults in use",
                true, #line
            ),
            (.failed(message: "/c.toml:1:1: error: bad"), nil, false, #line),
        ]
        for (check, verdict, passed, line) in cases {
            XCTAssertEqual(check.verdict, verdict, line: line)
            XCTAssertEqual(check.passed, passed, line: line)
        }
    }
}

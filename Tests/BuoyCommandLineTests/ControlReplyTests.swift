import BuoyCommandLine
import XCTest

final class ControlReplyTests: XCTestCase {
    func testParse() {
        let cases: [(String, Result<ControlReply, UsageError>, UInt)] = [
            ("ok\n", .success(ControlReply(ok: true, message: nil, payload: "")), #line),
            ("ok", .success(ControlReply(ok: true, message: nil, payload: "")), #line),
            (
                "ok: closed before it opened\n",
                .success(ControlReply(ok: true, message: "closed before it opened", payload: "")), #line
            ),
            (
                "ok\n{\"visible\":true}\n",
                .success(ControlReply(ok: true, message: nil, payload: "{\"visible\":true}\n")), #line
            ),
            (
                "error: no button named \"x\"\n",
                .success(ControlReply(ok: false, message: "no button named \"x\"", payload: "")), #line
            ),
            (
                "error: a:1:2: bad\na:3:1: worse\n",
                .success(ControlReply(ok: false, message: "a:1:2: bad", payload: "a:3:1: worse\n")), #line
            ),
            ("", .failure(UsageError("the running buoy closed the connection without replying")), #line),
            (
                "HTTP/1.1 200 OK\n",
                .failure(UsageError("unexpected reply from the running buoy: \"HTTP/1.1 200 OK\"")), #line
            ),
            ("okay\n", .failure(UsageError("unexpected reply from the running buoy: \"okay\"")), #line),
        ]
        for (text, expected, line) in cases {
            XCTAssertEqual(ControlReply.parse(Array(text.utf8)), expected, text, line: line)
        }
        let long = String(repeating: "x", count: 100)
        XCTAssertEqual(
            ControlReply.parse(Array(long.utf8)),
            .failure(
                UsageError(
                    "unexpected reply from the running buoy: \"\(String(repeating: "x", count: 80))...\"")))
    }

    /// What the server writes, and that `parse` reads it back.
    func testText() {
        let rows: [(ControlReply, String, UInt)] = [
            (ControlReply(ok: true, message: nil, payload: ""), "ok\n", #line),
            (
                ControlReply(ok: true, message: "closed before it opened", payload: ""),
                "ok: closed before it opened\n", #line
            ),
            (ControlReply(ok: true, message: "", payload: ""), "ok: \n", #line),
            (ControlReply(ok: false, message: nil, payload: ""), "error: failed\n", #line),
            (ControlReply(ok: false, message: "two\nlines\r", payload: ""), "error: two lines \n", #line),
            (
                ControlReply(ok: true, message: nil, payload: "{\"visible\":true}"),
                "ok\n{\"visible\":true}\n", #line
            ),
            (ControlReply(ok: true, message: nil, payload: "a\nb\n"), "ok\na\nb\n", #line),
        ]
        for (reply, text, line) in rows {
            XCTAssertEqual(reply.text, text, line: line)
        }
        let readBack = [
            ControlReply(ok: true, message: nil, payload: ""),
            ControlReply(ok: true, message: "closed before it opened", payload: ""),
            ControlReply(ok: false, message: "no button named \"x\"", payload: "a:3:1: worse\n"),
        ]
        for reply in readBack {
            XCTAssertEqual(ControlReply.parse(Array(reply.text.utf8)), .success(reply), reply.text)
        }
    }

    /// `reload`'s answer: the source lines and carets of a diagnostic are left out.
    func testDiagnostics() {
        let error = "a:1:2: error: bad\n  x = 1\n      ^"
        let warning = "a:3:1: warning: old key\n  y = 2\n  ^"
        let rows: [(Bool, [String], ControlReply, UInt)] = [
            (true, [], ControlReply(ok: true, message: nil, payload: ""), #line),
            (
                true, [warning], ControlReply(ok: true, message: nil, payload: "a:3:1: warning: old key"),
                #line
            ),
            (
                false, [error, warning],
                ControlReply(ok: false, message: "a:1:2: error: bad", payload: "a:3:1: warning: old key"),
                #line
            ),
            (false, [], ControlReply(ok: false, message: nil, payload: ""), #line),
        ]
        for (ok, diagnostics, expected, line) in rows {
            XCTAssertEqual(ControlReply(ok: ok, diagnostics: diagnostics), expected, line: line)
        }
        XCTAssertEqual(
            ControlReply(ok: false, diagnostics: [error, warning]).text,
            "error: a:1:2: error: bad\na:3:1: warning: old key\n")
    }
}

import BuoyCommandLine
import XCTest

final class SwayIPCTests: XCTestCase {
    private func message(_ payload: String, length: UInt32? = nil, magic: String = "i3-ipc") -> [UInt8] {
        let bytes = Array(payload.utf8)
        let size = length ?? UInt32(bytes.count)
        return Array(magic.utf8) + withUnsafeBytes(of: size) { Array($0) }
            + withUnsafeBytes(of: UInt32(7)) { Array($0) }
            + bytes
    }

    func testTheRequestIsGetVersion() {
        XCTAssertEqual(SwayIPC.versionRequest, message(""))
        XCTAssertEqual(SwayIPC.versionRequest.count, 14)
    }

    func testReplies() {
        let json = #"{"human_readable": "1.7"}"#
        let whole = message(json)
        let cases: [([UInt8], SwayIPC.Reply, UInt)] = [
            ([], .incomplete, #line),
            (Array("i3-".utf8), .incomplete, #line),
            (Array(whole.prefix(13)), .incomplete, #line),
            (Array(whole.dropLast()), .incomplete, #line),
            (whole, .payload(Array(json.utf8)), #line),
            // A second message after it is not this reply's.
            (whole + message("{}"), .payload(Array(json.utf8)), #line),
            (Array("HTTP/1.1 200 OK\r\n".utf8), .invalid, #line),
            (message("", magic: "i4-ipc"), .invalid, #line),
            (message("", length: 1 << 20), .invalid, #line),
        ]
        for (bytes, reply, line) in cases {
            XCTAssertEqual(SwayIPC.reply(in: bytes), reply, line: line)
        }
    }

    func testVersions() {
        let cases: [(String, String?, UInt)] = [
            (
                #"{ "human_readable": "1.7", "variant": "sway", "major": 1, "minor": 7, "patch": 0, "#
                    + #""loaded_config_file_name": "\/etc\/sway\/config" }"#, "sway 1.7", #line
            ),
            (#"{"variant":"swayfx","human_readable":"0.4"}"#, "swayfx 0.4", #line),
            // sway before 1.8 may have no variant.
            (#"{"human_readable":"1.5.1"}"#, "sway 1.5.1", #line),
            (#"{"human_readable" : "1.10-rc1 \"dev\""}"#, #"sway 1.10-rc1 "dev""#, #line),
            (#"{"major": 1}"#, nil, #line),
            (#"{"human_readable": 1}"#, nil, #line),
            (#"{"human_readable": "1.7"#, nil, #line),
        ]
        for (json, version, line) in cases {
            XCTAssertEqual(SwayIPC.version(fromJSON: Array(json.utf8)), version, line: line)
        }
    }
}

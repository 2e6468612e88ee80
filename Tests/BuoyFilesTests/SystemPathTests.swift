import XCTest

@testable import BuoyFiles

final class SystemPathTests: XCTestCase {
    /// Every byte comes back: a name that is not UTF-8 (Latin-1, a cut
    /// sequence, an overlong form, a surrogate's encoding) names the same
    /// file, not one with U+FFFD.
    func testBytesSurviveTheRoundTrip() {
        let cases: [(bytes: [UInt8], line: UInt)] = [
            (Array("/home/me/.config/buoy/config.toml".utf8), #line),
            (Array("/tmp/café/ü.toml".utf8), #line),
            (Array("/tmp/caf".utf8) + [0xE9] + Array(".toml".utf8), #line),
            ([0xC3], #line),
            ([0xE2, 0x82], #line),
            ([0xC0, 0xAF], #line),
            ([0xED, 0xA0, 0x80], #line),
            ([0xF4, 0x90, 0x80, 0x80], #line),
            ([0xFF, 0xFE, 0x41, 0x80], #line),
        ]
        for c in cases {
            let string = SystemPath.string(c.bytes)
            XCTAssertFalse(string.contains("\u{FFFD}"), line: c.line)
            XCTAssertEqual(SystemPath.bytes(string), c.bytes, line: c.line)
            let sent = SystemPath.withCString(string) {
                Array(UnsafeBufferPointer(start: $0, count: strlen($0)))
            }
            XCTAssertEqual(sent.map { UInt8(bitPattern: $0) }, c.bytes, line: c.line)
        }
        XCTAssertEqual(SystemPath.string(Array("/tmp/café".utf8)), "/tmp/café")
    }
}

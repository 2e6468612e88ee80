import BuoyCore
import XCTest

@testable import BuoyServices

final class JournalStreamTests: XCTestCase {
    func testTheHeaderIsSystemdCatsForAnInfoStreamNamedForWhatRanTheCommand() {
        let cases: [(reason: String, identifier: String)] = [
            ("tap", "buoy/tap"),
            ("keyboard double_tap", "buoy/keyboard double_tap"),
            ("menu item 2 (Files) of device", "buoy/menu item 2 (Files) of device"),
            // A label with a line break cannot end the header's first line early.
            ("menu item 1 (Two\nlines)", "buoy/menu item 1 (Two lines)"),
        ]
        for c in cases {
            let identifier = JournalStream.identifier(for: c.reason)
            XCTAssertEqual(identifier, c.identifier)
            XCTAssertEqual(
                String(decoding: JournalStream.header(identifier: identifier), as: UTF8.self),
                c.identifier + "\n" + "\n" + "6\n" + "0\n0\n0\n0\n")
        }
        XCTAssertEqual(JournalStream.socketPath, "/run/systemd/journal/stdout")
    }
}

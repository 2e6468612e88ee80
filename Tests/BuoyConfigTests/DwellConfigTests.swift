import XCTest

@testable import BuoyConfig

/// `[button] dwell` and `[menu] dwell`, which takes the button's unless set.
final class DwellConfigTests: XCTestCase {
    func testTheMenuTakesTheButtonsDwellUnlessItHasItsOwn() throws {
        // (config, the button's dwell, the menu's)
        let rows: [(String, Double, Double, UInt)] = [
            ("", 0, 0, #line),
            ("[button]\ndwell = 1", 1, 1, #line),
            ("[menu]\ndwell = 2", 0, 2, #line),
            ("[button]\ndwell = 1\n[menu]\ndwell = 0.5", 1, 0.5, #line),
            ("[button]\ndwell = 0.3\n[menu]\ndwell = 0", 0.3, 0.3, #line),
            ("[[button]]\ndwell = 1.5\n[button.menu]\ndwell = 4", 1.5, 4, #line),
        ]
        for (text, button, menu, line) in rows {
            let spec = try XCTUnwrap(try parseConfig(text).config.buttons.first, line: line)
            XCTAssertEqual(spec.button.dwell, button, text.debugDescription, line: line)
            XCTAssertEqual(spec.menuDwell, menu, text.debugDescription, line: line)
        }
    }
}

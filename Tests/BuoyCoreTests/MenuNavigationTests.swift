import XCTest

@testable import BuoyCore

final class MenuNavigationTests: XCTestCase {
    func testKeysymsMapToMenuKeys() {
        let cases: [(UInt32, MenuKey?, UInt)] = [
            (0xff54, .next, #line),  // Down
            (0xff53, .next, #line),  // Right
            (0xff09, .next, #line),  // Tab
            (0xff52, .previous, #line),  // Up
            (0xff51, .previous, #line),  // Left
            (0xfe20, .previous, #line),  // Shift+Tab
            (0xff0d, .activate, #line),  // Return
            (0xff8d, .activate, #line),  // KP_Enter
            (0x0020, .activate, #line),  // space
            (0xff1b, .dismiss, #line),  // Escape
            (0x0061, nil, #line),  // a
            (0xffe1, nil, #line),  // Shift_L alone
        ]
        for (keysym, expected, line) in cases {
            XCTAssertEqual(MenuNavigation.key(forKeysym: keysym), expected, line: line)
        }
    }

    func testFocusMovesAlongTheVisualOrderAndWraps() {
        let order = [3, 2, 1, 0]  // a menu stacked upward: item 0 is at the bottom
        let cases: [(Int?, MenuKey, Int?, UInt)] = [
            (nil, .next, 3, #line),
            (nil, .previous, 0, #line),
            (3, .next, 2, #line),
            (0, .next, 3, #line),  // wraps from the bottom to the top
            (3, .previous, 0, #line),  // and back
            (1, .previous, 2, #line),
            (1, .activate, 1, #line),
            (2, .dismiss, 2, #line),
            (7, .next, 3, #line),  // a stale focus starts over
        ]
        for (focus, key, expected, line) in cases {
            XCTAssertEqual(MenuNavigation.move(from: focus, key, order: order), expected, line: line)
        }
        XCTAssertNil(MenuNavigation.move(from: nil, .next, order: []))
    }

    func testVisualOrderOfAColumnIsItemOrder() {
        let layout = MenuLayout.layout(
            button: Rect(x: 1216, y: 332, width: 56, height: 56),
            usable: Rect(x: 0, y: 0, width: 1280, height: 720),
            count: 4, itemSize: 40, spacing: 12, labelWidths: [60, 60, 60, 60], labelHeight: 26)
        XCTAssertEqual(MenuNavigation.visualOrder(layout), [0, 1, 2, 3])
        let upward = MenuLayout.layout(
            button: Rect(x: 1216, y: 650, width: 56, height: 56),
            usable: Rect(x: 0, y: 0, width: 1280, height: 720),
            count: 3, itemSize: 40, spacing: 12, labelWidths: [60, 60, 60], labelHeight: 26)
        XCTAssertEqual(MenuNavigation.visualOrder(upward), [2, 1, 0])
    }
}

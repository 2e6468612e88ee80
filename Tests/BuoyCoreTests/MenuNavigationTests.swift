import XCTest

@testable import BuoyCore

final class MenuNavigationTests: XCTestCase {
    func testKeysymsMapToMenuKeys() {
        let cases: [(UInt32, MenuKey?, UInt)] = [
            (0xff54, .down, #line),
            (0xff53, .right, #line),
            (0xff09, .next, #line),  // Tab
            (0xff52, .up, #line),
            (0xff51, .left, #line),
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

    private func panel(count: Int) -> MenuLayout {
        MenuLayout.panel(
            button: Rect(x: 1216, y: 332, width: 56, height: 56),
            usable: Rect(x: 0, y: 0, width: 1280, height: 720),
            count: count, itemSize: 40, spacing: 12, labelWidths: Array(repeating: 60, count: count),
            labelHeight: 26, minRowHeight: 48)
    }

    func testArrowsMoveAcrossAPanelsGridAndWrap() {
        // 8 items: rows 0 1 2 / 3 4 5 / 6 7, the last row centred.
        let layout = panel(count: 8)
        let cases: [(Int?, MenuKey, Int?, UInt)] = [
            (nil, .down, 0, #line),
            (nil, .right, 0, #line),
            (nil, .up, 7, #line),
            (nil, .left, 7, #line),
            (0, .right, 1, #line),
            (2, .right, 0, #line),  // wraps within the row
            (0, .left, 2, #line),
            (6, .right, 7, #line),
            (7, .right, 6, #line),
            (1, .down, 4, #line),
            (4, .down, 6, #line),  // the centred last row: nearest across, the first of a tie
            (5, .down, 7, #line),
            (7, .down, 1, #line),  // from the last row to the first, nearest across
            (0, .up, 6, #line),
            (2, .up, 7, #line),
            (3, .up, 0, #line),
            (2, .next, 3, #line),  // Tab reads on to the next row
            (3, .previous, 2, #line),
            (7, .next, 0, #line),
            (4, .activate, 4, #line),
            (4, .dismiss, 4, #line),
            (12, .down, 0, #line),  // a stale focus starts over
        ]
        for (focus, key, expected, line) in cases {
            XCTAssertEqual(MenuNavigation.move(from: focus, key, in: layout), expected, line: line)
        }
        XCTAssertEqual(MenuNavigation.visualOrder(layout), Array(0..<8))
    }

    func testAFourItemPanelIsTwoByTwo() {
        let layout = panel(count: 4)
        XCTAssertEqual(layout.panel?.columns, 2)
        let cases: [(Int, MenuKey, Int, UInt)] = [
            (0, .right, 1, #line), (0, .down, 2, #line), (3, .up, 1, #line), (3, .left, 2, #line),
            (2, .down, 0, #line),
        ]
        for (focus, key, expected, line) in cases {
            XCTAssertEqual(MenuNavigation.move(from: focus, key, in: layout), expected, line: line)
        }
    }

    func testArrowsInAColumnGoAlongIt() {
        let layout = MenuLayout.layout(
            button: Rect(x: 1216, y: 332, width: 56, height: 56),
            usable: Rect(x: 0, y: 0, width: 1280, height: 720),
            count: 4, itemSize: 40, spacing: 12, labelWidths: [60, 60, 60, 60], labelHeight: 26)
        let cases: [(Int?, MenuKey, Int?, UInt)] = [
            (nil, .down, 0, #line), (nil, .up, 3, #line), (0, .down, 1, #line), (0, .right, 1, #line),
            (1, .up, 0, #line), (1, .left, 0, #line), (3, .down, 0, #line), (0, .up, 3, #line),
            (1, .next, 2, #line),
        ]
        for (focus, key, expected, line) in cases {
            XCTAssertEqual(MenuNavigation.move(from: focus, key, in: layout), expected, line: line)
        }
    }
}

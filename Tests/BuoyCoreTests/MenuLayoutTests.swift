import BuoyCore
import XCTest

final class MenuLayoutTests: XCTestCase {
    /// A 1920×1080 output with a 30 px bar at the top.
    private let usable = Rect(x: 0, y: 30, width: 1920, height: 1050)
    private let buttonSize = 56.0
    private let labelWidths: [Double] = [96, 140, 58, 210, 77, 120, 64, 180]

    private func button(_ position: RestPosition, in usable: Rect) -> Rect {
        Rect(
            origin: position.origin(in: usable, size: buttonSize, margin: 8),
            size: Size(width: 56, height: 56))
    }

    private func layout(_ button: Rect, count: Int, in usable: Rect, spacing: Double = 12) -> MenuLayout {
        MenuLayout.layout(
            button: button, usable: usable, count: count, itemSize: 40, spacing: spacing,
            labelWidths: labelWidths, labelHeight: 26)
    }

    func testEdgesAndCorners() {
        let cases: [(RestPosition, MenuDirection, LabelSide, UInt)] = [
            // (rest position, direction, label side)
            (.edge(.top, fraction: 0.5), .down, .left, #line),
            (.edge(.bottom, fraction: 0.5), .up, .left, #line),
            (.edge(.left, fraction: 0.5), .column, .right, #line),
            (.edge(.right, fraction: 0.5), .column, .left, #line),
            (.corner(.topLeft), .down, .right, #line),
            (.corner(.topRight), .down, .left, #line),
            (.corner(.bottomLeft), .up, .right, #line),
            (.corner(.bottomRight), .up, .left, #line),
            (.edge(.left, fraction: 0.1), .down, .right, #line),
            (.edge(.right, fraction: 0.9), .up, .left, #line),
        ]
        for (position, direction, side, line) in cases {
            let button = button(position, in: usable)
            for count in [1, 4, 8] {
                let menu = layout(button, count: count, in: usable)
                let what = "\(position.name) ×\(count)"
                XCTAssertEqual(menu.items.count, count, what, line: line)
                XCTAssertEqual(menu.direction, direction, what, line: line)
                checkInvariants(menu, button: button, usable: usable, what, line: line)
                for item in menu.items {
                    XCTAssertEqual(item.labelSide, side, what, line: line)
                    XCTAssertEqual(item.circle.width, 40, what, line: line)
                    XCTAssertEqual(item.circle.center.x, button.center.x, accuracy: 1e-9, what, line: line)
                }
                for (i, item) in menu.items.enumerated() {
                    switch direction {
                    case .up: XCTAssertLessThanOrEqual(item.circle.maxY, button.minY, what, line: line)
                    case .down: XCTAssertGreaterThanOrEqual(item.circle.minY, button.maxY, what, line: line)
                    case .column:
                        // The first half above, the rest below: top to bottom in item order.
                        if i < (count + 1) / 2 {
                            XCTAssertLessThan(item.circle.maxY, button.minY, what, line: line)
                        } else {
                            XCTAssertGreaterThan(item.circle.minY, button.maxY, what, line: line)
                        }
                        if i > 0 {
                            XCTAssertGreaterThan(
                                item.circle.minY, menu.items[i - 1].circle.maxY, what, line: line)
                        }
                    }
                }
                // Nothing was squeezed: full labels, and the configured gaps.
                for (i, item) in menu.items.enumerated() {
                    XCTAssertEqual(item.label.width, labelWidths[i], what, line: line)
                    XCTAssertEqual(item.label.height, 26, what, line: line)
                }
                let nearest =
                    direction == .column ? menu.items[(count + 1) / 2 - 1].circle : menu.items[0].circle
                let gap = direction == .down ? nearest.minY - button.maxY : button.minY - nearest.maxY
                XCTAssertEqual(gap, 12, accuracy: 1e-9, what, line: line)
            }
        }
    }

    /// Every rect inside `usable`; no two items (circles and pills) overlap,
    /// nor an item and its own pill, nor anything and the button; item 0
    /// nearest the button; bounds cover everything; pills on their side.
    private func checkInvariants(
        _ menu: MenuLayout, button: Rect, usable: Rect, _ what: String, line: UInt
    ) {
        var rects: [(Int, Rect)] = []
        for (i, item) in menu.items.enumerated() {
            rects.append((i, item.circle))
            if item.label.width > 0 { rects.append((i, item.label)) }
            switch item.labelSide {
            case .left: XCTAssertLessThanOrEqual(item.label.maxX, item.circle.minX, what, line: line)
            case .right: XCTAssertGreaterThanOrEqual(item.label.minX, item.circle.maxX, what, line: line)
            case .below: XCTFail("\(what): a column's label below its item", line: line)
            }
        }
        for (i, rect) in rects {
            XCTAssertTrue(inside(rect, usable), "\(what): item \(i) \(rect) leaves \(usable)", line: line)
            XCTAssertTrue(inside(rect, menu.bounds), "\(what): item \(i) outside bounds", line: line)
            XCTAssertFalse(overlaps(rect, button), "\(what): item \(i) \(rect) covers the button", line: line)
        }
        for a in 0..<rects.count {
            for b in (a + 1)..<rects.count {
                XCTAssertFalse(
                    overlaps(rects[a].1, rects[b].1), "\(what): \(rects[a]) overlaps \(rects[b])", line: line)
            }
        }
        // Up or down, item 0 is nearest the button; a column reads top to bottom.
        let keys = menu.items.map {
            menu.direction == .column ? $0.circle.center.y : $0.circle.center.distance(to: button.center)
        }
        for i in keys.indices.dropFirst() {
            XCTAssertGreaterThanOrEqual(keys[i], keys[i - 1] - 1e-9, "\(what): order", line: line)
        }
    }

    private func inside(_ r: Rect, _ outer: Rect) -> Bool {
        r.minX >= outer.minX - 1e-9 && r.minY >= outer.minY - 1e-9 && r.maxX <= outer.maxX + 1e-9
            && r.maxY <= outer.maxY + 1e-9
    }

    private func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX - 1e-9 && b.minX < a.maxX - 1e-9 && a.minY < b.maxY - 1e-9 && b.minY < a.maxY - 1e-9
    }

    func testExactColumnOnTheRightEdge() {
        let usable = Rect(x: 0, y: 0, width: 1000, height: 800)
        let button = Rect(x: 936, y: 372, width: 56, height: 56)
        let menu = MenuLayout.layout(
            button: button, usable: usable, count: 3, itemSize: 40, spacing: 12, labelWidths: [100, 50, 0],
            labelHeight: 26)
        XCTAssertEqual(menu.direction, .column)
        let expected: [(Rect, Rect)] = [
            // Two rows above, in order top to bottom: one pitch (52) further out first.
            (Rect(x: 944, y: 268, width: 40, height: 40), Rect(x: 836, y: 275, width: 100, height: 26)),
            // 12 px gap to the button, 40 px row.
            (Rect(x: 944, y: 320, width: 40, height: 40), Rect(x: 886, y: 327, width: 50, height: 26)),
            // Below; no label.
            (Rect(x: 944, y: 440, width: 40, height: 40), Rect(x: 936, y: 447, width: 0, height: 0)),
        ]
        for (i, (circle, label)) in expected.enumerated() {
            XCTAssertEqual(menu.items[i].circle, circle, "item \(i)")
            XCTAssertEqual(menu.items[i].label, label, "item \(i)")
            XCTAssertEqual(menu.items[i].labelSide, .left)
        }
        XCTAssertEqual(menu.bounds, Rect(x: 836, y: 268, width: 148, height: 212))
    }

    func testRowsTallerThanItemsFollowTheLabel() {
        let menu = MenuLayout.layout(
            button: Rect(x: 8, y: 900, width: 56, height: 56),
            usable: Rect(x: 0, y: 0, width: 800, height: 1000),
            count: 2, itemSize: 20, spacing: 4, labelWidths: [50, 50], labelHeight: 30)
        XCTAssertEqual(menu.direction, .up)
        // Rows are 30 tall: item 0's row is 866...896, item 1's 832...862.
        XCTAssertEqual(menu.items[0].circle, Rect(x: 26, y: 871, width: 20, height: 20))
        XCTAssertEqual(menu.items[0].label, Rect(x: 50, y: 866, width: 50, height: 30))
        XCTAssertEqual(menu.items[1].circle, Rect(x: 26, y: 837, width: 20, height: 20))
    }

    func testAColumnNearAnEndShiftsToTheOtherSide() {
        // In the middle third, but with room for only one row above: the
        // column moves down, past the button.
        let usable = Rect(x: 0, y: 0, width: 600, height: 60 + 56 + 52 * 2)
        let button = Rect(x: 536, y: 60, width: 56, height: 56)
        let menu = layout(button, count: 3, in: usable)
        XCTAssertEqual(menu.direction, .column)
        XCTAssertLessThan(menu.items[0].circle.maxY, button.minY)
        for i in 1..<3 { XCTAssertGreaterThan(menu.items[i].circle.minY, button.maxY, "item \(i)") }
        XCTAssertEqual(menu.items[2].circle.maxY, usable.maxY, accuracy: 1e-9, "exactly fills the room below")
        checkInvariants(menu, button: button, usable: usable, "shifted", line: #line)
    }

    func testTooLittleRoomShrinksSpacingThenRows() {
        let cases: [(Double, Double, Double, UInt)] = [
            // (usable height, expected diameter, expected gap between rows)
            (1080, 40, 12, #line),
            // 8 rows of 40 in 2 × 172: a pitch of 43, so 3 px gaps.
            (56 + 2 * 172, 40, 3, #line),
            // 2 × 122 of room: 4 rows of 30.5 on each side, touching.
            (300, 30.5, 0, #line),
        ]
        for (height, diameter, gap, line) in cases {
            let usable = Rect(x: 0, y: 0, width: 400, height: height)
            let button = Rect(x: 336, y: (height - 56) / 2, width: 56, height: 56)
            let menu = layout(button, count: 8, in: usable)
            XCTAssertEqual(menu.items[0].circle.width, diameter, accuracy: 1e-9, line: line)
            // Items 0...3 are above the button, top to bottom.
            let above = menu.items[0..<4].map(\.circle)
            XCTAssertEqual(above[1].minY - above[0].maxY, gap, accuracy: 1e-9, line: line)
            checkInvariants(menu, button: button, usable: usable, "height \(height)", line: line)
        }
    }

    func testNoRoomAtAllStaysFinite() {
        let usable = Rect(x: 0, y: 0, width: 56, height: 56)
        let menu = layout(Rect(x: 0, y: 0, width: 56, height: 56), count: 4, in: usable)
        XCTAssertEqual(menu.items.count, 4)
        for item in menu.items {
            XCTAssertEqual(item.circle.width, 0)
            XCTAssertTrue(item.circle.minX.isFinite && item.circle.minY.isFinite)
        }
        XCTAssertNil(menu.hitTest(Point(x: 28, y: 28)))
    }

    /// Issue 43: on a 360 px phone edit mode's "Double tap: Fulls…" ran its
    /// pill into the screen's edge. A pill cut short ends `spacing` (at
    /// least 5 px, its rim and shadow) from the edge, on either side.
    func testLongLabelsAreCutShortOfTheEdge() {
        let cases: [(Double, Double, Rect, UInt)] = [
            // The circle is at 244...284; the pill ends 8 px before it, and starts 12 px in.
            (236, 12, Rect(x: 12, y: 855, width: 224, height: 26), #line),
            (236, 0, Rect(x: 5, y: 855, width: 231, height: 26), #line),
            // The button on the left: the pill goes right, to 12 px short of the edge.
            (8, 12, Rect(x: 64, y: 855, width: 224, height: 26), #line),
        ]
        for (x, spacing, label, line) in cases {
            let usable = Rect(x: 0, y: 0, width: 300, height: 1000)
            let button = Rect(x: x, y: 900, width: 56, height: 56)
            let menu = MenuLayout.layout(
                button: button, usable: usable, count: 1, itemSize: 40, spacing: spacing, labelWidths: [500],
                labelHeight: 26)
            XCTAssertEqual(menu.items[0].label.minX, label.minX, line: line)
            XCTAssertEqual(menu.items[0].label.width, label.width, line: line)
        }
    }

    func testMissingLabelWidthsMeanNoPill() {
        let menu = MenuLayout.layout(
            button: Rect(x: 8, y: 38, width: 56, height: 56), usable: usable, count: 3, itemSize: 40,
            spacing: 12, labelWidths: [70], labelHeight: 26)
        XCTAssertEqual(menu.items[0].label.width, 70)
        XCTAssertEqual(menu.items[1].label.size, Size(width: 0, height: 0))
        XCTAssertEqual(menu.items[2].label.size, Size(width: 0, height: 0))
        XCTAssertEqual(menu.bounds.maxX, menu.items[0].label.maxX)
    }

    func testNoItems() {
        let button = Rect(x: 100, y: 100, width: 56, height: 56)
        let menu = layout(button, count: 0, in: usable)
        XCTAssertTrue(menu.items.isEmpty)
        XCTAssertEqual(menu.bounds, Rect(x: 128, y: 128, width: 0, height: 0))
        XCTAssertNil(menu.hitTest(Point(x: 128, y: 128)))
    }

    func testRowsAreAtLeastMinRowHeightAndTheCircleIsCentredInIt() {
        let usable = Rect(x: 0, y: 0, width: 1000, height: 800)
        let button = Rect(x: 936, y: 700, width: 56, height: 56)
        let menu = MenuLayout.layout(
            button: button, usable: usable, count: 2, itemSize: 40, spacing: 12, labelWidths: [100, 0],
            labelHeight: 26, minRowHeight: 48)
        // Going up: item 0's row is 700 - 12 - 48 = 640...688, its circle centred in it.
        XCTAssertEqual(menu.items[0].circle, Rect(x: 944, y: 644, width: 40, height: 40))
        XCTAssertEqual(menu.items[0].target, Rect(x: 836, y: 634, width: 148, height: 60))
        XCTAssertEqual(menu.items[1].circle, Rect(x: 944, y: 584, width: 40, height: 40))
        XCTAssertEqual(menu.items[1].target, Rect(x: 944, y: 574, width: 40, height: 60))
        XCTAssertEqual(menu.hitTest(Point(x: 840, y: 636)), 0)
        XCTAssertEqual(menu.hitTest(Point(x: 964, y: 633)), 1)
    }

    func testHitTest() {
        let usable = Rect(x: 0, y: 0, width: 1000, height: 800)
        let button = Rect(x: 936, y: 372, width: 56, height: 56)
        let menu = MenuLayout.layout(
            button: button, usable: usable, count: 3, itemSize: 40, spacing: 12, labelWidths: [100, 50, 0],
            labelHeight: 26)
        let cases: [(Point, Int?, UInt)] = [
            // Item 1's circle is at (944, 320) 40×40, its pill (886, 327) 50×26;
            // its row, with half the 12-px spacing each side, 886...984 × 314...366.
            (Point(x: 964, y: 340), 1, #line),
            (Point(x: 964, y: 321), 1, #line),
            (Point(x: 945, y: 321), 1, #line),  // the circle's square corner
            (Point(x: 890, y: 340), 1, #line),  // the pill
            (Point(x: 940, y: 340), 1, #line),  // between pill and circle
            (Point(x: 890, y: 315), 1, #line),  // above the pill, in half the spacing
            (Point(x: 885, y: 340), nil, #line),  // beyond the pill
            (Point(x: 984, y: 340), nil, #line),  // beyond the circle
            (Point(x: 840, y: 288), 0, #line),  // item 0's pill, (836, 275) 100×26
            (Point(x: 964, y: 313), 0, #line),  // item 0's half of the spacing
            (Point(x: 964, y: 314), 1, #line),  // item 1's half
            (Point(x: 964, y: 460), 2, #line),
            (Point(x: 900, y: 460), nil, #line),  // item 2 has no pill
            (Point(x: 964, y: 400), nil, #line),  // the button
            (Point(x: 964, y: 365), 1, #line),  // item 1's half of the gap to the button
            (Point(x: 964, y: 367), nil, #line),  // the button's half
        ]
        for (point, expected, line) in cases {
            XCTAssertEqual(menu.hitTest(point), expected, "\(point)", line: line)
        }
    }

    func testThirdsDecideTheDirection() {
        let usable = Rect(x: 0, y: 0, width: 900, height: 900)
        let cases: [(Double, MenuDirection, UInt)] = [
            // (button centre y, direction)
            (299, .down, #line),
            (300, .column, #line),
            (600, .column, #line),
            (601, .up, #line),
        ]
        for (y, direction, line) in cases {
            let menu = layout(Rect(x: 0, y: y - 28, width: 56, height: 56), count: 1, in: usable)
            XCTAssertEqual(menu.direction, direction, line: line)
        }
    }
}

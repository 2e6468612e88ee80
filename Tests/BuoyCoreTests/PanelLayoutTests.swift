import BuoyCore
import XCTest

final class PanelLayoutTests: XCTestCase {
    private let labelWidths: [Double] = [70, 140, 58, 90, 77, 120, 64, 180, 60]

    private func button(_ position: RestPosition, in usable: Rect) -> Rect {
        Rect(origin: position.origin(in: usable, size: 56, margin: 8), size: Size(width: 56, height: 56))
    }

    /// The labels as measured wrapped to the first of `panelLabelWidths`:
    /// no wider (`PhonePanelTests` measures real ones).
    private func panel(_ button: Rect, count: Int, in usable: Rect) -> MenuLayout {
        let first = MenuLayout.panelLabelWidths(
            button: button, usable: usable, count: count, itemSize: 40, spacing: 12, minRowHeight: 48)[0]
        return MenuLayout.panel(
            button: button, usable: usable, count: count, itemSize: 40, spacing: 12,
            labelWidths: labelWidths.map { min($0, first) }, labelHeight: 26, minRowHeight: 48)
    }

    /// Issue 43: labels that fit no 3-wide cell beside the button (the
    /// drawing helper measured them wrapped to a wider one) make a 2-wide
    /// grid there, or take the side with the room, rather than cut them.
    func testLabelsTooWideForThreeColumnsReflowTheGrid() {
        let cases: [(Size, RestPosition, Double, Side, Int, UInt)] = [
            // A 360 px phone, the button at its right edge: 3 × 82 px beside it, 2 × 124.
            (Size(width: 360, height: 720), .edge(.right, fraction: 0.5), 70, .left, 3, #line),
            (Size(width: 360, height: 720), .edge(.right, fraction: 0.5), 100, .left, 2, #line),
            // Wider than 2 × 124: above or below, where the whole width gives 2 × 140.
            (Size(width: 360, height: 720), .corner(.bottomRight), 130, .above, 2, #line),
            (Size(width: 320, height: 640), .edge(.left, fraction: 0.5), 90, .right, 2, #line),
            // A desktop: 3 × 140 beside it, as ever.
            (Size(width: 1280, height: 720), .edge(.right, fraction: 0.5), 140, .left, 3, #line),
        ]
        for (output, position, widest, side, columns, line) in cases {
            let usable = Rect(origin: Point(x: 0, y: 0), size: output)
            let button = button(position, in: usable)
            let menu = MenuLayout.panel(
                button: button, usable: usable, count: 8, itemSize: 40, spacing: 12,
                labelWidths: [widest, 50, 50, 50, 50, 50, 50, 50], labelHeight: 40, minRowHeight: 48)
            let what = "\(output) \(position.name) \(widest)"
            guard let frame = menu.panel?.frame else { return XCTFail(what, line: line) }
            XCTAssertEqual(menu.panel?.columns, columns, what, line: line)
            XCTAssertEqual(menu.items[0].label.width, widest, "\(what): the label whole", line: line)
            XCTAssertTrue(inside(frame, usable), "\(what): \(frame)", line: line)
            switch side {
            case .right: XCTAssertGreaterThanOrEqual(frame.minX, button.maxX, what, line: line)
            case .left: XCTAssertLessThanOrEqual(frame.maxX, button.minX, what, line: line)
            case .below: XCTAssertGreaterThanOrEqual(frame.minY, button.maxY, what, line: line)
            case .above: XCTAssertLessThanOrEqual(frame.maxY, button.minY, what, line: line)
            }
        }
        // The widths the helper measures at, best first: the grids above, each width once; on
        // the right, no room but the narrowest cell; then 4 columns, beside and above.
        let phone = Rect(x: 0, y: 0, width: 360, height: 720)
        let widths = MenuLayout.panelLabelWidths(
            button: button(.edge(.right, fraction: 0.5), in: phone), usable: phone, count: 8, itemSize: 40,
            spacing: 12, minRowHeight: 48)
        XCTAssertEqual(widths.map { $0.rounded(.down) }, [82, 124, 104, 140, 52, 62, 78], "\(widths)")
    }

    private enum Side { case left, right, above, below }

    /// Where the panel is on the button's side: off the edge the button rests on.
    func testEdgesAndCornersOnAPhoneAndADesktop() {
        let phone = Rect(x: 0, y: 0, width: 360, height: 640)
        let desktop = Rect(x: 0, y: 0, width: 1280, height: 720)
        let cases: [(RestPosition, Side, UInt)] = [
            (.edge(.left, fraction: 0.5), .right, #line),
            (.edge(.right, fraction: 0.5), .left, #line),
            (.edge(.top, fraction: 0.5), .below, #line),
            (.edge(.bottom, fraction: 0.5), .above, #line),
            (.corner(.topLeft), .right, #line),
            (.corner(.topRight), .left, #line),
            (.corner(.bottomLeft), .right, #line),
            (.corner(.bottomRight), .left, #line),
            (.edge(.right, fraction: 0.05), .left, #line),
        ]
        for usable in [phone, desktop] {
            for (position, side, line) in cases {
                let button = button(position, in: usable)
                for count in 1...MenuLayout.panelCapacity {
                    let menu = panel(button, count: count, in: usable)
                    let what = "\(Int(usable.width))x\(Int(usable.height)) \(position.name) ×\(count)"
                    guard let frame = menu.panel?.frame else { return XCTFail(what, line: line) }
                    XCTAssertEqual(menu.items.count, count, what, line: line)
                    XCTAssertEqual(menu.bounds, frame, what, line: line)
                    XCTAssertEqual(menu.origin, button.center, what, line: line)
                    XCTAssertTrue(inside(frame, usable), "\(what): \(frame) leaves \(usable)", line: line)
                    XCTAssertFalse(overlaps(frame, button), "\(what): \(frame) covers \(button)", line: line)
                    XCTAssertEqual(frame, frame.wholePixels, "\(what): \(frame) off whole px", line: line)
                    switch side {
                    case .right: XCTAssertGreaterThanOrEqual(frame.minX, button.maxX + 12, what, line: line)
                    case .left: XCTAssertLessThanOrEqual(frame.maxX, button.minX - 12, what, line: line)
                    case .below: XCTAssertGreaterThanOrEqual(frame.minY, button.maxY + 12, what, line: line)
                    case .above: XCTAssertLessThanOrEqual(frame.maxY, button.minY - 12, what, line: line)
                    }
                    checkGrid(menu, what, line: line)
                }
            }
        }
    }

    /// Rows of up to 3, filled in item order; 4 items are 2 × 2; cells are
    /// touch targets at least `minRowHeight` square, in the panel, apart.
    private func checkGrid(_ menu: MenuLayout, _ what: String, line: UInt) {
        guard let panel = menu.panel else { return }
        let count = menu.items.count
        let columns = count == 4 ? 2 : min(count, 3)
        XCTAssertEqual(panel.columns, columns, what, line: line)
        XCTAssertLessThanOrEqual(panel.columns, 3, what, line: line)
        for (i, item) in menu.items.enumerated() {
            XCTAssertEqual(item.labelSide, .below, what, line: line)
            XCTAssertTrue(inside(item.target, panel.frame), "\(what): cell \(i) leaves the panel", line: line)
            XCTAssertGreaterThanOrEqual(item.target.width, 48, what, line: line)
            XCTAssertGreaterThanOrEqual(item.target.height, 48, what, line: line)
            XCTAssertTrue(inside(item.circle, item.target), "\(what): item \(i)'s icon", line: line)
            XCTAssertEqual(item.circle.width, 40, what, line: line)
            if item.label.width > 0 {
                XCTAssertTrue(inside(item.label, item.target), "\(what): item \(i)'s label", line: line)
                XCTAssertGreaterThanOrEqual(item.label.minY, item.circle.maxY, what, line: line)
                XCTAssertEqual(item.label.center.x, item.circle.center.x, accuracy: 1e-9, what, line: line)
            }
            XCTAssertEqual(menu.hitTest(item.target.center), i, what, line: line)
            if i > 0 {
                let before = menu.items[i - 1].target
                if i % columns == 0 {
                    XCTAssertGreaterThanOrEqual(
                        item.target.minY, before.maxY, "\(what): row of \(i)", line: line)
                } else {
                    XCTAssertEqual(item.target.minY, before.minY, what, line: line)
                    XCTAssertGreaterThanOrEqual(
                        item.target.minX, before.maxX - 1e-9, "\(what): \(i) after \(i - 1)", line: line)
                }
            }
            for j in 0..<i {
                XCTAssertFalse(
                    overlaps(item.target, menu.items[j].target), "\(what): \(i) and \(j)", line: line)
            }
        }
    }

    func testAPressOnTheBackdropBetweenItemsIsNeitherAnItemNorOutside() throws {
        let button = Rect(x: 1216, y: 332, width: 56, height: 56)
        let usable = Rect(x: 0, y: 0, width: 1280, height: 720)
        let panel = MenuLayout.panel(
            button: button, usable: usable, count: 5, itemSize: 40, spacing: 12,
            labelWidths: [60, 60, 60, 60, 60], labelHeight: 26, minRowHeight: 48)
        let frame = try XCTUnwrap(panel.panel).frame
        XCTAssertEqual(panel.touch(at: panel.items[3].circle.center), .item(3))
        XCTAssertEqual(panel.touch(at: Point(x: frame.minX + 2, y: frame.center.y)), .backdrop, "its padding")
        // The unfilled end of the last row (5 items: 3 + 2, the 2 centred).
        XCTAssertEqual(
            panel.touch(at: Point(x: frame.minX + 4, y: panel.items[4].target.center.y)), .backdrop)
        XCTAssertEqual(panel.touch(at: Point(x: frame.minX - 2, y: frame.center.y)), .outside)
        XCTAssertEqual(panel.touch(at: button.center), .outside)

        let column = MenuLayout.layout(
            button: button, usable: usable, count: 2, itemSize: 40, spacing: 12, labelWidths: [60, 60],
            labelHeight: 26)
        XCTAssertEqual(column.touch(at: column.items[1].circle.center), .item(1))
        XCTAssertEqual(column.touch(at: Point(x: 10, y: 10)), .outside, "a column has no backdrop")
    }

    func testALastRowThatIsNotFullIsCentred() {
        let usable = Rect(x: 0, y: 0, width: 1280, height: 720)
        let menu = panel(button(.edge(.right, fraction: 0.5), in: usable), count: 5, in: usable)
        let first = menu.items[0...2].map(\.circle.center.x)
        let last = menu.items[3...4].map(\.circle.center.x)
        XCTAssertEqual((last[0] + last[1]) / 2, first[1], accuracy: 1e-9)
    }

    func testOneRowsLabelStandsClearOfTheNextRowsIcon() {
        let usable = Rect(x: 0, y: 0, width: 1280, height: 720)
        let menu = MenuLayout.panel(
            button: button(.edge(.right, fraction: 0.5), in: usable), usable: usable, count: 6, itemSize: 40,
            spacing: 12, labelWidths: Array(repeating: 60, count: 6), labelHeight: 26, minRowHeight: 48)
        // At least `rowGap` (12 px at 40) between a label and the circle below it, and the
        // same between the cells' content: rows parted evenly.
        let between = menu.items[3].circle.minY - menu.items[0].label.maxY
        XCTAssertEqual(between, MenuLayout.rowGap(diameter: 40), accuracy: 1e-9)
        XCTAssertEqual(menu.items[0].target.height, 40 + 8 + 26 + 12, accuracy: 1e-9)
        // Inside the cell, the icon (80 % of the circle on a panel) sits 4 px in from the circle.
        let iconTop = menu.items[3].circle.minY + 40 * (1 - MenuLayout.Kind.panel.iconFraction) / 2
        XCTAssertGreaterThanOrEqual(iconTop - menu.items[0].label.maxY, 16 - 1e-9)
    }

    func testALabelIsCutToItsCell() {
        let usable = Rect(x: 0, y: 0, width: 1280, height: 720)
        let menu = MenuLayout.panel(
            button: button(.edge(.right, fraction: 0.5), in: usable), usable: usable, count: 2, itemSize: 40,
            spacing: 12, labelWidths: [400, 30], labelHeight: 26, minRowHeight: 48)
        // The widest label makes cells wide up to three and a half times the item, where the
        // labels wrap.
        XCTAssertEqual(menu.items[0].target.width, 140)
        XCTAssertEqual(menu.items[0].label.width, 140)
        XCTAssertEqual(menu.items[1].label.width, 30)
        XCTAssertEqual(MenuLayout.labelWrapWidth(.panel, itemSize: 40), 140)
        XCTAssertNil(MenuLayout.labelWrapWidth(.column, itemSize: 40))
    }

    /// Issue 34: at the bottom-right corner the panel's frame reached the
    /// usable area's last row, so the last pixel row cut its lower rim. It
    /// keeps `spacing` from every edge, its images (rim and shadow) on screen.
    func testThePanelKeepsItsMarginFromTheEdges() {
        let corners: [(RestPosition, UInt)] = [
            (.corner(.bottomRight), #line), (.corner(.topRight), #line), (.corner(.bottomLeft), #line),
            (.corner(.topLeft), #line), (.edge(.bottom, fraction: 0.98), #line),
        ]
        for usable in [
            Rect(x: 0, y: 0, width: 1280, height: 720), Rect(x: 0, y: 30, width: 360, height: 610),
        ] {
            for (position, line) in corners {
                for count in 1...MenuLayout.panelCapacity {
                    let menu = panel(button(position, in: usable), count: count, in: usable)
                    guard let frame = menu.panel?.frame else { return XCTFail("no panel", line: line) }
                    let what = "\(position.name) ×\(count) in \(usable): \(frame)"
                    XCTAssertTrue(inside(frame, usable.insetBy(12)), what, line: line)
                    for sprite in MenuSprite.sprites(for: menu) where sprite.part == .panel {
                        XCTAssertTrue(
                            inside(sprite.image, usable), "\(what): its image \(sprite.image)", line: line)
                    }
                }
            }
        }
        // Without spacing, still room for its rim and shadow.
        let usable = Rect(x: 0, y: 0, width: 1280, height: 720)
        let menu = MenuLayout.panel(
            button: button(.corner(.bottomRight), in: usable), usable: usable, count: 8, itemSize: 40,
            spacing: 0, labelWidths: labelWidths, labelHeight: 26, minRowHeight: 48)
        let image = MenuSprite.sprites(for: menu)[0].image
        XCTAssertTrue(inside(image, usable), "\(image)")
    }

    func testAPanelTooBigForTheOutputShrinksBesideTheButton() {
        let usable = Rect(x: 0, y: 0, width: 200, height: 150)
        let button = button(.edge(.right, fraction: 0.5), in: usable)
        let menu = panel(button, count: 8, in: usable)
        guard let frame = menu.panel?.frame else { return XCTFail("no panel") }
        XCTAssertTrue(inside(frame, usable), "\(frame)")
        XCTAssertFalse(overlaps(frame, button), "\(frame)")
        XCTAssertLessThan(menu.items[0].circle.width, 40)
        for item in menu.items { XCTAssertTrue(inside(item.target, frame)) }
    }

    func testNoItemsIsAnEmptyPanelAtTheButton() {
        let usable = Rect(x: 0, y: 0, width: 360, height: 640)
        let button = button(.corner(.topLeft), in: usable)
        let menu = panel(button, count: 0, in: usable)
        XCTAssertTrue(menu.items.isEmpty)
        XCTAssertNil(menu.panel)
        XCTAssertEqual(menu.bounds.center, button.center)
    }

    func testItemsBeyondTheCapacityAreLeftOut() {
        let usable = Rect(x: 0, y: 0, width: 1280, height: 720)
        let menu = panel(button(.edge(.left, fraction: 0.5), in: usable), count: 12, in: usable)
        XCTAssertEqual(menu.items.count, MenuLayout.panelCapacity)
        XCTAssertEqual(menu.panel?.columns, 3)
    }

    func testArrangeTakesTheKind() {
        let usable = Rect(x: 0, y: 0, width: 1280, height: 720)
        let b = button(.edge(.right, fraction: 0.5), in: usable)
        for kind in MenuLayout.Kind.allCases {
            let menu = MenuLayout.arrange(
                kind, button: b, usable: usable, count: 3, itemSize: 40, spacing: 12,
                labelWidths: labelWidths,
                labelHeight: 26, minRowHeight: 48)
            XCTAssertEqual(menu.panel != nil, kind == .panel, "\(kind)")
        }
    }

    private func inside(_ r: Rect, _ outer: Rect) -> Bool {
        r.minX >= outer.minX - 1e-9 && r.maxX <= outer.maxX + 1e-9 && r.minY >= outer.minY - 1e-9
            && r.maxY <= outer.maxY + 1e-9
    }

    private func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX - 1e-9 && b.minX < a.maxX - 1e-9 && a.minY < b.maxY - 1e-9 && b.minY < a.maxY - 1e-9
    }
}

extension Rect {
    fileprivate func insetBy(_ d: Double) -> Rect {
        Rect(x: minX + d, y: minY + d, width: width - 2 * d, height: height - 2 * d)
    }

    fileprivate var wholePixels: Rect {
        Rect(x: minX.rounded(), y: minY.rounded(), width: width.rounded(), height: height.rounded())
    }
}

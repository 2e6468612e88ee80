import XCTest

@testable import BuoyCore

/// The drawing helper lays the menu out from a `MenuArrangement` and the
/// sizes it measured; buoy lays it out with `MenuLayout.arrange` from the
/// sizes reported. Both must come to the same layout.
final class MenuArrangementTests: XCTestCase {
    /// Issue 43: a greyed item's hint (a second line under its label) made
    /// every pill of a column two lines high and moved the column by ~10
    /// px. Only that pill grows, centred on its item; no row moves.
    func testAStatusLineUnderOneLabelMovesNoRowOfAColumn() {
        let plain = [Size(width: 81, height: 27), Size(width: 90, height: 27), Size(width: 140, height: 27)]
        var hinted = plain
        hinted[1] = Size(width: 150, height: 48)
        let usable = Rect(x: 0, y: 0, width: 360, height: 720)
        let cases: [(Rect, Double, UInt)] = [
            (Rect(x: 296, y: 332, width: 56, height: 56), 0, #line),
            (Rect(x: 8, y: 640, width: 56, height: 56), 48, #line),
            (Rect(x: 280, y: 16, width: 72, height: 72), 56, #line),
        ]
        for (button, minRowHeight, line) in cases {
            let arrangement = MenuArrangement(
                kind: .column, button: button, usable: usable, count: 3, itemSize: 48, spacing: 12,
                minRowHeight: minRowHeight)
            let before = arrangement.arrange(labels: plain)
            let after = arrangement.arrange(labels: hinted)
            XCTAssertEqual(after.items.map(\.circle), before.items.map(\.circle), line: line)
            for i in [0, 2] {
                XCTAssertEqual(after.items[i].label, before.items[i].label, line: line)
                XCTAssertEqual(after.items[i].target, before.items[i].target, line: line)
            }
            let pill = after.items[1].label
            XCTAssertEqual(pill.height, 48, "the hint's pill whole", line: line)
            XCTAssertEqual(pill.center.y, after.items[1].circle.center.y, accuracy: 1e-9, line: line)
            XCTAssertFalse(pill.intersects(after.items[0].label), line: line)
            XCTAssertFalse(pill.intersects(after.items[2].label), line: line)
        }
    }

    func testItLaysTheMenuOutAsArrangeDoes() {
        let labels = [Size(width: 81, height: 27), Size(width: 0, height: 0), Size(width: 140, height: 31)]
        for kind in MenuLayout.Kind.allCases {
            for (button, minRowHeight) in [
                (Rect(x: 1216, y: 332, width: 56, height: 56), 0.0),
                (Rect(x: 8, y: 8, width: 64, height: 64), 60),
            ] {
                let arrangement = MenuArrangement(
                    kind: kind, button: button, usable: Rect(x: 0, y: 0, width: 1280, height: 720),
                    count: labels.count, itemSize: 48, spacing: 12, minRowHeight: minRowHeight)
                // A panel's cells as high as its tallest label; a column's rows as its shortest,
                // each pill its own height.
                XCTAssertEqual(
                    arrangement.arrange(labels: labels),
                    MenuLayout.arrange(
                        kind, button: button, usable: Rect(x: 0, y: 0, width: 1280, height: 720), count: 3,
                        itemSize: 48, spacing: 12, labelWidths: [81, 0, 140],
                        labelHeight: kind == .panel ? 31 : 27, minRowHeight: minRowHeight,
                        labelHeights: kind == .panel ? [] : [27, 0, 31]), "\(kind)")
            }
        }
    }
}

import XCTest

@testable import BuoyCore

/// The drawing helper lays the menu out from a `MenuArrangement` and the
/// sizes it measured; buoy lays it out with `MenuLayout.arrange` from the
/// sizes reported. Both must come to the same layout.
final class MenuArrangementTests: XCTestCase {
    func testItLaysTheMenuOutAsArrangeDoesWithTheTallestLabel() {
        let labels = [Size(width: 81, height: 27), Size(width: 0, height: 0), Size(width: 140, height: 31)]
        for kind in MenuLayout.Kind.allCases {
            for (button, minRowHeight) in [
                (Rect(x: 1216, y: 332, width: 56, height: 56), 0.0),
                (Rect(x: 8, y: 8, width: 64, height: 64), 60),
            ] {
                let arrangement = MenuArrangement(
                    kind: kind, button: button, usable: Rect(x: 0, y: 0, width: 1280, height: 720),
                    count: labels.count, itemSize: 48, spacing: 12, minRowHeight: minRowHeight)
                XCTAssertEqual(
                    arrangement.arrange(labels: labels),
                    MenuLayout.arrange(
                        kind, button: button, usable: Rect(x: 0, y: 0, width: 1280, height: 720), count: 3,
                        itemSize: 48, spacing: 12, labelWidths: [81, 0, 140], labelHeight: 31,
                        minRowHeight: minRowHeight), "\(kind)")
            }
        }
    }
}

import BuoyCore
import XCTest

private func pt(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

final class SnappingTests: XCTestCase {
    private let screen = Rect(x: 0, y: 0, width: 1280, height: 720)
    private let paneled = Rect(x: 0, y: 30, width: 1280, height: 650)

    /// Snaps a button (size 56, margin 8) released at `center` and checks both
    /// the rest position's name and where it lands.
    private func check(
        _ mode: SnapMode, _ usable: Rect, _ cases: [(Point, String, Point, UInt)],
        file: StaticString = #filePath
    ) {
        for (center, name, origin, line) in cases {
            let rest = Snapping.rest(forCenter: center, mode: mode, size: 56, margin: 8, in: usable)
            XCTAssertEqual(rest.name, name, "\(center)", file: file, line: line)
            let o = rest.origin(in: usable, size: 56, margin: 8)
            XCTAssertEqual(o.x, origin.x, accuracy: 1e-9, "\(center)", file: file, line: line)
            XCTAssertEqual(o.y, origin.y, accuracy: 1e-9, "\(center)", file: file, line: line)
        }
    }

    func testEdgeSnapping() {
        check(
            .edge, screen,
            [
                (pt(10, 300), "left", pt(8, 272), #line),
                (pt(1270, 100), "right", pt(1216, 72), #line),
                (pt(640, 5), "top", pt(612, 8), #line),
                (pt(640, 715), "bottom", pt(612, 656), #line),
                (pt(300, 400), "left", pt(8, 372), #line),
                (pt(1000, 650), "bottom", pt(972, 656), #line),
                // Kept coordinate clamped so the button stays on screen.
                (pt(3, 2), "top", pt(8, 8), #line),
                (pt(2, 715), "left", pt(8, 656), #line),
                // Ties go left, right, top, bottom.
                (pt(1279, 719), "right", pt(1216, 656), #line),
                (pt(360, 360), "left", pt(8, 332), #line),
                // Dropped beyond an edge.
                (pt(-50, 300), "left", pt(8, 272), #line),
                (pt(1400, 300), "right", pt(1216, 272), #line),
            ])
    }

    func testEdgeSnappingWithExclusiveZones() {
        check(
            .edge, paneled,
            [
                (pt(5, 40), "left", pt(8, 38), #line),
                (pt(640, 35), "top", pt(612, 38), #line),
                (pt(100, 675), "bottom", pt(72, 616), #line),
                (pt(1275, 400), "right", pt(1216, 372), #line),
                // Over the panel: still snaps into the usable area.
                (pt(640, 10), "top", pt(612, 38), #line),
            ])
    }

    func testCornerSnapping() {
        check(
            .corner, screen,
            [
                (pt(100, 100), "top-left", pt(8, 8), #line),
                (pt(1200, 100), "top-right", pt(1216, 8), #line),
                (pt(100, 650), "bottom-left", pt(8, 656), #line),
                (pt(1200, 650), "bottom-right", pt(1216, 656), #line),
                (pt(640, 360), "center", pt(612, 332), #line),
                (pt(500, 300), "center", pt(612, 332), #line),
                (pt(300, 200), "top-left", pt(8, 8), #line),
                (pt(-100, 2000), "bottom-left", pt(8, 656), #line),
            ])
        check(
            .corner, paneled,
            [
                (pt(640, 355), "center", pt(612, 327), #line),
                (pt(20, 40), "top-left", pt(8, 38), #line),
                (pt(1270, 670), "bottom-right", pt(1216, 616), #line),
            ])
    }

    func testNoSnappingClampsWithoutMargin() {
        check(
            .none, screen,
            [
                (pt(640, 360), "free", pt(612, 332), #line),
                (pt(100, 200), "free", pt(72, 172), #line),
                (pt(10, 10), "free", pt(0, 0), #line),
                (pt(1300, 800), "free", pt(1224, 664), #line),
            ])
        check(
            .none, paneled,
            [
                (pt(20, 20), "free", pt(0, 30), #line),
                (pt(500, 700), "free", pt(472, 624), #line),
            ])
        let rest = Snapping.rest(forCenter: pt(28, 692), mode: .none, size: 56, margin: 8, in: screen)
        XCTAssertEqual(rest, .free(fx: 0, fy: 1))
    }

    func testEdgeFractionSurvivesResolutionChange() {
        // Snapped a quarter of the way down the right edge of 1280x720 ...
        let rest = Snapping.rest(forCenter: pt(1250, 198), mode: .edge, size: 56, margin: 8, in: screen)
        XCTAssertEqual(rest, .edge(.right, fraction: 0.25))
        // ... stays a quarter of the way down on 1920x1080 and with panels.
        let big = Rect(x: 0, y: 0, width: 1920, height: 1080)
        XCTAssertEqual(rest.origin(in: big, size: 56, margin: 8), pt(1856, 260))
        XCTAssertEqual(rest.origin(in: paneled, size: 56, margin: 8), pt(1216, 182.5))
    }

    func testTinyUsableArea() {
        let tiny = Rect(x: 0, y: 0, width: 40, height: 40)
        for mode in SnapMode.allCases {
            for center in [pt(0, 0), pt(20, 20), pt(500, -500)] {
                let rest = Snapping.rest(forCenter: center, mode: mode, size: 56, margin: 8, in: tiny)
                XCTAssertEqual(rest.origin(in: tiny, size: 56, margin: 8), pt(-8, -8), "\(mode) \(center)")
            }
        }
        let empty = Rect(x: 0, y: 0, width: 0, height: 0)
        let rest = Snapping.rest(forCenter: pt(5, 5), mode: .edge, size: 56, margin: 8, in: empty)
        let o = rest.origin(in: empty, size: 56, margin: 8)
        XCTAssertFalse(o.x.isNaN || o.y.isNaN)
    }

    func testClampOrigin() {
        let cases: [(Point, Rect, Point, UInt)] = [
            (pt(100, 100), screen, pt(100, 100), #line),
            (pt(-20, -1), screen, pt(0, 0), #line),
            (pt(1250, 700), screen, pt(1224, 664), #line),
            (pt(1224, 664), screen, pt(1224, 664), #line),
            (pt(-20, 0), paneled, pt(0, 30), #line),
            (pt(10, 650), paneled, pt(10, 624), #line),
            (pt(10, 10), Rect(x: 0, y: 0, width: 40, height: 40), pt(-8, -8), #line),
            (pt(.nan, 50), screen, pt(0, 50), #line),
        ]
        for (origin, usable, expected, line) in cases {
            XCTAssertEqual(Snapping.clampOrigin(origin, size: 56, in: usable), expected, line: line)
        }
    }

    func testTuckedOrigin() {
        let cases: [(RestPosition, Rect, Point, UInt)] = [
            (.edge(.left, fraction: 0.5), screen, pt(-28, 332), #line),
            (.edge(.right, fraction: 0.5), screen, pt(1252, 332), #line),
            (.edge(.top, fraction: 0.5), screen, pt(612, -28), #line),
            (.edge(.bottom, fraction: 0.5), screen, pt(612, 692), #line),
            (.edge(.top, fraction: 0.5), paneled, pt(612, 2), #line),
            (.edge(.bottom, fraction: 0), paneled, pt(8, 652), #line),
            (.corner(.topLeft), screen, pt(-28, 8), #line),
            (.corner(.bottomLeft), screen, pt(-28, 656), #line),
            (.corner(.topRight), screen, pt(1252, 8), #line),
            (.corner(.bottomRight), paneled, pt(1252, 616), #line),
            (.center, screen, pt(612, 332), #line),
            (.free(fx: 0, fy: 0.5), screen, pt(0, 332), #line),
        ]
        for (rest, usable, expected, line) in cases {
            let origin = rest.origin(in: usable, size: 56, margin: 8)
            let tucked = Snapping.tuckedOrigin(rest: origin, position: rest, size: 56, in: usable)
            XCTAssertEqual(tucked, expected, "\(rest)", line: line)
        }
    }
}

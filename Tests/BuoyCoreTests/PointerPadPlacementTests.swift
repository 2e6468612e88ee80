import BuoyCore
import XCTest

final class PointerPadPlacementTests: XCTestCase {
    /// Issue 45 §1: 60 % of the width, a third of the height, centred
    /// across, on each output size and rotation, never under the minimum
    /// or past the margins.
    func testWhereThePadGoes() {
        typealias Place = PointerPadPlacement.Place
        let rows: [(area: Size, place: Place, frame: Rect, UInt)] = [
            (Size(width: 1280, height: 720), .bottom, Rect(x: 256, y: 464, width: 768, height: 240), #line),
            (Size(width: 1280, height: 720), .top, Rect(x: 256, y: 16, width: 768, height: 240), #line),
            (Size(width: 1280, height: 720), .middle, Rect(x: 256, y: 240, width: 768, height: 240), #line),
            // The same output rotated: portrait.
            (Size(width: 720, height: 1280), .bottom, Rect(x: 144, y: 837, width: 432, height: 427), #line),
            // A phone: 360×720 logical.
            (Size(width: 360, height: 720), .bottom, Rect(x: 72, y: 464, width: 216, height: 240), #line),
            // A phone in landscape: the height's third is under the minimum.
            (Size(width: 720, height: 300), .bottom, Rect(x: 144, y: 164, width: 432, height: 120), #line),
            // Smaller than the minimum: the area less its margins.
            (Size(width: 150, height: 100), .bottom, Rect(x: 16, y: 16, width: 118, height: 68), #line),
        ]
        for (area, place, frame, line) in rows {
            let placement = PointerPadPlacement(area: area, width: 0.6, height: 1.0 / 3, place: place)
            XCTAssertEqual(placement.frame, frame, "\(area) \(place)", line: line)
        }
    }

    func testMovedStaysInside() {
        let pad = PointerPadPlacement(frame: Rect(x: 100, y: 100, width: 200, height: 150))
        let area = Size(width: 400, height: 300)
        XCTAssertEqual(pad.moved(by: Point(x: 50, y: -20), in: area).frame.origin, Point(x: 150, y: 80))
        XCTAssertEqual(pad.moved(by: Point(x: 500, y: 500), in: area).frame.origin, Point(x: 200, y: 150))
        XCTAssertEqual(pad.moved(by: Point(x: -500, y: -500), in: area).frame.origin, Point(x: 0, y: 0))
    }
}

import BuoyCore
import XCTest

final class SpritePlacementTests: XCTestCase {
    private let image = Rect(x: 100, y: 200, width: 60, height: 40)
    private let center = Point(x: 120, y: 220)

    func testScaleOneKeepsTheImage() {
        XCTAssertEqual(SpritePlacement.place(image, scaledBy: 1, around: center), image)
    }

    func testScalesAroundTheCentreNotTheImageCentre() {
        // The centre is 20 px from the left edge and 40 from the right.
        XCTAssertEqual(
            SpritePlacement.place(image, scaledBy: 0.5, around: center),
            Rect(x: 110, y: 210, width: 30, height: 20))
        XCTAssertEqual(
            SpritePlacement.place(image, scaledBy: 1.1, around: center),
            Rect(x: 98, y: 198, width: 66, height: 44))
    }

    func testEdgesLandOnWholePixels() throws {
        for scale in stride(from: 0.05, through: 1.1, by: 0.05) {
            let rect = try XCTUnwrap(SpritePlacement.place(image, scaledBy: scale, around: center))
            for value in [rect.minX, rect.minY, rect.width, rect.height] {
                XCTAssertEqual(value, value.rounded(), "scale \(scale)")
            }
            XCTAssertEqual(rect.width, image.width * scale, accuracy: 1, "scale \(scale)")
        }
    }

    func testUnderOnePixelIsHidden() {
        XCTAssertNil(SpritePlacement.place(image, scaledBy: 0, around: center))
        XCTAssertNil(SpritePlacement.place(image, scaledBy: 0.01, around: center))
        XCTAssertNil(SpritePlacement.place(image, scaledBy: -1, around: center))
        XCTAssertNil(SpritePlacement.place(image, scaledBy: .nan, around: center))
        XCTAssertNil(SpritePlacement.place(image, scaledBy: .infinity, around: center))
        XCTAssertNotNil(SpritePlacement.place(image, scaledBy: 0.05, around: center))
    }
}

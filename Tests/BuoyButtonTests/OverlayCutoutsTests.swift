import BuoyButton
import BuoyCore
import XCTest

final class OverlayCutoutsTests: XCTestCase {
    /// Issue 44 §2: a button is cut out of the click overlay at each place
    /// its surface could be within the output, which bars may have made
    /// smaller on either side.
    func testEachPlaceTheButtonCouldBe() {
        let whole = Size(width: 1280, height: 720)
        let button = Rect(x: 1216, y: 332, width: 56, height: 56)
        let rows: [([OverlayCutouts.Button], [Rect], UInt)] = [
            ([], [], #line),
            ([.init(rect: button, area: whole)], [button], #line),
            // A bar 30 px high, at the top or the bottom.
            (
                [.init(rect: button, area: Size(width: 1280, height: 690))],
                [button, Rect(x: 1216, y: 362, width: 56, height: 56)], #line
            ),
            // Bars on both axes: four places.
            (
                [.init(rect: button, area: Size(width: 1240, height: 700))],
                [
                    button, Rect(x: 1216, y: 352, width: 56, height: 56),
                    Rect(x: 1256, y: 332, width: 56, height: 56),
                    Rect(x: 1256, y: 352, width: 56, height: 56),
                ], #line
            ),
            // A surface larger than the output (it has not caught up): no spare room.
            ([.init(rect: button, area: Size(width: 1920, height: 1080))], [button], #line),
            (
                [
                    .init(rect: button, area: whole),
                    .init(rect: Rect(x: 8, y: 8, width: 40, height: 40), area: whole),
                ],
                [button, Rect(x: 8, y: 8, width: 40, height: 40)], #line
            ),
        ]
        for (buttons, expected, line) in rows {
            XCTAssertEqual(OverlayCutouts.rects(on: whole, buttons: buttons), expected, line: line)
        }
    }
}

import BuoyCore
import XCTest

final class OutputLayoutTests: XCTestCase {
    private let own = Rect(x: 0, y: 0, width: 1280, height: 720)

    func testOtherOutputsInTheButtonsCoordinates() {
        let cases: [(name: String, own: Rect, usable: Size, others: [OutputLayout.Other], areas: [Rect])] = [
            (
                "no bars: each output's whole rect, moved by the own output's place",
                own, Size(width: 1280, height: 720),
                [
                    .init(name: "right", rect: Rect(x: 1280, y: 0, width: 1920, height: 1080)),
                    .init(name: "above", rect: Rect(x: 0, y: -1080, width: 1920, height: 1080)),
                ],
                [
                    Rect(x: 1280, y: 0, width: 1920, height: 1080),
                    Rect(x: 0, y: -1080, width: 1920, height: 1080),
                ]
            ),
            (
                "an own output elsewhere in the layout: the others relative to it",
                Rect(x: 1920, y: 200, width: 1280, height: 720), Size(width: 1280, height: 720),
                [.init(name: "left", rect: Rect(x: 0, y: 0, width: 1920, height: 1080))],
                [Rect(x: -1920, y: -200, width: 1920, height: 1080)]
            ),
            (
                "a 30 px bar on the own output: the same taken off the others",
                own, Size(width: 1280, height: 690),
                [.init(name: "right", rect: Rect(x: 1280, y: 0, width: 1920, height: 1080))],
                [Rect(x: 1280, y: 0, width: 1920, height: 1050)]
            ),
            (
                "a usable size known from a surface there wins over the guess",
                own, Size(width: 1280, height: 690),
                [
                    .init(
                        name: "right", rect: Rect(x: 1280, y: 0, width: 1920, height: 1080),
                        usable: Size(width: 1920, height: 1000))
                ],
                [Rect(x: 1280, y: 0, width: 1920, height: 1000)]
            ),
            (
                "bars taller than a small output leave it an empty area",
                own, Size(width: 1280, height: 100),
                [.init(name: "small", rect: Rect(x: 1280, y: 0, width: 640, height: 480))],
                [Rect(x: 1280, y: 0, width: 640, height: 0)]
            ),
        ]
        for c in cases {
            XCTAssertEqual(
                OutputLayout.areas(own: c.own, usable: c.usable, others: c.others), c.areas, c.name)
        }
    }
}

import BuoyCore
import XCTest

final class FreePlaceTests: XCTestCase {
    private let screen = Rect(x: 0, y: 0, width: 1280, height: 720)
    private let paneled = Rect(x: 0, y: 30, width: 1280, height: 650)
    private let size = 56.0
    private let margin = 8.0
    private let gap = 8.0

    /// Where a button of `size` (default 56) rests at `rest` in `usable`.
    private func rect(_ rest: RestPosition, in usable: Rect? = nil, size: Double = 56) -> Rect {
        let o = rest.origin(in: usable ?? screen, size: size, margin: margin)
        return Rect(origin: o, size: Size(width: size, height: size))
    }

    private func free(
        _ wanted: RestPosition, _ mode: SnapMode, avoiding obstacles: [Rect], in usable: Rect? = nil,
        size: Double = 56, gap: Double = 8
    ) -> RestPosition {
        Snapping.freeRest(
            wanted, mode: mode, size: size, margin: margin, gap: gap, avoiding: obstacles,
            in: usable ?? screen)
    }

    func testWithoutObstaclesNothingMoves() {
        let cases: [(RestPosition, SnapMode)] = [
            (.edge(.right, fraction: 0.5), .edge), (.corner(.topLeft), .edge), (.center, .edge),
            (.corner(.bottomRight), .corner), (.center, .corner), (.free(fx: 0.3, fy: 0.7), .none),
        ]
        for (wanted, mode) in cases {
            XCTAssertEqual(free(wanted, mode, avoiding: []), wanted)
            // Far enough away: still unchanged.
            XCTAssertEqual(
                free(wanted, mode, avoiding: [Rect(x: 500, y: 500, width: 10, height: 10)]), wanted)
        }
    }

    func testButtonsConfiguredOnTheSameEdgeSlideAlongIt() {
        // The right edge's travel is y 8...664 (648 px); the first button rests at y 332.
        let first = rect(.edge(.right, fraction: 0.5))
        XCTAssertEqual(first.minY, 332)
        // Just above (y 268) and just below (y 396) are equally near: the smaller y wins.
        let second = free(.edge(.right, fraction: 0.5), .edge, avoiding: [first])
        XCTAssertEqual(second, .edge(.right, fraction: 260.0 / 648))
        XCTAssertEqual(rect(second).maxY + gap, first.minY)
        // The third takes the place below the first, nearer than above the second.
        let third = free(.edge(.right, fraction: 0.5), .edge, avoiding: [first, rect(second)])
        XCTAssertEqual(third, .edge(.right, fraction: 388.0 / 648))
        XCTAssertEqual(rect(third).minY, first.maxY + gap)
    }

    func testConfigPlacementsInEdgeMode() {
        let corner = rect(.corner(.topRight))
        // A corner taken: slide down the right edge (nearer than along the top, a tie broken by edge order).
        XCTAssertEqual(
            free(.corner(.topRight), .edge, avoiding: [corner]), .edge(.right, fraction: 64.0 / 648))
        // The centre taken: the nearest edge place is the top's middle (y 8, 324 px up).
        let centre = rect(.center)
        XCTAssertEqual(free(.center, .edge, avoiding: [centre]), .edge(.top, fraction: 0.5))
    }

    func testDroppedOntoAnotherInEdgeMode() {
        let other = rect(.edge(.left, fraction: 264.0 / 648))  // y 272
        let wanted = Snapping.rest(
            forCenter: Point(x: 10, y: 310), mode: .edge, size: size, margin: margin, in: screen)
        XCTAssertEqual(wanted, .edge(.left, fraction: 274.0 / 648))
        // Below it (y 336, centre 24 px further) is nearer than above it (y 208, 64 px).
        XCTAssertEqual(free(wanted, .edge, avoiding: [other]), .edge(.left, fraction: 328.0 / 648))
    }

    func testDroppedOntoAnotherInCornerMode() {
        let topLeft = rect(.corner(.topLeft))
        // Bottom-left is 648 px away, the centre 686, top-right 1208.
        XCTAssertEqual(free(.corner(.topLeft), .corner, avoiding: [topLeft]), .corner(.bottomLeft))
        let bottomLeft = rect(.corner(.bottomLeft))
        XCTAssertEqual(free(.corner(.topLeft), .corner, avoiding: [topLeft, bottomLeft]), .center)
        // All five sockets taken: the edges, 64 px down the left edge (a tie
        // with 64 px along the top, broken by edge order).
        let sockets = (Corner.allCases.map { RestPosition.corner($0) } + [.center]).map { rect($0) }
        XCTAssertEqual(
            free(.corner(.topLeft), .corner, avoiding: sockets), .edge(.left, fraction: 64.0 / 648))
    }

    func testDroppedOntoAnotherInFreeMode() {
        // Free travel: x 0...1224, y 0...664, no margin.
        func at(_ x: Double, _ y: Double) -> RestPosition { .free(fx: x / 1224, fy: y / 664) }
        let other = Rect(x: 600, y: 300, width: 56, height: 56)
        let cases: [(wanted: RestPosition, obstacles: [Rect], expected: RestPosition, line: UInt)] = [
            // Right on top: four places 64 px away; the smallest y wins.
            (at(600, 300), [other], at(600, 236), #line),
            // Partly overlapping, nearer its bottom.
            (at(620, 330), [other], at(620, 364), #line),
            // Nearer its right.
            (at(640, 310), [other], at(664, 310), #line),
            // A larger obstacle (96 px): 84 px each way, the smallest y wins.
            (at(600, 300), [Rect(x: 580, y: 280, width: 96, height: 96)], at(600, 216), #line),
            // Above and below both blocked: sideways.
            (
                at(600, 300),
                [
                    other, Rect(x: 600, y: 200, width: 56, height: 90),
                    Rect(x: 600, y: 364, width: 56, height: 56),
                ],
                at(536, 300), #line
            ),
            // In the top-left corner, blocked right and below: the diagonal
            // (90.5 px) is nearer than past either (128 px).
            (
                at(0, 0),
                [
                    Rect(x: 0, y: 0, width: 56, height: 56), Rect(x: 64, y: 0, width: 56, height: 56),
                    Rect(x: 0, y: 64, width: 56, height: 56),
                ],
                at(64, 64), #line
            ),
        ]
        for c in cases {
            XCTAssertEqual(free(c.wanted, .none, avoiding: c.obstacles), c.expected, line: c.line)
        }
    }

    func testAFullEdgeSendsTheButtonToAnother() {
        let usable = Rect(x: 0, y: 0, width: 400, height: 200)
        let wall = Rect(x: 300, y: 0, width: 100, height: 200)
        // Top and bottom are equally near (x 236): edge order picks the top.
        XCTAssertEqual(
            free(.edge(.right, fraction: 0.5), .edge, avoiding: [wall], in: usable),
            .edge(.top, fraction: 228.0 / 328))
    }

    func testDifferentSizes() {
        // A 40-px button below a 100-px one on the bottom edge.
        let big = Rect(x: 590, y: 612, width: 100, height: 100)
        let result = free(.edge(.bottom, fraction: 0.5), .edge, avoiding: [big], size: 40)
        // Travel x 8...1232 (1224 px); its own x 620; left of big at 542 (78 px), right at 698 (78 px).
        XCTAssertEqual(result, .edge(.bottom, fraction: 534.0 / 1224))
        XCTAssertEqual(rect(result, size: 40).maxX + 8, big.minX)
    }

    func testObstaclesOutsideTheUsableAreaAreIgnored() {
        // In the panel above the usable area, closer than the gap, and off screen.
        let obstacles = [
            Rect(x: 1216, y: 0, width: 56, height: 30), Rect(x: 1300, y: 300, width: 56, height: 56),
        ]
        for mode in SnapMode.allCases {
            XCTAssertEqual(
                free(.corner(.topRight), mode, avoiding: obstacles, in: paneled, gap: 16), .corner(.topRight))
        }
        // One that reaches into it counts, even if it overhangs.
        let overhanging = Rect(x: 1250, y: 20, width: 56, height: 56)
        XCTAssertNotEqual(
            free(.corner(.topRight), .corner, avoiding: [overhanging], in: paneled), .corner(.topRight))
    }

    func testNothingFreeKeepsWanted() {
        let usable = Rect(x: 0, y: 0, width: 100, height: 100)
        let everything = Rect(x: -10, y: -10, width: 200, height: 200)
        for mode in SnapMode.allCases {
            XCTAssertEqual(free(.center, mode, avoiding: [everything], in: usable), .center)
            // Larger than the usable area: never fully inside.
            XCTAssertEqual(free(.center, mode, avoiding: [], in: usable, size: 120), .center)
        }
    }

    func testTheResultIsAlwaysInsideAndClear() {
        let obstacles = [
            rect(.edge(.right, fraction: 0.5), in: paneled),
            rect(.corner(.bottomLeft), in: paneled),
            rect(.corner(.topLeft), in: paneled),
            Rect(x: 600, y: 300, width: 90, height: 90),
            Rect(x: 0, y: 400, width: 30, height: 300),
        ]
        func overlaps(_ a: Rect, _ b: Rect) -> Bool {
            a.minX < b.maxX + gap - 1e-6 && b.minX < a.maxX + gap - 1e-6 && a.minY < b.maxY + gap - 1e-6
                && b.minY < a.maxY + gap - 1e-6
        }
        var moved = 0
        for mode in SnapMode.allCases {
            for x in stride(from: -40.0, through: 1320, by: 23) {
                for y in stride(from: -40.0, through: 760, by: 23) {
                    let wanted = Snapping.rest(
                        forCenter: Point(x: x, y: y), mode: mode, size: size, margin: margin, in: paneled)
                    let result = free(wanted, mode, avoiding: obstacles, in: paneled)
                    let r = rect(result, in: paneled)
                    let context = "\(mode) (\(x), \(y)) → \(result)"
                    XCTAssertTrue(
                        r.minX >= paneled.minX - 1e-6 && r.maxX <= paneled.maxX + 1e-6
                            && r.minY >= paneled.minY - 1e-6 && r.maxY <= paneled.maxY + 1e-6, context)
                    XCTAssertFalse(obstacles.contains { overlaps(r, $0) }, context)
                    let wantedRect = rect(wanted, in: paneled)
                    if !obstacles.contains(where: { overlaps(wantedRect, $0) }) {
                        XCTAssertEqual(result, wanted, context)
                    } else {
                        moved += 1
                    }
                    switch (mode, result) {
                    case (.edge, .edge), (.corner, .corner), (.corner, .center), (.none, .free): break
                    default: XCTFail("a place of another mode: \(context)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(moved, 100)
    }
}

extension FreePlaceTests {
    /// Sixteen buttons (the most a config may have) all configured at one place: each is placed
    /// in turn, avoiding those before it, and no two overlap or touch closer than the gap.
    func testSixteenButtonsAtOnePlaceEachGetAPlaceOfTheirOwn() {
        let screen = Rect(x: 0, y: 0, width: 1280, height: 720)
        let wanted: [(RestPosition, SnapMode)] = [
            (.edge(.right, fraction: 0.5), .edge), (.center, .edge), (.corner(.bottomRight), .edge),
            (.corner(.bottomRight), .corner), (.center, .corner),
        ]
        for (position, mode) in wanted {
            for size in [56.0, 40.0] {
                var placed: [Rect] = []
                for index in 0..<16 {
                    let rest = Snapping.freeRest(
                        position, mode: mode, size: size, margin: 8, gap: 8, avoiding: placed, in: screen)
                    let o = rest.origin(in: screen, size: size, margin: 8)
                    let r = Rect(origin: o, size: Size(width: size, height: size))
                    for (other, earlier) in placed.enumerated() {
                        let apart =
                            r.minX >= earlier.maxX + 8 - 1e-6 || earlier.minX >= r.maxX + 8 - 1e-6
                            || r.minY >= earlier.maxY + 8 - 1e-6 || earlier.minY >= r.maxY + 8 - 1e-6
                        XCTAssertTrue(apart, "\(position) \(mode) size \(size): b\(index) on b\(other)")
                    }
                    placed.append(r)
                }
            }
        }
    }
}

extension FreePlaceTests {
    func testButtonsWhoseOutputIsNotKnownYetAvoidEveryOther() {
        XCTAssertTrue(Snapping.mayShareOutput("DP-1", "DP-1"))
        XCTAssertFalse(Snapping.mayShareOutput("DP-1", "HDMI-A-1"))
        XCTAssertTrue(Snapping.mayShareOutput(nil, "DP-1"))
        XCTAssertTrue(Snapping.mayShareOutput("DP-1", nil))
        XCTAssertTrue(Snapping.mayShareOutput(nil, nil))
    }
}

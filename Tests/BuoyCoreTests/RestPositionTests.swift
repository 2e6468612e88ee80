import BuoyCore
import XCTest

private func pt(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

final class RestPositionTests: XCTestCase {
    private let screen = Rect(x: 0, y: 0, width: 1280, height: 720)
    // A 30-px top panel and a 40-px bottom panel take exclusive zones.
    private let paneled = Rect(x: 0, y: 30, width: 1280, height: 650)

    func testOriginTable() {
        // Size 56, margin 8. Screen: x travel 8...1216, y travel 8...656.
        // Paneled: y travel 38...616. Boxed: x 108...436, y 58...286.
        let boxed = Rect(x: 100, y: 50, width: 400, height: 300)
        let cases: [(RestPosition, Rect, Point, UInt)] = [
            (.edge(.left, fraction: 0.5), screen, pt(8, 332), #line),
            (.edge(.right, fraction: 0.5), screen, pt(1216, 332), #line),
            (.edge(.top, fraction: 0.5), screen, pt(612, 8), #line),
            (.edge(.bottom, fraction: 0.5), screen, pt(612, 656), #line),
            (.edge(.left, fraction: 0), screen, pt(8, 8), #line),
            (.edge(.left, fraction: 1), screen, pt(8, 656), #line),
            (.edge(.top, fraction: 0.25), screen, pt(310, 8), #line),
            (.corner(.topLeft), screen, pt(8, 8), #line),
            (.corner(.topRight), screen, pt(1216, 8), #line),
            (.corner(.bottomLeft), screen, pt(8, 656), #line),
            (.corner(.bottomRight), screen, pt(1216, 656), #line),
            (.center, screen, pt(612, 332), #line),
            (.free(fx: 0, fy: 0), screen, pt(0, 0), #line),
            (.free(fx: 1, fy: 1), screen, pt(1224, 664), #line),
            (.free(fx: 0.5, fy: 0.5), screen, pt(612, 332), #line),
            (.edge(.left, fraction: 0.5), paneled, pt(8, 327), #line),
            (.edge(.right, fraction: 0), paneled, pt(1216, 38), #line),
            (.edge(.top, fraction: 0.5), paneled, pt(612, 38), #line),
            (.edge(.bottom, fraction: 0.5), paneled, pt(612, 616), #line),
            (.corner(.topLeft), paneled, pt(8, 38), #line),
            (.corner(.bottomRight), paneled, pt(1216, 616), #line),
            (.center, paneled, pt(612, 327), #line),
            (.free(fx: 0, fy: 1), paneled, pt(0, 624), #line),
            (.edge(.left, fraction: 0.5), boxed, pt(108, 172), #line),
            (.edge(.bottom, fraction: 1), boxed, pt(436, 286), #line),
            (.corner(.topRight), boxed, pt(436, 58), #line),
            (.center, boxed, pt(272, 172), #line),
            (.free(fx: 1, fy: 0), boxed, pt(444, 50), #line),
        ]
        for (rest, usable, expected, line) in cases {
            XCTAssertEqual(rest.origin(in: usable, size: 56, margin: 8), expected, "\(rest)", line: line)
        }
    }

    func testTooSmallAreasClampSensibly() {
        let cases: [(RestPosition, Rect, Point, UInt)] = [
            // Fits, but not with margins: the margin shrinks to half the slack.
            (.edge(.left, fraction: 0.5), Rect(x: 0, y: 0, width: 60, height: 60), pt(2, 2), #line),
            (.corner(.bottomRight), Rect(x: 0, y: 0, width: 60, height: 60), pt(2, 2), #line),
            // Exactly the button's size: flush.
            (.corner(.bottomRight), Rect(x: 10, y: 20, width: 56, height: 56), pt(10, 20), #line),
            // Narrower than the button: centred on x, normal on y.
            (.edge(.left, fraction: 1), Rect(x: 0, y: 0, width: 40, height: 100), pt(-8, 36), #line),
            (.edge(.right, fraction: 0), Rect(x: 0, y: 0, width: 40, height: 100), pt(-8, 8), #line),
            // No area at all.
            (.center, Rect(x: 0, y: 0, width: 0, height: 0), pt(-28, -28), #line),
            (.free(fx: 1, fy: 1), Rect(x: 5, y: 5, width: 0, height: 0), pt(-23, -23), #line),
        ]
        for (rest, usable, expected, line) in cases {
            XCTAssertEqual(rest.origin(in: usable, size: 56, margin: 8), expected, "\(rest)", line: line)
        }
    }

    func testOutOfRangeFractionsAndMarginsAreClamped() {
        let cases: [(RestPosition, Double, Point, UInt)] = [
            (.edge(.left, fraction: 2), 8, pt(8, 656), #line),
            (.edge(.left, fraction: -1), 8, pt(8, 8), #line),
            (.edge(.top, fraction: .nan), 8, pt(612, 8), #line),
            (.free(fx: .nan, fy: -3), 8, pt(612, 0), #line),
            (.free(fx: .infinity, fy: -.infinity), 8, pt(1224, 0), #line),
            (.corner(.topLeft), -5, pt(0, 0), #line),
            (.corner(.topLeft), .nan, pt(0, 0), #line),
            // A margin larger than the slack allows: centred.
            (.corner(.topLeft), 1000, pt(612, 332), #line),
        ]
        for (rest, margin, expected, line) in cases {
            XCTAssertEqual(rest.origin(in: screen, size: 56, margin: margin), expected, line: line)
        }
    }

    func testFittingButtonIsAlwaysFullyInside() {
        let areas = [
            screen, paneled, Rect(x: -1920, y: 0, width: 1920, height: 1080),
            Rect(x: 0, y: 0, width: 72, height: 72), Rect(x: 3, y: 7, width: 57, height: 900),
        ]
        var positions: [RestPosition] = Corner.allCases.map { .corner($0) } + [.center]
        for edge in Edge.allCases {
            for f in [0, 0.1, 0.5, 0.999, 1] { positions.append(.edge(edge, fraction: f)) }
        }
        positions += [.free(fx: 0, fy: 1), .free(fx: 0.3, fy: 0.7)]
        for usable in areas {
            for rest in positions {
                let o = rest.origin(in: usable, size: 56, margin: 8)
                XCTAssertGreaterThanOrEqual(o.x, usable.minX, "\(rest) in \(usable)")
                XCTAssertGreaterThanOrEqual(o.y, usable.minY, "\(rest) in \(usable)")
                XCTAssertLessThanOrEqual(o.x + 56, usable.maxX, "\(rest) in \(usable)")
                XCTAssertLessThanOrEqual(o.y + 56, usable.maxY, "\(rest) in \(usable)")
            }
        }
    }

    func testResolutionChangeKeepsFraction() {
        let big = Rect(x: 0, y: 0, width: 1920, height: 1080)
        let cases: [(RestPosition, Point, Point, UInt)] = [
            // (rest, origin on 1280x720, origin on 1920x1080)
            (.edge(.right, fraction: 0.25), pt(1216, 170), pt(1856, 260), #line),
            (.edge(.bottom, fraction: 0.75), pt(914, 656), pt(1394, 1016), #line),
            (.corner(.bottomLeft), pt(8, 656), pt(8, 1016), #line),
            (.center, pt(612, 332), pt(932, 512), #line),
            (.free(fx: 0.5, fy: 1), pt(612, 664), pt(932, 1024), #line),
        ]
        for (rest, small, large, line) in cases {
            XCTAssertEqual(rest.origin(in: screen, size: 56, margin: 8), small, line: line)
            XCTAssertEqual(rest.origin(in: big, size: 56, margin: 8), large, line: line)
        }
    }

    func testInitFromPlacementAndName() {
        let cases: [(Placement, RestPosition, String)] = [
            (.left, .edge(.left, fraction: 0.5), "left"),
            (.right, .edge(.right, fraction: 0.5), "right"),
            (.top, .edge(.top, fraction: 0.5), "top"),
            (.bottom, .edge(.bottom, fraction: 0.5), "bottom"),
            (.topLeft, .corner(.topLeft), "top-left"),
            (.topRight, .corner(.topRight), "top-right"),
            (.bottomLeft, .corner(.bottomLeft), "bottom-left"),
            (.bottomRight, .corner(.bottomRight), "bottom-right"),
            (.center, .center, "center"),
        ]
        XCTAssertEqual(cases.count, Placement.allCases.count)
        for (placement, rest, name) in cases {
            XCTAssertEqual(RestPosition(placement: placement), rest)
            XCTAssertEqual(rest.name, name)
            // The names are the config's placement names.
            XCTAssertEqual(rest.name, placement.rawValue)
        }
        XCTAssertEqual(RestPosition.free(fx: 0.2, fy: 0.3).name, "free")
        XCTAssertEqual(RestPosition.edge(.left, fraction: 0.1).name, "left")
    }

    func testTuckEdge() {
        let cases: [(RestPosition, Edge?)] = [
            (.edge(.left, fraction: 0.3), .left),
            (.edge(.right, fraction: 0.3), .right),
            (.edge(.top, fraction: 0.3), .top),
            (.edge(.bottom, fraction: 0.3), .bottom),
            (.corner(.topLeft), .left),
            (.corner(.bottomLeft), .left),
            (.corner(.topRight), .right),
            (.corner(.bottomRight), .right),
            (.center, nil),
            (.free(fx: 0, fy: 0), nil),
        ]
        for (rest, edge) in cases {
            XCTAssertEqual(rest.tuckEdge, edge, "\(rest)")
        }
    }
}

import BuoyCore
import XCTest

final class AnimationTests: XCTestCase {
    private let from = Point(x: 0, y: 0)
    private let to = Point(x: 100, y: -200)

    func testSampledPositions() {
        let animation = SnapAnimation(from: from, to: to, start: 10, duration: 0.2)
        // Ease-out cubic: 1 - (1 - t)^3.
        let cases: [(Double, Double, Bool, UInt)] = [
            // (now, progress, finished)
            (0, 0, false, #line),
            (9.99, 0, false, #line),
            (10, 0, false, #line),
            (10.05, 0.578125, false, #line),
            (10.1, 0.875, false, #line),
            (10.15, 0.984375, false, #line),
            (10.2, 1, true, #line),
            (10.25, 1, true, #line),
            (1e9, 1, true, #line),
        ]
        for (now, progress, finished, line) in cases {
            let p = animation.position(at: now)
            XCTAssertEqual(p.x, 100 * progress, accuracy: 1e-9, "at \(now)", line: line)
            XCTAssertEqual(p.y, -200 * progress, accuracy: 1e-9, "at \(now)", line: line)
            XCTAssertEqual(animation.isFinished(at: now), finished, "at \(now)", line: line)
        }
    }

    func testLandsExactly() {
        let odd = Point(x: 123.456, y: 7.891)
        let animation = SnapAnimation(from: Point(x: 1e-3, y: 999.9), to: odd, start: 0.1, duration: 0.3)
        XCTAssertEqual(animation.position(at: animation.end), odd)
        XCTAssertEqual(animation.position(at: 0.1 + 0.3), odd)
        XCTAssertEqual(animation.position(at: 5), odd)
        XCTAssertTrue(animation.isFinished(at: animation.end))
        XCTAssertEqual(animation.position(at: 0.1), Point(x: 1e-3, y: 999.9))
    }

    func testMonotoneAndBounded() {
        let animation = SnapAnimation(from: from, to: to, start: 0, duration: 0.25)
        var previous = animation.position(at: 0).x
        for i in 1...100 {
            let x = animation.position(at: Double(i) * 0.0025).x
            XCTAssertGreaterThanOrEqual(x, previous)
            XCTAssertLessThanOrEqual(x, 100)
            previous = x
        }
        XCTAssertEqual(previous, 100)
    }

    func testDegenerateDurations() {
        let cases: [(Double, Double, Point, Bool, UInt)] = [
            // (duration, now, position, finished)
            (0, 5, Point(x: 100, y: -200), true, #line),
            (0, 6, Point(x: 100, y: -200), true, #line),
            (0, 4, Point(x: 0, y: 0), false, #line),
            (-1, 5, Point(x: 100, y: -200), true, #line),
            (.nan, 5, Point(x: 100, y: -200), true, #line),
            (0.2, .nan, Point(x: 100, y: -200), true, #line),
            (.infinity, 100, Point(x: 0, y: 0), false, #line),
        ]
        for (duration, now, expected, finished, line) in cases {
            let animation = SnapAnimation(from: from, to: to, start: 5, duration: duration)
            XCTAssertEqual(animation.position(at: now), expected, line: line)
            XCTAssertEqual(animation.isFinished(at: now), finished, line: line)
        }
    }
}

import BuoyCore
import XCTest

final class InputStripsTests: XCTestCase {
    /// The pixels (by their centres) of a `side`-px square that `strips` cover.
    private func covered(_ strips: [Rect], side: Int) -> [[Bool]] {
        (0..<side).map { y in
            (0..<side).map { x in
                strips.contains { $0.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) }
            }
        }
    }

    /// The circle as the 1-px strips of the first version covered it: a row
    /// from round(r - half) to round(r + half), half the chord at its centre.
    private func referenceCircle(side: Int) -> [[Bool]] {
        let r = Double(side) / 2
        return (0..<side).map { y in
            let dy = Double(y) + 0.5 - r
            let half = (r * r - dy * dy).squareRoot()
            let left = (r - half).rounded()
            let right = (r + half).rounded()
            return (0..<side).map { x in Double(x) >= left && Double(x) < right }
        }
    }

    func testCircleCoversTheCircleAndNotTheCorners() {
        let strips = inputStrips(shape: .circle, size: 56)
        func inside(_ x: Double, _ y: Double) -> Bool { strips.contains { $0.contains(Point(x: x, y: y)) } }
        XCTAssertTrue(inside(28, 28))
        XCTAssertTrue(inside(1, 28), "left rim")
        XCTAssertTrue(inside(28, 0.5), "top rim")
        XCTAssertFalse(inside(2, 2), "top-left corner of the square")
        XCTAssertFalse(inside(54, 54), "bottom-right corner")
        XCTAssertFalse(inside(7, 7), "pixel centre 29 px from the centre")
        XCTAssertTrue(inside(12, 12), "just inside the rim on the diagonal")
    }

    func testCircleCoversTheSamePixelsAsOneStripPerRow() {
        for side in [1, 2, 7, 24, 55, 56, 57, 96] {
            let strips = inputStrips(shape: .circle, size: Double(side))
            XCTAssertEqual(covered(strips, side: side), referenceCircle(side: side), "side \(side)")
        }
        // Rows of equal span merge: fewer rects than rows.
        XCTAssertLessThan(inputStrips(shape: .circle, size: 56).count, 56)
    }

    func testStripsNeverOverlapAndStayInTheSquare() {
        for shape in [ButtonShape.circle, .rounded(cornerRadius: 14), .rounded(cornerRadius: 0)] {
            let strips = inputStrips(shape: shape, size: 56)
            for (a, b) in zip(strips, strips.dropFirst()) {
                XCTAssertEqual(a.maxY, b.minY, "\(shape)")
                XCTAssertNotEqual([a.minX, a.maxX], [b.minX, b.maxX], "\(shape): equal rows merge")
            }
            XCTAssertTrue(
                strips.allSatisfy { $0.minX >= 0 && $0.maxX <= 56 && $0.minY >= 0 && $0.maxY <= 56 })
        }
    }

    func testRoundedSquareFollowsItsCorners() {
        let pixels = covered(inputStrips(shape: .rounded(cornerRadius: 14), size: 56), side: 56)
        let cases: [(x: Int, y: Int, inside: Bool, line: UInt)] = [
            (1, 1, false, #line),  // the cut-off corner
            (54, 1, false, #line),
            (1, 54, false, #line),
            (54, 54, false, #line),
            // Row 1's centre line is 12.5 px above the corner's centre: the
            // chord is 6.3 px, so the row starts at round(14 - 6.3) = 8.
            (7, 1, false, #line),
            (8, 1, true, #line),
            (47, 1, true, #line),
            (48, 1, false, #line),
            (14, 1, true, #line),
            (1, 14, true, #line),
            (0, 13, true, #line),  // 0.5 px from the corner's centre line: full row
            (0, 14, true, #line),
            (0, 28, true, #line),  // straight edges are whole
            (55, 28, true, #line),
            (28, 0, true, #line),
            (28, 55, true, #line),
            (28, 28, true, #line),
            (4, 4, true, #line),  // the diagonal, 14.1 px in: inside the arc
            (3, 3, false, #line),
        ]
        for c in cases {
            XCTAssertEqual(pixels[c.y][c.x], c.inside, "(\(c.x), \(c.y))", line: c.line)
        }
    }

    func testRadiusZeroIsOneRectAndLargeRadiusIsTheCircle() {
        XCTAssertEqual(
            inputStrips(shape: .rounded(cornerRadius: 0), size: 56), [Rect(x: 0, y: 0, width: 56, height: 56)]
        )
        XCTAssertEqual(
            inputStrips(shape: .rounded(cornerRadius: -3), size: 56),
            [Rect(x: 0, y: 0, width: 56, height: 56)])
        for radius in [28.0, 29, 1000, .infinity] {
            XCTAssertEqual(
                covered(inputStrips(shape: .rounded(cornerRadius: radius), size: 56), side: 56),
                referenceCircle(side: 56), "radius \(radius)")
        }
        XCTAssertEqual(inputStrips(shape: .circle, size: 0), [])
    }
}

import BuoyCore
import XCTest

final class BufferScaleTests: XCTestCase {
    func testPixelsRoundHalfAwayFromZero() {
        let cases: [(numerator: Int, logical: Int, pixels: Int, line: UInt)] = [
            (120, 78, 78, #line),
            (240, 78, 156, #line),
            (150, 78, 98, #line),  // 97.5: half away from zero
            (180, 78, 117, #line),
            (210, 78, 137, #line),  // 136.5
            (150, 100, 125, #line),
            (180, 100, 150, #line),  // the protocol's example: 100 × 50 at 1.5
            (180, 50, 75, #line),
            (150, 1, 1, #line),  // 1.25
            (180, 1, 2, #line),  // 1.5 rounds up
            (121, 59, 59, #line),  // 59.49
            (90, 1, 1, #line),  // below 1: never an empty buffer
            (120, 0, 0, #line),
            (180, -3, -5, #line),  // -4.5: away from zero
            (360, 33, 99, #line),
        ]
        for c in cases {
            XCTAssertEqual(
                BufferScale(numerator: c.numerator).pixels(c.logical), c.pixels,
                "\(c.logical) at \(c.numerator)/120", line: c.line)
        }
    }

    func testIntegerScalesAreMultiplesOf120() {
        XCTAssertEqual(BufferScale(integer: 2), BufferScale(numerator: 240))
        XCTAssertEqual(BufferScale(integer: 0), .one)
        XCTAssertEqual(BufferScale(numerator: 0), BufferScale(numerator: 1))
    }

    func testCeilingAndDescription() {
        let cases: [(numerator: Int, ceiling: Int, text: String, line: UInt)] = [
            (120, 1, "1", #line),
            (150, 2, "1.25", #line),
            (180, 2, "1.5", #line),
            (210, 2, "1.75", #line),
            (240, 2, "2", #line),
            (241, 3, "2.0083", #line),
        ]
        for c in cases {
            let scale = BufferScale(numerator: c.numerator)
            XCTAssertEqual(scale.ceiling, c.ceiling, line: c.line)
            XCTAssertEqual(scale.description, c.text, line: c.line)
        }
    }

    func testAlignedIsWhereAWholeLogicalPxIsAWholeBufferPixel() {
        let cases: [(numerator: Int, x: Double, aligned: Int, line: UInt)] = [
            (120, 201, 201, #line),
            (120, 200.6, 201, #line),
            (240, 7, 7, #line),  // any integer scale: every px
            (180, 201, 202, #line),  // 1.5: even px (301.5 → 303 buffer px)
            (180, 200.9, 200, #line),
            (150, 949, 948, #line),  // 1.25: multiples of 4
            (150, 951, 952, #line),
            (210, 1137, 1136, #line),  // 1.75: multiples of 4 (7/4)
            (144, 7, 5, #line),  // 1.2: multiples of 5
            (150, -3, -4, #line),
        ]
        for c in cases {
            let aligned = BufferScale(numerator: c.numerator).aligned(c.x)
            XCTAssertEqual(aligned, c.aligned, "\(c.x) at \(c.numerator)/120", line: c.line)
            XCTAssertEqual(aligned * c.numerator % 120, 0, line: c.line)
        }
    }

    func testIntegerScaleDividingAnImage() {
        let cases: [(width: Int, height: Int, wanted: Int, scale: Int, line: UInt)] = [
            (48, 48, 2, 2, #line),
            (1, 1, 2, 1, #line),  // a 1×1 theme at scale 2
            (24, 24, 2, 2, #line),
            (36, 36, 3, 3, #line),
            (32, 32, 3, 2, #line),
            (25, 25, 2, 1, #line),
            (24, 25, 2, 1, #line),
            (24, 24, 0, 1, #line),
        ]
        for c in cases {
            XCTAssertEqual(
                BufferScale.integerScale(dividing: c.width, c.height, upTo: c.wanted), c.scale, line: c.line)
        }
    }
}

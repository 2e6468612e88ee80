import BuoyCore
import XCTest

@testable import BuoyDrawing

final class RemovalPainterTests: XCTestCase {
    /// Renders into plain memory, as buoy does into shm; returns a pixel reader (R, G, B, A,
    /// premultiplied).
    private func render(_ look: RemovalLook, scale: BufferScale = 1) -> (
        side: Int, pixel: (Int, Int) -> [UInt8]
    ) {
        let side = look.bufferSide(scale: scale)
        let stride = side * 4
        let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * side, alignment: 16)
        addTeardownBlock { memory.deallocate() }
        memset(memory, 0xAB, stride * side)  // garbage: painting must clear it
        RemovalPainter.paint(look, scale: scale, into: memory, stride: stride)
        let bytes = memory.assumingMemoryBound(to: UInt8.self)
        return (
            side,
            { x, y in
                let base = y * stride + x * 4
                return [bytes[base + 2], bytes[base + 1], bytes[base], bytes[base + 3]]
            }
        )
    }

    func testTheTargetIsADarkCircleWithAWhiteCrossAndClearCorners() {
        let (side, pixel) = render(RemovalLook(.target(armed: false), diameter: 56))
        XCTAssertEqual(side, 70)
        let c = side / 2
        XCTAssertEqual(pixel(c, c), [255, 255, 255, 255], "the ×'s crossing")
        XCTAssertEqual(pixel(c + 6, c + 6), [255, 255, 255, 255], "on an arm")
        let body = pixel(c + 14, c)  // between the arms, inside the rim
        XCTAssertLessThan(body[0], 40)
        XCTAssertEqual(Int(body[3]), 153, accuracy: 2, "0.6 opaque")
        XCTAssertEqual(pixel(1, 1), [0, 0, 0, 0], "outside the circle")
    }

    func testAnArmedTargetIsRedAndLarger() {
        let (side, pixel) = render(RemovalLook(.target(armed: true), diameter: 56))
        let c = side / 2
        let body = pixel(c + 18, c)
        XCTAssertGreaterThan(body[0], 200)
        XCTAssertLessThan(body[1], 40)
        // 30 px out: past the plain target's 28, inside the armed one's 32.
        let (_, plain) = render(RemovalLook(.target(armed: false), diameter: 56))
        XCTAssertGreaterThan(pixel(c + 30, c)[3], 200)
        XCTAssertEqual(plain(c + 30, c)[3], 0)
    }

    func testUndoHasAWhiteArrowOverTheTopAndNoneInTheMiddle() {
        let (side, pixel) = render(RemovalLook(.undo(pressed: false), diameter: 56))
        let c = side / 2
        // The arc's top: 0.32 r above the arc's centre, which is 0.2 r above the image's.
        let top = pixel(c, c - 6 - 9)
        XCTAssertGreaterThan(top[0], 230)
        XCTAssertGreaterThan(top[3], 230)
        let middle = pixel(c, c + 2)
        XCTAssertLessThan(middle[0], 60, "the bubble's fill, not the arrow")
        XCTAssertGreaterThan(middle[3], 230)
        let (_, pressed) = render(RemovalLook(.undo(pressed: true), diameter: 56))
        XCTAssertLessThan(pressed(c, c + 2)[0], middle[0], "darker while pressed")
    }

    /// The bubble says "Undo" under the arrow: a row through the word's
    /// small letters crosses U's two strokes, n's two legs, d's bowl and o's.
    func testUndoSaysUndoUnderTheArrow() {
        let (side, pixel) = render(RemovalLook(.undo(pressed: false), diameter: 56))
        let c = side / 2
        // The baseline is 0.58 r below the centre, the x-height 0.21 r.
        let row = c + 16 - 3
        var strokes = 0
        var inStroke = false
        for x in (c - 20)...(c + 20) {
            let white = pixel(x, row)[0] > 150
            if white && !inStroke { strokes += 1 }
            inStroke = white
        }
        XCTAssertGreaterThanOrEqual(strokes, 7, "the letters' strokes across row \(row)")
        XCTAssertLessThan(pixel(c, row + 8)[0], 60, "below the word, the bubble's fill")
    }

    func testOpacityScalesTheWholeImageAndScale2DoublesTheBuffer() {
        let (_, full) = render(RemovalLook(.target(armed: false), diameter: 56))
        let (_, half) = render(RemovalLook(.target(armed: false), diameter: 56, opacity: 0.5))
        XCTAssertEqual(Int(half(35, 35)[3]), 128, accuracy: 1)
        XCTAssertEqual(full(35, 35)[3], 255)
        let (side, double) = render(RemovalLook(.target(armed: false), diameter: 56), scale: 2)
        XCTAssertEqual(side, 140)
        XCTAssertEqual(double(70, 70), [255, 255, 255, 255])
    }
}

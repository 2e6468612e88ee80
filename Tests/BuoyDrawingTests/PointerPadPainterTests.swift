import BuoyCore
import XCTest

@testable import BuoyDrawing

final class PointerPadPainterTests: XCTestCase {
    /// Paints a pad of `size` at `scale` into plain memory filled with
    /// garbage; returns a pixel reader (R, G, B, A, premultiplied).
    private func render(_ size: Size, scale: Int = 1) -> (Int, Int) -> [UInt8] {
        let (width, height) = PointerPadPainter.bufferSize(size, scale: scale)
        let stride = width * 4
        let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
        addTeardownBlock { memory.deallocate() }
        memset(memory, 0xAB, stride * height)
        PointerPadPainter.paint(size: size, scale: scale, into: memory, stride: stride)
        let bytes = memory.assumingMemoryBound(to: UInt8.self)
        return { x, y in
            let base = y * stride + x * 4
            return [bytes[base + 2], bytes[base + 1], bytes[base], bytes[base + 3]]
        }
    }

    /// Issue 45 §1: a translucent dark pad, clear corners, a × in the strip's end.
    func testThePadIsTranslucentWithClearCornersAndACross() {
        let pixel = render(Size(width: 300, height: 200))
        let body = pixel(150, 120)
        XCTAssertEqual(Int(body[3]), Int(PointerPadPainter.fillAlpha * 255), accuracy: 2, "see-through")
        XCTAssertLessThan(body[0], 20, "dark")
        XCTAssertEqual(pixel(0, 0), [0, 0, 0, 0], "a rounded corner is clear")
        XCTAssertEqual(pixel(299, 199), [0, 0, 0, 0])
        // The close control is the strip's last 32 px: its × crosses at (284, 16).
        XCTAssertGreaterThan(pixel(284, 16)[0], 200, "the ×")
    }

    /// Drawn a band at a time, the image is the one drawn at once.
    func testBandsMakeTheSameImage() {
        let size = Size(width: 300, height: 200)
        let (width, height) = PointerPadPainter.bufferSize(size, scale: 1)
        let whole = UnsafeMutableRawPointer.allocate(byteCount: width * 4 * height, alignment: 16)
        let banded = UnsafeMutableRawPointer.allocate(byteCount: width * 4 * height, alignment: 16)
        defer {
            whole.deallocate()
            banded.deallocate()
        }
        memset(banded, 0xAB, width * 4 * height)
        PointerPadPainter.paint(size: size, scale: 1, into: whole, stride: width * 4)
        for top in stride(from: 0, to: height, by: 32) {
            PointerPadPainter.paint(
                size: size, scale: 1, into: banded, stride: width * 4, rows: top..<min(height, top + 32))
        }
        XCTAssertEqual(memcmp(whole, banded, width * 4 * height), 0)
    }

    func testScaleTwoDoublesTheBuffer() {
        XCTAssertEqual(PointerPadPainter.bufferSize(Size(width: 300, height: 200), scale: 2).width, 600)
        let pixel = render(Size(width: 300, height: 200), scale: 2)
        XCTAssertGreaterThan(pixel(568, 32)[0], 200, "the × at twice the pixels")
    }
}

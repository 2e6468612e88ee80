import BuoyCore
import XCTest

final class ScrimTests: XCTestCase {
    /// What wlroots' pixman renderer covers with a `pixels`-long buffer
    /// stretched to `physical` px: it samples at the inverse scale in 16.16
    /// fixed point, and past the buffer's end it reads nothing.
    private func covered(_ pixels: Int, stretchedTo physical: Double) -> Double {
        let inverse = (Double(pixels) / physical * 65536).rounded() / 65536
        return Double(pixels) / inverse
    }

    /// Issue 43: the dim left the bottom of a portrait phone bright. Every
    /// row and column of an output is covered, to half a pixel, at the
    /// scales phones and desktops use.
    func testTheScrimCoversTheWholeSurfaceAtEveryScale() {
        let cases: [(Size, UInt)] = [
            (Size(width: 360, height: 720), #line), (Size(width: 720, height: 1440), #line),
            (Size(width: 320, height: 640), #line), (Size(width: 1280, height: 720), #line),
            (Size(width: 1920, height: 1080), #line), (Size(width: 2560, height: 1440), #line),
            (Size(width: 3840, height: 2160), #line),
            (Size(width: 1, height: 1), #line),
        ]
        for (size, line) in cases {
            let (width, height) = Scrim.bufferSize(for: size)
            // Up to a 4K output's 3840 physical px.
            for scale in [1.0, 1.5, 2, 3] where size.width * scale <= 3840 {
                for (pixels, length) in [(width, size.width), (height, size.height)] {
                    let physical = length * scale
                    XCTAssertGreaterThan(
                        covered(pixels, stretchedTo: physical), physical - 0.5, "\(size) ×\(scale)",
                        line: line)
                }
            }
            XCTAssertLessThanOrEqual(width * height * 4, 130 * 1024, "\(size): a small buffer", line: line)
        }
        // The 1×1 pixel it was: 15 rows short at 1440.
        XCTAssertEqual(covered(1, stretchedTo: 1440), 1424.7, accuracy: 0.1)
    }
}

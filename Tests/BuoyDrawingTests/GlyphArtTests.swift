import BuoyCore
import CCairo
import XCTest

@testable import BuoyArtist

/// Issue 43: glyphs that say what they do, drawn as paths in the drawing
/// helper: each its own picture, whole inside its square.
final class GlyphArtTests: XCTestCase {
    private let side = 48
    private let white = Color(red: 1, green: 1, blue: 1)

    /// `glyph`'s alpha, row by row.
    private func alpha(_ glyph: Glyph) throws -> [[UInt8]] {
        let image = try XCTUnwrap(GlyphArt.image(glyph, size: side, color: white))
        defer { cairo_surface_destroy(image) }
        let data = try XCTUnwrap(cairo_image_surface_get_data(image))
        let stride = Int(cairo_image_surface_get_stride(image))
        return (0..<side).map { y in (0..<side).map { x in data[y * stride + x * 4 + 3] } }
    }

    /// How much ink in the square from (x0, y0) to (x1, y1), fractions of the side.
    private func ink(_ pixels: [[UInt8]], _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Int {
        let d = Double(side)
        return (Int(y0 * d)..<Int(y1 * d)).reduce(0) { sum, y in
            sum + (Int(x0 * d)..<Int(x1 * d)).filter { pixels[y][$0] > 128 }.count
        }
    }

    func testEveryGlyphIsItsOwnPictureWholeInItsSquare() throws {
        let drawn = try Glyph.allCases.map { ($0, try alpha($0)) }
        for (glyph, pixels) in drawn {
            XCTAssertGreaterThan(ink(pixels, 0, 0, 1, 1), side * side / 20, "\(glyph) is drawn")
            // A pixel's margin all round: nothing cut at the square's edge.
            let edge = pixels[0] + pixels[side - 1] + pixels.map(\.first!) + pixels.map(\.last!)
            XCTAssertLessThan(edge.max() ?? 0, 64, "\(glyph) touches its square's edge")
        }
        for (i, (a, first)) in drawn.enumerated() {
            for (b, second) in drawn[(i + 1)...] {
                let differ = zip(first.joined(), second.joined()).filter { abs(Int($0) - Int($1)) > 128 }
                    .count
                // A pressed quadrant against a wheel is 3 % of a 48-px square.
                XCTAssertGreaterThan(differ, side * side / 50, "\(a) and \(b) look alike")
            }
        }
    }

    /// The mouse's pressed button is the one clicked: right, or the wheel;
    /// a double click's is the left, with rings of clicks beside it.
    func testTheMouseShowsTheButtonClicked() throws {
        let right = try alpha(.rightClick)
        XCTAssertGreaterThan(ink(right, 0.55, 0.18, 0.68, 0.36), 2 * ink(right, 0.32, 0.18, 0.45, 0.36))
        let middle = try alpha(.middleClick)
        XCTAssertGreaterThan(ink(middle, 0.46, 0.2, 0.54, 0.36), 20)
        XCTAssertLessThan(ink(middle, 0.55, 0.18, 0.68, 0.36), ink(right, 0.55, 0.18, 0.68, 0.36) / 2)
        let double = try alpha(.doubleClick)
        XCTAssertGreaterThan(ink(double, 0.15, 0, 0.35, 0.25), 4, "the rings of clicks, top left")
        XCTAssertGreaterThan(
            ink(double, 0.45, 0.26, 0.58, 0.48), 2 * ink(double, 0.62, 0.26, 0.75, 0.48), "its left button")
    }
}

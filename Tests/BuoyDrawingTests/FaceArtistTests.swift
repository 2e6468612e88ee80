import BuoyCore
import CCairo
import Foundation
import XCTest

@testable import BuoyArtist
@testable import BuoyDrawing

final class FaceArtistTests: XCTestCase {
    private let blue = Color(red: 0x35 / 255.0, green: 0x84 / 255.0, blue: 0xe4 / 255.0)
    private let green = Color(red: 0, green: 1, blue: 0)

    /// R, G, B, A of an image's pixel (premultiplied ARGB32, little-endian).
    private func pixel(_ data: UnsafePointer<UInt8>, stride: Int, _ x: Int, _ y: Int) -> [UInt8] {
        let base = y * stride + x * 4
        return [data[base + 2], data[base + 1], data[base], data[base + 3]]
    }

    /// An ARGB32 image's pixels.
    private func pixels(of image: FaceImage) -> (Int, Int) -> [UInt8] {
        let surface = image.surface()!
        addTeardownBlock { cairo_surface_destroy(surface) }
        let data = UnsafePointer(cairo_image_surface_get_data(surface)!)
        return { self.pixel(data, stride: image.stride, $0, $1) }
    }

    /// A `side`² opaque image of one colour, as a child would have drawn it.
    private func solidImage(side: Int, _ rgba: [UInt8]) -> FaceImage {
        let stride = side * 4
        let memory = SharedMemory<UInt8>(count: stride * side)!
        for i in 0..<(side * side) {
            (memory.pointer[4 * i], memory.pointer[4 * i + 1]) = (rgba[2], rgba[1])
            (memory.pointer[4 * i + 2], memory.pointer[4 * i + 3]) = (rgba[0], rgba[3])
        }
        return FaceImage(pixels: memory, side: side, stride: stride)
    }

    private func paint(_ look: ButtonLook, face: FaceImage?, scale: BufferScale) -> (
        Int, (Int, Int) -> [UInt8]
    ) {
        let side = look.bufferSide(scale: scale)
        let memory = UnsafeMutableRawPointer.allocate(byteCount: side * side * 4, alignment: 16)
        addTeardownBlock { memory.deallocate() }
        ButtonPainter.paint(look, face: face, scale: scale, into: memory, stride: side * 4)
        let data = UnsafePointer(memory.assumingMemoryBound(to: UInt8.self))
        return (side, { self.pixel(data, stride: side * 4, $0, $1) })
    }

    func testTheFaceSpansSixTenthsOfTheDiameterAndSitsOnWholePixels() {
        let look = ButtonLook(diameter: 56, color: blue, opacity: 1)
        for (scale, expected) in [(BufferScale(integer: 1), 34), (BufferScale(integer: 2), 66)] {
            let side = look.faceSide(scale: scale)
            XCTAssertEqual(side, expected)
            XCTAssertEqual((look.bufferSide(scale: scale) - side) % 2, 0, "centred on whole pixels")
        }
        let odd = ButtonLook(diameter: 57, color: blue, opacity: 1)
        XCTAssertEqual((odd.bufferSide(scale: BufferScale(integer: 1)) - odd.faceSide(scale: 1)) % 2, 0)
    }

    func testAFaceImageTakesTheGlyphsPlacePixelForPixelAndShrinksWithAPress() {
        let red: [UInt8] = [255, 0, 0, 255]
        var look = ButtonLook(diameter: 56, color: blue, opacity: 1)
        let faceSide = look.faceSide(scale: 1)
        let (side, atRest) = paint(look, face: solidImage(side: faceSide, red), scale: 1)
        let c = side / 2
        let half = faceSide / 2
        XCTAssertEqual(atRest(c, c), red, "no white dot")
        XCTAssertEqual(atRest(c - half, c - half), red, "its first pixel, unblurred")
        XCTAssertEqual(atRest(c + half - 1, c + half - 1), red, "its last pixel")
        XCTAssertEqual(Int(atRest(c + half + 1, c)[2]), 0xe4, accuracy: 3, "the fill beside it")
        look.pressed = 1
        let (_, pressed) = paint(look, face: solidImage(side: faceSide, red), scale: 1)
        XCTAssertEqual(pressed(c, c), red)
        XCTAssertNotEqual(pressed(c + half - 1, c), red, "it shrinks with the button")
    }

    func testAnImageForAnotherScaleIsStretchedToTheFacesSize() {
        let red: [UInt8] = [255, 0, 0, 255]
        let look = ButtonLook(diameter: 56, color: blue, opacity: 1)
        let (side, pixel) = paint(look, face: solidImage(side: 10, red), scale: BufferScale(integer: 2))
        let c = side / 2
        let half = look.faceSide(scale: BufferScale(integer: 2)) / 2
        XCTAssertEqual(pixel(c + half - 8, c), red)
        XCTAssertNotEqual(pixel(c + half + 2, c), red)
    }

    func testALabelIsDrawnAroundTheCentreInTheGlyphColour() throws {
        let report = try XCTUnwrap(
            drawFace(.label("A"), font: "Sans 13"))
        XCTAssertEqual(report.icon, .none)
        let image = try XCTUnwrap(report.image)
        let surface = try XCTUnwrap(image.surface())
        defer { cairo_surface_destroy(surface) }
        let data = try XCTUnwrap(cairo_image_surface_get_data(surface))
        // Premultiplied ARGB, B G R A in memory: fully green and opaque where the A is.
        func argb(_ x: Int, _ y: Int) -> [UInt8] { (0..<4).map { data[y * image.stride + x * 4 + $0] } }
        var (count, sumX, sumY) = (0, 0, 0)
        for y in 0..<34 {
            for x in 0..<34 where argb(x, y)[3] == 255 {
                XCTAssertEqual(argb(x, y), [0, 255, 0, 255])
                (count, sumX, sumY) = (count + 1, sumX + x, sumY + y)
            }
        }
        XCTAssertGreaterThan(count, 60, "a bold A")
        XCTAssertEqual(Double(sumX) / Double(count), 17, accuracy: 3)
        XCTAssertEqual(Double(sumY) / Double(count), 17, accuracy: 4)

        let look = ButtonLook(diameter: 56, color: blue, opacity: 1, glyphColor: green)
        let (side, pixel) = paint(look, face: image, scale: 1)
        let offset = (side - 34) / 2
        for y in 0..<34 {
            for x in 0..<34 where argb(x, y)[3] == 255 {
                XCTAssertEqual(pixel(offset + x, offset + y), [0, 255, 0, 255])
            }
        }
        XCTAssertEqual(Int(pixel(offset, offset)[2]), 0xe4, accuracy: 3, "the fill where the A is not")
    }

    /// A colour emoji keeps its colours: it is not a silhouette in the glyph colour.
    func testAColourEmojiLabelKeepsItsColours() throws {
        let report = try XCTUnwrap(
            drawFace(.label("👍🏽"), font: "Sans 13"))
        let image = try XCTUnwrap(report.image)
        let surface = try XCTUnwrap(image.surface())
        defer { cairo_surface_destroy(surface) }
        let data = try XCTUnwrap(cairo_image_surface_get_data(surface))
        var (inked, other) = (0, 0)
        for y in 0..<34 {
            for x in 0..<34 {
                let p = y * image.stride + x * 4
                let (b, g, r, a) = (data[p], data[p + 1], data[p + 2], data[p + 3])
                guard a > 200 else { continue }
                inked += 1
                // Not the glyph colour (0, 255, 0): the emoji's own skin tone.
                if r > 100 && g < 230 && b < 200 { other += 1 }
            }
        }
        XCTAssertGreaterThan(inked, 100, "the emoji was drawn")
        XCTAssertGreaterThan(other, inked / 3, "its own colours, not a green silhouette")
    }

    func testAnIconIsDrawnFromItsFileAndASymbolicOneTakesTheGlyphColour() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let red = directory.appendingPathComponent("red.png").path
        let symbolic = directory.appendingPathComponent("k-symbolic.png").path
        writePNG(red, 1, 0, 0)
        writePNG(symbolic, 0.2, 0.2, 0.2)
        for (path, expected) in [(red, [UInt8]([255, 0, 0, 255])), (symbolic, [0, 255, 0, 255])] {
            let report = try XCTUnwrap(
                drawFace(.icon(path)))
            XCTAssertEqual(report.icon, .drawn(path: path))
            let pixel = pixels(of: try XCTUnwrap(report.image))
            XCTAssertEqual(pixel(17, 17), expected, path)
            XCTAssertEqual(pixel(1, 1), expected, path)
        }
    }

    /// Issue 43: an armed double click showed "2" on the button. A glyph's
    /// name draws the glyph, in the glyph colour, with nothing looked up.
    func testAGlyphIsDrawnAsPathsInTheGlyphColour() throws {
        for glyph in [Glyph.doubleClick, .drag, .rightClick] {
            let report = try XCTUnwrap(drawFace(.icon(glyph.iconName)))
            XCTAssertEqual(report.icon, .drawn(path: glyph.iconName))
            let pixel = pixels(of: try XCTUnwrap(report.image))
            var green = 0
            for y in 0..<34 {
                for x in 0..<34 {
                    let p: [UInt8] = pixel(x, y)
                    if p[1] > 200 && p[0] < 60 && p[3] > 200 { green += 1 }
                }
            }
            XCTAssertGreaterThan(green, 40, "\(glyph)")
        }
    }

    func testAMissingIconIsReportedWithThePathOrNameTried() throws {
        let missing = try XCTUnwrap(
            drawFace(.icon("/no/such.png")))
        XCTAssertNil(missing.image)
        XCTAssertEqual(missing.icon, .failed(path: "/no/such.png"))
        let unknown = try XCTUnwrap(drawFace(.icon("no-such-icon")))
        XCTAssertNil(unknown.image)
        XCTAssertEqual(unknown.icon, .notFound)
    }

    /// `face` drawn by the drawing helper, 34 px square in green, its icon
    /// looked up in no theme.
    private func drawFace(_ face: ButtonFace, font: String = "Sans") throws -> FaceArtist.Report? {
        try FaceArtist.draw(
            FaceJob(
                face: face, side: 34, color: green, font: font,
                query: IconQuery(theme: nil, size: 34, scale: 1, baseDirectories: [])),
            reaping: .blocking
        ).wait()
    }

    private func writePNG(_ path: String, _ red: Double, _ green: Double, _ blue: Double) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 16, 16)!
        let cr = cairo_create(surface)!
        cairo_set_source_rgb(cr, red, green, blue)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_write_to_png(surface, path)
        cairo_surface_destroy(surface)
    }
}

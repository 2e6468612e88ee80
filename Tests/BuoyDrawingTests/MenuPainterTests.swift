import BuoyCore
import CCairo
import Foundation
import XCTest

@testable import BuoyDrawing

/// Premultiplied ARGB32 pixels, read back as R, G, B, A.
private struct Pixels {
    let width: Int
    let height: Int
    let stride: Int
    let bytes: UnsafePointer<UInt8>

    func at(_ x: Int, _ y: Int) -> [UInt8] {
        let base = y * stride + x * 4
        return [bytes[base + 2], bytes[base + 1], bytes[base], bytes[base + 3]]
    }
}

/// A temporary directory removed when the test ends.
private func temporaryDirectory(_ test: XCTestCase) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("buoy-menu-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
}

/// Writes a `width`×`height` PNG of one opaque colour.
private func writePNG(_ path: String, width: Int32, height: Int32, red: Double, green: Double, blue: Double) {
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
    defer { cairo_surface_destroy(surface) }
    let cr = cairo_create(surface)!
    cairo_set_source_rgb(cr, red, green, blue)
    cairo_paint(cr)
    cairo_destroy(cr)
    XCTAssertEqual(cairo_surface_write_to_png(surface, path), CAIRO_STATUS_SUCCESS)
}

private func pixels(of surface: OpaquePointer) -> Pixels {
    cairo_surface_flush(surface)
    return Pixels(
        width: Int(cairo_image_surface_get_width(surface)),
        height: Int(cairo_image_surface_get_height(surface)),
        stride: Int(cairo_image_surface_get_stride(surface)),
        bytes: UnsafePointer(cairo_image_surface_get_data(surface)!))
}

private let greenSVG = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10">
      <rect x="0" y="0" width="10" height="10" fill="#00ff00"/>
    </svg>
    """

final class MenuPainterTests: XCTestCase {
    private let accent = Color(red: 0, green: 1, blue: 0)
    private let labels = ["Terminal", "Files", "Browser"]

    /// Three items beside a button on the right edge of an 800×600 area:
    /// item 0 above it, item 1 below, item 2 above item 0; labels on the left.
    private func layout(_ labels: [String]? = nil) -> MenuLayout {
        let labels = labels ?? self.labels
        let sizes = labels.map { MenuPainter.measureLabel($0, fontSize: 13) }
        return MenuLayout.layout(
            button: Rect(x: 736, y: 272, width: 56, height: 56),
            usable: Rect(x: 0, y: 0, width: 800, height: 600),
            count: labels.count, itemSize: 40, spacing: 12, labelWidths: sizes.map(\.width),
            labelHeight: sizes.map(\.height).max() ?? 0)
    }

    /// Paints into garbage-filled memory, as buoy does into shm, and returns
    /// the pixels and a map from output coordinates to buffer pixels.
    private func render(
        _ layout: MenuLayout, entries: [MenuEntry]? = nil, scales: [Double]? = nil, focused: Int? = nil,
        scale: Int = 1
    ) -> (Pixels, (Point) -> (Int, Int)) {
        let (width, height) = MenuPainter.bufferSize(for: layout, scale: scale)
        let stride = width * 4
        let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * height, alignment: 16)
        addTeardownBlock { memory.deallocate() }
        memset(memory, 0xAB, stride * height)
        MenuPainter.paint(
            layout, entries: entries ?? labels.map { MenuEntry(label: $0) },
            scales: scales ?? Array(repeating: 1, count: layout.items.count), focused: focused,
            look: MenuLook(focusColor: accent), scale: scale, into: memory, stride: stride)
        let origin = MenuPainter.imageRect(for: layout).origin
        let pixels = Pixels(
            width: width, height: height, stride: stride,
            bytes: UnsafePointer(memory.assumingMemoryBound(to: UInt8.self)))
        return (
            pixels,
            { p in
                (
                    Int(((p.x - origin.x) * Double(scale)).rounded(.down)),
                    Int(((p.y - origin.y) * Double(scale)).rounded(.down))
                )
            }
        )
    }

    func testItemsAreOpaqueCirclesWithInitials() {
        for scale in [1, 2] {
            let menu = layout()
            let (pixels, at) = render(menu, scale: scale)
            for (i, item) in menu.items.enumerated() {
                let c = item.circle.center
                let (x, y) = at(c)
                XCTAssertGreaterThanOrEqual(pixels.at(x, y)[3], 230, "item \(i) centre, scale \(scale)")
                // Inside the rim, clear of the letter: #303030 at 0.92, premultiplied,
                // over the item's own shadow (0.35 black): alpha 0.92 + 0.08 × 0.35.
                let (bx, by) = at(Point(x: c.x + 16, y: c.y))
                let body = pixels.at(bx, by)
                XCTAssertEqual(Int(body[0]), 44, accuracy: 2, "item \(i), scale \(scale)")
                XCTAssertEqual(Int(body[3]), 242, accuracy: 2, "item \(i), scale \(scale)")
                // The initial: white pixels near the centre.
                XCTAssertGreaterThan(
                    whitePixels(pixels, at, in: item.circle.insetBy(12)), 5, "item \(i) initial")
            }
        }
    }

    func testLabelPillsHaveWhiteTextOnDark() {
        let menu = layout()
        let (pixels, at) = render(menu)
        for (i, item) in menu.items.enumerated() {
            XCTAssertGreaterThan(item.label.width, 30)
            XCTAssertGreaterThan(whitePixels(pixels, at, in: item.label), 20, "item \(i) label text")
            // The padding at the pill's start is the dark translucent fill.
            let (x, y) = at(Point(x: item.label.minX + 6, y: item.label.center.y))
            let fill = pixels.at(x, y)
            XCTAssertGreaterThan(fill[3], 150)
            XCTAssertLessThan(fill[0], 10)
        }
        // Between the pill and the circle: nothing but faint shadow.
        let item = menu.items[0]
        let (x, y) = at(Point(x: item.label.maxX + 4, y: item.circle.minY + 2))
        XCTAssertLessThan(pixels.at(x, y)[3], 40)
    }

    func testLongerLabelsMeasureWiderAndPillsAreWholePixels() {
        let short = MenuPainter.measureLabel("Files", fontSize: 13)
        let long = MenuPainter.measureLabel("Files and folders", fontSize: 13)
        XCTAssertGreaterThan(long.width, short.width + 60)
        XCTAssertEqual(long.height, short.height)
        XCTAssertEqual(short.width, short.width.rounded())
        // The font's height (about 1.16 em for DejaVu Sans) plus 2 × 5 padding.
        XCTAssertEqual(short.height, 26, accuracy: 2)
        // Twice the font, twice the text; the padding stays.
        XCTAssertEqual(
            MenuPainter.measureLabel("Files", fontSize: 26).width, 2 * short.width - 20, accuracy: 2)
        XCTAssertEqual(MenuPainter.measureLabel("", fontSize: 13), Size(width: 0, height: 0))
    }

    func testAClosedMenuIsFullyTransparent() {
        let menu = layout()
        let (pixels, _) = render(menu, scales: [0, 0, 0], focused: 1)
        for y in 0..<pixels.height {
            for x in 0..<pixels.width where pixels.at(x, y) != [0, 0, 0, 0] {
                XCTFail("pixel (\(x), \(y)) is \(pixels.at(x, y))")
                return
            }
        }
    }

    func testFocusRingOnlyOnTheFocusedItem() {
        let menu = layout()
        for focused in [0, 1, 2] {
            let (pixels, at) = render(menu, focused: focused)
            for (i, item) in menu.items.enumerated() {
                // On the ring, on the side away from the label.
                let c = item.circle.center
                let (x, y) = at(Point(x: c.x + 20 + 3 + 1.25, y: c.y))
                let p = pixels.at(x, y)
                if i == focused {
                    XCTAssertGreaterThan(p[1], 200, "item \(i) has the ring")
                    XCTAssertLessThan(p[0], 30)
                    XCTAssertGreaterThan(p[3], 200)
                } else {
                    XCTAssertLessThan(p[1], 40, "item \(i) has no ring (focused: \(focused))")
                }
            }
        }
    }

    func testTheOvershootAndRingStayInsideTheImage() {
        let menu = layout(["A very long label for a menu item", "B", "C"])
        let (pixels, _) = render(menu, scales: [1.1, 1.1, 1.1], focused: 2, scale: 2)
        for x in 0..<pixels.width {
            XCTAssertEqual(pixels.at(x, 0)[3], 0)
            XCTAssertEqual(pixels.at(x, pixels.height - 1)[3], 0)
        }
        for y in 0..<pixels.height {
            XCTAssertEqual(pixels.at(0, y)[3], 0)
            XCTAssertEqual(pixels.at(pixels.width - 1, y)[3], 0)
        }
    }

    func testHalfGrownItemsAreSmaller() {
        let menu = layout()
        let (pixels, at) = render(menu, scales: [0.5, 1, 1])
        let c = menu.items[0].circle.center
        XCTAssertGreaterThan(pixels.at(at(c).0, at(c).1)[3], 200)
        // 16 px out is past a half-size circle (radius 10): only shadow.
        let (x, y) = at(Point(x: c.x + 16, y: c.y))
        XCTAssertLessThan(pixels.at(x, y)[3], 120)
        // The pill shrinks toward the item too: its far end is empty.
        let label = menu.items[0].label
        let (lx, ly) = at(Point(x: label.minX + 3, y: label.center.y))
        XCTAssertEqual(pixels.at(lx, ly)[3], 0)
    }

    func testScaleTwoDoublesThePixels() {
        let menu = layout()
        let (one, at1) = render(menu, scale: 1)
        let (two, at2) = render(menu, scale: 2)
        XCTAssertEqual(two.width, one.width * 2)
        XCTAssertEqual(two.height, one.height * 2)
        let p = Point(x: menu.items[1].circle.center.x + 15, y: menu.items[1].circle.center.y + 0.5)
        XCTAssertEqual(two.at(at2(p).0, at2(p).1), one.at(at1(p).0, at1(p).1))
    }

    func testImageRectCoversTheBoundsOnWholePixels() {
        let menu = layout()
        let rect = MenuPainter.imageRect(for: menu)
        XCTAssertLessThanOrEqual(rect.minX, menu.bounds.minX - 14)
        XCTAssertGreaterThanOrEqual(rect.maxX, menu.bounds.maxX + 14)
        XCTAssertEqual(rect.minX, rect.minX.rounded())
        XCTAssertEqual(rect.width, rect.width.rounded())
        let size = MenuPainter.bufferSize(for: menu, scale: 2)
        XCTAssertEqual(size.width, Int(rect.width) * 2)
    }

    func testAPNGIconShowsAtTheItemCentre() throws {
        let dir = try temporaryDirectory(self)
        let path = dir.appendingPathComponent("red.png").path
        writePNG(path, width: 24, height: 24, red: 1, green: 0, blue: 0)
        let loader = IconLoader()
        let icon = try XCTUnwrap(loader.load(path: path, size: 24))
        let menu = layout()
        let (pixels, at) = render(
            menu,
            entries: [
                MenuEntry(label: "Terminal", icon: icon), MenuEntry(label: "Files"), MenuEntry(label: "B"),
            ])
        let (x, y) = at(menu.items[0].circle.center)
        XCTAssertEqual(pixels.at(x, y), [255, 0, 0, 255])
        // 60 % of 40 px: the icon ends 12 px from the centre.
        let (ox, oy) = at(Point(x: menu.items[0].circle.center.x + 14, y: menu.items[0].circle.center.y))
        XCTAssertEqual(Int(pixels.at(ox, oy)[0]), 44, accuracy: 2, "the item's grey beyond the icon")
        // Item 1 has no icon: its initial is white, not red.
        XCTAssertEqual(whitePixels(pixels, at, in: menu.items[1].circle.insetBy(12)) > 5, true)
    }

    func testAnSVGIconShowsAtTheItemCentre() throws {
        let dir = try temporaryDirectory(self)
        let path = dir.appendingPathComponent("green.svg").path
        try greenSVG.write(toFile: path, atomically: true, encoding: .utf8)
        let loader = IconLoader()
        XCTAssertTrue(loader.canLoadSVG, "librsvg2-2 must be installed (apt-get install librsvg2-2)")
        let icon = try XCTUnwrap(loader.load(path: path, size: 48), "librsvg could not render the SVG")
        let menu = layout()
        let (pixels, at) = render(
            menu,
            entries: [
                MenuEntry(label: "Terminal"), MenuEntry(label: "Files", icon: icon), MenuEntry(label: "B"),
            ],
            scale: 2)
        let (x, y) = at(menu.items[1].circle.center)
        XCTAssertEqual(pixels.at(x, y), [0, 255, 0, 255])
    }

    func testScrim() {
        let cases: [(Double, UInt8, UInt)] = [
            // (dim, alpha)
            (0, 0, #line),
            (0.4, 102, #line),
            (0.6, 153, #line),
            (2, 255, #line),
            (.nan, 0, #line),
        ]
        for (dim, alpha, line) in cases {
            let memory = UnsafeMutableRawPointer.allocate(byteCount: 3 * 16, alignment: 16)
            defer { memory.deallocate() }
            memset(memory, 0xAB, 3 * 16)
            MenuPainter.paintScrim(dim: dim, width: 3, height: 3, into: memory, stride: 16)
            let pixels = Pixels(
                width: 3, height: 3, stride: 16,
                bytes: UnsafePointer(memory.assumingMemoryBound(to: UInt8.self)))
            for y in 0..<3 {
                for x in 0..<3 { XCTAssertEqual(pixels.at(x, y), [0, 0, 0, alpha], line: line) }
            }
            // Stride padding is left alone.
            XCTAssertEqual(memory.load(fromByteOffset: 12, as: UInt8.self), 0xAB, line: line)
        }
    }

    /// Pixels that are opaque and near white inside `rect` (output coordinates).
    private func whitePixels(_ pixels: Pixels, _ at: (Point) -> (Int, Int), in rect: Rect) -> Int {
        let (x0, y0) = at(rect.origin)
        let (x1, y1) = at(Point(x: rect.maxX, y: rect.maxY))
        var count = 0
        for y in max(0, y0)..<min(pixels.height, y1) {
            for x in max(0, x0)..<min(pixels.width, x1) {
                let p = pixels.at(x, y)
                if p[3] > 200 && p[0] > 200 && p[1] > 200 && p[2] > 200 { count += 1 }
            }
        }
        return count
    }
}

final class IconLoaderTests: XCTestCase {
    func testAPNGIsFittedIntoTheRequestedSquare() throws {
        let dir = try temporaryDirectory(self)
        let path = dir.appendingPathComponent("wide.png").path
        writePNG(path, width: 20, height: 10, red: 0, green: 0, blue: 1)
        let loader = IconLoader()
        let icon = try XCTUnwrap(loader.load(path: path, size: 24))
        let pixels = pixels(of: icon)
        XCTAssertEqual(pixels.width, 24)
        XCTAssertEqual(pixels.height, 24)
        XCTAssertEqual(pixels.at(12, 12), [0, 0, 255, 255])
        XCTAssertEqual(pixels.at(0, 12), [0, 0, 255, 255])
        // 20×10 fitted into 24 is 24×12, centred: rows 6..<18.
        XCTAssertEqual(pixels.at(12, 2), [0, 0, 0, 0])
        XCTAssertEqual(pixels.at(12, 21), [0, 0, 0, 0])
    }

    func testAnSVGIsRenderedAtTheRequestedSize() throws {
        let dir = try temporaryDirectory(self)
        let path = dir.appendingPathComponent("icon.svg").path
        try greenSVG.write(toFile: path, atomically: true, encoding: .utf8)
        let loader = IconLoader()
        let icon = try XCTUnwrap(loader.load(path: path, size: 72), "librsvg2-2 must be installed")
        let pixels = pixels(of: icon)
        XCTAssertEqual(pixels.width, 72)
        XCTAssertEqual(pixels.at(36, 36), [0, 255, 0, 255])
        XCTAssertEqual(pixels.at(1, 70), [0, 255, 0, 255])
    }

    func testSVGsRenderOutsideThisProcess() throws {
        let dir = try temporaryDirectory(self)
        let path = dir.appendingPathComponent("icon.svg").path
        try greenSVG.write(toFile: path, atomically: true, encoding: .utf8)
        let loader = IconLoader()
        XCTAssertNotNil(loader.load(path: path, size: 24), "librsvg2-2 must be installed")
        XCTAssertTrue(loader.canLoadSVG)
        // librsvg costs ~14 MB resident once used: it must never be mapped here.
        let maps = try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)
        XCTAssertFalse(maps.contains("librsvg"))
    }

    func testSymbolicIconsComeOutWhite() throws {
        let dir = try temporaryDirectory(self)
        let path = dir.appendingPathComponent("edit-symbolic.png").path
        let plain = dir.appendingPathComponent("edit.png").path
        writePNG(path, width: 8, height: 8, red: 46 / 255, green: 51 / 255, blue: 54 / 255)
        writePNG(plain, width: 8, height: 8, red: 46 / 255, green: 51 / 255, blue: 54 / 255)
        let loader = IconLoader()
        XCTAssertEqual(
            pixels(of: try XCTUnwrap(loader.load(path: path, size: 16))).at(8, 8), [255, 255, 255, 255])
        XCTAssertEqual(
            pixels(of: try XCTUnwrap(loader.load(path: plain, size: 16))).at(8, 8), [46, 51, 54, 255])
    }

    func testMissingAndBrokenFilesGiveNil() throws {
        let dir = try temporaryDirectory(self)
        let brokenPNG = dir.appendingPathComponent("broken.png").path
        let brokenSVG = dir.appendingPathComponent("broken.svg").path
        try "not a png".write(toFile: brokenPNG, atomically: true, encoding: .utf8)
        try "<svg".write(toFile: brokenSVG, atomically: true, encoding: .utf8)
        let loader = IconLoader()
        for path in [
            brokenPNG, brokenSVG, dir.appendingPathComponent("missing.png").path,
            dir.appendingPathComponent("missing.svg").path, dir.path,
        ] {
            XCTAssertNil(loader.load(path: path, size: 24), path)
        }
        let good = dir.appendingPathComponent("good.png").path
        writePNG(good, width: 4, height: 4, red: 1, green: 1, blue: 1)
        XCTAssertNil(loader.load(path: good, size: 0))
        XCTAssertNil(loader.load(path: good, size: -3))
    }

    func testSurfacesAreCachedByPathAndSize() throws {
        let dir = try temporaryDirectory(self)
        let path = dir.appendingPathComponent("a.png").path
        writePNG(path, width: 8, height: 8, red: 1, green: 0, blue: 0)
        let loader = IconLoader(capacity: 2)
        let a24 = try XCTUnwrap(loader.load(path: path, size: 24))
        XCTAssertEqual(loader.load(path: path, size: 24), a24)
        let a48 = try XCTUnwrap(loader.load(path: path, size: 48))
        XCTAssertNotEqual(a48, a24)
        XCTAssertEqual(cairo_image_surface_get_width(a48), 48)
        // A third entry overflows the capacity: the cache starts over, and
        // loading again still works.
        let a12 = try XCTUnwrap(loader.load(path: path, size: 12))
        XCTAssertEqual(cairo_image_surface_get_width(a12), 12)
        XCTAssertEqual(cairo_image_surface_get_width(try XCTUnwrap(loader.load(path: path, size: 24))), 24)
        loader.removeAll()
    }
}

extension Rect {
    fileprivate func insetBy(_ d: Double) -> Rect {
        Rect(x: minX + d, y: minY + d, width: width - 2 * d, height: height - 2 * d)
    }
}

import BuoyCore
import CCairo
import Foundation
import XCTest

@testable import BuoyArtist
@testable import BuoyDrawing

/// Premultiplied ARGB32 pixels, read back as R, G, B, A.
struct Pixels {
    let width: Int
    let height: Int
    let stride: Int
    let bytes: UnsafeMutablePointer<UInt8>

    var data: UnsafeMutableRawPointer { UnsafeMutableRawPointer(bytes) }

    func at(_ x: Int, _ y: Int) -> [UInt8] {
        let base = y * stride + x * 4
        return [bytes[base + 2], bytes[base + 1], bytes[base], bytes[base + 3]]
    }

    /// Row `y`'s pixels as stored, without the stride's padding.
    func row(_ y: Int) -> [UInt8] {
        Array(UnsafeBufferPointer(start: bytes + y * stride, count: width * 4))
    }
}

/// A `width`×`height` ARGB32 image full of garbage (0xAB), which painting
/// must clear, freed when `test` ends. Rows have 8 bytes of padding, so a
/// painter must follow the stride. `shared` maps the memory `MAP_SHARED`,
/// as a wl_shm buffer is, so that a child's writes show in it.
func garbageImage(_ test: XCTestCase, width: Int, height: Int, shared: Bool = false) -> Pixels {
    let stride = width * 4 + 8
    let count = max(1, stride * height)
    let memory: UnsafeMutableRawPointer
    if shared {
        let mapped = mmap(nil, count, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0)
        precondition(mapped != nil && mapped != MAP_FAILED, "mmap failed")
        memory = mapped!
        test.addTeardownBlock { munmap(memory, count) }
    } else {
        memory = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
        test.addTeardownBlock { memory.deallocate() }
    }
    memset(memory, 0xAB, count)
    return Pixels(
        width: width, height: height, stride: stride, bytes: memory.assumingMemoryBound(to: UInt8.self))
}

/// Paints `sprite` in this process into a garbage-filled image of its size.
func paintSprite(
    _ test: XCTestCase, _ sprite: MenuSprite, of layout: MenuLayout, entry: MenuEntry, look: MenuLook,
    scale: BufferScale
) -> Pixels {
    let (width, height) = MenuPainter.bufferSize(of: sprite, scale: scale)
    let pixels = garbageImage(test, width: width, height: height)
    MenuPainter.paint(
        sprite, of: layout, entry: entry, look: look, scale: scale, into: pixels.data, stride: pixels.stride)
    return pixels
}

/// Three items beside a button on the right edge of an 800×600 area: item 0
/// above it, item 1 below, item 2 above item 0; labels on the left. Other
/// sizes and a button off the pixel grid give a layout off the grid.
/// `sizes` are the labels' (by default measured here in "Sans 13").
func menuLayout(
    _ labels: [String], sizes: [Size]? = nil, button: Rect = Rect(x: 736, y: 272, width: 56, height: 56),
    itemSize: Double = 40, spacing: Double = 12
) -> MenuLayout {
    let sizes = sizes ?? labels.map { MenuPainter.measureLabel($0, font: "Sans 13") }
    return MenuLayout.layout(
        button: button, usable: Rect(x: 0, y: 0, width: 800, height: 600), count: labels.count,
        itemSize: itemSize, spacing: spacing, labelWidths: sizes.map(\.width),
        labelHeight: sizes.map(\.height).max() ?? 0)
}

/// A temporary directory removed when the test ends.
func temporaryDirectory(_ test: XCTestCase) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("buoy-menu-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
}

/// Writes a `width`×`height` PNG of one opaque colour.
func writePNG(_ path: String, width: Int32, height: Int32, red: Double, green: Double, blue: Double) {
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
        bytes: cairo_image_surface_get_data(surface)!)
}

let greenSVG = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10">
      <rect x="0" y="0" width="10" height="10" fill="#00ff00"/>
    </svg>
    """

/// Opaque, near-white pixels of `pixels` inside the buffer rect `x0..<x1`,
/// `y0..<y1` (clipped to the image).
func whitePixels(_ pixels: Pixels, x0: Int, y0: Int, x1: Int, y1: Int) -> Int {
    var count = 0
    for y in max(0, y0)..<max(max(0, y0), min(pixels.height, y1)) {
        for x in max(0, x0)..<max(max(0, x0), min(pixels.width, x1)) {
            let p = pixels.at(x, y)
            if p[3] > 200 && p[0] > 200 && p[1] > 200 && p[2] > 200 { count += 1 }
        }
    }
    return count
}

/// The menu as the compositor shows it at animation scale 1: every sprite
/// painted into its own buffer, placed with `SpritePlacement`, and
/// composited in order with OVER onto a canvas covering all their images.
private struct Composite {
    let pixels: Pixels
    let origin: Point
    let scale: Int

    /// The canvas pixel under `p` (layer-surface coordinates).
    func at(_ p: Point) -> (Int, Int) {
        (
            Int(((p.x - origin.x) * Double(scale)).rounded(.down)),
            Int(((p.y - origin.y) * Double(scale)).rounded(.down))
        )
    }

    func pixel(_ p: Point) -> [UInt8] {
        let (x, y) = at(p)
        return pixels.at(x, y)
    }

    /// Opaque, near-white pixels inside `rect` (layer-surface coordinates).
    func whitePixels(in rect: Rect) -> Int {
        let (x0, y0) = at(rect.origin)
        let (x1, y1) = at(Point(x: rect.maxX, y: rect.maxY))
        return BuoyDrawingTests.whitePixels(pixels, x0: x0, y0: y0, x1: x1, y1: y1)
    }
}

extension Rect {
    func insetBy(_ d: Double) -> Rect {
        Rect(x: minX + d, y: minY + d, width: width - 2 * d, height: height - 2 * d)
    }

    func union(_ other: Rect) -> Rect {
        let x0 = min(minX, other.minX)
        let y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    func contains(_ other: Rect) -> Bool {
        minX <= other.minX && minY <= other.minY && maxX >= other.maxX && maxY >= other.maxY
    }

    var isOnWholePixels: Bool {
        [minX, minY, width, height].allSatisfy { $0 == $0.rounded() }
    }
}

final class MenuPainterTests: XCTestCase {
    private let accent = Color(red: 0, green: 1, blue: 0)
    private let labels = ["Terminal", "Files", "Browser"]
    private var look: MenuLook { MenuLook(buttonColor: accent) }

    private func layout(_ labels: [String]? = nil) -> MenuLayout {
        menuLayout(labels ?? self.labels)
    }

    /// A layout off the pixel grid: a fractional button, item size and spacing.
    private func offGridLayout() -> MenuLayout {
        menuLayout(
            labels, button: Rect(x: 700.3, y: 250.7, width: 55, height: 55), itemSize: 37.4, spacing: 11.3)
    }

    /// Paints every sprite of `layout` into its own garbage-filled buffer and
    /// composites them as the compositor does at animation scale 1: in
    /// order, with OVER, each at its `SpritePlacement`; the focus ring only
    /// when an item is `focused`, moved to that item.
    private func render(
        _ layout: MenuLayout, entries: [MenuEntry]? = nil, focused: Int? = nil, scale: Int = 1
    ) throws -> Composite {
        let entries = entries ?? labels.map { MenuEntry(label: $0) }
        var placed: [(sprite: MenuSprite, rect: Rect)] = []
        for sprite in MenuSprite.sprites(for: layout) {
            var item = sprite.item
            var image = sprite.image
            if sprite.part == .focusRing {
                guard let focused else { continue }
                item = focused
                image = MenuSprite.image(of: .focusRing, for: layout.items[focused])
            }
            let rect = try XCTUnwrap(
                SpritePlacement.place(image, scaledBy: 1, around: layout.items[item].circle.center))
            placed.append((sprite, rect))
        }
        let bounds = try XCTUnwrap(placed.map(\.rect).reduce(nil) { $0?.union($1) ?? $1 })
        XCTAssertTrue(bounds.isOnWholePixels)
        let canvas = try XCTUnwrap(
            cairo_image_surface_create(
                CAIRO_FORMAT_ARGB32, Int32(bounds.width) * Int32(scale), Int32(bounds.height) * Int32(scale)))
        addTeardownBlock { cairo_surface_destroy(canvas) }
        let cr = try XCTUnwrap(cairo_create(canvas))
        defer { cairo_destroy(cr) }
        for (sprite, rect) in placed {
            let buffer = paintSprite(
                self, sprite, of: layout, entry: entries[sprite.item], look: look,
                scale: BufferScale(integer: scale))
            // At animation scale 1 the viewport is the buffer's own size: no scaling.
            XCTAssertEqual(Double(buffer.width), rect.width * Double(scale))
            XCTAssertEqual(Double(buffer.height), rect.height * Double(scale))
            let source = try XCTUnwrap(
                cairo_image_surface_create_for_data(
                    buffer.bytes, CAIRO_FORMAT_ARGB32, Int32(buffer.width), Int32(buffer.height),
                    Int32(buffer.stride)))
            cairo_set_source_surface(
                cr, source, (rect.minX - bounds.minX) * Double(scale),
                (rect.minY - bounds.minY) * Double(scale))
            cairo_paint(cr)
            cairo_surface_destroy(source)
        }
        return Composite(pixels: pixels(of: canvas), origin: bounds.origin, scale: scale)
    }

    func testItemsAreOpaqueCirclesWithInitials() throws {
        for scale in [1, 2] {
            let menu = layout()
            let composite = try render(menu, scale: scale)
            for (i, item) in menu.items.enumerated() {
                let c = item.circle.center
                XCTAssertGreaterThanOrEqual(composite.pixel(c)[3], 230, "item \(i) centre, scale \(scale)")
                // Inside the rim, clear of the letter: #303030eb, premultiplied; the
                // fill replaces the item's own shadow, so it is exactly its colour.
                let body = composite.pixel(Point(x: c.x + 16, y: c.y))
                XCTAssertEqual(Int(body[0]), 44, accuracy: 1, "item \(i), scale \(scale)")
                XCTAssertEqual(Int(body[3]), 235, accuracy: 1, "item \(i), scale \(scale)")
                // Just outside it, the faint rim: white at 0x5a, premultiplied.
                let rim = composite.pixel(Point(x: c.x + item.circle.width / 2 + 0.5, y: c.y))
                XCTAssertEqual(Int(rim[0]), 0x5A, accuracy: 2, "item \(i)'s rim, scale \(scale)")
                // The initial: white pixels near the centre.
                XCTAssertGreaterThan(
                    composite.whitePixels(in: item.circle.insetBy(12)), 5, "item \(i) initial")
            }
        }
    }

    func testLabelPillsHaveWhiteTextOnDark() throws {
        let menu = layout()
        let composite = try render(menu)
        for (i, item) in menu.items.enumerated() {
            XCTAssertGreaterThan(item.label.width, 30)
            XCTAssertGreaterThan(composite.whitePixels(in: item.label), 20, "item \(i) label text")
            // The padding at the pill's start is the discs' fill, #303030eb.
            let fill = composite.pixel(Point(x: item.label.minX + 6, y: item.label.center.y))
            XCTAssertEqual(Int(fill[3]), 235, accuracy: 1)
            XCTAssertEqual(Int(fill[0]), 44, accuracy: 1)
        }
        // Between the pill and the circle: nothing but faint shadow.
        let item = menu.items[0]
        XCTAssertLessThan(composite.pixel(Point(x: item.label.maxX + 4, y: item.circle.minY + 2))[3], 40)
    }

    func testLongerLabelsMeasureWiderAndPillsAreWholePixels() {
        let short = MenuPainter.measureLabel("Files", font: "Sans 13")
        let long = MenuPainter.measureLabel("Files and folders", font: "Sans 13")
        XCTAssertGreaterThan(long.width, short.width + 60)
        XCTAssertEqual(long.height, short.height)
        XCTAssertEqual(short.width, short.width.rounded())
        // The font's height (about 1.16 em for DejaVu Sans, of 13 pt at 96 dpi:
        // 17.3 px) plus 2 × 5 padding.
        XCTAssertEqual(short.height, 31, accuracy: 2)
        // Twice the font, twice the text; the padding stays.
        XCTAssertEqual(
            MenuPainter.measureLabel("Files", font: "Sans 26").width, 2 * short.width - 20, accuracy: 2)
        XCTAssertEqual(MenuPainter.measureLabel("", font: "Sans 13"), Size(width: 0, height: 0))
    }

    /// `label`'s pill beside an item at the right edge of an area `areaWidth`
    /// px wide, painted alone, and where its text goes in the image
    /// (buffer px, between the paddings).
    private func paintedPill(_ label: String, areaWidth: Double = 800, scale: Int = 1) throws -> (
        pixels: Pixels, text: ClosedRange<Int>
    ) {
        let size = MenuPainter.measureLabel(label, font: look.font)
        let menu = MenuLayout.layout(
            button: Rect(x: areaWidth - 64, y: 272, width: 56, height: 56),
            usable: Rect(x: 0, y: 0, width: areaWidth, height: 600), count: 1, itemSize: 40, spacing: 12,
            labelWidths: [size.width], labelHeight: size.height)
        let sprite = try XCTUnwrap(MenuSprite.sprites(for: menu).first { $0.part == .pill })
        let pill = menu.items[0].label
        XCTAssertGreaterThanOrEqual(pill.minX, 0)
        let pixels = paintSprite(
            self, sprite, of: menu, entry: MenuEntry(label: label), look: look,
            scale: BufferScale(integer: scale))
        let first = Int(((pill.minX + MenuPainter.labelPadding.width - sprite.image.minX) * Double(scale)))
        let last = Int(((pill.maxX - MenuPainter.labelPadding.width - sprite.image.minX) * Double(scale))) - 1
        return (pixels, first...last)
    }

    /// Per column of `columns`, the rows of its white text pixels, if any.
    private func inkRows(_ pixels: Pixels, columns: ClosedRange<Int>) -> [Int: ClosedRange<Int>] {
        var rows: [Int: ClosedRange<Int>] = [:]
        for x in columns {
            for y in 0..<pixels.height {
                let p = pixels.at(x, y)
                guard p[3] > 200 && p[0] > 160 else { continue }
                rows[x] = min(rows[x]?.lowerBound ?? y, y)...max(rows[x]?.upperBound ?? y, y)
            }
        }
        return rows
    }

    func testOtherScriptsAndEmojiAreShapedAndDrawnFromFallbackFonts() throws {
        // Two private-use code points: boxes in every font.
        let boxes = try paintedPill("\u{E000}\u{E001}")
        for label in ["终端", "مرحبا", "📷 Screenshot"] {
            let (pixels, text) = try paintedPill(label)
            let ink = inkRows(pixels, columns: text)
            XCTAssertGreaterThan(ink.count, 10, label)
            XCTAssertNotEqual(
                (0..<pixels.height).map(pixels.row), (0..<boxes.pixels.height).map(boxes.pixels.row), label)
        }
        // Two CJK glyphs are two ems wide: 17 px each at 13 pt.
        let cjk = MenuPainter.measureLabel("终端", font: "Sans 13")
        XCTAssertEqual(cjk.width - 2 * MenuPainter.labelPadding.width, 2 * 13 * 96 / 72, accuracy: 2)
        // The camera is in colour: some pixel is far from grey.
        let (emoji, text) = try paintedPill("📷 Screenshot")
        let coloured = text.contains { x in
            (0..<emoji.height).contains { y in
                let p = emoji.at(x, y).map(Int.init)
                return p[3] > 200 && max(p[0], p[1], p[2]) - min(p[0], p[1], p[2]) > 80
            }
        }
        XCTAssertTrue(coloured, "a colour emoji")
    }

    func testALabelWiderThanItsRoomEndsInAnEllipsis() throws {
        for scale in [1, 2] {
            let long = String(repeating: "M", count: 200)
            let (pixels, text) = try paintedPill(long, areaWidth: 360, scale: scale)
            let ink = inkRows(pixels, columns: text)
            let end = try XCTUnwrap(ink.keys.max())
            // The last few columns are the ellipsis' last dot, on the baseline,
            // not an M's stem cut in half.
            for x in (end - 2 * scale)...end {
                guard let rows = ink[x] else { continue }
                XCTAssertLessThanOrEqual(rows.count, 3 * scale, "column \(x) at scale \(scale)")
            }
            // Further left, whole Ms.
            let start = try XCTUnwrap(ink.keys.min())
            XCTAssertLessThan(start, text.lowerBound + 3 * scale)
            XCTAssertGreaterThan(ink.values.map(\.count).max() ?? 0, 8 * scale)
        }
    }

    func testRightToLeftTextReadsFromThePillsRightEndAndIsCutOnItsLeft() throws {
        let long = Array(repeating: "مرحبا", count: 40).joined(separator: " ")
        let (pixels, text) = try paintedPill(long, areaWidth: 360)
        let ink = inkRows(pixels, columns: text)
        // The text starts at the pill's right end...
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(ink.keys.max()), text.upperBound - 2)
        // ...and its ellipsis, on the left, is dots on the baseline.
        let start = try XCTUnwrap(ink.keys.min())
        for x in start...(start + 2) {
            guard let rows = ink[x] else { continue }
            XCTAssertLessThanOrEqual(rows.count, 3, "column \(x)")
        }
    }

    func testFocusRingOnlyOnTheFocusedItem() throws {
        let menu = layout()
        for focused in [nil, 0, 1, 2] {
            let composite = try render(menu, focused: focused)
            for (i, item) in menu.items.enumerated() {
                // On the ring, on the side away from the label.
                let c = item.circle.center
                let p = composite.pixel(Point(x: c.x + 20 + 3 + 1.25, y: c.y))
                if i == focused {
                    XCTAssertGreaterThan(p[1], 200, "item \(i) has the ring")
                    XCTAssertLessThan(p[0], 30)
                    XCTAssertGreaterThan(p[3], 200)
                } else {
                    XCTAssertLessThan(
                        p[1], 40, "item \(i) has no ring (focused: \(String(describing: focused)))")
                }
            }
        }
    }

    /// A `toggle` item that is on wears the accent ring on its circle's own
    /// image, whatever the keyboard focus; one that is off does not.
    func testAToggleThatIsOnHasTheAccentRing() {
        let menu = layout()
        let look = MenuLook(buttonColor: Color(red: 0, green: 1, blue: 0))
        let item = menu.items[0]
        let circle = MenuSprite(part: .circle, item: 0, image: MenuSprite.image(of: .circle, for: item))
        for on in [false, true] {
            let pixels = paintSprite(
                self, circle, of: menu, entry: MenuEntry(label: "Mute", on: on), look: look, scale: 1)
            // On the ring, right of the circle.
            let ringX = item.circle.maxX + MenuSprite.focusGap + MenuSprite.focusWidth / 2
            let p = pixels.at(Int(ringX - circle.image.minX), Int(item.circle.center.y - circle.image.minY))
            if on {
                XCTAssertGreaterThan(p[1], 200, "the ring in the accent colour")
                XCTAssertLessThan(p[0], 40)
            } else {
                XCTAssertLessThan(p[1], 100, "no ring when off")
            }
        }
    }

    /// A missing icon's placeholder: the frame where the icon would be, in
    /// the label colour, which a plain initial does not have.
    func testAMissingIconDrawsAFramedInitial() {
        let menu = layout()
        let look = MenuLook(buttonColor: Color(red: 0, green: 1, blue: 0))
        let item = menu.items[0]
        let circle = MenuSprite(part: .circle, item: 0, image: MenuSprite.image(of: .circle, for: item))
        func painted(missing: Bool) -> Pixels {
            paintSprite(
                self, circle, of: menu, entry: MenuEntry(label: "Mail", iconMissing: missing), look: look,
                scale: 1)
        }
        let (framed, plain) = (painted(missing: true), painted(missing: false))
        // Down the frame's left side (60 % of the circle, centred), clear of the letter.
        let x = Int((item.circle.center.x - item.circle.width * 0.3 + 0.7 - circle.image.minX).rounded(.down))
        let top = Int(item.circle.center.y - item.circle.width * 0.2 - circle.image.minY)
        let differing = (top..<top + Int(item.circle.width * 0.4)).filter { y in
            zip(framed.at(x, y), plain.at(x, y)).contains { abs(Int($0) - Int($1)) > 60 }
        }
        XCTAssertGreaterThan(differing.count, 4, "the dashed frame")
    }

    func testScaleTwoDoublesThePixels() throws {
        let menu = layout()
        let one = try render(menu, focused: 1, scale: 1)
        let two = try render(menu, focused: 1, scale: 2)
        XCTAssertEqual(two.pixels.width, one.pixels.width * 2)
        XCTAssertEqual(two.pixels.height, one.pixels.height * 2)
        XCTAssertEqual(two.origin, one.origin)
        let p = Point(x: menu.items[1].circle.center.x + 15, y: menu.items[1].circle.center.y + 0.5)
        XCTAssertEqual(two.pixel(p), one.pixel(p))
        for scale in [1, 2, 3] {
            for sprite in MenuSprite.sprites(for: menu) {
                let size = MenuPainter.bufferSize(of: sprite, scale: BufferScale(integer: scale))
                XCTAssertEqual(Double(size.width), sprite.image.width * Double(scale))
                XCTAssertEqual(Double(size.height), sprite.image.height * Double(scale))
            }
        }
    }

    func testAPNGIconShowsAtTheItemCentre() throws {
        let dir = try temporaryDirectory(self)
        let path = dir.appendingPathComponent("red.png").path
        writePNG(path, width: 24, height: 24, red: 1, green: 0, blue: 0)
        let loader = IconLoader()
        defer { withExtendedLifetime(loader) {} }  // it owns the icon
        let icon = try XCTUnwrap(loader.load(path: path, size: 24))
        let menu = layout()
        let composite = try render(
            menu,
            entries: [
                MenuEntry(label: "Terminal", icon: icon), MenuEntry(label: "Files"), MenuEntry(label: "B"),
            ])
        let c = menu.items[0].circle.center
        XCTAssertEqual(composite.pixel(c), [255, 0, 0, 255])
        // 60 % of 40 px: the icon ends 12 px from the centre.
        XCTAssertEqual(
            Int(composite.pixel(Point(x: c.x + 14, y: c.y))[0]), 44, accuracy: 2,
            "the item's grey beyond the icon")
        // Item 1 has no icon: its initial is white, not red.
        XCTAssertGreaterThan(composite.whitePixels(in: menu.items[1].circle.insetBy(12)), 5)
    }

    func testAnSVGIconShowsAtTheItemCentre() throws {
        let dir = try temporaryDirectory(self)
        let path = dir.appendingPathComponent("green.svg").path
        try greenSVG.write(toFile: path, atomically: true, encoding: .utf8)
        let loader = IconLoader()
        defer { withExtendedLifetime(loader) {} }  // it owns the icon
        let icon = try XCTUnwrap(loader.load(path: path, size: 48), "librsvg could not render the SVG")
        let menu = layout()
        let composite = try render(
            menu,
            entries: [
                MenuEntry(label: "Terminal"), MenuEntry(label: "Files", icon: icon), MenuEntry(label: "B"),
            ],
            scale: 2)
        XCTAssertEqual(composite.pixel(menu.items[1].circle.center), [0, 255, 0, 255])
    }

    // MARK: - Sprites

    func testSpritesArePillsThenCirclesThenOneRing() {
        for menu in [layout(), layout(["Terminal", "", "Browser"]), layout(["", "", ""]), offGridLayout()] {
            let sprites = MenuSprite.sprites(for: menu)
            let withPills = menu.items.indices.filter { menu.items[$0].label.width > 0 }
            let pills = sprites.filter { $0.part == .pill }
            let circles = sprites.filter { $0.part == .circle }
            let rings = sprites.filter { $0.part == .focusRing }
            XCTAssertEqual(pills.map(\.item), withPills)
            XCTAssertEqual(circles.map(\.item), Array(menu.items.indices))
            XCTAssertEqual(rings.map(\.item), [0])
            // Bottom to top: pills under circles, the ring on top.
            XCTAssertEqual(sprites, pills + circles + rings)
            for sprite in sprites {
                XCTAssertEqual(sprite.image, MenuSprite.image(of: sprite.part, for: menu.items[sprite.item]))
            }
        }
        // An item without a label has no pill.
        let gap = layout(["Terminal", "", "Browser"])
        XCTAssertEqual(gap.items[1].label.width, 0)
        XCTAssertEqual(MenuSprite.sprites(for: gap).filter { $0.part == .pill }.map(\.item), [0, 2])
        XCTAssertEqual(MenuSprite.sprites(for: layout([])), [])
    }

    /// The shape a sprite is drawn around: the pill, or the item's circle.
    private func shape(of sprite: MenuSprite, in layout: MenuLayout) -> Rect {
        sprite.part == .pill ? layout.items[sprite.item].label : layout.items[sprite.item].circle
    }

    func testSpriteImagesAreWholePixelsAndHoldTheirShapesAndShadows() throws {
        for menu in [layout(), offGridLayout()] {
            for sprite in MenuSprite.sprites(for: menu) {
                let what = "\(sprite.part) of item \(sprite.item)"
                XCTAssertTrue(sprite.image.isOnWholePixels, "\(what): \(sprite.image)")
                XCTAssertTrue(sprite.image.contains(shape(of: sprite, in: menu)), what)
                // Painted into a larger image, nothing lands outside the sprite's own.
                let room = Rect(
                    x: sprite.image.minX - 10, y: sprite.image.minY - 10, width: sprite.image.width + 20,
                    height: sprite.image.height + 20)
                let unclipped = MenuSprite(part: sprite.part, item: sprite.item, image: room)
                let pixels = paintSprite(
                    self, unclipped, of: menu, entry: MenuEntry(label: labels[sprite.item]), look: look,
                    scale: 2)
                let ink = try XCTUnwrap(inkBounds(pixels, origin: room.origin, scale: 2), what)
                XCTAssertTrue(sprite.image.contains(ink), "\(what): \(ink) is not inside \(sprite.image)")
                // And the shadow (or the ring) does reach outside the shape.
                let shape = shape(of: sprite, in: menu)
                XCTAssertTrue(ink.contains(shape.insetBy(-1)), "\(what): \(ink) around \(shape)")
            }
        }
    }

    func testSpriteBuffersAreClearOutsideTheirShadows() {
        for menu in [layout(), offGridLayout()] {
            for scale in [1, 2] {
                for sprite in MenuSprite.sprites(for: menu) {
                    let what = "\(sprite.part) of item \(sprite.item), scale \(scale)"
                    let pixels = paintSprite(
                        self, sprite, of: menu, entry: MenuEntry(label: labels[sprite.item]), look: look,
                        scale: BufferScale(integer: scale))
                    let reach = self.reach(of: sprite, in: menu)
                    var cleared = 0
                    var inked = 0
                    var stray: [(Int, Int)] = []
                    for y in 0..<pixels.height {
                        for x in 0..<pixels.width {
                            let p = Point(
                                x: sprite.image.minX + (Double(x) + 0.5) / Double(scale),
                                y: sprite.image.minY + (Double(y) + 0.5) / Double(scale))
                            if reach(p) {
                                if pixels.at(x, y)[3] > 0 { inked += 1 }
                            } else {
                                if pixels.at(x, y) != [0, 0, 0, 0] { stray.append((x, y)) }
                                cleared += 1
                            }
                        }
                    }
                    XCTAssertEqual(stray.count, 0, "\(what): pixels not cleared, such as \(stray.prefix(1))")
                    // Every sprite has a margin to clear, and something drawn.
                    XCTAssertGreaterThan(cleared, 0, what)
                    XCTAssertGreaterThan(inked, 0, what)
                }
            }
        }
    }

    /// Whether a sprite's drawing may reach `p`, with a px for antialiasing:
    /// a pill's three spreading outlines one px lower, a circle's shadow a
    /// quarter of its spread lower and three quarters of it wider, the ring
    /// from the gap outward.
    private func reach(of sprite: MenuSprite, in layout: MenuLayout) -> (Point) -> Bool {
        let item = layout.items[sprite.item]
        let c = item.circle.center
        let r = item.circle.width / 2
        switch sprite.part {
        case .pill:
            let outline = Rect(
                x: item.label.minX - 4, y: item.label.minY - 3, width: item.label.width + 8,
                height: item.label.height + 8)
            return { outline.contains($0) }
        case .circle:
            let spread = item.circle.width * MenuSprite.shadowSpread
            let shadow = Point(x: c.x, y: c.y + spread / 4)
            return { $0.distance(to: shadow) <= r + spread * 0.75 + 1 }
        case .focusRing:
            return {
                let d = $0.distance(to: c)
                return d >= r + MenuSprite.focusGap - 1
                    && d <= r + MenuSprite.focusGap + MenuSprite.focusWidth + 1
            }
        case .panel:
            let frame = layout.panel?.frame ?? item.target
            let outline = Rect(
                x: frame.minX - 5, y: frame.minY - 4, width: frame.width + 10, height: frame.height + 10)
            return { outline.contains($0) }
        }
    }

    func testTheRingIsCentredOnTheCircle() throws {
        for menu in [layout(), offGridLayout()] {
            let sprites = MenuSprite.sprites(for: menu)
            let ring = try XCTUnwrap(sprites.first { $0.part == .focusRing })
            let circle = try XCTUnwrap(sprites.first { $0.part == .circle && $0.item == ring.item })
            let entry = MenuEntry(label: labels[ring.item])
            let ringPixels = paintSprite(self, ring, of: menu, entry: entry, look: look, scale: 2)
            let circlePixels = paintSprite(self, circle, of: menu, entry: entry, look: look, scale: 2)
            // The ring's ink, and the circle's opaque disc (not its shadow, which falls lower).
            let ringCentre = try XCTUnwrap(
                centroid(ringPixels, origin: ring.image.origin, scale: 2) { $0 > 0 })
            let discCentre = try XCTUnwrap(
                centroid(circlePixels, origin: circle.image.origin, scale: 2) { $0 > 200 })
            let c = menu.items[ring.item].circle.center
            XCTAssertEqual(ringCentre.x, c.x, accuracy: 0.05)
            XCTAssertEqual(ringCentre.y, c.y, accuracy: 0.05)
            XCTAssertEqual(discCentre.x, ringCentre.x, accuracy: 0.1)
            XCTAssertEqual(discCentre.y, ringCentre.y, accuracy: 0.1)
        }
        // Moved to another item, the one ring is centred on that item's circle.
        // This holds when the items are whole px apart, as here; off the grid
        // (offGridLayout) the moved ring is off by up to a px.
        let menu = layout()
        let ring = try XCTUnwrap(MenuSprite.sprites(for: menu).first { $0.part == .focusRing })
        let pixels = paintSprite(
            self, ring, of: menu, entry: MenuEntry(label: labels[0]), look: look, scale: 2)
        for (i, item) in menu.items.enumerated() {
            let image = MenuSprite.image(of: .focusRing, for: item)
            XCTAssertEqual(image.size, ring.image.size)
            let centre = try XCTUnwrap(centroid(pixels, origin: image.origin, scale: 2) { $0 > 0 })
            XCTAssertEqual(centre.x, item.circle.center.x, accuracy: 0.05, "item \(i)")
            XCTAssertEqual(centre.y, item.circle.center.y, accuracy: 0.05, "item \(i)")
        }
    }

    /// The alpha-weighted centre of the pixels whose alpha passes `counts`,
    /// in layer-surface coordinates, for an image at `origin` and `scale`.
    private func centroid(_ pixels: Pixels, origin: Point, scale: Int, counts: (UInt8) -> Bool) -> Point? {
        var sum = 0.0
        var x = 0.0
        var y = 0.0
        for py in 0..<pixels.height {
            for px in 0..<pixels.width {
                let a = pixels.at(px, py)[3]
                guard counts(a) else { continue }
                sum += Double(a)
                x += Double(a) * (Double(px) + 0.5)
                y += Double(a) * (Double(py) + 0.5)
            }
        }
        guard sum > 0 else { return nil }
        return Point(x: origin.x + x / sum / Double(scale), y: origin.y + y / sum / Double(scale))
    }

    /// The bounds of the pixels that are not fully transparent, in
    /// layer-surface coordinates, for an image at `origin` and `scale`.
    private func inkBounds(_ pixels: Pixels, origin: Point, scale: Int) -> Rect? {
        var minX = Int.max
        var minY = Int.max
        var maxX = Int.min
        var maxY = Int.min
        for y in 0..<pixels.height {
            for x in 0..<pixels.width where pixels.at(x, y) != [0, 0, 0, 0] {
                minX = min(minX, x)
                minY = min(minY, y)
                maxX = max(maxX, x + 1)
                maxY = max(maxY, y + 1)
            }
        }
        guard minX <= maxX else { return nil }
        let s = Double(scale)
        return Rect(
            x: origin.x + Double(minX) / s, y: origin.y + Double(minY) / s, width: Double(maxX - minX) / s,
            height: Double(maxY - minY) / s)
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

    func testPreloadRendersManySVGsAndGivesUpOnlyTheOneThatHangs() throws {
        let dir = try temporaryDirectory(self)
        let first = dir.appendingPathComponent("first.svg").path
        let last = dir.appendingPathComponent("last.png.svg").path
        let broken = dir.appendingPathComponent("broken.svg").path
        // librsvg's open of a FIFO with no writer never returns.
        let hangs = dir.appendingPathComponent("hangs.svg").path
        for path in [first, last] { try greenSVG.write(toFile: path, atomically: true, encoding: .utf8) }
        try "<svg".write(toFile: broken, atomically: true, encoding: .utf8)
        XCTAssertEqual(mkfifo(hangs, 0o600), 0)
        let loader = IconLoader()
        let started = Date()
        loader.preload([first, broken, hangs, last, first], size: 16)
        XCTAssertLessThan(Date().timeIntervalSince(started), 0.5, "preload does not wait for its child")
        // The first load waits for it (the FIFO for `svgTimeout`); then all
        // are cached: a second child would hang on the FIFO again.
        for path in [first, last] {
            let icon = try XCTUnwrap(loader.load(path: path, size: 16), "librsvg2-2 must be installed")
            XCTAssertEqual(pixels(of: icon).at(8, 8), [0, 255, 0, 255], path)
        }
        XCTAssertNil(loader.load(path: broken, size: 16))
        XCTAssertNil(loader.load(path: hangs, size: 16))
        let waited = Date().timeIntervalSince(started)
        let timeout = Double(DrawingHelper.svgTimeout) / 1000
        XCTAssertGreaterThanOrEqual(waited, timeout, "the FIFO was waited for")
        XCTAssertLessThan(
            waited, 1.75 * timeout, "and only once: the preloaded icons were not rendered again")
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

/// Whether a menu drawn ahead of time for one place shows another as it is.
final class MenuDrawnAheadTests: XCTestCase {
    private let usable = Rect(x: 0, y: 0, width: 1280, height: 720)

    private func layout(buttonAt origin: Point, labels: [Double] = [60, 90, 75]) -> MenuLayout {
        MenuLayout.layout(
            button: Rect(origin: origin, size: Size(width: 56, height: 56)), usable: usable,
            count: labels.count,
            itemSize: 48, spacing: 12, labelWidths: labels, labelHeight: 26)
    }

    func testTheSamePlaceAndAWholePixelMoveAlongTheEdgeDrawTheSame() {
        let drawn = layout(buttonAt: Point(x: 1216, y: 332))
        XCTAssertTrue(MenuSprite.drawsTheSame(drawn, as: drawn))
        XCTAssertTrue(MenuSprite.drawsTheSame(layout(buttonAt: Point(x: 1216, y: 350)), as: drawn))
    }

    func testTheOtherEdgeDoesNot() {
        // The pills go to the other side of the circles, a label gap (0.2 × 48 px) away:
        // at x 1150.4 on the right, 69.6 on the left, so their edges fall differently on
        // the pixels, although every image keeps its size.
        let right = layout(buttonAt: Point(x: 1216, y: 332))
        let left = layout(buttonAt: Point(x: 8, y: 332))
        XCTAssertNotEqual(right.items[0].labelSide, left.items[0].labelSide)
        XCTAssertEqual(
            MenuSprite.sprites(for: left).map(\.image.size),
            MenuSprite.sprites(for: right).map(\.image.size))
        XCTAssertFalse(MenuSprite.drawsTheSame(left, as: right))
    }

    func testAHalfPixelMoveOrAnotherLabelWidthDoesNot() {
        let drawn = layout(buttonAt: Point(x: 1216, y: 332))
        XCTAssertFalse(MenuSprite.drawsTheSame(layout(buttonAt: Point(x: 1216, y: 332.5)), as: drawn))
        XCTAssertFalse(
            MenuSprite.drawsTheSame(
                layout(buttonAt: Point(x: 1216, y: 332), labels: [60, 91, 75]), as: drawn))
    }

    func testAnotherCountDoesNot() {
        let drawn = layout(buttonAt: Point(x: 1216, y: 332))
        XCTAssertFalse(
            MenuSprite.drawsTheSame(layout(buttonAt: Point(x: 1216, y: 332), labels: [60, 90]), as: drawn))
    }
}

import BuoyCore
import CCairo
import Glibc

/// An icon or a label a child drew for the button's face: `side`² pixels in
/// memory shared with that child (`MAP_SHARED`), kept for as long as the
/// button shows it. `ButtonPainter` composites it wherever it would draw
/// the ring and dot. Two images are equal only if they are the same one.
public final class FaceImage: Equatable {
    public let side: Int
    let stride: Int
    private let pixels: SharedMemory<UInt8>

    /// Premultiplied ARGB32, a label's too: drawn in the glyph colour, but
    /// for colour glyphs (emoji), which keep their own colours.
    static let format = CAIRO_FORMAT_ARGB32

    init(pixels: SharedMemory<UInt8>, side: Int, stride: Int) {
        self.pixels = pixels
        self.side = side
        self.stride = stride
    }

    public static func == (a: FaceImage, b: FaceImage) -> Bool { a === b }

    /// A cairo surface over the pixels, for the caller to destroy; the
    /// image must outlive it.
    func surface() -> OpaquePointer? {
        guard
            let surface = cairo_image_surface_create_for_data(
                pixels.pointer, Self.format, Int32(side), Int32(side), Int32(stride))
        else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        return surface
    }
}

/// Draws the button's face when it is an icon or a label (`ButtonFace`),
/// once per face, colour and size, in a short-lived child (`ChildJob`), as
/// `MenuArtist` draws the menu: a label needs Pango and fontconfig, an icon
/// the themes' indexes and perhaps librsvg, and none of them may enter
/// buoy's own memory. The child draws into shared memory that buoy keeps
/// (`FaceImage`), so a repaint (a press, a fade, a turn) forks nothing.
public enum FaceArtist {
    /// What a child drew, and what became of an icon.
    public struct Report {
        /// Nil when there is nothing to show: the icon was not found or could
        /// not be loaded (the button keeps the ring and dot).
        public var image: FaceImage?
        /// `.none` for a label.
        public var icon: MenuArtist.Icon
        /// The child's peak resident memory, in KiB.
        public var childPeakKiB: Int
    }

    /// How long a child may take, in seconds: one SVG's
    /// `IconLoader.svgTimeout`, and as long again for the rest.
    public static let timeoutSeconds = 2 * Double(IconLoader.svgTimeout) / 1000

    /// The label's ink fills at most this much of the image's height, so
    /// that one letter looks like the ring it replaces, not a headline.
    static let labelHeight = 0.8

    /// Starts a child that draws `face` (an icon or a label) `side` px
    /// square: a label as coverage (the painter gives it the glyph colour), bold, in `font`'s family, as large as
    /// fits; an icon from its path, or found by `locate` for a name,
    /// fitted and centred, a symbolic one recoloured with `color`. Nil if
    /// the child could not be started; the job's result is nil if it failed.
    public static func draw(
        _ face: ButtonFace, side: Int, color: Color, font: String,
        locate: @escaping ([String?]) -> MenuArtist.Located
    ) -> MenuArtist.Job<Report>? {
        let format = FaceImage.format
        let stride = Int(cairo_format_stride_for_width(format, Int32(side)))
        // An outcome byte, then the icon's path, NUL-terminated.
        guard side > 0, side <= 4096, stride > 0, let pixels = SharedMemory<UInt8>(count: stride * side),
            let report = SharedMemory<UInt8>(count: 1 + MenuArtist.pathCapacity)
        else { return nil }
        let child = ChildJob {
            guard
                let surface = cairo_image_surface_create_for_data(
                    pixels.pointer, format, Int32(side), Int32(side), Int32(stride)),
                let cr = cairo_create(surface)
            else { return 1 }
            defer {
                cairo_destroy(cr)
                cairo_surface_destroy(surface)
            }
            switch face {
            case .glyph: return 1
            case .label(let text):
                guard paintLabel(text, cr, side: Double(side), color: color, font: font) else { return 1 }
                report.pointer[0] = drawn
            case .icon(let icon):
                let path = icon.hasPrefix("/") ? icon : locate([icon]).paths.first ?? nil
                guard let path else {
                    report.pointer[0] = notFound
                    return 0
                }
                for (i, byte) in path.utf8.prefix(MenuArtist.pathCapacity - 1).enumerated() {
                    report.pointer[1 + i] = byte
                }
                let loader = IconLoader(capacity: 1, symbolicColor: color)
                guard let image = loader.load(path: path, size: side) else {
                    report.pointer[0] = failed
                    return 0
                }
                cairo_set_source_surface(cr, image, 0, 0)
                cairo_paint(cr)
                report.pointer[0] = drawn
            }
            cairo_surface_flush(surface)
            return cairo_status(cr) == CAIRO_STATUS_SUCCESS ? 0 : 1
        }
        guard let child else { return nil }
        return MenuArtist.Job(child: child) { outcome in
            guard outcome.exitCode == 0 else { return nil }
            let path = String(cString: report.pointer + 1)
            let image = FaceImage(pixels: pixels, side: side, stride: stride)
            switch (face, report.pointer[0]) {
            case (.label, drawn): return Report(image: image, icon: .none, childPeakKiB: outcome.peakKiB)
            case (.icon, drawn):
                return Report(image: image, icon: .drawn(path: path), childPeakKiB: outcome.peakKiB)
            case (.icon, notFound): return Report(image: nil, icon: .notFound, childPeakKiB: outcome.peakKiB)
            case (.icon, failed):
                return Report(image: nil, icon: .failed(path: path), childPeakKiB: outcome.peakKiB)
            default: return nil
            }
        }
    }

    /// Draws `text` in `color` centred on a `side`² image, its ink as large as fits:
    /// measured at `side` px, then drawn at the size that fits. Pango where
    /// it is installed (fallback fonts for symbols and emoji), cairo's toy
    /// text otherwise.
    private static func paintLabel(
        _ text: String, _ cr: OpaquePointer, side: Double, color: Color, font: String
    ) -> Bool {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        func fitted(_ ink: Rect) -> Double? {
            guard ink.width > 0, ink.height > 0 else { return nil }
            return side * min(1, side / ink.width, side * labelHeight / ink.height)
        }
        if let pango = Pango.shared {
            guard
                let ink = pango.withLayout(
                    cr, text: text, font: font, bold: true, absoluteSize: side, { pango.extents(of: $0).ink }),
                let size = fitted(ink)
            else { return false }
            return pango.withLayout(
                cr, text: text, font: font, bold: true, absoluteSize: size,
                { layout -> Bool in
                    let ink = pango.extents(of: layout).ink
                    cairo_move_to(cr, side / 2 - ink.center.x, side / 2 - ink.center.y)
                    pango.showLayout(cr, layout)
                    return true
                }) == true
        }
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        var extents = cairo_text_extents_t()
        cairo_set_font_size(cr, side)
        cairo_text_extents(cr, text, &extents)
        guard
            let size = fitted(
                Rect(x: extents.x_bearing, y: extents.y_bearing, width: extents.width, height: extents.height)
            )
        else { return false }
        cairo_set_font_size(cr, size)
        cairo_text_extents(cr, text, &extents)
        cairo_move_to(
            cr, side / 2 - extents.x_bearing - extents.width / 2,
            side / 2 - extents.y_bearing - extents.height / 2)
        cairo_show_text(cr, text)
        return true
    }
}

/// The outcome bytes of `FaceArtist.draw`'s report; 0: nothing was drawn.
private let notFound: UInt8 = 1
private let drawn: UInt8 = 2
private let failed: UInt8 = 3

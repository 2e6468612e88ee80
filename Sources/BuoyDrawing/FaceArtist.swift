import BuoyCore
import CCairo
import Glibc

/// An icon or a label the drawing helper drew for the button's face:
/// `side`² pixels in memory shared with it, kept for as long as the button
/// shows it. `ButtonPainter` composites it wherever it would draw the ring
/// and dot. Two images are equal only if they are the same one.
package final class FaceImage: Equatable {
    package let side: Int
    let stride: Int
    private let pixels: SharedMemory<UInt8>

    /// Premultiplied ARGB32, a label's too: drawn in the glyph colour, but
    /// for colour glyphs (emoji), which keep their own colours.
    package static let format = CAIRO_FORMAT_ARGB32

    init(pixels: SharedMemory<UInt8>, side: Int, stride: Int) {
        self.pixels = pixels
        self.side = side
        self.stride = stride
    }

    package static func == (a: FaceImage, b: FaceImage) -> Bool { a === b }

    /// The row stride of an image `side` px wide.
    package static func stride(side: Int) -> Int {
        Int(cairo_format_stride_for_width(format, Int32(side)))
    }

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

/// Has the drawing helper draw the button's face when it is an icon or a
/// label (`ButtonFace`), once per face, colour and size, as `MenuArtist`
/// has it draw the menu: a label needs Pango and fontconfig, an icon the
/// themes' indexes and perhaps librsvg, and none of them may enter buoy's
/// own memory. The helper draws into shared memory that buoy keeps
/// (`FaceImage`), so a repaint (a press, a fade, a turn) starts nothing.
package enum FaceArtist {
    /// What the helper drew, and what became of an icon.
    package struct Report {
        /// Nil when there is nothing to show: the icon was not found or could
        /// not be loaded (the button keeps the ring and dot).
        package var image: FaceImage?
        /// `.none` for a label.
        package var icon: MenuArtist.Icon
        /// The helper's peak resident memory, in KiB.
        package var childPeakKiB: Int
    }

    /// How long a helper may take, in seconds: one SVG's
    /// `DrawingHelper.svgTimeout`, and as long again for the rest.
    package static let timeoutSeconds = 2 * Double(DrawingHelper.svgTimeout) / 1000

    /// Starts a helper that draws `job.face` (an icon or a label)
    /// `job.side` px square: a label as coverage (the painter gives it the
    /// glyph colour), bold, in `job.font`'s family, as large as fits; an
    /// icon from its path, or looked up by name, fitted and centred, a
    /// symbolic one recoloured with `job.color`. The job's result is nil if
    /// the helper failed.
    package static func draw(_ job: FaceJob, reaping: ChildReaping) throws(ChildStartError)
        -> MenuArtist.Job<Report>
    {
        let side = job.side
        let stride = FaceImage.stride(side: side)
        guard side > 0, side <= 4096, stride > 0, let pixels = SharedMemory<UInt8>(count: stride * side)
        else {
            throw ChildStartError(description: "no memory for an image \(side) px square")
        }
        let child = try DrawingHelper.start(.face(job), files: [pixels.fd], reaping: reaping)
        return MenuArtist.Job(child: child) { outcome in
            guard outcome.exitCode == 0, let icon = try? MenuArtist.Icon.decode(outcome.report) else {
                return nil
            }
            let image = FaceImage(pixels: pixels, side: side, stride: stride)
            switch (job.face, icon) {
            case (.label, .none), (.icon, .drawn):
                return Report(image: image, icon: icon, childPeakKiB: outcome.peakKiB)
            case (.icon, .notFound), (.icon, .failed):
                return Report(image: nil, icon: icon, childPeakKiB: outcome.peakKiB)
            default: return nil
            }
        }
    }
}

import BuoyCore
import CCairo

/// A square ARGB32 image in memory buoy owns (premultiplied, the layout of
/// WL_SHM_FORMAT_ARGB8888), as the button's and drag to remove's painters
/// draw it: cleared, painted, then faded as a whole. The pointer pad's is
/// not square (`paint(into:width:height:...)`).
package enum SquareCanvas {
    /// Clears the `side`-px square at `data` (`stride` bytes a row), has
    /// `body` paint on it with OVER, then scales everything painted by
    /// `opacity` (clamped to 0...1): drawn at full strength, so that
    /// overlapping parts do not show through each other as it fades.
    /// `over` paints last, unfaded, with the transform `body` left.
    static func paint(
        into data: UnsafeMutableRawPointer, side: Int, stride: Int, opacity: Double,
        over: (OpaquePointer) -> Void = { _ in }, _ body: (OpaquePointer) -> Void
    ) {
        paint(into: data, width: side, height: side, stride: stride, opacity: opacity, over: over, body)
    }

    /// As `paint(into:side:...)`, for a `width`×`height` image.
    static func paint(
        into data: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, opacity: Double = 1,
        over: (OpaquePointer) -> Void = { _ in }, _ body: (OpaquePointer) -> Void
    ) {
        guard
            let surface = cairo_image_surface_create_for_data(
                data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
                Int32(stride))
        else { return }
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }

        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(cr, 0, 0, 0, 0)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        body(cr)
        let opacity = min(1, max(0, opacity))
        if opacity < 1 {
            cairo_save(cr)
            cairo_identity_matrix(cr)
            cairo_set_operator(cr, CAIRO_OPERATOR_DEST_IN)
            cairo_set_source_rgba(cr, 0, 0, 0, opacity)
            cairo_paint(cr)
            cairo_restore(cr)
        }
        over(cr)
        cairo_surface_flush(surface)
    }

    /// A rounded rect's path, by default a pill (its radius half its height).
    package static func roundedRect(_ cr: OpaquePointer, _ r: Rect, radius: Double? = nil) {
        let radius = min(radius ?? .infinity, min(r.height, r.width) / 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, r.maxX - radius, r.minY + radius, radius, -Double.pi / 2, 0)
        cairo_arc(cr, r.maxX - radius, r.maxY - radius, radius, 0, Double.pi / 2)
        cairo_arc(cr, r.minX + radius, r.maxY - radius, radius, Double.pi / 2, Double.pi)
        cairo_arc(cr, r.minX + radius, r.minY + radius, radius, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }
}

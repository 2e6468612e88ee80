import CCairo

/// A square ARGB32 image in memory buoy owns (premultiplied, the layout of
/// WL_SHM_FORMAT_ARGB8888), as the button's and drag to remove's painters
/// draw it: cleared, painted, then faded as a whole.
enum SquareCanvas {
    /// Clears the `side`-px square at `data` (`stride` bytes a row), has
    /// `body` paint on it with OVER, then scales everything painted by
    /// `opacity` (clamped to 0...1): drawn at full strength, so that
    /// overlapping parts do not show through each other as it fades.
    /// `over` paints last, unfaded, with the transform `body` left.
    static func paint(
        into data: UnsafeMutableRawPointer, side: Int, stride: Int, opacity: Double,
        over: (OpaquePointer) -> Void = { _ in }, _ body: (OpaquePointer) -> Void
    ) {
        guard
            let surface = cairo_image_surface_create_for_data(
                data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(side), Int32(side),
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
}

import BuoyCore
import CCairo

/// Draws the pointer pad (issue 45) with cairo paths into ARGB32 memory
/// (premultiplied, the layout of WL_SHM_FORMAT_ARGB8888): a translucent
/// dark rounded rect with a light rim, so that what is under it shows
/// through and it shows on a dark wallpaper too; a grip in its strip and
/// a × at the strip's end.
package enum PointerPadPainter {
    /// The pad's corner radius, in logical px.
    static let cornerRadius = 18.0
    /// Its fill's opacity: see-through, but a finger can find it.
    package static let fillAlpha = 0.55

    /// The buffer size for a pad of `size` logical px at the integer `scale`.
    package static func bufferSize(_ size: Size, scale: Int) -> (width: Int, height: Int) {
        (Int(size.width.rounded(.up)) * scale, Int(size.height.rounded(.up)) * scale)
    }

    /// Paints a pad of `size` logical px at `scale` into `data` (`stride`
    /// bytes a row), `bufferSize` pixels; only its `rows` (all by default).
    package static func paint(
        size: Size, scale: Int, into data: UnsafeMutableRawPointer, stride: Int, rows: Range<Int>? = nil
    ) {
        let pixels = bufferSize(size, scale: scale)
        let rows = rows ?? 0..<pixels.height
        SquareCanvas.paint(
            into: data + rows.lowerBound * stride, width: pixels.width, height: rows.count, stride: stride
        ) { cr in
            cairo_translate(cr, 0, -Double(rows.lowerBound))
            cairo_scale(cr, Double(scale), Double(scale))
            paintPad(cr, size: size)
        }
    }

    private static func paintPad(_ cr: OpaquePointer, size: Size) {
        let parts = PointerPadPlacement(frame: Rect(origin: .zero, size: size))
        SquareCanvas.roundedRect(
            cr, Rect(x: 1, y: 1, width: size.width - 2, height: size.height - 2), radius: cornerRadius)
        cairo_set_source_rgba(cr, 0.08, 0.08, 0.1, fillAlpha)
        cairo_fill_preserve(cr)
        cairo_set_source_rgba(cr, 1, 1, 1, 0.7)
        cairo_set_line_width(cr, 1.5)
        cairo_stroke(cr)

        // The strip: a line under it, and a grip of three short bars in its middle.
        let strip = parts.strip
        cairo_set_source_rgba(cr, 1, 1, 1, 0.35)
        cairo_set_line_width(cr, 1)
        cairo_move_to(cr, 8, strip.maxY - 0.5)
        cairo_line_to(cr, size.width - 8, strip.maxY - 0.5)
        cairo_stroke(cr)
        cairo_set_source_rgba(cr, 1, 1, 1, 0.8)
        cairo_set_line_width(cr, 2)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        for row in 0..<3 {
            let y = strip.height / 2 - 5 + Double(row) * 5
            cairo_move_to(cr, size.width / 2 - 14, y)
            cairo_line_to(cr, size.width / 2 + 14, y)
        }
        cairo_stroke(cr)

        // The close control's ×.
        let close = parts.close
        let arm = close.width * 0.2
        let center = close.center
        cairo_set_line_width(cr, 2.5)
        cairo_move_to(cr, center.x - arm, center.y - arm)
        cairo_line_to(cr, center.x + arm, center.y + arm)
        cairo_move_to(cr, center.x + arm, center.y - arm)
        cairo_line_to(cr, center.x - arm, center.y + arm)
        cairo_stroke(cr)
    }
}

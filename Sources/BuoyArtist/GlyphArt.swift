import BuoyCore
import BuoyDrawing
import CCairo
import Glibc

/// Draws a `Glyph` as paths, in one colour, into a square: the drawing
/// helper's stand-in for an icon file. Lines are a twelfth of the side,
/// as a symbolic icon's strokes are at its size.
enum GlyphArt {
    /// `glyph` on a transparent `size`-px image, as `IconLoader` gives an
    /// icon; the caller destroys it.
    static func image(_ glyph: Glyph, size: Int, color: Color) -> OpaquePointer? {
        guard size > 0, size <= 4096,
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size), Int32(size))
        else { return nil }
        guard let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        paint(glyph, cr, side: Double(size), color: color)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return surface
    }

    /// Paints `glyph` in `color` into the square of `side` px at the
    /// context's origin.
    static func paint(_ glyph: Glyph, _ cr: OpaquePointer, side: Double, color: Color) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_scale(cr, side, side)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_set_line_width(cr, 1.0 / 12)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        switch glyph {
        case .rightClick: mouse(cr, pressed: .right)
        case .middleClick: mouse(cr, pressed: .middle)
        case .doubleClick:
            // Two rings of clicks off the left button of a smaller mouse, down and to the right.
            for radius in [0.1, 0.19] {
                cairo_new_sub_path(cr)
                cairo_arc(cr, 0.4, 0.26, radius, Double.pi, Double.pi * 1.5)
                cairo_stroke(cr)
            }
            cairo_translate(cr, 0.2, 0.16)
            cairo_scale(cr, 0.8, 0.8)
            mouse(cr, pressed: .left)
        case .drag: hand(cr)
        case .scroll:
            dot(cr)
            cairo_move_to(cr, 0.5, 0.14)
            cairo_line_to(cr, 0.5, 0.34)
            cairo_move_to(cr, 0.5, 0.66)
            cairo_line_to(cr, 0.5, 0.86)
            cairo_stroke(cr)
            arrowHead(cr, tip: Point(x: 0.5, y: 0.1), pointing: -Double.pi / 2)
            arrowHead(cr, tip: Point(x: 0.5, y: 0.9), pointing: Double.pi / 2)
        case .tap: touch(cr, rings: 1)
        case .doubleTap: touch(cr, rings: 2)
        case .longPress:
            dot(cr)
            cairo_new_sub_path(cr)
            cairo_arc(cr, 0.5, 0.5, 0.36, 0, 2 * Double.pi)
            cairo_stroke(cr)
            // The time held: three quarters of the ring, thicker.
            cairo_set_line_width(cr, 1.0 / 7)
            cairo_new_sub_path(cr)
            cairo_arc(cr, 0.5, 0.5, 0.36, -Double.pi / 2, Double.pi)
            cairo_stroke(cr)
        case .flickUp: flick(cr, turns: 0)
        case .flickRight: flick(cr, turns: 1)
        case .flickDown: flick(cr, turns: 2)
        case .flickLeft: flick(cr, turns: 3)
        case .up:
            // An arrow that comes from the right, turns and points up.
            cairo_move_to(cr, 0.8, 0.82)
            cairo_line_to(cr, 0.55, 0.82)
            cairo_arc_negative(cr, 0.55, 0.57, 0.25, Double.pi / 2, Double.pi)
            cairo_line_to(cr, 0.3, 0.2)
            cairo_stroke(cr)
            arrowHead(cr, tip: Point(x: 0.3, y: 0.14), pointing: -Double.pi / 2)
        }
        cairo_new_path(cr)
    }

    private enum MouseButton { case left, middle, right }

    /// A mouse, upright, its buttons parted by a line; `pressed` filled.
    private static func mouse(_ cr: OpaquePointer, pressed: MouseButton) {
        let (left, right, top, bottom, split) = (0.26, 0.74, 0.1, 0.9, 0.44)
        let radius = 0.24
        func body() {
            MenuPainter.roundedRect(
                cr, Rect(x: left, y: top, width: right - left, height: bottom - top), radius: radius)
        }
        body()
        cairo_stroke(cr)
        cairo_move_to(cr, left, split)
        cairo_line_to(cr, right, split)
        cairo_move_to(cr, 0.5, top)
        cairo_line_to(cr, 0.5, split)
        cairo_stroke(cr)
        cairo_save(cr)
        body()
        cairo_clip(cr)
        switch pressed {
        case .left: cairo_rectangle(cr, left, top, 0.5 - left, split - top)
        case .right: cairo_rectangle(cr, 0.5, top, right - 0.5, split - top)
        case .middle:
            // The wheel, wide, across the parting line.
            cairo_new_sub_path(cr)
            cairo_arc(cr, 0.5, 0.22, 0.08, Double.pi, 2 * Double.pi)
            cairo_arc(cr, 0.5, 0.4, 0.08, 0, Double.pi)
            cairo_close_path(cr)
        }
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// A closed hand, knuckles up: four curled fingers over a palm, and
    /// the thumb across it.
    private static func hand(_ cr: OpaquePointer) {
        cairo_new_sub_path(cr)
        cairo_move_to(cr, 0.22, 0.45)
        cairo_line_to(cr, 0.22, 0.68)
        cairo_curve_to(cr, 0.22, 0.86, 0.36, 0.92, 0.52, 0.92)
        cairo_curve_to(cr, 0.68, 0.92, 0.8, 0.84, 0.8, 0.64)
        cairo_line_to(cr, 0.8, 0.42)
        cairo_stroke(cr)
        for x in [0.29, 0.43, 0.57, 0.71] {
            cairo_new_sub_path(cr)
            cairo_arc(cr, x, 0.4, 0.07, Double.pi, 2 * Double.pi)
            cairo_line_to(cr, x + 0.07, 0.52)
            cairo_stroke(cr)
        }
        // The thumb, across the curled fingers.
        cairo_move_to(cr, 0.22, 0.6)
        cairo_curve_to(cr, 0.34, 0.56, 0.46, 0.58, 0.54, 0.66)
        cairo_stroke(cr)
    }

    /// A fingertip: a filled dot.
    private static func dot(_ cr: OpaquePointer, at center: Point = Point(x: 0.5, y: 0.5)) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, center.x, center.y, 0.13, 0, 2 * Double.pi)
        cairo_fill(cr)
    }

    /// A touch: the dot and `rings` rings round it.
    private static func touch(_ cr: OpaquePointer, rings: Int) {
        dot(cr)
        for ring in 1...max(1, rings) {
            cairo_new_sub_path(cr)
            cairo_arc(cr, 0.5, 0.5, 0.13 + 0.14 * Double(ring), 0, 2 * Double.pi)
            cairo_stroke(cr)
        }
    }

    /// A flick `turns` quarter turns clockwise from up: the dot low, and a
    /// line and an arrowhead from it that way.
    private static func flick(_ cr: OpaquePointer, turns: Int) {
        cairo_translate(cr, 0.5, 0.5)
        cairo_rotate(cr, Double(turns) * Double.pi / 2)
        cairo_translate(cr, -0.5, -0.5)
        dot(cr, at: Point(x: 0.5, y: 0.74))
        cairo_move_to(cr, 0.5, 0.56)
        cairo_line_to(cr, 0.5, 0.16)
        cairo_stroke(cr)
        arrowHead(cr, tip: Point(x: 0.5, y: 0.1), pointing: -Double.pi / 2)
    }

    /// A filled arrowhead with its tip at `tip`, pointing at `angle`.
    private static func arrowHead(_ cr: OpaquePointer, tip: Point, pointing angle: Double) {
        let length = 0.2
        let spread = 0.5
        cairo_move_to(cr, tip.x, tip.y)
        cairo_line_to(
            cr, tip.x - length * cos(angle - spread), tip.y - length * sin(angle - spread))
        cairo_line_to(
            cr, tip.x - length * cos(angle + spread), tip.y - length * sin(angle + spread))
        cairo_close_path(cr)
        cairo_fill(cr)
    }
}

import BuoyCore
import CCairo

/// How the button looks; everything the painter needs, in logical px.
public struct ButtonLook: Sendable, Equatable {
    public var diameter: Double
    public var color: Color
    public var opacity: Double

    public init(diameter: Double, color: Color, opacity: Double) {
        self.diameter = diameter
        self.color = color
        self.opacity = opacity
    }

    /// Room around the circle for the shadow, on every side.
    public var shadowPadding: Double { (diameter * 0.18).rounded(.up) }

    /// The side of the square image: the circle plus its shadow.
    public var imageSide: Double { diameter + 2 * shadowPadding }

    /// The side of the image in buffer pixels at an integer output scale.
    public func bufferSide(scale: Int) -> Int { Int(imageSide) * scale }
}

/// Draws the button with cairo: a filled circle, a soft drop shadow and a
/// centred ring-and-dot glyph (AssistiveTouch's look), into ARGB32 memory,
/// which is the same layout as WL_SHM_FORMAT_ARGB8888.
public enum ButtonPainter {
    /// Paints into `data` (premultiplied ARGB32, `stride` bytes per row) a
    /// square image of `look.bufferSide(scale:)` pixels.
    public static func paint(
        _ look: ButtonLook, scale: Int, into data: UnsafeMutableRawPointer, stride: Int
    ) {
        let side = Int32(look.bufferSide(scale: scale))
        guard
            let surface = cairo_image_surface_create_for_data(
                data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, side, side, Int32(stride))
        else { return }
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }

        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(cr, 0, 0, 0, 0)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_scale(cr, Double(scale), Double(scale))

        // Draw at full strength into a group, then composite it once with the
        // opacity, so overlapping parts don't show through each other.
        cairo_push_group(cr)
        let radius = look.diameter / 2
        let center = look.imageSide / 2
        paintShadow(cr, center: center, radius: radius, spread: look.shadowPadding)

        let c = look.color
        cairo_arc(cr, center, center, radius, 0, 2 * Double.pi)
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
        cairo_fill(cr)

        // The glyph: a white ring and a dot, sized from the diameter.
        cairo_set_source_rgba(cr, 1, 1, 1, 0.92)
        cairo_set_line_width(cr, max(1.5, radius * 0.12))
        cairo_arc(cr, center, center, radius * 0.55, 0, 2 * Double.pi)
        cairo_stroke(cr)
        cairo_arc(cr, center, center, radius * 0.26, 0, 2 * Double.pi)
        cairo_fill(cr)
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, min(1, max(0, look.opacity)))
        cairo_surface_flush(surface)
    }

    /// A radial falloff just outside the circle, offset downward like light
    /// from above. Cairo has no blur; a gradient looks the same at this size.
    private static func paintShadow(_ cr: OpaquePointer, center: Double, radius: Double, spread: Double) {
        let offset = spread * 0.25
        let pattern = cairo_pattern_create_radial(
            center, center + offset, radius * 0.85, center, center + offset, radius + spread * 0.75)!
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_add_color_stop_rgba(pattern, 0, 0, 0, 0, 0.35)
        cairo_pattern_add_color_stop_rgba(pattern, 1, 0, 0, 0, 0)
        cairo_set_source(cr, pattern)
        cairo_arc(cr, center, center + offset, radius + spread * 0.75, 0, 2 * Double.pi)
        cairo_fill(cr)
    }
}

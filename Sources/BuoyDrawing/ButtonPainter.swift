import BuoyCore
import CCairo

/// How the button looks; everything the painter needs, in logical px.
package struct ButtonLook: Sendable, Equatable {
    package var diameter: Double
    package var color: Color
    package var opacity: Double
    /// The outline inside the bounding square of side `diameter`.
    package var shape: ButtonShape
    /// How far a press pushes it in, 0...1: at 1 it is drawn at
    /// `pressedScale` of its size, around its centre, and its colour
    /// `pressedDarken` darker.
    package var pressed: Double
    /// How far a dwell has run to its tap, 0...1 (`Dwell`): a ring in the
    /// glyph's colour fills clockwise from the top, inside the button's rim,
    /// so that it is whole wherever the button rests (flush in a corner
    /// too). 0 draws none.
    package var dwell: Double

    package static let pressedScale = 0.92
    package static let pressedDarken = 0.15

    /// The ring-and-dot glyph's colour.
    package var glyphColor: Color

    package init(
        diameter: Double, color: Color, opacity: Double, shape: ButtonShape = .circle, pressed: Double = 0,
        glyphColor: Color = Color(red: 1, green: 1, blue: 1, alpha: 235 / 255), dwell: Double = 0
    ) {
        self.diameter = diameter
        self.color = color
        self.opacity = opacity
        self.shape = shape
        self.pressed = pressed
        self.glyphColor = glyphColor
        self.dwell = dwell
    }

    /// Room around the button for the shadow, on every side.
    package var shadowPadding: Double { (diameter * 0.18).rounded(.up) }

    /// The side of the square image: the button plus its shadow.
    package var imageSide: Double { diameter + 2 * shadowPadding }

    /// The side of the image in buffer pixels at `scale`.
    package func bufferSide(scale: BufferScale) -> Int { scale.pixels(Int(imageSide)) }

    /// How much of the diameter an icon or a label face spans: as much as
    /// the ring it stands in for.
    package static let faceFraction = 0.6

    /// The side in buffer pixels at `scale` of an icon or a label face
    /// (`FaceArtist`): `faceFraction` of the diameter, as even or odd as the
    /// buffer, so that, centred, it starts on a whole pixel and is copied
    /// pixel for pixel while the button is not pressed.
    package func faceSide(scale: BufferScale) -> Int {
        let buffer = bufferSide(scale: scale)
        let side = Int((diameter * Self.faceFraction * Double(buffer) / imageSide).rounded())
        return max(1, side - (buffer - side) % 2)
    }

    /// A badge's disc: this much of the diameter across, in the top-right
    /// corner of the button's own square, touching its sides: whole
    /// wherever the button rests, flush in a corner too (issue 43), as
    /// the square never leaves the output.
    package static let badgeFraction = 0.42
    /// How much of the disc its text spans.
    static let badgeTextFraction = 0.72

    /// The disc's centre and diameter, in the image's logical px.
    func badgeDisc() -> (center: Point, diameter: Double) {
        let center = imageSide / 2
        let offset = diameter / 2 * (1 - Self.badgeFraction)
        return (Point(x: center + offset, y: center - offset), diameter * Self.badgeFraction)
    }

    /// The side in buffer pixels at `scale` of a badge's text (`FaceArtist`).
    package func badgeTextSide(scale: BufferScale) -> Int {
        let buffer = Double(bufferSide(scale: scale))
        return max(1, Int((badgeDisc().diameter * Self.badgeTextFraction * buffer / imageSide).rounded()))
    }
}

/// A badge at the button's top-right (`buoy msg badge`): a disc of `color`
/// with `text` on it, which a child drew in the badge's text colour. Until
/// the text is drawn, the disc shows alone.
package struct ButtonBadge: Equatable {
    package var color: Color
    package var text: FaceImage?
    /// Whether it takes the button's opacity (`badge_fades`); else it is
    /// drawn at full opacity over the faded button.
    package var fades: Bool

    package init(color: Color, text: FaceImage?, fades: Bool = false) {
        self.color = color
        self.text = text
        self.fades = fades
    }
}

/// Draws the button with cairo: a filled circle or rounded square, a soft drop shadow and a
/// centred ring-and-dot glyph (AssistiveTouch's look) or, in its place, a
/// face image (an icon or a label that `FaceArtist` drew), into ARGB32
/// memory, which is the same layout as WL_SHM_FORMAT_ARGB8888.
package enum ButtonPainter {
    /// Paints into `data` (premultiplied ARGB32, `stride` bytes per row) a
    /// square image of `look.bufferSide(scale:)` pixels, turned `quarterTurns`
    /// times 90° counter-clockwise: the buffer transform (wl_output_transform
    /// 90, 180 or 270) the compositor prefers, which it turns back. `face`,
    /// drawn `look.faceSide(scale:)` px square (at another scale's size it is
    /// stretched), replaces the ring and dot; it shrinks with a press.
    /// `badge` goes on top, at full opacity unless it `fades`.
    package static func paint(
        _ look: ButtonLook, face: FaceImage? = nil, badge: ButtonBadge? = nil, scale: BufferScale,
        quarterTurns: Int = 0, into data: UnsafeMutableRawPointer, stride: Int
    ) {
        let side = look.bufferSide(scale: scale)
        let overFade: (OpaquePointer) -> Void = { cr in
            guard let badge, !badge.fades else { return }
            paintBadge(badge, of: look, cr, scale: scale, k: Double(side) / look.imageSide)
        }
        SquareCanvas.paint(into: data, side: side, stride: stride, opacity: look.opacity, over: overFade) {
            cr in
            let s = Double(side)
            switch quarterTurns % 4 {
            case 1: cairo_translate(cr, 0, s)
            case 2: cairo_translate(cr, s, s)
            case 3: cairo_translate(cr, s, 0)
            default: break
            }
            cairo_rotate(cr, -Double(quarterTurns % 4) * Double.pi / 2)
            // The image fills the buffer exactly, as the viewport stretches it,
            // even where rounding made the buffer a fraction of a pixel larger.
            let k = Double(side) / look.imageSide
            cairo_scale(cr, k, k)
            // Pushed in: the whole image (shadow included) shrinks around its
            // centre, so the buffer and the input region keep their size.
            let pressed = min(1, max(0, look.pressed))
            let shrink = 1 - (1 - ButtonLook.pressedScale) * pressed
            let middle = look.imageSide / 2
            cairo_translate(cr, middle, middle)
            cairo_scale(cr, shrink, shrink)
            cairo_translate(cr, -middle, -middle)

            // Drawn at full strength, then the whole image (on a cleared buffer)
            // is scaled by the opacity, so overlapping parts don't show through
            // each other. Not a cairo group: its surface, a whole buffer more
            // (95 KiB at scale 2), would stay in buoy's heap.
            let radius = look.diameter / 2
            let center = look.imageSide / 2
            let c = look.color
            switch look.shape {
            case .circle:
                paintShadow(cr, center: center, radius: radius, spread: look.shadowPadding)
                cairo_arc(cr, center, center, radius, 0, 2 * Double.pi)
            case .rounded:
                let corner = look.shape.cornerRadius(size: look.diameter)
                paintRoundedShadow(
                    cr, center: center, half: radius, corner: corner, spread: look.shadowPadding)
                roundedSquare(cr, x: center, y: center, half: radius, corner: corner)
            }
            let shade = 1 - ButtonLook.pressedDarken * pressed
            cairo_set_source_rgba(cr, c.red * shade, c.green * shade, c.blue * shade, c.alpha)
            cairo_fill(cr)
            paintDwellRing(look, cr)

            if let face, let image = face.surface() {
                // Where `faceSide` buffer px go: pixel for pixel when unpressed,
                // stretched if the image was drawn for another scale.
                let logical = Double(look.faceSide(scale: scale)) / k
                cairo_save(cr)
                cairo_translate(cr, center - logical / 2, center - logical / 2)
                cairo_scale(cr, logical / Double(face.side), logical / Double(face.side))
                cairo_set_source_surface(cr, image, 0, 0)
                cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
                cairo_paint(cr)
                cairo_restore(cr)
                cairo_surface_destroy(image)
            } else {
                // The glyph: a ring and a dot, sized from the diameter.
                let g = look.glyphColor
                cairo_set_source_rgba(cr, g.red, g.green, g.blue, g.alpha)
                cairo_set_line_width(cr, max(1.5, radius * 0.12))
                cairo_arc(cr, center, center, radius * 0.55, 0, 2 * Double.pi)
                cairo_stroke(cr)
                cairo_arc(cr, center, center, radius * 0.26, 0, 2 * Double.pi)
                cairo_fill(cr)
            }
            if let badge, badge.fades { paintBadge(badge, of: look, cr, scale: scale, k: k) }
        }
    }

    /// The dwell's ring: an arc of `look.dwell` of a turn, clockwise from
    /// the top, in the glyph's colour just inside the rim, between it and
    /// the glyph's ring (or a face, which spans `faceFraction`). Outside the
    /// rim it was cut where the button rests less than its width from the
    /// output's edge (issue 43).
    private static func paintDwellRing(_ look: ButtonLook, _ cr: OpaquePointer) {
        let turn = min(1, max(0, look.dwell))
        guard turn > 0 else { return }
        let center = look.imageSide / 2
        let radius = look.diameter / 2
        let width = max(2, radius * 0.14)
        let start = -Double.pi / 2
        let g = look.glyphColor
        cairo_set_source_rgba(cr, g.red, g.green, g.blue, g.alpha)
        cairo_set_line_width(cr, width)
        cairo_new_sub_path(cr)
        cairo_arc(cr, center, center, radius * 0.95 - width / 2, start, start + turn * 2 * Double.pi)
        cairo_stroke(cr)
    }

    private static func paintBadge(
        _ badge: ButtonBadge, of look: ButtonLook, _ cr: OpaquePointer, scale: BufferScale, k: Double
    ) {
        let (middle, diameter) = look.badgeDisc()
        let c = badge.color
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
        cairo_arc(cr, middle.x, middle.y, diameter / 2, 0, 2 * Double.pi)
        cairo_fill(cr)
        guard let text = badge.text, let image = text.surface() else { return }
        defer { cairo_surface_destroy(image) }
        let logical = Double(look.badgeTextSide(scale: scale)) / k
        cairo_save(cr)
        cairo_translate(cr, middle.x - logical / 2, middle.y - logical / 2)
        cairo_scale(cr, logical / Double(text.side), logical / Double(text.side))
        cairo_set_source_surface(cr, image, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
        cairo_restore(cr)
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

    /// The circle's shadow for a rounded square: the same falloff from 0.85
    /// of the half side to `spread * 0.75` beyond the edge, offset downward,
    /// as a stack of rounded squares that each add a little black, largest
    /// first. A radial gradient would leave the corners unshaded.
    private static func paintRoundedShadow(
        _ cr: OpaquePointer, center: Double, half: Double, corner: Double, spread: Double
    ) {
        let offset = spread * 0.25
        let inner = half * 0.85
        let outer = half + spread * 0.75
        let layers = 8
        // 1 - 0.65^(1/8): inside all eight layers, they add up to the gradient's 0.35.
        let alpha = 0.0524
        cairo_set_source_rgba(cr, 0, 0, 0, alpha)
        for layer in 0..<layers {
            let h = outer - (outer - inner) * Double(layer) / Double(layers)
            roundedSquare(
                cr, x: center, y: center + offset, half: h, corner: clampCorner(corner + h - half, h))
            cairo_fill(cr)
        }
    }

    private static func clampCorner(_ radius: Double, _ half: Double) -> Double {
        min(max(radius, 0), half)
    }

    /// Adds a square of side `2 * half` centred on (`x`, `y`) with corners
    /// rounded by `corner` (0...half) as a closed sub-path.
    private static func roundedSquare(
        _ cr: OpaquePointer, x: Double, y: Double, half: Double, corner r: Double
    ) {
        let (left, top, right, bottom) = (x - half, y - half, x + half, y + half)
        cairo_new_sub_path(cr)
        cairo_arc(cr, right - r, top + r, r, -Double.pi / 2, 0)
        cairo_arc(cr, right - r, bottom - r, r, 0, Double.pi / 2)
        cairo_arc(cr, left + r, bottom - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cr, left + r, top + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }
}

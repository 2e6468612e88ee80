import BuoyCore
import CCairo

/// How drag-to-remove's target or Undo bubble looks, in logical px.
package struct RemovalLook: Sendable, Equatable {
    /// Which of the two, and its state.
    package enum Kind: Sendable, Equatable {
        /// The remove target, a circle with ×; `armed` (a drop now removes
        /// the button) grows it and turns it red.
        case target(armed: Bool)
        /// The Undo bubble, a circle with an undo arrow over the word "Undo";
        /// darker while pressed.
        case undo(pressed: Bool)
    }

    package var kind: Kind
    package var diameter: Double
    /// 0...1, applied to the whole image.
    package var opacity: Double

    /// How much an armed target grows.
    static let armedScale = 1.15

    package init(_ kind: Kind, diameter: Double, opacity: Double = 1) {
        self.kind = kind
        self.diameter = diameter
        self.opacity = opacity
    }

    /// The side of the square image, with room for an armed target's growth,
    /// centred on the target.
    package var imageSide: Double { (diameter * 1.25).rounded(.up) }

    /// The side of the image in buffer pixels at `scale`.
    package func bufferSide(scale: BufferScale) -> Int { scale.pixels(Int(imageSide)) }
}

/// Draws the remove target and the Undo bubble with cairo paths (the word
/// "Undo" too, stroked, so no font is loaded into buoy) into ARGB32 memory,
/// the layout of WL_SHM_FORMAT_ARGB8888.
package enum RemovalPainter {
    /// Paints `look` into `data` (premultiplied ARGB32, `stride` bytes per
    /// row), a square of `look.bufferSide(scale:)` pixels.
    package static func paint(
        _ look: RemovalLook, scale: BufferScale, into data: UnsafeMutableRawPointer, stride: Int
    ) {
        let side = look.bufferSide(scale: scale)
        SquareCanvas.paint(into: data, side: side, stride: stride, opacity: look.opacity) { cr in
            let k = Double(side) / look.imageSide
            cairo_scale(cr, k, k)

            let center = look.imageSide / 2
            var radius = look.diameter / 2
            switch look.kind {
            case .target(let armed):
                if armed { radius *= RemovalLook.armedScale }
                // Android's dismiss target: dark and see-through, red once a drop would remove.
                if armed {
                    cairo_set_source_rgba(cr, 0xE0 / 255, 0x1B / 255, 0x24 / 255, 0.95)
                } else {
                    cairo_set_source_rgba(cr, 0.1, 0.1, 0.1, 0.6)
                }
                cairo_arc(cr, center, center, radius, 0, 2 * Double.pi)
                cairo_fill(cr)
                paintRing(cr, center: center, radius: radius)
                // The ×: two strokes through the centre.
                let arm = radius * 0.32
                cairo_set_source_rgba(cr, 1, 1, 1, 1)
                cairo_set_line_width(cr, max(2, radius * 0.12))
                cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
                cairo_move_to(cr, center - arm, center - arm)
                cairo_line_to(cr, center + arm, center + arm)
                cairo_move_to(cr, center + arm, center - arm)
                cairo_line_to(cr, center - arm, center + arm)
                cairo_stroke(cr)
            case .undo(let pressed):
                let shade = pressed ? 0.05 : 0.18
                cairo_set_source_rgba(cr, shade, shade, shade, 0.92)
                cairo_arc(cr, center, center, radius, 0, 2 * Double.pi)
                cairo_fill(cr)
                paintRing(cr, center: center, radius: radius)
                paintUndoArrow(cr, center: center, radius: radius)
                paintUndoWord(cr, center: center, radius: radius)
            }
        }
    }

    /// A thin white rim, so that the dark circle shows on a dark wallpaper too.
    private static func paintRing(_ cr: OpaquePointer, center: Double, radius: Double) {
        cairo_set_source_rgba(cr, 1, 1, 1, 0.9)
        cairo_set_line_width(cr, max(1.5, radius * 0.07))
        cairo_arc(cr, center, center, radius - radius * 0.035, 0, 2 * Double.pi)
        cairo_stroke(cr)
    }

    /// "↶": an arc over the top from the left to the lower right, with the
    /// arrowhead at its left end pointing down, where the arc comes from.
    /// It sits in the upper half, above the word.
    private static func paintUndoArrow(_ cr: OpaquePointer, center: Double, radius: Double) {
        let arc = radius * 0.32
        let width = max(2, radius * 0.11)
        let cy = center - radius * 0.2
        cairo_set_source_rgba(cr, 1, 1, 1, 1)
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        // Cairo's angles turn clockwise (y down): from π (left) up over 3π/2 (the top).
        cairo_new_path(cr)
        cairo_arc(cr, center, cy, arc, Double.pi, 2.3 * Double.pi)
        cairo_stroke(cr)
        let head = radius * 0.18
        let tipX = center - arc
        let tipY = cy + head * 0.9
        cairo_move_to(cr, tipX, tipY)
        cairo_line_to(cr, tipX - head * 0.8, cy - head * 0.35)
        cairo_line_to(cr, tipX + head * 0.8, cy - head * 0.35)
        cairo_close_path(cr)
        cairo_fill(cr)
    }

    /// "Undo" in the lower half, in strokes of the pen as a sans-serif
    /// draws it, so that the bubble says what it does: an icon alone for its
    /// few seconds is easily taken for something else.
    private static func paintUndoWord(_ cr: OpaquePointer, center: Double, radius: Double) {
        let cap = radius * 0.34
        let xHeight = cap * 0.7
        let bowl = xHeight / 2
        let gap = cap * 0.3
        let widthOfU = cap * 0.6
        let word = widthOfU + gap + 2 * bowl + gap + 2 * bowl + gap + 2 * bowl
        let base = center + radius * 0.58
        var x = center - word / 2
        cairo_set_source_rgba(cr, 1, 1, 1, 1)
        cairo_set_line_width(cr, max(1.5, cap * 0.17))
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_new_path(cr)
        // U: down, round the bottom (cairo_arc_negative from π to 0 passes π/2, below), up.
        let u = widthOfU / 2
        cairo_move_to(cr, x, base - cap)
        cairo_arc_negative(cr, x + u, base - u, u, Double.pi, 0)
        cairo_line_to(cr, x + widthOfU, base - cap)
        x += widthOfU + gap
        // n: a stem, and an arch over the top into the right leg.
        cairo_move_to(cr, x, base)
        cairo_line_to(cr, x, base - xHeight)
        cairo_move_to(cr, x, base - xHeight + bowl)
        cairo_arc(cr, x + bowl, base - xHeight + bowl, bowl, Double.pi, 2 * Double.pi)
        cairo_line_to(cr, x + 2 * bowl, base)
        x += 2 * bowl + gap
        // d: a bowl, and a stem as tall as the capital on its right.
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + bowl, base - bowl, bowl, 0, 2 * Double.pi)
        cairo_move_to(cr, x + 2 * bowl, base - cap)
        cairo_line_to(cr, x + 2 * bowl, base)
        x += 2 * bowl + gap
        // o
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + bowl, base - bowl, bowl, 0, 2 * Double.pi)
        cairo_stroke(cr)
    }
}

import BuoyCore
import CCairo

/// How the menu looks, beyond its geometry.
public struct MenuLook: Sendable, Equatable {
    /// `[menu]`'s colours.
    public var colors: MenuColors
    /// The button's colour: the focus ring's unless `colors` names one, so
    /// the ring reads as the same accent.
    public var buttonColor: Color
    /// The labels' font, a Pango font description (`[menu] font`);
    /// measure with the same font.
    public var font: String

    public init(colors: MenuColors = MenuColors(), buttonColor: Color, font: String = "Sans 13") {
        self.colors = colors
        self.buttonColor = buttonColor
        self.font = font
    }

    /// The keyboard focus ring's colour (`MenuColors.focusRing`).
    public var focusColor: Color { colors.focusRing(buttonColor: buttonColor) }
}

/// What one item shows: its label, and its icon if one could be loaded.
public struct MenuEntry {
    public var label: String
    /// A cairo image surface (from `IconLoader`), drawn at 60 % of the
    /// item's diameter; nil draws the label's first letter instead.
    public var icon: OpaquePointer?

    public init(label: String, icon: OpaquePointer? = nil) {
        self.label = label
        self.icon = icon
    }
}

/// One of the open menu's images. Each is drawn once per open, at full
/// size, and shown on its own subsurface; the compositor scales it for the
/// animation (`SpritePlacement`), so the frames of an animation draw nothing.
public struct MenuSprite: Sendable, Equatable {
    public enum Part: Sendable, Equatable {
        /// An item's label on its pill.
        case pill
        /// An item's circle with its shadow and its icon or initial.
        case circle
        /// The keyboard focus ring; one for the whole menu, moved to the
        /// focused item.
        case focusRing
        /// A panel's backdrop, behind everything else (its `item` is 0).
        case panel
    }

    public var part: Part
    public var item: Int
    /// Where the image goes at full size, in layer-surface coordinates
    /// (logical px), on whole px.
    public var image: Rect

    public init(part: Part, item: Int, image: Rect) {
        self.part = part
        self.item = item
        self.image = image
    }
}

/// Draws the open menu with cairo, one image (`MenuSprite`) per part, in
/// `MenuLook`'s colours. In a column: per item a disc with a light rim, a
/// drop shadow and a centred icon (or bold initial), and a pill with a
/// light rim and the label; and one ring for the focused item. In a panel:
/// a rounded backdrop with a light rim, and per item its icon (or initial)
/// with the label centred under it, on no disc or pill; the ring goes
/// round the focused cell. Symbolic icons come in the label colour.
///
/// The compositor scales the images for the animation
/// (`MenuAnimation.transform`), so each is drawn once per open.
public enum MenuPainter {
    /// Padding inside a label's pill, in logical px.
    public static let labelPadding = Size(width: 10, height: 5)
    /// The label's pill: translucent black.
    static let pillAlpha = 0.75
    /// The gap between an item's circle and its focus ring, and the ring's width.
    static let focusGap = 3.0
    static let focusWidth = 2.5

    /// The size of the pill for `text` in `font` (a Pango font
    /// description): the text's logical width and height, plus
    /// `labelPadding`, rounded up to whole px. Empty text has no pill (zero
    /// size). Feeds `MenuLayout.layout`'s label sizes.
    public static func measureLabel(_ text: String, font: String) -> Size {
        guard !text.isEmpty,
            let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)
        else { return Size(width: 0, height: 0) }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return Size(width: 0, height: 0) }
        defer { cairo_destroy(cr) }
        if let pango = Pango.shared,
            let logical = pango.withLayout(
                cr, text: textOf(text), font: font, { pango.extents(of: $0).logical })
        {
            return Size(
                width: (logical.width + 2 * labelPadding.width).rounded(.up),
                height: (logical.height + 2 * labelPadding.height).rounded(.up))
        }
        selectLabelFont(cr, size: toyFontSize(font))
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, textOf(text), &extents)
        var font = cairo_font_extents_t()
        cairo_font_extents(cr, &font)
        return Size(
            width: (extents.x_advance + 2 * labelPadding.width).rounded(.up),
            height: (font.ascent + font.descent + 2 * labelPadding.height).rounded(.up))
    }

    /// The menu's images, bottom to top: a panel's backdrop, the pills (of
    /// items with a label), the circles, and the focus ring, placed around
    /// item 0.
    public static func sprites(for layout: MenuLayout) -> [MenuSprite] {
        var sprites: [MenuSprite] = []
        if let panel = layout.panel {
            sprites.append(MenuSprite(part: .panel, item: 0, image: padded(panel.frame, by: panelPad)))
        }
        for (i, item) in layout.items.enumerated() where hasPill(item) {
            sprites.append(MenuSprite(part: .pill, item: i, image: image(of: .pill, for: item)))
        }
        for (i, item) in layout.items.enumerated() {
            sprites.append(MenuSprite(part: .circle, item: i, image: image(of: .circle, for: item)))
        }
        if let first = layout.items.first {
            let part: MenuSprite.Part = .focusRing
            let image = layout.panel == nil ? image(of: part, for: first) : padded(first.target, by: focusPad)
            sprites.append(MenuSprite(part: part, item: 0, image: image))
        }
        return sprites
    }

    /// Where `part` of a column's `item` goes at full size: its shape grown
    /// by room for its rim and shadow (or, for the ring, the ring itself),
    /// on whole px. A panel's are the same, less what they do not draw.
    public static func image(of part: MenuSprite.Part, for item: MenuLayout.Item) -> Rect {
        switch part {
        // paintPill's outlines spread 3 px, one px lower.
        case .pill: padded(item.label, by: 4)
        // paintShadow reaches spread × 0.75 beyond the radius, a quarter
        // of the spread lower; the rim 1.5 px.
        case .circle: padded(item.circle, by: (item.circle.width * shadowSpread).rounded(.up) + 2)
        case .focusRing: padded(item.circle, by: focusPad)
        case .panel: padded(item.target, by: panelPad)
        }
    }

    /// Room around a panel for its rim and its outlined shadow.
    static let panelPad = 5.0
    static var focusPad: Double { (focusGap + focusWidth).rounded(.up) + 1 }

    /// `r` one px lower, for a shadow.
    private static func lowered(_ r: Rect) -> Rect {
        Rect(x: r.minX, y: r.minY + 1, width: r.width, height: r.height)
    }

    private static func padded(_ shape: Rect, by pad: Double) -> Rect {
        let minX = (shape.minX - pad).rounded(.down)
        let minY = (shape.minY - pad).rounded(.down)
        return Rect(
            x: minX, y: minY, width: (shape.maxX + pad).rounded(.up) - minX,
            height: (shape.maxY + pad).rounded(.up) - minY)
    }

    /// Whether the images drawn for `drawn` show `layout` too, moved: the
    /// same sprites, each the same size with its shape at the same place in
    /// it (so a menu drawn ahead of time opens elsewhere without a redraw,
    /// as long as its items keep their sizes and their pills their room).
    /// The items' labels and icons are the caller's to compare.
    public static func drawsTheSame(_ layout: MenuLayout, as drawn: MenuLayout) -> Bool {
        let mine = sprites(for: layout)
        let theirs = sprites(for: drawn)
        return mine.count == theirs.count
            && zip(mine, theirs).allSatisfy { a, b in
                a.part == b.part && a.item == b.item && a.image.size == b.image.size
                    && placed(a, in: layout) == placed(b, in: drawn)
            }
    }

    /// Where `sprite`'s item's circle, label and target (and a panel's
    /// frame) lie relative to its image's origin: all that any part paints.
    private static func placed(_ sprite: MenuSprite, in layout: MenuLayout) -> [Rect] {
        let item = layout.items[sprite.item]
        let panel = sprite.part == .panel ? layout.panel.map { [$0.frame] } ?? [] : []
        return ([item.circle, item.label, item.target] + panel).map {
            Rect(
                x: $0.minX - sprite.image.minX, y: $0.minY - sprite.image.minY, width: $0.width,
                height: $0.height)
        }
    }

    /// A sprite's image size in buffer pixels at `scale`.
    public static func bufferSize(of sprite: MenuSprite, scale: BufferScale) -> (width: Int, height: Int) {
        (scale.pixels(Int(sprite.image.width)), scale.pixels(Int(sprite.image.height)))
    }

    /// Paints `sprite` of `layout` into `data` (premultiplied ARGB32,
    /// `stride` bytes per row), an image of `bufferSize(of:scale:)` pixels,
    /// at full size. `entry` is the sprite's item's label and icon.
    public static func paint(
        _ sprite: MenuSprite, of layout: MenuLayout, entry: MenuEntry, look: MenuLook, scale: BufferScale,
        into data: UnsafeMutableRawPointer, stride: Int
    ) {
        let (width, height) = bufferSize(of: sprite, scale: scale)
        guard layout.items.indices.contains(sprite.item),
            let surface = cairo_image_surface_create_for_data(
                data.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height),
                Int32(stride))
        else { return }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return }
        defer { cairo_destroy(cr) }

        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgba(cr, 0, 0, 0, 0)
        cairo_paint(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        // Exactly the buffer, as the viewport stretches it (see ButtonPainter).
        cairo_scale(cr, Double(width) / sprite.image.width, Double(height) / sprite.image.height)
        cairo_translate(cr, -sprite.image.minX, -sprite.image.minY)

        let item = layout.items[sprite.item]
        let inPanel = layout.panel != nil
        switch sprite.part {
        case .pill:
            if hasPill(item) { paintPill(cr, item.label, text: entry.label, look: look, backdrop: !inPanel) }
        case .circle: paintItem(cr, item.circle, entry: entry, look: look, disc: !inPanel)
        case .focusRing:
            if inPanel {
                paintFocusFrame(cr, item.target, look: look)
            } else {
                paintFocusRing(cr, item.circle, look: look)
            }
        case .panel: if let panel = layout.panel { paintPanel(cr, panel, look: look) }
        }
        cairo_surface_flush(surface)
    }

    private static func hasPill(_ item: MenuLayout.Item) -> Bool {
        item.label.width > 0 && item.label.height > 0
    }

    /// The shadow's spread, as a fraction of the circle's diameter.
    static let shadowSpread = 0.18

    /// An item's icon or initial, on a disc with its rim and shadow in a
    /// column (`disc`), on the panel itself in a panel.
    private static func paintItem(
        _ cr: OpaquePointer, _ circle: Rect, entry: MenuEntry, look: MenuLook, disc: Bool
    ) {
        let c = circle.center
        let r = circle.width / 2
        guard r > 0 else { return }
        if disc {
            paintShadow(cr, center: c, radius: r, spread: circle.width * shadowSpread)
            paintRimmed(cr, circle, radius: r, fill: look.colors.background)
        }

        if let icon = entry.icon, cairo_image_surface_get_width(icon) > 0 {
            let side = Double(cairo_image_surface_get_width(icon))
            let k = circle.width * 0.6 / side
            cairo_save(cr)
            cairo_translate(cr, c.x, c.y)
            cairo_scale(cr, k, k)
            cairo_set_source_surface(cr, icon, -side / 2, -Double(cairo_image_surface_get_height(icon)) / 2)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint(cr)
            cairo_restore(cr)
        } else if let first = entry.label.first {
            let letter = String(first).uppercased()
            setSource(cr, look.colors.labelColor)
            if let pango = Pango.shared,
                pango.withLayout(
                    cr, text: textOf(letter), font: look.font, bold: true, absoluteSize: circle.width * 0.45,
                    { layout -> Bool in
                        let ink = pango.extents(of: layout).ink
                        cairo_move_to(cr, c.x - ink.center.x, c.y - ink.center.y)
                        pango.showLayout(cr, layout)
                        return true
                    }) == true
            {
                cairo_new_path(cr)
                return
            }
            cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
            cairo_set_font_size(cr, circle.width * 0.45)
            var extents = cairo_text_extents_t()
            cairo_text_extents(cr, letter, &extents)
            cairo_move_to(
                cr, c.x - extents.x_bearing - extents.width / 2, c.y - extents.y_bearing - extents.height / 2)
            setSource(cr, look.colors.labelColor)
            cairo_show_text(cr, letter)
            cairo_new_path(cr)
        }
    }

    private static func paintFocusRing(_ cr: OpaquePointer, _ circle: Rect, look: MenuLook) {
        let c = circle.center
        let f = look.focusColor
        cairo_set_line_width(cr, focusWidth)
        cairo_arc(cr, c.x, c.y, circle.width / 2 + focusGap + focusWidth / 2, 0, 2 * Double.pi)
        cairo_set_source_rgba(cr, f.red, f.green, f.blue, 1)
        cairo_stroke(cr)
    }

    /// A panel's focus: a rounded frame just inside the focused cell.
    private static func paintFocusFrame(_ cr: OpaquePointer, _ cell: Rect, look: MenuLook) {
        let f = look.focusColor
        let inset = focusWidth / 2
        roundedRect(
            cr,
            Rect(
                x: cell.minX + inset, y: cell.minY + inset, width: cell.width - 2 * inset,
                height: cell.height - 2 * inset),
            radius: min(cell.width, cell.height) * 0.2)
        cairo_set_line_width(cr, focusWidth)
        cairo_set_source_rgba(cr, f.red, f.green, f.blue, 1)
        cairo_stroke(cr)
    }

    /// A panel's backdrop: outlined like a pill's shadow, filled with the
    /// background, edged with the rim just outside it.
    private static func paintPanel(_ cr: OpaquePointer, _ panel: MenuLayout.Panel, look: MenuLook) {
        let frame = panel.frame
        let radius = panel.cornerRadius
        for spread in [4.0, 3.0, 2.0] {
            roundedRect(cr, lowered(padded(frame, by: spread)), radius: radius + spread)
            cairo_set_source_rgba(cr, 0, 0, 0, 0.06)
            cairo_fill(cr)
        }
        paintRimmed(cr, frame, radius: radius, fill: look.colors.background)
    }

    /// `shape` (rounded by `radius`) in `fill`, with the rim just outside
    /// it. Each replaces what is below it (a shadow), so the colours are
    /// exactly the ones `MenuColors.boundaryContrast` rates.
    private static func paintRimmed(_ cr: OpaquePointer, _ shape: Rect, radius: Double, fill: Color) {
        let rim = MenuColors.rimWidth
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        roundedRect(cr, padded(shape, by: rim), radius: radius + rim)
        setSource(cr, MenuColors.rim)
        cairo_fill(cr)
        roundedRect(cr, shape, radius: radius)
        setSource(cr, fill)
        cairo_fill(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
    }

    private static func setSource(_ cr: OpaquePointer, _ color: Color) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }

    /// The same soft radial falloff as the button's shadow.
    private static func paintShadow(_ cr: OpaquePointer, center c: Point, radius: Double, spread: Double) {
        let offset = spread * 0.25
        let outer = radius + spread * 0.75
        guard
            let pattern = cairo_pattern_create_radial(
                c.x, c.y + offset, radius * 0.85, c.x, c.y + offset, outer)
        else { return }
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_add_color_stop_rgba(pattern, 0, 0, 0, 0, 0.35)
        cairo_pattern_add_color_stop_rgba(pattern, 1, 0, 0, 0, 0)
        cairo_set_source(cr, pattern)
        cairo_arc(cr, c.x, c.y + offset, outer, 0, 2 * Double.pi)
        cairo_fill(cr)
    }

    /// A label: in a column (`backdrop`) on its pill with the rim, at the
    /// pill's start; in a panel on the panel itself, centred.
    private static func paintPill(
        _ cr: OpaquePointer, _ pill: Rect, text: String, look: MenuLook, backdrop: Bool
    ) {
        if backdrop {
            // Cairo has no blur: a few widening, fainter outlines below the pill
            // stand in for a soft shadow.
            for spread in [3.0, 2.0, 1.0] {
                roundedRect(cr, lowered(padded(pill, by: spread)))
                cairo_set_source_rgba(cr, 0, 0, 0, 0.07)
                cairo_fill(cr)
            }
            paintRimmed(cr, pill, radius: min(pill.width, pill.height) / 2, fill: look.colors.labelBackground)
        }

        let inner = Rect(
            x: pill.minX + labelPadding.width, y: pill.minY, width: pill.width - 2 * labelPadding.width,
            height: pill.height)
        guard !text.isEmpty && inner.width > 0 else { return }
        cairo_save(cr)
        // A pill cut short by the layout cuts its text short too.
        cairo_rectangle(cr, inner.minX, inner.minY, inner.width, inner.height)
        cairo_clip(cr)
        setSource(cr, look.colors.labelColor)
        if let pango = Pango.shared,
            pango.withLayout(
                cr, text: textOf(text), font: look.font,
                { layout -> Bool in
                    // Cut short by the layout, the text ends in "…". Right-to-left
                    // text reads from the pill's right end.
                    pango.ellipsize(layout, width: inner.width)
                    let logical = pango.extents(of: layout).logical
                    // Centred: where the layout's own alignment put the text, less that offset.
                    let x = backdrop ? inner.minX : inner.center.x - logical.width / 2 - logical.minX
                    cairo_move_to(cr, x, pill.center.y - logical.height / 2 - logical.minY)
                    pango.showLayout(cr, layout)
                    return true
                }) == true
        {
            cairo_new_path(cr)
            cairo_restore(cr)
            return
        }
        selectLabelFont(cr, size: toyFontSize(look.font))
        var font = cairo_font_extents_t()
        cairo_font_extents(cr, &font)
        let baseline = pill.center.y + (font.ascent - font.descent) / 2
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, textOf(text), &extents)
        cairo_move_to(cr, backdrop ? inner.minX : inner.center.x - extents.x_advance / 2, baseline)
        setSource(cr, look.colors.labelColor)
        cairo_show_text(cr, textOf(text))
        cairo_new_path(cr)
        cairo_restore(cr)
    }

    /// A rounded rect, by default a pill (its radius half its height).
    private static func roundedRect(_ cr: OpaquePointer, _ r: Rect, radius: Double? = nil) {
        let radius = min(radius ?? .infinity, min(r.height, r.width) / 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, r.maxX - radius, r.minY + radius, radius, -Double.pi / 2, 0)
        cairo_arc(cr, r.maxX - radius, r.maxY - radius, radius, 0, Double.pi / 2)
        cairo_arc(cr, r.minX + radius, r.maxY - radius, radius, Double.pi / 2, Double.pi)
        cairo_arc(cr, r.minX + radius, r.minY + radius, radius, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }

    /// Where Pango is missing, the labels' face: cairo's toy API.
    /// Metrics are unhinted so that a label measures the same at every scale.
    private static func selectLabelFont(_ cr: OpaquePointer, size: Double) {
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
        if let options = cairo_font_options_create() {
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_set_font_options(cr, options)
            cairo_font_options_destroy(options)
        }
    }

    /// The px size of a Pango font description for the toy API: its last
    /// word, in points at 96 dpi ("Sans 13") or in px ("Sans 13px"); else 13 pt.
    static func toyFontSize(_ font: String) -> Double {
        let last = font.split(separator: " ").last.map(String.init) ?? ""
        if last.hasSuffix("px"), let px = Double(last.dropLast(2)), px > 0 { return px }
        if let points = Double(last), points > 0 { return points * 96 / 72 }
        return 13 * 96 / 72
    }

    /// The text Pango and cairo's toy API can take: it stops at a NUL byte.
    private static func textOf(_ text: String) -> String {
        text.contains("\0") ? String(text.prefix { $0 != "\0" }) : text
    }
}

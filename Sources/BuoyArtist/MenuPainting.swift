import BuoyCore
import BuoyDrawing
import CCairo

/// What one item shows: its label, and its icon if one could be loaded.
public struct MenuEntry {
    public var label: String
    /// A cairo image surface (from `IconLoader`), drawn at 60 % of the
    /// item's diameter; nil draws the label's first letter instead.
    public var icon: OpaquePointer?
    /// A `toggle` item that is on: an accent ring round its circle.
    public var on: Bool
    /// Its icon was asked for but not found or not loaded: the initial
    /// shows smaller, in a dashed frame, so that it reads as a placeholder
    /// and not as a glitch.
    public var iconMissing: Bool
    /// Its tool is missing: its icon and label are dimmed, and a small
    /// mark sits on its circle's lower right.
    public var unavailable: Bool
    /// Held and being moved in edit mode: its circle and pill cast a
    /// deeper, lower shadow, as lifted off the menu.
    public var lifted = false

    public init(
        label: String, icon: OpaquePointer? = nil, on: Bool = false, iconMissing: Bool = false,
        unavailable: Bool = false
    ) {
        self.label = label
        self.icon = icon
        self.on = on
        self.iconMissing = iconMissing
        self.unavailable = unavailable
    }

    /// How much of its icon and label an unavailable item shows.
    static let dimmed = 0.4
}

/// The menu's painting, in the drawing helper: Pango sets its labels.
extension MenuPainter {
    /// The size of the pill for `text` in `font` (a Pango font
    /// description): the text's logical width and height, plus
    /// `labelPadding`, rounded up to whole px. Empty text has no pill (zero
    /// size). With `wrapWidth` (a panel's, one of `MenuArrangement.labelWrapWidths`,
    /// pill included), each line of `text` wraps between words onto up to
    /// `MenuLayout.panelLabelLines` lines, with `panelLabelPadding` across.
    /// Feeds `MenuLayout.layout`'s label sizes.
    public static func measureLabel(_ text: String, font: String, wrapWidth: Double? = nil) -> Size {
        measuredLabel(text, font: font, wrapWidth: wrapWidth).size
    }

    /// `labels`' sizes as `arrangement` lays them out: a column's on one
    /// line each; a panel's wrapped to the first of its
    /// `labelWrapWidths` that cuts none of them and whose layout holds them
    /// whole (fewer columns, or the roomier side), else to the first whose
    /// layout holds them with a word too wide for its line broken inside
    /// it, else as at the first width (issue 43).
    public static func measureLabels(
        _ labels: [String], font: String, arrangement: MenuArrangement
    ) -> [Size] {
        let widths = arrangement.labelWrapWidths
        guard let first = widths.first else { return labels.map { measureLabel($0, font: font) } }
        for breakingWords in [false, true] {
            for width in widths {
                let measured = labels.map {
                    measuredLabel($0, font: font, wrapWidth: width, breakingWords: breakingWords)
                }
                let sizes = measured.map(\.size)
                if !measured.contains(where: \.cut) && arrangement.arrange(labels: sizes).holds(labels: sizes)
                {
                    return sizes
                }
            }
        }
        return labels.map { measuredLabel($0, font: font, wrapWidth: first, breakingWords: true).size }
    }

    /// `measureLabel`'s size, and whether the text had to be cut even so
    /// (more than `MenuLayout.panelLabelLines` lines, or a word wider than
    /// the line, which `breakingWords` breaks inside).
    static func measuredLabel(
        _ text: String, font: String, wrapWidth: Double?, breakingWords: Bool = false
    ) -> (size: Size, cut: Bool) {
        let none = (size: Size(width: 0, height: 0), cut: false)
        guard !text.isEmpty,
            let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)
        else { return none }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return none }
        defer { cairo_destroy(cr) }
        let measured = Pango.withLayout(cr, text: textOf(text), font: font, lines: true) { layout in
            guard let wrapWidth else { return (Pango.extents(of: layout).logical, false) }
            let width = wrapWidth - 2 * panelLabelPadding.width
            wrap(layout, width: width, breakingWords: breakingWords)
            let logical = Pango.extents(of: layout).logical
            // A word wider than the line overflows it uncut: as cut as an ellipsis.
            let overflows = logical.width > max(0, width) + 0.5
            return (logical, Pango.isCut(layout) || overflows)
        }
        guard let (logical, cut) = measured else { return none }
        let padding = wrapWidth == nil ? labelPadding : panelLabelPadding
        let size = Size(
            width: (logical.width + 2 * padding.width).rounded(.up),
            height: (logical.height + 2 * labelPadding.height).rounded(.up))
        return (size, cut)
    }

    /// `text`'s lines as a panel paints it in a pill `pillWidth` wide.
    static func paintedLines(_ text: String, font: String, pillWidth: Double) -> [String] {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1) else { return [] }
        defer { cairo_surface_destroy(surface) }
        guard let cr = cairo_create(surface) else { return [] }
        defer { cairo_destroy(cr) }
        return Pango.withLayout(cr, text: textOf(text), font: font, lines: true) { layout in
            wrap(layout, width: pillWidth - 2 * panelLabelPadding.width, breakingWords: true)
            return Pango.lines(of: layout)
        } ?? []
    }

    /// A panel's label: wrapped between words to `width` (with
    /// `breakingWords`, inside a word too wide for it), each paragraph (the
    /// label, its status) on up to `MenuLayout.panelLabelLines` lines.
    private static func wrap(_ layout: OpaquePointer, width: Double, breakingWords: Bool = false) {
        Pango.ellipsize(
            layout, width: max(0, width), lines: MenuLayout.panelLabelLines, breakingWords: breakingWords)
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
            if MenuSprite.hasPill(item) {
                paintPill(
                    cr, item.label, text: entry.label, look: look, backdrop: !inPanel,
                    alpha: entry.unavailable ? MenuEntry.dimmed : 1, lifted: entry.lifted)
            }
        case .circle:
            paintItem(cr, item.circle, entry: entry, look: look, in: inPanel ? .panel : .column)
            if entry.unavailable { paintUnavailableMark(cr, item.circle, look: look) }
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

    /// An item's icon or initial, on a disc with its rim and shadow in a
    /// column, on the panel itself in a panel; the icon takes the layout's
    /// `iconFraction` of the circle.
    private static func paintItem(
        _ cr: OpaquePointer, _ circle: Rect, entry: MenuEntry, look: MenuLook, in layout: MenuLayout.Kind
    ) {
        let c = circle.center
        let r = circle.width / 2
        guard r > 0 else { return }
        let iconSide = circle.width * layout.iconFraction
        if layout == .column {
            paintShadow(
                cr, center: c, radius: r, spread: circle.width * MenuSprite.shadowSpread, lifted: entry.lifted
            )
            paintRimmed(cr, circle, radius: r, fill: look.colors.background)
        }
        if entry.on { paintFocusRing(cr, circle, look: look) }
        // The icon or initial, dimmed as one.
        cairo_push_group(cr)
        defer {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, entry.unavailable ? MenuEntry.dimmed : 1)
        }

        if let icon = entry.icon, cairo_image_surface_get_width(icon) > 0 {
            let side = Double(cairo_image_surface_get_width(icon))
            let k = iconSide / side
            cairo_save(cr)
            cairo_translate(cr, c.x, c.y)
            cairo_scale(cr, k, k)
            cairo_set_source_surface(cr, icon, -side / 2, -Double(cairo_image_surface_get_height(icon)) / 2)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint(cr)
            cairo_restore(cr)
        } else if let first = entry.label.first {
            let letter = String(first).uppercased()
            if entry.iconMissing { paintPlaceholderFrame(cr, circle, side: iconSide, look: look) }
            setSource(cr, look.colors.labelColor)
            Pango.withLayout(
                cr, text: textOf(letter), font: look.font, bold: true,
                absoluteSize: circle.width * (entry.iconMissing ? 0.3 : 0.45)
            ) { layout in
                let ink = Pango.extents(of: layout).ink
                cairo_move_to(cr, c.x - ink.center.x, c.y - ink.center.y)
                Pango.show(layout, on: cr)
            }
            cairo_new_path(cr)
        }
    }

    /// An unavailable item's mark: a small disc in the label colour on the
    /// circle's lower right, edged and crossed by a bar in the background
    /// colour (no entry).
    private static func paintUnavailableMark(_ cr: OpaquePointer, _ circle: Rect, look: MenuLook) {
        let radius = circle.width * 0.16
        let c = Point(x: circle.maxX - radius * 0.9, y: circle.maxY - radius * 0.9)
        cairo_save(cr)
        cairo_new_path(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_arc(cr, c.x, c.y, radius + max(1, radius / 5), 0, 2 * Double.pi)
        setSource(cr, look.colors.background)
        cairo_fill(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_arc(cr, c.x, c.y, radius, 0, 2 * Double.pi)
        setSource(cr, look.colors.labelColor)
        cairo_fill(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_rectangle(cr, c.x - radius * 0.6, c.y - radius * 0.18, radius * 1.2, radius * 0.36)
        setSource(cr, look.colors.background)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// The frame of a missing icon: a dashed rounded square `side` px where
    /// the icon would be, in the label colour.
    private static func paintPlaceholderFrame(
        _ cr: OpaquePointer, _ circle: Rect, side: Double, look: MenuLook
    ) {
        let line = max(1, circle.width / 28)
        let frame = Rect(
            x: circle.center.x - side / 2 + line / 2, y: circle.center.y - side / 2 + line / 2,
            width: side - line, height: side - line)
        cairo_save(cr)
        roundedRect(cr, frame, radius: side * 0.2)
        var dashes = [line * 2.5, line * 1.5]
        cairo_set_dash(cr, &dashes, 2, 0)
        cairo_set_line_width(cr, line)
        let c = look.colors.labelColor
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha * 0.7)
        cairo_stroke(cr)
        cairo_restore(cr)
    }

    private static func paintFocusRing(_ cr: OpaquePointer, _ circle: Rect, look: MenuLook) {
        let c = circle.center
        let f = look.focusColor
        cairo_set_line_width(cr, MenuSprite.focusWidth)
        cairo_arc(
            cr, c.x, c.y, circle.width / 2 + MenuSprite.focusGap + MenuSprite.focusWidth / 2, 0, 2 * Double.pi
        )
        cairo_set_source_rgba(cr, f.red, f.green, f.blue, 1)
        cairo_stroke(cr)
    }

    /// A panel's focus: a rounded frame just inside the focused cell.
    private static func paintFocusFrame(_ cr: OpaquePointer, _ cell: Rect, look: MenuLook) {
        let f = look.focusColor
        let inset = MenuSprite.focusWidth / 2
        roundedRect(
            cr,
            Rect(
                x: cell.minX + inset, y: cell.minY + inset, width: cell.width - 2 * inset,
                height: cell.height - 2 * inset),
            radius: min(cell.width, cell.height) * 0.2)
        cairo_set_line_width(cr, MenuSprite.focusWidth)
        cairo_set_source_rgba(cr, f.red, f.green, f.blue, 1)
        cairo_stroke(cr)
    }

    /// A panel's backdrop: outlined like a pill's shadow, filled with the
    /// background, edged with the rim just outside it.
    private static func paintPanel(_ cr: OpaquePointer, _ panel: MenuLayout.Panel, look: MenuLook) {
        let frame = panel.frame
        let radius = panel.cornerRadius
        for spread in [4.0, 3.0, 2.0] {
            roundedRect(cr, lowered(MenuSprite.padded(frame, by: spread)), radius: radius + spread)
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
        roundedRect(cr, MenuSprite.padded(shape, by: rim), radius: radius + rim)
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

    /// The same soft radial falloff as the button's shadow; `lifted`, darker
    /// and from further in, within the same bounds (the sprite's pad).
    private static func paintShadow(
        _ cr: OpaquePointer, center c: Point, radius: Double, spread: Double, lifted: Bool = false
    ) {
        let offset = spread * 0.25
        let outer = radius + spread * 0.75
        guard
            let pattern = cairo_pattern_create_radial(
                c.x, c.y + offset, radius * (lifted ? 0.95 : 0.85), c.x, c.y + offset, outer)
        else { return }
        defer { cairo_pattern_destroy(pattern) }
        cairo_pattern_add_color_stop_rgba(pattern, 0, 0, 0, 0, lifted ? liftedShadow : 0.35)
        cairo_pattern_add_color_stop_rgba(pattern, 1, 0, 0, 0, 0)
        cairo_set_source(cr, pattern)
        cairo_arc(cr, c.x, c.y + offset, outer, 0, 2 * Double.pi)
        cairo_fill(cr)
    }

    /// The darkest a lifted item's shadow is (an item at rest: 0.35).
    static let liftedShadow = 0.6

    /// A label: in a column (`backdrop`) on its pill with the rim, at the
    /// pill's start; in a panel on the panel itself, centred. `lifted`: a
    /// deeper shadow, as the circle's.
    private static func paintPill(
        _ cr: OpaquePointer, _ pill: Rect, text: String, look: MenuLook, backdrop: Bool, alpha: Double,
        lifted: Bool = false
    ) {
        if backdrop {
            // Cairo has no blur: widening, faint outlines below the pill
            // stand in for a soft shadow, light enough not to outline it.
            for spread in lifted ? [2.5, 1.5, 0.5] : [2.0, 1.0] {
                roundedRect(cr, lowered(MenuSprite.padded(pill, by: spread)))
                cairo_set_source_rgba(cr, 0, 0, 0, lifted ? 0.15 : 0.05)
                cairo_fill(cr)
            }
            paintRimmed(cr, pill, radius: min(pill.width, pill.height) / 2, fill: look.colors.labelBackground)
        }

        let across = backdrop ? labelPadding.width : panelLabelPadding.width
        let inner = Rect(
            x: pill.minX + across, y: pill.minY, width: pill.width - 2 * across, height: pill.height)
        guard !text.isEmpty && inner.width > 0 else { return }
        cairo_save(cr)
        // A pill cut short by the layout cuts its text short too.
        cairo_rectangle(cr, inner.minX, inner.minY, inner.width, inner.height)
        cairo_clip(cr)
        let ink = look.colors.labelColor
        cairo_set_source_rgba(cr, ink.red, ink.green, ink.blue, ink.alpha * alpha)
        Pango.withLayout(cr, text: textOf(text), font: look.font, lines: true) { layout in
            // Cut short by the layout, the text ends in "…". Right-to-left
            // text reads from the pill's right end. A panel's wraps first.
            if backdrop {
                Pango.ellipsize(layout, width: inner.width)
            } else {
                // Measured to fit this width, it breaks where it was measured to: inside
                // a word only if it was measured so.
                wrap(layout, width: inner.width, breakingWords: true)
            }
            let logical = Pango.extents(of: layout).logical
            // A panel's: centred (where the layout's own alignment put the text, less that
            // offset), under its icon, as high as the row's tallest label.
            let x = backdrop ? inner.minX : inner.center.x - logical.width / 2 - logical.minX
            let y =
                backdrop
                ? pill.center.y - logical.height / 2 - logical.minY
                : pill.minY + labelPadding.height - logical.minY
            cairo_move_to(cr, x, y)
            Pango.show(layout, on: cr)
        }
        cairo_new_path(cr)
        cairo_restore(cr)
    }

    /// A rounded rect, by default a pill (its radius half its height).
    static func roundedRect(_ cr: OpaquePointer, _ r: Rect, radius: Double? = nil) {
        SquareCanvas.roundedRect(cr, r, radius: radius)
    }

    /// The text Pango can take: it stops at a NUL byte.
    private static func textOf(_ text: String) -> String {
        text.contains("\0") ? String(text.prefix { $0 != "\0" }) : text
    }
}

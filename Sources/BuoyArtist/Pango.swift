import BuoyCore
import CCairo
import CPango

/// The few Pango calls the labels make, linked into the drawing helper
/// (`buoy-draw`) only: a linked libpangocairo is mapped, relocated and
/// initialised at every start (with HarfBuzz, fribidi, GLib and GObject),
/// 2.7 MB that buoy itself, which draws no text, must not carry (a C program
/// that draws a circle with cairo peaks at 4.5 MB, and at 7.2 MB once it is
/// also linked with pangocairo, 2026-12-01).
enum Pango {
    /// Pango units per px.
    static let scale = Double(PANGO_SCALE)

    /// A layout's ink and logical rectangles, in px.
    struct Extents {
        var ink: Rect
        var logical: Rect
    }

    /// A layout of `text` on `cr` (with its current transformation) in the
    /// font `font` (a Pango font description), made bold and `absoluteSize`
    /// px if given; one paragraph unless `lines`, when each newline starts
    /// a line (a menu item's status under its label). Metrics are unhinted, so
    /// that text measures the same at every scale. `body` gets the layout;
    /// it is freed after. Nil if no layout could be made.
    @discardableResult
    static func withLayout<T>(
        _ cr: OpaquePointer, text: String, font: String, bold: Bool = false, absoluteSize: Double? = nil,
        lines: Bool = false, _ body: (OpaquePointer) -> T
    ) -> T? {
        guard let layout = pango_cairo_create_layout(cr) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        if let options = cairo_font_options_create() {
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            pango_cairo_context_set_font_options(pango_layout_get_context(layout), options)
            cairo_font_options_destroy(options)
            pango_layout_context_changed(layout)
        }
        if let description = pango_font_description_from_string(font) {
            if bold { pango_font_description_set_weight(description, PANGO_WEIGHT_BOLD) }
            if let absoluteSize {
                pango_font_description_set_absolute_size(description, absoluteSize * scale)
            }
            pango_layout_set_font_description(layout, description)
            pango_font_description_free(description)
        }
        // Elsewhere a newline is shown as a glyph, not as a second line.
        pango_layout_set_single_paragraph_mode(layout, lines ? 0 : 1)
        if lines { pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER) }
        pango_layout_set_text(layout, text, -1)
        return body(layout)
    }

    static func extents(of layout: OpaquePointer) -> Extents {
        var ink = PangoRectangle()
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        func rect(_ r: PangoRectangle) -> Rect {
            Rect(
                x: Double(r.x) / scale, y: Double(r.y) / scale, width: Double(r.width) / scale,
                height: Double(r.height) / scale)
        }
        return Extents(ink: rect(ink), logical: rect(logical))
    }

    /// Draws `layout` on `cr` at its current point.
    static func show(_ layout: OpaquePointer, on cr: OpaquePointer) {
        pango_cairo_show_layout(cr, layout)
    }

    /// Cuts the layout to `width` px, ending it in "…" where it is longer
    /// (at its logical end: on the left of right-to-left text). With
    /// `lines`, each paragraph first wraps between words onto up to that
    /// many lines (with `breakingWords`, inside a word wider than the
    /// line), and only its last is cut.
    static func ellipsize(_ layout: OpaquePointer, width: Double, lines: Int = 1, breakingWords: Bool = false)
    {
        pango_layout_set_width(layout, Int32(clamping: Int((width * scale).rounded(.down))))
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        if lines > 1 {
            pango_layout_set_wrap(layout, breakingWords ? PANGO_WRAP_WORD_CHAR : PANGO_WRAP_WORD)
            pango_layout_set_height(layout, Int32(-lines))
        }
    }

    /// The layout's text as it is laid out, one string per line (a hyphen
    /// Pango adds where it breaks inside a word is not in the text).
    static func lines(of layout: OpaquePointer) -> [String] {
        guard let text = pango_layout_get_text(layout) else { return [] }
        let bytes = Array(String(cString: text).utf8)
        var lines: [String] = []
        var node = pango_layout_get_lines_readonly(layout)
        while let current = node {
            if let line = current.pointee.data?.assumingMemoryBound(to: PangoLayoutLine.self) {
                let start = Int(line.pointee.start_index)
                let end = min(bytes.count, start + Int(line.pointee.length))
                lines.append(String(decoding: bytes[min(start, end)..<end], as: UTF8.self))
            }
            node = current.pointee.next
        }
        return lines
    }

    /// Whether `ellipsize` cut some of the layout's text.
    static func isCut(_ layout: OpaquePointer) -> Bool {
        pango_layout_is_ellipsized(layout) != 0
    }
}

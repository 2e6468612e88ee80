import BuoyCore
import CCairo
import Glibc

/// The few Pango calls the labels need, looked up with `dlsym` the first
/// time a label is measured or drawn, which is only ever in `MenuArtist`'s
/// children.
///
/// Pango is not linked into buoy: a linked libpangocairo is mapped,
/// relocated and initialised in buoy itself at every start (with HarfBuzz,
/// fribidi, GLib and GObject), even if it is never called. A C program that
/// draws a circle with cairo peaks at 4.5 MB, and at 7.2 MB once it is also
/// linked with pangocairo (2026-12-01): 2.7 MB that no menu needs outside
/// its drawing child, and past buoy's 10 MB. Opened here, it lives and dies
/// with the child.
struct Pango {
    typealias CreateLayout = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias ShowLayout = @convention(c) (OpaquePointer?, OpaquePointer?) -> Void
    typealias WithPointer = @convention(c) (OpaquePointer?, OpaquePointer?) -> Void
    typealias FromString = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    typealias Release = @convention(c) (OpaquePointer?) -> Void
    typealias SetText = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32) -> Void
    typealias SetInt = @convention(c) (OpaquePointer?, Int32) -> Void
    typealias SetDouble = @convention(c) (OpaquePointer?, Double) -> Void
    typealias GetPointer = @convention(c) (OpaquePointer?) -> OpaquePointer?
    /// `pango_layout_get_extents(layout, PangoRectangle *ink, PangoRectangle *logical)`.
    typealias GetExtents =
        @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void

    /// Pango units per px.
    static let scale = 1024.0
    /// `PANGO_ELLIPSIZE_END`.
    static let ellipsizeEnd: Int32 = 3
    /// `PANGO_WEIGHT_BOLD`.
    static let weightBold: Int32 = 700

    let createLayout: CreateLayout
    let showLayout: ShowLayout
    let setContextFontOptions: WithPointer
    let descriptionFromString: FromString
    let freeDescription: Release
    let setWeight: SetInt
    let setAbsoluteSize: SetDouble
    let setFontDescription: WithPointer
    let setText: SetText
    let setWidth: SetInt
    let setEllipsize: SetInt
    let setSingleParagraphMode: SetInt
    let getContext: GetPointer
    let contextChanged: Release
    let getExtents: GetExtents
    let unref: Release

    /// Pango, or nil where libpangocairo is not installed (labels then fall
    /// back to cairo's toy text).
    static let shared: Pango? = open()

    private static func open() -> Pango? {
        guard let cairo = dlopen("libpangocairo-1.0.so.0", RTLD_LAZY | RTLD_LOCAL),
            let pango = dlopen("libpango-1.0.so.0", RTLD_LAZY | RTLD_LOCAL),
            let gobject = dlopen("libgobject-2.0.so.0", RTLD_LAZY | RTLD_LOCAL)
        else { return nil }
        func symbol<T>(_ handle: UnsafeMutableRawPointer, _ name: String, as _: T.Type = T.self) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: T.self) }
        }
        guard let createLayout = symbol(cairo, "pango_cairo_create_layout", as: CreateLayout.self),
            let showLayout = symbol(cairo, "pango_cairo_show_layout", as: ShowLayout.self),
            let setContextFontOptions = symbol(
                cairo, "pango_cairo_context_set_font_options", as: WithPointer.self),
            let descriptionFromString = symbol(
                pango, "pango_font_description_from_string", as: FromString.self),
            let freeDescription = symbol(pango, "pango_font_description_free", as: Release.self),
            let setWeight = symbol(pango, "pango_font_description_set_weight", as: SetInt.self),
            let setAbsoluteSize = symbol(
                pango, "pango_font_description_set_absolute_size", as: SetDouble.self),
            let setFontDescription = symbol(pango, "pango_layout_set_font_description", as: WithPointer.self),
            let setText = symbol(pango, "pango_layout_set_text", as: SetText.self),
            let setWidth = symbol(pango, "pango_layout_set_width", as: SetInt.self),
            let setEllipsize = symbol(pango, "pango_layout_set_ellipsize", as: SetInt.self),
            let setSingleParagraphMode = symbol(
                pango, "pango_layout_set_single_paragraph_mode", as: SetInt.self),
            let getContext = symbol(pango, "pango_layout_get_context", as: GetPointer.self),
            let contextChanged = symbol(pango, "pango_layout_context_changed", as: Release.self),
            let getExtents = symbol(pango, "pango_layout_get_extents", as: GetExtents.self),
            let unref = symbol(gobject, "g_object_unref", as: Release.self)
        else { return nil }
        return Pango(
            createLayout: createLayout, showLayout: showLayout, setContextFontOptions: setContextFontOptions,
            descriptionFromString: descriptionFromString, freeDescription: freeDescription,
            setWeight: setWeight,
            setAbsoluteSize: setAbsoluteSize, setFontDescription: setFontDescription, setText: setText,
            setWidth: setWidth, setEllipsize: setEllipsize, setSingleParagraphMode: setSingleParagraphMode,
            getContext: getContext, contextChanged: contextChanged, getExtents: getExtents, unref: unref)
    }

    /// A layout's ink and logical rectangles, in px.
    struct Extents {
        var ink: Rect
        var logical: Rect
    }

    /// A single-paragraph layout of `text` on `cr` (with its current
    /// transformation) in the font `font` (a Pango font description),
    /// made bold and `absoluteSize` px if given. Metrics are unhinted, so
    /// that text measures the same at every scale. `body` gets the layout;
    /// it is freed after.
    func withLayout<T>(
        _ cr: OpaquePointer, text: String, font: String, bold: Bool = false, absoluteSize: Double? = nil,
        _ body: (OpaquePointer) -> T
    ) -> T? {
        guard let layout = createLayout(cr) else { return nil }
        defer { unref(layout) }
        if let options = cairo_font_options_create() {
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            setContextFontOptions(getContext(layout), options)
            cairo_font_options_destroy(options)
            contextChanged(layout)
        }
        if let description = descriptionFromString(font) {
            if bold { setWeight(description, Self.weightBold) }
            if let absoluteSize { setAbsoluteSize(description, absoluteSize * Self.scale) }
            setFontDescription(layout, description)
            freeDescription(description)
        }
        // A newline in a label is shown as a glyph, not as a second line.
        setSingleParagraphMode(layout, 1)
        setText(layout, text, -1)
        return body(layout)
    }

    func extents(of layout: OpaquePointer) -> Extents {
        var ink: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
        var logical: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &ink) { ink in
            withUnsafeMutableBytes(of: &logical) { getExtents(layout, ink.baseAddress, $0.baseAddress) }
        }
        func rect(_ r: (Int32, Int32, Int32, Int32)) -> Rect {
            Rect(
                x: Double(r.0) / Self.scale, y: Double(r.1) / Self.scale, width: Double(r.2) / Self.scale,
                height: Double(r.3) / Self.scale)
        }
        return Extents(ink: rect(ink), logical: rect(logical))
    }

    /// Cuts the layout to `width` px, ending it in "…" where it is longer
    /// (at its logical end: on the left of right-to-left text).
    func ellipsize(_ layout: OpaquePointer, width: Double) {
        setWidth(layout, Int32(clamping: Int((width * Self.scale).rounded(.down))))
        setEllipsize(layout, Self.ellipsizeEnd)
    }
}

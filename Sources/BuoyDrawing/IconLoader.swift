import BuoyCore
import CCairo
import CLinux
import Glibc

/// Loads menu icons into square cairo image surfaces of a requested pixel
/// size, caching them (including failures) by path and size.
///
/// PNGs go through cairo itself. SVGs go through librsvg, in a forked
/// child that `dlopen`s librsvg, draws into shared memory and exits:
/// librsvg and what it pulls in (GIO, libxml2, ICU...) add about 14 MB of
/// resident memory, none of which can be unloaded. `preload` has one child
/// draw many SVGs, since opening librsvg costs about 12 ms a child; one
/// that spends longer than `svgTimeout` on an icon is killed, and another
/// goes on with the icons after it, so one bad SVG costs only its own
/// icon. buoy itself uses the loader only inside `MenuArtist`'s drawing
/// child, so these are grandchildren of buoy.
///
/// Symbolic icons (`-symbolic` at the end of the file's name) come out in
/// `symbolicColor`: the menu's label colour, or the button's
/// `glyph_color` on its face.
///
/// The surfaces belong to the loader: they stay valid until `removeAll()`,
/// until the loader is gone, or until a later `load` evicts them, so use one
/// right away and don't destroy it.
public final class IconLoader {
    private struct Key: Hashable {
        var path: String
        var size: Int
    }

    private var cache: [Key: OpaquePointer?] = [:]
    private let capacity: Int
    private let symbolicColor: Color
    /// Set once a child found no usable librsvg: SVGs then fail at once.
    private var librsvgMissing = false
    /// SVGs `preload` has a child render meanwhile, at `size`.
    private var preloading: (batch: SVGBatch, size: Int)?

    /// How long an SVG may take to render, in milliseconds.
    static let svgTimeout: Int32 = 2000

    /// `capacity`: how many surfaces (and failures) to keep; when full the
    /// cache starts over. Two menus' worth covers a scale change.
    public init(capacity: Int = 16, symbolicColor: Color = MenuColors.defaultLabelColor) {
        self.capacity = max(1, capacity)
        self.symbolicColor = symbolicColor
    }

    deinit {
        removeAll()
    }

    /// The icon at `path` rendered into a `size`×`size` ARGB32 surface, its
    /// aspect ratio kept and centred; nil if the file is missing or broken,
    /// if `size` is not positive, or, for an SVG, if librsvg is not installed.
    public func load(path: String, size: Int) -> OpaquePointer? {
        finishPreloading()
        let key = Key(path: path, size: size)
        if let cached = cache[key] { return cached }
        if cache.count >= capacity { removeAll() }
        let surface = size > 0 && size <= 4096 ? render(path: path, size: size) : nil
        cache[key] = .some(surface)
        return surface
    }

    /// Starts rendering every SVG of `paths` at `size` that is not cached
    /// yet, in one child, so that a menu's icons open librsvg once, not once
    /// each (8 children took 98 ms, one takes 15), and while the caller does
    /// something else (measures labels, say). The next `load` waits for it,
    /// and finds them cached.
    public func preload(_ paths: [String], size: Int) {
        finishPreloading()
        guard size > 0, size <= 4096, !librsvgMissing else { return }
        var svgs: [String] = []
        for path in paths where Self.isSVG(path) && cache[Key(path: path, size: size)] == nil {
            if !svgs.contains(path) { svgs.append(path) }
        }
        guard !svgs.isEmpty, let batch = SVGBatch(svgs, size: size) else { return }
        preloading = (batch, size)
    }

    /// Takes what `preload`'s child rendered, once it is done.
    private func finishPreloading() {
        guard let (batch, size) = preloading else { return }
        preloading = nil
        let surfaces = batch.finish()
        if batch.librsvgMissing { librsvgMissing = true }
        if cache.count + surfaces.count > capacity { removeAll() }
        for (path, surface) in zip(batch.paths, surfaces) {
            // `.some`: a failure is cached too (nil would remove the key).
            cache[Key(path: path, size: size)] = .some(surface.map { recoloured($0, path: path) })
        }
    }

    /// Whether `load` can render SVGs: a child could open librsvg and gobject
    /// and find the calls it needs.
    public var canLoadSVG: Bool {
        finishPreloading()
        if !librsvgMissing, let check = SVGBatch([], size: 1) {
            _ = check.finish()
            if check.librsvgMissing { librsvgMissing = true }
        }
        return !librsvgMissing
    }

    /// Frees every cached surface.
    public func removeAll() {
        for case let surface? in cache.values { cairo_surface_destroy(surface) }
        cache.removeAll()
    }

    /// "edit-copy-symbolic.svg" and Adwaita's "edit-copy-symbolic.symbolic.png".
    /// Checked with suffixes because substring search would link the regex engine.
    static func isSymbolic(path: String) -> Bool {
        path.hasSuffix("-symbolic.svg") || path.hasSuffix("-symbolic.png") || path.hasSuffix(".symbolic.png")
    }

    private static func isSVG(_ path: String) -> Bool {
        path.hasSuffix(".svg") || path.hasSuffix(".SVG")
    }

    private func render(path: String, size: Int) -> OpaquePointer? {
        renderFile(path: path, size: size).map { recoloured($0, path: path) }
    }

    /// Symbolic icons are drawn in a dark grey that is meant to be
    /// recoloured, as GTK does.
    private func recoloured(_ surface: OpaquePointer, path: String) -> OpaquePointer {
        if Self.isSymbolic(path: path), let cr = cairo_create(surface) {
            let c = symbolicColor
            cairo_set_operator(cr, CAIRO_OPERATOR_IN)
            cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
            cairo_paint(cr)
            cairo_destroy(cr)
            cairo_surface_flush(surface)
        }
        return surface
    }

    private func renderFile(path: String, size: Int) -> OpaquePointer? {
        if Self.isSVG(path) {
            guard !librsvgMissing, let batch = SVGBatch([path], size: size) else { return nil }
            defer { if batch.librsvgMissing { librsvgMissing = true } }
            return batch.finish()[0]
        }
        guard let source = cairo_image_surface_create_from_png(path) else { return nil }
        defer { cairo_surface_destroy(source) }
        guard cairo_surface_status(source) == CAIRO_STATUS_SUCCESS else { return nil }
        let width = Double(cairo_image_surface_get_width(source))
        let height = Double(cairo_image_surface_get_height(source))
        guard width > 0 && height > 0 else { return nil }
        return drawSquare(size: size) { cr in
            let side = Double(size)
            let k = min(side / width, side / height)
            cairo_translate(cr, (side - width * k) / 2, (side - height * k) / 2)
            cairo_scale(cr, k, k)
            cairo_set_source_surface(cr, source, 0, 0)
            // Padding the source and filling only its rectangle keeps the
            // filter from fading the edges into the transparent margin.
            cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_rectangle(cr, 0, 0, width, height)
            cairo_fill(cr)
            return true
        }
    }
}

/// The child's exit codes, and an icon's outcome in `SVGProgress`.
private let childRendered: Int32 = 0
private let childFailed: Int32 = 1
private let childMissingLibrary: Int32 = 2

/// What the SVG child reports as it goes, in shared memory: how many icons
/// it has finished, and when it finished the last (`buoy_monotonic_now`).
private struct SVGProgress {
    var finished: Int64
    var finishedAt: Double
}

/// SVGs rendered at `size`² by children (`ChildJob`), through shared
/// memory: one child for them all, started at once, and after one that
/// spent `IconLoader.svgTimeout` on an icon (it is killed), or crashed on
/// it, a new one for the icons after it. With no paths, a child only checks
/// that librsvg can be opened.
private final class SVGBatch {
    let paths: [String]
    /// Set if the child found no usable librsvg (every icon then fails).
    private(set) var librsvgMissing = false
    private let size: Int
    private let stride: Int
    private let pixels: SharedMemory<UInt8>
    private let progress: SharedMemory<SVGProgress>
    private let outcomes: SharedMemory<Int32>
    /// Everything the child needs is made before the fork, so that it
    /// allocates nothing.
    private let cPaths: [UnsafeMutablePointer<CChar>?]
    private let viewport: SharedMemory<Double>
    private var surfaces: [OpaquePointer?]
    /// The first icon of the child at work, and the child.
    private var first = 0
    private var child: ChildJob?

    init?(_ paths: [String], size: Int) {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(size)))
        guard stride > 0, let pixels = SharedMemory<UInt8>(count: stride * size * max(1, paths.count)),
            let progress = SharedMemory<SVGProgress>(count: 1),
            let outcomes = SharedMemory<Int32>(count: max(1, paths.count)),
            let viewport = SharedMemory<Double>(count: 4)
        else { return nil }
        self.paths = paths
        self.size = size
        self.stride = stride
        self.pixels = pixels
        self.progress = progress
        self.outcomes = outcomes
        self.viewport = viewport
        // An RsvgRectangle: x, y, width, height.
        viewport.pointer[2] = Double(size)
        viewport.pointer[3] = Double(size)
        cPaths = paths.map { strdup($0) }
        surfaces = Array(repeating: nil, count: paths.count)
        start(from: 0)
    }

    deinit {
        for path in cPaths { free(path) }
    }

    private func start(from first: Int) {
        self.first = first
        progress.pointer.pointee = SVGProgress(finished: Int64(first), finishedAt: buoy_monotonic_now())
        for i in first..<paths.count { outcomes.pointer[i] = childFailed }
        let (cPaths, pixels, size, stride) = (cPaths, pixels.pointer, size, stride)
        let (viewport, progress, outcomes) = (viewport.pointer, progress.pointer, outcomes.pointer)
        child = ChildJob {
            renderAll(
                cPaths, from: first, into: pixels, size: size, stride: stride,
                viewport: UnsafeRawPointer(viewport), progress: progress, outcomes: outcomes)
        }
    }

    /// Waits for the children, and gives per path its surface, or nil if it
    /// failed: a child is waited for while it makes progress
    /// (`IconLoader.svgTimeout` from its last icon).
    func finish() -> [OpaquePointer?] {
        while let child {
            self.child = nil
            var exited = false
            while !exited {
                let late =
                    (progress.pointer.pointee.finishedAt - buoy_monotonic_now()) * 1000
                    + Double(IconLoader.svgTimeout)
                guard late >= 1 else { break }
                exited = child.exits(within: Int32(late))
            }
            let outcome = child.finish(killing: !exited)
            if outcome.exitCode == childMissingLibrary {
                librsvgMissing = true
                break
            }
            let finished = Int(progress.pointer.pointee.finished)
            let bytes = stride * size
            for i in first..<min(finished, paths.count) where outcomes.pointer[i] == childRendered {
                surfaces[i] = copied(pixels.pointer + i * bytes)
            }
            // The icon it was on, if it stopped, is given up.
            let next = exited && outcome.exitCode == childRendered ? paths.count : finished + 1
            if next < paths.count { start(from: next) }
        }
        return surfaces
    }

    private func copied(_ source: UnsafeMutablePointer<UInt8>) -> OpaquePointer? {
        drawSquare(size: size) { cr in
            guard let target = cairo_get_target(cr), let data = cairo_image_surface_get_data(target),
                cairo_image_surface_get_stride(target) == Int32(stride)
            else { return false }
            cairo_surface_flush(target)
            memcpy(data, source, stride * size)
            cairo_surface_mark_dirty(target)
            return true
        }
    }
}

/// The child's side: opens librsvg, then renders `paths[first...]` into
/// their slots of `pixels`, reporting each as it is done.
private func renderAll(
    _ paths: [UnsafeMutablePointer<CChar>?], from first: Int, into pixels: UnsafeMutablePointer<UInt8>,
    size: Int, stride: Int, viewport: UnsafeRawPointer, progress: UnsafeMutablePointer<SVGProgress>,
    outcomes: UnsafeMutablePointer<Int32>
) -> Int32 {
    guard let rsvg = Rsvg.open() else { return childMissingLibrary }
    for i in first..<paths.count {
        outcomes[i] = render(
            rsvg, paths[i], into: pixels + i * stride * size, size: size, stride: stride, viewport: viewport)
        progress.pointee = SVGProgress(finished: Int64(i + 1), finishedAt: buoy_monotonic_now())
    }
    return childRendered
}

private func render(
    _ rsvg: Rsvg, _ path: UnsafeMutablePointer<CChar>?, into pixels: UnsafeMutablePointer<UInt8>, size: Int,
    stride: Int, viewport: UnsafeRawPointer
) -> Int32 {
    guard let path,
        let surface = cairo_image_surface_create_for_data(
            pixels, CAIRO_FORMAT_ARGB32, Int32(size), Int32(size), Int32(stride))
    else { return childFailed }
    defer { cairo_surface_destroy(surface) }
    guard let cr = cairo_create(surface) else { return childFailed }
    defer { cairo_destroy(cr) }
    let ok = rsvg.render(path: path, cr: cr, size: size, viewport: viewport)
    cairo_surface_flush(surface)
    return ok && cairo_status(cr) == CAIRO_STATUS_SUCCESS ? childRendered : childFailed
}

/// A new transparent `size`² ARGB32 surface that `draw` painted, or nil if
/// either failed.
private func drawSquare(size: Int, _ draw: (OpaquePointer) -> Bool) -> OpaquePointer? {
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size), Int32(size)) else {
        return nil
    }
    guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
        cairo_surface_destroy(surface)
        return nil
    }
    let drawn = draw(cr)
    let ok = cairo_status(cr) == CAIRO_STATUS_SUCCESS
    cairo_destroy(cr)
    cairo_surface_flush(surface)
    guard drawn && ok else {
        cairo_surface_destroy(surface)
        return nil
    }
    return surface
}

/// The few librsvg calls buoy makes, looked up with `dlsym`:
/// `render_document` (librsvg 2.46+), whose viewport fits the document to
/// the square, or else `get_dimensions` and `render_cairo`.
struct Rsvg {
    typealias NewFromFile = @convention(c) (UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> OpaquePointer?
    /// `rsvg_handle_render_document(handle, cr, const RsvgRectangle *viewport, GError **)`.
    typealias RenderDocument =
        @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Int32
    /// `rsvg_handle_get_dimensions(handle, RsvgDimensionData *)`.
    typealias GetDimensions = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void
    typealias RenderCairo = @convention(c) (OpaquePointer?, OpaquePointer?) -> Int32
    typealias Unref = @convention(c) (OpaquePointer?) -> Void

    let newFromFile: NewFromFile
    let renderDocument: RenderDocument?
    let getDimensions: GetDimensions?
    let renderCairo: RenderCairo?
    let unref: Unref

    /// Opens the libraries (in the child: see `renderSVG`).
    static func open() -> Rsvg? {
        guard let lib = dlopen("librsvg-2.so.2", RTLD_LAZY | RTLD_LOCAL),
            let gobject = dlopen("libgobject-2.0.so.0", RTLD_LAZY | RTLD_LOCAL)
        else { return nil }
        func symbol<T>(_ handle: UnsafeMutableRawPointer, _ name: String, as _: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: T.self) }
        }
        guard let newFromFile = symbol(lib, "rsvg_handle_new_from_file", as: NewFromFile.self),
            let unref = symbol(gobject, "g_object_unref", as: Unref.self)
        else { return nil }
        let rsvg = Rsvg(
            newFromFile: newFromFile,
            renderDocument: symbol(lib, "rsvg_handle_render_document", as: RenderDocument.self),
            getDimensions: symbol(lib, "rsvg_handle_get_dimensions", as: GetDimensions.self),
            renderCairo: symbol(lib, "rsvg_handle_render_cairo", as: RenderCairo.self),
            unref: unref)
        guard rsvg.renderDocument != nil || (rsvg.getDimensions != nil && rsvg.renderCairo != nil) else {
            return nil
        }
        return rsvg
    }

    /// Draws the SVG at `path` fitted into `size`² on `cr`.
    func render(
        path: UnsafePointer<CChar>, cr: OpaquePointer, size: Int, viewport: UnsafeRawPointer?
    ) -> Bool {
        guard let handle = newFromFile(path, nil) else { return false }
        defer { unref(handle) }
        if let renderDocument {
            // The viewport is an RsvgRectangle (x, y, width, height); the
            // document is fitted into it keeping its aspect ratio, centred.
            return renderDocument(handle, cr, viewport, nil) != 0
        }
        guard let getDimensions, let renderCairo else { return false }
        // An RsvgDimensionData: int width, int height, double em, double ex.
        var dimensions: (Int32, Int32, Double, Double) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &dimensions) { getDimensions(handle, $0.baseAddress) }
        let width = Double(dimensions.0)
        let height = Double(dimensions.1)
        guard width > 0 && height > 0 else { return false }
        let side = Double(size)
        let k = min(side / width, side / height)
        cairo_translate(cr, (side - width * k) / 2, (side - height * k) / 2)
        cairo_scale(cr, k, k)
        return renderCairo(handle, cr) != 0
    }
}

import BuoyCore
import BuoyDrawing
import CCairo
import CLinux
import CRsvg
import Glibc

/// Loads menu icons into square cairo image surfaces of a requested pixel
/// size, caching them (including failures) by path and size.
///
/// PNGs go through cairo itself. SVGs go through librsvg, in a drawing
/// helper of their own (`DrawJob.svgs`), which draws into shared memory and
/// exits, so that an SVG that hangs does not hold up the rest, and they are
/// drawn while the caller measures labels. `preload` has one helper draw
/// many SVGs, since starting librsvg costs about 12 ms; one that spends
/// longer than `DrawingHelper.svgTimeout` on an icon is killed, and another
/// goes on with the icons after it, so one bad SVG costs only its own
/// icon. The loader runs only in the drawing helper, so these helpers are
/// grandchildren of buoy.
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
    /// SVGs `preload` has a child render meanwhile, at `size`.
    private var preloading: (batch: SVGBatch, size: Int)?

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
    /// or if `size` is not positive.
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
        guard size > 0, size <= 4096 else { return }
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
        if cache.count + surfaces.count > capacity { removeAll() }
        for (path, surface) in zip(batch.paths, surfaces) {
            // `.some`: a failure is cached too (nil would remove the key).
            cache[Key(path: path, size: size)] = .some(surface.map { recoloured($0, path: path) })
        }
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
            return SVGBatch([path], size: size)?.finish()[0]
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

/// An icon's outcome in `SVGProgress`.
private let rendered: Int32 = 0
private let failed: Int32 = 1

/// What the SVG helper reports as it goes, in shared memory: how many icons
/// it has finished, and when it finished the last (`buoy_monotonic_now`).
struct SVGProgress {
    var finished: Int64
    var finishedAt: Double
}

/// SVGs rendered at `size`² by drawing helpers (`DrawJob.svgs`), through
/// shared memory: one helper for them all, started at once, and after one
/// that spent `DrawingHelper.svgTimeout` on an icon (it is killed), or
/// crashed on it, a new one for the icons after it.
private final class SVGBatch {
    let paths: [String]
    private let size: Int
    private let stride: Int
    /// Per icon, its pixels; then the progress; then per icon its outcome.
    private let pixels: SharedMemory<UInt8>
    private let progress: SharedMemory<SVGProgress>
    private let outcomes: SharedMemory<Int32>
    private var surfaces: [OpaquePointer?]
    /// The first icon of the helper at work, and the helper.
    private var first = 0
    private var child: ChildJob?

    init?(_ paths: [String], size: Int) {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(size)))
        guard stride > 0, let pixels = SharedMemory<UInt8>(count: stride * size * max(1, paths.count)),
            let progress = SharedMemory<SVGProgress>(count: 1),
            let outcomes = SharedMemory<Int32>(count: max(1, paths.count))
        else { return nil }
        self.paths = paths
        self.size = size
        self.stride = stride
        self.pixels = pixels
        self.progress = progress
        self.outcomes = outcomes
        surfaces = Array(repeating: nil, count: paths.count)
        start(from: 0)
    }

    /// Starts a helper on the icons from `first` on; with none started,
    /// those icons fail.
    private func start(from first: Int) {
        self.first = first
        progress.pointer.pointee = SVGProgress(finished: Int64(first), finishedAt: buoy_monotonic_now())
        for i in first..<paths.count { outcomes.pointer[i] = failed }
        let job = SVGJob(paths: paths, first: first, size: size)
        // A fork when it can (before Pango starts its threads, as a menu's
        // preload does): no second start of buoy-draw and its libraries.
        if ChildJob.runsOneThread {
            let (pixels, progress, outcomes) = (pixels, progress, outcomes)
            child = try? ChildJob(
                forking: {
                    renderSVGs(job, pixels: pixels, progress: progress, outcomes: outcomes) ? 0 : 1
                }, reaping: .blocking)
        } else {
            child = try? DrawingHelper.start(
                .svgs(job), files: [pixels.fd, progress.fd, outcomes.fd], reaping: .blocking)
        }
    }

    /// Waits for the helpers, and gives per path its surface, or nil if it
    /// failed: a helper is waited for while it makes progress
    /// (`DrawingHelper.svgTimeout` from its last icon).
    func finish() -> [OpaquePointer?] {
        while let child {
            self.child = nil
            var exited = false
            while !exited {
                let late =
                    (progress.pointer.pointee.finishedAt - buoy_monotonic_now()) * 1000
                    + Double(DrawingHelper.svgTimeout)
                guard late >= 1 else { break }
                exited = child.exits(within: Int32(late))
            }
            let outcome = child.finish()
            let finished = Int(progress.pointer.pointee.finished)
            let bytes = stride * size
            for i in first..<min(finished, paths.count) where outcomes.pointer[i] == rendered {
                surfaces[i] = copied(pixels.pointer + i * bytes)
            }
            // The icon it was on, if it stopped, is given up.
            let next = exited && outcome.exitCode == 0 ? paths.count : finished + 1
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

/// The SVG helper's side: renders `job.paths[job.first...]` into their
/// slots of the pixels in file `first`, reporting each in the progress
/// (file `first + 1`) and outcomes (`first + 2`) as it is done. False if
/// the files are not what the job needs.
func renderSVGs(_ job: SVGJob, into first: Int32) -> Bool {
    let count = max(1, job.paths.count)
    let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(job.size)))
    guard job.size > 0, stride > 0,
        let pixels = SharedMemory<UInt8>(file: first, count: stride * job.size * count),
        let progress = SharedMemory<SVGProgress>(file: first + 1, count: 1),
        let outcomes = SharedMemory<Int32>(file: first + 2, count: count)
    else { return false }
    return renderSVGs(job, pixels: pixels, progress: progress, outcomes: outcomes)
}

/// The same into memory already mapped (a forked helper's): false if it is
/// smaller than the job needs.
private func renderSVGs(
    _ job: SVGJob, pixels: SharedMemory<UInt8>, progress: SharedMemory<SVGProgress>,
    outcomes: SharedMemory<Int32>
) -> Bool {
    let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(job.size)))
    guard job.first >= 0, job.first <= job.paths.count, job.size > 0, stride > 0,
        pixels.count >= stride * job.size * job.paths.count, progress.count >= 1,
        outcomes.count >= job.paths.count
    else { return false }
    for i in job.first..<job.paths.count {
        outcomes.pointer[i] = render(
            job.paths[i], into: pixels.pointer + i * stride * job.size, size: job.size, stride: stride)
        progress.pointer.pointee = SVGProgress(finished: Int64(i + 1), finishedAt: buoy_monotonic_now())
    }
    return true
}

private func render(_ path: String, into pixels: UnsafeMutablePointer<UInt8>, size: Int, stride: Int) -> Int32
{
    guard
        let surface = cairo_image_surface_create_for_data(
            pixels, CAIRO_FORMAT_ARGB32, Int32(size), Int32(size), Int32(stride))
    else { return failed }
    defer { cairo_surface_destroy(surface) }
    guard let cr = cairo_create(surface) else { return failed }
    defer { cairo_destroy(cr) }
    let ok = Rsvg.render(path: path, cr: cr, size: size)
    cairo_surface_flush(surface)
    return ok && cairo_status(cr) == CAIRO_STATUS_SUCCESS ? rendered : failed
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

/// librsvg's calls: `render_document` (librsvg 2.46+), whose viewport fits
/// the document to the square.
enum Rsvg {
    /// Draws the SVG at `path` fitted into `size`² on `cr`, keeping its
    /// aspect ratio, centred.
    static func render(path: String, cr: OpaquePointer, size: Int) -> Bool {
        guard let handle = rsvg_handle_new_from_file(path, nil) else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        var viewport = RsvgRectangle(x: 0, y: 0, width: Double(size), height: Double(size))
        return rsvg_handle_render_document(handle, cr, &viewport, nil) != 0
    }
}

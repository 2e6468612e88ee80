import BuoyCore
import CWaylandClient
import CWaylandProtocols
import Glibc

/// buoy's layer surface: anchored to all four edges of one output's usable
/// area on the overlay layer, so it never moves while the button does. Its
/// content is one transparent pixel stretched by wp_viewporter (no
/// full-output buffer), and its input region is what makes parts of it
/// clickable. The button itself is a `Subsurface` of it.
package final class LayerSurface {
    package let surface: OpaquePointer
    private let role: OpaquePointer
    private let viewport: OpaquePointer
    /// One transparent pixel, stretched over the surface; a subsurface that
    /// stays mapped shows it when hidden.
    let transparentPixel: ShmBuffer
    /// Black at the scrim's alpha, `Scrim.bufferSize` for the surface's
    /// size, stretched over it like the transparent pixel.
    private var scrimBuffer: (buffer: ShmBuffer, alpha: Double, size: Size)?
    private var scrimAlpha = 0.0
    private unowned let display: Display

    /// The usable area's size from the last configure, in logical px.
    package private(set) var size: Size?
    private var pendingConfigure: (serial: UInt32, width: UInt32, height: UInt32)?
    /// The compositor closed the surface (its output went away, usually).
    package private(set) var closed = false
    /// The registry names of the outputs the surface is on, from
    /// wl_surface.enter/leave.
    package private(set) var outputs: [UInt32] = []
    /// The output it entered first, which is the one the compositor put it
    /// on: it also enters any output it overlaps (a nested sway's new output
    /// before it is moved aside), and stays on that one's only as long as its
    /// own output is there.
    package private(set) var homeOutput: UInt32?
    /// The compositor's wishes for the buffers: wp_fractional_scale_v1's
    /// scale, and wl_surface v6's preferred_buffer_scale and _transform.
    private var fractionalScale: FractionalScale?
    private var preferredBufferScale: Int?
    /// A wl_output_transform; 0 (normal) until the compositor says otherwise.
    package private(set) var preferredTransform: UInt32 = 0
    /// Set when a configure or an enter/leave changed what must be drawn.
    private var changed = false
    private var frameCallback: OpaquePointer?

    /// A surface that takes no pointer or touch input at all and, with
    /// `takesKeyboard`, the keyboard from the moment it maps: the open
    /// menu's keys. Made when the menu opens and destroyed when it closes,
    /// because destroying it is what makes every compositor (KWin too, which
    /// ignores interactivity going back to none) hand the keyboard back.
    /// Exclusive, not on_demand: wlroots compositors give an on_demand layer
    /// surface the focus only when it is clicked, so a menu opened by a tap,
    /// a long press or `buoy msg menu` would not get the arrow keys.
    package convenience init(keyboardFor display: Display, output: Output?, namespace: String)
        throws(WaylandError)
    {
        try self.init(display: display, output: output, namespace: namespace, takesKeyboard: true)
    }

    /// A surface over the whole of `output`, bars included, that takes the
    /// keyboard from the moment it maps (Escape): the click types' overlay,
    /// which takes the next tap anywhere. Its input region is the caller's.
    package convenience init(overlayOn display: Display, output: Output, namespace: String)
        throws(WaylandError)
    {
        try self.init(
            display: display, output: output, namespace: namespace, takesKeyboard: true, wholeOutput: true)
    }

    package init(
        display: Display, output: Output?, namespace: String, takesKeyboard: Bool = false,
        wholeOutput: Bool = false
    ) throws(WaylandError) {
        guard display.compositor != nil, let layerShell = display.layerShell,
            let viewporter = display.viewporter, let shm = display.shm
        else { throw .system("globals are missing") }
        // Staged: whatever fails destroys what was made before it, newest first.
        let pixel = try ShmBuffer(shm: shm, width: 1, height: 1)
        var made = false
        guard let surface = display.createSurface() else { throw .system("cannot create a surface") }
        defer { if !made { wl_surface_destroy(surface) } }
        guard
            let role = zwlr_layer_shell_v1_get_layer_surface(
                layerShell, surface, output?.proxy, ZWLR_LAYER_SHELL_V1_LAYER_OVERLAY.rawValue, namespace)
        else { throw .system("cannot create a layer surface") }
        defer { if !made { zwlr_layer_surface_v1_destroy(role) } }
        guard let viewport = wp_viewporter_get_viewport(viewporter, surface) else {
            throw .system("cannot create a viewport")
        }
        made = true
        self.display = display
        self.surface = surface
        self.role = role
        self.viewport = viewport
        fractionalScale = FractionalScale(manager: display.fractionalScaleManager, surface: surface)
        transparentPixel = pixel
        memset(transparentPixel.data, 0, 4)
        transparentPixel.releasePages()
        let opaque = Unmanaged.passUnretained(self).toOpaque()
        buoy_wl_surface_v6_add_listener(surface, Self.surfaceListener, opaque)
        zwlr_layer_surface_v1_add_listener(role, Self.roleListener, opaque)

        let topLeft = ZWLR_LAYER_SURFACE_V1_ANCHOR_TOP.rawValue | ZWLR_LAYER_SURFACE_V1_ANCHOR_LEFT.rawValue
        let all =
            topLeft | ZWLR_LAYER_SURFACE_V1_ANCHOR_BOTTOM.rawValue
            | ZWLR_LAYER_SURFACE_V1_ANCHOR_RIGHT.rawValue
        // The keyboard's surface shows nothing, so one px in a corner: mapped
        // over the whole output it would make the compositor repaint all of
        // it, delaying the menu's first frame by a whole repaint (35 ms at 4K).
        let corner = takesKeyboard && !wholeOutput
        zwlr_layer_surface_v1_set_anchor(role, corner ? topLeft : all)
        zwlr_layer_surface_v1_set_size(role, corner ? 1 : 0, corner ? 1 : 0)
        // Zero: stay inside the area that bars and on-screen keyboards leave;
        // -1: cover them too.
        zwlr_layer_surface_v1_set_exclusive_zone(role, wholeOutput ? -1 : 0)
        let interactivity =
            takesKeyboard
            ? ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_EXCLUSIVE
            : ZWLR_LAYER_SURFACE_V1_KEYBOARD_INTERACTIVITY_NONE
        zwlr_layer_surface_v1_set_keyboard_interactivity(role, interactivity.rawValue)
        setInputRegion([])
        wl_surface_commit(surface)
    }

    deinit {
        if let frameCallback { wl_callback_destroy(frameCallback) }
        wp_viewport_destroy(viewport)
        fractionalScale = nil
        zwlr_layer_surface_v1_destroy(role)
        wl_surface_destroy(surface)
    }

    /// Whether a configure, a close or an enter/leave changed what must be
    /// drawn since the last call.
    package func takeChanged() -> Bool {
        defer { changed = false }
        return fractionalScale?.takeChanged() ?? false || changed
    }

    /// The scale the compositor asks buffers to be drawn at: the fractional
    /// one, else wl_surface v6's integer one; nil until it has said (and
    /// always from a compositor with neither), when wl_output.scale decides.
    package var preferredScale: BufferScale? {
        fractionalScale?.preferred ?? preferredBufferScale.map { BufferScale(integer: $0) }
    }

    /// Whether a configure arrived that `applyConfigure` has not answered.
    package var needsConfigureAck: Bool { pendingConfigure != nil }

    /// Acknowledges the last configure and stretches the transparent pixel
    /// over the new size. Takes effect with the next `commit`.
    package func applyConfigure() {
        guard let configure = pendingConfigure else { return }
        pendingConfigure = nil
        zwlr_layer_surface_v1_ack_configure(role, configure.serial)
        guard configure.width > 0, configure.height > 0 else { return }
        let newSize = Size(width: Double(configure.width), height: Double(configure.height))
        // The same size again (a compositor configures every layer surface when
        // one maps): nothing to attach, so nothing damages the whole output.
        guard newSize != size else { return }
        size = newSize
        wp_viewport_set_destination(viewport, Int32(configure.width), Int32(configure.height))
        attachPixel()
    }

    /// Darkens everything below the surface with black at `alpha` (0 for
    /// none): the menu's scrim. Applies on the next commit.
    package func setScrim(_ alpha: Double) {
        guard alpha != scrimAlpha else { return }
        scrimAlpha = alpha
        if size != nil { attachPixel() }
    }

    /// The scrim's buffer for the current alpha and size, made anew when
    /// either changed.
    private func scrim(size: Size) -> ShmBuffer? {
        if let scrimBuffer, scrimBuffer.alpha == scrimAlpha, scrimBuffer.size == size {
            return scrimBuffer.buffer
        }
        let (width, height) = Scrim.bufferSize(for: size)
        guard let shm = display.shm, let buffer = try? ShmBuffer(shm: shm, width: width, height: height)
        else { return nil }
        // Premultiplied ARGB8888, little-endian: B, G, R, A.
        let black = UInt32((min(1, scrimAlpha) * 255).rounded()) << 24
        buffer.data.initializeMemory(as: UInt32.self, repeating: black, count: width * height)
        buffer.releasePages()
        scrimBuffer = (buffer, scrimAlpha, size)
        return buffer
    }

    private func attachPixel() {
        let scrim = scrimAlpha > 0 ? size.flatMap(scrim(size:)) : nil
        let buffer = scrim ?? transparentPixel
        wl_surface_attach(surface, buffer.proxy, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, Int32(buffer.width), Int32(buffer.height))
    }

    /// Makes only these rectangles (surface-local, logical px) take input;
    /// nil makes the whole surface take it.
    package func setInputRegion(_ rects: [Rect]?) {
        guard let rects else {
            wl_surface_set_input_region(surface, nil)
            return
        }
        guard let region = display.makeRegion(rects) else { return }
        wl_surface_set_input_region(surface, region)
        wl_region_destroy(region)
    }

    /// Has the compositor repaint `rect` (surface-local, logical px) with
    /// the next commit, though the surface's own pixel is unchanged.
    package func damage(_ rect: Rect) {
        let x = rect.minX.rounded(.down)
        let y = rect.minY.rounded(.down)
        wl_surface_damage(
            surface, Int32(x), Int32(y), Int32((rect.maxX - x).rounded(.up)),
            Int32((rect.maxY - y).rounded(.up)))
    }

    /// True while a frame callback is outstanding: the app draws again only
    /// when it has fired, so at most one commit goes out per frame.
    package var framePending: Bool { frameCallback != nil }
    /// The compositor has answered a frame callback of this surface: it
    /// has shown what was committed before that callback was asked for.
    package private(set) var presented = false

    package func requestFrame() {
        guard frameCallback == nil else { return }
        frameCallback = wl_surface_frame(surface)
        wl_callback_add_listener(frameCallback, Self.frameListener, Unmanaged.passUnretained(self).toOpaque())
    }

    package func commit() {
        wl_surface_commit(surface)
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> LayerSurface {
        Unmanaged<LayerSurface>.fromOpaque(data!).takeUnretainedValue()
    }

    nonisolated(unsafe) private static let roleListener:
        UnsafeMutablePointer<zwlr_layer_surface_v1_listener> = {
            let listener = UnsafeMutablePointer<zwlr_layer_surface_v1_listener>.allocate(capacity: 1)
            listener.initialize(
                to: zwlr_layer_surface_v1_listener(
                    configure: { data, _, serial, width, height in
                        let surface = from(data)
                        surface.pendingConfigure = (serial, width, height)
                        surface.changed = true
                    },
                    closed: { data, _ in
                        let surface = from(data)
                        surface.closed = true
                        surface.changed = true
                    }))
            return listener
        }()

    /// wl_surface v6's listener (see wl-surface-v6.h).
    private typealias SurfaceListener = buoy_wl_surface_v6_listener

    nonisolated(unsafe) private static let surfaceListener: UnsafeMutablePointer<SurfaceListener> = {
        let listener = UnsafeMutablePointer<SurfaceListener>.allocate(capacity: 1)
        listener.initialize(
            to: SurfaceListener(
                enter: { data, _, output in
                    let surface = from(data)
                    guard let name = surface.display.registryName(of: output) else { return }
                    surface.outputs.append(name)
                    if surface.homeOutput == nil { surface.homeOutput = name }
                    surface.changed = true
                },
                leave: { data, _, output in
                    let surface = from(data)
                    guard let name = surface.display.registryName(of: output) else { return }
                    surface.outputs.removeAll { $0 == name }
                    surface.changed = true
                },
                preferred_buffer_scale: { data, _, factor in
                    let surface = from(data)
                    guard factor > 0, surface.preferredBufferScale != Int(factor) else { return }
                    surface.preferredBufferScale = Int(factor)
                    surface.changed = true
                },
                preferred_buffer_transform: { data, _, transform in
                    let surface = from(data)
                    guard surface.preferredTransform != transform else { return }
                    surface.preferredTransform = transform
                    surface.changed = true
                }))
        return listener
    }()

    nonisolated(unsafe) private static let frameListener: UnsafeMutablePointer<wl_callback_listener> = {
        let listener = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_callback_listener(done: { data, callback, _ in
                wl_callback_destroy(callback)
                let surface = from(data)
                surface.frameCallback = nil
                surface.presented = true
            }))
        return listener
    }()
}

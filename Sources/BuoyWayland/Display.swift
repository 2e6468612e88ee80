import BuoyCore
import CLinux
import CWaylandClient
import CWaylandProtocols
import Glibc

/// Why the connection to the compositor could not be used.
package enum WaylandError: Error, Equatable, CustomStringConvertible {
    /// No connection to the display `name`; `errno` says why.
    case noDisplay(name: String, errno: Int32)
    case missingGlobal(RequiredGlobal)
    case connectionLost(String)
    /// The compositor took the connection and did not answer within `seconds`.
    case noAnswer(seconds: Double)
    case system(String)

    package var description: String {
        switch self {
        case .noDisplay(let name, _):
            return "cannot connect to Wayland display \"\(name)\"; is a Wayland compositor running?"
        case .missingGlobal(let global):
            return global.missing
        case .connectionLost(let why):
            return "lost the connection to the compositor: \(why)"
        case .noAnswer(let seconds):
            return "the compositor did not answer within \(seconds) s"
        case .system(let why):
            return why
        }
    }
}

/// The connection, the registry and the globals buoy binds. Outputs and seats
/// are tracked as they come and go; handlers only record what changed.
package final class Display {
    package let proxy: OpaquePointer
    private var registry: OpaquePointer?

    package private(set) var compositor: OpaquePointer?
    package private(set) var subcompositor: OpaquePointer?
    package private(set) var shm: OpaquePointer?
    package private(set) var layerShell: OpaquePointer?
    package private(set) var viewporter: OpaquePointer?
    package private(set) var xdgOutputManager: OpaquePointer?
    /// wp_fractional_scale_manager_v1, where offered: scales in 120ths.
    package private(set) var fractionalScaleManager: OpaquePointer?
    /// wp_cursor_shape_manager_v1, where offered: cursors without a theme.
    package private(set) var cursorShapeManager: OpaquePointer?
    /// The cursor theme, where wp_cursor_shape_v1 is missing.
    private(set) var cursorTheme: CursorTheme?
    /// wp_alpha_modifier_v1, where offered: surfaces faded by the compositor.
    package private(set) var alphaModifier: OpaquePointer?
    /// ext_background_effect_manager_v1, where offered: blur behind the panel menu.
    package private(set) var backgroundEffects: OpaquePointer?
    /// KWin's org_kde_kwin_blur_manager, where offered and the above is not.
    package private(set) var kwinBlurManager: OpaquePointer?
    /// zwlr_virtual_pointer_manager_v1, where offered: the click types' clicks.
    package private(set) var virtualPointerManager: OpaquePointer?
    package private(set) var outputs: [Output] = []
    package private(set) var seats: [Seat] = []
    /// zwlr_foreign_toplevel_manager_v1's registry name and version, where
    /// offered: bound only when a visibility rule needs the windows.
    private var foreignToplevelGlobal: (name: UInt32, version: UInt32)?
    /// The windows of other clients, once `watchWindows` has bound them.
    package private(set) var windows: ForeignToplevels?
    /// zwp_virtual_keyboard_manager_v1's registry name and version, where
    /// offered: bound when keys are first sent (`virtualKeyboard()`).
    private var virtualKeyboardGlobal: (name: UInt32, version: UInt32)?
    /// buoy's keyboard on the seat, once keys have been sent.
    private var keyboard: VirtualKeyboard?
    /// org_kde_kwin_fake_input's registry name and version, where KWin
    /// offers it to buoy: bound when first needed (`fakeInput()`).
    private var fakeInputGlobal: (name: UInt32, version: UInt32)?
    /// KWin's fake input, once bound.
    private var boundFakeInput: FakeInput?
    /// phoc's device state, where offered: its tablet-mode switch sets the mode.
    package private(set) var deviceState: DeviceState?
    /// Every global offered, by its registry name, with the version bound.
    private var offered: [(name: UInt32, global: OfferedGlobal)] = []

    /// Input from every seat, in arrival order, until the app drains it.
    var inputEvents: [InputRecord] = []
    /// Set when an output appears, disappears or finishes a change.
    var outputsChanged = false

    /// Connects to `name` (or `$WAYLAND_DISPLAY`) and binds the globals;
    /// fails when one that buoy needs is missing.
    package convenience init(name: String?) throws(WaylandError) {
        try self.init(connectingTo: name)
        if let missing = Compositors.firstMissing(in: globals) { throw .missingGlobal(missing) }
        if cursorShapeManager == nil, let shm {
            cursorTheme = CursorTheme(shm: shm, scale: outputs.map(\.scale).max() ?? 1)
        }
    }

    /// Connects and binds whatever is offered, even without what buoy needs:
    /// `buoy doctor` reports what is there. With `timeout`, each roundtrip
    /// gives up after that many seconds (`.noAnswer`): a compositor that is
    /// stopped takes the connection and never answers.
    package init(connectingTo name: String?, timeout: Double? = nil) throws(WaylandError) {
        guard let proxy = wl_display_connect(name) else {
            let error = errno
            let shown = name ?? getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"
            throw .noDisplay(name: shown, errno: error)
        }
        self.proxy = proxy
        registry = wl_display_get_registry(proxy)
        wl_registry_add_listener(registry, Self.registryListener, Unmanaged.passUnretained(self).toOpaque())
        // The first roundtrip announces the globals; the second delivers the
        // events of the objects bound in the first (output modes, names).
        for _ in 0..<2 {
            if let timeout { try roundtrip(within: timeout) } else { try roundtrip() }
        }
    }

    deinit {
        boundFakeInput?.destroy()
        keyboard?.destroy()
        windows?.destroy()
        deviceState?.destroy()
        for seat in seats { seat.destroy() }
        // After the seats' cursor surfaces, which may show its buffers.
        cursorTheme = nil
        for output in outputs { output.destroy() }
        seats.removeAll()
        outputs.removeAll()
        if let cursorShapeManager { wp_cursor_shape_manager_v1_destroy(cursorShapeManager) }
        if let virtualPointerManager { zwlr_virtual_pointer_manager_v1_destroy(virtualPointerManager) }
        if let alphaModifier { wp_alpha_modifier_v1_destroy(alphaModifier) }
        if let backgroundEffects { ext_background_effect_manager_v1_destroy(backgroundEffects) }
        // The manager has no destructor request: the proxy alone goes.
        if let kwinBlurManager { org_kde_kwin_blur_manager_destroy(kwinBlurManager) }
        if let fractionalScaleManager { wp_fractional_scale_manager_v1_destroy(fractionalScaleManager) }
        if let xdgOutputManager { zxdg_output_manager_v1_destroy(xdgOutputManager) }
        if let viewporter { wp_viewporter_destroy(viewporter) }
        if let layerShell {
            // destroy is v3's; before that the global could only be dropped.
            if wl_proxy_get_version(layerShell) >= 3 {
                zwlr_layer_shell_v1_destroy(layerShell)
            } else {
                wl_proxy_destroy(layerShell)
            }
        }
        if let shm { wl_shm_destroy(shm) }
        if let subcompositor { wl_subcompositor_destroy(subcompositor) }
        if let compositor { wl_compositor_destroy(compositor) }
        if let registry { wl_registry_destroy(registry) }
        wl_display_disconnect(proxy)
    }

    package var fd: Int32 { wl_display_get_fd(proxy) }

    /// The globals offered, in the order they came.
    package var globals: [OfferedGlobal] { offered.map(\.global) }

    /// The compositor is KWin. KWin 5.27 activates a layer surface on every
    /// click whatever its keyboard interactivity, except a dock's
    /// (docs/compositors.md, "KWin").
    package var isKWin: Bool {
        CompositorFamily.recognised(byGlobals: globals.map(\.interface))?.family == .kwin
    }

    /// The input recorded since the last call, in arrival order.
    package func takeInput() -> [InputRecord] {
        defer { inputEvents.removeAll() }
        return inputEvents
    }

    /// Whether an output appeared, went away or changed since the last call.
    package func takeOutputsChanged() -> Bool {
        defer { outputsChanged = false }
        return outputsChanged
    }

    package func roundtrip() throws(WaylandError) {
        if wl_display_roundtrip(proxy) < 0 { throw connectionError() }
    }

    /// A roundtrip that waits at most `seconds` for the compositor's answer.
    package func roundtrip(within seconds: Double) throws(WaylandError) {
        let answer = SyncPoint(display: self)
        let deadline = monotonicNow() + seconds
        while !answer.answered {
            guard wl_display_prepare_read(proxy) == 0 else {
                if wl_display_dispatch_pending(proxy) < 0 { throw connectionError() }
                continue
            }
            _ = wl_display_flush(proxy)
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let left = deadline - monotonicNow()
            let ready = left > 0 ? poll(&entry, 1, Int32((left * 1000).rounded(.up))) : 0
            guard ready > 0 else {
                wl_display_cancel_read(proxy)
                if ready < 0 && errno == EINTR { continue }
                if ready < 0 { throw .system("poll: \(String(cString: strerror(errno)))") }
                throw .noAnswer(seconds: seconds)
            }
            if wl_display_read_events(proxy) < 0 || wl_display_dispatch_pending(proxy) < 0 {
                throw connectionError()
            }
        }
    }

    /// The error that ended the connection, in words.
    package func connectionError() -> WaylandError {
        let code = wl_display_get_error(proxy)
        if code == EPROTO {
            return .connectionLost("protocol error")
        }
        return .connectionLost(code == 0 ? "connection closed" : String(cString: strerror(code)))
    }

    /// A new wl_surface. Every surface must come from here: bound at
    /// wl_compositor v6, the compositor sends surfaces events that
    /// libwayland 1.21's own wl_surface interface lacks (see wl-surface-v6.h).
    package func createSurface() -> OpaquePointer? {
        guard let compositor else { return nil }
        return buoy_wl_compositor_create_surface(compositor)
    }

    /// A new wl_region, the union of `rects` (whole px), for the caller to
    /// pass on and destroy; nil without a compositor.
    package func makeRegion(_ rects: [Rect]) -> OpaquePointer? {
        guard let compositor, let region = wl_compositor_create_region(compositor) else { return nil }
        for rect in rects {
            wl_region_add(region, Int32(rect.minX), Int32(rect.minY), Int32(rect.width), Int32(rect.height))
        }
        return region
    }

    /// The version zwlr_layer_shell_v1 is bound at (at most 4), 0 unbound.
    package var layerShellVersion: UInt32 {
        layerShell.map { UInt32(wl_proxy_get_version($0)) } ?? 0
    }

    /// Starts following the other clients' windows, once; false where the
    /// compositor does not offer foreign-toplevel (KWin, GNOME).
    package func watchWindows() -> Bool {
        if windows != nil { return true }
        guard let registry, let global = foreignToplevelGlobal,
            let proxy = wl_registry_bind(
                registry, global.name, buoy_zwlr_foreign_toplevel_manager_v1_interface(),
                min(global.version, 3))
        else { return false }
        windows = ForeignToplevels(proxy: OpaquePointer(proxy), display: self)
        return true
    }

    /// buoy's virtual keyboard on the first seat, made on the first call and
    /// kept; nil where the compositor offers none (KWin, GNOME).
    package func virtualKeyboard() -> VirtualKeyboard? {
        if let keyboard { return keyboard }
        guard let registry, let global = virtualKeyboardGlobal, let seat = seats.first,
            let manager = wl_registry_bind(
                registry, global.name, buoy_zwp_virtual_keyboard_manager_v1_interface(), 1)
        else { return nil }
        // The manager has no destructor request, and makes nothing after this.
        defer { wl_proxy_destroy(OpaquePointer(manager)) }
        guard
            let proxy = zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(
                OpaquePointer(manager), seat.proxy)
        else { return nil }
        keyboard = VirtualKeyboard(proxy: proxy)
        return keyboard
    }

    /// The version of zwlr_virtual_pointer_manager_v1 bound, nil where not
    /// offered; and of zwp_virtual_keyboard_manager_v1 and
    /// org_kde_kwin_fake_input offered: what `ClickBackend.choose` and
    /// `KeyBackend.choose` choose from.
    package var virtualPointerVersion: UInt32? {
        virtualPointerManager.map { UInt32(wl_proxy_get_version($0)) }
    }
    package var virtualKeyboardVersion: UInt32? { virtualKeyboardGlobal?.version }
    package var fakeInputVersion: UInt32? { fakeInputGlobal?.version }

    /// KWin's fake input, bound and authenticated on the first call and
    /// kept; nil where it is not offered to buoy.
    package func fakeInput() -> FakeInput? {
        if let boundFakeInput { return boundFakeInput }
        guard let registry, let global = fakeInputGlobal,
            let proxy = wl_registry_bind(
                registry, global.name, buoy_org_kde_kwin_fake_input_interface(),
                min(global.version, KeyBackend.fakeInputVersion))
        else { return nil }
        boundFakeInput = FakeInput(proxy: OpaquePointer(proxy))
        return boundFakeInput
    }

    package func output(named name: String) -> Output? {
        outputs.first { $0.name == name }
    }

    /// The output with this registry name: how buoy knows an output, since
    /// the address of a released wl_output may be reused by a new one.
    package func output(registryName: UInt32) -> Output? {
        outputs.first { $0.registryName == registryName }
    }

    /// The registry name of the wl_output an event names, looked up when the
    /// event comes, while that proxy is still this output's.
    func registryName(of proxy: OpaquePointer?) -> UInt32? {
        outputs.first { $0.proxy == proxy }?.registryName
    }

    /// BUOY_IGNORE_GLOBALS: interfaces (comma-separated) buoy acts as if
    /// the compositor lacked, so the e2e tests reach the fallbacks (a cursor
    /// theme where wp_cursor_shape_v1 is offered) on a current compositor.
    private let ignoredGlobals = Set((Environment.string("BUOY_IGNORE_GLOBALS") ?? "").split(separator: ","))

    fileprivate func handleGlobal(name: UInt32, interface: String, version: UInt32) {
        offered.append((name, OfferedGlobal(interface: interface, version: version)))
        guard let registry, !ignoredGlobals.contains(Substring(interface)) else { return }
        let index = offered.count - 1
        // Records the version bound: `buoy doctor` reports it from here.
        func bind(_ iface: UnsafePointer<wl_interface>, _ maxVersion: UInt32) -> OpaquePointer? {
            let used = min(version, maxVersion)
            let proxy = OpaquePointer(wl_registry_bind(registry, name, iface, used))
            if proxy != nil { offered[index].global.bound = used }
            return proxy
        }
        switch interface {
        // v6: preferred_buffer_scale and _transform (wl-surface-v6.h).
        case "wl_compositor": compositor = bind(buoy_wl_compositor_interface(), 6)
        case "wl_subcompositor": subcompositor = bind(buoy_wl_subcompositor_interface(), 1)
        case "wl_shm": shm = bind(buoy_wl_shm_interface(), 1)
        // At most v4, the version protocols/ describes; v3 (phoc) has all
        // that buoy asks for: exclusive keyboard interactivity is v3's 1.
        case "zwlr_layer_shell_v1": layerShell = bind(buoy_zwlr_layer_shell_v1_interface(), 4)
        case "wp_viewporter": viewporter = bind(buoy_wp_viewporter_interface(), 1)
        case "wp_fractional_scale_manager_v1":
            fractionalScaleManager = bind(buoy_wp_fractional_scale_manager_v1_interface(), 1)
        case "wp_cursor_shape_manager_v1":
            cursorShapeManager = bind(buoy_wp_cursor_shape_manager_v1_interface(), 1)
        case "wp_alpha_modifier_v1": alphaModifier = bind(buoy_wp_alpha_modifier_v1_interface(), 1)
        case "ext_background_effect_manager_v1":
            backgroundEffects = bind(buoy_ext_background_effect_manager_v1_interface(), 1)
        case "org_kde_kwin_blur_manager":
            kwinBlurManager = bind(buoy_org_kde_kwin_blur_manager_interface(), 1)
        case "zwlr_foreign_toplevel_manager_v1": foreignToplevelGlobal = (name, version)
        case "zwp_virtual_keyboard_manager_v1": virtualKeyboardGlobal = (name, version)
        case "org_kde_kwin_fake_input": fakeInputGlobal = (name, version)
        // v2: a pointer for one output, whose absolute motion maps onto it.
        case "zwlr_virtual_pointer_manager_v1":
            virtualPointerManager = bind(buoy_zwlr_virtual_pointer_manager_v1_interface(), 2)
        case "zphoc_device_state_v1":
            deviceState = bind(buoy_zphoc_device_state_v1_interface(), 2).map(DeviceState.init)
        case "zxdg_output_manager_v1":
            xdgOutputManager = bind(buoy_zxdg_output_manager_v1_interface(), 3)
            for output in outputs { output.attachXdgOutput(manager: xdgOutputManager) }
        case "wl_seat":
            if let proxy = bind(buoy_wl_seat_interface(), 7) {
                seats.append(Seat(proxy: proxy, registryName: name, display: self))
            }
        case "wl_output":
            if let proxy = bind(buoy_wl_output_interface(), 4) {
                let output = Output(proxy: proxy, registryName: name, display: self)
                output.attachXdgOutput(manager: xdgOutputManager)
                outputs.append(output)
            }
        default: break
        }
    }

    fileprivate func handleGlobalRemove(name: UInt32) {
        offered.removeAll { $0.name == name }
        if let index = outputs.firstIndex(where: { $0.registryName == name }) {
            outputs.remove(at: index).destroy()
            outputsChanged = true
        }
        if let index = seats.firstIndex(where: { $0.registryName == name }) {
            seats.remove(at: index).destroy()
        }
        if offered.allSatisfy({ $0.global.interface != "zphoc_device_state_v1" }), let deviceState {
            deviceState.destroy()
            self.deviceState = nil
        }
    }

    // Allocated once: libwayland keeps the pointer for the proxy's lifetime.
    nonisolated(unsafe) private static let registryListener: UnsafeMutablePointer<wl_registry_listener> = {
        let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_registry_listener(
                global: { data, _, name, interface, version in
                    guard let data, let interface else { return }
                    Unmanaged<Display>.fromOpaque(data).takeUnretainedValue()
                        .handleGlobal(name: name, interface: String(cString: interface), version: version)
                },
                global_remove: { data, _, name in
                    guard let data else { return }
                    Unmanaged<Display>.fromOpaque(data).takeUnretainedValue().handleGlobalRemove(name: name)
                }))
        return listener
    }()
}

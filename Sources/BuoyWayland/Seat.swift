import BuoyCore
import CLinux
import CWaylandClient
import CWaylandProtocols
import CXKBCommon
import Glibc
import SystemCalls

/// Input as buoy's app sees it: positions are surface-local logical pixels of
/// the surface that got the event; `at` is CLOCK_MONOTONIC seconds, read when
/// the event was dispatched, because wl_pointer times come from whatever clock
/// the input device (or a virtual one) used.
package enum InputEvent: Equatable, Sendable {
    case pointerEnter(Point, at: Double)
    case pointerLeave(at: Double)
    case pointerMotion(Point, at: Double)
    case pointerPress(Point, at: Double)
    case pointerRelease(Point, at: Double)
    case touchDown(Point, at: Double)
    case touchMotion(Point, at: Double)
    case touchUp(Point, at: Double)
    case touchCancel(at: Double)
    /// A key press, as an xkb keysym from the compositor's keymap.
    case key(UInt32, at: Double)
    /// The keyboard focus arrived or left (menu keyboard navigation).
    case keyboardFocus(Bool, at: Double)
    /// A touch point other than the first (the `touch*` events'), by its
    /// wl_touch id: the pointer pad's second finger. Its up carries its
    /// last position.
    case otherTouch(Int32, TouchPhase, Point, at: Double)
}

/// Where a touch point is in its life.
package enum TouchPhase: Equatable, Sendable {
    case down, motion, up
}

/// An input event and the surface it was for: the one the pointer or the
/// touch point entered, or the one with the keyboard focus. Nil when the
/// surface is unknown (it was destroyed meanwhile).
package struct InputRecord {
    package var surface: OpaquePointer?
    package var event: InputEvent
}

/// Cursor images buoy asks for, by role; each maps to a wp_cursor_shape_v1
/// shape and to the theme names to try without it.
package enum CursorRole: Sendable {
    case hover, grabbing

    var shape: wp_cursor_shape_device_v1_shape {
        switch self {
        case .hover: return WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_POINTER
        case .grabbing: return WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_GRABBING
        }
    }

    var themeNames: [String] {
        switch self {
        case .hover: return ["pointer", "hand2", "hand1", "left_ptr", "default"]
        case .grabbing: return ["grabbing", "closedhand", "fleur", "left_ptr", "default"]
        }
    }
}

/// One wl_seat with its pointer and touch. Only the left button and the first
/// touch point matter to buoy's buttons; the pointer pad also takes the
/// others (`otherTouch`).
package final class Seat {
    package let proxy: OpaquePointer
    package let registryName: UInt32
    private unowned let display: Display
    private var pointer: OpaquePointer?
    private var touch: OpaquePointer?
    private var keyboard: OpaquePointer?
    private var xkbContext: OpaquePointer?
    private var xkbKeymap: OpaquePointer?
    private var xkbState: OpaquePointer?
    /// The compositor's latest keymap, compiled when the keyboard comes to
    /// one of buoy's surfaces (`keyboardState`). A keymap comes with every
    /// change of the seat's active keyboard, buoy's own virtual keyboard's
    /// too, and each compiled costs about 0.3 MB of heap that only the open
    /// menu's keys need.
    private var uncompiledKeymap: (fd: Int32, size: Int)?
    private var pointerPosition = Point.zero
    /// The surfaces the pointer, the touch point and the keyboard are on.
    private var pointerFocus: OpaquePointer?
    private var touchFocus: OpaquePointer?
    private var keyboardFocus: OpaquePointer?
    private var pointerEnterSerial: UInt32 = 0
    private var leftButtonDown = false
    private var activeTouchID: Int32?
    /// wl_touch.up carries no position, so the last one is kept.
    private var touchPosition = Point.zero
    /// The touch points after the first, by id: their surface and position.
    private var otherTouches: [Int32: (surface: OpaquePointer?, position: Point)] = [:]
    /// wp_cursor_shape_v1's device for the pointer, where offered: the
    /// compositor draws the cursor, and buoy loads no theme at all.
    private var cursorShape: OpaquePointer?
    /// Where the theme's (`Display.cursorTheme`) images are shown.
    private var cursorSurface: OpaquePointer?
    /// The role the app wants; applied on enter and whenever it changes.
    private var cursorRole = CursorRole.hover
    private var shownCursor: CursorRole?
    /// wl_seat.name (v2), such as "seat0"; nil until it came.
    package private(set) var name: String?

    /// What the seat has now, from its last wl_seat.capabilities.
    package var hasPointer: Bool { pointer != nil }
    package var hasKeyboard: Bool { keyboard != nil }
    package var hasTouch: Bool { touch != nil }

    init(proxy: OpaquePointer, registryName: UInt32, display: Display) {
        self.proxy = proxy
        self.registryName = registryName
        self.display = display
        wl_seat_add_listener(proxy, Self.seatListener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Called from `Display.deinit`: nothing may be recorded any more, since
    /// the display that holds the event queue is going away.
    func destroy() {
        releasePointer(recording: false)
        releaseTouch(recording: false)
        releaseKeyboard()
        if let xkbContext { xkb_context_unref(xkbContext) }
        xkbContext = nil
        if let cursorSurface { wl_surface_destroy(cursorSurface) }
        cursorSurface = nil
        if wl_proxy_get_version(proxy) >= 5 { wl_seat_release(proxy) } else { wl_seat_destroy(proxy) }
    }

    /// Forgets a surface that buoy is destroying, so that a later surface at
    /// the same address is never taken for it: input still queued for it is
    /// dropped too, since the app routes by address. A touch point on it is over:
    /// KWin sends no `up` for a destroyed surface, and a point kept active
    /// would make buoy ignore the next finger.
    package func forget(_ surface: OpaquePointer) {
        if pointerFocus == surface { pointerFocus = nil }
        if touchFocus == surface {
            touchFocus = nil
            activeTouchID = nil
        }
        otherTouches = otherTouches.filter { $0.value.surface != surface }
        if keyboardFocus == surface { keyboardFocus = nil }
        display.inputEvents.removeAll { $0.surface == surface }
    }

    /// Shows `role`'s cursor while the pointer is over buoy.
    package func setCursor(_ role: CursorRole) {
        cursorRole = role
        applyCursor()
    }

    /// A shape, or the theme's image, which the first enter reads: one
    /// cursor file of tens of KB, rather than a whole theme before the first commit.
    private func applyCursor() {
        guard let pointer, pointerEnterSerial != 0, shownCursor != cursorRole else { return }
        if let cursorShape {
            wp_cursor_shape_device_v1_set_shape(cursorShape, pointerEnterSerial, cursorRole.shape.rawValue)
            shownCursor = cursorRole
            return
        }
        guard let image = display.cursorTheme?.image(for: cursorRole) else { return }
        if cursorSurface == nil { cursorSurface = display.createSurface() }
        guard let cursorSurface else { return }
        wl_surface_set_buffer_scale(cursorSurface, Int32(image.scale))
        wl_surface_attach(cursorSurface, image.buffer.proxy, 0, 0)
        wl_surface_damage_buffer(cursorSurface, 0, 0, Int32.max, Int32.max)
        wl_surface_commit(cursorSurface)
        wl_pointer_set_cursor(pointer, pointerEnterSerial, cursorSurface, image.hotspotX, image.hotspotY)
        shownCursor = cursorRole
    }

    private func handleCapabilities(_ caps: UInt32) {
        let hasPointer = caps & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        let hasTouch = caps & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0
        if hasPointer && pointer == nil {
            pointer = wl_seat_get_pointer(proxy)
            wl_pointer_add_listener(pointer, Self.pointerListener, Unmanaged.passUnretained(self).toOpaque())
            if let manager = display.cursorShapeManager {
                cursorShape = wp_cursor_shape_manager_v1_get_pointer(manager, pointer)
            }
        } else if !hasPointer {
            releasePointer()
        }
        let hasKeyboard = caps & WL_SEAT_CAPABILITY_KEYBOARD.rawValue != 0
        if hasKeyboard && keyboard == nil {
            keyboard = wl_seat_get_keyboard(proxy)
            wl_keyboard_add_listener(
                keyboard, Self.keyboardListener, Unmanaged.passUnretained(self).toOpaque())
        } else if !hasKeyboard {
            releaseKeyboard()
        }
        if hasTouch && touch == nil {
            touch = wl_seat_get_touch(proxy)
            wl_touch_add_listener(touch, Self.touchListener, Unmanaged.passUnretained(self).toOpaque())
        } else if !hasTouch {
            releaseTouch()
        }
    }

    /// Drops the pointer; a press in progress ends as a leave (which the app
    /// treats as a lost grab) unless nobody is left to hear it.
    private func releasePointer(recording: Bool = true) {
        guard let pointer else { return }
        if leftButtonDown && recording { record(.pointerLeave(at: buoy_monotonic_now())) }
        leftButtonDown = false
        if let cursorShape { wp_cursor_shape_device_v1_destroy(cursorShape) }
        cursorShape = nil
        if wl_proxy_get_version(pointer) >= 3 {
            wl_pointer_release(pointer)
        } else {
            wl_pointer_destroy(pointer)
        }
        self.pointer = nil
    }

    private func releaseTouch(recording: Bool = true) {
        guard let touch else { return }
        if activeTouchID != nil && recording { record(.touchCancel(at: buoy_monotonic_now())) }
        activeTouchID = nil
        otherTouches = [:]
        if wl_proxy_get_version(touch) >= 3 { wl_touch_release(touch) } else { wl_touch_destroy(touch) }
        self.touch = nil
    }

    private func releaseKeyboard() {
        if let uncompiledKeymap { try? FileDescriptor(rawValue: uncompiledKeymap.fd).close() }
        uncompiledKeymap = nil
        if let xkbState { xkb_state_unref(xkbState) }
        if let xkbKeymap { xkb_keymap_unref(xkbKeymap) }
        xkbState = nil
        xkbKeymap = nil
        guard let keyboard else { return }
        if wl_proxy_get_version(keyboard) >= 3 {
            wl_keyboard_release(keyboard)
        } else {
            wl_keyboard_destroy(keyboard)
        }
        self.keyboard = nil
    }

    /// Keeps the compositor's keymap, a file descriptor, until it is needed.
    private func handleKeymap(format: UInt32, fd: Int32, size: UInt32) {
        if let uncompiledKeymap { try? FileDescriptor(rawValue: uncompiledKeymap.fd).close() }
        uncompiledKeymap = nil
        guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue else {
            try? FileDescriptor(rawValue: fd).close()
            return
        }
        uncompiledKeymap = (fd, Int(size))
    }

    /// The keyboard's xkb state, the keymap last sent compiled first.
    private func keyboardState() -> OpaquePointer? {
        if let (fd, size) = uncompiledKeymap {
            uncompiledKeymap = nil
            compileKeymap(fd: fd, size: size)
        }
        return xkbState
    }

    /// The compositor's keymap (compiled if it was not) and the layout
    /// active in it: what keys sent through KWin's fake input, which has no
    /// keymap of its own, are looked up in (`LayoutKeymap`).
    package func activeLayout() -> (keymap: OpaquePointer, layout: UInt32)? {
        guard let state = keyboardState(), let xkbKeymap else { return nil }
        return (xkbKeymap, xkb_state_serialize_layout(state, XKB_STATE_LAYOUT_EFFECTIVE))
    }

    /// Compiles a keymap sent as a file descriptor, which it maps and closes.
    private func compileKeymap(fd: Int32, size: Int) {
        defer { try? FileDescriptor(rawValue: fd).close() }
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED else {
            return
        }
        defer { munmap(mapped, size) }
        if xkbContext == nil { xkbContext = xkb_context_new(XKB_CONTEXT_NO_FLAGS) }
        guard let xkbContext,
            let keymap = xkb_keymap_new_from_string(
                xkbContext, mapped.assumingMemoryBound(to: CChar.self), XKB_KEYMAP_FORMAT_TEXT_V1,
                XKB_KEYMAP_COMPILE_NO_FLAGS)
        else { return }
        if let xkbState { xkb_state_unref(xkbState) }
        if let xkbKeymap { xkb_keymap_unref(xkbKeymap) }
        xkbKeymap = keymap
        xkbState = xkb_state_new(keymap)
    }

    private func handleKey(_ key: UInt32, state: UInt32) {
        guard state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue, let xkbState = keyboardState() else { return }
        // evdev codes are xkb keycodes minus 8.
        let sym = xkb_state_key_get_one_sym(xkbState, key + 8)
        record(.key(sym, at: buoy_monotonic_now()))
    }

    private func record(_ event: InputEvent) {
        let surface: OpaquePointer?
        switch event {
        case .pointerEnter, .pointerLeave, .pointerMotion, .pointerPress, .pointerRelease:
            surface = pointerFocus
        case .touchDown, .touchMotion, .touchUp, .touchCancel: surface = touchFocus
        case .key, .keyboardFocus: surface = keyboardFocus
        case .otherTouch(let id, _, _, _): surface = otherTouches[id]?.surface
        }
        display.inputEvents.append(InputRecord(surface: surface, event: event))
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> Seat {
        Unmanaged<Seat>.fromOpaque(data!).takeUnretainedValue()
    }

    private static func point(_ x: wl_fixed_t, _ y: wl_fixed_t) -> Point {
        Point(x: wl_fixed_to_double(x), y: wl_fixed_to_double(y))
    }

    // The seat's listeners are zero-initialised and set member by member, not built by the
    // memberwise initialiser: libwayland adds members as the seat's interfaces grow
    // (wl_pointer's axis_relative_direction in 1.22, warp in 1.26), so a memberwise call
    // compiles against one libwayland only. Display binds wl_seat at version 7 at most, so a
    // member left nil belongs to an event the compositor never sends us.
    nonisolated(unsafe) private static let seatListener: UnsafeMutablePointer<wl_seat_listener> = {
        let listener = UnsafeMutablePointer<wl_seat_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_seat_listener())
        listener.pointee.capabilities = { data, _, caps in from(data).handleCapabilities(caps) }
        listener.pointee.name = { data, _, name in
            guard let name else { return }
            from(data).name = String(cString: name)
        }
        return listener
    }()

    nonisolated(unsafe) private static let pointerListener: UnsafeMutablePointer<wl_pointer_listener> = {
        let listener = UnsafeMutablePointer<wl_pointer_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_pointer_listener())
        listener.pointee.enter = { data, _, serial, surface, x, y in
            let seat = from(data)
            seat.pointerFocus = surface
            seat.pointerEnterSerial = serial
            seat.shownCursor = nil
            seat.pointerPosition = point(x, y)
            seat.record(.pointerEnter(seat.pointerPosition, at: buoy_monotonic_now()))
            seat.applyCursor()
        }
        listener.pointee.leave = { data, _, _, surface in
            let seat = from(data)
            seat.pointerEnterSerial = 0
            seat.leftButtonDown = false
            seat.pointerFocus = surface
            seat.record(.pointerLeave(at: buoy_monotonic_now()))
            seat.pointerFocus = nil
        }
        listener.pointee.motion = { data, _, _, x, y in
            let seat = from(data)
            seat.pointerPosition = point(x, y)
            seat.record(.pointerMotion(seat.pointerPosition, at: buoy_monotonic_now()))
        }
        listener.pointee.button = { data, _, _, _, button, state in
            let btnLeft: UInt32 = 0x110
            guard button == btnLeft else { return }
            let seat = from(data)
            let now = buoy_monotonic_now()
            if state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue {
                seat.leftButtonDown = true
                seat.record(.pointerPress(seat.pointerPosition, at: now))
            } else if seat.leftButtonDown {
                seat.leftButtonDown = false
                seat.record(.pointerRelease(seat.pointerPosition, at: now))
            }
        }
        listener.pointee.axis = { _, _, _, _, _ in }
        listener.pointee.frame = { _, _ in }
        listener.pointee.axis_source = { _, _, _ in }
        listener.pointee.axis_stop = { _, _, _, _ in }
        listener.pointee.axis_discrete = { _, _, _, _ in }
        listener.pointee.axis_value120 = { _, _, _, _ in }
        return listener
    }()

    nonisolated(unsafe) private static let keyboardListener: UnsafeMutablePointer<wl_keyboard_listener> = {
        let listener = UnsafeMutablePointer<wl_keyboard_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_keyboard_listener())
        listener.pointee.keymap = { data, _, format, fd, size in
            from(data).handleKeymap(format: format, fd: fd, size: size)
        }
        listener.pointee.enter = { data, _, _, surface, _ in
            let seat = from(data)
            seat.keyboardFocus = surface
            seat.record(.keyboardFocus(true, at: buoy_monotonic_now()))
        }
        listener.pointee.leave = { data, _, _, surface in
            let seat = from(data)
            seat.keyboardFocus = surface
            seat.record(.keyboardFocus(false, at: buoy_monotonic_now()))
            seat.keyboardFocus = nil
        }
        listener.pointee.key = { data, _, _, _, key, state in from(data).handleKey(key, state: state) }
        listener.pointee.modifiers = { data, _, _, depressed, latched, locked, group in
            guard let state = from(data).keyboardState() else { return }
            xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
        }
        listener.pointee.repeat_info = { _, _, _, _ in }
        return listener
    }()

    nonisolated(unsafe) private static let touchListener: UnsafeMutablePointer<wl_touch_listener> = {
        let listener = UnsafeMutablePointer<wl_touch_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_touch_listener())
        listener.pointee.down = { data, _, _, _, surface, id, x, y in
            let seat = from(data)
            guard seat.activeTouchID == nil else {
                seat.otherTouches[id] = (surface, point(x, y))
                seat.record(.otherTouch(id, .down, point(x, y), at: buoy_monotonic_now()))
                return
            }
            seat.activeTouchID = id
            seat.touchFocus = surface
            seat.touchPosition = point(x, y)
            seat.record(.touchDown(seat.touchPosition, at: buoy_monotonic_now()))
        }
        listener.pointee.up = { data, _, _, _, id in
            let seat = from(data)
            if let other = seat.otherTouches[id] {
                seat.record(.otherTouch(id, .up, other.position, at: buoy_monotonic_now()))
                seat.otherTouches[id] = nil
                return
            }
            guard seat.activeTouchID == id else { return }
            seat.activeTouchID = nil
            seat.record(.touchUp(seat.touchPosition, at: buoy_monotonic_now()))
        }
        listener.pointee.motion = { data, _, _, id, x, y in
            let seat = from(data)
            if seat.otherTouches[id] != nil {
                seat.otherTouches[id]?.position = point(x, y)
                seat.record(.otherTouch(id, .motion, point(x, y), at: buoy_monotonic_now()))
                return
            }
            guard seat.activeTouchID == id else { return }
            seat.touchPosition = point(x, y)
            seat.record(.touchMotion(seat.touchPosition, at: buoy_monotonic_now()))
        }
        listener.pointee.frame = { _, _ in }
        listener.pointee.cancel = { data, _ in
            let seat = from(data)
            seat.otherTouches = [:]
            guard seat.activeTouchID != nil else { return }
            seat.activeTouchID = nil
            seat.record(.touchCancel(at: buoy_monotonic_now()))
        }
        listener.pointee.shape = { _, _, _, _, _ in }
        listener.pointee.orientation = { _, _, _, _ in }
        return listener
    }()
}

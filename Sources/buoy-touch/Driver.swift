import CWaylandClient
import CWaylandProtocols
import DriverSupport
import Glibc

private let btnLeft: UInt32 = 0x110
/// touch_down and friends came in version 2, pointer_motion_absolute in 3, keyboard_key in 4.
private let neededVersion: UInt32 = 4
/// How long KWin may take to give the seat its touch capability once we have authenticated.
private let capabilityTimeoutNs: UInt64 = 5_000_000_000

/// The connection, the seat and KWin's fake input. Handlers only record; `execute` is the one
/// place that sends input.
final class Driver: LineDriver {
    let display: OpaquePointer
    private var registry: Registry?
    private var seat: OpaquePointer?
    private var fakeInput: OpaquePointer?
    private var capabilities: UInt32 = 0

    required init(display: OpaquePointer) {
        self.display = display
    }

    /// Binds the globals, authenticates, and waits until the seat has touch and a pointer:
    /// KWin adds them only once a fake-input device exists, and events sent before that are lost.
    func setUp() throws(DriverError) {
        registry = Registry(
            display: display,
            onGlobal: { [unowned self] in handleGlobal(name: $0, interface: $1, version: $2) },
            onRemove: { _ in })
        try roundtrip(display)
        guard seat != nil else { throw DriverError(message: "compositor has no wl_seat") }
        guard let fakeInput else {
            throw DriverError(
                message: "compositor offers no org_kde_kwin_fake_input v\(neededVersion) "
                    + "(KWin gives it only with KWIN_WAYLAND_NO_PERMISSION_CHECKS=1, and only to "
                    + "clients of its own user)")
        }
        // Without this, KWin silently drops every event.
        org_kde_kwin_fake_input_authenticate(fakeInput, "buoy-touch", "buoy's end-to-end tests")
        let wanted = WL_SEAT_CAPABILITY_TOUCH.rawValue | WL_SEAT_CAPABILITY_POINTER.rawValue
        let deadline = monotonicNanoseconds() + capabilityTimeoutNs
        while capabilities & wanted != wanted {
            if monotonicNanoseconds() > deadline {
                throw DriverError(message: "the seat has no touch and pointer capability after 5 s")
            }
            sleep(untilNanoseconds: monotonicNanoseconds() + 10_000_000)
            try roundtrip(display)
        }
    }

    func parse(_ line: String) -> Result<Command, CommandError>? {
        parseCommand(line)
    }

    func isQuit(_ command: Command) -> Bool {
        command == .quit
    }

    /// Runs one command. Returns the lines to print before `ok`.
    func execute(_ command: Command) throws(DriverError) -> Result<[String], CommandError> {
        guard let input = fakeInput else { return .failure(CommandError(message: "no fake input")) }
        switch command {
        case .down(let id, let p):
            org_kde_kwin_fake_input_touch_down(input, id, fixed(p.x), fixed(p.y))
        case .motion(let id, let p):
            org_kde_kwin_fake_input_touch_motion(input, id, fixed(p.x), fixed(p.y))
        case .up(let id):
            org_kde_kwin_fake_input_touch_up(input, id)
        case .cancel:
            org_kde_kwin_fake_input_touch_cancel(input)
        case .frame:
            org_kde_kwin_fake_input_touch_frame(input)
        case .tap(let p):
            org_kde_kwin_fake_input_touch_down(input, 0, fixed(p.x), fixed(p.y))
            org_kde_kwin_fake_input_touch_frame(input)
            org_kde_kwin_fake_input_touch_up(input, 0)
            org_kde_kwin_fake_input_touch_frame(input)
        case .drag(let from, let to, let steps, let durationMs):
            org_kde_kwin_fake_input_touch_down(input, 0, fixed(from.x), fixed(from.y))
            org_kde_kwin_fake_input_touch_frame(input)
            try glide(display, from: from, to: to, steps: steps, durationMs: durationMs) { p in
                org_kde_kwin_fake_input_touch_motion(input, 0, fixed(p.x), fixed(p.y))
                org_kde_kwin_fake_input_touch_frame(input)
            }
        case .move(let p):
            org_kde_kwin_fake_input_pointer_motion_absolute(input, fixed(p.x), fixed(p.y))
        case .pointerDown, .pointerUp:
            button(input, pressed: command == .pointerDown)
        case .click(let p):
            org_kde_kwin_fake_input_pointer_motion_absolute(input, fixed(p.x), fixed(p.y))
            button(input, pressed: true)
            button(input, pressed: false)
        case .pointerDrag(let from, let to, let steps, let durationMs):
            org_kde_kwin_fake_input_pointer_motion_absolute(input, fixed(from.x), fixed(from.y))
            button(input, pressed: true)
            try glide(display, from: from, to: to, steps: steps, durationMs: durationMs) { p in
                org_kde_kwin_fake_input_pointer_motion_absolute(input, fixed(p.x), fixed(p.y))
            }
        case .key(let code):
            org_kde_kwin_fake_input_keyboard_key(input, code, WL_KEYBOARD_KEY_STATE_PRESSED.rawValue)
            org_kde_kwin_fake_input_keyboard_key(input, code, WL_KEYBOARD_KEY_STATE_RELEASED.rawValue)
        case .sleep(let ms):
            sleep(untilNanoseconds: monotonicNanoseconds() + UInt64(ms) * 1_000_000)
        case .quit:
            break
        }
        try roundtrip(display)
        return .success([])
    }

    private func button(_ input: OpaquePointer, pressed: Bool) {
        let state = pressed ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED
        org_kde_kwin_fake_input_button(input, btnLeft, state.rawValue)
    }

    private func fixed(_ value: Double) -> wl_fixed_t {
        wl_fixed_from_double(value)
    }

    /// Destroys proxies in reverse order of creation. fake_input has no destructor request.
    func tearDown() {
        if let fakeInput { wl_proxy_destroy(fakeInput) }
        fakeInput = nil
        if let seat { wl_seat_destroy(seat) }
        seat = nil
        registry?.destroy()
        registry = nil
        _ = wl_display_flush(display)
    }

    // MARK: - Handlers

    private func handleGlobal(name: UInt32, interface: String, version: UInt32) {
        switch interface {
        case "wl_seat" where seat == nil:
            seat = registry?.bind(name, buoy_wl_seat_interface(), version: 1)
            if let seat {
                wl_seat_add_listener(seat, DriverListeners.seat, Unmanaged.passUnretained(self).toOpaque())
            }
        case "org_kde_kwin_fake_input" where fakeInput == nil && version >= neededVersion:
            fakeInput = registry?.bind(name, buoy_org_kde_kwin_fake_input_interface(), version: neededVersion)
        default:
            break
        }
    }

    fileprivate func handleCapabilities(_ capabilities: UInt32) {
        self.capabilities = capabilities
    }

    fileprivate static func from(_ data: UnsafeMutableRawPointer?) -> Driver {
        Unmanaged<Driver>.fromOpaque(data!).takeUnretainedValue()
    }
}

private enum DriverListeners {
    nonisolated(unsafe) static let seat = allocateListener(
        wl_seat_listener(
            capabilities: { data, _, capabilities in Driver.from(data).handleCapabilities(capabilities) },
            name: { _, _, _ in }
        ))
}

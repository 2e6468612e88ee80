import CWaylandClient
import CWaylandProtocols
import DriverSupport
import Glibc

private let btnLeft: UInt32 = 0x110
/// Extent units per logical pixel, so fractional coordinates survive motion_absolute's integers.
private let subpixel: Double = 100

/// The connection, its globals and the virtual pointer. Registry handlers only record;
/// `execute` is the one place that sends input.
final class Driver: LineDriver {
    let display: OpaquePointer
    private var registry: Registry?
    private var seat: OpaquePointer?
    private var manager: OpaquePointer?
    private var xdgOutputManager: OpaquePointer?
    private var outputs: [Output] = []
    private var pointer: OpaquePointer?
    /// `--layout`: positions are in the whole layout's coordinates, across every output,
    /// rather than in the first output's.
    private let acrossLayout = CommandLine.arguments.dropFirst().contains("--layout")

    required init(display: OpaquePointer) {
        self.display = display
    }

    /// Binds the globals and creates the virtual pointer.
    func setUp() throws(DriverError) {
        registry = Registry(
            display: display,
            onGlobal: { [unowned self] in handleGlobal(name: $0, interface: $1, version: $2) },
            onRemove: { [unowned self] in handleGlobalRemove(name: $0) })
        try roundtrip()
        guard let seat else { throw DriverError(message: "compositor has no wl_seat") }
        guard let manager else {
            throw DriverError(message: "compositor has no zwlr_virtual_pointer_manager_v1")
        }
        guard let first = outputs.first else { throw DriverError(message: "compositor has no wl_output") }
        // Second roundtrip: the wl_output and xdg_output events for the bound outputs.
        try roundtrip()
        // With an output, absolute motion maps onto that output rather than the whole layout.
        if zwlr_virtual_pointer_manager_v1_get_version(manager) >= 2, !acrossLayout {
            pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer_with_output(
                manager, seat, first.proxy)
        } else {
            pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, seat)
        }
        try roundtrip()
    }

    func roundtrip() throws(DriverError) {
        try DriverSupport.roundtrip(display)
    }

    func parse(_ line: String) -> Result<Command, CommandError>? {
        parseCommand(line)
    }

    func isQuit(_ command: Command) -> Bool {
        command == .quit
    }

    /// Runs one command. Returns the lines to print before `ok`. A `CommandError` is the
    /// caller's mistake; a `DriverError` means the connection is gone.
    func execute(_ command: Command) throws(DriverError) -> Result<[String], CommandError> {
        // Pick up output changes (scale, mode) the compositor sent since the last command.
        try roundtrip()
        guard let pointer else { return .failure(CommandError(message: "no virtual pointer")) }
        // Absolute motion is mapped onto the first output, in its logical size, or onto the
        // layout's bounding box.
        let size = outputs.first?.logicalSize
        let area =
            acrossLayout
            ? layoutBox : size.map { (x: Int32(0), y: Int32(0), width: $0.width, height: $0.height) }
        let unknownSize = CommandError(message: "output size unknown")
        var lines: [String] = []
        switch command {
        case .move(let p):
            guard let extent = area else { return .failure(unknownSize) }
            motion(pointer, to: p, extent: extent)
            zwlr_virtual_pointer_v1_frame(pointer)
        case .down, .up:
            button(pointer, pressed: command == .down)
        case .click(let p):
            guard let extent = area else { return .failure(unknownSize) }
            motion(pointer, to: p, extent: extent)
            zwlr_virtual_pointer_v1_frame(pointer)
            button(pointer, pressed: true)
            button(pointer, pressed: false)
        case .drag(let from, let to, let steps, let durationMs):
            guard let extent = area else { return .failure(unknownSize) }
            motion(pointer, to: from, extent: extent)
            zwlr_virtual_pointer_v1_frame(pointer)
            button(pointer, pressed: true)
            try glide(display, from: from, to: to, steps: steps, durationMs: durationMs) { p in
                motion(pointer, to: p, extent: extent)
                zwlr_virtual_pointer_v1_frame(pointer)
            }
        case .sleep(let ms):
            sleep(untilNanoseconds: monotonicNanoseconds() + UInt64(ms) * 1_000_000)
        case .size:
            guard let extent = size else { return .failure(unknownSize) }
            lines.append("size \(extent.width) \(extent.height)")
        case .quit:
            break
        }
        try roundtrip()
        return .success(lines)
    }

    /// The bounding box of every output in the layout, once each has a size.
    private var layoutBox: (x: Int32, y: Int32, width: Int32, height: Int32)? {
        var box: (minX: Int32, minY: Int32, maxX: Int32, maxY: Int32)?
        for output in outputs {
            guard let size = output.logicalSize else { return nil }
            let (x, y) = (output.logicalX, output.logicalY)
            box = (
                min(box?.minX ?? x, x), min(box?.minY ?? y, y),
                max(box?.maxX ?? x + size.width, x + size.width),
                max(box?.maxY ?? y + size.height, y + size.height)
            )
        }
        return box.map { ($0.minX, $0.minY, $0.maxX - $0.minX, $0.maxY - $0.minY) }
    }

    private func motion(
        _ pointer: OpaquePointer, to p: Position, extent: (x: Int32, y: Int32, width: Int32, height: Int32)
    ) {
        let xExtent = UInt32(Double(extent.width) * subpixel)
        let yExtent = UInt32(Double(extent.height) * subpixel)
        let x = UInt32(min(max(((p.x - Double(extent.x)) * subpixel).rounded(), 0), Double(xExtent)))
        let y = UInt32(min(max(((p.y - Double(extent.y)) * subpixel).rounded(), 0), Double(yExtent)))
        zwlr_virtual_pointer_v1_motion_absolute(pointer, eventTimestamp(), x, y, xExtent, yExtent)
    }

    private func button(_ pointer: OpaquePointer, pressed: Bool) {
        let state = pressed ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED
        zwlr_virtual_pointer_v1_button(pointer, eventTimestamp(), btnLeft, state.rawValue)
        zwlr_virtual_pointer_v1_frame(pointer)
    }

    /// Destroys proxies in reverse order of creation.
    func tearDown() {
        if let pointer { zwlr_virtual_pointer_v1_destroy(pointer) }
        pointer = nil
        for output in outputs.reversed() { output.destroy() }
        outputs = []
        if let xdgOutputManager { zxdg_output_manager_v1_destroy(xdgOutputManager) }
        xdgOutputManager = nil
        if let manager { zwlr_virtual_pointer_manager_v1_destroy(manager) }
        manager = nil
        if let seat { wl_seat_destroy(seat) }
        seat = nil
        registry?.destroy()
        registry = nil
        _ = wl_display_flush(display)
    }

    // MARK: - Registry handlers

    private func handleGlobal(name: UInt32, interface: String, version: UInt32) {
        switch interface {
        case "wl_seat" where seat == nil:
            seat = registry?.bind(name, buoy_wl_seat_interface(), version: 1)
        case "wl_output":
            let bound = registry?.bind(name, buoy_wl_output_interface(), version: min(version, 3))
            guard let proxy = bound else { return }
            let output = Output(proxy: proxy, registryName: name)
            outputs.append(output)
            if let xdgOutputManager { output.attachXdgOutput(manager: xdgOutputManager) }
        case "zxdg_output_manager_v1" where xdgOutputManager == nil:
            xdgOutputManager = registry?.bind(
                name, buoy_zxdg_output_manager_v1_interface(), version: min(version, 3))
            if let xdgOutputManager {
                for output in outputs { output.attachXdgOutput(manager: xdgOutputManager) }
            }
        case "zwlr_virtual_pointer_manager_v1" where manager == nil:
            manager = registry?.bind(
                name, buoy_zwlr_virtual_pointer_manager_v1_interface(), version: min(version, 2))
        default:
            break
        }
    }

    private func handleGlobalRemove(name: UInt32) {
        guard let index = outputs.firstIndex(where: { $0.registryName == name }) else { return }
        outputs.remove(at: index).destroy()
    }
}

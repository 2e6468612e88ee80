import BuoyCore
import CWaylandClient
import CWaylandProtocols

/// One wl_output, with its xdg-output when the compositor offers it.
/// Handlers record into `pending`; `done` makes it current.
package final class Output {
    package struct Info: Equatable, Sendable {
        package var name: String?
        package var scale: Int = 1
        package var transform: Int32 = 0
        /// The current mode in physical pixels.
        package var modeWidth = 0
        package var modeHeight = 0
        /// The size in the layout's logical pixels, from xdg-output.
        package var logicalWidth = 0
        package var logicalHeight = 0
        /// Its top-left in the layout, from xdg-output; nil without it.
        package var logicalX: Int?
        package var logicalY: Int?
    }

    package let proxy: OpaquePointer
    package let registryName: UInt32
    private var xdgOutput: OpaquePointer?
    private unowned let display: Display
    private var pending = Info()
    package private(set) var info = Info()
    /// False until the first `done`: before that the output's facts are incomplete.
    package private(set) var ready = false

    init(proxy: OpaquePointer, registryName: UInt32, display: Display) {
        self.proxy = proxy
        self.registryName = registryName
        self.display = display
        wl_output_add_listener(proxy, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    package var name: String? { info.name }
    package var scale: Int { max(1, info.scale) }

    /// The logical size: xdg-output's when known, else the mode divided by the
    /// scale, swapped for 90° and 270° transforms.
    package var logicalSize: Size {
        if info.logicalWidth > 0 && info.logicalHeight > 0 {
            return Size(width: Double(info.logicalWidth), height: Double(info.logicalHeight))
        }
        let rotated = info.transform % 2 == 1
        let w = Double(rotated ? info.modeHeight : info.modeWidth) / Double(scale)
        let h = Double(rotated ? info.modeWidth : info.modeHeight) / Double(scale)
        return Size(width: w, height: h)
    }

    /// Where it is in the layout, in logical pixels: nil until xdg-output has said.
    package var logicalRect: Rect? {
        guard let x = info.logicalX, let y = info.logicalY else { return nil }
        return Rect(origin: Point(x: Double(x), y: Double(y)), size: logicalSize)
    }

    func attachXdgOutput(manager: OpaquePointer?) {
        guard let manager, xdgOutput == nil else { return }
        xdgOutput = zxdg_output_manager_v1_get_xdg_output(manager, proxy)
        zxdg_output_v1_add_listener(xdgOutput, Self.xdgListener, Unmanaged.passUnretained(self).toOpaque())
    }

    func destroy() {
        if let xdgOutput { zxdg_output_v1_destroy(xdgOutput) }
        xdgOutput = nil
        if wl_proxy_get_version(proxy) >= 3 {
            wl_output_release(proxy)
        } else {
            wl_output_destroy(proxy)
        }
    }

    private func handleDone() {
        info = pending
        ready = true
        display.outputsChanged = true
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> Output {
        Unmanaged<Output>.fromOpaque(data!).takeUnretainedValue()
    }

    nonisolated(unsafe) private static let listener: UnsafeMutablePointer<wl_output_listener> = {
        let listener = UnsafeMutablePointer<wl_output_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_output_listener(
                geometry: { data, _, _, _, _, _, _, _, _, transform in
                    from(data).pending.transform = transform
                },
                mode: { data, _, flags, width, height, _ in
                    guard flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0 else { return }
                    let output = from(data)
                    output.pending.modeWidth = Int(width)
                    output.pending.modeHeight = Int(height)
                },
                done: { data, _ in from(data).handleDone() },
                scale: { data, _, factor in from(data).pending.scale = Int(factor) },
                name: { data, _, name in
                    guard let name else { return }
                    from(data).pending.name = String(cString: name)
                },
                description: { _, _, _ in }))
        return listener
    }()

    // xdg-output v3 ends its batches with wl_output.done, so these only record.
    nonisolated(unsafe) private static let xdgListener: UnsafeMutablePointer<zxdg_output_v1_listener> = {
        let listener = UnsafeMutablePointer<zxdg_output_v1_listener>.allocate(capacity: 1)
        listener.initialize(
            to: zxdg_output_v1_listener(
                logical_position: { data, _, x, y in
                    let output = from(data)
                    output.pending.logicalX = Int(x)
                    output.pending.logicalY = Int(y)
                },
                logical_size: { data, _, width, height in
                    let output = from(data)
                    output.pending.logicalWidth = Int(width)
                    output.pending.logicalHeight = Int(height)
                },
                done: { _, _ in },
                name: { data, _, name in
                    guard let name else { return }
                    let output = from(data)
                    if output.pending.name == nil { output.pending.name = String(cString: name) }
                },
                description: { _, _, _ in }))
        return listener
    }()
}

import CWaylandClient
import CWaylandProtocols
import DriverSupport

/// A wl_output and, when the compositor has zxdg_output_manager_v1, its xdg_output.
/// Handlers only record; `logicalSize` is read when a command needs it.
final class Output {
    let proxy: OpaquePointer
    let registryName: UInt32
    var xdgOutput: OpaquePointer?

    var modeWidth: Int32 = 0
    var modeHeight: Int32 = 0
    var scale: Int32 = 1
    var transform: Int32 = 0
    /// From xdg_output.logical_size; 0 until it arrives.
    var logicalWidth: Int32 = 0
    var logicalHeight: Int32 = 0
    /// From xdg_output.logical_position: its top-left in the layout.
    var logicalX: Int32 = 0
    var logicalY: Int32 = 0

    init(proxy: OpaquePointer, registryName: UInt32) {
        self.proxy = proxy
        self.registryName = registryName
        wl_output_add_listener(proxy, OutputListeners.output, Unmanaged.passUnretained(self).toOpaque())
    }

    func attachXdgOutput(manager: OpaquePointer) {
        guard xdgOutput == nil, let xdg = zxdg_output_manager_v1_get_xdg_output(manager, proxy) else {
            return
        }
        xdgOutput = xdg
        zxdg_output_v1_add_listener(xdg, OutputListeners.xdgOutput, Unmanaged.passUnretained(self).toOpaque())
    }

    /// The size in layout (logical) pixels: xdg_output's if known, else the current mode
    /// rotated by the transform and divided by the scale.
    var logicalSize: (width: Int32, height: Int32)? {
        if logicalWidth > 0 && logicalHeight > 0 { return (logicalWidth, logicalHeight) }
        guard modeWidth > 0 && modeHeight > 0 else { return nil }
        let rotated = transform & 1 == 1  // 90, 270 and their flipped variants
        let (w, h) = rotated ? (modeHeight, modeWidth) : (modeWidth, modeHeight)
        let s = max(scale, 1)
        return (w / s, h / s)
    }

    func destroy() {
        if let xdg = xdgOutput { zxdg_output_v1_destroy(xdg) }
        xdgOutput = nil
        if wl_output_get_version(proxy) >= 3 {
            wl_output_release(proxy)
        } else {
            wl_output_destroy(proxy)
        }
    }

    fileprivate static func from(_ data: UnsafeMutableRawPointer?) -> Output {
        Unmanaged<Output>.fromOpaque(data!).takeUnretainedValue()
    }
}

/// Allocated once and never freed, so libwayland can keep pointing at them.
private enum OutputListeners {
    nonisolated(unsafe) static let output = allocateListener(
        wl_output_listener(
            geometry: { data, _, _, _, _, _, _, _, _, transform in
                Output.from(data).transform = transform
            },
            mode: { data, _, flags, width, height, _ in
                guard flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0 else { return }
                let output = Output.from(data)
                output.modeWidth = width
                output.modeHeight = height
            },
            done: { _, _ in },
            scale: { data, _, factor in Output.from(data).scale = factor },
            name: { _, _, _ in },
            description: { _, _, _ in }
        ))

    nonisolated(unsafe) static let xdgOutput = allocateListener(
        zxdg_output_v1_listener(
            logical_position: { data, _, x, y in
                let output = Output.from(data)
                output.logicalX = x
                output.logicalY = y
            },
            logical_size: { data, _, width, height in
                let output = Output.from(data)
                output.logicalWidth = width
                output.logicalHeight = height
            },
            done: { _, _ in },
            name: { _, _, _ in },
            description: { _, _, _ in }
        ))
}

import BuoyCore
import CLinux
import CWaylandClient
import CWaylandProtocols

/// buoy's virtual pointers (zwlr_virtual_pointer_v1), one per output it
/// clicked on, each made when first needed and kept while its output
/// lasts: a pointer device that came and went with each click would make
/// the seat's pointer capability flicker for every client.
package final class VirtualPointers {
    /// Extent units per logical pixel, so a fractional point survives
    /// motion_absolute's integers.
    private static let subpixel = 100.0

    private unowned let display: Display
    private var pointers: [(output: UInt32, proxy: OpaquePointer)] = []

    package init(display: Display) {
        self.display = display
    }

    deinit {
        for pointer in pointers.reversed() { zwlr_virtual_pointer_v1_destroy(pointer.proxy) }
    }

    /// Sends `steps` at `output`'s logical pixels, each followed by a frame;
    /// false when there is no virtual pointer to send them with.
    package func send(_ steps: [PointerStep], on output: Output) -> Bool {
        forgetGoneOutputs()
        guard let pointer = pointer(for: output) else { return false }
        let size = output.logicalSize
        let extent = (width: UInt32(size.width * Self.subpixel), height: UInt32(size.height * Self.subpixel))
        for step in steps {
            let time = UInt32(truncatingIfNeeded: Int64(buoy_monotonic_now() * 1000))
            switch step {
            case .move(let point):
                let x = UInt32(min(max(0, point.x), size.width - 1 / Self.subpixel) * Self.subpixel)
                let y = UInt32(min(max(0, point.y), size.height - 1 / Self.subpixel) * Self.subpixel)
                zwlr_virtual_pointer_v1_motion_absolute(pointer, time, x, y, extent.width, extent.height)
            case .press(let button):
                zwlr_virtual_pointer_v1_button(
                    pointer, time, button.rawValue, WL_POINTER_BUTTON_STATE_PRESSED.rawValue)
            case .release(let button):
                zwlr_virtual_pointer_v1_button(
                    pointer, time, button.rawValue, WL_POINTER_BUTTON_STATE_RELEASED.rawValue)
            case .moveBy(let delta):
                zwlr_virtual_pointer_v1_motion(
                    pointer, time, wl_fixed_from_double(delta.x), wl_fixed_from_double(delta.y))
            case .scroll(let amount):
                for (axis, value) in Self.axes(amount) where value != 0 {
                    Self.fromAFinger(pointer) {
                        zwlr_virtual_pointer_v1_axis(pointer, time, axis, wl_fixed_from_double(value))
                    }
                }
            case .scrollStop:
                for (axis, _) in Self.axes(.zero) {
                    Self.fromAFinger(pointer) { zwlr_virtual_pointer_v1_axis_stop(pointer, time, axis) }
                }
            }
            zwlr_virtual_pointer_v1_frame(pointer)
        }
        return true
    }

    /// Sends `axis` (an axis or an axis_stop) with a finger's source on
    /// both sides of it. wlroots gives axis_source's source to the axis of
    /// the last axis request, not the next one, and resets it once a frame
    /// has sent it: a second axis in one frame had the wheel's, and sway
    /// 1.7 aborted on the mismatch (`cached_axis_source == source`, seen
    /// with the scroll action's axis_stop on both axes). Before it too, for
    /// a compositor that reads the request in the protocol's order.
    private static func fromAFinger(_ pointer: OpaquePointer, _ axis: () -> Void) {
        zwlr_virtual_pointer_v1_axis_source(pointer, WL_POINTER_AXIS_SOURCE_FINGER.rawValue)
        axis()
        zwlr_virtual_pointer_v1_axis_source(pointer, WL_POINTER_AXIS_SOURCE_FINGER.rawValue)
    }

    /// The two axes, with `amount`'s value on each.
    private static func axes(_ amount: Point) -> [(UInt32, Double)] {
        [
            (WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue, amount.y),
            (WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue, amount.x),
        ]
    }

    private func pointer(for output: Output) -> OpaquePointer? {
        if let kept = pointers.first(where: { $0.output == output.registryName }) { return kept.proxy }
        guard let manager = display.virtualPointerManager, wl_proxy_get_version(manager) >= 2,
            let proxy = zwlr_virtual_pointer_manager_v1_create_virtual_pointer_with_output(
                manager, display.seats.first?.proxy, output.proxy)
        else { return nil }
        pointers.append((output.registryName, proxy))
        return proxy
    }

    /// The pointers of outputs that went away: the compositor has dropped
    /// their mapping, so they go too.
    private func forgetGoneOutputs() {
        pointers.removeAll { pointer in
            guard display.output(registryName: pointer.output) == nil else { return false }
            zwlr_virtual_pointer_v1_destroy(pointer.proxy)
            return true
        }
    }
}

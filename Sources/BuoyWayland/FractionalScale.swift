import BuoyCore
import CWaylandProtocols

/// One surface's wp_fractional_scale_v1: the scale, in 120ths, that the
/// compositor would like the surface's buffers drawn at. A class of its own,
/// as every Wayland object kind is, owned by the surface it describes
/// (`LayerSurface`), which destroys it before the surface.
final class FractionalScale {
    private let proxy: OpaquePointer
    /// The latest preferred_scale, nil until the first.
    private(set) var preferred: BufferScale?
    private var changed = false

    init?(manager: OpaquePointer?, surface: OpaquePointer) {
        guard let manager, let proxy = wp_fractional_scale_manager_v1_get_fractional_scale(manager, surface)
        else { return nil }
        self.proxy = proxy
        wp_fractional_scale_v1_add_listener(proxy, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        wp_fractional_scale_v1_destroy(proxy)
    }

    /// Whether the preferred scale changed since the last call.
    func takeChanged() -> Bool {
        defer { changed = false }
        return changed
    }

    nonisolated(unsafe) private static let listener: UnsafeMutablePointer<wp_fractional_scale_v1_listener> = {
        let listener = UnsafeMutablePointer<wp_fractional_scale_v1_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wp_fractional_scale_v1_listener(preferred_scale: { data, _, numerator in
                let scale = Unmanaged<FractionalScale>.fromOpaque(data!).takeUnretainedValue()
                let new = BufferScale(numerator: Int(numerator))
                guard new != scale.preferred else { return }
                scale.preferred = new
                scale.changed = true
            }))
        return listener
    }()
}

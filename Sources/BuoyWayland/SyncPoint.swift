import CWaylandClient

/// A `wl_display.sync` that does not block: `answered` turns true once the
/// compositor has handled every request sent before it, commits included.
/// Its answer wakes the loop as any event does.
package final class SyncPoint {
    private var callback: OpaquePointer?

    package init(display: Display) {
        callback = wl_display_sync(display.proxy)
        wl_callback_add_listener(callback, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        if let callback { wl_callback_destroy(callback) }
    }

    package var answered: Bool { callback == nil }

    nonisolated(unsafe) private static let listener: UnsafeMutablePointer<wl_callback_listener> = {
        let listener = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
        listener.initialize(
            to: wl_callback_listener(done: { data, callback, _ in
                wl_callback_destroy(callback)
                Unmanaged<SyncPoint>.fromOpaque(data!).takeUnretainedValue().callback = nil
            }))
        return listener
    }()
}

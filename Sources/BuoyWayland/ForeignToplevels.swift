import BuoyCore
import CWaylandClient
import CWaylandProtocols

/// zwlr_foreign_toplevel_manager_v1: the windows of other clients, for the
/// visibility rules. Bound only when a rule needs them (`Display.watchWindows`).
/// Handlers record; a window's facts count once its batch is complete (`done`).
package final class ForeignToplevels {
    private let proxy: OpaquePointer
    fileprivate unowned let display: Display
    private var toplevels: [ForeignToplevel] = []

    init(proxy: OpaquePointer, display: Display) {
        self.proxy = proxy
        self.display = display
        zwlr_foreign_toplevel_manager_v1_add_listener(
            proxy, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Every window whose facts are complete, its outputs by name.
    package var windows: [WindowFacts] {
        toplevels.compactMap { $0.facts(outputName: { self.display.output(registryName: $0)?.name }) }
    }

    /// Destroys the handles, then the manager (newest first).
    func destroy() {
        for toplevel in toplevels.reversed() { toplevel.destroy() }
        toplevels.removeAll()
        // stop asks the compositor for `finished`; nothing waits for it now.
        zwlr_foreign_toplevel_manager_v1_stop(proxy)
        wl_proxy_destroy(proxy)
    }

    fileprivate func added(_ handle: OpaquePointer) {
        toplevels.append(ForeignToplevel(proxy: handle, manager: self))
    }

    fileprivate func closed(_ toplevel: ForeignToplevel) {
        toplevels.removeAll { $0 === toplevel }
        toplevel.destroy()
    }

    nonisolated(unsafe) private static let listener:
        UnsafeMutablePointer<zwlr_foreign_toplevel_manager_v1_listener> = {
            let listener = UnsafeMutablePointer<zwlr_foreign_toplevel_manager_v1_listener>.allocate(
                capacity: 1)
            listener.initialize(
                to: zwlr_foreign_toplevel_manager_v1_listener(
                    toplevel: { data, _, handle in
                        guard let data, let handle else { return }
                        Unmanaged<ForeignToplevels>.fromOpaque(data).takeUnretainedValue().added(handle)
                    },
                    finished: { _, _ in }))
            return listener
        }()
}

/// One zwlr_foreign_toplevel_handle_v1: a window of another client. Its
/// events fill `pending`; `done` makes them current.
final class ForeignToplevel {
    private struct Facts {
        var appID = ""
        /// Registry names.
        var outputs: [UInt32] = []
        var activated = false
        var fullscreen = false
    }

    private let proxy: OpaquePointer
    private unowned let manager: ForeignToplevels
    private var pending = Facts()
    /// Nil until the first `done`.
    private var current: Facts?

    init(proxy: OpaquePointer, manager: ForeignToplevels) {
        self.proxy = proxy
        self.manager = manager
        zwlr_foreign_toplevel_handle_v1_add_listener(
            proxy, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    func facts(outputName: (UInt32) -> String?) -> WindowFacts? {
        current.map {
            WindowFacts(
                appID: $0.appID, outputs: $0.outputs.compactMap(outputName), activated: $0.activated,
                fullscreen: $0.fullscreen)
        }
    }

    func destroy() {
        zwlr_foreign_toplevel_handle_v1_destroy(proxy)
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> ForeignToplevel {
        Unmanaged<ForeignToplevel>.fromOpaque(data!).takeUnretainedValue()
    }

    nonisolated(unsafe) private static let listener:
        UnsafeMutablePointer<zwlr_foreign_toplevel_handle_v1_listener> = {
            let listener = UnsafeMutablePointer<zwlr_foreign_toplevel_handle_v1_listener>.allocate(
                capacity: 1)
            listener.initialize(
                to: zwlr_foreign_toplevel_handle_v1_listener(
                    title: { _, _, _ in },
                    app_id: { data, _, appID in
                        from(data).pending.appID = appID.map { String(cString: $0) } ?? ""
                    },
                    output_enter: { data, _, output in
                        let toplevel = from(data)
                        guard let name = toplevel.manager.display.registryName(of: output) else { return }
                        if !toplevel.pending.outputs.contains(name) { toplevel.pending.outputs.append(name) }
                    },
                    output_leave: { data, _, output in
                        let toplevel = from(data)
                        guard let name = toplevel.manager.display.registryName(of: output) else { return }
                        toplevel.pending.outputs.removeAll { $0 == name }
                    },
                    state: { data, _, array in
                        let toplevel = from(data)
                        var states: [UInt32] = []
                        if let array, let values = array.pointee.data {
                            let count = array.pointee.size / MemoryLayout<UInt32>.size
                            states = Array(
                                UnsafeBufferPointer(
                                    start: values.assumingMemoryBound(to: UInt32.self), count: count))
                        }
                        toplevel.pending.activated = states.contains(
                            ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_ACTIVATED.rawValue)
                        toplevel.pending.fullscreen = states.contains(
                            ZWLR_FOREIGN_TOPLEVEL_HANDLE_V1_STATE_FULLSCREEN.rawValue)
                    },
                    done: { data, _ in
                        let toplevel = from(data)
                        toplevel.current = toplevel.pending
                    },
                    closed: { data, _ in
                        let toplevel = from(data)
                        toplevel.manager.closed(toplevel)
                    },
                    parent: { _, _, _ in }))
            return listener
        }()
}

import BuoyCore
import CWaylandClient
import CWaylandProtocols

/// phoc's zphoc_device_state_v1, where offered: the switches the device
/// has. Once it names a tablet-mode switch, buoy follows it
/// (`TabletModeSwitch`). Handlers only record.
package final class DeviceState {
    private let proxy: OpaquePointer
    /// The switch, once the capabilities have named one: asking for it
    /// before is a protocol error.
    private var tabletModeSwitch: TabletModeSwitch?
    /// The hardware last announced.
    package private(set) var capabilities: DeviceCapabilities = []
    private var changed = false

    init(proxy: OpaquePointer) {
        self.proxy = proxy
        zphoc_device_state_v1_add_listener(proxy, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Whether the device is held as a tablet, as its switch says; nil
    /// without a switch, or before it has said.
    package var tabletMode: Bool? { tabletModeSwitch?.enabled }

    /// What changed since the last call: the capabilities, the switch.
    package func takeChanged() -> (capabilities: Bool, tabletMode: Bool) {
        defer {
            changed = false
            tabletModeSwitch?.changed = false
        }
        return (changed, tabletModeSwitch?.changed == true)
    }

    func destroy() {
        tabletModeSwitch?.destroy()
        tabletModeSwitch = nil
        // The interface has no destructor request: the proxy alone goes.
        zphoc_device_state_v1_destroy(proxy)
    }

    private func handleCapabilities(_ raw: UInt32) {
        capabilities = DeviceCapabilities(rawValue: raw)
        changed = true
        guard capabilities.contains(.tabletModeSwitch), tabletModeSwitch == nil,
            let proxy = zphoc_device_state_v1_get_tablet_mode_switch(proxy)
        else { return }
        tabletModeSwitch = TabletModeSwitch(proxy: proxy)
    }

    nonisolated(unsafe) private static let listener: UnsafeMutablePointer<zphoc_device_state_v1_listener> = {
        let listener = UnsafeMutablePointer<zphoc_device_state_v1_listener>.allocate(capacity: 1)
        listener.initialize(
            to: zphoc_device_state_v1_listener(
                capabilities: { data, _, capabilities in
                    Unmanaged<DeviceState>.fromOpaque(data!).takeUnretainedValue()
                        .handleCapabilities(capabilities)
                }))
        return listener
    }()
}

/// phoc's zphoc_tablet_mode_switch_v1: whether the device is held as a tablet.
final class TabletModeSwitch {
    private let proxy: OpaquePointer
    /// What it last said; nil until it has.
    private(set) var enabled: Bool?
    var changed = false

    init(proxy: OpaquePointer) {
        self.proxy = proxy
        zphoc_tablet_mode_switch_v1_add_listener(
            proxy, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    func destroy() {
        zphoc_tablet_mode_switch_v1_destroy(proxy)
    }

    private func record(_ enabled: Bool) {
        self.enabled = enabled
        changed = true
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> TabletModeSwitch {
        Unmanaged<TabletModeSwitch>.fromOpaque(data!).takeUnretainedValue()
    }

    nonisolated(unsafe) private static let listener:
        UnsafeMutablePointer<zphoc_tablet_mode_switch_v1_listener> = {
            let listener = UnsafeMutablePointer<zphoc_tablet_mode_switch_v1_listener>.allocate(capacity: 1)
            listener.initialize(
                to: zphoc_tablet_mode_switch_v1_listener(
                    disabled: { data, _ in from(data).record(false) },
                    enabled: { data, _ in from(data).record(true) }))
            return listener
        }()
}

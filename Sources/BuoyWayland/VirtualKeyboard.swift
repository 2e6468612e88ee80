import BuoyCore
import CLinux
import CWaylandClient
import CWaylandProtocols
import Glibc
import SystemCalls

/// zwp_virtual_keyboard_v1: keys for the focused window, sent as a keyboard
/// of buoy's own on the seat, so buoy never takes the keyboard focus. Made
/// once and kept (`Display.virtualKeyboard`): each new one would add the
/// keyboard capability to the seat and take it away again.
package final class VirtualKeyboard {
    private let proxy: OpaquePointer
    /// The keymap the compositor has; nil before the first keys.
    private var sentKeymap: VirtualKeymap?

    init(proxy: OpaquePointer) {
        self.proxy = proxy
    }

    /// Sends `chords` in order, with `keymap`, which must hold their keys,
    /// sent first when it is not the one the compositor has. `time` is in
    /// ms. False when the keymap could not be handed over.
    package func send(_ chords: [KeyChord], keymap: VirtualKeymap, time: UInt32) -> Bool {
        guard use(keymap), let events = keymap.events(for: chords) else { return false }
        for event in events {
            switch event {
            case .modifiers(let held):
                zwp_virtual_keyboard_v1_modifiers(proxy, held.rawValue, 0, 0, 0)
            case .key(let code, let pressed):
                let state = pressed ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED
                zwp_virtual_keyboard_v1_key(proxy, time, code, state.rawValue)
            }
        }
        return true
    }

    /// Hands the compositor `keymap` unless it has it; false when it could not.
    package func use(_ keymap: VirtualKeymap) -> Bool {
        guard keymap != sentKeymap else { return true }
        guard upload(keymap) else { return false }
        sentKeymap = keymap
        return true
    }

    /// The keymap's text, NUL-terminated as wl_keyboard.keymap's is, in a
    /// sealed memfd that the compositor maps; closed here once sent.
    private func upload(_ keymap: VirtualKeymap) -> Bool {
        let bytes = Array(keymap.text.utf8) + [0]
        let fd = buoy_memfd_create_sized("buoy-keymap", bytes.count)
        guard fd >= 0 else { return false }
        defer { try? FileDescriptor(rawValue: fd).close() }
        guard let mapped = mmap(nil, bytes.count, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0),
            mapped != MAP_FAILED
        else { return false }
        bytes.withUnsafeBytes { mapped.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        munmap(mapped, bytes.count)
        zwp_virtual_keyboard_v1_keymap(
            proxy, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, fd, UInt32(bytes.count))
        return true
    }

    func destroy() {
        zwp_virtual_keyboard_v1_destroy(proxy)
    }
}

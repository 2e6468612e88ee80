import BuoyCore
import CWaylandClient
import CWaylandProtocols

/// KWin's org_kde_kwin_fake_input: the click types' clicks (and keys) on
/// KWin, which has no virtual pointer. Bound when first needed and kept
/// (`Display.fakeInput()`): KWin adds a device to its seat for each client
/// bound, and one that came and went per click would make the seat's
/// capabilities flicker for every client.
package final class FakeInput {
    private let proxy: OpaquePointer

    /// Binds fake input and authenticates, without which KWin drops every
    /// request.
    init(proxy: OpaquePointer) {
        self.proxy = proxy
        org_kde_kwin_fake_input_authenticate(
            proxy, "buoy", "clicks and keys chosen on buoy's floating button")
    }

    /// Sends `steps`, whose points are in the layout's global logical
    /// pixels (`ClickBackend.globalSteps`), where absolute motion is; a
    /// move by is relative.
    package func send(_ steps: [PointerStep]) {
        for step in steps {
            switch step {
            case .move(let point):
                org_kde_kwin_fake_input_pointer_motion_absolute(
                    proxy, wl_fixed_from_double(point.x), wl_fixed_from_double(point.y))
            case .press(let button):
                org_kde_kwin_fake_input_button(
                    proxy, button.rawValue, WL_POINTER_BUTTON_STATE_PRESSED.rawValue)
            case .release(let button):
                org_kde_kwin_fake_input_button(
                    proxy, button.rawValue, WL_POINTER_BUTTON_STATE_RELEASED.rawValue)
            case .moveBy(let delta):
                org_kde_kwin_fake_input_pointer_motion(
                    proxy, wl_fixed_from_double(delta.x), wl_fixed_from_double(delta.y))
            case .scroll(let amount):
                if amount.y != 0 {
                    org_kde_kwin_fake_input_axis(
                        proxy, WL_POINTER_AXIS_VERTICAL_SCROLL.rawValue, wl_fixed_from_double(amount.y))
                }
                if amount.x != 0 {
                    org_kde_kwin_fake_input_axis(
                        proxy, WL_POINTER_AXIS_HORIZONTAL_SCROLL.rawValue, wl_fixed_from_double(amount.x))
                }
            case .scrollStop:
                // Fake input has no axis_stop: KWin ends a scroll by itself.
                break
            }
        }
    }

    /// Presses (or releases) the key with evdev code `code`, read through
    /// KWin's own keymap; only where `KeyBackend.choose` says `.fakeInput`.
    package func key(_ code: UInt32, pressed: Bool) {
        let state = pressed ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED
        org_kde_kwin_fake_input_keyboard_key(proxy, code, state.rawValue)
    }

    /// The global has no destructor request (before v5): the proxy alone goes.
    func destroy() {
        wl_proxy_destroy(proxy)
    }
}

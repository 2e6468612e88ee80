import BuoyConfig
import BuoyCore

/// The input devices a session's seats have, which decide what an unset
/// `[menu] edit` means (`MenuEditing.sessionDefault`).
public struct SeatKinds: Sendable, Equatable {
    /// A seat has a touchscreen.
    public var touchscreen: Bool
    /// A seat has a keyboard.
    public var keyboard: Bool

    /// Seats with these devices.
    public init(touchscreen: Bool, keyboard: Bool) {
        self.touchscreen = touchscreen
        self.keyboard = keyboard
    }
}

extension MenuSource {
    /// `spec`'s menu as it opens now: the items whose `show_for` and
    /// `hide_for` show them for `inFront`, the app of the window in front
    /// (`.some(nil)` when none is; nil when the compositor lists no windows,
    /// and every item shows), with its Edit entry as `[menu] edit` (or the
    /// session's default for `seats`) wants, and what edit mode would edit,
    /// with `catalog` in its picker. A button whose items cannot be named in
    /// the file (`itemList` nil) gets no edit mode.
    public init(_ spec: ButtonSpec, inFront: String??, seats: SeatKinds, catalog: [PickerGroup]) {
        let shown = inFront.map { spec.menu.showing(forApp: $0) } ?? spec.menu
        self.init(
            menu: shown, buttonColor: spec.button.color, dwell: spec.menuDwell,
            hiddenFor: shown.items.count < spec.menu.items.count ? inFront : nil)
        let editing =
            spec.menu.edit ?? .sessionDefault(touchscreen: seats.touchscreen, keyboard: seats.keyboard)
        menu.edit = editing == .touch && spec.itemList == nil ? .off : editing
        guard menu.edit == .touch, let list = spec.itemList else { return }
        self.editing = MenuEditContext(spec, list: list, catalog: catalog)
    }
}

import BuoyCore

/// Which of buoy's own surfaces holds the keyboard, if one does. Keys buoy
/// sends for the window in front (`{ keys = ... }`) reach whoever holds the
/// keyboard: while buoy's menu or a click type's overlay does, they would
/// drive buoy itself and the window would get nothing (issue 42 §1). A
/// menu item's keys wait for the menu to close (`MenuEffect.run`); a
/// gesture's (from `buoy msg`, AT-SPI or a button) are refused while one
/// holds it, since nothing says when it will let go.
public enum KeyboardHolder: Sendable, Equatable {
    /// The open menu, also while it changes level (`MenuController.isOpen`).
    case menu
    /// An armed click type's overlay, which takes the keyboard for Escape.
    case clickOverlay(ClickType)

    /// Who holds the keyboard, given whether the menu is open and what the
    /// click types' arming holds; nil when the window in front has it.
    public init?(menuOpen: Bool, arming: ClickArming) {
        if menuOpen {
            self = .menu
        } else if let type = arming.armed, arming.holdsKeyboard {
            self = .clickOverlay(type)
        } else {
            return nil
        }
    }

    /// Why `keys` (as the config writes them) are not sent while it holds
    /// the keyboard: `buoy msg`'s answer, and the log's.
    public func refusal(sending keys: String) -> String {
        switch self {
        case .menu:
            "cannot send \(keys) now: buoy's menu has the keyboard, so the keys would go to it"
                + " (close the menu first)"
        case .clickOverlay(let type):
            "cannot send \(keys) now: \(type.actionName) is armed, and its overlay has the keyboard"
                + " (buoy msg click cancel disarms it)"
        }
    }
}

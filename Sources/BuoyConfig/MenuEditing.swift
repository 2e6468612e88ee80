/// `[menu] edit`: what the menu's "Edit" entry does.
public enum MenuEditing: String, Sendable, Equatable, CaseIterable {
    /// Edit mode in the menu itself: remove, add and move items, and choose
    /// what the button's gestures do, by finger.
    case touch
    /// An item that opens the config file in an editor (as on a first run).
    case editor
    /// No Edit entry.
    case off

    /// What an unset `edit` means: the session decides, since a phone and a
    /// desktop want different things from one file. A touch-first session
    /// (a touchscreen and no keyboard seen on the seat) gets `touch`, any
    /// other `editor`.
    public static func sessionDefault(touchscreen: Bool, keyboard: Bool) -> MenuEditing {
        touchscreen && !keyboard ? .touch : .editor
    }
}

/// `[menu] edit`: what the menu's "Edit" entry does.
public enum MenuEditing: String, Sendable, Equatable, CaseIterable {
    /// Edit mode in the menu itself: remove, add and move items, and choose
    /// what the button's gestures do, by finger.
    case touch
    /// No Edit entry: the file is edited in a text editor (a first run's
    /// menu has its "Edit buoy's config" item, which opens it).
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

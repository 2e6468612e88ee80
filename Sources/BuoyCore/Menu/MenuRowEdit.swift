/// What a screen reader may do to one of the menu's items in edit mode,
/// in the words it reads out (issue 42 §1): what a tap on its "−" and a
/// long press and drag do by touch.
public enum MenuRowEdit: String, Sendable, Equatable, CaseIterable {
    case remove
    case moveUp = "move up"
    case moveDown = "move down"
}

/// A picture buoy draws itself, as paths, where an icon theme has none
/// that says what is meant (issue 43: the click types showed letters, and
/// "Drag" and "Double click" the same D). It stands in an icon's name
/// (`iconName`), so that it travels to the drawing helper as any icon
/// does, and is drawn there in the label's (or the glyph's) colour: no
/// image is loaded for it, in buoy or the helper.
public enum Glyph: String, Sendable, CaseIterable {
    /// A mouse with its right button pressed.
    case rightClick = "right-click"
    /// A mouse with its wheel pressed.
    case middleClick = "middle-click"
    /// A mouse with its left button pressed, twice: two rings of clicks.
    case doubleClick = "double-click"
    /// A hand that holds.
    case drag
    /// A finger's stroke up and down: an arrow each way.
    case scroll
    /// One touch: a dot and a ring.
    case tap
    /// Two touches: a dot and two rings.
    case doubleTap = "double-tap"
    /// A press held: a dot in a ring that fills like a clock.
    case longPress = "long-press"
    /// A flick: a dot and an arrow that way.
    case flickUp = "flick-up"
    case flickDown = "flick-down"
    case flickLeft = "flick-left"
    case flickRight = "flick-right"
    /// A submenu's way up: an arrow that turns back up, unlike the keys
    /// item Back's arrow left (alt+Left).
    case up

    /// What marks an icon name as a glyph's: no icon theme names a file so.
    static let prefix = "buoy-glyph:"

    /// The icon name that stands for it.
    public var iconName: String { Self.prefix + rawValue }

    /// The glyph `iconName` stands for, if it is one.
    public init?(iconName: String) {
        guard iconName.hasPrefix(Self.prefix) else { return nil }
        self.init(rawValue: String(iconName.dropFirst(Self.prefix.count)))
    }

    /// What shows a gesture, on edit mode's Button screen.
    public init(_ gesture: ButtonGesture) {
        switch gesture {
        case .tap: self = .tap
        case .doubleTap: self = .doubleTap
        case .longPress: self = .longPress
        case .swipeUp: self = .flickUp
        case .swipeDown: self = .flickDown
        case .swipeLeft: self = .flickLeft
        case .swipeRight: self = .flickRight
        }
    }

    /// What shows a click type: in the menu, in the picker and on the
    /// button while it is armed.
    public init(_ type: ClickType) {
        switch type {
        case .right: self = .rightClick
        case .middle: self = .middleClick
        case .double: self = .doubleClick
        case .drag: self = .drag
        case .scroll: self = .scroll
        }
    }
}

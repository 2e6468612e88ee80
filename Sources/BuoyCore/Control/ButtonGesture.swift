/// A gesture that runs the button's configured action: the one list of
/// them. Its raw value is its `[actions]` key, its `buoy msg subscribe`
/// event and its name in the log; the schema's keys, the events, `buoy msg`
/// and the docs generated from the schema are made from `allCases`.
public enum ButtonGesture: String, Sendable, Hashable, CaseIterable {
    case tap
    case doubleTap = "double_tap"
    case longPress = "long_press"
    /// A flick that way; unset, a flick that way is a drag.
    case swipeUp = "swipe_up"
    case swipeDown = "swipe_down"
    case swipeLeft = "swipe_left"
    case swipeRight = "swipe_right"

    /// How a person says it: a screen reader's action names and the
    /// button's description ("double tap", "flick up").
    public var spokenName: String {
        switch self {
        case .tap: return "tap"
        case .doubleTap: return "double tap"
        case .longPress: return "long press"
        case .swipeUp: return "flick up"
        case .swipeDown: return "flick down"
        case .swipeLeft: return "flick left"
        case .swipeRight: return "flick right"
        }
    }
}

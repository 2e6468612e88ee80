import BuoyCore

extension ButtonEvent.Kind {
    /// The event a gesture's action reports to subscribers.
    public init(_ gesture: ButtonGesture) {
        switch gesture {
        case .tap: self = .tap
        case .doubleTap: self = .doubleTap
        case .longPress: self = .longPress
        case .swipeUp: self = .swipeUp
        case .swipeDown: self = .swipeDown
        case .swipeLeft: self = .swipeLeft
        case .swipeRight: self = .swipeRight
        }
    }
}

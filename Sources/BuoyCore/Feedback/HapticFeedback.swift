/// `[button] feedback`: when a press on the button asks feedbackd for a
/// short vibration.
public enum HapticFeedback: String, Sendable, Equatable, CaseIterable {
    /// Touch presses, when feedbackd is on the session bus.
    case auto
    /// Touch and pointer presses; the bus may start an activatable feedbackd.
    case on
    case off
}

/// An event of feedbackd's event naming spec.
public enum FeedbackEvent: String, Sendable, Equatable {
    case buttonPressed = "button-pressed"
    case buttonReleased = "button-released"
}

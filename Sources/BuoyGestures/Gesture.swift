import BuoyCore

/// How presses are told apart. Times are in seconds, distances in the
/// coordinate space of the inputs (logical px).
public struct GestureSettings: Sendable, Equatable {
    /// How far (Euclidean, from the down point) a press may move and still be
    /// a tap or long press; moving strictly further starts a drag.
    public var dragThreshold: Double
    /// How soon after the first release the second press must come (strictly
    /// less than this) to make a double tap.
    public var doubleTapWindow: Double
    /// How long a press must be held still for a long press.
    public var longPressDelay: Double
    /// Whether a double tap means anything. Only then does a single tap wait
    /// for `doubleTapWindow` before firing.
    public var hasDoubleTap: Bool
    /// Whether a long press means anything. Otherwise holding still and
    /// releasing is a tap, however long it was held.
    public var hasLongPress: Bool
    /// Whether the button can be dragged.
    public var draggable: Bool

    public init(
        dragThreshold: Double = 6, doubleTapWindow: Double = 0.25, longPressDelay: Double = 0.5,
        hasDoubleTap: Bool = false, hasLongPress: Bool = false, draggable: Bool = true
    ) {
        self.dragThreshold = dragThreshold
        self.doubleTapWindow = doubleTapWindow
        self.longPressDelay = longPressDelay
        self.hasDoubleTap = hasDoubleTap
        self.hasLongPress = hasLongPress
        self.draggable = draggable
    }
}

/// One event fed to the recognizer, with its time in monotonic seconds.
public enum GestureInput: Sendable, Equatable {
    /// A pointer button press or a touch down.
    case down(Point, at: Double)
    /// Pointer motion or touch motion.
    case move(Point, at: Double)
    /// A release. Wayland's release events carry no position: pass the last one.
    case up(Point, at: Double)
    /// `wl_touch.cancel`, or the pointer grab was lost.
    case cancel(at: Double)
    /// The timer the loop armed for `GestureRecognizer.deadline` fired.
    case deadline(at: Double)

    /// When the input happened.
    public var time: Double {
        switch self {
        case .down(_, let t), .move(_, let t), .up(_, let t), .cancel(let t), .deadline(let t): return t
        }
    }
}

/// What the recognizer decided.
public enum Gesture: Sendable, Equatable {
    /// A press began (every accepted down): wake the button.
    case pressed
    case tap
    case doubleTap
    case longPress
    /// A drag started; `grab` is where the press went down.
    case dragBegan(grab: Point)
    /// The drag moved; emitted for the move that started it and every later one.
    case dragMoved(to: Point)
    /// The drag ended where the button was released.
    case dragEnded(at: Point)
    /// A press, drag or pending tap was cancelled; nothing else fires for it.
    case cancelled
}

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
    /// `dragThreshold` and `doubleTapWindow` for a touch press: a fingertip
    /// wobbles more, and lifts and lands more slowly, than a mouse button.
    public var touchDragThreshold: Double
    /// `double_tap_window` after a touch.
    public var touchDoubleTapWindow: Double
    /// The directions a flick means something in. A press that moves in one
    /// of them fast enough is a flick, not a drag; in any other, it drags.
    public var flicks: Set<FlickDirection>
    /// A flick travels at least this far from the down point (logical px)...
    public var flickDistance: Double
    /// ... is released at most this long after the down (seconds) ...
    public var flickDuration: Double
    /// ... at an average speed of at least this many px per second.
    public var flickSpeed: Double

    /// buoy's defaults unless given (`[gestures]`'s in buoy(5)).
    public init(
        dragThreshold: Double = 6, doubleTapWindow: Double = 0.25, longPressDelay: Double = 0.5,
        hasDoubleTap: Bool = false, hasLongPress: Bool = false, draggable: Bool = true,
        touchDragThreshold: Double = 8, touchDoubleTapWindow: Double = 0.3, flicks: Set<FlickDirection> = [],
        flickDistance: Double = 24, flickDuration: Double = 0.3, flickSpeed: Double = 400
    ) {
        self.dragThreshold = dragThreshold
        self.doubleTapWindow = doubleTapWindow
        self.longPressDelay = longPressDelay
        self.hasDoubleTap = hasDoubleTap
        self.hasLongPress = hasLongPress
        self.draggable = draggable
        self.touchDragThreshold = touchDragThreshold
        self.touchDoubleTapWindow = touchDoubleTapWindow
        self.flicks = flicks
        self.flickDistance = flickDistance
        self.flickDuration = flickDuration
        self.flickSpeed = flickSpeed
    }

    /// The drag threshold for a press of `kind`.
    public func dragThreshold(for kind: InputKind) -> Double {
        kind == .touch ? touchDragThreshold : dragThreshold
    }

    /// The double-tap window after a first press of `kind`.
    public func doubleTapWindow(for kind: InputKind) -> Double {
        kind == .touch ? touchDoubleTapWindow : doubleTapWindow
    }
}

/// What a press came from. A touch that the compositor also reports as
/// pointer events must count once, so a press follows one kind only.
public enum InputKind: String, Sendable, Equatable {
    case pointer, touch
}

/// The way a flick went, in screen terms (up is towards y = 0).
public enum FlickDirection: String, Sendable, Equatable, CaseIterable {
    case up, down, left, right
}

/// One event fed to the recognizer, with its time in monotonic seconds.
public enum GestureInput: Sendable, Equatable {
    /// A pointer button press or a touch down.
    case down(Point, kind: InputKind = .pointer, at: Double)
    /// Pointer motion or touch motion.
    case move(Point, kind: InputKind = .pointer, at: Double)
    /// A release. Wayland's release events carry no position: pass the last one.
    case up(Point, kind: InputKind = .pointer, at: Double)
    /// `wl_touch.cancel`, or the pointer grab was lost.
    case cancel(at: Double)
    /// The timer the loop armed for `GestureRecognizer.deadline` fired.
    case deadline(at: Double)

    /// When the input happened.
    public var time: Double {
        switch self {
        case .down(_, _, let t), .move(_, _, let t), .up(_, _, let t), .cancel(let t), .deadline(let t):
            return t
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
    /// The press was a flick in a direction of `GestureSettings.flicks`:
    /// instead of `dragEnded` if it was dragging (the button goes back), or
    /// on its release if it could not be dragged.
    case flick(FlickDirection)
    /// A press, drag or pending tap was cancelled; nothing else fires for it.
    case cancelled
}

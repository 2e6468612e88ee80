import BuoyCore
import BuoyGestures

/// Android's drag-to-remove target: where it shows on the usable area (the
/// layer surface, which bars and on-screen keyboards do not cover), and
/// which drops are on it.
public enum RemoveTarget {
    /// The target's and the Undo bubble's diameter, in logical px.
    public static let diameter = 56.0
    /// How far the target's centre is above the usable area's bottom edge.
    public static let bottomOffset = 64.0
    /// A drop with the button's centre at most this far from the target's removes it.
    public static let reach = 48.0
    /// Seconds the target takes to fade in once a drag has moved the button.
    public static let fadeIn = 0.15
    /// Seconds the Undo bubble stays after a removal.
    public static let undoDuration = 3.0
    /// Seconds it stays after a removal by finger: on a phone, once Undo
    /// has gone, only `buoy msg show` or a restart brings the button back,
    /// and neither is at a finger's reach (issue 43).
    public static let undoDurationByTouch = 8.0

    /// How long Undo stays after a drop by a press of `kind`.
    public static func undoDuration(after kind: InputKind) -> Double {
        kind == .touch ? undoDurationByTouch : undoDuration
    }

    /// The target's centre: centred horizontally, `bottomOffset` above the bottom.
    public static func center(in usable: Rect) -> Point {
        Point(x: usable.minX + usable.width / 2, y: usable.maxY - bottomOffset)
    }

    /// The square the target and the Undo bubble are drawn in, which is
    /// where the bubble takes input.
    public static func bounds(in usable: Rect) -> Rect {
        let c = center(in: usable)
        return Rect(x: c.x - diameter / 2, y: c.y - diameter / 2, width: diameter, height: diameter)
    }

    /// Whether a button with its centre at `point` is on the target.
    public static func holds(_ point: Point, in usable: Rect) -> Bool {
        point.distance(to: center(in: usable)) <= reach
    }
}

/// What the shell shows of drag-to-remove at a time (`ButtonController.removal(at:)`).
public enum RemovalScene: Sendable, Equatable {
    /// The target during a drag, fading in (`opacity`); `armed` while a drop
    /// there would remove the button.
    case target(opacity: Double, armed: Bool)
    /// The Undo bubble where the target was, after a removal; `pressed`
    /// while a press on it is down.
    case undo(pressed: Bool)
}

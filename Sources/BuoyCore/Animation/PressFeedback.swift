/// How far the button is pushed in under a finger or a pointer, over time:
/// 0 at rest, 1 fully pressed (the painter shrinks and darkens it by that
/// much).
///
/// A press shows at once, at `initialDepth`, so the first frame after it
/// already differs, and it is fully in `pressIn` seconds after the press. A
/// release springs back over `springBack` seconds, but never before the
/// press was fully in: a tap shorter than a frame, or one whose action
/// waits for the double-tap window, still shows that it registered. A press
/// during the spring back goes in again from where it was.
public struct PressFeedback: Sendable, Equatable {
    /// How deep a press shows at once.
    public static let initialDepth = 0.5
    /// Seconds a press takes to be fully in.
    public static let pressIn = 0.05
    /// Seconds a release takes to spring back.
    public static let springBack = 0.15

    private var state: State = .rest

    private enum State: Sendable, Equatable {
        case rest
        /// Pressed at `since` from `from` deep; released at `released`, if it was.
        case moving(since: Double, from: Double, released: Double?)
    }

    /// At rest.
    public init() {}

    /// Whether a press is down.
    public var isDown: Bool {
        if case .moving(_, _, released: nil) = state { return true }
        return false
    }

    /// A press went down at `now`; a press already down changes nothing.
    public mutating func press(at now: Double) {
        guard !isDown else { return }
        state = .moving(since: now, from: max(Self.initialDepth, depth(at: now)), released: nil)
    }

    /// The press was released at `now`; it springs back once fully in.
    public mutating func release(at now: Double) {
        guard case .moving(let since, let from, released: nil) = state else { return }
        state = .moving(since: since, from: from, released: now)
    }

    /// How far it is pushed in at `now`, 0...1.
    public func depth(at now: Double) -> Double {
        guard case .moving(let since, let from, let released) = state else { return 0 }
        let full = since + Self.pressIn
        let rising = min(1, from + (1 - from) * max(0, now - since) / Self.pressIn)
        guard let released else { return rising }
        let peak = max(released, full)
        if now < peak { return rising }
        return max(0, 1 - (now - peak) / Self.springBack)
    }

    /// Whether the depth still changes after `now`: frames must come until
    /// it is fully in, or back at rest.
    public func isMoving(at now: Double) -> Bool {
        guard case .moving(let since, _, let released) = state else { return false }
        guard let released else { return now < since + Self.pressIn }
        return now < max(released, since + Self.pressIn) + Self.springBack
    }

    /// Forgets a spring back that has ended, so that equal feedbacks compare equal.
    public mutating func settle(at now: Double) {
        if case .moving(_, _, released: _?) = state, !isMoving(at: now) { state = .rest }
    }
}

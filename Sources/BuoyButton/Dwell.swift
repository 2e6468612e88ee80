import BuoyCore

/// Dwell clicking, pure: the pointer resting on a target (the button, a
/// menu item) for `seconds` clicks it, for those who point with their head
/// or eyes. It reads no clock; its owner passes the times and wakes at
/// `deadline`.
///
/// What it decides:
/// - Resting tolerates the pointer wandering up to `tolerance` px from
///   where it settled, as head and eye trackers jitter by a few px; moving
///   further settles it there afresh, and the time starts again.
/// - One click per visit: once it clicked (or a real press did), resting
///   on does nothing until the pointer leaves and comes back.
/// - A rest is used once: where the target fills the screen (a click
///   type's overlay), the pointer cannot leave it, so a rest spent at a
///   point (`spend(at:)`) is used up until the pointer moves further than
///   `tolerance` from there, which starts a rest afresh.
/// - Entering is not moving: a rest starts only once the pointer moves
///   further than `tolerance` from where it came onto the target. A target
///   that appears under a pointer that stayed gets an enter from some
///   compositors (sway 1.7 sends one when a surface maps under the
///   pointer, sway 1.10 none until it moves), which cannot be told from a
///   move onto it by the enter alone (issue 42). A pointer moving onto it
///   passes its edge and goes on; one that jumped onto it rests from its
///   next move that far.
public struct Dwell: Sendable, Equatable {
    /// How far the pointer may wander from where it settled and still rest, in logical px.
    public static let tolerance = 8.0

    /// Seconds a rest takes to click; 0 is off.
    public var seconds: Double

    enum State: Sendable, Equatable {
        /// Not on the target.
        case away
        /// On it, and not moved further than `tolerance` from `at` since it
        /// came onto it (nil: where is not known until its first move).
        case entered(at: Point?)
        /// On it since `since`, settled at `anchor`.
        case resting(anchor: Point, since: Double)
        /// This visit clicked (or pressed) already; with a point, moving
        /// further than `tolerance` from it rests afresh.
        case spent(at: Point?)
    }

    var state = State.away

    /// Off unless `seconds` is above 0.
    public init(seconds: Double) {
        self.seconds = seconds
    }

    /// The pointer came onto the target (or the target appeared under it),
    /// at `point` if known: no rest until it moves further than `tolerance`.
    public mutating func entered(at point: Point?) {
        guard seconds > 0 else { return }
        state = .entered(at: point)
    }

    /// A rest runs from `now` at `point`, as if the pointer had just
    /// settled there (a rest on a tucked button brought it back; resting
    /// on taps it).
    public mutating func restAgain(at point: Point, now: Double) {
        guard seconds > 0 else { return }
        state = .resting(anchor: point, since: now)
    }

    /// The pointer moved to `point` on the target.
    public mutating func moved(to point: Point, now: Double) {
        guard seconds > 0 else { return }
        switch state {
        case .away: state = .resting(anchor: point, since: now)
        case .entered(nil): state = .entered(at: point)
        case .entered(let at?) where at.distance(to: point) > Self.tolerance:
            state = .resting(anchor: point, since: now)
        case .resting(let anchor, _) where anchor.distance(to: point) > Self.tolerance:
            state = .resting(anchor: point, since: now)
        case .spent(let spentAt?) where spentAt.distance(to: point) > Self.tolerance:
            state = .resting(anchor: point, since: now)
        case .entered, .resting, .spent: break
        }
    }

    /// The pointer left the target: the next visit may click again.
    public mutating func left() { state = .away }

    /// A press (or anything else that acts on the target) used this visit up.
    public mutating func spend() {
        if state != .away { state = .spent(at: nil) }
    }

    /// The pointer is at `point` on the target without having rested there
    /// (it was there when the target appeared), or its rest there was
    /// used: moving further than `tolerance` from it starts a rest.
    public mutating func spend(at point: Point) {
        guard seconds > 0 else { return }
        state = .spent(at: point)
    }

    /// When the rest clicks, while it runs.
    public var deadline: Double? {
        guard case .resting(_, let since) = state else { return nil }
        return since + seconds
    }

    /// Whether a rest is running (its ring fills).
    public var isRunning: Bool { deadline != nil }

    /// How far the rest has run at `now`, 0...1; 0 when none runs.
    public func progress(at now: Double) -> Double {
        guard case .resting(_, let since) = state, seconds > 0 else { return 0 }
        return min(1, max(0, (now - since) / seconds))
    }

    /// Where the rest clicks at `now`, if it does: then the visit is spent.
    public mutating func fire(at now: Double) -> Point? {
        guard case .resting(let anchor, _) = state, let deadline, now >= deadline else { return nil }
        state = .spent(at: nil)
        return anchor
    }
}

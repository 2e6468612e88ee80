import BuoyCore

/// Turns timestamped presses, moves and releases into taps, double taps, long
/// presses and drags. Pure: it reads no clock. After each `handle`, the loop
/// arms a timer for `deadline` (if any) and feeds `.deadline(at:)` when it fires.
///
/// Decisions the contract leaves open:
/// - When the second press of a would-be double tap turns into something else
///   (a drag, a long press, or a move past the threshold when not draggable),
///   the first press still counts: `tap` fires at that moment, followed by
///   `dragBegan`/`dragMoved` or `longPress`. A tap is never lost because the
///   next press was different.
/// - Any input whose time is at or past `deadline` first settles what was due
///   at the deadline, so a late timer, or a release that races it, gives the
///   same result as a punctual timer: a press released at or after
///   `longPressDelay` is a long press, and a down at or after the double-tap
///   window starts a new press after the single `tap`.
/// - After a long press fires, the rest of that press (moves, release) is
///   ignored; it never becomes a drag.
/// - Ignored: `up` or `move` while not pressed (hover), a `down` while already
///   pressed (a second touch point, say), and `.deadline` earlier than
///   `deadline`.
/// - `up` carries a position: if it is beyond the threshold of an undecided
///   press, it counts as a move first (so a drag begins and ends at once).
///   During a drag, `up` gives only `dragEnded(at:)` with its position.
/// - `cancel` emits `cancelled` whenever anything was in progress: a press (even
///   one already decided, e.g. after a long press), a drag, or a single tap
///   still waiting for a second press, which is discarded.
public struct GestureRecognizer: Sendable, Equatable {
    public let settings: GestureSettings
    private var state: State = .idle

    private enum State: Sendable, Equatable {
        case idle
        /// Released after a tap; a second down before `released + doubleTapWindow`
        /// makes it a double tap.
        case awaitingSecond(released: Double)
        /// Down and undecided. `afterTap`: this is the second press, a tap is pending.
        case pressed(at: Point, time: Double, afterTap: Bool)
        case dragging(grab: Point)
        /// Down, but already decided (long press fired, or moved when not
        /// draggable): swallow the rest until release.
        case consumed
    }

    public init(settings: GestureSettings) {
        self.settings = settings
    }

    /// When the loop must call `handle(.deadline(at:))` next; nil means no timer.
    public var deadline: Double? {
        switch state {
        case .awaitingSecond(let released):
            return released + settings.doubleTapWindow
        case .pressed(_, let time, _) where settings.hasLongPress:
            return time + settings.longPressDelay
        default:
            return nil
        }
    }

    /// Whether a press is down (from an accepted `down` to its `up` or `cancel`).
    public var isPressed: Bool {
        switch state {
        case .pressed, .dragging, .consumed: return true
        case .idle, .awaitingSecond: return false
        }
    }

    /// Feeds one input; returns what it decided, in order.
    public mutating func handle(_ input: GestureInput) -> [Gesture] {
        var out: [Gesture] = []
        let now = input.time
        expire(at: now, into: &out)
        switch input {
        case .down(let point, _):
            switch state {
            case .idle:
                state = .pressed(at: point, time: now, afterTap: false)
                out.append(.pressed)
            case .awaitingSecond:
                state = .pressed(at: point, time: now, afterTap: true)
                out.append(.pressed)
            case .pressed, .dragging, .consumed:
                break
            }
        case .move(let point, _):
            move(to: point, into: &out)
        case .up(let point, _):
            // Releases usually repeat the last position; one beyond the threshold
            // of an undecided press counts as a move first.
            if case .pressed = state { move(to: point, into: &out) }
            switch state {
            case .pressed(_, _, let afterTap):
                if afterTap {
                    out.append(.doubleTap)
                    state = .idle
                } else if settings.hasDoubleTap {
                    state = .awaitingSecond(released: now)
                } else {
                    out.append(.tap)
                    state = .idle
                }
            case .dragging:
                out.append(.dragEnded(at: point))
                state = .idle
            case .consumed:
                state = .idle
            case .idle, .awaitingSecond:
                break
            }
        case .cancel:
            if state != .idle { out.append(.cancelled) }
            state = .idle
        case .deadline:
            break
        }
        // A zero delay or window is already due now; settle it in this call.
        expire(at: now, into: &out)
        return out
    }

    private mutating func move(to point: Point, into out: inout [Gesture]) {
        switch state {
        case .pressed(let start, _, let afterTap):
            guard start.distance(to: point) > settings.dragThreshold else { return }
            if afterTap { out.append(.tap) }
            if settings.draggable {
                state = .dragging(grab: start)
                out.append(.dragBegan(grab: start))
                out.append(.dragMoved(to: point))
            } else {
                state = .consumed
            }
        case .dragging:
            out.append(.dragMoved(to: point))
        case .idle, .awaitingSecond, .consumed:
            break
        }
    }

    /// Fires what was due at `deadline` if `now` has reached it.
    private mutating func expire(at now: Double, into out: inout [Gesture]) {
        guard let deadline, now >= deadline else { return }
        switch state {
        case .awaitingSecond:
            out.append(.tap)
            state = .idle
        case .pressed(_, _, let afterTap):
            if afterTap { out.append(.tap) }
            out.append(.longPress)
            state = .consumed
        case .idle, .dragging, .consumed:
            break
        }
    }
}

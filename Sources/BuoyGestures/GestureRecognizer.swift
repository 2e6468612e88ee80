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
/// - A press follows the kind of its `down` (pointer or touch) and uses that
///   kind's drag threshold; moves, ups and downs of the other kind are
///   ignored until it ends, so a touch that the compositor also reports as
///   a pointer counts once, and a warped pointer never turns a tap into a
///   drag. A double tap's window is the first press's kind's; its second
///   press may be of either kind.
/// - A flick is judged on `up`, from the down point to the up point: at
///   least `flickDistance` away, within `flickDuration`, at `flickSpeed` or
///   faster, and one axis at least twice the other. Only a press that moved
///   past the threshold can be one (a long press cannot), and only in a
///   direction of `flicks`; otherwise its `up` ends it as before.
public struct GestureRecognizer: Sendable, Equatable {
    /// The thresholds, windows and gestures it tells apart.
    public let settings: GestureSettings
    private var state: State = .idle

    private enum State: Sendable, Equatable {
        case idle
        /// Released after a tap of `kind`; a second down before `released +
        /// doubleTapWindow(for: kind)` makes it a double tap.
        case awaitingSecond(released: Double, kind: InputKind)
        /// Down and undecided. `afterTap`: this is the second press, a tap is pending.
        case pressed(Press, afterTap: Bool)
        /// Dragging since `press` went down there.
        case dragging(Press)
        /// Down, but already decided (long press fired, or moved when not
        /// draggable): swallow the rest until release. `flickable`: it moved,
        /// so its release may still be a flick.
        case consumed(Press, flickable: Bool)

        var press: Press? {
            switch self {
            case .pressed(let press, _), .dragging(let press), .consumed(let press, _): return press
            case .idle, .awaitingSecond: return nil
            }
        }
    }

    private struct Press: Sendable, Equatable {
        var start: Point
        var time: Double
        var kind: InputKind
    }

    /// A recognizer with no press down.
    public init(settings: GestureSettings) {
        self.settings = settings
    }

    /// When the loop must call `handle(.deadline(at:))` next; nil means no timer.
    public var deadline: Double? {
        switch state {
        case .awaitingSecond(let released, let kind):
            return released + settings.doubleTapWindow(for: kind)
        case .pressed(let press, _) where settings.hasLongPress:
            return press.time + settings.longPressDelay
        default:
            return nil
        }
    }

    /// Whether a press is down (from an accepted `down` to its `up` or `cancel`).
    public var isPressed: Bool { state.press != nil }

    /// The kind of the press that is down, if one is.
    public var pressKind: InputKind? { state.press?.kind }

    /// Feeds one input; returns what it decided, in order.
    public mutating func handle(_ input: GestureInput) -> [Gesture] {
        var out: [Gesture] = []
        let now = input.time
        expire(at: now, into: &out)
        switch input {
        case .down(let point, let kind, _):
            let press = Press(start: point, time: now, kind: kind)
            switch state {
            case .idle:
                state = .pressed(press, afterTap: false)
                out.append(.pressed)
            case .awaitingSecond:
                state = .pressed(press, afterTap: true)
                out.append(.pressed)
            case .pressed, .dragging, .consumed:
                break
            }
        case .move(let point, let kind, _):
            guard kind == state.press?.kind else { break }
            move(to: point, into: &out)
        case .up(let point, let kind, _):
            guard let press = state.press, kind == press.kind else { break }
            // Releases usually repeat the last position; one beyond the threshold
            // of an undecided press counts as a move first.
            if case .pressed = state { move(to: point, into: &out) }
            switch state {
            case .pressed(_, let afterTap):
                if afterTap {
                    out.append(.doubleTap)
                    state = .idle
                } else if settings.hasDoubleTap {
                    state = .awaitingSecond(released: now, kind: press.kind)
                } else {
                    out.append(.tap)
                    state = .idle
                }
            case .dragging:
                out.append(flick(of: press, to: point, at: now).map { .flick($0) } ?? .dragEnded(at: point))
                state = .idle
            case .consumed(_, let flickable):
                if flickable, let direction = flick(of: press, to: point, at: now) {
                    out.append(.flick(direction))
                }
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
        case .pressed(let press, let afterTap):
            guard press.start.distance(to: point) > settings.dragThreshold(for: press.kind) else { return }
            if afterTap { out.append(.tap) }
            if settings.draggable {
                state = .dragging(press)
                out.append(.dragBegan(grab: press.start))
                out.append(.dragMoved(to: point))
            } else {
                state = .consumed(press, flickable: true)
            }
        case .dragging:
            out.append(.dragMoved(to: point))
        case .idle, .awaitingSecond, .consumed:
            break
        }
    }

    /// The direction of `flicks` that a press released at `point` flicked
    /// in, if it was a flick.
    private func flick(of press: Press, to point: Point, at now: Double) -> FlickDirection? {
        let dx = point.x - press.start.x
        let dy = point.y - press.start.y
        let distance = press.start.distance(to: point)
        let elapsed = now - press.time
        guard distance >= settings.flickDistance, elapsed <= settings.flickDuration,
            distance >= settings.flickSpeed * elapsed
        else { return nil }
        let direction: FlickDirection
        if abs(dx) >= 2 * abs(dy) {
            direction = dx < 0 ? .left : .right
        } else if abs(dy) >= 2 * abs(dx) {
            direction = dy < 0 ? .up : .down
        } else {
            return nil
        }
        return settings.flicks.contains(direction) ? direction : nil
    }

    /// Fires what was due at `deadline` if `now` has reached it.
    private mutating func expire(at now: Double, into out: inout [Gesture]) {
        guard let deadline, now >= deadline else { return }
        switch state {
        case .awaitingSecond:
            out.append(.tap)
            state = .idle
        case .pressed(let press, let afterTap):
            if afterTap { out.append(.tap) }
            out.append(.longPress)
            state = .consumed(press, flickable: false)
        case .idle, .dragging, .consumed:
            break
        }
    }
}

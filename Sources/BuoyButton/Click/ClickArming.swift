import BuoyCore

/// Click types on the next tap anywhere (issue 30 §1). Arming shows a
/// transparent overlay on every output that has a button; the next tap on
/// it (press and release, which the overlay keeps by the implicit grab) is
/// taken, the overlays go, and once the compositor has seen that (a sync
/// round trip, so the click cannot land on an overlay) the click is
/// delivered where the tap was. A drag takes two taps: the first marks
/// where the press goes, the second where the release does.
///
/// With `[button] dwell`, the pointer resting on an overlay is a tap there
/// (`Dwell`: it may wander `Dwell.tolerance` px), so a dwell user, who
/// armed it by resting on the button, clicks anywhere by resting there. A
/// drag's second rest must be away from its first.
///
/// Pure: the shell passes the time, and carries out the effects.
public struct ClickArming: Sendable, Equatable {
    /// How long the sync after the overlays' removal may take before the
    /// click is dropped rather than sent late to who knows what.
    public static let syncWait = 1.0

    /// Why the arming ended without a click.
    public enum DisarmReason: String, Sendable, Equatable {
        /// A gesture on buoy's button.
        case button
        /// Escape, while the overlay has the keyboard.
        case escape
        /// `buoy msg click cancel`.
        case msg
        /// `[gestures] click_timeout` passed without a tap.
        case timeout
        /// The output of the tap (or of a drag's first tap) went away, or no
        /// output with a button is left.
        case outputGone = "output_gone"
        /// A drag's second tap was on another output than its first.
        case otherOutput = "other_output"
        /// The compositor did not answer the sync in time.
        case noSync = "no_sync"
        /// Armed again with another type, which replaces it.
        case replaced
    }

    /// A tap on an overlay: its output and where, in its logical pixels.
    public struct Spot: Sendable, Equatable {
        /// The output's name.
        public var output: String
        /// Where on it, in its logical pixels.
        public var point: Point

        /// A tap on `output` at `point`.
        public init(output: String, point: Point) {
            self.output = output
            self.point = point
        }
    }

    /// Where the arming is.
    public enum Phase: Sendable, Equatable {
        case idle
        /// The overlays are up; `dragFrom` is a drag's first tap.
        case armed(ClickType, until: Double, dragFrom: Spot?)
        /// A press on an overlay, whose release it waits for.
        case pressed(ClickType, until: Double, dragFrom: Spot?)
        /// The overlays are gone; the click waits for the sync's answer.
        case syncing(ClickType, from: Spot, to: Spot, since: Double)
    }

    /// What the shell tells it.
    public enum Input: Sendable, Equatable {
        /// Arm `type` for `timeout` seconds, with overlays on `outputs`; a
        /// pointer resting `dwell` seconds on one taps there (0: never).
        case arm(ClickType, timeout: Double, outputs: [String], dwell: Double = 0, at: Double)
        case cancel(DisarmReason, at: Double)
        /// A press or a touch down on an overlay.
        case press(Spot, at: Double)
        /// The release or touch up that ends it.
        case release(Spot, at: Double)
        /// The pointer came onto an overlay, or moved on one.
        case pointerEntered(Spot, at: Double)
        case pointerMoved(Spot, at: Double)
        /// The pointer left the overlays.
        case pointerLeft(at: Double)
        /// The outputs that have a button now.
        case outputs([String], at: Double)
        /// The sync asked after the overlays' removal was answered.
        case synced(at: Double)
        case tick(at: Double)
    }

    /// What the shell carries out, in order.
    public enum Effect: Sendable, Equatable {
        /// Overlays on exactly these outputs (none: remove them all).
        case overlays([String])
        /// Ask the compositor for a sync after the removal's commits.
        case sync
        /// Send these events through the virtual pointer on `output`.
        case deliver([PointerStep], output: String)
        case armed(ClickType)
        case clicked(ClickType, Spot)
        case disarmed(DisarmReason)
    }

    /// Idle until armed.
    public private(set) var phase = Phase.idle
    /// The outputs overlays are on while armed.
    public private(set) var outputs: [String] = []
    /// The armed type's timeout, which a drag's second tap gets afresh.
    private var timeout = 5.0
    /// The pointer resting on an overlay, and that overlay's output.
    private var dwell = Dwell(seconds: 0)
    private var dwellOutput: String?

    /// Idle.
    public init() {}

    /// The type armed, from arming until the click is delivered; `msg state`'s `armed`.
    public var armed: ClickType? {
        switch phase {
        case .idle: nil
        case .armed(let type, _, _), .pressed(let type, _, _), .syncing(let type, _, _, _): type
        }
    }

    /// When a tick is due: the timeout (or a rest's end, if sooner), or the
    /// sync's wait.
    public var deadline: Double? {
        switch phase {
        case .idle: nil
        case .armed(_, let until, _): min(until, dwell.deadline ?? until)
        case .pressed(_, let until, _): until
        case .syncing(_, _, _, let since): since + Self.syncWait
        }
    }

    /// Takes one input; returns what to carry out.
    public mutating func handle(_ input: Input) -> [Effect] {
        switch (input, phase) {
        case (.arm(let type, let timeout, let outputs, let dwell, let now), _):
            guard !outputs.isEmpty else { return disarm(.outputGone) }
            let replaced: [Effect] = armed != nil ? [.disarmed(.replaced)] : []
            self.outputs = outputs
            self.timeout = timeout
            self.dwell = Dwell(seconds: dwell)
            phase = .armed(type, until: now + timeout, dragFrom: nil)
            return replaced + [.overlays(outputs), .armed(type)]
        case (.cancel(let reason, _), _):
            return disarm(reason)
        case (.press, .armed(let type, let until, let dragFrom)):
            dwell.spend()
            phase = .pressed(type, until: until, dragFrom: dragFrom)
            return []
        case (.pointerEntered(let spot, let now), .armed):
            dwellOutput = spot.output
            dwell.entered(at: spot.point, now: now)
            return []
        case (.pointerMoved(let spot, let now), .armed(_, _, let dragFrom)):
            if dwellOutput != spot.output {
                dwell.left()
                dwellOutput = spot.output
            }
            // A drag's first rest spent the visit: moving away from it starts the second.
            if dwell.deadline == nil, let from = dragFrom,
                from.point.distance(to: spot.point) > Dwell.tolerance
            {
                dwell.left()
            }
            dwell.moved(to: spot.point, now: now)
            return []
        case (.pointerLeft, _):
            dwell.left()
            return []
        case (.release(let spot, let now), .pressed(.drag, _, nil)):
            // A drag's first tap: the press goes there, once the second says where to.
            phase = .armed(.drag, until: now + timeout, dragFrom: spot)
            return []
        case (.release(let spot, let now), .pressed(let type, _, let dragFrom)):
            guard dragFrom == nil || dragFrom?.output == spot.output else { return disarm(.otherOutput) }
            phase = .syncing(type, from: dragFrom ?? spot, to: spot, since: now)
            outputs = []
            return [.overlays([]), .sync]
        case (.synced, .syncing(let type, let from, let to, _)):
            phase = .idle
            return [
                .deliver(type.steps(from: from.point, to: to.point), output: to.output), .clicked(type, to),
            ]
        case (.outputs(let now, _), .armed(_, _, let dragFrom)),
            (.outputs(let now, _), .pressed(_, _, let dragFrom)):
            guard !now.isEmpty, dragFrom.map({ now.contains($0.output) }) ?? true else {
                return disarm(.outputGone)
            }
            guard now != outputs else { return [] }
            outputs = now
            return [.overlays(now)]
        case (.outputs(let now, _), .syncing(_, _, let to, _)) where !now.contains(to.output):
            return disarm(.outputGone)
        case (.tick(let now), .armed(_, let until, _)) where now >= until,
            (.tick(let now), .pressed(_, let until, _)) where now >= until:
            return disarm(.timeout)
        case (.tick(let now), .armed(let type, let until, let dragFrom)):
            guard let output = dwellOutput, case (true, let point?) = dwell.fire(at: now) else { return [] }
            // A rest is a tap where it rested.
            phase = .pressed(type, until: until, dragFrom: dragFrom)
            return handle(.release(Spot(output: output, point: point), at: now))
        case (.tick(let now), .syncing(_, _, _, let since)) where now >= since + Self.syncWait:
            return disarm(.noSync)
        default:
            return []
        }
    }

    /// Ends the arming, if there is one, and removes its overlays.
    private mutating func disarm(_ reason: DisarmReason) -> [Effect] {
        let hadOverlays = !outputs.isEmpty
        let wasArmed = armed != nil
        phase = .idle
        outputs = []
        guard wasArmed else { return [] }
        return (hadOverlays ? [.overlays([])] : []) + [.disarmed(reason)]
    }
}

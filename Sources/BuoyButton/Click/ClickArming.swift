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
/// rest is used once: an enter is not a move (`Dwell`), so an overlay that
/// appears under a pointer that stays (on the menu item that armed it, or
/// on another client's window: sway 1.7 says the pointer entered the
/// overlay there, sway 1.10 says nothing until it moves) has not been
/// rested on, and where a rest tapped is used up, so each click needs the
/// pointer to move further than `Dwell.tolerance` and rest again. A drag's
/// second rest is therefore away from its first.
///
/// Hiding or removing the button that armed it, or a reload taking it
/// away, disarms: the next tap anywhere must not become a click with no
/// button on screen to say so. A button whose output went is armed still
/// once it lands on another, with the overlays there.
///
/// Pure: the shell passes the time, and carries out the effects.
public struct ClickArming: Sendable, Equatable {
    /// Why `button`, hidden by `hiddenBy`, may not arm `type`, or nil when
    /// it may: armed, a hidden button would make the next tap anywhere a
    /// click with nothing on screen to say so (issue 42 §1). `buoy msg
    /// click`, a gesture and a menu item all ask this.
    public static func refusal(arming type: ClickType, from button: String, hiddenBy: HiddenBy?) -> String? {
        hiddenBy.map { "cannot arm \(type.actionName): \(button) is hidden (\($0.rawValue))" }
    }

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
        /// The output of the tap (or of a drag's first tap, or of a press
        /// held on an overlay) went away, or no output had a button to arm on.
        case outputGone = "output_gone"
        /// A drag's second tap was on another output than its first.
        case otherOutput = "other_output"
        /// The compositor did not answer the sync in time.
        case noSync = "no_sync"
        /// Armed again with another type, which replaces it.
        case replaced
        /// The button that armed it was hidden (`msg hide`, a visibility
        /// rule): nothing on screen would show what the next tap does.
        case hidden
        /// The button that armed it was dropped on the remove target.
        case removed
        /// A reload took away (or renamed) the button that armed it.
        case buttonGone = "button_gone"
        /// A tap on the pointer pad was the click (issue 45).
        case pointerPad = "pointer_pad"
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
        /// Arm `type` from button `from` for `timeout` seconds, with
        /// overlays on `outputs`; a pointer resting `dwell` seconds on one
        /// taps there (0: never).
        case arm(
            ClickType, from: InstanceKey, timeout: Double, outputs: [String], dwell: Double = 0, at: Double)
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
        /// The buttons now, each with what hides it (nil: shown).
        case buttons([InstanceKey: HiddenBy?], at: Double)
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
    /// The button that armed it last: while armed, its face shows the
    /// type, and hiding it disarms.
    public private(set) var owner: InstanceKey?
    /// The outputs overlays are on while armed.
    public private(set) var outputs: [String] = []
    /// The armed type's timeout, which a drag's second tap gets afresh.
    private var timeout = 5.0
    /// The pointer resting on an overlay, and that overlay's output.
    private var dwell = Dwell(seconds: 0)
    /// Where the pointer is on the overlays, while it is on one.
    private var pointer: Spot?

    /// Idle.
    public init() {}

    /// The type armed, from arming until the click is delivered; `msg state`'s `armed`.
    public var armed: ClickType? {
        switch phase {
        case .idle: nil
        case .armed(let type, _, _), .pressed(let type, _, _), .syncing(let type, _, _, _): type
        }
    }

    /// Whether the overlays are up, and so hold the keyboard (for Escape).
    public var holdsKeyboard: Bool { !outputs.isEmpty }

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
        case (.arm(let type, let owner, let timeout, let outputs, let dwell, let now), _):
            guard !outputs.isEmpty else { return disarm(.outputGone) }
            let replaced: [Effect] = armed != nil ? [.disarmed(.replaced)] : []
            self.owner = owner
            self.outputs = outputs
            self.timeout = timeout
            self.dwell = Dwell(seconds: dwell)
            // Armed again under a pointer already on an overlay: it has not rested there.
            if let pointer { self.dwell.spend(at: pointer.point) }
            phase = .armed(type, until: now + timeout, dragFrom: nil)
            return replaced + [.overlays(outputs), .armed(type)]
        case (.cancel(let reason, _), _):
            return disarm(reason)
        case (.press(let spot, _), .armed(let type, let until, let dragFrom)):
            dwell.spend(at: spot.point)
            // A scroll goes from its press to its release.
            phase = .pressed(type, until: until, dragFrom: type == .scroll ? spot : dragFrom)
            return []
        case (.pointerEntered(let spot, _), _):
            pointer = spot
            dwell.entered(at: spot.point)
            return []
        case (.pointerMoved(let spot, let now), _):
            if pointer?.output != spot.output { dwell.left() }
            pointer = spot
            dwell.moved(to: spot.point, now: now)
            return []
        case (.pointerLeft, _):
            pointer = nil
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
            pointer = nil
            return [.overlays([]), .sync]
        case (.synced, .syncing(let type, let from, let to, _)):
            phase = .idle
            return [
                .deliver(type.steps(from: from.point, to: to.point), output: to.output), .clicked(type, to),
            ]
        case (.outputs(let now, _), .pressed) where now.isEmpty:
            return disarm(.outputGone)
        case (.outputs(let now, _), .armed(_, _, let dragFrom)),
            (.outputs(let now, _), .pressed(_, _, let dragFrom)):
            // No output with a button for now (its output went and it has
            // not landed on another yet): armed still, without overlays,
            // until it lands or the timeout ends it.
            guard dragFrom.map({ now.contains($0.output) }) ?? true else { return disarm(.outputGone) }
            guard now != outputs else { return [] }
            outputs = now
            if let output = pointer?.output, !now.contains(output) {
                pointer = nil
                dwell.left()
            }
            return [.overlays(now)]
        case (.outputs(let now, _), .syncing(_, _, let to, _)) where !now.contains(to.output):
            return disarm(.outputGone)
        case (.buttons(let buttons, _), .armed), (.buttons(let buttons, _), .pressed):
            guard let owner else { return [] }
            guard let hiddenBy = buttons[owner] else {
                // An `output = "*"` button's instance goes with its output.
                return disarm(owner.instanceOutput == nil ? .buttonGone : .outputGone)
            }
            switch hiddenBy {
            case nil: return []
            case .removed: return disarm(.removed)
            case .msg, .fullscreen, .app, .mode: return disarm(.hidden)
            }
        case (.tick(let now), .armed(_, let until, _)) where now >= until,
            (.tick(let now), .pressed(_, let until, _)) where now >= until:
            return disarm(.timeout)
        case (.tick(let now), .armed(let type, let until, let dragFrom)):
            guard let output = pointer?.output, let point = dwell.fire(at: now) else {
                return []
            }
            // A rest is a tap where it rested, and used up there.
            dwell.spend(at: point)
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
        pointer = nil
        guard wasArmed else { return [] }
        return (hadOverlays ? [.overlays([])] : []) + [.disarmed(reason)]
    }
}

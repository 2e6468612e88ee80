import BuoyButton
import BuoyCore
import BuoyWayland

/// The adapter between the shell and `ClickArming`: it feeds the
/// controller the overlays' input, the sync's answer and the time, and
/// carries out its effects on the overlays and the compositor's pointer:
/// the virtual pointers, or KWin's fake input (`ClickBackend` chooses). The
/// controller decides; this only routes.
final class ClickSession {
    /// The arming, which decides; this only routes.
    private(set) var arming = ClickArming()
    private let overlays: ClickOverlays
    private lazy var pointers = VirtualPointers(display: display)
    private unowned let display: Display
    private let log: Logger
    /// Asked once the overlays are gone; the click waits for its answer.
    private var sync: SyncPoint?
    /// Whether a tap on a click type, with no protocol to click with, was logged.
    private var reportedUnavailable = false
    /// Tells `buoy msg subscribe` of the arming, the click and the
    /// disarming, as events of the button that armed it.
    var publish: (ButtonEvent.Kind, InstanceKey) -> Void = { _, _ in }

    init(display: Display, log: Logger) {
        self.display = display
        self.log = log
        overlays = ClickOverlays(display: display, log: log)
    }

    /// The type armed: `msg state`'s `armed`.
    var armed: ClickType? { arming.armed }
    var deadline: Double? { arming.deadline }

    /// What `instance`'s face shows in place of its own: the armed type's
    /// glyph, on the button that armed it.
    func glyph(on instance: ButtonInstance) -> Glyph? {
        instance.key == arming.owner ? arming.armed?.glyph : nil
    }

    /// Arms `type` from `owner`, with overlays on `outputs`; returns why it
    /// cannot be (no protocol to click with, no output).
    func arm(
        _ type: ClickType, from owner: ButtonInstance, outputs: [String], timeout: Double, dwell: Double,
        now: Double
    ) -> String? {
        if case .unavailable(let why) = backend {
            let problem = "\(type.actionName) is unavailable here: \(why)"
            if !reportedUnavailable {
                reportedUnavailable = true
                log.warning(problem)
            }
            return problem
        }
        guard !outputs.isEmpty else { return "\(type.actionName): no button is on an output" }
        // KWin adds fake input's device to its seat when buoy binds and
        // authenticates: done now, it is there before the tap.
        if backend == .fakeInput { _ = display.fakeInput() }
        if let previous = arming.owner, previous != owner.key, arming.armed != nil {
            perform(arming.handle(.cancel(.replaced, at: now)), now: now)
        }
        perform(
            arming.handle(
                .arm(
                    type, from: owner.key, timeout: timeout, outputs: outputs, dwell: dwell, at: now)),
            now: now)
        return nil
    }

    /// Disarms, if armed.
    func cancel(_ reason: ClickArming.DisarmReason, now: Double) {
        perform(arming.handle(.cancel(reason, at: now)), now: now)
    }

    /// Takes `record` if it is for an overlay (a press, its release,
    /// Escape); false when it is for someone else.
    func route(_ record: InputRecord) -> Bool {
        guard let output = overlays.output(of: record.surface) else { return false }
        let spot = { (point: Point) in ClickArming.Spot(output: output, point: point) }
        let input: ClickArming.Input?
        switch record.event {
        case .pointerPress(let point, let at), .touchDown(let point, let at):
            input = .press(spot(point), at: at)
        case .pointerRelease(let point, let at), .touchUp(let point, let at):
            input = .release(spot(point), at: at)
        case .pointerEnter(let point, let at):
            input = .pointerEntered(spot(point), at: at)
        case .pointerMotion(let point, let at):
            input = .pointerMoved(spot(point), at: at)
        case .pointerLeave(let at):
            input = .pointerLeft(at: at)
        case .key(let keysym, let at) where MenuNavigation.key(forKeysym: keysym) == .dismiss:
            input = .cancel(.escape, at: at)
        default:
            input = nil
        }
        if let input { perform(arming.handle(input), now: input.time) }
        return true
    }

    /// Once a wakeup: the sync's answer, overlays closed by the compositor,
    /// the outputs that have a button now, the buttons and what hides each,
    /// the buttons' places, the time.
    func update(
        outputs: [String], buttons: [InstanceKey: HiddenBy?], places: (String) -> [Rect], now: Double
    ) {
        if let sync, sync.answered {
            self.sync = nil
            perform(arming.handle(.synced(at: now)), now: now)
        }
        let closed = overlays.takeClosed()
        if arming.armed != nil {
            perform(arming.handle(.buttons(buttons, at: now)), now: now)
        }
        if arming.armed != nil {
            perform(arming.handle(.outputs(outputs.filter { !closed.contains($0) }, at: now)), now: now)
        }
        perform(arming.handle(.tick(at: now)), now: now)
        overlays.update(buttons: places)
    }

    private func perform(_ effects: [ClickArming.Effect], now: Double) {
        for effect in effects {
            switch effect {
            case .overlays(let outputs):
                overlays.show(on: outputs)
            case .sync:
                sync = SyncPoint(display: display)
            case .deliver(let steps, let name):
                guard let output = display.output(named: name), deliver(steps, on: output) else {
                    log.warning("cannot deliver the click on \(name)")
                    continue
                }
            case .armed(let type):
                log.info("\(type.actionName) armed: the next tap anywhere is one")
                if let owner = arming.owner { publish(.armed(type), owner) }
            case .clicked(let type, let spot):
                log.info("\(type.actionName) at \(spot.point.x),\(spot.point.y) on \(spot.output)")
                if let owner = arming.owner {
                    publish(.clicked(type, output: spot.output, at: spot.point), owner)
                }
            case .disarmed(let reason):
                log.info("click disarmed: \(reason.rawValue)")
                if let owner = arming.owner { publish(.disarmed(reason: reason.rawValue), owner) }
            }
        }
    }
}

extension ClickSession {
    /// What clicks here, from the globals the compositor offers; the
    /// pointer pad moves the pointer with it too.
    var backend: ClickBackend {
        ClickBackend.choose(
            virtualPointer: display.virtualPointerVersion, fakeInput: display.fakeInputVersion)
    }

    /// Sends `steps` (in `output`'s logical pixels) through the backend;
    /// false when it has nothing to send them with. The pointer pad's
    /// steps go this way too, through the same pointer device.
    func deliver(_ steps: [PointerStep], on output: Output) -> Bool {
        switch backend {
        case .virtualPointer:
            return pointers.send(steps, on: output)
        case .fakeInput:
            guard let fakeInput = display.fakeInput() else { return false }
            // Fake input moves in the layout; an output xdg-output has not
            // placed yet is taken to be at its top-left corner.
            let origin = output.logicalRect?.origin ?? Point(x: 0, y: 0)
            fakeInput.send(ClickBackend.globalSteps(steps, origin: origin, size: output.logicalSize))
            return true
        case .unavailable:
            return false
        }
    }
}

extension ClickArming.Input {
    /// When it happened.
    var time: Double {
        switch self {
        case .arm(_, _, _, _, _, let at), .cancel(_, let at), .press(_, let at), .release(_, let at),
            .pointerEntered(_, let at), .pointerMoved(_, let at), .pointerLeft(let at), .outputs(_, let at),
            .buttons(_, let at), .synced(let at), .tick(let at):
            at
        }
    }
}

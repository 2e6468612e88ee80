import BuoyCore
import BuoyGestures

/// The behaviour of one button instance, pure: inputs with their times in,
/// effects out, and what to show at a time. It reads no clock; the shell
/// passes `now` and arms a timer for `nextWake`.
///
/// Decisions the contract leaves open:
/// - A press on a tucked button only brings it back: its tap, double tap,
///   long press or flick does not run (it can still be dragged).
/// - Reloaded gesture settings take effect once the press (and any tap
///   waiting for a second one) is over; everything else at once.
/// - The preferred output coming back during a press or a drag moves the
///   button there when the press ends, never under the finger.
/// - While the menu is open, presses belong to it: the release is reported
///   as `menuRelease`, and nothing is recognized or dragged.
/// - A cancel during a drag ends the drag where it was, and it snaps.
/// - A cancel ends a press of its own kind only: a touch ignored during a
///   pointer press may be cancelled (KWin), which must not end the press.
/// - The pointer leaving cancels a pointer press only: compositors (sway)
///   send a pointer leave when a touch begins, which must not end the touch.
///   A press that has not moved first waits for it to come back (`+Away`).
/// - The button is fully visible (the fade held) while the pointer is over
///   it, a press on it is down, or its menu is open; the idle delay counts
///   from when the last of them ends.
/// - A flick during a drag runs its action and the button glides back to
///   where it rests; nothing is saved.
/// - The button is pushed in (`pressDepth`) while a press on it is down
///   and not dragging, and springs back when it ends (`PressFeedback`). A
///   drag shows it at full size at once: it follows the finger as it looks
///   at rest.
/// - Drag to remove (`removable`): a drag shows the remove target; a drop
///   (not a cancel) with the button's centre within `RemoveTarget.reach` of
///   it removes the button, which keeps its rest from before the drag and
///   saves nothing. Undo shows for `RemoveTarget.undoDuration(after:)` (a
///   finger's drop keeps it longer), longer
///   while a press on it is down; its tap, `show` or SIGUSR1 brings the
///   button back. A flick over the target is a flick.
/// - A press on the button asks for `button-pressed` feedback, and the
///   release of a press whose long press ran for `button-released`: under
///   `feedback = "auto"` touch presses only, under "on" pointer presses too.
///   A press that brings a tucked button back is felt, though it runs
///   nothing; a press on the open menu is not.
/// - A drag follows the pointer onto another output's area (`otherOutputs`).
///   It is clamped to the area the pointer is on (over none, a bar or a
///   gap in the layout, to the last one), but may reach over an edge where
///   another area touches it, so it straddles the two as it crosses. A
///   drop or a cancel with the pointer on another area snaps there and the
///   button rests there (`crossed`); a flick there glides back home. Other
///   outputs given mid-drag move it at once, to where the pointer is in
///   the new layout: off an output that went, back onto its own. The
///   remove target shows on the output the pointer is over; a drop on it
///   there removes the button there (`crossed`, then `removed`): Undo
///   shows there and brings it back there, at the rest it had.
/// - A reload that resizes the button mid-drag keeps the point it was
///   grabbed by under the pointer.
public struct ButtonController: Sendable, Equatable {
    /// What it depends on; a `settings` input replaces it.
    public internal(set) var settings: ButtonSettings
    /// Where the button rests when it is not moving; what the state file keeps.
    public internal(set) var rest: RestPosition
    /// The output it rests on: from the state file, the user's choice or the
    /// focus it follows; nil while the compositor chooses.
    public internal(set) var restOutput: String?
    /// The config's `position` when the user chose where it rests (a drag,
    /// `buoy msg move`); nil while it rests where the config says. Only a
    /// chosen place is kept in the state file, and a config whose
    /// `position` differs from this wins over it.
    public internal(set) var chosenOver: Placement?
    /// With `output = "focused"`: where it rested on each output it left,
    /// so that it comes back there when the focus does.
    var placesByOutput: [String: RestPosition] = [:]
    /// The output its surface is on, as the shell last said.
    public internal(set) var output: String?
    /// The usable area, once known.
    public internal(set) var usable: Rect?
    var neighbours: [Rect] = []
    /// The other outputs a drag may carry it onto, in its coordinates.
    public internal(set) var otherOutputs: [OtherOutput] = []
    var recognizer: GestureRecognizer
    var fade: IdleFade
    /// Whether the pointer is over the button's surface (a fact of input,
    /// used to keep it awake after a pointer release).
    var hovered = false
    var feedback = PressFeedback()
    /// When the pointer left while a pointer press was down, not yet a drag.
    var pointerAway: Double?
    /// The pointer resting on it, which taps it (`ButtonController+Dwell`).
    var dwell: Dwell
    var phase: Phase = .unplaced

    /// A button that will rest at `rest` (on `restOutput`, over the config's
    /// `chosenOver` when the user chose it) once it is given an area; its
    /// fade starts at `now`.
    public init(
        settings: ButtonSettings, rest: RestPosition, restOutput: String? = nil, chosenOver: Placement? = nil,
        now: Double
    ) {
        self.settings = settings
        self.rest = rest
        self.restOutput = restOutput
        self.chosenOver = chosenOver
        recognizer = GestureRecognizer(settings: settings.gestures)
        fade = IdleFade(settings: settings.fade, now: now)
        dwell = Dwell(seconds: settings.dwell)
    }

    // MARK: - Queries

    /// `buoy msg hide`: it stays hidden, whatever the rules say, until shown.
    var hiddenOnRequest = false
    /// The visibility rule that hides it, if one does.
    public internal(set) var ruleHiding: HiddenBy?
    /// Whether a drag holds it.
    public var isDragging: Bool {
        if case .dragging = phase { return true }
        return false
    }
    /// From a press going down to its release or cancel.
    public var isPressed: Bool {
        switch phase {
        case .pressed, .dragging: return true
        case .menu(_, let press): return press != nil
        default: return false
        }
    }
    /// Whether it is tucked half out of view at rest.
    public var isTucked: Bool {
        if case .resting(_, tucked: true) = phase { return true }
        return false
    }

    /// The opacity at `now`.
    public func opacity(at now: Double) -> Double { fade.opacity(at: now) }

    /// What to show at `now`; nil while hidden or unplaced. Advances a glide
    /// that has landed, so call it when rendering.
    public mutating func frame(at now: Double) -> ButtonAppearance? {
        let origin: Point
        var otherOutput: OtherOutput?
        var onOwnArea = true
        switch phase {
        case .unplaced, .hidden, .removed: return nil
        case .dragging(let drag):
            origin = drag.origin
            let rect = Rect(origin: origin, size: Size(width: settings.size, height: settings.size))
            otherOutput =
                self.otherOutput(named: drag.over) ?? otherOutputs.first { $0.area.intersects(rect) }
            onOwnArea = usable?.intersects(rect) ?? true
        case .resting(let motion, let tucked):
            origin = motion.origin(at: now)
            phase = .resting(landed(motion, at: now), tucked: tucked)
        case .pressed(let motion, let press):
            origin = motion.origin(at: now)
            phase = .pressed(landed(motion, at: now), press)
        case .menu(let motion, let press):
            origin = motion.origin(at: now)
            phase = .menu(landed(motion, at: now), press)
        }
        let whole: Bool
        switch phase {
        case .pressed, .dragging, .menu: whole = true
        default: whole = false
        }
        feedback.settle(at: now)
        return ButtonAppearance(
            origin: origin, opacity: fade.opacity(at: now), wholeSurfaceInput: whole,
            pressDepth: feedback.depth(at: now), otherOutput: otherOutput, onOwnArea: onOwnArea,
            dwell: dwell.progress(at: now))
    }

    /// When something changes next without input: `.frames` while it moves
    /// or fades, a timer for the next deadline, nil when nothing will (so an
    /// idle button causes no wakeups).
    public func nextWake(after now: Double) -> IdleFade.Wake? {
        if case .removed(let undo) = phase {
            // A press down on Undo keeps it: its release decides.
            let undo = undo.flatMap { $0.press == nil ? $0.deadline : nil }
            return [recognizer.deadline, undo].compactMap { $0 }.min().map { .timer(at: $0) }
        }
        if phase == .hidden || phase == .unplaced { return recognizer.deadline.map { .timer(at: $0) } }
        if isGliding || feedback.isMoving(at: now) || targetFading(at: now) || dwell.isRunning {
            return .frames
        }
        let fadeWake = fade.nextWake(after: now)
        if fadeWake == .frames { return .frames }
        var deadline = recognizer.deadline
        func consider(_ time: Double) { deadline = min(deadline ?? time, time) }
        if case .timer(let at)? = fadeWake { consider(at) }
        if let tuckTime { consider(tuckTime) }
        if let pointerAway { consider(pointerAway + Self.pointerAwayLimit) }
        return deadline.map { .timer(at: $0) }
    }

    private func targetFading(at now: Double) -> Bool {
        guard settings.removable, case .dragging(let drag) = phase else { return false }
        return now < drag.began + RemoveTarget.fadeIn
    }

    private var isGliding: Bool {
        switch phase {
        case .resting(.gliding, _), .pressed(.gliding, _), .menu(.gliding, _): return true
        default: return false
        }
    }

    // MARK: - Decisions

    /// Feeds one input; returns what the shell must do, in order.
    public mutating func handle(_ input: ButtonInput) -> [ButtonEffect] {
        var effects: [ButtonEffect] = []
        switch input {
        case .hover(let inside, let now, _):
            hovered = inside
            if inside {
                pointerAway = nil
                effects.append(.cursor(isDragging ? .grabbing : .hover))
            } else if pressKind == .pointer {
                effects += pointerLeft(at: now)
            }
        case .press(let point, let kind, let now):
            pointerAway = nil
            switch phase {
            case .menu(let motion, nil): phase = .menu(motion, .onMenu(kind))
            case .resting, .pressed, .dragging:
                effects += recognize(.down(point, kind: kind, at: now), at: now)
            case .removed(var undo?):
                guard undo.press == nil, isOnUndo(point) else { break }
                undo.press = kind
                phase = .removed(undo)
            case .unplaced, .hidden, .menu, .removed(nil): break
            }
        case .move(let point, let kind, let now):
            if case .pressed = phase { effects += recognize(.move(point, kind: kind, at: now), at: now) }
            if case .dragging = phase { effects += recognize(.move(point, kind: kind, at: now), at: now) }
        case .release(let point, let kind, let now):
            pointerAway = nil
            effects += release(point, kind: kind, at: now)
        case .cancel(let kind, let now):
            if pressKind == nil || pressKind == kind { effects += cancelPress(at: now) }
        case .activate(let now):
            guard let centre = restingRect?.center else { break }
            effects += handle(.press(centre, at: now)) + handle(.release(centre, at: now))
        case .tick(let now):
            if let deadline = recognizer.deadline, now >= deadline {
                effects += recognize(.deadline(at: now), at: now)
            }
            effects += pointerStayedAway(at: now)
            if let tuckTime, now >= tuckTime, case .resting(let motion, tucked: false) = phase {
                phase = .resting(motion, tucked: true)
                glideToRest(at: now, animated: true)
            }
            if case .removed(let undo?) = phase, undo.press == nil, now >= undo.deadline {
                phase = .removed(nil)
            }
        case .area(let area, let now):
            effects += setArea(area, at: now)
        case .neighbours(let rects):
            neighbours = rects
        case .otherOutputs(let outputs):
            otherOutputs = outputs
            if case .dragging(let held) = phase { drag(to: held.pointer) }
        case .settings(let new, let now):
            adopt(new, at: now)
        case .menuOpening(let now):
            fade.wake(at: now)
            if isTucked {
                untuck()
                glideToRest(at: now, animated: false)
            }
        case .menuOpened:
            // A press still down on the button is over as a gesture: the
            // recognizer starts afresh, and that press's release is swallowed.
            var longPressed = false
            if case .pressed(_, let press) = phase { longPressed = press.longPressed }
            let opener = isPressed ? pressKind.map { MenuPress.opener($0, longPressed: longPressed) } : nil
            switch phase {
            case .resting(let motion, _): phase = .menu(motion, nil)
            case .pressed(let motion, _):
                recognizer = GestureRecognizer(settings: settings.gestures)
                phase = .menu(motion, opener)
            case .dragging(let drag):
                recognizer = GestureRecognizer(settings: settings.gestures)
                phase = .menu(.still(drag.origin), opener)
            case .menu, .unplaced, .hidden, .removed: break
            }
        case .menuClosed:
            if case .menu(let motion, _) = phase { phase = .resting(motion, tucked: false) }
        case .setVisible(let visible, let now):
            hiddenOnRequest = !visible
            // `show` and SIGUSR1 undo a removal too; `hide` ends its Undo,
            // which would bring it back before a `show`.
            if isRemoved { phase = visible ? .hidden : .removed(nil) }
            effects += setVisible(hiddenBy == nil, at: now)
        case .ruleHides(let reason, let now):
            ruleHiding = reason
            effects += setVisible(hiddenBy == nil, at: now)
        case .moveTo, .moveToPoint, .moveToOutput, .followFocus, .followConfig, .settleAmongNeighbours,
            .output:
            effects += place(input)
        case .preferredOutputReturned:
            switch phase {
            case .pressed(let motion, var press):
                press.relocateWhenDone = true
                phase = .pressed(motion, press)
            case .dragging(var drag):
                drag.relocateWhenDone = true
                phase = .dragging(drag)
            default:
                effects.append(.relocate)
            }
        }
        effects += followDwell(input)
        adoptGestureSettingsWhenIdle()
        switch input {
        case .neighbours, .otherOutputs, .output: break
        default:
            followPress(at: input.time)
            if fade.isHeld != holdsFade { fade.hold(holdsFade, at: input.time) }
        }
        return effects
    }

    /// The kind of the press that is down, on the button or on the menu.
    var pressKind: InputKind? {
        switch phase {
        case .pressed, .dragging: return recognizer.pressKind ?? .pointer
        case .menu(_, let press): return press?.kind
        case .removed(let undo): return undo?.press
        default: return nil
        }
    }

    /// Pushes the button in while a press on it is down, and lets it spring
    /// back; a drag is at full size at once.
    private mutating func followPress(at now: Double) {
        switch phase {
        case .pressed: feedback.press(at: now)
        case .dragging: feedback = PressFeedback()
        default: feedback.release(at: now)
        }
    }

    /// Whether the fade is held: while the pointer is over the button, a
    /// press on it is down, or its menu is open.
    private var holdsFade: Bool { hovered || isPressed || isMenuOpen }

    private var isMenuOpen: Bool {
        if case .menu = phase { return true }
        return false
    }

    private mutating func release(_ point: Point, kind: InputKind, at now: Double) -> [ButtonEffect] {
        switch phase {
        case .menu(let motion, .onMenu(kind)?):
            phase = .menu(motion, nil)
            return [.menuRelease(point)]
        case .menu(let motion, .opener(kind, let longPressed)?):
            phase = .menu(motion, nil)
            return longPressed ? feedback(.buttonReleased, kind: kind) : []
        case .pressed(let motion, let press):
            guard recognizer.pressKind == kind else { return [] }
            var effects = recognize(.up(point, kind: kind, at: now), at: now)
            if press.untucking {
                // A tap waiting for its second press would run later: it is
                // part of the press that only brought the button back.
                recognizer = GestureRecognizer(settings: settings.gestures)
            }
            if case .pressed = phase {
                phase = .resting(motion, tucked: false)
                if press.relocateWhenDone { effects.append(.relocate) }
            }
            if press.longPressed { effects += feedback(.buttonReleased, kind: kind) }
            return effects
        case .dragging:
            return recognize(.up(point, kind: kind, at: now), at: now)
        case .removed(let undo?):
            guard undo.press == kind else { return [] }
            guard isOnUndo(point) else {
                phase = .removed(now < undo.deadline ? Undo(deadline: undo.deadline) : nil)
                return []
            }
            phase = .hidden
            var effects = setVisible(hiddenBy == nil, at: now)
            if isVisible { effects.append(.restored) }
            return effects
        default:
            return []
        }
    }

    mutating func cancelPress(at now: Double) -> [ButtonEffect] {
        switch phase {
        case .menu(let motion, _?):
            phase = .menu(motion, nil)
            return []
        case .pressed(let motion, let press):
            let effects = recognize(.cancel(at: now), at: now)
            phase = .resting(motion, tucked: false)
            return effects + (press.relocateWhenDone ? [.relocate] : [])
        case .dragging:
            return recognize(.cancel(at: now), at: now)
        case .removed(let undo?):
            if undo.press != nil {
                phase = .removed(now < undo.deadline ? Undo(deadline: undo.deadline) : nil)
            }
            return []
        default:
            // A tap waiting for its second press is dropped too: the recognizer
            // starts afresh, its settings kept (a cancel would say so, to no one).
            if recognizer.deadline != nil { recognizer = GestureRecognizer(settings: recognizer.settings) }
            return []
        }
    }

    /// Feeds the recognizer and turns its gestures into phases and effects.
    private mutating func recognize(_ input: GestureInput, at now: Double) -> [ButtonEffect] {
        var effects: [ButtonEffect] = []
        for gesture in recognizer.handle(input) {
            switch gesture {
            case .pressed:
                fade.wake(at: now)
                let motion = currentMotion(at: now)
                let untucking = isTucked
                if untucking {
                    untuck()
                    phase = .resting(motion, tucked: false)
                    glideToRest(at: now, animated: true)
                }
                phase = .pressed(currentMotion(at: now), Press(untucking: untucking))
                effects += feedback(.buttonPressed, kind: recognizer.pressKind ?? .pointer)
            case .tap, .doubleTap, .longPress:
                if case .pressed(let motion, var press) = phase {
                    if press.untucking { continue }
                    press.longPressed = gesture == .longPress
                    phase = .pressed(motion, press)
                }
                effects.append(.run(Self.buttonGesture(gesture)))
            case .dragBegan(let grab):
                let origin = currentMotion(at: now).origin(at: now)
                var press = Press(untucking: false)
                if case .pressed(_, let pressed) = phase { press = pressed }
                phase = .dragging(
                    Drag(
                        origin: origin, pointer: grab, began: now, grabOffset: grab - origin,
                        relocateWhenDone: press.relocateWhenDone, untucking: press.untucking,
                        kind: recognizer.pressKind ?? .pointer))
                effects += [.dragBegan, .cursor(.grabbing)]
            case .dragMoved(let point):
                drag(to: point)
            case .dragEnded(let point):
                drag(to: point)
                effects += endDrag(at: now, dropped: true)
            case .flick(let direction):
                effects += flick(direction, at: now)
            case .cancelled:
                if isDragging { effects += endDrag(at: now, dropped: false) }
            }
        }
        return effects
    }

    /// A flick runs its action; a flick that dragged the button sends it back.
    private mutating func flick(_ direction: FlickDirection, at now: Double) -> [ButtonEffect] {
        switch phase {
        case .pressed(_, let press):
            return press.untucking ? [] : [.run(ButtonGesture(flick: direction))]
        case .dragging(let drag):
            phase = .resting(.still(drag.origin), tucked: false)
            glideToRest(at: now, animated: true)
            var effects: [ButtonEffect] = [.cursor(.hover)]
            if !drag.untucking { effects.append(.run(ButtonGesture(flick: direction))) }
            if drag.relocateWhenDone { effects.append(.relocate) }
            return effects
        default:
            return []
        }
    }

    /// `event` when `feedback` asks for it from a press of `kind`.
    private func feedback(_ event: FeedbackEvent, kind: InputKind) -> [ButtonEffect] {
        switch settings.feedback {
        case .on: return [.feedback(event)]
        case .auto where kind == .touch: return [.feedback(event)]
        case .auto, .off: return []
        }
    }

    private static func buttonGesture(_ gesture: Gesture) -> ButtonGesture {
        switch gesture {
        case .doubleTap: return .doubleTap
        case .longPress: return .longPress
        default: return .tap
        }
    }

    /// Reloaded gesture settings wait for the press, and a tap waiting for
    /// its second press, to be over: a recognizer mid-gesture keeps its rules.
    private mutating func adoptGestureSettingsWhenIdle() {
        guard recognizer.settings != settings.gestures, !recognizer.isPressed, recognizer.deadline == nil
        else { return }
        recognizer = GestureRecognizer(settings: settings.gestures)
    }
}

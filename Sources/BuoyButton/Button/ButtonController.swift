import BuoyCore
import BuoyGestures

/// What one button's behaviour depends on; the shell builds it from the config.
public struct ButtonSettings: Sendable, Equatable {
    /// The side of the button's bounding square, in logical px.
    public var size: Double
    /// The gap to the usable area's edge at rest, in logical px.
    public var margin: Double
    /// Its outline, which is where it takes input.
    public var shape: ButtonShape
    /// Where a drop lands: an edge, a corner, or where it was let go.
    public var snapMode: SnapMode
    /// Seconds a snap glide takes; 0 lands at once.
    public var snapDuration: Double
    /// Whether the idle button slides half off its edge.
    public var tuck: Bool
    /// The opacities and the idle fade's timing.
    public var fade: IdleFade.Settings
    /// What the gesture recognizer tells apart.
    public var gestures: GestureSettings
    /// The least room kept between two buttons, in logical px.
    public var gap: Double
    /// Whether a drag shows the remove target (`RemoveTarget`), and a drop on it removes the button.
    public var removable: Bool
    /// Which presses ask for haptic feedback.
    public var feedback: HapticFeedback

    /// buoy's defaults unless given.
    public init(
        size: Double = ButtonShape.defaultSize, margin: Double = 8, shape: ButtonShape = .circle,
        snapMode: SnapMode = .edge, snapDuration: Double = 0.25, tuck: Bool = false,
        fade: IdleFade.Settings = IdleFade.Settings(), gestures: GestureSettings = GestureSettings(),
        gap: Double = 8, removable: Bool = true, feedback: HapticFeedback = .auto
    ) {
        self.size = size
        self.margin = margin
        self.shape = shape
        self.snapMode = snapMode
        self.snapDuration = snapDuration
        self.tuck = tuck
        self.fade = fade
        self.gestures = gestures
        self.gap = gap
        self.removable = removable
        self.feedback = feedback
    }
}

/// Another output a drag may carry a button onto.
public struct OtherOutput: Sendable, Equatable {
    /// Its connector name.
    public var name: String
    /// Its usable area, in the button's coordinates (`OutputLayout.areas`).
    public var area: Rect

    /// The output named `name`, whose usable area is `area`.
    public init(name: String, area: Rect) {
        self.name = name
        self.area = area
    }
}

/// One thing that happened to a button, with its time in monotonic seconds.
/// Positions are in the coordinates of its usable area (the layer surface).
public enum ButtonInput: Sendable, Equatable {
    /// The pointer entered (true) or left (false) the button's surface.
    case hover(Bool, at: Double)
    /// A pointer button or a touch went down on the button. A press follows
    /// its kind: moves and releases of the other kind are ignored until it ends.
    case press(Point, kind: InputKind = .pointer, at: Double)
    case move(Point, kind: InputKind = .pointer, at: Double)
    case release(Point, kind: InputKind = .pointer, at: Double)
    /// A lost grab (`wl_touch.cancel` for a touch): it ends a press of its
    /// kind only, as a release does.
    case cancel(kind: InputKind = .pointer, at: Double)
    /// A deadline from `nextWake` has passed.
    case tick(at: Double)
    /// The usable area, once the compositor has configured the surface; nil
    /// when the surface went away.
    case area(Rect?, at: Double)
    /// Where the other buttons on the same output rest (or are going): a
    /// placement avoids them.
    case neighbours([Rect])
    /// The other outputs a drag may carry the button onto; empty keeps it
    /// on its own. Given mid-drag, the drag follows: off an output that
    /// went, onto the new layout.
    case otherOutputs([OtherOutput])
    /// The config was reloaded.
    case settings(ButtonSettings, at: Double)
    /// The shell is about to open the menu from this button: it needs the
    /// button where it rests, untucked.
    case menuOpening(at: Double)
    /// The menu opened from this button: presses are the menu's until it closes.
    case menuOpened(at: Double)
    case menuClosed(at: Double)
    /// `buoy msg show|hide|toggle`, SIGUSR1.
    case setVisible(Bool, at: Double)
    /// What the visibility rules say now (`VisibilityRules.hiding`): nil
    /// shows the button, unless `setVisible(false)` hid it.
    case ruleHides(HiddenBy?, at: Double)
    /// `buoy msg move`: rest there (or at the nearest free place); ignored
    /// while dragged (see `refusalToMove`).
    case moveTo(RestPosition, at: Double)
    /// `buoy msg move X Y`: rest with the top-left there, wherever that is
    /// (no snapping), clamped fully onto the usable area.
    case moveToPoint(Point, at: Double)
    /// The output this button prefers came back while it shows elsewhere.
    case preferredOutputReturned(at: Double)
}

extension ButtonInput {
    /// When it happened; `neighbours` carries no time.
    public var time: Double {
        switch self {
        case .hover(_, let t), .press(_, _, let t), .move(_, _, let t), .release(_, _, let t),
            .cancel(_, let t),
            .tick(let t),
            .area(_, let t), .settings(_, let t), .menuOpening(let t), .menuOpened(let t), .menuClosed(let t),
            .setVisible(_, let t), .ruleHides(_, let t), .moveTo(_, let t), .moveToPoint(_, let t),
            .preferredOutputReturned(let t):
            return t
        case .neighbours, .otherOutputs: return 0
        }
    }
}

/// A gesture that runs the button's configured action.
public enum ButtonGesture: String, Sendable, Equatable, CaseIterable {
    case tap
    case doubleTap = "double_tap"
    case longPress = "long_press"
    case swipeUp = "swipe_up"
    case swipeDown = "swipe_down"
    case swipeLeft = "swipe_left"
    case swipeRight = "swipe_right"

    /// The gesture of a flick that way.
    public init(flick direction: FlickDirection) {
        switch direction {
        case .up: self = .swipeUp
        case .down: self = .swipeDown
        case .left: self = .swipeLeft
        case .right: self = .swipeRight
        }
    }
}

/// The cursor the shell shows over the button.
public enum ButtonCursor: Sendable, Equatable {
    case hover, grabbing
}

/// What the shell must do about a decision.
public enum ButtonEffect: Sendable, Equatable {
    /// Run the action configured for this gesture.
    case run(ButtonGesture)
    /// A press on the open menu ended here: run the item under it, or close the menu.
    case menuRelease(Point)
    /// A drag began: a menu that is still being prepared gives up.
    case dragBegan
    /// The user moved the button: write the state file.
    case save
    case cursor(ButtonCursor)
    /// The button was hidden: drop its menu.
    case hidden
    /// Move the surface to the preferred output (recreate it there).
    case relocate
    /// A drag carried the button onto the other output of this name, and
    /// it rests there now (or was removed there, if `removed` follows):
    /// its coordinates are that output's area's from here on.
    case crossed(to: String)
    /// A drop on the remove target removed the button: tell subscribers.
    case removed
    /// A tap on Undo brought the removed button back: tell subscribers.
    case restored
    /// Ask feedbackd for this event: a vibration under the finger.
    case feedback(FeedbackEvent)
}

/// What to show at a given time.
public struct ButtonAppearance: Sendable, Equatable {
    /// Top-left of the button's bounding square in the usable area.
    public var origin: Point
    /// The opacity of the fade at this time, 0...1.
    public var opacity: Double
    /// Whether the whole surface takes input, rather than the button's shape
    /// alone: while pressed (so that a fast drag cannot outrun the shape on
    /// compositors without an implicit grab for layer surfaces, such as phoc)
    /// and while the menu is open (so that the click that closes it never
    /// reaches the window below).
    public var wholeSurfaceInput: Bool
    /// How far a press pushes the button in, 0 (at rest) to 1: see `PressFeedback`.
    public var pressDepth: Double
    /// While a drag holds it over another output, or part of it there: that
    /// output, where it is drawn too (at `origin` less its area's origin).
    public var otherOutput: OtherOutput?
    /// Whether any of it is on its own output's area, where it is drawn.
    public var onOwnArea: Bool

    /// An appearance; `pressDepth` 0 is at rest.
    public init(
        origin: Point, opacity: Double, wholeSurfaceInput: Bool, pressDepth: Double = 0,
        otherOutput: OtherOutput? = nil,
        onOwnArea: Bool = true
    ) {
        self.origin = origin
        self.opacity = opacity
        self.wholeSurfaceInput = wholeSurfaceInput
        self.pressDepth = pressDepth
        self.otherOutput = otherOutput
        self.onOwnArea = onOwnArea
    }
}

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
///   saves nothing. Undo shows for `RemoveTarget.undoDuration`, longer
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
    public private(set) var settings: ButtonSettings
    /// Where the button rests when it is not moving; what the state file keeps.
    public private(set) var rest: RestPosition
    /// The usable area, once known.
    public private(set) var usable: Rect?
    private var neighbours: [Rect] = []
    /// The other outputs a drag may carry it onto, in its coordinates.
    public private(set) var otherOutputs: [OtherOutput] = []
    private var recognizer: GestureRecognizer
    private var fade: IdleFade
    /// Whether the pointer is over the button's surface (a fact of input,
    /// used to keep it awake after a pointer release).
    private var hovered = false
    private var feedback = PressFeedback()
    private var phase: Phase = .unplaced

    private enum Phase: Sendable, Equatable {
        /// No usable area yet, or the surface went away.
        case unplaced
        /// Hidden on request; it comes back at its rest position.
        case hidden
        /// Dropped on the remove target, with Undo until it is gone; it
        /// comes back at its rest position.
        case removed(Undo?)
        case resting(Motion, tucked: Bool)
        /// Down and not dragging (undecided, or decided as a long press).
        case pressed(Motion, Press)
        case dragging(Drag)
        /// The menu is open, with the press that is down, if one is.
        case menu(Motion, MenuPress?)
    }

    /// A press that is down while the menu is open.
    private enum MenuPress: Sendable, Equatable {
        /// Went down on the open menu: its release chooses an item or closes it.
        case onMenu(InputKind)
        /// Was down on the button when the menu opened (a long press, or
        /// `msg menu` while held): its release ends it and nothing else, but
        /// a long press's release is felt.
        case opener(InputKind, longPressed: Bool)

        var kind: InputKind {
            switch self {
            case .onMenu(let kind), .opener(let kind, _): return kind
            }
        }
    }

    private enum Motion: Sendable, Equatable {
        case still(Point)
        case gliding(SnapAnimation)

        func origin(at now: Double) -> Point {
            switch self {
            case .still(let origin): return origin
            case .gliding(let animation): return animation.position(at: now)
            }
        }

        var target: Point {
            switch self {
            case .still(let origin): return origin
            case .gliding(let animation): return animation.to
            }
        }
    }

    private struct Press: Sendable, Equatable {
        /// The press brought a tucked button back: its gestures do not run.
        var untucking: Bool
        var relocateWhenDone = false
        /// Its long press ran: its release is felt.
        var longPressed = false
    }

    private struct Drag: Sendable, Equatable {
        /// In the button's own coordinates, even over another output.
        var origin: Point
        /// Where the pointer is, which the button follows.
        var pointer: Point
        /// The name of the other output the pointer is over; nil for its own.
        var over: String?
        /// When it began, which the remove target fades in from.
        var began: Double
        /// Where in the button it was grabbed.
        var grabOffset: Point
        var relocateWhenDone: Bool
        /// The press brought a tucked button back: a flick of it runs nothing.
        var untucking = false
    }

    private struct Undo: Sendable, Equatable {
        var deadline: Double
        /// The kind of the press down on it, if one is.
        var press: InputKind?
    }

    /// A button that will rest at `rest` once it is given an area; its fade starts at `now`.
    public init(settings: ButtonSettings, rest: RestPosition, now: Double) {
        self.settings = settings
        self.rest = rest
        recognizer = GestureRecognizer(settings: settings.gestures)
        fade = IdleFade(settings: settings.fade, now: now)
    }

    // MARK: - Queries

    /// Whether it is not hidden, by a rule or a request (an unplaced one is not).
    public var isVisible: Bool { !isHidden }
    /// Why it is hidden: `msg` (hidden on request), then `removed`, then a rule; nil while shown.
    public var hiddenBy: HiddenBy? { hiddenOnRequest ? .msg : isRemoved ? .removed : ruleHiding }
    private var isRemoved: Bool {
        if case .removed = phase { return true }
        return false
    }
    private var isHidden: Bool { phase == .hidden || isRemoved }
    /// `buoy msg hide`: it stays hidden, whatever the rules say, until shown.
    private var hiddenOnRequest = false
    /// The visibility rule that hides it, if one does.
    public private(set) var ruleHiding: HiddenBy?
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

    /// Where the button rests or is going to, not a frame of its glide; nil
    /// while hidden, unplaced or dragged (a dragged button holds no place).
    public var restingOrigin: Point? {
        switch phase {
        case .unplaced, .hidden, .removed, .dragging: return nil
        case .resting(let motion, let tucked):
            guard tucked, let usable else { return motion.target }
            return rest.origin(in: usable, size: settings.size, margin: settings.margin)
        case .pressed(let motion, _), .menu(let motion, _): return motion.target
        }
    }

    /// Where `buoy msg state` says the button is: under the pointer while
    /// dragged; else where it rests or is going to, untucked, or where it
    /// comes back to when shown again. Nil before it has an area.
    public var reportedOrigin: Point? {
        switch phase {
        case .dragging(let drag): return drag.origin - (otherOutput(named: drag.over)?.area.origin ?? .zero)
        case .hidden, .removed, .unplaced:
            return usable.map { rest.origin(in: $0, size: settings.size, margin: settings.margin) }
        case .resting, .pressed, .menu: return restingOrigin
        }
    }

    /// The rest `buoy msg state` names: while dragged, where a drop there would snap to.
    public var reportedRest: RestPosition {
        guard case .dragging(let drag) = phase, let usable, let origin = reportedOrigin else { return rest }
        let area = otherOutput(named: drag.over).map { Rect(origin: .zero, size: $0.area.size) } ?? usable
        return Snapping.rest(
            forCenter: center(of: origin), mode: settings.snapMode, size: settings.size,
            margin: settings.margin, in: area)
    }

    /// While a drag holds it over another output: that output's name.
    public var otherOutputDraggedOver: String? {
        guard case .dragging(let drag) = phase else { return nil }
        return drag.over
    }

    private func otherOutput(named name: String?) -> OtherOutput? {
        otherOutputs.first { $0.name == name }
    }

    /// Why `buoy msg move` cannot move the button now: a finger or the
    /// pointer holds it, and the drop decides where it rests.
    public var refusalToMove: String? {
        isDragging ? "it is being dragged; move it once it is released" : nil
    }

    /// The place this button takes, for its neighbours to avoid.
    public var restingRect: Rect? {
        restingOrigin.map { Rect(origin: $0, size: Size(width: settings.size, height: settings.size)) }
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
            pressDepth: feedback.depth(at: now), otherOutput: otherOutput, onOwnArea: onOwnArea)
    }

    /// What to show of drag-to-remove at `now`, at `RemoveTarget.bounds` of
    /// its own usable area, or with `output` of that other output's: the
    /// target during a drag, on the output the pointer is over; the Undo
    /// bubble after a removal, on its own; nil otherwise.
    public func removal(at now: Double, on output: String? = nil) -> RemovalScene? {
        switch phase {
        case .dragging(let drag):
            guard settings.removable, drag.over == output, let area = dragArea(drag) else { return nil }
            let opacity = min(1, max(0, (now - drag.began) / RemoveTarget.fadeIn))
            return .target(opacity: opacity, armed: RemoveTarget.holds(center(of: drag.origin), in: area))
        case .removed(let undo):
            guard output == nil else { return nil }
            return undo.map { .undo(pressed: $0.press != nil) }
        default:
            return nil
        }
    }

    /// The area of the output the pointer of `drag` is over, in the button's coordinates.
    private func dragArea(_ drag: Drag) -> Rect? {
        otherOutput(named: drag.over)?.area ?? usable
    }

    private func center(of origin: Point) -> Point {
        Point(x: origin.x + settings.size / 2, y: origin.y + settings.size / 2)
    }

    private func landed(_ motion: Motion, at now: Double) -> Motion {
        if case .gliding(let animation) = motion, animation.isFinished(at: now) {
            return .still(animation.to)
        }
        return motion
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
        if isGliding || feedback.isMoving(at: now) || targetFading(at: now) { return .frames }
        let fadeWake = fade.nextWake(after: now)
        if fadeWake == .frames { return .frames }
        var deadline = recognizer.deadline
        func consider(_ time: Double) { deadline = min(deadline ?? time, time) }
        if case .timer(let at)? = fadeWake { consider(at) }
        if let tuckTime { consider(tuckTime) }
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

    /// When the idle button tucks, if it is due to.
    private var tuckTime: Double? {
        guard settings.tuck, case .resting(.still, tucked: false) = phase, !fade.isHeld,
            recognizer.deadline == nil, rest.tuckEdge != nil
        else { return nil }
        return fade.lastActivity + settings.fade.idleDelay
    }

    // MARK: - Decisions

    /// Feeds one input; returns what the shell must do, in order.
    public mutating func handle(_ input: ButtonInput) -> [ButtonEffect] {
        var effects: [ButtonEffect] = []
        switch input {
        case .hover(let inside, let now):
            hovered = inside
            if inside {
                effects.append(.cursor(isDragging ? .grabbing : .hover))
            } else if pressKind == .pointer {
                effects += cancelPress(at: now)
            }
        case .press(let point, let kind, let now):
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
            effects += release(point, kind: kind, at: now)
        case .cancel(let kind, let now):
            if pressKind == nil || pressKind == kind { effects += cancelPress(at: now) }
        case .tick(let now):
            if let deadline = recognizer.deadline, now >= deadline {
                effects += recognize(.deadline(at: now), at: now)
            }
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
            let old = settings
            settings = new
            fade.settings = new.fade
            fade.wake(at: now)
            if new.size != old.size, case .dragging(var held) = phase {
                held.grabOffset = Point(
                    x: held.grabOffset.x * new.size / old.size, y: held.grabOffset.y * new.size / old.size)
                phase = .dragging(held)
                drag(to: held.pointer)
            }
            if new.size != old.size || new.margin != old.margin || new.tuck != old.tuck {
                untuck()
                if !isDragging { glideToRest(at: now, animated: false) }
            }
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
        case .moveToPoint(let topLeft, let now):
            guard let usable else { break }
            let size = settings.size
            let center = Point(x: topLeft.x + size / 2, y: topLeft.y + size / 2)
            let free = Snapping.rest(forCenter: center, mode: .none, size: size, margin: 0, in: usable)
            effects += handle(.moveTo(free, at: now))
        case .moveTo(let position, let now):
            guard refusalToMove == nil else { break }
            fade.wake(at: now)
            untuck()
            rest = resolved(position)
            glideToRest(at: now, animated: true)
            effects.append(.save)
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
        adoptGestureSettingsWhenIdle()
        switch input {
        case .neighbours, .otherOutputs: break
        default:
            followPress(at: input.time)
            if fade.isHeld != holdsFade { fade.hold(holdsFade, at: input.time) }
        }
        return effects
    }

    /// The kind of the press that is down, on the button or on the menu.
    private var pressKind: InputKind? {
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

    /// Whether `point` is on the Undo bubble (its square, which is its input region).
    private func isOnUndo(_ point: Point) -> Bool {
        guard let usable else { return false }
        return RemoveTarget.bounds(in: usable).contains(point)
    }

    private mutating func cancelPress(at now: Double) -> [ButtonEffect] {
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
                        relocateWhenDone: press.relocateWhenDone, untucking: press.untucking))
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

    private func currentMotion(at now: Double) -> Motion {
        switch phase {
        case .resting(let motion, _), .pressed(let motion, _), .menu(let motion, _): return motion
        case .dragging(let drag): return .still(drag.origin)
        case .unplaced, .hidden, .removed: return .still(usable?.origin ?? .zero)
        }
    }

    /// Moves the dragged button under the pointer, clamped to the area the
    /// pointer is over: its own, another output's, or the last one it was on.
    private mutating func drag(to pointer: Point) {
        guard case .dragging(var drag) = phase, let usable else { return }
        drag.pointer = pointer
        if usable.contains(pointer) {
            drag.over = nil
        } else if let other = otherOutputs.first(where: { $0.area.contains(pointer) }) {
            drag.over = other.name
        }
        // The output it was last over may have gone: it is back on its own then.
        let other = otherOutput(named: drag.over)
        drag.over = other?.name
        let area = other?.area ?? usable
        drag.origin = Snapping.clampOrigin(
            pointer - drag.grabOffset, size: settings.size, in: reach(of: area))
        phase = .dragging(drag)
    }

    /// `area`, grown by the button's size past each edge that another area
    /// (its own, or another output's) touches along it: how far a drag over
    /// `area` may carry the button, so that it straddles the two.
    private func reach(of area: Rect) -> Rect {
        let all = ([usable].compactMap { $0 } + otherOutputs.map(\.area)).filter { $0 != area }
        func touches(_ edge: (Rect) -> Bool) -> Bool { all.contains(where: edge) }
        let size = settings.size
        let overlapsRows = { (r: Rect) in r.minY < area.maxY && r.maxY > area.minY }
        let overlapsColumns = { (r: Rect) in r.minX < area.maxX && r.maxX > area.minX }
        let left = touches { $0.maxX == area.minX && overlapsRows($0) } ? size : 0
        let right = touches { $0.minX == area.maxX && overlapsRows($0) } ? size : 0
        let top = touches { $0.maxY == area.minY && overlapsColumns($0) } ? size : 0
        let bottom = touches { $0.minY == area.maxY && overlapsColumns($0) } ? size : 0
        return Rect(
            x: area.minX - left, y: area.minY - top, width: area.width + left + right,
            height: area.height + top + bottom)
    }

    /// Ends the drag: `dropped` (released, not cancelled) on the remove
    /// target removes the button; anywhere else it snaps there.
    private mutating func endDrag(at now: Double, dropped: Bool) -> [ButtonEffect] {
        guard case .dragging(let drag) = phase else { return [] }
        let other = otherOutput(named: drag.over)
        if dropped, settings.removable, let area = dragArea(drag),
            RemoveTarget.holds(center(of: drag.origin), in: area)
        {
            var effects: [ButtonEffect] = [.cursor(.hover)]
            // Removed there: its Undo shows there, and brings it back there.
            if let other {
                moveHome(to: other)
                effects.append(.crossed(to: other.name))
            }
            phase = .removed(Undo(deadline: now + RemoveTarget.undoDuration))
            return effects + [.removed] + (drag.relocateWhenDone ? [.relocate] : [])
        }
        if let other { return cross(to: other, from: drag, at: now) }
        phase = .resting(.still(drag.origin), tucked: false)
        var effects: [ButtonEffect] = [.cursor(.hover)]
        if let usable {
            let size = settings.size
            let center = Point(x: drag.origin.x + size / 2, y: drag.origin.y + size / 2)
            let snapped = Snapping.rest(
                forCenter: center, mode: settings.snapMode, size: size, margin: settings.margin, in: usable)
            rest = resolved(snapped)
            glideToRest(at: now, animated: true)
            effects.append(.save)
        }
        if drag.relocateWhenDone { effects.append(.relocate) }
        return effects
    }

    /// Ends a drag over another output's area: the button snaps there, in
    /// that area's coordinates from now on; the shell gives it its new
    /// neighbours and other areas.
    private mutating func cross(to other: OtherOutput, from drag: Drag, at now: Double) -> [ButtonEffect] {
        let origin = drag.origin - other.area.origin
        moveHome(to: other)
        phase = .resting(.still(origin), tucked: false)
        rest = Snapping.rest(
            forCenter: center(of: origin), mode: settings.snapMode, size: settings.size,
            margin: settings.margin, in: Rect(origin: .zero, size: other.area.size))
        glideToRest(at: now, animated: true)
        return [.cursor(.hover), .crossed(to: other.name), .save]
    }

    /// Makes `other`'s area its own, in that area's coordinates; the shell
    /// gives it its new neighbours and other outputs.
    private mutating func moveHome(to other: OtherOutput) {
        usable = Rect(origin: .zero, size: other.area.size)
        otherOutputs = []
        neighbours = []
    }

    /// `position`, or the nearest free place when another button is there.
    private func resolved(_ position: RestPosition) -> RestPosition {
        guard let usable else { return position }
        return Snapping.freeRest(
            position, mode: settings.snapMode, size: settings.size, margin: settings.margin,
            gap: settings.gap,
            avoiding: neighbours, in: usable)
    }

    private mutating func untuck() {
        if case .resting(let motion, tucked: true) = phase { phase = .resting(motion, tucked: false) }
    }

    /// Sends the button to its rest position (tucked if it is), gliding
    /// from where it is when `animated`.
    private mutating func glideToRest(at now: Double, animated: Bool) {
        guard let usable else { return }
        let size = settings.size
        var target = rest.origin(in: usable, size: size, margin: settings.margin)
        if isTucked {
            target = Snapping.tuckedOrigin(rest: target, position: rest, size: size, in: usable)
        }
        let from = currentMotion(at: now).origin(at: now)
        let motion: Motion =
            animated && settings.snapDuration > 0 && from != target
            ? .gliding(SnapAnimation(from: from, to: target, start: now, duration: settings.snapDuration))
            : .still(target)
        switch phase {
        case .resting(_, let tucked): phase = .resting(motion, tucked: tucked)
        case .pressed(_, let press): phase = .pressed(motion, press)
        case .menu(_, let press): phase = .menu(motion, press)
        case .dragging, .unplaced, .hidden, .removed: break
        }
    }

    private mutating func setArea(_ area: Rect?, at now: Double) -> [ButtonEffect] {
        let old = usable
        usable = area
        guard let area else {
            // The surface is gone: whatever was under the finger is too,
            // and the other outputs' areas, which were in its coordinates.
            let effects = cancelPress(at: now)
            otherOutputs = []
            if !isHidden { phase = .unplaced }
            return effects
        }
        switch phase {
        case .unplaced:
            rest = resolved(rest)
            phase = .resting(
                .still(rest.origin(in: area, size: settings.size, margin: settings.margin)), tucked: false)
        case .dragging(let held):
            drag(to: held.pointer)
        case .hidden, .removed:
            break
        default:
            if old != area {
                rest = resolved(rest)
                glideToRest(at: now, animated: false)
            }
        }
        return []
    }

    private mutating func setVisible(_ visible: Bool, at now: Double) -> [ButtonEffect] {
        if visible {
            guard phase == .hidden else { return [] }
            fade.wake(at: now)
            phase = .unplaced
            if let usable { _ = setArea(usable, at: now) }
            return []
        }
        guard !isHidden else { return [] }
        var effects = cancelPress(at: now)
        phase = .hidden
        effects.append(.hidden)
        return effects
    }

    /// Reloaded gesture settings wait for the press, and a tap waiting for
    /// its second press, to be over: a recognizer mid-gesture keeps its rules.
    private mutating func adoptGestureSettingsWhenIdle() {
        guard recognizer.settings != settings.gestures, !recognizer.isPressed, recognizer.deadline == nil
        else { return }
        recognizer = GestureRecognizer(settings: settings.gestures)
    }
}

extension ButtonInput {
    /// For the debug log: "press at 1244.0, 360.0 (touch)", "cancel (touch)"; nil for the
    /// inputs too frequent or too dull to log (moves, ticks).
    public var logLine: String? {
        func at(_ point: Point, _ kind: InputKind) -> String {
            "at \(point.x), \(point.y)\(kind == .touch ? " (touch)" : "")"
        }
        switch self {
        case .press(let point, let kind, _): return "press " + at(point, kind)
        case .release(let point, let kind, _): return "release " + at(point, kind)
        case .cancel(let kind, _): return "cancel" + (kind == .touch ? " (touch)" : "")
        default: return nil
        }
    }
}

extension ButtonEffect: CustomStringConvertible {
    /// For the debug log: "run tap", "save", "cursor grabbing".
    public var description: String {
        switch self {
        case .run(let gesture): return "run \(gesture.rawValue)"
        case .menuRelease(let point): return "release on the menu at \(point.x), \(point.y)"
        case .dragBegan: return "drag began"
        case .save: return "save"
        case .cursor(let cursor): return "cursor \(cursor == .hover ? "hover" : "grabbing")"
        case .hidden: return "hidden"
        case .relocate: return "relocate"
        case .crossed(let output): return "crossed to \(output)"
        case .removed: return "removed"
        case .restored: return "restored"
        case .feedback(let event): return "feedback \(event.rawValue)"
        }
    }
}

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
    /// The config's `position`: where it rests unless the user chose a place.
    public var position: Placement
    /// Seconds the pointer rests on it before that taps it (`Dwell`); 0 is off.
    public var dwell: Double

    /// buoy's defaults unless given.
    public init(
        size: Double = ButtonShape.defaultSize, margin: Double = 8, shape: ButtonShape = .circle,
        snapMode: SnapMode = .edge, snapDuration: Double = 0.25, tuck: Bool = false,
        fade: IdleFade.Settings = IdleFade.Settings(), gestures: GestureSettings = GestureSettings(),
        gap: Double = 8, removable: Bool = true, feedback: HapticFeedback = .auto,
        position: Placement = .right, dwell: Double = 0
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
        self.position = position
        self.dwell = dwell
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
    /// The pointer entered (true) or left (false) the button's surface;
    /// where it entered, if known (a dwell rest starts only once it moves
    /// away from there, `Dwell`).
    case hover(Bool, at: Double, point: Point? = nil)
    /// A pointer button or a touch went down on the button. A press follows
    /// its kind: moves and releases of the other kind are ignored until it ends.
    case press(Point, kind: InputKind = .pointer, at: Double)
    case move(Point, kind: InputKind = .pointer, at: Double)
    case release(Point, kind: InputKind = .pointer, at: Double)
    /// A lost grab (`wl_touch.cancel` for a touch): it ends a press of its
    /// kind only, as a release does.
    case cancel(kind: InputKind = .pointer, at: Double)
    /// A screen reader's activate: a press and release on the middle of the
    /// button where it rests, as a pointer's click gives them; nothing while
    /// it is not placed.
    case activate(at: Double)
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
    /// `buoy msg move`: rest there (or at the nearest free place), as the
    /// user chose; ignored while dragged (see `refusalToMove`).
    case moveTo(RestPosition, at: Double)
    /// `buoy msg move X Y`: rest with the top-left there, wherever that is
    /// (no snapping), clamped fully onto the usable area.
    case moveToPoint(Point, at: Double)
    /// The output this button prefers came back while it shows elsewhere.
    case preferredOutputReturned(at: Double)
    /// The output its surface is on now, as the shell last learnt it.
    case output(String?)
    /// `buoy msg move OUTPUT`: it rests on that output from now on, as the
    /// user chose.
    case moveToOutput(String, at: Double)
    /// `output = "focused"`: the focus went from one output to another. It
    /// rests where it rested there before, as buoy chose (not the user).
    case followFocus(from: String, to: String, at: Double)
    /// `buoy msg move default`, or a reload whose `position` wins over the
    /// place the user chose: it rests where the config says, as before that choice.
    case followConfig(at: Double)
    /// Dropped onto another output, whose neighbours it has now: it takes
    /// the nearest free place there (the drop's own `save` follows).
    case settleAmongNeighbours(at: Double)
}

extension ButtonInput {
    /// When it happened; `neighbours` carries no time.
    public var time: Double {
        switch self {
        case .hover(_, let t, _), .press(_, _, let t), .move(_, _, let t), .release(_, _, let t),
            .cancel(_, let t),
            .activate(let t), .tick(let t),
            .area(_, let t), .settings(_, let t), .menuOpening(let t), .menuOpened(let t), .menuClosed(let t),
            .setVisible(_, let t), .ruleHides(_, let t), .moveTo(_, let t), .moveToPoint(_, let t),
            .preferredOutputReturned(let t), .moveToOutput(_, let t), .followFocus(_, _, let t),
            .followConfig(let t), .settleAmongNeighbours(let t):
            return t
        case .neighbours, .otherOutputs, .output: return 0
        }
    }
}

extension ButtonGesture {
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
    /// The user chose where it rests (`ButtonController.chosenOver`): write
    /// the state file, and tell subscribers.
    case save
    /// It rests elsewhere as buoy chose (the focus, the config): tell
    /// subscribers; the state file is left as it is.
    case moved
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
    /// How far the pointer's rest has run to its tap (`Dwell`), 0...1: the ring around it.
    public var dwell: Double

    /// An appearance; `pressDepth` 0 is at rest.
    public init(
        origin: Point, opacity: Double, wholeSurfaceInput: Bool, pressDepth: Double = 0,
        otherOutput: OtherOutput? = nil,
        onOwnArea: Bool = true, dwell: Double = 0
    ) {
        self.origin = origin
        self.opacity = opacity
        self.wholeSurfaceInput = wholeSurfaceInput
        self.pressDepth = pressDepth
        self.otherOutput = otherOutput
        self.onOwnArea = onOwnArea
        self.dwell = dwell
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
        case .moved: return "moved"
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

/// What a `ButtonController` keeps between inputs: its phase, and what each phase holds.
extension ButtonController {
    enum Phase: Sendable, Equatable {
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
    enum MenuPress: Sendable, Equatable {
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

    enum Motion: Sendable, Equatable {
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

    struct Press: Sendable, Equatable {
        /// The press brought a tucked button back: its gestures do not run.
        var untucking: Bool
        var relocateWhenDone = false
        /// Its long press ran: its release is felt.
        var longPressed = false
    }

    struct Drag: Sendable, Equatable {
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
        /// What drags it: a finger's removal keeps Undo longer.
        var kind = InputKind.pointer
    }

    struct Undo: Sendable, Equatable {
        var deadline: Double
        /// The kind of the press down on it, if one is.
        var press: InputKind?
    }
}

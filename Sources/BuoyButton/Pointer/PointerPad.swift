import BuoyCore

/// The pointer pad's gesture machine (issue 45): touches on the pad in,
/// pointer events out, as a touchpad makes them. One finger moving moves
/// the pointer by its motion (`PointerAcceleration`); a tap clicks left
/// where the pointer is (or the click type armed); two fingers moving
/// scroll, and a two-finger tap clicks right; a tap and then a touch that
/// moves drags, as libinput's tap-and-drag does. The strip along the pad's
/// top moves the pad, and its close control closes it.
///
/// A tap's left click waits `Settings.tapWindow` for a second touch that
/// would make it a drag; the shell ticks it at `deadline`. Points are in
/// the pad's layer surface's logical pixels, which do not move while a
/// finger is down even when the pad does.
///
/// Pure: the shell passes the time, and carries out the effects.
public struct PointerPad: Sendable, Equatable {
    /// The touch point id that stands for the pointer (a mouse on the pad):
    /// it may move or close the pad, but never move the pointer it is.
    public static let pointerID: Int32 = -1

    /// How touches are told apart, and how far the pointer goes.
    public struct Settings: Sendable, Equatable {
        /// `[pointer] speed`: the pointer's motion per finger motion, before acceleration.
        public var speed: Double
        /// Logical px a finger may move and still tap.
        public var slop: Double
        /// Seconds a finger may stay down and still tap.
        public var tapTime: Double
        /// Seconds after a tap for the touch that makes it a drag.
        public var tapWindow: Double
        /// `[button] dwell`: the pointer resting this long after the pad
        /// moved it clicks where it rests; 0 is off.
        public var dwell: Double

        /// libinput's figures for a touchpad's taps, near enough.
        public init(
            speed: Double = 1, slop: Double = 8, tapTime: Double = 0.25, tapWindow: Double = 0.2,
            dwell: Double = 0
        ) {
            self.speed = speed
            self.slop = slop
            self.tapTime = tapTime
            self.tapWindow = tapWindow
            self.dwell = dwell
        }
    }

    /// What the shell tells it.
    public enum Input: Sendable, Equatable {
        /// A finger (or the pointer, `pointerID`) down at a point.
        case down(Int32, Point, at: Double)
        case move(Int32, Point, at: Double)
        case up(Int32, at: Double)
        /// Every finger is gone without an up (the compositor took them, or
        /// the pad closes): held buttons are released, a scroll stops.
        case cancel(at: Double)
        /// The click type armed now (nil: none), which the next tap is.
        case armed(ClickType?)
        /// The layer surface's size: the pad is kept inside it.
        case area(Size)
        case tick(at: Double)
    }

    /// What the shell carries out, in order.
    public enum Effect: Sendable, Equatable {
        /// Move the pointer by this much (relative motion, logical px).
        case motion(Point)
        case press(PointerButton)
        case release(PointerButton)
        /// Scroll by this much (axis values, a finger's source).
        case scroll(Point)
        /// The fingers left: axis_stop on both axes.
        case scrollStop
        /// The pad is here now.
        case moved(PointerPadPlacement)
        /// The close control was tapped.
        case close
        /// The armed click type was this tap: disarm it.
        case usedClick(ClickType)
    }

    /// Where the fingers are.
    enum Phase: Sendable, Equatable {
        case idle
        /// One finger in the touch area; `afterTap` when a tap waits for it.
        case touching(
            Int32, start: Point, last: Point, since: Double, moved: Bool, afterTap: Bool)
        /// Tap and a half: the left button is held while the finger moves.
        case dragging(Int32, last: Point)
        /// Two fingers (or more) down, by id; `scrolling` once they moved.
        case fingers([Int32: Point], start: Point, since: Double, scrolling: Bool, lifted: Bool)
        /// A tap's left click, sent at `until` unless a touch comes first.
        case tapped(until: Double)
        /// The pad taken by its strip.
        case carrying(Int32, last: Point)
        /// A touch on the close control.
        case closing(Int32)
    }

    /// Where the pad is now: its strip moves it.
    public private(set) var placement: PointerPadPlacement
    private(set) var phase = Phase.idle
    private var area: Size
    private var settings: Settings
    private var armed: ClickType?
    /// The left button held by an armed drag's tap, until the next tap.
    private var holding = false
    /// Where the finger was at least `PointerAcceleration.window` before
    /// `recent`, which its speed is measured from, and its latest place
    /// that far from the one before: both set as it touches down.
    private var pace = Sample(point: .zero, at: 0)
    private var recent = Sample(point: .zero, at: 0)

    /// The pointer resting after the pad moved it (`Settings.dwell`), at
    /// `travelled`: the sum of the pad's motions, the pointer's place as
    /// far as the pad knows.
    private var dwell: Dwell
    private var travelled = Point.zero

    /// A finger's place at a time.
    struct Sample: Sendable, Equatable {
        var point: Point
        var at: Double
    }

    /// A pad at `placement` in a surface of `area`.
    public init(placement: PointerPadPlacement, area: Size, settings: Settings = Settings()) {
        self.placement = placement
        self.area = area
        self.settings = settings
        dwell = Dwell(seconds: settings.dwell)
    }

    /// When a tick is due: a tap's click.
    public var deadline: Double? {
        let tap: Double? = if case .tapped(let until) = phase { until } else { nil }
        return [tap, dwell.deadline].compactMap { $0 }.min()
    }

    /// Whether the pad is being carried by its strip: then the whole surface
    /// takes input, so a pointer ahead of the pad's last place stays on it
    /// (phoc ends the grab where the input region does).
    public var isCarried: Bool {
        if case .carrying = phase { return true }
        return false
    }

    /// Takes one input; returns what to carry out.
    public mutating func handle(_ input: Input) -> [Effect] {
        switch input {
        case .down(let id, let point, let now): return down(id, point, now)
        case .move(let id, let point, let now): return move(id, point, now)
        case .up(let id, let now): return up(id, now)
        case .cancel: return cancel()
        case .armed(let type):
            armed = type
            return []
        case .area(let size):
            area = size
            let kept = placement.moved(by: .zero, in: size)
            guard kept != placement else { return [] }
            placement = kept
            return [.moved(kept)]
        case .tick(let now):
            if case .tapped(let until) = phase, now >= until {
                phase = .idle
                return Self.leftClick
            }
            return restingClick(now)
        }
    }

    private mutating func down(_ id: Int32, _ point: Point, _ now: Double) -> [Effect] {
        switch phase {
        case .idle, .tapped:
            var pending: [Effect] = []
            let afterTap: Bool
            if case .tapped(let until) = phase {
                afterTap = now < until && placement.touchArea.contains(point) && id != Self.pointerID
                // A touch elsewhere, or too late: the tap was a click of its own.
                if !afterTap { pending = [.press(.left), .release(.left)] }
            } else {
                afterTap = false
            }
            if placement.close.contains(point) {
                phase = .closing(id)
            } else if placement.strip.contains(point) {
                phase = .carrying(id, last: point)
            } else if placement.touchArea.contains(point), id != Self.pointerID {
                phase = .touching(
                    id, start: point, last: point, since: now, moved: false, afterTap: afterTap)
                pace = Sample(point: point, at: now)
                recent = pace
            } else {
                phase = .idle
            }
            return pending
        case .touching(let first, _, let last, let since, let moved, let afterTap)
        where id != first && id != Self.pointerID && !afterTap:
            // A second finger: a scroll or a right click, from where both are.
            let fingers = [first: last, id: point]
            phase = .fingers(
                fingers, start: Self.centroid(fingers), since: moved ? -.infinity : since, scrolling: false,
                lifted: false)
            // Two fingers scroll or click: where they leave the pointer is no rest.
            dwell.spend(at: travelled)
            return []
        case .fingers(var fingers, let start, let since, let scrolling, false) where id != Self.pointerID:
            fingers[id] = point
            phase = .fingers(fingers, start: start, since: since, scrolling: scrolling, lifted: false)
            return []
        default:
            return []
        }
    }

    private mutating func move(_ id: Int32, _ point: Point, _ now: Double) -> [Effect] {
        switch phase {
        case .touching(id, let start, let last, let since, let moved, let afterTap):
            let far = moved || start.distance(to: point) > settings.slop
            guard far else {
                phase = .touching(
                    id, start: start, last: last, since: since, moved: false,
                    afterTap: afterTap)
                return []
            }
            let motion = motion(from: last, to: point, now: now)
            if afterTap {
                phase = .dragging(id, last: point)
                dwell.spend(at: travelled)
                return [.press(.left), motion]
            }
            phase = .touching(
                id, start: start, last: point, since: since, moved: true, afterTap: false)
            dwell.moved(to: travelled, now: now)
            return [motion]
        case .dragging(id, let last):
            phase = .dragging(id, last: point)
            let motion = motion(from: last, to: point, now: now)
            dwell.spend(at: travelled)
            return [motion]
        case .fingers(var fingers, let start, let since, let scrolling, let lifted) where fingers[id] != nil:
            let before = Self.centroid(fingers)
            fingers[id] = point
            let after = Self.centroid(fingers)
            // A finger left behind by a lift scrolls no more.
            let scrolls = scrolling || (!lifted && start.distance(to: after) > settings.slop)
            phase = .fingers(fingers, start: start, since: since, scrolling: scrolls, lifted: lifted)
            guard scrolls, !lifted else { return [] }
            // Natural scrolling, as on a touchscreen: the content follows the fingers.
            let from = scrolling ? before : start
            return [.scroll(Point(x: from.x - after.x, y: from.y - after.y))]
        case .carrying(id, let last):
            let moved = placement.moved(by: point - last, in: area)
            phase = .carrying(id, last: point)
            guard moved != placement else { return [] }
            placement = moved
            return [.moved(moved)]
        default:
            return []
        }
    }

    private mutating func up(_ id: Int32, _ now: Double) -> [Effect] {
        switch phase {
        case .touching(id, _, _, let since, let moved, let afterTap):
            phase = .idle
            let tap = !moved && now - since <= settings.tapTime
            if afterTap { return tap ? Self.leftClick + Self.leftClick : Self.leftClick }
            return tap ? self.tap(now) : []
        case .dragging(id, _):
            phase = .idle
            return [.release(.left)]
        case .fingers(var fingers, let start, let since, let scrolling, _) where fingers[id] != nil:
            fingers[id] = nil
            guard fingers.isEmpty else {
                phase = .fingers(fingers, start: start, since: since, scrolling: scrolling, lifted: true)
                return []
            }
            phase = .idle
            if scrolling { return [.scrollStop] }
            return now - since <= settings.tapTime ? [.press(.right), .release(.right)] : []
        case .carrying(id, _):
            phase = .idle
            return []
        case .closing(id):
            phase = .idle
            return [.close]
        default:
            return []
        }
    }

    /// A one-finger tap: the armed click type's click, else a left click
    /// once no second touch came to make it a drag.
    private mutating func tap(_ now: Double) -> [Effect] {
        if holding {
            holding = false
            return [.release(.left)]
        }
        guard let clicks = armedClick() else {
            phase = .tapped(until: now + settings.tapWindow)
            return []
        }
        return clicks
    }

    /// The pointer's rest is a tap where it rests (at once: no drag can
    /// follow), once per rest. A drag's or a scroll's end is no rest: they
    /// spend it (`move`, `down`).
    private mutating func restingClick(_ now: Double) -> [Effect] {
        guard dwell.fire(at: now) != nil else { return [] }
        dwell.spend(at: travelled)
        if holding {
            holding = false
            return [.release(.left)]
        }
        return armedClick() ?? Self.leftClick
    }

    /// The armed type's click, which disarms it; nil when none is armed
    /// (or a scroll is). A drag's press is held until the next tap, the
    /// pointer moved between the two.
    private mutating func armedClick() -> [Effect]? {
        guard let type = armed, let clicks = Self.clicks(of: type) else { return nil }
        armed = nil
        holding = type == .drag
        return clicks + [.usedClick(type)]
    }

    /// What a tap is with `type` armed; nil for a scroll, which is for a
    /// drag elsewhere (the pad's two fingers scroll).
    private static func clicks(of type: ClickType) -> [Effect]? {
        switch type {
        case .right: [.press(.right), .release(.right)]
        case .middle: [.press(.middle), .release(.middle)]
        case .double: leftClick + leftClick
        case .drag: [.press(.left)]
        case .scroll: nil
        }
    }

    private mutating func cancel() -> [Effect] {
        var effects: [Effect] = []
        switch phase {
        case .dragging: effects.append(.release(.left))
        case .fingers(_, _, _, true, _): effects.append(.scrollStop)
        default: break
        }
        if holding { effects.append(.release(.left)) }
        holding = false
        phase = .idle
        return effects
    }

    /// The pointer's motion for a finger that moved from `last` to
    /// `point`: its speed is taken from `pace`, at least
    /// `PointerAcceleration.window` back, since events the compositor sent
    /// apart may be read in one wakeup, at one time (on KWin, a drag at 180
    /// px/s moved the pointer 1.6 times as far as the finger).
    private mutating func motion(from last: Point, to point: Point, now: Double) -> Effect {
        let delta = point - last
        if now - recent.at >= PointerAcceleration.window {
            pace = recent
            recent = Sample(point: point, at: now)
        }
        let gain = PointerAcceleration.gain(distance: pace.point.distance(to: point), seconds: now - pace.at)
        let motion = Point(x: delta.x * settings.speed * gain, y: delta.y * settings.speed * gain)
        travelled = travelled + motion
        return .motion(motion)
    }

    private static let leftClick: [Effect] = [.press(.left), .release(.left)]

    private static func centroid(_ fingers: [Int32: Point]) -> Point {
        let count = Double(max(1, fingers.count))
        let sum = fingers.values.reduce(Point.zero, +)
        return Point(x: sum.x / count, y: sum.y / count)
    }
}

/// A touchpad's acceleration: slow motion goes as far as the finger, for
/// precision, and fast motion up to `maximum` times as far, to cross the
/// screen in one stroke (libinput's flat-then-linear profile, simplified).
public enum PointerAcceleration {
    /// The finger speed (logical px per second) up to which the pointer
    /// goes as far as the finger.
    public static let slow = 150.0
    /// The finger speed from which it goes `maximum` times as far.
    public static let fast = 1500.0
    /// The most the pointer goes per finger motion, times `speed`.
    public static let maximum = 3.0
    /// The shortest time a finger's speed is measured over.
    public static let window = 0.05

    /// The gain for a finger that moved `distance` px in `seconds`; a
    /// motion with no time between (two events at once) is taken to span
    /// a 250 Hz report's 4 ms.
    public static func gain(distance: Double, seconds: Double) -> Double {
        let speed = distance / max(seconds, 0.004)
        guard speed > slow else { return 1 }
        return min(maximum, 1 + (maximum - 1) * (speed - slow) / (fast - slow))
    }
}

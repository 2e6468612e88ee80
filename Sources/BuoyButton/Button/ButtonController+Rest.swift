import BuoyCore
import BuoyGestures

/// Where the button rests: its place in the usable area, tucked or not,
/// and the glide there.
extension ButtonController {
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

    /// The place this button takes, for its neighbours to avoid.
    public var restingRect: Rect? {
        restingOrigin.map { Rect(origin: $0, size: Size(width: settings.size, height: settings.size)) }
    }

    /// Why `buoy msg move` cannot move the button now: a finger or the
    /// pointer holds it, and the drop decides where it rests.
    public var refusalToMove: String? {
        isDragging ? "it is being dragged; move it once it is released" : nil
    }

    /// When the idle button tucks, if it is due to.
    var tuckTime: Double? {
        guard settings.tuck, case .resting(.still, tucked: false) = phase, !fade.isHeld,
            recognizer.deadline == nil, rest.tuckEdge != nil
        else { return nil }
        return fade.lastActivity + settings.fade.idleDelay
    }

    /// `position`, or the nearest free place when another button is there.
    func resolved(_ position: RestPosition) -> RestPosition {
        guard let usable else { return position }
        return Snapping.freeRest(
            position, mode: settings.snapMode, size: settings.size, margin: settings.margin,
            gap: settings.gap,
            avoiding: neighbours, in: usable)
    }

    mutating func untuck() {
        if case .resting(let motion, tucked: true) = phase { phase = .resting(motion, tucked: false) }
    }

    /// Sends the button to its rest position (tucked if it is), gliding
    /// from where it is when `animated`.
    mutating func glideToRest(at now: Double, animated: Bool) {
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

    mutating func setArea(_ area: Rect?, at now: Double) -> [ButtonEffect] {
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

    /// Takes reloaded settings: a resize mid-drag keeps the point it was
    /// grabbed by under the pointer; a new size, margin or tuck sends it to its rest.
    mutating func adopt(_ new: ButtonSettings, at now: Double) {
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
    }

    /// The button's centre when its top-left is at `origin`.
    func center(of origin: Point) -> Point {
        Point(x: origin.x + settings.size / 2, y: origin.y + settings.size / 2)
    }

    /// `motion`, still once its glide has landed.
    func landed(_ motion: Motion, at now: Double) -> Motion {
        if case .gliding(let animation) = motion, animation.isFinished(at: now) {
            return .still(animation.to)
        }
        return motion
    }

    /// How it moves now: a drag, or a phase without a place, holds it still.
    func currentMotion(at now: Double) -> Motion {
        switch phase {
        case .resting(let motion, _), .pressed(let motion, _), .menu(let motion, _): return motion
        case .dragging(let drag): return .still(drag.origin)
        case .unplaced, .hidden, .removed: return .still(usable?.origin ?? .zero)
        }
    }
}

/// The menu's items popping open one after another, or shrinking away.
///
/// Opening: item i starts `i × stagger` after `start` and runs its own curve
/// of length `itemDuration`, so that the last item lands exactly at `end`
/// (`start + openDuration`, for any count). Each item starts when the one
/// before it is a third of the way through its curve; for the default 0.3 s
/// and 4 items that is a 0.15 s curve every 0.05 s, for 8 items 0.09 s every
/// 0.03 s. The curve passes through keyframes
///
///     t:     0    0.5   0.75   1
///     scale: 0    1.1   0.9    1
///
/// easing out of 0 and in and out of each later keyframe, so its velocity is
/// zero at the overshoot, the undershoot and the rest.
///
/// Closing: the same staggering in reverse (the last item goes first), each
/// item easing in from 1 to 0, all at exactly 0 at `start + closeDuration`.
public struct MenuAnimation: Sendable, Equatable {
    /// Whether it unfolds (true) or folds away.
    public var opening: Bool
    /// When the animation starts, in the caller's monotonic seconds.
    public var start: Double
    /// How many items it staggers.
    public var count: Int
    /// How long the whole animation takes, in seconds; 0 (or less) is instant.
    public var duration: Double

    /// An animation of `count` items from `start`, taking `openDuration` or `closeDuration`.
    public init(opening: Bool, start: Double, count: Int, openDuration: Double, closeDuration: Double) {
        self.opening = opening
        self.start = start
        self.count = max(0, count)
        self.duration = opening ? openDuration : closeDuration
    }

    /// When the last item has landed (opening) or vanished (closing).
    public var end: Double { start + duration }

    /// The scale at which item `item` is drawn at `now`: around its centre,
    /// 0 meaning not drawn. Exactly 1 (opening) or 0 (closing) from `end` on;
    /// 0 for an item outside `0..<count`.
    public func scale(item: Int, at now: Double) -> Double {
        guard item >= 0 && item < count else { return 0 }
        let rest = opening ? 1.0 : 0.0
        // `<` rather than `>=` so that a NaN time or duration lands.
        guard now < end else { return rest }
        guard now > start else { return 1 - rest }
        let timing = Self.timing(count: count, duration: duration)
        let order = opening ? item : count - 1 - item
        let begin = start + Double(order) * timing.stagger
        let t = (now - begin) / timing.itemDuration
        return opening ? Self.pop(t) : Self.shrink(t)
    }

    /// The scale of a whole panel at `now`, around the button's centre: it
    /// grows out of the button (easing out from 0 to 1) and shrinks back
    /// into it (easing in from 1 to 0), all its items with it, over the
    /// whole duration.
    public func panelScale(at now: Double) -> Double {
        let rest = opening ? 1.0 : 0.0
        guard now < end else { return rest }
        guard now > start else { return 1 - rest }
        let t = (now - start) / duration
        return opening ? 1 - (1 - t) * (1 - t) * (1 - t) : Self.shrink(t)
    }

    /// How opaque a whole panel is at `now`, from 0 to 1: it fades in as
    /// it grows, opaque two thirds of the way through (easing out), and
    /// fades out evenly as it shrinks, gone exactly at `end`.
    public func panelOpacity(at now: Double) -> Double {
        let rest = opening ? 1.0 : 0.0
        guard now < end else { return rest }
        guard now > start else { return 1 - rest }
        let t = (now - start) / duration
        guard opening else { return 1 - t }
        let u = min(1, t * 1.5)
        return 1 - (1 - u) * (1 - u)
    }

    /// How opaque `layout`'s images are at `now`: a panel fades with
    /// `panelOpacity`; a column's items only grow and shrink.
    public func opacity(in layout: MenuLayout, at now: Double) -> Double {
        layout.panel != nil ? panelOpacity(at: now) : 1
    }

    /// How an image of `layout` is scaled at `now`, and around which
    /// point: in a panel, every image (its backdrop too, `item` nil) with
    /// the panel around the button's centre; in a column, item `item`'s
    /// images around its centre, its pill (`pill`) never beyond 1, so that
    /// it holds still while the circle overshoots and never needs room
    /// outside the layout.
    public func transform(item: Int?, pill: Bool, in layout: MenuLayout, at now: Double) -> (
        scale: Double, center: Point
    ) {
        if layout.panel != nil { return (panelScale(at: now), layout.origin) }
        guard let item, layout.items.indices.contains(item) else { return (0, layout.origin) }
        let scale = scale(item: item, at: now)
        return (pill ? min(scale, 1) : scale, layout.items[item].circle.center)
    }

    /// Whether every item is at rest: the loop stops asking for frames then.
    public func isFinished(at now: Double) -> Bool {
        !(now < end)
    }

    /// Each item's own curve length and the delay between two items' starts.
    static func timing(count: Int, duration: Double) -> (itemDuration: Double, stagger: Double) {
        // (count - 1) stagger + itemDuration = duration, stagger = itemDuration / 3.
        let itemDuration = duration / (1 + Double(max(0, count - 1)) / 3)
        return (itemDuration, itemDuration / 3)
    }

    /// The opening curve at `t` (0...1 of the item's own duration).
    static func pop(_ t: Double) -> Double {
        guard t > 0 else { return 0 }
        guard t < 1 else { return 1 }
        if t < 0.5 {
            let u = t / 0.5
            return 1.1 * (1 - (1 - u) * (1 - u))
        }
        if t < 0.75 {
            return 1.1 - 0.2 * smoothstep((t - 0.5) / 0.25)
        }
        return 0.9 + 0.1 * smoothstep((t - 0.75) / 0.25)
    }

    /// The closing curve at `t`: an ease-in from 1 to 0.
    static func shrink(_ t: Double) -> Double {
        guard t > 0 else { return 1 }
        guard t < 1 else { return 0 }
        return 1 - t * t
    }
}

private func smoothstep(_ u: Double) -> Double {
    u * u * (3 - 2 * u)
}

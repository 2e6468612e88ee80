/// The button gliding from where it was released to its rest position, with
/// an ease-out cubic curve (fast start, gentle landing).
public struct SnapAnimation: Sendable, Equatable {
    /// Where the glide starts.
    public var from: Point
    /// Where it lands.
    public var to: Point
    /// When the animation starts, in the caller's monotonic seconds.
    public var start: Double
    /// How long it takes, in seconds; 0 (or less) lands at once.
    public var duration: Double

    /// A glide from `from` to `to`, starting at `start` and taking `duration` seconds.
    public init(from: Point, to: Point, start: Double, duration: Double) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = duration
    }

    /// When the button lands.
    public var end: Double { start + duration }

    /// The origin at `now`: `from` before `start`, exactly `to` from `end` on.
    public func position(at now: Double) -> Point {
        // Compare with `<` so that a NaN time or duration lands rather than
        // producing NaN coordinates.
        guard now < end else { return to }
        guard now > start else { return from }
        let t = (now - start) / duration
        let u = 1 - t
        let eased = 1 - u * u * u
        return Point(x: from.x + (to.x - from.x) * eased, y: from.y + (to.y - from.y) * eased)
    }

    /// Whether the button has landed: the loop stops asking for frames then.
    public func isFinished(at now: Double) -> Bool {
        !(now < end)
    }
}

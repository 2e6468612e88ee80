extension Snapping {
    /// `wanted` if a button of `size` resting there overlaps none of `obstacles`
    /// (rects in the same coordinates as `usable`, kept apart by `gap` logical px);
    /// otherwise the nearest (by distance between the button's centres) rest
    /// position of the same snap `mode` whose rect is free, fully inside `usable`.
    /// Nil-free: when nothing is free, `wanted` comes back unchanged.
    ///
    /// Obstacles that share no area with `usable` are ignored. A rect is free
    /// when it is at least `gap` from every obstacle on one axis (touching at
    /// exactly `gap` is free). The candidates, by mode:
    /// - `.edge`: on each edge (at `margin`), the place along it nearest to
    ///   `wanted`'s centre and the places just clear of each obstacle before
    ///   and after it on that edge's axis, clamped to the travel. `wanted` may
    ///   also be a corner or the centre (a config placement).
    /// - `.corner`: the four corners and the centre; when all are taken, the
    ///   `.edge` candidates.
    /// - `.none`: every combination of an x and a y out of `wanted`'s own, those
    ///   just clear of each obstacle on either side, and the ends of the
    ///   travel, clamped to `usable`; the result is `.free`.
    ///
    /// Ties go to the candidate listed first: edges in the order left, right,
    /// top, bottom, and along an edge the smaller coordinate (higher, or
    /// further left) first; sockets in the order top-left, top-right,
    /// bottom-left, bottom-right, centre (as `rest(forCenter:)` breaks them);
    /// free places the smaller y first, then the smaller x.
    public static func freeRest(
        _ wanted: RestPosition, mode: SnapMode, size: Double, margin: Double, gap: Double,
        avoiding obstacles: [Rect], in usable: Rect
    ) -> RestPosition {
        let room = Room(usable: usable, size: size, margin: margin, gap: gap, obstacles: obstacles)
        if room.isFree(wanted) { return wanted }
        let target = room.center(of: wanted)
        let found: RestPosition?
        switch mode {
        case .edge:
            found = room.nearestFree(to: target, among: room.edgeSlides(toward: target))
        case .corner:
            let sockets: [RestPosition] = Corner.allCases.map { .corner($0) } + [.center]
            found =
                room.nearestFree(to: target, among: sockets)
                ?? room.nearestFree(to: target, among: room.edgeSlides(toward: target))
        case .none:
            found = room.nearestFree(to: target, among: room.freeSlides(toward: target))
        }
        return found ?? wanted
    }
}

extension Snapping {
    /// Whether buttons on outputs `a` and `b` may share one: a surface whose
    /// output the compositor has not named yet may be on any, so the buttons
    /// placed before it are avoided too.
    public static func mayShareOutput(_ a: String?, _ b: String?) -> Bool {
        a == nil || b == nil || a == b
    }
}

/// The usable area with the buttons already in it, as `freeRest` sees it.
private struct Room {
    let usable: Rect
    let size: Double
    let margin: Double
    let gap: Double
    let obstacles: [Rect]

    /// Positions computed through fractions can miss an exact edge by an ulp;
    /// this much overlap (a millionth of a px) does not count.
    private static let tolerance = 1e-6

    init(usable: Rect, size: Double, margin: Double, gap: Double, obstacles: [Rect]) {
        self.usable = usable
        self.size = size
        self.margin = margin
        self.gap = gap
        self.obstacles = obstacles.filter {
            $0.minX < usable.maxX && usable.minX < $0.maxX && $0.minY < usable.maxY && usable.minY < $0.maxY
        }
    }

    func rect(of rest: RestPosition) -> Rect {
        Rect(
            origin: rest.origin(in: usable, size: size, margin: margin), size: Size(width: size, height: size)
        )
    }

    func center(of rest: RestPosition) -> Point { rect(of: rest).center }

    func isFree(_ rest: RestPosition) -> Bool {
        let r = rect(of: rest)
        let t = Self.tolerance
        guard
            r.minX >= usable.minX - t, r.maxX <= usable.maxX + t, r.minY >= usable.minY - t,
            r.maxY <= usable.maxY + t
        else { return false }
        return !obstacles.contains {
            r.minX < $0.maxX + gap - t && $0.minX < r.maxX + gap - t && r.minY < $0.maxY + gap - t
                && $0.minY < r.maxY + gap - t
        }
    }

    /// The first free candidate at the smallest distance from `target`.
    func nearestFree(to target: Point, among candidates: [RestPosition]) -> RestPosition? {
        var best: RestPosition?
        var bestDistance = Double.infinity
        for candidate in candidates where isFree(candidate) {
            let d = center(of: candidate).distance(to: target)
            if d < bestDistance {
                best = candidate
                bestDistance = d
            }
        }
        return best
    }

    /// Origin coordinates along one axis: `own`, just before and after each
    /// obstacle's extent on that axis, and both ends of `travel`, clamped to
    /// it and sorted.
    private func stops(
        own: Double, along travel: Travel, extent: (Rect) -> (min: Double, max: Double)
    ) -> [Double] {
        var stops = [own, travel.start, travel.end]
        for obstacle in obstacles {
            let (low, high) = extent(obstacle)
            stops += [low - gap - size, high + gap]
        }
        return Set(stops.map { travel.clamp($0) }).sorted()
    }

    /// The `.edge` candidates, edges in `Edge.allCases` order.
    func edgeSlides(toward target: Point) -> [RestPosition] {
        let h = Travel(from: usable.minX, length: usable.width, size: size, margin: margin)
        let v = Travel(from: usable.minY, length: usable.height, size: size, margin: margin)
        let ys = stops(own: target.y - size / 2, along: v) { ($0.minY, $0.maxY) }
        let xs = stops(own: target.x - size / 2, along: h) { ($0.minX, $0.maxX) }
        return Edge.allCases.flatMap { edge -> [RestPosition] in
            switch edge {
            case .left, .right: return ys.map { .edge(edge, fraction: v.fraction(of: $0)) }
            case .top, .bottom: return xs.map { .edge(edge, fraction: h.fraction(of: $0)) }
            }
        }
    }

    /// The `.none` candidates, row by row from the top.
    func freeSlides(toward target: Point) -> [RestPosition] {
        let h = Travel(from: usable.minX, length: usable.width, size: size, margin: 0)
        let v = Travel(from: usable.minY, length: usable.height, size: size, margin: 0)
        let ys = stops(own: target.y - size / 2, along: v) { ($0.minY, $0.maxY) }
        let xs = stops(own: target.x - size / 2, along: h) { ($0.minX, $0.maxX) }
        return ys.flatMap { y in xs.map { x in .free(fx: h.fraction(of: x), fy: v.fraction(of: y)) } }
    }
}

/// Where the button goes when it is released, and where it may be dragged.
public enum Snapping {
    /// The rest position for a button released with its centre at `center`.
    ///
    /// - `.edge`: the nearest of the four edges of `usable` (by the distance from
    ///   the centre to each edge; ties go to left, right, top, bottom in that
    ///   order). The button keeps its coordinate along that edge, clamped so it
    ///   stays fully on screen, and rests `margin` from the edge.
    /// - `.corner`: the nearest of five sockets, the four corners (at `margin`)
    ///   and the centre of `usable`, by the distance between centres.
    /// - `.none`: where it was dropped, clamped fully onto `usable` with no
    ///   margin (so it can be parked flush against an edge).
    public static func rest(
        forCenter center: Point, mode: SnapMode, size: Double, margin: Double, in usable: Rect
    ) -> RestPosition {
        let origin = Point(x: center.x - size / 2, y: center.y - size / 2)
        switch mode {
        case .edge:
            let distances: [(Edge, Double)] = [
                (.left, center.x - usable.minX),
                (.right, usable.maxX - center.x),
                (.top, center.y - usable.minY),
                (.bottom, usable.maxY - center.y),
            ]
            var nearest = distances[0]
            for candidate in distances.dropFirst() where candidate.1 < nearest.1 {
                nearest = candidate
            }
            switch nearest.0 {
            case .left, .right:
                let v = Travel(from: usable.minY, length: usable.height, size: size, margin: margin)
                return .edge(nearest.0, fraction: v.fraction(of: origin.y))
            case .top, .bottom:
                let h = Travel(from: usable.minX, length: usable.width, size: size, margin: margin)
                return .edge(nearest.0, fraction: h.fraction(of: origin.x))
            }
        case .corner:
            let sockets: [RestPosition] = Corner.allCases.map { .corner($0) } + [.center]
            var best = sockets[0]
            var bestDistance = Double.infinity
            for socket in sockets {
                let o = socket.origin(in: usable, size: size, margin: margin)
                let d = Point(x: o.x + size / 2, y: o.y + size / 2).distance(to: center)
                if d < bestDistance {
                    best = socket
                    bestDistance = d
                }
            }
            return best
        case .none:
            let h = Travel(from: usable.minX, length: usable.width, size: size, margin: 0)
            let v = Travel(from: usable.minY, length: usable.height, size: size, margin: 0)
            return .free(fx: h.fraction(of: origin.x), fy: v.fraction(of: origin.y))
        }
    }

    /// `origin` moved so the whole button is inside `usable` (for dragging).
    /// A button larger than `usable` is centred on that axis.
    public static func clampOrigin(_ origin: Point, size: Double, in usable: Rect) -> Point {
        let h = Travel(from: usable.minX, length: usable.width, size: size, margin: 0)
        let v = Travel(from: usable.minY, length: usable.height, size: size, margin: 0)
        return Point(x: h.clamp(origin.x), y: v.clamp(origin.y))
    }

    /// The origin of a button tucked half off the edge it rests on (see
    /// `RestPosition.tuckEdge`: corners tuck into their left/right edge).
    /// The coordinate along the edge is kept. The centre and free positions
    /// do not tuck and get `origin` back unchanged.
    public static func tuckedOrigin(
        rest origin: Point, position: RestPosition, size: Double, in usable: Rect
    ) -> Point {
        switch position.tuckEdge {
        case .left: return Point(x: usable.minX - size / 2, y: origin.y)
        case .right: return Point(x: usable.maxX - size / 2, y: origin.y)
        case .top: return Point(x: origin.x, y: usable.minY - size / 2)
        case .bottom: return Point(x: origin.x, y: usable.maxY - size / 2)
        case nil: return origin
        }
    }
}

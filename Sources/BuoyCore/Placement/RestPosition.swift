/// One of the four edges of the usable area. The raw values are the state file's and the JSON's.
public enum Edge: String, Sendable, Equatable, Hashable, CaseIterable {
    case left, right, top, bottom
}

/// One of the four corners of the usable area. The raw values are the config's.
public enum Corner: String, Sendable, Equatable, Hashable, CaseIterable {
    case topLeft = "top-left"
    case topRight = "top-right"
    case bottomLeft = "bottom-left"
    case bottomRight = "bottom-right"
}

/// Where the button rests, independent of the output's resolution, so that
/// it survives mode changes, scale changes and exclusive zones coming and going.
///
/// Fractions are fractions of the *free travel*: 0 puts the button at the
/// start of the axis (at `margin`), 1 at the end, so a fraction means the same
/// spot relative to the screen at any size.
public enum RestPosition: Sendable, Equatable, Hashable {
    /// On `edge`, `margin` from it; `fraction` (0...1) along it: top to bottom
    /// for left/right, left to right for top/bottom.
    case edge(Edge, fraction: Double)
    /// In a corner, `margin` from both edges.
    case corner(Corner)
    /// In the centre of the usable area.
    case center
    /// Anywhere (snap mode `none`): fractions of the free travel with no
    /// margin, `fx` left to right and `fy` top to bottom.
    case free(fx: Double, fy: Double)

    /// The initial position for a config placement: an edge means its middle.
    public init(placement: Placement) {
        switch placement {
        case .left: self = .edge(.left, fraction: 0.5)
        case .right: self = .edge(.right, fraction: 0.5)
        case .top: self = .edge(.top, fraction: 0.5)
        case .bottom: self = .edge(.bottom, fraction: 0.5)
        case .topLeft: self = .corner(.topLeft)
        case .topRight: self = .corner(.topRight)
        case .bottomLeft: self = .corner(.bottomLeft)
        case .bottomRight: self = .corner(.bottomRight)
        case .center: self = .center
        }
    }

    /// The placement-like name reported in the state/JSON `edge` field:
    /// "left", "top-right", "center", "free", ...
    public var name: String {
        switch self {
        case .edge(let edge, _): return edge.rawValue
        case .corner(let corner): return corner.rawValue
        case .center: return "center"
        case .free: return "free"
        }
    }

    /// The top-left of the button's bounding square when resting here.
    ///
    /// The result is always inside `usable` when the button fits. When only the
    /// margin does not fit, the margin shrinks so the button is centred on that
    /// axis; when the button itself does not fit, it is centred on that axis and
    /// overhangs both sides equally. Out-of-range fractions are clamped to
    /// 0...1 and NaN is treated as 0.5, so the result is never NaN for finite
    /// input.
    public func origin(in usable: Rect, size: Double, margin: Double) -> Point {
        let h = Travel(from: usable.minX, length: usable.width, size: size, margin: margin)
        let v = Travel(from: usable.minY, length: usable.height, size: size, margin: margin)
        switch self {
        case .edge(.left, let f): return Point(x: h.start, y: v.at(f))
        case .edge(.right, let f): return Point(x: h.end, y: v.at(f))
        case .edge(.top, let f): return Point(x: h.at(f), y: v.start)
        case .edge(.bottom, let f): return Point(x: h.at(f), y: v.end)
        case .corner(.topLeft): return Point(x: h.start, y: v.start)
        case .corner(.topRight): return Point(x: h.end, y: v.start)
        case .corner(.bottomLeft): return Point(x: h.start, y: v.end)
        case .corner(.bottomRight): return Point(x: h.end, y: v.end)
        case .center: return Point(x: h.at(0.5), y: v.at(0.5))
        case .free(let fx, let fy):
            // Free positions rest on no edge, so no margin applies.
            let fh = Travel(from: usable.minX, length: usable.width, size: size, margin: 0)
            let fv = Travel(from: usable.minY, length: usable.height, size: size, margin: 0)
            return Point(x: fh.at(fx), y: fv.at(fy))
        }
    }

    /// The edge the button tucks into: its own edge, or for a corner the
    /// left/right edge of that corner (buoy tucks sideways, like AssistiveTouch).
    /// Nil for the centre and free positions, which never tuck.
    public var tuckEdge: Edge? {
        switch self {
        case .edge(let edge, _): return edge
        case .corner(.topLeft), .corner(.bottomLeft): return .left
        case .corner(.topRight), .corner(.bottomRight): return .right
        case .center, .free: return nil
        }
    }
}

/// The range of origin coordinates a button of `size` can take along one axis
/// of the usable area, `margin` in from both ends. Shared by `origin(in:)` and
/// `Snapping` so that a fraction computed by one lands exactly where the other
/// puts it.
struct Travel {
    /// The smallest origin coordinate.
    let start: Double
    /// The free travel, never negative.
    let length: Double

    var end: Double { start + length }

    init(from minimum: Double, length axisLength: Double, size: Double, margin: Double) {
        var slack = axisLength - size
        if slack.isNaN { slack = 0 }
        if slack > 0 {
            // A margin that does not fit shrinks so the slack splits evenly.
            let m = clampValue(margin, 0, slack / 2)
            start = minimum + m
            length = slack - 2 * m
        } else {
            // Too small for the button: centre it (it overhangs both ends).
            start = minimum + slack / 2
            length = 0
        }
    }

    /// The coordinate at `fraction` (clamped to 0...1; NaN means the middle).
    func at(_ fraction: Double) -> Double {
        let f = fraction.isNaN ? 0.5 : clampValue(fraction, 0, 1)
        return start + f * length
    }

    /// The fraction (0...1) of the travel at which `coordinate` lies, clamped;
    /// 0.5 when there is no travel, so that a later, larger area centres it.
    func fraction(of coordinate: Double) -> Double {
        guard length > 0 else { return 0.5 }
        let f = (coordinate - start) / length
        return f.isNaN ? 0.5 : clampValue(f, 0, 1)
    }

    /// `coordinate` moved into the travel; NaN goes to the start.
    func clamp(_ coordinate: Double) -> Double {
        clampValue(coordinate, start, end)
    }
}

/// `value` limited to `low...high`; NaN becomes `low`. (Swift's `min`/`max`
/// pass NaN through, which would leak into positions.)
func clampValue(_ value: Double, _ low: Double, _ high: Double) -> Double {
    if value > low {
        return value < high ? value : high
    }
    return low
}

/// A point in logical pixels. Output coordinates unless a name says otherwise.
public struct Point: Sendable, Equatable, Hashable {
    /// Logical pixels rightwards.
    public var x: Double
    /// Logical pixels downwards.
    public var y: Double

    /// The point at `x`, `y`.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin.
    public static let zero = Point(x: 0, y: 0)

    /// The sum, coordinate by coordinate.
    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// The difference, coordinate by coordinate.
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }

    /// The straight-line distance to `other`.
    public func distance(to other: Point) -> Double {
        let dx = other.x - x
        let dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }
}

/// A size in logical pixels.
public struct Size: Sendable, Equatable, Hashable {
    /// Logical pixels across.
    public var width: Double
    /// Logical pixels down.
    public var height: Double

    /// A size of `width` by `height`.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// An axis-aligned rectangle; `origin` is the top-left corner.
public struct Rect: Sendable, Equatable, Hashable {
    /// The top-left corner.
    public var origin: Point
    /// The width and height.
    public var size: Size

    /// The rect at `origin` of `size`.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// The rect with its top-left corner at `x`, `y`.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The left edge.
    public var minX: Double { origin.x }
    /// The top edge.
    public var minY: Double { origin.y }
    /// The right edge.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge.
    public var maxY: Double { origin.y + size.height }
    /// `size.width`.
    public var width: Double { size.width }
    /// `size.height`.
    public var height: Double { size.height }
    /// The middle.
    public var center: Point { Point(x: origin.x + size.width / 2, y: origin.y + size.height / 2) }

    /// Whether `p` is inside: the top and left edges are, the bottom and right are not.
    public func contains(_ p: Point) -> Bool {
        p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY
    }

    /// Whether the two share any area (touching edges do not).
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// The smallest rectangle holding both.
    public func union(_ other: Rect) -> Rect {
        let x = min(minX, other.minX)
        let y = min(minY, other.minY)
        return Rect(x: x, y: y, width: max(maxX, other.maxX) - x, height: max(maxY, other.maxY) - y)
    }
}

/// An sRGB colour with straight (not premultiplied) alpha, each channel 0...1.
public struct Color: Sendable, Equatable, Hashable {
    /// The red channel, 0...1.
    public var red: Double
    /// The green channel, 0...1.
    public var green: Double
    /// The blue channel, 0...1.
    public var blue: Double
    /// The opacity, 0 (transparent) to 1 (opaque); not premultiplied.
    public var alpha: Double

    /// A colour from channels in 0...1, opaque unless `alpha` says otherwise.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}

/// Where the button rests: the middle of an edge, a corner, or (for corner
/// snapping) the centre of the usable area. The raw values are the config's.
public enum Placement: String, Sendable, Equatable, CaseIterable {
    case right, left, top, bottom
    case topLeft = "top-left"
    case topRight = "top-right"
    case bottomLeft = "bottom-left"
    case bottomRight = "bottom-right"
    case center
}

/// What the button snaps to when released: `[snap] to`.
public enum SnapMode: String, Sendable, Equatable, CaseIterable {
    case edge, corner, none
}

/// Where the pointer pad (issue 45) goes in the usable area of an output,
/// and its parts: a strip along its top to drag it by, with a close control
/// at the strip's right end, and below it the touch area that moves the
/// pointer. All in the layer surface's logical pixels.
public struct PointerPadPlacement: Sendable, Equatable {
    /// `[pointer] place`: which part of the output the pad opens in.
    public enum Place: String, Sendable, Equatable, CaseIterable {
        case bottom, middle, top
    }

    /// The strip's height: a finger's width, so it can be taken.
    public static let stripHeight = 32.0
    /// The smallest pad that still leaves a finger room to move, unless the
    /// output itself is smaller.
    public static let minimumSize = Size(width: 160, height: 120)
    /// Space kept between the pad and the output's edge.
    public static let margin = 16.0

    /// The whole pad.
    public var frame: Rect

    /// A pad at `frame`.
    public init(frame: Rect) {
        self.frame = frame
    }

    /// The pad a fraction `width` of `area`'s width and `height` of its
    /// height (each at least `minimumSize`, at most the area less the
    /// margins), centred across and at `place`.
    public init(area: Size, width: Double, height: Double, place: Place) {
        let room = Size(
            width: max(0, area.width - 2 * Self.margin), height: max(0, area.height - 2 * Self.margin))
        let w = min(room.width, max(Self.minimumSize.width, (area.width * width).rounded()))
        let h = min(room.height, max(Self.minimumSize.height, (area.height * height).rounded()))
        let x = ((area.width - w) / 2).rounded()
        let y: Double =
            switch place {
            case .top: Self.margin
            case .middle: ((area.height - h) / 2).rounded()
            case .bottom: area.height - Self.margin - h
            }
        frame = Rect(x: x, y: y, width: w, height: h)
    }

    /// The strip to drag the pad by.
    public var strip: Rect {
        Rect(
            origin: frame.origin, size: Size(width: frame.width, height: min(Self.stripHeight, frame.height)))
    }

    /// The close control: a square at the strip's right end.
    public var close: Rect {
        let side = strip.height
        return Rect(x: frame.maxX - side, y: frame.minY, width: side, height: side)
    }

    /// Where a finger moves the pointer: the pad below the strip.
    public var touchArea: Rect {
        Rect(
            x: frame.minX, y: strip.maxY, width: frame.width, height: max(0, frame.height - strip.height))
    }

    /// The pad moved by `offset`, kept inside `area`.
    public func moved(by offset: Point, in area: Size) -> PointerPadPlacement {
        let x = min(max(0, frame.minX + offset.x), max(0, area.width - frame.width))
        let y = min(max(0, frame.minY + offset.y), max(0, area.height - frame.height))
        return PointerPadPlacement(frame: Rect(origin: Point(x: x, y: y), size: frame.size))
    }
}

import BuoyCore

/// Where the buttons are in an output's click overlay, cut out of its input
/// region so that a tap on a button reaches the button.
public enum OverlayCutouts {
    /// A button on the output: its resting rect in its layer surface, and
    /// that surface's size, in logical px.
    public struct Button: Sendable, Equatable {
        /// Where it rests in its surface.
        public var rect: Rect
        /// Its surface's size: the output's usable area.
        public var area: Size

        /// A button resting at `rect` in a surface of `area`.
        public init(rect: Rect, area: Size) {
            self.rect = rect
            self.area = area
        }
    }

    /// The rects to cut out of the overlay of an output of size `whole`: each
    /// button at each place its surface could be (`origins`).
    public static func rects(on whole: Size, buttons: [Button]) -> [Rect] {
        buttons.flatMap { button in
            origins(of: button.area, in: whole).map { origin in
                Rect(
                    origin: Point(x: button.rect.minX + origin.x, y: button.rect.minY + origin.y),
                    size: button.rect.size)
            }
        }
    }

    /// Where a button's layer surface of size `area` may be in an output of
    /// size `whole`: it covers the output's usable area, whose place within
    /// the output (which bar took which edge) buoy is not told, so where
    /// that area is smaller, each corner it could be at.
    static func origins(of area: Size, in whole: Size) -> [Point] {
        let spare = (x: max(0, whole.width - area.width), y: max(0, whole.height - area.height))
        return (spare.x > 0 ? [0, spare.x] : [0]).flatMap { dx in
            (spare.y > 0 ? [0, spare.y] : [0]).map { dy in Point(x: dx, y: dy) }
        }
    }
}

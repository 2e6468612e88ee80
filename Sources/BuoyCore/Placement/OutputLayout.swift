/// Where the other outputs are, seen from a button's own usable area: the
/// areas a drag may carry it onto.
///
/// A client learns each output's place in the layout (xdg-output) and the
/// size of its own usable area, but not where on its output that area
/// starts: bars are other clients' surfaces. So the areas assume the
/// same bars on every output: each usable area starts as far from its
/// output's top-left as the button's own does from its output's, which is
/// exact without bars or with the same bars everywhere.
public enum OutputLayout {
    /// One other output: its name, its place in the layout and, when a
    /// surface of buoy's on it was configured, its usable size.
    public struct Other: Sendable, Equatable {
        /// Its connector name.
        public var name: String
        /// Its place in the layout, in logical px (xdg-output).
        public var rect: Rect
        /// Its usable area's size, when known; else it is taken to have the
        /// same bars as the button's own output.
        public var usable: Size?

        /// An output beside the button's own.
        public init(name: String, rect: Rect, usable: Size? = nil) {
            self.name = name
            self.rect = rect
            self.usable = usable
        }
    }

    /// The usable area of each of `others`, in the coordinates of a button
    /// whose own output is at `own` in the layout with a usable area of
    /// `usable`; in the order given. Outputs whose usable area would be
    /// empty are left at their size 0, which no pointer is ever inside.
    public static func areas(own: Rect, usable: Size, others: [Other]) -> [Rect] {
        let barsWidth = max(0, own.width - usable.width)
        let barsHeight = max(0, own.height - usable.height)
        return others.map { other in
            let size =
                other.usable
                ?? Size(
                    width: max(0, other.rect.width - barsWidth),
                    height: max(0, other.rect.height - barsHeight))
            return Rect(origin: other.rect.origin - own.origin, size: size)
        }
    }
}

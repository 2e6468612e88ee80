/// One of the open menu's images. Each is drawn once per open, at full
/// size, and shown on its own subsurface; the compositor scales it for the
/// animation (`SpritePlacement`), so the frames of an animation draw nothing.
public struct MenuSprite: Sendable, Equatable {
    /// What an image shows.
    public enum Part: Sendable, Equatable {
        /// An item's label on its pill.
        case pill
        /// An item's circle with its shadow and its icon or initial.
        case circle
        /// The keyboard focus ring; one for the whole menu, moved to the
        /// focused item.
        case focusRing
        /// A panel's backdrop, behind everything else (its `item` is 0).
        case panel
    }

    /// What it shows.
    public var part: Part
    /// The item it belongs to (0 for a panel's backdrop).
    public var item: Int
    /// Where the image goes at full size, in layer-surface coordinates
    /// (logical px), on whole px.
    public var image: Rect

    /// Whether it shows one of `items` (its pill or circle), so that a
    /// redraw of those items alone draws it again; the backdrop and the
    /// focus ring show no item's own state.
    public func shows(anyOf items: [Int]) -> Bool {
        (part == .pill || part == .circle) && items.contains(item)
    }

    /// `part` of item `item`, at `image` when at full size.
    public init(part: Part, item: Int, image: Rect) {
        self.part = part
        self.item = item
        self.image = image
    }
}

extension MenuSprite {
    /// The gap between an item's circle and its focus ring, and the ring's width.
    public static let focusGap = 3.0
    /// The focus ring's width.
    public static let focusWidth = 2.5
    /// An item's shadow's spread, as a fraction of its circle's diameter.
    public static let shadowSpread = 0.18

    /// The menu's images, bottom to top: a panel's backdrop, the pills (of
    /// items with a label), the circles, and the focus ring, placed around
    /// item 0.
    public static func sprites(for layout: MenuLayout) -> [MenuSprite] {
        var sprites: [MenuSprite] = []
        if let panel = layout.panel {
            sprites.append(MenuSprite(part: .panel, item: 0, image: padded(panel.frame, by: panelPad)))
        }
        for (i, item) in layout.items.enumerated() where hasPill(item) {
            sprites.append(MenuSprite(part: .pill, item: i, image: image(of: .pill, for: item)))
        }
        for (i, item) in layout.items.enumerated() {
            sprites.append(MenuSprite(part: .circle, item: i, image: image(of: .circle, for: item)))
        }
        if let first = layout.items.first {
            let part: MenuSprite.Part = .focusRing
            let image = layout.panel == nil ? image(of: part, for: first) : padded(first.target, by: focusPad)
            sprites.append(MenuSprite(part: part, item: 0, image: image))
        }
        return sprites
    }

    /// Where `part` of a column's `item` goes at full size: its shape grown
    /// by room for its rim and shadow (or, for the ring, the ring itself),
    /// on whole px. A panel's are the same, less what they do not draw.
    public static func image(of part: MenuSprite.Part, for item: MenuLayout.Item) -> Rect {
        switch part {
        // paintPill's outlines spread 3 px, one px lower.
        case .pill: padded(item.label, by: 4)
        // paintShadow reaches spread × 0.75 beyond the radius, a quarter
        // of the spread lower; the rim 1.5 px.
        case .circle: padded(item.circle, by: (item.circle.width * shadowSpread).rounded(.up) + 2)
        case .focusRing: padded(item.circle, by: focusPad)
        case .panel: padded(item.target, by: panelPad)
        }
    }

    /// Room around a panel for its rim and its outlined shadow.
    public static let panelPad = 5.0
    /// Room around a circle for its focus ring.
    public static var focusPad: Double { (focusGap + focusWidth).rounded(.up) + 1 }

    /// Whether the images drawn for `drawn` show `layout` too, moved: the
    /// same sprites, each the same size with its shape at the same place in
    /// it (so a menu drawn ahead of time opens elsewhere without a redraw,
    /// as long as its items keep their sizes and their pills their room).
    /// The items' labels and icons are the caller's to compare.
    public static func drawsTheSame(_ layout: MenuLayout, as drawn: MenuLayout) -> Bool {
        let mine = sprites(for: layout)
        let theirs = sprites(for: drawn)
        return mine.count == theirs.count
            && zip(mine, theirs).allSatisfy { a, b in
                a.part == b.part && a.item == b.item && a.image.size == b.image.size
                    && placed(a, in: layout) == placed(b, in: drawn)
            }
    }

    /// Where `sprite`'s item's circle, label and target (and a panel's
    /// frame) lie relative to its image's origin: all that any part paints.
    private static func placed(_ sprite: MenuSprite, in layout: MenuLayout) -> [Rect] {
        let item = layout.items[sprite.item]
        let panel = sprite.part == .panel ? layout.panel.map { [$0.frame] } ?? [] : []
        return ([item.circle, item.label, item.target] + panel).map {
            Rect(
                x: $0.minX - sprite.image.minX, y: $0.minY - sprite.image.minY, width: $0.width,
                height: $0.height)
        }
    }

    /// Whether `item` has a label to show on a pill.
    public static func hasPill(_ item: MenuLayout.Item) -> Bool {
        item.label.width > 0 && item.label.height > 0
    }

    /// `shape` grown by `pad` on every side, out to whole px.
    public static func padded(_ shape: Rect, by pad: Double) -> Rect {
        let minX = (shape.minX - pad).rounded(.down)
        let minY = (shape.minY - pad).rounded(.down)
        return Rect(
            x: minX, y: minY, width: (shape.maxX + pad).rounded(.up) - minX,
            height: (shape.maxY + pad).rounded(.up) - minY)
    }
}

import BuoyCore
import CCairo

/// How the menu looks, beyond its geometry.
public struct MenuLook: Sendable, Equatable {
    /// `[menu]`'s colours.
    public var colors: MenuColors
    /// The button's colour: the focus ring's unless `colors` names one, so
    /// the ring reads as the same accent.
    public var buttonColor: Color
    /// The labels' font, a Pango font description (`[menu] font`);
    /// measure with the same font.
    public var font: String

    public init(colors: MenuColors = MenuColors(), buttonColor: Color, font: String = "Sans 13") {
        self.colors = colors
        self.buttonColor = buttonColor
        self.font = font
    }

    /// The keyboard focus ring's colour (`MenuColors.focusRing`).
    public var focusColor: Color { colors.focusRing(buttonColor: buttonColor) }
}

/// One of the open menu's images. Each is drawn once per open, at full
/// size, and shown on its own subsurface; the compositor scales it for the
/// animation (`SpritePlacement`), so the frames of an animation draw nothing.
public struct MenuSprite: Sendable, Equatable {
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

    public var part: Part
    public var item: Int
    /// Where the image goes at full size, in layer-surface coordinates
    /// (logical px), on whole px.
    public var image: Rect

    public init(part: Part, item: Int, image: Rect) {
        self.part = part
        self.item = item
        self.image = image
    }
}

/// Draws the open menu with cairo, one image (`MenuSprite`) per part, in
/// `MenuLook`'s colours. In a column: per item a disc with a light rim, a
/// drop shadow and a centred icon (or bold initial), and a pill with a
/// light rim and the label; and one ring for the focused item. In a panel:
/// a rounded backdrop with a light rim, and per item its icon (or initial)
/// with the label centred under it, on no disc or pill; the ring goes
/// round the focused cell. Symbolic icons come in the label colour.
///
/// The compositor scales the images for the animation
/// (`MenuAnimation.transform`), so each is drawn once per open.
///
/// Here is where the images go, which buoy lays out; the painting itself,
/// with Pango's labels, is the drawing helper's (`BuoyArtist`), which
/// extends this type.
public enum MenuPainter {
    /// Padding inside a label's pill, in logical px.
    public static let labelPadding = Size(width: 10, height: 5)
    /// The label's pill: translucent black.
    static let pillAlpha = 0.75
    /// The gap between an item's circle and its focus ring, and the ring's width.
    package static let focusGap = 3.0
    package static let focusWidth = 2.5

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
    package static let panelPad = 5.0
    package static var focusPad: Double { (focusGap + focusWidth).rounded(.up) + 1 }

    /// `r` one px lower, for a shadow.
    package static func lowered(_ r: Rect) -> Rect {
        Rect(x: r.minX, y: r.minY + 1, width: r.width, height: r.height)
    }

    package static func padded(_ shape: Rect, by pad: Double) -> Rect {
        let minX = (shape.minX - pad).rounded(.down)
        let minY = (shape.minY - pad).rounded(.down)
        return Rect(
            x: minX, y: minY, width: (shape.maxX + pad).rounded(.up) - minX,
            height: (shape.maxY + pad).rounded(.up) - minY)
    }

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

    /// A sprite's image size in buffer pixels at `scale`.
    public static func bufferSize(of sprite: MenuSprite, scale: BufferScale) -> (width: Int, height: Int) {
        (scale.pixels(Int(sprite.image.width)), scale.pixels(Int(sprite.image.height)))
    }

    package static func hasPill(_ item: MenuLayout.Item) -> Bool {
        item.label.width > 0 && item.label.height > 0
    }

    /// The shadow's spread, as a fraction of the circle's diameter.
    package static let shadowSpread = 0.18
}

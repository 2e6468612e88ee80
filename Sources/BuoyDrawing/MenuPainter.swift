import BuoyCore
import CCairo

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
/// Where the images go is `MenuSprite`'s (BuoyCore), which buoy lays out;
/// the painting itself, with Pango's labels, is the drawing helper's
/// (`BuoyArtist`), which extends this type.
package enum MenuPainter {
    /// Padding inside a label's pill, in logical px.
    package static let labelPadding = Size(width: 10, height: 5)

    /// A panel's label has no pill: across, its padding only keeps the text
    /// off its cell's edge. The pill's 10 px made "Notifications" (111 px of
    /// text) break inside the word in a 124 px cell, a phone's at 360 px.
    package static let panelLabelPadding = Size(width: 3, height: labelPadding.height)

    /// `r` one px lower, for a shadow.
    package static func lowered(_ r: Rect) -> Rect {
        Rect(x: r.minX, y: r.minY + 1, width: r.width, height: r.height)
    }

    /// A sprite's image size in buffer pixels at `scale`.
    package static func bufferSize(of sprite: MenuSprite, scale: BufferScale) -> (width: Int, height: Int) {
        (scale.pixels(Int(sprite.image.width)), scale.pixels(Int(sprite.image.height)))
    }
}

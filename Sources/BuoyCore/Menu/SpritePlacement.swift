/// Where an image drawn once at full size goes on screen at an animation
/// scale: the menu's items are drawn once per open and the compositor
/// scales them (wp_viewporter), so an animation frame is only a position
/// and a size, with no drawing.
public enum SpritePlacement {
    /// `image` (logical px) scaled by `scale` around `center`, its edges on
    /// whole px; nil when it would be under one px wide or high (the
    /// viewport cannot be empty, so the image is hidden instead). A whole-px
    /// `image` at scale 1 comes back unchanged.
    public static func place(_ image: Rect, scaledBy scale: Double, around center: Point) -> Rect? {
        guard scale > 0 && scale.isFinite else { return nil }
        let minX = (center.x + (image.minX - center.x) * scale).rounded()
        let maxX = (center.x + (image.maxX - center.x) * scale).rounded()
        let minY = (center.y + (image.minY - center.y) * scale).rounded()
        let maxY = (center.y + (image.maxY - center.y) * scale).rounded()
        guard maxX - minX >= 1 && maxY - minY >= 1 else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

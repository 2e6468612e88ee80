/// Where a menu unfolds from: its button's rect and the usable area (in
/// layer-surface coordinates), and the scale its images are drawn at.
public struct MenuAnchor: Sendable, Equatable {
    public var button: Rect
    public var usable: Rect
    public var scale: BufferScale

    public init(button: Rect, usable: Rect, scale: BufferScale) {
        self.button = button
        self.usable = usable
        self.scale = scale
    }
}

/// Where a menu unfolds from: its button's rect and the usable area (in
/// layer-surface coordinates), and the scale its images are drawn at.
public struct MenuAnchor: Sendable, Equatable {
    /// The button's rect where it rests.
    public var button: Rect
    /// The usable area: the output less what bars and keyboards reserve.
    public var usable: Rect
    /// The scale the images are drawn at.
    public var scale: BufferScale

    /// An anchor at `button`, within `usable`, drawn at `scale`.
    public init(button: Rect, usable: Rect, scale: BufferScale) {
        self.button = button
        self.usable = usable
        self.scale = scale
    }
}

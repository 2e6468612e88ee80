/// The button's outline: `[button] shape`, with `corner_radius` for a
/// rounded square. The bounding square is the button's `size`.
public enum ButtonShape: Sendable, Equatable, Hashable {
    case circle
    /// A square with rounded corners; the radius is in logical px, as written
    /// in the config (consumers clamp it to half the size).
    case rounded(cornerRadius: Double)

    /// The side of the bounding square when the config does not say
    /// (`[button] size`), in logical px: a finger's target. The config's
    /// default and the controller's are this one value.
    public static let defaultSize: Double = 56

    /// The corner radius for a button of side `size`: half the side for a
    /// circle, the configured radius clamped to 0...size/2 otherwise.
    public func cornerRadius(size: Double) -> Double {
        switch self {
        case .circle: return size / 2
        case .rounded(let radius): return clampValue(radius, 0, size / 2)
        }
    }
}

/// What the button shows on its face: `[button] icon` or `label`, or
/// neither (the ring and dot).
public enum ButtonFace: Sendable, Equatable, Hashable {
    /// The ring-and-dot glyph.
    case glyph
    /// An icon-theme name, or the absolute path of a .png or .svg file.
    case icon(String)
    /// Up to `maxLabelCharacters` characters of text, such as "A" or "⌨".
    case label(String)

    /// The longest label, in characters (grapheme clusters: "👍🏽" is one).
    public static let maxLabelCharacters = 3
}

/// How many buffer pixels a surface draws per logical pixel, in the 120ths
/// that wp_fractional_scale_v1 speaks (120 is 1, 180 is 1.5). An integer
/// scale from wl_output.scale or wl_surface.preferred_buffer_scale is a
/// multiple of 120, so one type serves both.
///
/// Buffers are sized by `pixels(_:)` and shown through a wp_viewport whose
/// destination is the logical size, with the surface's buffer scale left at
/// 1, as the fractional-scale protocol asks.
public struct BufferScale: Sendable, Equatable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral
{
    /// The scale's numerator over 120; at least 1.
    public let numerator: Int

    /// Scale 1: a buffer pixel per logical pixel.
    public static let one = BufferScale(numerator: 120)

    /// A scale of `numerator`/120, as wp_fractional_scale_v1 sends it; less
    /// than 1 is taken as 1/120.
    public init(numerator: Int) {
        self.numerator = max(1, numerator)
    }

    /// An integer scale (wl_output.scale, preferred_buffer_scale).
    public init(integer: Int) {
        self.init(numerator: 120 * max(1, integer))
    }

    /// An integer literal is an integer scale: `let scale: BufferScale = 2`.
    public init(integerLiteral value: Int) {
        self.init(integer: value)
    }

    /// The scale as a number: 1.5 for 180/120.
    public var factor: Double { Double(numerator) / 120 }

    /// The integer scale at least as fine as this one: what cursor themes,
    /// which come in integer sizes, are loaded at.
    public var ceiling: Int { (numerator + 119) / 120 }

    /// Buffer pixels for `logical` px: logical × scale, rounded halfway away
    /// from zero, which is how the fractional-scale protocol says a
    /// toplevel's buffer is sized (for subsurfaces it leaves rounding open,
    /// so buoy sizes them the same way). At least 1 for a positive size.
    public func pixels(_ logical: Int) -> Int {
        let scaled = logical * numerator
        let rounded = scaled >= 0 ? (scaled + 60) / 120 : -((-scaled + 60) / 120)
        return logical > 0 ? max(1, rounded) : rounded
    }

    /// The whole logical px nearest `x` at which a surface starts on a whole
    /// buffer pixel: a multiple of 2 at 1.5, of 4 at 1.25 or 1.75, any at an
    /// integer scale. Compositors (wlroots 0.18 among them) draw a surface
    /// that starts between two pixels with a linear filter, which blurs
    /// its edges by a pixel.
    public func aligned(_ x: Double) -> Int {
        let step = Double(120 / gcd(numerator, 120))
        return Int((x / step).rounded() * step)
    }

    /// The largest integer buffer scale up to `wanted` that divides both
    /// sides of an image (1 always does): a surface's buffer must be a
    /// multiple of its buffer scale, and a cursor theme may lack the size
    /// asked for (a 1×1 theme at scale 2).
    public static func integerScale(dividing width: Int, _ height: Int, upTo wanted: Int) -> Int {
        (1...max(1, wanted)).reversed().first { width % $0 == 0 && height % $0 == 0 } ?? 1
    }

    private func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

    /// "1", "2" or "1.5": the scale as a person would write it.
    public var description: String {
        if numerator % 120 == 0 { return String(numerator / 120) }
        var text = String(Double(numerator) / 120)
        if text.count > 6 { text = String(text.prefix(6)) }
        return text
    }
}

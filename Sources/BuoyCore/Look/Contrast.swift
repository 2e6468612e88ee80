/// WCAG 2.2's colour arithmetic: relative luminance and contrast ratio, for
/// holding the menu's default colours to the 3:1 of non-text contrast
/// (success criterion 1.4.11) and the 4.5:1 of text (1.4.3).
extension Color {
    /// The sRGB relative luminance of the colour's own channels, 0 (black)
    /// to 1 (white); alpha is ignored (see `composited(over:)`).
    public var relativeLuminance: Double {
        func linear(_ channel: Double) -> Double {
            let c = min(max(channel, 0), 1)
            return c <= 0.04045 ? c / 12.92 : power2point4((c + 0.055) / 1.055)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// What the colour looks like painted over `background` (source over,
    /// in sRGB as cairo and the compositor blend): opaque if `background` is.
    public func composited(over background: Color) -> Color {
        let a = min(max(alpha, 0), 1)
        let outAlpha = a + background.alpha * (1 - a)
        guard outAlpha > 0 else { return Color(red: 0, green: 0, blue: 0, alpha: 0) }
        func blend(_ top: Double, _ bottom: Double) -> Double {
            (top * a + bottom * background.alpha * (1 - a)) / outAlpha
        }
        return Color(
            red: blend(red, background.red), green: blend(green, background.green),
            blue: blend(blue, background.blue), alpha: outAlpha)
    }

    /// The contrast ratio of two colours, 1 to 21, whichever is lighter.
    public static func contrastRatio(_ a: Color, _ b: Color) -> Double {
        let (l1, l2) = (a.relativeLuminance, b.relativeLuminance)
        return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
    }

    /// "#rrggbb" or "#rrggbbaa" (the alpha only when it is not 1), as the
    /// config writes colours.
    public var hex: String {
        func byte(_ channel: Double) -> String {
            let value = Int((min(max(channel, 0), 1) * 255).rounded())
            let digits = String(value, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }
}

/// `x` to the power 2.4 for `x` in 0...1: x² times the fifth root of x²,
/// found by Newton's method (the core links no libm `pow`).
private func power2point4(_ x: Double) -> Double {
    let square = x * x
    guard square > 0 else { return 0 }
    var root = 1.0
    for _ in 0..<64 {
        let next = root - (root * root * root * root * root - square) / (5 * root * root * root * root)
        if abs(next - root) < 1e-15 { break }
        root = next
    }
    return square * root
}

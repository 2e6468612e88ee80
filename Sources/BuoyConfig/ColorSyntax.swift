import BuoyCore

/// "#rrggbb" or "#rrggbbaa", either case.
/// CSS's basic colour names, and transparent: what a config may write
/// instead of a hex colour.
let colorNames: [(name: String, hex: String)] = [
    ("black", "#000000"), ("silver", "#c0c0c0"), ("gray", "#808080"), ("grey", "#808080"),
    ("white", "#ffffff"), ("maroon", "#800000"), ("red", "#ff0000"), ("purple", "#800080"),
    ("fuchsia", "#ff00ff"), ("green", "#008000"), ("lime", "#00ff00"), ("olive", "#808000"),
    ("yellow", "#ffff00"), ("navy", "#000080"), ("blue", "#0000ff"), ("teal", "#008080"),
    ("aqua", "#00ffff"), ("orange", "#ffa500"), ("transparent", "#00000000"),
]

/// What a colour may be written as, for error messages.
let colorForms = "a colour name (red, white, ...), #rgb, #rgba, #rrggbb or #rrggbbaa"

/// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` (either case) or a name in `colorNames`.
func parseColor(_ text: String) -> Color? {
    if let named = colorNames.first(where: { $0.name == text.lowercased() }) { return parseColor(named.hex) }
    let bytes = Array(text.utf8)
    guard bytes.first == UInt8(ascii: "#"), [4, 5, 7, 9].contains(bytes.count) else { return nil }
    // #rgb and #rgba: each digit doubled, as CSS reads them.
    let digits = bytes.count <= 5 ? bytes.dropFirst().flatMap { [$0, $0] } : Array(bytes.dropFirst())
    var channels: [Double] = []
    for i in stride(from: 0, to: digits.count, by: 2) {
        guard let high = hexValue(digits[i]), let low = hexValue(digits[i + 1]) else { return nil }
        channels.append(Double(high * 16 + low) / 255)
    }
    return Color(
        red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 1)
}

private func hexValue(_ b: UInt8) -> Int? {
    switch b {
    case 0x30...0x39: return Int(b - 0x30)
    case 0x41...0x46: return Int(b - 0x41 + 10)
    case 0x61...0x66: return Int(b - 0x61 + 10)
    default: return nil
    }
}

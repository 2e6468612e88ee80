/// What a menu item's `status` command said: the first line of its output,
/// shown under the label, and for a `toggle` item whether it is on.
public struct MenuStatus: Sendable, Equatable {
    /// At most `maxCharacters`; empty shows no second line.
    public var text: String
    /// On (the command exited 0) or off; nil for an item that is no toggle,
    /// or when the command was cut off before it exited.
    public var on: Bool?

    /// A status of `text`, on or off for a toggle.
    public init(text: String, on: Bool? = nil) {
        self.text = text
        self.on = on
    }

    /// How long a status command may run before it is killed, in seconds.
    public static let deadline = 1.0
    /// How much of its output is read; the rest is cut off (and it is killed).
    public static let maxOutput = 4096
    /// How much of its first line shows, in characters as they are seen.
    public static let maxCharacters = 32

    /// What a status command that wrote `output` says: nil when it said
    /// nothing at all (killed at the deadline with no output), so the last
    /// status known stays. `exitCode` is nil when it was killed or cut off.
    public static func read(output: [UInt8], exitCode: Int32?, toggle: Bool) -> MenuStatus? {
        guard exitCode != nil || !output.isEmpty else { return nil }
        let line =
            output.prefix(maxOutput).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            .first ?? []
        // Control characters (a carriage return, an escape sequence's ESC) would show as boxes.
        let text = String(decoding: line, as: UTF8.self)
            .filter { !$0.unicodeScalars.contains(where: isControl) }
            .drop { isWhitespace($0) }
        let end = text.lastIndex { !isWhitespace($0) }.map { text.index(after: $0) } ?? text.startIndex
        return MenuStatus(
            text: String(text[..<end].prefix(maxCharacters)), on: toggle ? exitCode.map { $0 == 0 } : nil)
    }

    // Unicode's control characters (category Cc, which Unicode's stability policy fixes) and
    // white space (White_Space, unchanged since Unicode 6.3) as ranges, which MenuStatusTests
    // hold to the standard library's answers: asking `Unicode.Scalar.Properties` here read two
    // 64 KiB windows of the standard library's Unicode tables into buoy's memory.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// What `Character.isWhitespace` says of a character left after `isControl`: its first
    /// scalar is white space.
    private static func isWhitespace(_ character: Character) -> Bool {
        switch character.unicodeScalars.first?.value ?? 0 {
        case 0x20, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }
}

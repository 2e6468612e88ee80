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
            .filter { $0.unicodeScalars.allSatisfy { $0.properties.generalCategory != .control } }
            .drop { $0.isWhitespace }
        let end = text.lastIndex { !$0.isWhitespace }.map { text.index(after: $0) } ?? text.startIndex
        return MenuStatus(
            text: String(text[..<end].prefix(maxCharacters)), on: toggle ? exitCode.map { $0 == 0 } : nil)
    }
}

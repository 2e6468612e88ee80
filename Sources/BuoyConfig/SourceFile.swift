/// The bytes of a config file with what diagnostics need: where each line
/// starts, and how to turn a byte offset into a 1-based line and column.
///
/// Columns count Unicode scalars, not bytes, so a caret lines up under a
/// character after "é" or "→" the way a reader counts. Only a UTF-8 BOM at
/// the very start is skipped; it is not part of line 1's columns.
struct SourceFile: Sendable {
    let path: String
    let bytes: [UInt8]
    /// Offset of the first byte after the BOM, if any.
    let start: Int
    /// Byte offset of the first byte of each line; `lineStarts[0] == start`.
    private(set) var lineStarts: [Int]

    /// Configs are a few hundred bytes; anything this large is a mistake
    /// (a binary, a log), and rejecting it up front bounds time and memory.
    static let maxSize = 4 << 20

    init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        let hasBOM = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        start = hasBOM ? 3 : 0
        lineStarts = [start]
    }

    /// Checks the size and encoding and records line starts, in one pass.
    /// TOML allows no control character but tab outside line breaks, and a
    /// CR only as part of CRLF; rejecting them here means the parser never
    /// has to think about NULs or broken UTF-8.
    mutating func validate() throws(ConfigError) {
        if bytes.count > Self.maxSize {
            let diagnostic = ConfigDiagnostic(
                severity: .error, path: path, line: 1, column: 1,
                message: "config file is too large (\(bytes.count) bytes; the limit is 4 MiB)",
                sourceLine: "")
            throw ConfigError(diagnostic: diagnostic)
        }
        let count = bytes.count
        var starts = [start]
        var i = start
        while i < count {
            let b = bytes[i]
            if b < 0x80 {
                if b == 0x0A {
                    starts.append(i + 1)
                } else if b == 0x0D {
                    if i + 1 >= count || bytes[i + 1] != 0x0A {
                        lineStarts = starts
                        throw error("a carriage return must be followed by a line feed", at: i)
                    }
                } else if b == 0 {
                    lineStarts = starts
                    throw error("NUL byte (U+0000) is not allowed; is this a binary file?", at: i)
                } else if (b < 0x20 && b != 0x09) || b == 0x7F {
                    lineStarts = starts
                    throw error("control character \(scalarName(UInt32(b))) is not allowed", at: i)
                }
                i += 1
                continue
            }
            let length = Self.sequenceLength(bytes, at: i)
            if length == 0 {
                lineStarts = starts
                throw error("invalid UTF-8 (byte \(hexByte(b)))", at: i)
            }
            i += length
        }
        lineStarts = starts
    }

    /// The length of the well-formed UTF-8 sequence at `i` (which starts with
    /// a non-ASCII byte), or 0 if it is ill-formed: a stray continuation byte,
    /// an overlong form, a surrogate, a value past U+10FFFF, or a truncation.
    private static func sequenceLength(_ bytes: [UInt8], at i: Int) -> Int {
        let lead = bytes[i]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        default: return 0
        }
        guard i + length <= bytes.count, secondRange.contains(bytes[i + 1]) else { return 0 }
        for k in 2..<length where bytes[i + k] & 0xC0 != 0x80 {
            return 0
        }
        return length
    }

    /// 1-based line and column (in Unicode scalars) of a byte offset.
    func location(of offset: Int) -> (line: Int, column: Int) {
        // The last line start at or before `offset`.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset {
                low = mid
            } else {
                high = mid - 1
            }
        }
        var column = 1
        var i = lineStarts[low]
        let end = min(offset, bytes.count)
        while i < end {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return (low + 1, column)
    }

    /// The byte offset of a 1-based line and column: `location(of:)`
    /// reversed. A line past the last is the last.
    func offset(line: Int, column: Int) -> Int {
        var i = lineStarts[min(max(line, 1), lineStarts.count) - 1]
        for _ in 1..<max(column, 1) where i < bytes.count {
            i += 1
            while i < bytes.count, bytes[i] & 0xC0 == 0x80 { i += 1 }
        }
        return i
    }

    /// The text of a 1-based line without its line break. Control characters
    /// and invalid UTF-8 become U+FFFD, so the line is safe to print and
    /// still has one scalar per column.
    func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        var i = lineStarts[line - 1]
        var text: [UInt8] = []
        while i < bytes.count, bytes[i] != 0x0A {
            let b = bytes[i]
            if b == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { break }
            if (b < 0x20 && b != 0x09) || b == 0x7F {
                text.append(contentsOf: [0xEF, 0xBF, 0xBD])
            } else {
                text.append(b)
            }
            i += 1
        }
        return String(decoding: text, as: UTF8.self)
    }

    func diagnostic(_ severity: ConfigDiagnostic.Severity, _ message: String, at offset: Int)
        -> ConfigDiagnostic
    {
        let (line, column) = location(of: offset)
        return ConfigDiagnostic(
            severity: severity, path: path, line: line, column: column, message: message,
            sourceLine: lineText(line))
    }

    func error(_ message: String, at offset: Int) -> ConfigError {
        ConfigError(diagnostic: diagnostic(.error, message, at: offset))
    }
}

func hexByte(_ b: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return "0x" + String(digits[Int(b >> 4)]) + String(digits[Int(b & 0xF)])
}

/// "U+001B" style name of a scalar value.
func scalarName(_ value: UInt32) -> String {
    var hex = String(value, radix: 16, uppercase: true)
    while hex.count < 4 { hex = "0" + hex }
    return "U+" + hex
}

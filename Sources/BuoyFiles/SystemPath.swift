import Glibc

/// A path or a file's name as the kernel has it, bytes, carried in a
/// `String` without loss: a byte that is not part of valid UTF-8 becomes a
/// code point of the last block of Supplementary Private Use Area-B
/// (U+10FF80 to U+10FFFF), as Python's surrogateescape keeps such bytes in
/// its strings. A `--config` path of Latin-1 bytes then names that file,
/// and not one with U+FFFD in its name. (A name that really has those code
/// points would reach the kernel as bytes: none is known to.)
public enum SystemPath {
    /// The escape for byte `b` (0x80 and up) is U+10FF00 + b.
    private static let escapeBase: UInt32 = 0x10_FF00

    /// `bytes` as a string, every byte kept (see `SystemPath`).
    public static func string<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let bytes = Array(bytes)
        if let valid = String(validating: bytes, as: UTF8.self) { return valid }
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            if let (scalar, length) = scalar(in: bytes, at: index) {
                scalars.append(scalar)
                index += length
            } else {
                scalars.append(Unicode.Scalar(escapeBase + UInt32(bytes[index]))!)
                index += 1
            }
        }
        return String(scalars)
    }

    /// The bytes `string` stands for: the inverse of `string(_:)`.
    public static func bytes(_ string: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(string.utf8.count)
        for scalar in string.unicodeScalars {
            if scalar.value >= escapeBase + 0x80 {
                bytes.append(UInt8(scalar.value - escapeBase))
            } else {
                bytes.append(contentsOf: UTF8.encode(scalar)!)
            }
        }
        return bytes
    }

    /// Calls `body` with `path` as the NUL-terminated bytes a system call takes.
    public static func withCString<Result>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> Result)
        rethrows -> Result
    {
        guard path.unicodeScalars.contains(where: { $0.value >= escapeBase + 0x80 }) else {
            return try path.withCString(body)
        }
        let bytes = bytes(path).map { CChar(bitPattern: $0) } + [0]
        return try bytes.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// This process's arguments (without its name), every byte kept.
    public static var arguments: [String] {
        (1..<Int(CommandLine.argc)).map { index in
            let argument = CommandLine.unsafeArgv[index]!
            return string(
                UnsafeBufferPointer(
                    start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self),
                    count: strlen(argument)))
        }
    }

    /// The scalar of the well-formed UTF-8 sequence at `index`, and its
    /// length; nil where the byte there starts none (RFC 3629: no overlong
    /// form, no surrogate, nothing past U+10FFFF).
    private static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        let length: Int
        let lowest: UInt32
        var value: UInt32
        switch lead {
        case 0x00...0x7F: return (Unicode.Scalar(lead), 1)
        case 0xC2...0xDF: (length, lowest, value) = (2, 0x80, UInt32(lead & 0x1F))
        case 0xE0...0xEF: (length, lowest, value) = (3, 0x800, UInt32(lead & 0x0F))
        case 0xF0...0xF4: (length, lowest, value) = (4, 0x1_0000, UInt32(lead & 0x07))
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for next in bytes[(index + 1)..<(index + length)] {
            guard next & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(next & 0x3F)
        }
        guard value >= lowest, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}

import BuoyCore

/// A job or report that does not read back: it ends early, goes on past
/// its end, or holds a value no writer writes.
package struct WireError: Error, Equatable, CustomStringConvertible {
    package var description: String
}

/// A value buoy and its drawing helper pass each other as bytes
/// (`WireWriter`, `WireReader`): both are built from this package, so the
/// format needs no version, only to be the same on both sides.
package protocol Wire: Equatable {
    func write(to writer: inout WireWriter)
    init(from reader: inout WireReader) throws(WireError)
}

extension Wire {
    /// This value as bytes.
    package var bytes: [UInt8] {
        var writer = WireWriter()
        write(to: &writer)
        return writer.bytes
    }

    /// The value `bytes` hold, which must be all of them.
    package static func decode(_ bytes: [UInt8]) throws(WireError) -> Self {
        var reader = WireReader(bytes)
        let value = try Self(from: &reader)
        guard reader.isAtEnd else { throw WireError(description: "bytes left after a \(Self.self)") }
        return value
    }
}

/// Writes values one after the other: integers as 8 bytes, little-endian;
/// a string as its UTF-8 length and bytes; optionals and arrays with a
/// flag or a count first.
package struct WireWriter {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    package mutating func write<T: Wire>(_ value: T) {
        value.write(to: &self)
    }

    package mutating func write<T: Wire>(_ values: [T]) {
        values.count.write(to: &self)
        for value in values { value.write(to: &self) }
    }

    mutating func append(_ more: some Sequence<UInt8>) {
        bytes.append(contentsOf: more)
    }
}

/// Reads what a `WireWriter` wrote, in the same order.
package struct WireReader {
    private let bytes: [UInt8]
    private var position = 0

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    package var isAtEnd: Bool { position == bytes.count }

    package mutating func read<T: Wire>(_: T.Type = T.self) throws(WireError) -> T {
        try T(from: &self)
    }

    package mutating func read<T: Wire>(_: [T].Type = [T].self) throws(WireError) -> [T] {
        let count = try Int(from: &self)
        // Every value takes a byte at least: a count past the end is no array.
        guard count >= 0, count <= bytes.count - position else {
            throw WireError(description: "an array of \(count) in \(bytes.count - position) bytes")
        }
        var values: [T] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try T(from: &self)) }
        return values
    }

    mutating func take(_ count: Int) throws(WireError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= bytes.count - position else {
            throw WireError(description: "\(count) bytes wanted, \(bytes.count - position) left")
        }
        defer { position += count }
        return bytes[position..<position + count]
    }
}

extension Int: Wire {
    package func write(to writer: inout WireWriter) {
        withUnsafeBytes(of: Int64(self).littleEndian) { writer.append($0) }
    }

    package init(from reader: inout WireReader) throws(WireError) {
        let bytes = try reader.take(8)
        self = Int(bytes.reversed().reduce(Int64(0)) { $0 << 8 | Int64($1) })
    }
}

extension Double: Wire {
    package func write(to writer: inout WireWriter) {
        Int(Int64(bitPattern: bitPattern)).write(to: &writer)
    }

    package init(from reader: inout WireReader) throws(WireError) {
        self = Double(bitPattern: UInt64(bitPattern: Int64(try Int(from: &reader))))
    }
}

extension Bool: Wire {
    package func write(to writer: inout WireWriter) {
        writer.append([self ? 1 : 0])
    }

    package init(from reader: inout WireReader) throws(WireError) {
        switch try reader.take(1).first {
        case 0: self = false
        case 1: self = true
        default: throw WireError(description: "a Bool that is neither 0 nor 1")
        }
    }
}

extension String: Wire {
    package func write(to writer: inout WireWriter) {
        utf8.count.write(to: &writer)
        writer.append(utf8)
    }

    package init(from reader: inout WireReader) throws(WireError) {
        self = String(decoding: try reader.take(try Int(from: &reader)), as: UTF8.self)
    }
}

extension Optional: Wire where Wrapped: Wire {
    package func write(to writer: inout WireWriter) {
        writer.write(self != nil)
        self?.write(to: &writer)
    }

    package init(from reader: inout WireReader) throws(WireError) {
        self = try reader.read(Bool.self) ? try reader.read(Wrapped.self) : nil
    }
}

extension Color: Wire {
    package func write(to writer: inout WireWriter) {
        writer.write([red, green, blue, alpha])
    }

    package init(from reader: inout WireReader) throws(WireError) {
        let parts = try reader.read([Double].self)
        guard parts.count == 4 else { throw WireError(description: "a Color of \(parts.count) parts") }
        self.init(red: parts[0], green: parts[1], blue: parts[2], alpha: parts[3])
    }
}

extension Size: Wire {
    package func write(to writer: inout WireWriter) {
        writer.write(width)
        writer.write(height)
    }

    package init(from reader: inout WireReader) throws(WireError) {
        self.init(width: try reader.read(), height: try reader.read())
    }
}

extension Rect: Wire {
    package func write(to writer: inout WireWriter) {
        writer.write(Size(width: minX, height: minY))
        writer.write(size)
    }

    package init(from reader: inout WireReader) throws(WireError) {
        let origin = try reader.read(Size.self)
        self.init(origin: Point(x: origin.width, y: origin.height), size: try reader.read())
    }
}

extension BufferScale: Wire {
    package func write(to writer: inout WireWriter) {
        writer.write(numerator)
    }

    package init(from reader: inout WireReader) throws(WireError) {
        let numerator = try reader.read(Int.self)
        guard numerator > 0 else { throw WireError(description: "a scale of \(numerator)/120") }
        self.init(numerator: numerator)
    }
}

extension MenuLayout.Kind: Wire {
    package func write(to writer: inout WireWriter) {
        writer.write(rawValue)
    }

    package init(from reader: inout WireReader) throws(WireError) {
        let name = try reader.read(String.self)
        guard let kind = Self(rawValue: name) else { throw WireError(description: "no menu layout \(name)") }
        self = kind
    }
}

extension ButtonFace: Wire {
    package func write(to writer: inout WireWriter) {
        switch self {
        case .glyph: writer.write(0)
        case .icon(let icon):
            writer.write(1)
            writer.write(icon)
        case .label(let text):
            writer.write(2)
            writer.write(text)
        }
    }

    package init(from reader: inout WireReader) throws(WireError) {
        switch try reader.read(Int.self) {
        case 0: self = .glyph
        case 1: self = .icon(try reader.read())
        case 2: self = .label(try reader.read())
        case let tag: throw WireError(description: "no ButtonFace \(tag)")
        }
    }
}

extension MenuColors: Wire {
    package func write(to writer: inout WireWriter) {
        writer.write(background)
        writer.write(labelColor)
        writer.write(labelBackground)
        writer.write(focusColor)
    }

    package init(from reader: inout WireReader) throws(WireError) {
        self.init(
            background: try reader.read(), labelColor: try reader.read(), labelBackground: try reader.read(),
            focusColor: try reader.read(Color?.self))
    }
}

extension MenuArrangement: Wire {
    package func write(to writer: inout WireWriter) {
        writer.write(kind)
        writer.write(button)
        writer.write(usable)
        writer.write(count)
        writer.write([itemSize, spacing, minRowHeight])
    }

    package init(from reader: inout WireReader) throws(WireError) {
        let (kind, button, usable, count) = (
            try reader.read(MenuLayout.Kind.self), try reader.read(Rect.self), try reader.read(Rect.self),
            try reader.read(Int.self)
        )
        let sizes = try reader.read([Double].self)
        guard sizes.count == 3 else { throw WireError(description: "\(sizes.count) sizes for a menu") }
        self.init(
            kind: kind, button: button, usable: usable, count: count, itemSize: sizes[0], spacing: sizes[1],
            minRowHeight: sizes[2])
    }
}

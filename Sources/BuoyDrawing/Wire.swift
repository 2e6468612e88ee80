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

/// A value written as its fields, one after the other. `wireFields` names
/// them once, in their order, and both sides follow it: writing hands each
/// field to a `WireFields` that writes it, reading hands each field of a
/// `blank` to one that reads it back in place.
package protocol WireRecord: Wire {
    /// A value whose every field reading overwrites.
    static var blank: Self { get }
    /// Hands each field, in wire order, to `field`.
    mutating func wireFields(_ field: inout WireFields)
}

extension WireRecord {
    package func write(to writer: inout WireWriter) {
        var fields = WireFields(writer: writer)
        // The bytes have one owner while the fields are written: no copy.
        writer = WireWriter()
        var value = self
        value.wireFields(&fields)
        writer = fields.writer ?? WireWriter()
    }

    package init(from reader: inout WireReader) throws(WireError) {
        var fields = WireFields(reader: reader)
        var value = Self.blank
        value.wireFields(&fields)
        if let error = fields.error { throw error }
        reader = fields.reader ?? reader
        self = value
    }
}

/// A record's fields on their way to or from bytes (`WireRecord`): called
/// with each field, it writes it, or reads it back in its place. Reading
/// stops at the first value that does not read back.
package struct WireFields {
    fileprivate var writer: WireWriter?
    fileprivate var reader: WireReader?
    fileprivate var error: WireError?

    fileprivate init(writer: WireWriter) {
        self.writer = writer
    }

    fileprivate init(reader: WireReader) {
        self.reader = reader
    }

    /// Writes `field`, or reads it.
    package mutating func callAsFunction<T: Wire>(_ field: inout T) {
        if writer != nil { return writer!.write(field) }
        guard error == nil, reader != nil else { return }
        do { field = try reader!.read() } catch { self.error = error }
    }

    /// Writes `field`, or reads it: an array.
    package mutating func callAsFunction<T: Wire>(_ field: inout [T]) {
        if writer != nil { return writer!.write(field) }
        guard error == nil, reader != nil else { return }
        do { field = try reader!.read() } catch { self.error = error }
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

/// Its keys in order, then their values.
extension Dictionary: Wire where Key: Wire & Comparable, Value: Wire {
    package func write(to writer: inout WireWriter) {
        let keys = self.keys.sorted()
        writer.write(keys)
        writer.write(keys.compactMap { self[$0] })
    }

    package init(from reader: inout WireReader) throws(WireError) {
        let (keys, values) = (try reader.read([Key].self), try reader.read([Value].self))
        guard keys.count == values.count else {
            throw WireError(description: "\(keys.count) keys with \(values.count) values")
        }
        self.init(zip(keys, values)) { first, _ in first }
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

extension Size: WireRecord {
    package static var blank: Size { Size(width: 0, height: 0) }

    package mutating func wireFields(_ field: inout WireFields) {
        field(&width)
        field(&height)
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

extension MenuColors: WireRecord {
    package static var blank: MenuColors { MenuColors() }

    package mutating func wireFields(_ field: inout WireFields) {
        field(&background)
        field(&labelColor)
        field(&labelBackground)
        field(&focusColor)
    }
}

extension MenuArrangement: WireRecord {
    package static var blank: MenuArrangement {
        let nowhere = Rect(origin: Point(x: 0, y: 0), size: .blank)
        return MenuArrangement(
            kind: .column, button: nowhere, usable: nowhere, count: 0, itemSize: 0, spacing: 0,
            minRowHeight: 0)
    }

    package mutating func wireFields(_ field: inout WireFields) {
        field(&kind)
        field(&button)
        field(&usable)
        field(&count)
        field(&itemSize)
        field(&spacing)
        field(&minRowHeight)
    }
}

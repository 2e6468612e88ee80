/// One D-Bus message, as the specification's wire format has it: just what
/// buoy sends (method calls) and reads back (a reply's or a signal's header,
/// and bodies of strings and booleans). Pure: bytes in, bytes out.
public struct DBusMessage: Sendable, Equatable {
    /// The message's type, as its header's second byte gives it.
    public enum Kind: UInt8, Sendable {
        case methodCall = 1
        case methodReturn = 2
        case error = 3
        case signal = 4
    }

    /// The header's flags.
    public struct Flags: OptionSet, Sendable, Equatable {
        /// The flag bits.
        public let rawValue: UInt8
        /// Flags of these bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// Nothing answers, not even an error: nothing is left to read.
        public static let noReplyExpected = Flags(rawValue: 0x1)
        /// The bus must not start the destination's service for this call.
        public static let noAutoStart = Flags(rawValue: 0x2)
    }

    /// A method call, a return, an error or a signal.
    public var kind: Kind
    /// No reply expected, no auto-start.
    public var flags: Flags
    /// The sender's number for it; never 0.
    public var serial: UInt32
    /// The object it is for (`PATH`).
    public var path: String?
    /// The interface of `member` (`INTERFACE`).
    public var interface: String?
    /// The method or signal (`MEMBER`).
    public var member: String?
    /// An error's name (`ERROR_NAME`).
    public var errorName: String?
    /// The serial of the call this answers (`REPLY_SERIAL`).
    public var replySerial: UInt32?
    /// The bus name it goes to (`DESTINATION`).
    public var destination: String?
    /// The bus name it came from (`SENDER`), which the bus fills in.
    public var sender: String?
    /// The body's signature; "" for no body.
    public var signature: String
    /// The body, marshalled little-endian from offset 0, which is 8-aligned in the message.
    public var body: [UInt8]
    /// The byte order of `body`: a peer may send big-endian.
    public var bigEndian: Bool

    /// A message of `kind` with these header fields and body.
    public init(
        kind: Kind, flags: Flags = [], serial: UInt32, path: String? = nil, interface: String? = nil,
        member: String? = nil, errorName: String? = nil, replySerial: UInt32? = nil,
        destination: String? = nil,
        sender: String? = nil, signature: String = "", body: [UInt8] = [], bigEndian: Bool = false
    ) {
        self.kind = kind
        self.flags = flags
        self.serial = serial
        self.path = path
        self.interface = interface
        self.member = member
        self.errorName = errorName
        self.replySerial = replySerial
        self.destination = destination
        self.sender = sender
        self.signature = signature
        self.body = body
        self.bigEndian = bigEndian
    }

    /// A method call.
    public static func call(
        serial: UInt32, destination: String, path: String, interface: String, member: String,
        signature: String = "", body: [UInt8] = [], flags: Flags = []
    ) -> DBusMessage {
        DBusMessage(
            kind: .methodCall, flags: flags, serial: serial, path: path, interface: interface, member: member,
            destination: destination, signature: signature, body: body)
    }

    /// The answer to `call`, from the bus name it was sent to.
    public static func reply(
        to call: DBusMessage, serial: UInt32, signature: String = "", body: [UInt8] = []
    ) -> DBusMessage {
        DBusMessage(
            kind: .methodReturn, flags: [.noReplyExpected], serial: serial, replySerial: call.serial,
            destination: call.sender, signature: signature, body: body)
    }

    /// An error answering `call`: its D-Bus name, and the words for a person.
    public static func error(to call: DBusMessage, serial: UInt32, name: String, text: String) -> DBusMessage
    {
        var body = DBusWriter()
        body.string(text)
        return DBusMessage(
            kind: .error, flags: [.noReplyExpected], serial: serial, errorName: name,
            replySerial: call.serial,
            destination: call.sender, signature: "s", body: body.bytes)
    }

    /// A signal from `path`, to whoever listens.
    public static func signal(
        serial: UInt32, path: String, interface: String, member: String, signature: String, body: [UInt8]
    ) -> DBusMessage {
        DBusMessage(
            kind: .signal, flags: [.noReplyExpected], serial: serial, path: path, interface: interface,
            member: member, signature: signature, body: body)
    }

    /// The header field codes. Any order is valid; `encoded` writes them as
    /// sd-bus does (path, member, interface, ...), so its bytes can be
    /// compared with a message `busctl` sent.
    private enum Field: UInt8 {
        case path = 1
        case interface, member, errorName, replySerial, destination, sender, signature
    }

    /// The message's bytes, little-endian.
    public func encoded() -> [UInt8] {
        var writer = DBusWriter()
        writer.bytes += [UInt8(ascii: "l"), kind.rawValue, flags.rawValue, 1]
        writer.uint32(UInt32(body.count))
        writer.uint32(serial)
        writer.array(alignment: 8) { fields in
            func field(_ code: Field, _ type: String, _ value: (inout DBusWriter) -> Void) {
                fields.align(8)
                fields.bytes.append(code.rawValue)
                fields.signature(type)
                value(&fields)
            }
            if let path { field(.path, "o") { $0.string(path) } }
            if let member { field(.member, "s") { $0.string(member) } }
            if let interface { field(.interface, "s") { $0.string(interface) } }
            if let errorName { field(.errorName, "s") { $0.string(errorName) } }
            if let replySerial { field(.replySerial, "u") { $0.uint32(replySerial) } }
            if let destination { field(.destination, "s") { $0.string(destination) } }
            if let sender { field(.sender, "s") { $0.string(sender) } }
            if !signature.isEmpty { field(.signature, "g") { $0.signature(signature) } }
        }
        writer.align(8)
        return writer.bytes + body
    }

    /// What the start of a byte stream holds.
    public enum Decoded: Sendable, Equatable {
        /// Not all of the next message has arrived.
        case incomplete
        /// A message, and how many bytes it took.
        case message(DBusMessage, length: Int)
        /// Not a D-Bus message, or larger than the limit: the stream is unusable.
        case invalid(String)
    }

    /// The first message in `bytes`; messages over `limit` bytes are invalid.
    public static func decode(_ bytes: [UInt8], limit: Int = 1 << 20) -> Decoded {
        guard bytes.count >= 16 else { return .incomplete }
        let bigEndian: Bool
        switch bytes[0] {
        case UInt8(ascii: "l"): bigEndian = false
        case UInt8(ascii: "B"): bigEndian = true
        default: return .invalid("not a D-Bus message (byte order \(bytes[0]))")
        }
        var header = DBusReader(bytes, bigEndian: bigEndian)
        header.offset = 4
        guard let bodyLength = header.uint32(), let serial = header.uint32(),
            let fieldsLength = header.uint32()
        else { return .incomplete }
        let fieldsEnd = 16 + Int(fieldsLength)
        let bodyStart = (fieldsEnd + 7) & ~7
        let total = bodyStart + Int(bodyLength)
        guard total <= limit else { return .invalid("a \(total)-byte message, over the \(limit)-byte limit") }
        guard bytes.count >= total else { return .incomplete }
        guard let kind = Kind(rawValue: bytes[1]) else { return .invalid("message type \(bytes[1])") }
        var message = DBusMessage(
            kind: kind, flags: Flags(rawValue: bytes[2]), serial: serial, bigEndian: bigEndian)
        while header.offset < fieldsEnd {
            header.align(8)
            guard let code = header.byte(), let type = header.signature() else { return .invalid("header") }
            guard let value = header.value(type) else {
                return .invalid("header field \(code) of type \(type)")
            }
            switch (Field(rawValue: code), value) {
            case (.path, .string(let text)): message.path = text
            case (.interface, .string(let text)): message.interface = text
            case (.member, .string(let text)): message.member = text
            case (.errorName, .string(let text)): message.errorName = text
            case (.replySerial, .number(let number)): message.replySerial = number
            case (.destination, .string(let text)): message.destination = text
            case (.sender, .string(let text)): message.sender = text
            case (.signature, .string(let text)): message.signature = text
            // UNIX_FDS, and fields a newer spec adds: read past.
            default: break
            }
        }
        guard header.offset == fieldsEnd else { return .invalid("header fields overrun") }
        message.body = Array(bytes[bodyStart..<total])
        return .message(message, length: total)
    }

    /// A body of strings (`s`, `o`, `g`) and booleans (`b`), as `signature`
    /// says; nil when the body does not match it.
    public func arguments() -> [DBusValue]? {
        var reader = DBusReader(body, bigEndian: bigEndian)
        var values: [DBusValue] = []
        for code in signature.utf8 {
            switch code {
            case UInt8(ascii: "s"), UInt8(ascii: "o"):
                guard let text = reader.string() else { return nil }
                values.append(.string(text))
            case UInt8(ascii: "g"):
                guard let text = reader.signature() else { return nil }
                values.append(.string(text))
            case UInt8(ascii: "b"):
                guard let value = reader.uint32(), value <= 1 else { return nil }
                values.append(.boolean(value == 1))
            default:
                return nil
            }
        }
        return values
    }
}

/// An argument `DBusMessage.arguments` reads.
public enum DBusValue: Sendable, Equatable {
    case string(String)
    case boolean(Bool)
}

/// Marshals values little-endian, each aligned to its size from offset 0.
public struct DBusWriter: Sendable {
    /// What is marshalled so far.
    public var bytes: [UInt8] = []

    /// Nothing marshalled yet, with room for a message of haptics' size:
    /// growing the array would page in the standard library's move code.
    public init() {
        bytes.reserveCapacity(512)
    }

    /// Pads with zeros to a multiple of `boundary`.
    public mutating func align(_ boundary: Int) {
        while bytes.count % boundary != 0 { bytes.append(0) }
    }

    /// `u`: 4-aligned, little-endian.
    public mutating func uint32(_ value: UInt32) {
        align(4)
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    /// `i`: as `u`, two's complement.
    public mutating func int32(_ value: Int32) {
        uint32(UInt32(bitPattern: value))
    }

    /// `s` or `o`: a length, the UTF-8 and a NUL.
    public mutating func string(_ text: String) {
        uint32(UInt32(text.utf8.count))
        bytes += text.utf8
        bytes.append(0)
    }

    /// `g`: a one-byte length, the signature and a NUL.
    public mutating func signature(_ text: String) {
        bytes.append(UInt8(text.utf8.count))
        bytes += text.utf8
        bytes.append(0)
    }

    /// An array whose elements align to `alignment`: its byte length (not
    /// counting the padding before the first element), then the elements.
    public mutating func array(alignment: Int, _ elements: (inout DBusWriter) -> Void) {
        align(4)
        let lengthAt = bytes.count
        uint32(0)
        align(alignment)
        let start = bytes.count
        elements(&self)
        let length = UInt32(bytes.count - start)
        // Little-endian, in place: replaceSubrange would page in code of its own.
        for i in 0..<4 { bytes[lengthAt + i] = UInt8(truncatingIfNeeded: length >> (8 * i)) }
    }

    /// `b`: a `u` of 0 or 1.
    public mutating func boolean(_ value: Bool) {
        uint32(value ? 1 : 0)
    }

    /// `(...)`: 8-aligned, then its fields.
    public mutating func structure(_ fields: (inout DBusWriter) -> Void) {
        align(8)
        fields(&self)
    }

    /// `v`: the value's signature, then the value.
    public mutating func variant(_ signature: String, _ value: (inout DBusWriter) -> Void) {
        self.signature(signature)
        value(&self)
    }

    /// `(so)`: an object on a bus, as AT-SPI names one.
    public mutating func objectReference(bus: String, path: String) {
        structure { writer in
            writer.string(bus)
            writer.string(path)
        }
    }

    /// `a{sv}` whose values are all strings.
    public mutating func stringVariants(_ entries: [(key: String, value: String)]) {
        array(alignment: 8) { writer in
            for entry in entries {
                writer.align(8)
                writer.string(entry.key)
                writer.signature("s")
                writer.string(entry.value)
            }
        }
    }
}

/// Reads values aligned from offset 0 of `bytes`; nil past the end.
package struct DBusReader {
    package let bytes: [UInt8]
    package let bigEndian: Bool
    package var offset = 0

    package init(_ bytes: [UInt8], bigEndian: Bool) {
        self.bytes = bytes
        self.bigEndian = bigEndian
    }

    package mutating func align(_ boundary: Int) {
        offset = (offset + boundary - 1) / boundary * boundary
    }

    package mutating func byte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    package mutating func uint32() -> UInt32? {
        align(4)
        guard offset + 4 <= bytes.count else { return nil }
        let raw = bytes[offset..<offset + 4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        offset += 4
        return bigEndian ? raw.byteSwapped : raw
    }

    package mutating func int32() -> Int32? {
        uint32().map { Int32(bitPattern: $0) }
    }

    /// A `v` that holds a `b`; nil for any other type.
    package mutating func variantBoolean() -> Bool? {
        guard signature() == "b", let value = uint32(), value <= 1 else { return nil }
        return value == 1
    }

    package mutating func string() -> String? {
        guard let length = uint32() else { return nil }
        return text(length: Int(length))
    }

    package mutating func signature() -> String? {
        guard let length = byte() else { return nil }
        return text(length: Int(length))
    }

    /// A header field's value: a string, object path or signature, or a
    /// 32-bit number; nil for other types.
    package mutating func value(_ type: String) -> HeaderValue? {
        switch type {
        case "s", "o": return string().map(HeaderValue.string)
        case "g": return signature().map(HeaderValue.string)
        case "u", "i": return uint32().map(HeaderValue.number)
        default: return nil
        }
    }

    package enum HeaderValue {
        case string(String)
        case number(UInt32)
    }

    /// `length` bytes of UTF-8 and their NUL.
    private mutating func text(length: Int) -> String? {
        guard offset + length < bytes.count, bytes[offset + length] == 0 else { return nil }
        defer { offset += length + 1 }
        return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
    }
}

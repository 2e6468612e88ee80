import BuoyCore

/// One bus connection as a peer that both calls and serves: SASL EXTERNAL,
/// `Hello` (whose answer is the connection's unique name), then messages
/// both ways. Calls may follow `Hello` at once, without waiting for its
/// answer. Pure: the shell feeds it what a non-blocking read returned and
/// writes `outgoing`; nothing here waits for an answer.
public struct DBusLink: Sendable, Equatable {
    /// What a read brought.
    public enum Event: Sendable, Equatable {
        /// The bus accepted buoy and `Hello` is queued: calls may follow.
        case authenticated
        /// `Hello` was answered: this is the link's unique name.
        case connected(String)
        case message(DBusMessage)
        /// The link cannot go on: the bus refused, or spoke nonsense.
        case failed(String)
    }

    private enum Phase: Sendable, Equatable {
        /// Waiting for the server's `OK` line.
        case authenticating
        case running
        case failed
    }

    private var phase = Phase.authenticating
    private var incoming: [UInt8] = []
    /// What waits to be written, in order.
    public private(set) var outgoing: OutgoingBuffer
    private var lastSerial: UInt32 = 0
    private var helloSerial: UInt32 = 0
    /// Whether `.authenticated` was reported.
    private var authenticatedSaid = false
    /// The connection's name on the bus, once `Hello` is answered.
    public private(set) var uniqueName: String?

    /// Starts with the EXTERNAL authentication of `uid`; `outgoingLimit`
    /// is how far the bus may fall behind in reading before a message is dropped.
    public init(uid: UInt32, outgoingLimit: Int) {
        outgoing = OutgoingBuffer(limit: outgoingLimit)
        // Room for what the bus says back, so the array never grows (see `consume`).
        incoming.reserveCapacity(4096)
        queue(Self.authentication(uid: uid))
    }

    /// The NUL and the `AUTH EXTERNAL` line for `uid`: its decimal digits
    /// (`ASCIIDecimal`, no integer printing), each hex-encoded.
    static func authentication(uid: UInt32) -> [UInt8] {
        let hex = Array("0123456789abcdef".utf8)
        let digits = ASCIIDecimal.digits(of: UInt(uid)).flatMap { byte in
            [hex[Int(byte >> 4)], hex[Int(byte & 0xf)]]
        }
        return [0] + Array("AUTH EXTERNAL ".utf8) + digits + Array("\r\n".utf8)
    }

    /// Drops the first `count` bytes of `buffer`, once read. Mostly that is
    /// all of them, which moves nothing (`removeFirst` would page in the
    /// standard library's move code, 64 KiB, for D-Bus alone).
    static func consume(_ count: Int, of buffer: inout [UInt8]) {
        if count >= buffer.count {
            buffer.removeAll(keepingCapacity: true)
        } else {
            buffer = Array(buffer[count...])
        }
    }

    /// Whether the link can send calls and replies.
    public var isRunning: Bool { phase == .running }

    /// `count` bytes of `outgoing` were written.
    public mutating func wrote(_ count: Int) {
        outgoing.consume(count)
    }

    /// The next serial, for a message the caller builds.
    public mutating func nextSerial() -> UInt32 {
        lastSerial += 1
        return lastSerial
    }

    /// Queues `message`; false, and it is dropped, when the bus is too far behind.
    @discardableResult
    public mutating func send(_ message: DBusMessage) -> Bool {
        outgoing.enqueue(message.encoded())
    }

    /// Queues a method call with the next serial; returns that serial.
    @discardableResult
    public mutating func call(
        _ destination: String, path: String, interface: String, member: String, signature: String = "",
        body: [UInt8] = [], flags: DBusMessage.Flags = []
    ) -> UInt32 {
        let serial = nextSerial()
        send(
            .call(
                serial: serial, destination: destination, path: path, interface: interface, member: member,
                signature: signature, body: body, flags: flags))
        return serial
    }

    /// Takes bytes the bus sent.
    public mutating func received(_ bytes: some Collection<UInt8>) -> [Event] {
        incoming += bytes
        var events: [Event] = []
        if phase == .authenticating, let failure = authenticate() { return fail(failure) }
        if phase == .running, !authenticatedSaid {
            authenticatedSaid = true
            events.append(.authenticated)
        }
        while phase == .running {
            switch DBusMessage.decode(incoming) {
            case .incomplete: return events
            case .invalid(let reason): return events + fail("the bus sent \(reason)")
            case .message(let message, let length):
                Self.consume(length, of: &incoming)
                events += handle(message)
            }
        }
        return events
    }

    private mutating func authenticate() -> String? {
        guard let end = incoming.firstIndex(of: UInt8(ascii: "\n")) else {
            return incoming.count > 4096 ? "the bus sent no line in reply to AUTH" : nil
        }
        let line = String(decoding: incoming[..<end], as: UTF8.self)
        // Bytes, not `hasPrefix`, whose grapheme code would be paged in for this alone.
        let accepted = incoming[..<end].starts(with: "OK ".utf8)
        Self.consume(end + 1, of: &incoming)
        guard accepted else {
            return "the bus refused EXTERNAL authentication (\(line.trimmingSuffix("\r")))"
        }
        phase = .running
        queue(Array("BEGIN\r\n".utf8))
        helloSerial = call(
            "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "Hello")
        return nil
    }

    private mutating func handle(_ message: DBusMessage) -> [Event] {
        guard uniqueName == nil, message.replySerial == helloSerial, message.kind != .signal else {
            return [.message(message)]
        }
        guard message.kind == .methodReturn, let arguments = message.arguments(), arguments.count == 1,
            case .string(let name) = arguments[0]
        else { return fail("the bus refused Hello: \(message.errorName ?? "an answer that is not a name")") }
        uniqueName = name
        return [.connected(name)]
    }

    @discardableResult
    private mutating func queue(_ bytes: [UInt8]) -> Bool {
        guard outgoing.enqueue(bytes) else {
            phase = .failed
            return false
        }
        return true
    }

    private mutating func fail(_ reason: String) -> [Event] {
        fail()
        return [.failed(reason)]
    }

    /// The link cannot go on: the bus spoke nonsense to its owner.
    public mutating func fail() {
        phase = .failed
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}

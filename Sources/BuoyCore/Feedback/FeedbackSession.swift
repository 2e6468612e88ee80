/// buoy's side of a session-bus connection that only asks feedbackd for
/// feedback: SASL EXTERNAL, `Hello`, a match on feedbackd's owner changing,
/// `NameHasOwner`, then `TriggerFeedback` calls that expect no reply. Pure:
/// the shell feeds it what a non-blocking read returned and writes what it
/// queues; nothing here ever waits for an answer.
public struct FeedbackSession: Sendable, Equatable {
    /// feedbackd's bus name, object path's root and interface.
    public static let service = "org.sigxcpu.Feedback"
    /// The name feedbackd knows buoy by (its per-app settings are keyed by it).
    public static let appID = "buoy"
    /// How far the bus may fall behind in reading before a call is dropped.
    public static let outgoingLimit = 64 * 1024

    /// What a read brought.
    public enum Event: Sendable, Equatable {
        /// Whether feedbackd is on the bus: `NameHasOwner`'s answer, then each change.
        case feedbackd(present: Bool)
        /// The connection cannot go on: the bus refused buoy, or spoke nonsense.
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
    public private(set) var outgoing = OutgoingBuffer(limit: outgoingLimit)
    private var lastSerial: UInt32 = 0
    private var helloSerial: UInt32?
    private var ownerQuerySerial: UInt32?
    /// Whether feedbackd is on the bus; nil until the bus has said.
    public private(set) var feedbackdPresent: Bool?

    /// Starts with the EXTERNAL authentication of `uid` (its decimal digits, hex-encoded).
    public init(uid: UInt32) {
        let digits = Array("0123456789abcdef".utf8)
        // Decimal by hand: String(uid) would page in the standard library's
        // integer printing (64 KiB of buoy's code) for this line alone.
        var decimal: [UInt8] = []
        var rest = uid
        repeat {
            decimal.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        // Room for what the bus says back, so the array never grows (see consumeIncoming).
        incoming.reserveCapacity(4096)
        let hex = decimal.reversed().flatMap { byte in [digits[Int(byte >> 4)], digits[Int(byte & 0xf)]] }
        queue([0] + Array("AUTH EXTERNAL ".utf8) + hex + Array("\r\n".utf8))
    }

    /// `count` bytes of `outgoing` were written.
    public mutating func wrote(_ count: Int) {
        outgoing.consume(count)
    }

    /// Takes bytes the bus sent.
    public mutating func received(_ bytes: some Collection<UInt8>) -> [Event] {
        incoming += bytes
        var events: [Event] = []
        if phase == .authenticating, let failure = authenticate() { return fail(failure) }
        while phase == .running {
            switch DBusMessage.decode(incoming) {
            case .incomplete: return events
            case .invalid(let reason): return events + fail("the bus sent \(reason)")
            case .message(let message, let length):
                consumeIncoming(length)
                events += handle(message)
            }
        }
        return events
    }

    /// Queues a `TriggerFeedback` for `event`; false when it is not sent: the
    /// connection is not up yet, the bus is too far behind, or feedbackd is
    /// not on the bus and `autoStart` does not let the bus start it.
    public mutating func trigger(_ event: FeedbackEvent, autoStart: Bool) -> Bool {
        guard phase == .running, autoStart || feedbackdPresent == true else { return false }
        lastSerial += 1
        return outgoing.enqueue(
            Self.triggerFeedback(serial: lastSerial, event: event, autoStart: autoStart).encoded())
    }

    /// `TriggerFeedback(s app_id, s event, a{sv} hints, i timeout)`: no hints,
    /// and timeout -1 (each feedback once). No reply is expected, and unless
    /// `autoStart` the bus must not start feedbackd for it.
    public static func triggerFeedback(
        serial: UInt32, event: FeedbackEvent, autoStart: Bool, hints: [(key: String, value: String)] = []
    ) -> DBusMessage {
        var body = DBusWriter()
        body.string(appID)
        body.string(event.rawValue)
        body.stringVariants(hints)
        body.int32(-1)
        return .call(
            serial: serial, destination: service, path: "/org/sigxcpu/Feedback", interface: service,
            member: "TriggerFeedback", signature: "ssa{sv}i", body: body.bytes,
            flags: autoStart ? [.noReplyExpected] : [.noReplyExpected, .noAutoStart])
    }

    /// Drops the first `count` bytes the bus sent, once read. Mostly that is
    /// all of them, which moves nothing (`removeFirst` would page in the
    /// standard library's move code, 64 KiB, for haptics alone).
    private mutating func consumeIncoming(_ count: Int) {
        if count >= incoming.count {
            incoming.removeAll(keepingCapacity: true)
        } else {
            incoming = Array(incoming[count...])
        }
    }

    /// Reads the server's authentication line; a failure's reason, or nil.
    private mutating func authenticate() -> String? {
        guard let end = incoming.firstIndex(of: UInt8(ascii: "\n")) else {
            return incoming.count > 4096 ? "the bus sent no line in reply to AUTH" : nil
        }
        let line = String(decoding: incoming[..<end], as: UTF8.self)
        let accepted = incoming[..<end].starts(with: "OK ".utf8)
        consumeIncoming(end + 1)
        // Bytes, not `hasPrefix`, whose grapheme code would be paged in for this alone.
        guard accepted else {
            return "the bus refused EXTERNAL authentication (\(line.trimmingSuffix("\r")))"
        }
        phase = .running
        queue(Array("BEGIN\r\n".utf8))
        helloSerial = call("org.freedesktop.DBus", "Hello")
        // The match before the question, so no change between the two is missed.
        var rule = DBusWriter()
        rule.string(
            "type='signal',sender='org.freedesktop.DBus',path='/org/freedesktop/DBus',"
                + "interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(Self.service)'")
        call("org.freedesktop.DBus", "AddMatch", signature: "s", body: rule.bytes, flags: [.noReplyExpected])
        var name = DBusWriter()
        name.string(Self.service)
        ownerQuerySerial = call("org.freedesktop.DBus", "NameHasOwner", signature: "s", body: name.bytes)
        return nil
    }

    /// Queues a call to the bus itself; returns its serial.
    @discardableResult
    private mutating func call(
        _ destination: String, _ member: String, signature: String = "", body: [UInt8] = [],
        flags: DBusMessage.Flags = []
    ) -> UInt32 {
        lastSerial += 1
        queue(
            DBusMessage.call(
                serial: lastSerial, destination: destination, path: "/org/freedesktop/DBus",
                interface: "org.freedesktop.DBus", member: member, signature: signature, body: body,
                flags: flags
            ).encoded())
        return lastSerial
    }

    private mutating func queue(_ bytes: [UInt8]) {
        // The handshake is a few hundred bytes: it always fits the empty buffer.
        if !outgoing.enqueue(bytes) { phase = .failed }
    }

    private mutating func handle(_ message: DBusMessage) -> [Event] {
        switch message.kind {
        case .methodReturn where message.replySerial == ownerQuerySerial:
            guard let arguments = message.arguments(), arguments.count == 1,
                case .boolean(let present) = arguments[0]
            else { return fail("NameHasOwner's reply is not a boolean") }
            return owner(present)
        case .error where message.replySerial == ownerQuerySerial:
            return owner(false)
        case .error where message.replySerial == helloSerial:
            return fail("the bus refused Hello: \(message.errorName ?? "an error")")
        case .signal
        where message.member == "NameOwnerChanged" && message.interface == "org.freedesktop.DBus"
            && message.sender == "org.freedesktop.DBus":
            guard let arguments = message.arguments(), arguments.count == 3,
                arguments[0] == .string(Self.service), case .string(let newOwner) = arguments[2]
            else { return [] }
            return owner(!newOwner.isEmpty)
        default:
            // Hello's reply, NameAcquired, and errors for calls that expected no reply.
            return []
        }
    }

    private mutating func owner(_ present: Bool) -> [Event] {
        guard feedbackdPresent != present else { return [] }
        feedbackdPresent = present
        return [.feedbackd(present: present)]
    }

    private mutating func fail(_ reason: String) -> [Event] {
        phase = .failed
        return [.failed(reason)]
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}

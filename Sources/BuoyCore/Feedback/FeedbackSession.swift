/// buoy's side of a session-bus connection that only asks feedbackd for
/// feedback: the link's handshake (`DBusLink`), a match on feedbackd's owner
/// changing, `NameHasOwner`, then `TriggerFeedback` calls that expect no reply. Pure:
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

    private var link: DBusLink
    /// What waits to be written, in order.
    public var outgoing: OutgoingBuffer { link.outgoing }
    private var ownerQuerySerial: UInt32?
    /// Whether feedbackd is on the bus; nil until the bus has said.
    public private(set) var feedbackdPresent: Bool?

    /// Starts with the EXTERNAL authentication of `uid` (its decimal digits, hex-encoded).
    public init(uid: UInt32) {
        link = DBusLink(uid: uid, outgoingLimit: Self.outgoingLimit)
    }

    /// `count` bytes of `outgoing` were written.
    public mutating func wrote(_ count: Int) {
        link.wrote(count)
    }

    /// Takes bytes the bus sent.
    public mutating func received(_ bytes: some Collection<UInt8>) -> [Event] {
        link.received(bytes).flatMap { event -> [Event] in
            switch event {
            case .authenticated:
                ask()
                return []
            case .connected: return []
            case .message(let message): return handle(message)
            case .failed(let reason): return [.failed(reason)]
            }
        }
    }

    /// Queues a `TriggerFeedback` for `event`; false when it is not sent: the
    /// connection is not up yet, the bus is too far behind, or feedbackd is
    /// not on the bus and `autoStart` does not let the bus start it.
    public mutating func trigger(_ event: FeedbackEvent, autoStart: Bool) -> Bool {
        guard link.isRunning, autoStart || feedbackdPresent == true else { return false }
        return link.send(Self.triggerFeedback(serial: link.nextSerial(), event: event, autoStart: autoStart))
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

    /// Right behind `Hello`: the match before the question, so no change
    /// between the two is missed.
    private mutating func ask() {
        var rule = DBusWriter()
        rule.string(
            "type='signal',sender='org.freedesktop.DBus',path='/org/freedesktop/DBus',"
                + "interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(Self.service)'")
        link.call(
            "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "AddMatch", signature: "s", body: rule.bytes, flags: [.noReplyExpected])
        var name = DBusWriter()
        name.string(Self.service)
        ownerQuerySerial = link.call(
            "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "NameHasOwner", signature: "s", body: name.bytes)
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
        case .signal
        where message.member == "NameOwnerChanged" && message.interface == "org.freedesktop.DBus"
            && message.sender == "org.freedesktop.DBus":
            guard let arguments = message.arguments(), arguments.count == 3,
                arguments[0] == .string(Self.service), case .string(let newOwner) = arguments[2]
            else { return [] }
            return owner(!newOwner.isEmpty)
        default:
            // NameAcquired, and errors for calls that expected no reply.
            return []
        }
    }

    private mutating func owner(_ present: Bool) -> [Event] {
        guard feedbackdPresent != present else { return [] }
        feedbackdPresent = present
        return [.feedbackd(present: present)]
    }

    private mutating func fail(_ reason: String) -> [Event] {
        link.fail()
        return [.failed(reason)]
    }
}

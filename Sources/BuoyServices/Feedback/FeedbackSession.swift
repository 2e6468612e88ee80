import BuoyCore

/// buoy's side of feedbackd, riding on the session bus's one connection
/// (`AccessibilitySession.session`, which the accessibility watch shares): a
/// match on feedbackd's owner changing, `NameHasOwner`, then `TriggerFeedback`
/// calls that expect no reply. It owns no connection: each call is queued on
/// the link it is given. Pure: nothing here ever waits for an answer.
public struct FeedbackSession: Sendable, Equatable {
    /// feedbackd's bus name, object path's root and interface.
    public static let service = "org.sigxcpu.Feedback"
    /// The name feedbackd knows buoy by (its per-app settings are keyed by it).
    public static let appID = "buoy"
    /// How far the bus may fall behind in reading before a call is dropped:
    /// below the link's own limit, so that feedback, which is worthless
    /// late, never crowds out the accessibility watch's calls.
    public static let outgoingLimit = 64 * 1024

    /// What a read brought.
    public enum Event: Sendable, Equatable {
        /// Whether feedbackd is on the bus: `NameHasOwner`'s answer, then each change.
        case feedbackd(present: Bool)
        /// The connection cannot go on: the bus refused buoy, or spoke nonsense.
        case failed(String)
    }

    private var ownerQuerySerial: UInt32?
    /// Whether feedbackd is on the bus; nil until the bus has said.
    public private(set) var feedbackdPresent: Bool?

    /// Knows nothing of feedbackd yet; `start` asks.
    public init() {}

    /// Queues a `TriggerFeedback` for `event` on `link`; false when it is not
    /// sent: the connection is not up yet, the bus is too far behind, or
    /// feedbackd is not on the bus and `autoStart` does not let the bus start it.
    public mutating func trigger(_ event: FeedbackEvent, autoStart: Bool, on link: inout DBusLink) -> Bool {
        guard link.isRunning, autoStart || feedbackdPresent == true else { return false }
        let call = Self.triggerFeedback(serial: link.nextSerial(), event: event, autoStart: autoStart)
        guard link.outgoing.pending.count + call.encoded().count <= Self.outgoingLimit else { return false }
        return link.send(call)
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

    /// Right behind `Hello` (or at once, when the link is already up): the
    /// match before the question, so no change between the two is missed.
    public mutating func start(on link: inout DBusLink) {
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

    /// Takes a message the bus sent; one that is not feedbackd's brings nothing.
    public mutating func handle(_ message: DBusMessage, on link: inout DBusLink) -> [Event] {
        switch message.kind {
        case .methodReturn where message.replySerial == ownerQuerySerial:
            guard let arguments = message.arguments(), arguments.count == 1,
                case .boolean(let present) = arguments[0]
            else {
                link.fail()
                return [.failed("NameHasOwner's reply is not a boolean")]
            }
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
}

import BuoyCore

/// One peer of the control socket, decided without its socket: where it is
/// in its exchange, what it has sent so far, what waits to be written to it
/// and when it is given up. The server reads and writes and does what this
/// says; the protocol is described in ControlServer.swift.
package struct ControlPeer: Sendable, Equatable {
    /// The longest request line, newline included.
    package static let requestLimit = 4096
    /// How long a peer has to send its request line, and to take its reply:
    /// a silent one (`nc -U` left open, a crashed script) is dropped then.
    package static let timeout = 2.0
    /// Open connections at most that are not subscribers; past it, a new
    /// one is told so and closed at once.
    package static let connectionLimit = 64
    /// Subscribers at most, counted apart from the other connections, so
    /// that subscribers a restarting bar leaves behind never take the room
    /// requests need; past it, `subscribe` is refused.
    package static let subscriberLimit = 32
    /// How far a subscriber may fall behind, beyond what the kernel holds,
    /// before it is dropped.
    package static let subscriberBacklog = 64 * 1024

    package enum Phase: Sendable, Equatable {
        /// Its request line is still coming.
        case reading
        /// The request is with the app, which has not replied yet.
        case awaiting
        /// The reply is being written; the connection closes after it.
        case replying
        /// `subscribe`: event lines are written to it until it goes away.
        case subscribed
    }

    /// What becomes of a new connection, from SO_PEERCRED's uid.
    package enum Admission: Sendable, Equatable {
        /// `connectionLimit` connections that are not subscribers are open:
        /// it is sent `reply` and closed at once.
        case full
        /// A peer of another user (or one whose uid is unknown, -1): it is
        /// kept, and whatever it asks is answered with an error.
        case stranger(uid: Int64)
        case admitted

        /// The warning the log gives, if any.
        package var warning: String? {
            switch self {
            case .full:
                return
                    "control socket: \(ControlPeer.connectionLimit) requests open; refusing a new connection"
            case .stranger(let uid): return "control socket: refused a connection from uid \(uid)"
            case .admitted: return nil
            }
        }

        /// What is written to a connection refused at once, before it is closed.
        package var reply: String? {
            switch self {
            case .full:
                return
                    "error: too many connections: at most \(ControlPeer.connectionLimit) requests at once\n"
            case .stranger, .admitted: return nil
            }
        }
    }

    /// Why the server answers a request itself, with an error.
    package enum Refusal: Sendable, Equatable {
        case tooLong(limit: Int)
        /// A stranger's request; it was logged when it connected.
        case permissionDenied
        case badRequest(ControlCommandError)
        /// `subscribe --button`.
        case wrongTarget(ControlTargetError)
        /// `subscribe` while `limit` subscribers are connected.
        case tooManySubscribers(limit: Int)

        /// The whole reply.
        package var reply: String {
            switch self {
            case .tooLong(let limit): return "error: request longer than \(limit) bytes\n"
            case .permissionDenied: return "error: permission denied\n"
            case .badRequest(let error): return "error: \(error.message)\n"
            case .wrongTarget(let error): return "error: \(error.message)\n"
            case .tooManySubscribers(let limit):
                return "error: too many connections: at most \(limit) subscribers at once\n"
            }
        }

        /// What the info log says about it, if anything.
        package var log: String? {
            switch self {
            case .tooLong(let limit): return "control socket: request longer than \(limit) bytes"
            case .badRequest(let error): return "control socket: bad request: \(error.message)"
            case .tooManySubscribers(let limit):
                return "control socket: \(limit) subscribers open; refusing another"
            case .permissionDenied, .wrongTarget: return nil
            }
        }
    }

    /// What the server does after the peer's bytes, or their end.
    package enum Reaction: Sendable, Equatable {
        /// Nothing: the request line is still coming, or the peer is past it.
        case waiting
        /// It closed without a byte: a client that only probed whether buoy
        /// runs. The connection is closed.
        case close
        /// The error reply is queued in `outgoing`.
        case refused(Refusal)
        /// `subscribe`'s `ok` is queued; events follow.
        case subscribed
        /// A request for the app to carry out and `reply` to.
        case request(ControlMessage)
    }

    /// Why a peer past its deadline is dropped.
    package enum Overdue: Sendable, Equatable {
        case noRequest
        case replyNotTaken

        /// What the info log says.
        package var log: String {
            switch self {
            case .noRequest:
                return "control socket: dropped a peer that sent no request within \(ControlPeer.timeout) s"
            case .replyNotTaken:
                return
                    "control socket: dropped a peer that did not take its reply within \(ControlPeer.timeout) s"
            }
        }
    }

    package let refused: Bool
    package private(set) var phase = Phase.reading
    /// When it is given up; nil while the app or a subscription holds it.
    package private(set) var deadline: Double?
    /// False once the peer has shut its end for writing.
    package private(set) var readOpen = true
    package private(set) var outgoing = OutgoingBuffer(limit: 0)
    private var framer = RequestFramer(limit: requestLimit)

    /// Whether a new connection is taken, and as whom, while `requestsOpen`
    /// connections that are not subscribers are open.
    package static func admission(peerUID: Int64, ownUID: Int64, requestsOpen: Int) -> Admission {
        if requestsOpen >= connectionLimit { return .full }
        return peerUID == ownUID ? .admitted : .stranger(uid: peerUID)
    }

    /// A peer accepted at `now`, which has `timeout` to send its request.
    package init(_ admission: Admission, now: Double) {
        refused = admission != .admitted
        deadline = now + Self.timeout
    }

    /// Whether to poll it for input: its request, or the end of what it
    /// sends. Not while the app holds its request nor once it shut its end,
    /// so that then only a hangup or an error makes it readable.
    package var wantsInput: Bool { readOpen && phase != .awaiting }

    /// Whether to poll it for room to write.
    package var wantsOutput: Bool { !outgoing.isEmpty }

    /// Its reply is written in full: the connection closes.
    package var isDone: Bool { phase == .replying && outgoing.isEmpty }

    /// Takes what a read returned, while `subscribers` other peers are subscribed.
    package mutating func received(_ bytes: some Sequence<UInt8>, subscribers: Int, now: Double) -> Reaction {
        // After the request line, what a peer sends is ignored.
        guard phase == .reading else { return .waiting }
        return take(framer.append(bytes), subscribers: subscribers, now: now)
    }

    /// The peer has shut its end for writing (a read returned 0); it may
    /// still read.
    package mutating func ended(subscribers: Int, now: Double) -> Reaction {
        readOpen = false
        guard phase == .reading else { return .waiting }
        return take(framer.end(), subscribers: subscribers, now: now)
    }

    /// Queues the app's reply to the request; false when there is no
    /// request waiting for one.
    package mutating func reply(_ text: String, now: Double) -> Bool {
        guard phase == .awaiting else { return false }
        queue(reply: text, now: now)
        return true
    }

    /// Queues a subscriber's event line; false when that would put it more
    /// than `subscriberBacklog` behind, and it is to be dropped.
    package mutating func publish(_ line: [UInt8]) -> Bool {
        outgoing.enqueue(line)
    }

    /// Forgets the first `count` bytes of `outgoing`, which a write has taken.
    package mutating func wrote(_ count: Int) {
        outgoing.consume(count)
    }

    /// Why it is dropped at `now`, or nil while it is within its deadline.
    package func overdue(at now: Double) -> Overdue? {
        guard let deadline, now >= deadline else { return nil }
        return phase == .reading ? .noRequest : .replyNotTaken
    }

    private mutating func take(_ outcome: RequestFramer.Outcome, subscribers: Int, now: Double) -> Reaction {
        switch outcome {
        case .incomplete:
            return .waiting
        case .closed:
            return .close
        case .tooLong(let limit):
            return refuse(.tooLong(limit: limit), now: now)
        case .line(let line):
            if refused { return refuse(.permissionDenied, now: now) }
            switch ControlMessage.parse(Self.words(line)) {
            case .failure(let error):
                return refuse(.badRequest(error), now: now)
            case .success(let message) where message.command == .subscribe:
                if message.button != nil {
                    return refuse(
                        .wrongTarget(.takesNoButton(command: ControlCommandName.subscribe.rawValue)), now: now
                    )
                }
                if subscribers >= Self.subscriberLimit {
                    return refuse(.tooManySubscribers(limit: Self.subscriberLimit), now: now)
                }
                phase = .subscribed
                deadline = nil
                outgoing = OutgoingBuffer(holding: Array("ok\n".utf8), limit: Self.subscriberBacklog)
                return .subscribed
            case .success(let message):
                phase = .awaiting
                deadline = nil
                return .request(message)
            }
        }
    }

    private mutating func refuse(_ refusal: Refusal, now: Double) -> Reaction {
        queue(reply: refusal.reply, now: now)
        return .refused(refusal)
    }

    private mutating func queue(reply text: String, now: Double) {
        phase = .replying
        deadline = now + Self.timeout
        outgoing = OutgoingBuffer(holding: Array(text.utf8), limit: .max)
    }

    /// A request line's words. Tabs, repeated spaces and a CR before the
    /// newline are tolerated for hand-written clients (socat, nc).
    private static func words(_ line: [UInt8]) -> [String] {
        String(decoding: line, as: UTF8.self).unicodeScalars
            .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            .map { String(String.UnicodeScalarView($0)) }
    }
}

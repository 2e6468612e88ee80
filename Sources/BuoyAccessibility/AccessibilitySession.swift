import BuoyCore
import BuoyServices

/// buoy's side of AT-SPI, over two links the shell moves bytes for. On the
/// session bus it watches `org.a11y.Status` (`IsEnabled`,
/// `ScreenReaderEnabled`) and whether `org.a11y.Bus` is there at all. While
/// either is on it asks for the accessibility bus's address, and once the
/// shell has connected there it embeds the application in the registry's
/// desktop and answers calls from the tree. When accessibility goes off it
/// asks the shell to leave that bus. The session bus's connection is buoy's
/// only one there: feedbackd's calls ride on it (`feedback`), so that with
/// accessibility off the watch costs its few calls and not a connection of
/// its own. Pure: nothing here waits.
public struct AccessibilitySession: Sendable, Equatable {
    /// The two connections.
    public enum Link: Sendable, Equatable {
        case session, atspi
    }

    /// What the shell does next.
    public enum Event: Sendable, Equatable {
        /// Connect to the accessibility bus at this address, then call `atspiConnected`.
        case connect(String)
        /// Close the accessibility bus's connection (accessibility went off, or it failed).
        case leave
        /// The application is on the registry's desktop: a screen reader sees it.
        case embedded
        case command(AccessibleCommand)
        /// Something to log once; buoy runs on.
        case warning(String)
        /// A link cannot go on; for the session bus that ends the watch.
        case failed(Link, String)
        /// Whether feedbackd is on the session bus, once asked and at each change.
        case feedbackd(present: Bool)
    }

    /// How far a bus may fall behind in reading before a message is dropped.
    public static let outgoingLimit = 256 * 1024
    /// How long the registry has to answer `Embed`.
    public static let registryTimeout = 5.0
    static let status = "org.a11y.Status"
    static let launcher = "org.a11y.Bus"
    static let launcherPath = "/org/a11y/bus"
    static let properties = "org.freedesktop.DBus.Properties"

    /// The session bus, where the switches are watched and feedbackd is called.
    public private(set) var session: DBusLink
    /// feedbackd's side of the session bus, while a button asks for feedback.
    public private(set) var feedback: FeedbackSession?
    /// The accessibility bus, while accessibility is on and the shell has connected.
    public private(set) var atspi: DBusLink?
    private let uid: UInt32
    private let version: String
    /// `AT_SPI_BUS_ADDRESS`, which names the bus without asking.
    private let fixedAddress: String?
    private var isEnabled = false
    private var screenReaderEnabled = false
    /// Calls waiting for an answer. An array, not a dictionary: with
    /// accessibility off this is all that runs, and hashing would be paged in for it.
    private var queries: [Pending] = []
    /// When an unanswered `Embed` is given up.
    private var embedDeadline: Double?
    /// The objects served, once the accessibility bus's `Hello` is answered.
    public private(set) var objects: AtspiObjects?

    private enum Query: Sendable, Equatable {
        case isEnabled, screenReaderEnabled, address, embed
    }

    private struct Pending: Sendable, Equatable {
        var serial: UInt32
        var query: Query
    }

    /// The answer to `serial`'s call, no longer waited for.
    private mutating func answered(_ serial: UInt32?) -> Query? {
        guard let index = queries.firstIndex(where: { $0.serial == serial }) else { return nil }
        let query = queries[index].query
        queries = queries.filter { $0.serial != serial }
        return query
    }

    /// Whether either switch is on.
    public var wanted: Bool { isEnabled || screenReaderEnabled }

    /// Starts the session bus's handshake for `uid`.
    public init(uid: UInt32, version: String, fixedAddress: String?) {
        self.uid = uid
        self.version = version
        self.fixedAddress = fixedAddress.flatMap { $0.isEmpty ? nil : $0 }
        session = DBusLink(uid: uid, outgoingLimit: Self.outgoingLimit)
    }

    /// Starts or stops feedbackd's side of the session bus: a button asks
    /// for feedback, or none does any longer.
    public mutating func wantFeedback(_ wanted: Bool) {
        guard wanted != (feedback != nil) else { return }
        guard wanted else {
            feedback = nil
            return
        }
        var feedback = FeedbackSession()
        if session.isRunning { feedback.start(on: &session) }
        self.feedback = feedback
    }

    /// Queues a `TriggerFeedback` for `event` (see `FeedbackSession.trigger`);
    /// false when it is not sent, or no button asks for feedback.
    public mutating func trigger(_ event: FeedbackEvent, autoStart: Bool) -> Bool {
        guard var feedback else { return false }
        defer { self.feedback = feedback }
        return feedback.trigger(event, autoStart: autoStart, on: &session)
    }

    /// `count` bytes of `link`'s outgoing were written.
    public mutating func wrote(_ count: Int, on link: Link) {
        switch link {
        case .session: session.wrote(count)
        case .atspi: atspi?.wrote(count)
        }
    }

    /// The shell connected to the address `connect` gave, at `now`: the
    /// handshake begins, and the registry has `registryTimeout` to answer.
    public mutating func atspiConnected(at now: Double) {
        atspi = DBusLink(uid: uid, outgoingLimit: Self.outgoingLimit)
        embedDeadline = now + Self.registryTimeout
    }

    /// When `tick` must be called.
    public var deadline: Double? { embedDeadline }

    /// The clock passed `deadline`: a registry that has not answered is given up.
    public mutating func tick(at now: Double) -> [Event] {
        guard let embedDeadline, now >= embedDeadline else { return [] }
        return [.failed(.atspi, "the registry did not answer Embed within \(Int(Self.registryTimeout)) s")]
    }

    /// The accessibility bus's connection is gone (closed, or it failed).
    public mutating func atspiClosed() {
        atspi = nil
        embedDeadline = nil
        objects = nil
        queries = queries.filter { $0.query != .embed }
    }

    /// Takes bytes `link` sent; `tree` answers the calls among them.
    public mutating func received(_ bytes: some Collection<UInt8>, on link: Link, tree: AccessibleTree)
        -> [Event]
    {
        switch link {
        case .session:
            return session.received(bytes).flatMap { event -> [Event] in
                switch event {
                case .authenticated:
                    feedback?.start(on: &session)
                    return watch()
                case .connected: return []
                case .message(let message): return feedbackMessage(message) + statusMessage(message)
                case .failed(let reason): return [.failed(.session, reason)]
                }
            }
        case .atspi:
            guard var link = atspi else { return [] }
            let events = link.received(bytes)
            atspi = link
            return events.flatMap { event -> [Event] in
                switch event {
                case .authenticated: return []
                case .connected(let name): return embed(as: name)
                case .message(let message): return atspiMessage(message, tree: tree)
                case .failed(let reason): return [.failed(.atspi, reason)]
                }
            }
        }
    }

    /// Queues the signals that tell listeners how `old` became `new`.
    public mutating func treeChanged(from old: AccessibleTree, to new: AccessibleTree) {
        guard let objects, var link = atspi, link.isRunning else { return }
        for signal in AccessibleChanges.signals(from: old, to: new, objects: objects) {
            link.send(
                .signal(
                    serial: link.nextSerial(), path: signal.path, interface: signal.interface,
                    member: signal.member, signature: AccessibleChanges.signature, body: signal.body))
        }
        atspi = link
    }

    // MARK: - The session bus

    private mutating func feedbackMessage(_ message: DBusMessage) -> [Event] {
        guard var feedback else { return [] }
        defer { self.feedback = feedback }
        return feedback.handle(message, on: &session).map { event in
            switch event {
            case .feedbackd(let present): return .feedbackd(present: present)
            case .failed(let reason): return .failed(.session, reason)
            }
        }
    }

    private mutating func watch() -> [Event] {
        // Whole literals: interpolation's code would be paged in for these alone.
        for rule in [
            "type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',path='/org/a11y/bus',arg0='org.a11y.Status'",
            "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='org.a11y.Bus'",
        ] {
            var body = DBusWriter()
            body.string(rule)
            session.call(
                "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
                member: "AddMatch", signature: "s", body: body.bytes, flags: [.noReplyExpected])
        }
        askStatus()
        return []
    }

    /// Asks both switches; the bus must not start the launcher for it: no
    /// launcher, no accessibility.
    private mutating func askStatus() {
        for (query, name) in [(Query.isEnabled, "IsEnabled"), (.screenReaderEnabled, "ScreenReaderEnabled")] {
            var body = DBusWriter()
            body.string(Self.status)
            body.string(name)
            let serial = session.call(
                Self.launcher, path: Self.launcherPath, interface: Self.properties, member: "Get",
                signature: "ss", body: body.bytes, flags: [.noAutoStart])
            queries.append(Pending(serial: serial, query: query))
        }
    }

    private mutating func statusMessage(_ message: DBusMessage) -> [Event] {
        if message.kind == .signal {
            return statusSignal(message)
        }
        guard let query = answered(message.replySerial) else { return [] }
        var reader = DBusReader(message.body, bigEndian: message.bigEndian)
        switch (query, message.kind) {
        case (.isEnabled, .methodReturn): isEnabled = reader.variantBoolean() ?? false
        case (.screenReaderEnabled, .methodReturn): screenReaderEnabled = reader.variantBoolean() ?? false
        case (.isEnabled, _): isEnabled = false
        case (.screenReaderEnabled, _): screenReaderEnabled = false
        case (.address, .methodReturn):
            guard wanted, atspi == nil, let address = reader.string() else { return [] }
            return [.connect(address)]
        case (.address, _):
            return [.warning("the accessibility bus has no address: \(message.errorName ?? "an error")")]
        case (.embed, _):
            return []
        }
        return follow()
    }

    private mutating func statusSignal(_ message: DBusMessage) -> [Event] {
        var reader = DBusReader(message.body, bigEndian: message.bigEndian)
        switch message.member {
        case "PropertiesChanged" where message.path == Self.launcherPath:
            // (s interface, a{sv} changed, as invalidated)
            guard reader.string() == Self.status, let length = reader.uint32() else { return [] }
            reader.align(8)
            let end = reader.offset + Int(length)
            while reader.offset < end {
                reader.align(8)
                guard let name = reader.string(), let value = reader.variantBoolean() else { return [] }
                if name == "IsEnabled" { isEnabled = value }
                if name == "ScreenReaderEnabled" { screenReaderEnabled = value }
            }
            return follow()
        case "NameOwnerChanged" where message.sender == "org.freedesktop.DBus":
            guard reader.string() == Self.launcher, reader.string() != nil, let owner = reader.string() else {
                return []
            }
            if owner.isEmpty {
                isEnabled = false
                screenReaderEnabled = false
                return follow()
            }
            askStatus()
            return []
        default:
            return []
        }
    }

    /// Joins the accessibility bus when wanted, leaves it when not.
    private mutating func follow() -> [Event] {
        if wanted, atspi == nil, !queries.contains(where: { $0.query == .address }) {
            if let fixedAddress { return [.connect(fixedAddress)] }
            let serial = session.call(
                Self.launcher, path: Self.launcherPath, interface: Self.launcher, member: "GetAddress",
                flags: [.noAutoStart])
            queries.append(Pending(serial: serial, query: .address))
        } else if !wanted, atspi != nil {
            atspiClosed()
            return [.leave]
        }
        return []
    }

    // MARK: - The accessibility bus

    private mutating func embed(as name: String) -> [Event] {
        guard var link = atspi else { return [] }
        objects = AtspiObjects(busName: name, version: version)
        var body = DBusWriter()
        body.objectReference(bus: name, path: AtspiObjects.prefix + AccessibleNode.rootID)
        let serial = link.call(
            "org.a11y.atspi.Registry", path: AtspiObjects.prefix + AccessibleNode.rootID,
            interface: "org.a11y.atspi.Socket", member: "Embed", signature: "(so)", body: body.bytes)
        atspi = link
        queries.append(Pending(serial: serial, query: .embed))
        return []
    }

    private mutating func atspiMessage(_ message: DBusMessage, tree: AccessibleTree) -> [Event] {
        guard var link = atspi, var objects else { return [] }
        defer { atspi = link }
        switch message.kind {
        case .methodCall:
            guard let answer = objects.answer(message, tree: tree, serial: link.nextSerial()) else {
                return []
            }
            link.send(answer.reply)
            return answer.command.map { [.command($0)] } ?? []
        case .methodReturn, .error:
            guard queries.contains(where: { $0.serial == message.replySerial && $0.query == .embed }) else {
                return []
            }
            _ = answered(message.replySerial)
            embedDeadline = nil
            guard message.kind == .methodReturn else {
                return [.failed(.atspi, "the registry refused Embed: \(message.errorName ?? "an error")")]
            }
            var reader = DBusReader(message.body, bigEndian: message.bigEndian)
            reader.align(8)
            if let bus = reader.string(), let path = reader.string() {
                objects.desktop = (bus, path)
                self.objects = objects
            }
            return [.embedded]
        case .signal:
            return []
        }
    }
}

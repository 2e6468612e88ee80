import BuoyAccessibility
import BuoyCommandLine
import BuoyCore
import BuoyServices
import BuoyWayland
import Glibc
import SystemCalls

/// buoy's D-Bus connections: one to the session bus, where it watches whether
/// accessibility is on and asks feedbackd for haptic feedback, and while
/// accessibility is on, one to the accessibility bus, where it serves `tree`.
/// Both sockets are non-blocking and in the event loop's poll;
/// `AccessibilitySession` decides, and this only moves bytes. Whatever goes
/// wrong with the session bus (no bus, a refusal, a bus that goes away) is
/// one debug line, and then there is neither feedback nor accessibility.
final class SessionBus {
    private var session: AccessibilitySession
    private var sessionFD: Int32
    private var atspiFD: Int32 = -1
    private let loop: EventLoop
    private let log: Logger
    /// The tree the accessibility bus was last told about.
    private(set) var tree = AccessibleTree(nodes: [])
    /// What `tree` was built from: a wakeup that changed none of it builds nothing.
    private var builtFrom: AccessibleFacts?
    /// Whether the last problem was logged, so that a flapping bus logs once.
    private var warned = false

    /// Connects to `$DBUS_SESSION_BUS_ADDRESS` to watch the switches; nil,
    /// with one debug line, when there is no session bus.
    static func connect(loop: EventLoop, log: Logger) -> SessionBus? {
        guard let address = Environment.string("DBUS_SESSION_BUS_ADDRESS") else {
            noSessionBus("DBUS_SESSION_BUS_ADDRESS is not set, so there is no session bus", log: log)
            return nil
        }
        switch BusSocket.connect(address, bus: "the session bus") {
        case .success(let fd): return SessionBus(fd: fd, loop: loop, log: log)
        case .failure(let error):
            noSessionBus(error.reason, log: log)
            return nil
        }
    }

    /// Why neither feedback nor accessibility can be had: a debug line for each.
    private static func noSessionBus(_ reason: String, log: Logger) {
        log.debug("no haptic feedback: \(reason)")
        log.debug("no accessibility: \(reason)")
    }

    private init(fd: Int32, loop: EventLoop, log: Logger) {
        sessionFD = fd
        self.loop = loop
        self.log = log
        session = AccessibilitySession(
            uid: getuid(), version: buoyVersion, fixedAddress: Environment.string("AT_SPI_BUS_ADDRESS"))
        flush(.session)
    }

    deinit { close() }

    /// Whether a screen reader can see buoy now: the accessibility bus's
    /// handshake is done.
    var isServing: Bool { session.objects != nil && atspiFD >= 0 }

    /// When the loop must wake for the registry's answer.
    var deadline: Double? { session.deadline }

    /// Reads what either bus sent, answering calls from `tree`, and writes
    /// what waits; returns the commands the calls asked for.
    func update(_ wakeup: Wakeup, now: Double) -> [AccessibleCommand] {
        var commands: [AccessibleCommand] = []
        follow(session.tick(at: now), now: now, into: &commands)
        for link in [AccessibilitySession.Link.session, .atspi] {
            let fd = self.fd(link)
            guard fd >= 0 else { continue }
            if wakeup.readable.contains(fd) { commands += read(link, now: now) }
            if self.fd(link) >= 0 { flush(link) }
        }
        return commands
    }

    /// Starts or stops asking feedbackd: a button asks for feedback, or none
    /// does any longer. The connection stays, for the accessibility watch.
    func wantFeedback(_ wanted: Bool) {
        session.wantFeedback(wanted)
        flush(.session)
    }

    /// Asks feedbackd for `event`, without waiting; dropped when feedbackd
    /// is not on the bus (unless `autoStart` lets the bus start it), the
    /// connection is not up yet, or the bus is not reading.
    func trigger(_ event: FeedbackEvent, autoStart: Bool) {
        guard sessionFD >= 0, session.trigger(event, autoStart: autoStart) else { return }
        flush(.session)
    }

    /// Serves the tree built from `facts` from now on, telling listeners how
    /// it changed; nothing is built when the facts are the last ones.
    func publish(_ facts: AccessibleFacts) {
        guard facts != builtFrom else { return }
        builtFrom = facts
        let new = AccessibleButtons.tree(buttons: facts.buttons, menu: facts.menu)
        guard new != tree else { return }
        session.treeChanged(from: tree, to: new)
        tree = new
        flush(.atspi)
    }

    func close() {
        leave()
        guard sessionFD >= 0 else { return }
        loop.unwatch(sessionFD)
        try? FileDescriptor(rawValue: sessionFD).close()
        sessionFD = -1
    }

    private func fd(_ link: AccessibilitySession.Link) -> Int32 {
        link == .session ? sessionFD : atspiFD
    }

    private func read(_ link: AccessibilitySession.Link, now: Double) -> [AccessibleCommand] {
        var chunk = [UInt8](repeating: 0, count: 4096)
        var commands: [AccessibleCommand] = []
        // Bounded, so that a chatty bus cannot hold the loop.
        for _ in 0..<16 {
            let fd = self.fd(link)
            guard fd >= 0 else { break }
            let count: Int
            do {
                count = try FileDescriptor(socket: fd).read(into: &chunk)
            } catch .wouldBlock {
                break
            } catch {
                fail(link, "reading from \(name(link)) failed: \(error)")
                break
            }
            guard count > 0 else {
                fail(link, "\(name(link)) closed the connection")
                break
            }
            follow(session.received(chunk[0..<count], on: link, tree: tree), now: now, into: &commands)
        }
        return commands
    }

    private func follow(
        _ events: [AccessibilitySession.Event], now: Double, into commands: inout [AccessibleCommand]
    ) {
        for event in events {
            switch event {
            case .connect(let address): join(address, now: now)
            case .leave:
                log.info("accessibility is off: leaving the accessibility bus")
                leave()
            case .embedded:
                warned = false
                log.info("accessibility: on the accessibility bus, embedded in the registry's desktop")
            case .command(let command): commands.append(command)
            case .warning(let text): warn(text)
            case .feedbackd(present: true):
                log.debug("feedbackd (\(FeedbackSession.service)) is on the session bus")
            case .feedbackd(present: false):
                log.debug(
                    "no haptic feedback: feedbackd (\(FeedbackSession.service)) is not on the session bus")
            case .failed(let failed, let reason): fail(failed, reason)
            }
        }
    }

    private func join(_ address: String, now: Double) {
        switch BusSocket.connect(address, bus: "the accessibility bus") {
        case .success(let fd):
            atspiFD = fd
            session.atspiConnected(at: now)
            flush(.atspi)
        case .failure(let error): warn(error.reason)
        }
    }

    private func leave() {
        guard atspiFD >= 0 else { return }
        loop.unwatch(atspiFD)
        try? FileDescriptor(rawValue: atspiFD).close()
        atspiFD = -1
        session.atspiClosed()
        tree = AccessibleTree(nodes: [])
        builtFrom = nil
    }

    private func flush(_ link: AccessibilitySession.Link) {
        let fd = self.fd(link)
        guard fd >= 0 else { return }
        var pending: [UInt8] {
            link == .session ? session.session.outgoing.pending : session.atspi?.outgoing.pending ?? []
        }
        while !pending.isEmpty {
            do {
                session.wrote(try FileDescriptor(socket: fd).write(pending), on: link)
            } catch .wouldBlock {
                break
            } catch {
                return fail(link, "writing to \(name(link)) failed: \(error)")
            }
        }
        loop.watch(fd, events: Int16(POLLIN) | (pending.isEmpty ? 0 : Int16(POLLOUT)))
    }

    /// A link that cannot go on: the accessibility bus is left (and joined
    /// again when the switches flip); without the session bus, nothing is watched.
    private func fail(_ link: AccessibilitySession.Link, _ reason: String) {
        switch link {
        case .atspi:
            warn("the accessibility bus: \(reason); buoy runs on without it")
            leave()
        case .session:
            Self.noSessionBus(reason, log: log)
            close()
        }
    }

    private func name(_ link: AccessibilitySession.Link) -> String {
        link == .session ? "the session bus" : "the bus"
    }

    private func warn(_ text: String) {
        guard !warned else { return log.debug("accessibility: \(text)") }
        warned = true
        log.warning("accessibility: \(text)")
    }
}

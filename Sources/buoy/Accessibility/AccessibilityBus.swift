import BuoyCore
import BuoyWayland
import Glibc
import SystemCalls

/// buoy's AT-SPI connections: the session bus, where it watches whether
/// accessibility is on, and while it is, the accessibility bus, where it
/// serves `tree`. Both sockets are non-blocking and in the event loop's
/// poll; `AccessibilitySession` decides, and this only moves bytes.
final class AccessibilityBus {
    private var session: AccessibilitySession
    private var sessionFD: Int32
    private var atspiFD: Int32 = -1
    private let loop: EventLoop
    private let log: Logger
    /// The tree the accessibility bus was last told about.
    private(set) var tree = AccessibleTree(nodes: [])
    /// Whether the last problem was logged, so that a flapping bus logs once.
    private var warned = false

    /// Connects to `$DBUS_SESSION_BUS_ADDRESS` to watch the switches; nil,
    /// with one debug line, when there is no session bus.
    static func connect(loop: EventLoop, log: Logger) -> AccessibilityBus? {
        guard let address = Environment.string("DBUS_SESSION_BUS_ADDRESS") else {
            log.debug("no accessibility: DBUS_SESSION_BUS_ADDRESS is not set, so there is no session bus")
            return nil
        }
        switch BusSocket.connect(address, bus: "the session bus") {
        case .success(let fd): return AccessibilityBus(fd: fd, loop: loop, log: log)
        case .failure(let error):
            log.debug("no accessibility: \(error.reason)")
            return nil
        }
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

    /// Tells listeners how the tree changed, and serves `new` from now on.
    func publish(_ new: AccessibleTree) {
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
                fail(link, "reading failed: \(error)")
                break
            }
            guard count > 0 else {
                fail(link, "the bus closed the connection")
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
                return fail(link, "writing failed: \(error)")
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
            log.debug("no accessibility: the session bus: \(reason)")
            close()
        }
    }

    private func warn(_ text: String) {
        guard !warned else { return log.debug("accessibility: \(text)") }
        warned = true
        log.warning("accessibility: \(text)")
    }
}

import BuoyCore
import BuoyWayland
import CLinux
import Glibc
import SystemCalls

/// buoy's connection to the session bus, for haptic feedback through
/// feedbackd. The socket is non-blocking and in the event loop's poll:
/// `FeedbackSession` decides what to send and makes sense of what comes, and
/// this only moves bytes, so the loop never waits for D-Bus. Whatever goes
/// wrong (no bus, a refusal, a bus that goes away) is one debug line, and
/// then there is no feedback.
final class FeedbackBus {
    /// -1 once closed.
    private var fd: Int32
    private var session: FeedbackSession
    private let loop: EventLoop
    private let log: Logger

    /// Connects to `$DBUS_SESSION_BUS_ADDRESS`; nil, with one debug line,
    /// when there is no bus to connect to.
    static func connect(loop: EventLoop, log: Logger) -> FeedbackBus? {
        func none(_ why: String) -> FeedbackBus? {
            log.debug("no haptic feedback: \(why)")
            return nil
        }
        guard let text = Environment.string("DBUS_SESSION_BUS_ADDRESS") else {
            return none("DBUS_SESSION_BUS_ADDRESS is not set, so there is no session bus")
        }
        switch BusSocket.connect(text, bus: "the session bus") {
        case .success(let fd): return FeedbackBus(fd: fd, loop: loop, log: log)
        case .failure(let error): return none(error.reason)
        }
    }

    private init(fd: Int32, loop: EventLoop, log: Logger) {
        self.fd = fd
        self.loop = loop
        self.log = log
        session = FeedbackSession(uid: getuid())
        flush()
    }

    deinit { close() }

    /// Reads what the bus sent and writes what waits, as far as the socket
    /// takes it now.
    func update(_ wakeup: Wakeup) {
        guard fd >= 0 else { return }
        if wakeup.readable.contains(fd) { read() }
        if fd >= 0, wakeup.writable.contains(fd) || !session.outgoing.isEmpty { flush() }
    }

    /// Asks feedbackd for `event`, without waiting; dropped when feedbackd
    /// is not on the bus (unless `autoStart` lets the bus start it), the
    /// connection is not up yet, or the bus is not reading.
    func trigger(_ event: FeedbackEvent, autoStart: Bool) {
        guard fd >= 0, session.trigger(event, autoStart: autoStart) else { return }
        flush()
    }

    func close() {
        guard fd >= 0 else { return }
        loop.unwatch(fd)
        try? FileDescriptor(rawValue: fd).close()
        fd = -1
    }

    private func read() {
        var chunk = [UInt8](repeating: 0, count: 4096)
        // Bounded, so that a chatty bus cannot hold the loop.
        for _ in 0..<16 {
            let count: Int
            do {
                count = try FileDescriptor(socket: fd).read(into: &chunk)
            } catch .wouldBlock {
                return
            } catch {
                return give(up: "reading from the session bus failed: \(error)")
            }
            guard count > 0 else { return give(up: "the session bus closed the connection") }
            for event in session.received(chunk[0..<count]) {
                switch event {
                case .feedbackd(present: true):
                    log.debug("feedbackd (\(FeedbackSession.service)) is on the session bus")
                case .feedbackd(present: false):
                    log.debug(
                        "no haptic feedback: feedbackd (\(FeedbackSession.service)) is not on the session bus"
                    )
                case .failed(let reason):
                    return give(up: reason)
                }
            }
        }
    }

    private func flush() {
        while !session.outgoing.isEmpty {
            do {
                session.wrote(try FileDescriptor(socket: fd).write(session.outgoing.pending))
            } catch .wouldBlock {
                break
            } catch {
                return give(up: "writing to the session bus failed: \(error)")
            }
        }
        loop.watch(fd, events: Int16(POLLIN) | (session.outgoing.isEmpty ? 0 : Int16(POLLOUT)))
    }

    private func give(up reason: String) {
        log.debug("no haptic feedback: \(reason)")
        close()
    }
}

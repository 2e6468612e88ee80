// The control socket: how `buoy msg <command>` reaches the running instance.
//
// Where: $XDG_RUNTIME_DIR/buoy-$WAYLAND_DISPLAY.sock (WAYLAND_DISPLAY defaults
// to "wayland-0"; an absolute WAYLAND_DISPLAY contributes its basename). The
// socket is mode 0600, and the server also checks each peer's uid with
// SO_PEERCRED: a peer of another user gets `error: permission denied`.
//
// Protocol, one request per connection:
//  1. The client connects and sends the command's words joined by single
//     spaces, ending in "\n", at most 4 KiB in all: "move top-left\n", or
//     with the button it is for: "--button keyboard hide\n".
//  2. The server answers with one status line, `ok`, `ok: <message>` or
//     `error: <message>`, then optional payload lines (for `state`, one JSON
//     object: see StateReport), then closes the connection. Most commands
//     are answered at once; `menu` is answered when the menu has opened
//     (its images are drawn by a child first), or could not.
//  3. The client reads until EOF.
//
// Everything runs on buoy's one thread and nothing waits: the listening
// socket and every connection are part of the event loop's poll. A request
// line may come in pieces; a peer that has not sent it within 2 s, or has
// not taken its reply within 2 s, is dropped. Replies are queued and written
// as the socket takes them.
//
// `subscribe` keeps its connection: after the `ok` line, one JSON object
// per line for each event (see ButtonEvent), until either side closes. A
// subscriber more than 64 KiB behind, beyond what the kernel holds, is
// dropped rather than waited for.
//
// Subscribers have no deadline, so they are counted apart: at most 32, and
// 64 other connections besides. One past either limit gets
// `error: too many connections: ...`, naming the limit.

import BuoyCommandLine
import BuoyCore
import BuoyWayland
import CLinux
import Glibc
import SystemCalls

/// The control socket's listening end and every connection on it. Nothing
/// here waits: each connection is non-blocking and in the event loop's
/// poll, with its own buffers and deadline (`ControlPeer` decides what they
/// mean), and `update` takes what the wakeup says is ready.
final class ControlServer {
    /// Connections accepted per wakeup; more wait for the next one (the
    /// listening socket stays readable), so a flood cannot stall the loop.
    static let acceptLimit = 16
    /// Reads of one connection per wakeup, so that a peer that keeps
    /// writing cannot hold the loop.
    static let readLimit = 16

    private let listener: ControlListener
    private let log: Logger
    private var loop: EventLoop?
    /// By descriptor; a connection leaves before its descriptor is closed.
    private var connections: [Int32: ControlConnection] = [:]

    /// `$XDG_RUNTIME_DIR/buoy-<display>.sock`, or nil when XDG_RUNTIME_DIR is unset.
    static func socketPath() -> String? {
        guard let runtime = Environment.string("XDG_RUNTIME_DIR") else { return nil }
        return runtime + "/buoy-" + displayName + ".sock"
    }

    /// `$WAYLAND_DISPLAY` ("wayland-0" when unset), or its basename when it
    /// is an absolute path: the name the socket is named after.
    static var displayName: String {
        let display = Environment.string("WAYLAND_DISPLAY") ?? "wayland-0"
        guard display.hasPrefix("/") else { return display }
        return display.split(separator: "/").last.map(String.init) ?? "wayland-0"
    }

    /// Listens on `path` (`ControlListener`).
    init(path: String, log: Logger) throws(ControlServerError) {
        listener = try ControlListener(path: path, log: log)
        self.log = log
    }

    deinit { close() }

    /// Puts the listening socket, and from now on every connection, in `loop`'s poll.
    func start(on loop: EventLoop) {
        self.loop = loop
        if listener.fd >= 0 { loop.watch(listener.fd) }
    }

    /// Closes every connection, stops listening and removes the socket
    /// file, unless another instance has replaced it since.
    func close() {
        for connection in Array(connections.values) { drop(connection) }
        guard listener.fd >= 0 else { return }
        loop?.unwatch(listener.fd)
        listener.close()
    }

    /// The earliest time a connection is given up: the app folds it into
    /// the loop's timer.
    var deadline: Double? {
        connections.values.compactMap(\.peer.deadline).min()
    }

    private var subscriberCount: Int { connections.values.filter { $0.peer.phase == .subscribed }.count }

    /// Takes one wakeup: reads what arrived, writes what can be written,
    /// accepts new connections and drops the ones past their deadline.
    /// Peers of another user, unparsable requests and `subscribe` are
    /// handled here; the other requests are returned for the app to carry
    /// out and `reply` to.
    func update(_ wakeup: Wakeup, now: Double) -> [ControlRequest] {
        guard listener.fd >= 0 else { return [] }
        var requests: [ControlRequest] = []
        for ready in wakeup.writable {
            if let connection = connections[ready] { flush(connection) }
        }
        for ready in wakeup.readable {
            if let connection = connections[ready] { service(connection, now: now, into: &requests) }
        }
        if wakeup.readable.contains(listener.fd) { accept(now: now, into: &requests) }
        for connection in Array(connections.values) {
            guard let overdue = connection.peer.overdue(at: now) else { continue }
            log.info(overdue.log)
            drop(connection)
        }
        return requests
    }

    /// Sends `event` to every subscriber, at once; one that has fallen too
    /// far behind is dropped.
    func publish(_ event: ButtonEvent) {
        let subscribers = connections.values.filter { $0.peer.phase == .subscribed }
        guard !subscribers.isEmpty else { return }
        let line = Array((event.json + "\n").utf8)
        for subscriber in subscribers {
            guard subscriber.peer.publish(line) else {
                log.info("control socket: dropped a subscriber that stopped reading")
                drop(subscriber)
                continue
            }
            flush(subscriber)
        }
    }

    /// Queues the app's reply to the request `connection` holds, writes
    /// what the socket takes now, and closes the connection once it is all
    /// written.
    func send(_ text: String, on connection: ControlConnection, now: Double) {
        guard isOpen(connection), connection.peer.reply(text, now: now) else { return }
        flush(connection)
    }

    /// Closes a connection and forgets it; a request still waiting for its
    /// reply gets none.
    func drop(_ connection: ControlConnection) {
        guard isOpen(connection) else { return }
        connections[connection.fd] = nil
        loop?.unwatch(connection.fd)
        try? FileDescriptor(rawValue: connection.fd).close()
    }

    private func isOpen(_ connection: ControlConnection) -> Bool {
        connections[connection.fd] === connection
    }

    private func accept(now: Double, into requests: inout [ControlRequest]) {
        for _ in 0..<Self.acceptLimit {
            let descriptor: Int32
            switch listener.accept() {
            case .connection(let accepted): descriptor = accepted
            case .noneWaiting: return
            case .abandoned: continue
            case .failed(let error):
                log.warning("control socket: cannot accept: \(error)")
                return
            }
            let admission = ControlPeer.admission(
                peerUID: buoy_peer_uid(descriptor), ownUID: Int64(getuid()),
                requestsOpen: connections.count - subscriberCount)
            if let warning = admission.warning { log.warning(warning) }
            if let reply = admission.reply {
                // One short write to an empty socket: it fits, or the peer
                // has gone. Its request, if sent, is never read, so the
                // client reads a reset after this line.
                _ = try? FileDescriptor(socket: descriptor).write(Array(reply.utf8))
                try? FileDescriptor(rawValue: descriptor).close()
                continue
            }
            let connection = ControlConnection(fd: descriptor, peer: ControlPeer(admission, now: now))
            connections[descriptor] = connection
            loop?.watch(descriptor, events: Int16(POLLIN))
            // A client writes its request right after connecting; it is
            // often here already.
            service(connection, now: now, into: &requests)
        }
    }

    /// Reads what `connection` sent and does what it calls for; a hangup or
    /// an error drops it.
    private func service(_ connection: ControlConnection, now: Double, into requests: inout [ControlRequest])
    {
        // Polled without POLLIN, only a hangup or an error makes it readable.
        guard connection.peer.wantsInput else { return drop(connection) }
        for _ in 0..<Self.readLimit {
            guard isOpen(connection), connection.peer.readOpen else { return }
            switch connection.read(subscribers: subscriberCount, now: now) {
            case .drained: return
            case .failed: return drop(connection)
            case .received(let reaction):
                react(reaction, of: connection, into: &requests)
            case .ended(let reaction):
                react(reaction, of: connection, into: &requests)
                watchEvents(of: connection)
            }
        }
    }

    private func react(
        _ reaction: ControlPeer.Reaction, of connection: ControlConnection,
        into requests: inout [ControlRequest]
    ) {
        switch reaction {
        case .waiting:
            return
        case .close:
            drop(connection)
        case .refused(let refusal):
            if let line = refusal.log { log.info(line) }
            flush(connection)
        case .subscribed:
            log.info("buoy msg subscribe: \(subscriberCount) subscribers")
            flush(connection)
        case .request(let message):
            log.debug("control socket: \(message.words.joined(separator: " "))")
            watchEvents(of: connection)
            requests.append(ControlRequest(message: message, connection: connection, server: self))
        }
    }

    /// Writes what the socket takes without waiting (it is non-blocking),
    /// and closes the connection once its reply is written.
    private func flush(_ connection: ControlConnection) {
        guard isOpen(connection) else { return }
        guard connection.flush(), !connection.peer.isDone else { return drop(connection) }
        watchEvents(of: connection)
    }

    private func watchEvents(of connection: ControlConnection) {
        guard isOpen(connection) else { return }
        loop?.watch(connection.fd, events: connection.events)
    }
}

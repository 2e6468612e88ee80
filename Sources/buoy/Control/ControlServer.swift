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

import BuoyCore
import BuoyWayland
import CLinux
import Glibc
import SystemCalls

/// Why the control socket could not be set up.
enum ControlServerError: Error, Equatable, CustomStringConvertible {
    /// Another instance answers on the socket.
    case alreadyRunning(path: String)
    /// The path does not fit in a unix socket address.
    case pathTooLong(path: String, limit: Int)
    /// Something that is not a socket is in the way; buoy does not delete it.
    case notASocket(path: String)
    /// A system call failed: what buoy tried, and errno.
    case system(String, path: String, errno: Int32)

    var description: String {
        switch self {
        case .alreadyRunning(let path):
            return "already running on this display (it answers on \(path)); use --replace to replace it"
        case .pathTooLong(let path, let limit):
            return "the control socket path \(path) is longer than \(limit) bytes"
        case .notASocket(let path):
            return "\(path) exists and is not a socket; remove it to let buoy listen there"
        case .system(let action, let path, let errno):
            return "cannot \(action) \(path): \(String(cString: strerror(errno)))"
        }
    }
}

/// The listening end of the control socket and every connection on it.
/// Nothing here waits: each connection is non-blocking and in the event
/// loop's poll, with its own buffers and deadline, and `update` takes what
/// the wakeup says is ready.
final class ControlServer {
    /// The longest request line, newline included.
    static let requestLimit = 4096
    /// How long a peer has to send its request line, and to take its reply:
    /// a silent one (`nc -U` left open, a crashed script) is dropped then.
    static let timeout = 2.0
    /// Connections accepted per wakeup; more wait for the next one (the
    /// listening socket stays readable), so a flood cannot stall the loop.
    static let acceptLimit = 16
    /// Open connections at most; past it, new ones are closed at once.
    static let connectionLimit = 64
    /// How far a subscriber may fall behind, beyond what the kernel holds,
    /// before it is dropped.
    static let subscriberBacklog = 64 * 1024

    /// The listening socket; -1 once closed.
    private(set) var fd: Int32
    let path: String
    private let log: Logger
    /// The socket file this server created, to never unlink a successor's.
    private let identity: FileIdentity
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

    /// Listens on `path`. A socket file left by an instance that died is
    /// replaced; a live instance there is `.alreadyRunning`.
    init(path: String, log: Logger) throws(ControlServerError) {
        self.path = path
        self.log = log
        let limit = Int(buoy_unix_path_max())
        guard path.utf8.count <= limit else { throw .pathTooLong(path: path, limit: limit) }
        let fd = buoy_unix_socket()
        guard fd >= 0 else { throw .system("create a socket for", path: path, errno: errno) }
        do throws(ControlServerError) {
            identity = try Self.bind(fd, to: path, log: log)
            guard listen(fd, 16) == 0 else {
                let error = errno
                unlink(path)
                throw ControlServerError.system("listen on", path: path, errno: error)
            }
        } catch {
            Glibc.close(fd)
            throw error
        }
        self.fd = fd
        log.info("listening for buoy msg on \(path)")
    }

    deinit { close() }

    /// Puts the listening socket, and from now on every connection, in `loop`'s poll.
    func start(on loop: EventLoop) {
        self.loop = loop
        if fd >= 0 { loop.watch(fd) }
    }

    /// Closes every connection, stops listening and removes the socket
    /// file, unless another instance has replaced it since.
    func close() {
        for connection in Array(connections.values) { drop(connection) }
        guard fd >= 0 else { return }
        loop?.unwatch(fd)
        if FileIdentity(path) == identity { unlink(path) }
        Glibc.close(fd)
        fd = -1
    }

    /// The earliest time a connection is given up: the app folds it into
    /// the loop's timer.
    var deadline: Double? {
        connections.values.compactMap(\.deadline).min()
    }

    var subscriberCount: Int { connections.values.filter { $0.phase == .subscribed }.count }

    /// Takes one wakeup: reads what arrived, writes what can be written,
    /// accepts new connections and drops the ones past their deadline.
    /// Peers of another user, unparsable requests and `subscribe` are
    /// handled here; the other requests are returned for the app to carry
    /// out and `reply` to.
    func update(_ wakeup: Wakeup, now: Double) -> [ControlRequest] {
        guard fd >= 0 else { return [] }
        var requests: [ControlRequest] = []
        for ready in wakeup.writable {
            if let connection = connections[ready] { flush(connection, now: now) }
        }
        for ready in wakeup.readable {
            if let connection = connections[ready] { service(connection, now: now, into: &requests) }
        }
        if wakeup.readable.contains(fd) { accept(now: now, into: &requests) }
        for connection in Array(connections.values) {
            guard let deadline = connection.deadline, now >= deadline else { continue }
            log.info(
                connection.phase == .reading
                    ? "control socket: dropped a peer that sent no request within \(Self.timeout) s"
                    : "control socket: dropped a peer that did not take its reply within \(Self.timeout) s")
            drop(connection)
        }
        return requests
    }

    /// Sends `event` to every subscriber, at once; one that has fallen too
    /// far behind is dropped.
    func publish(_ event: ButtonEvent) {
        let subscribers = connections.values.filter { $0.phase == .subscribed }
        guard !subscribers.isEmpty else { return }
        let line = Array((event.json + "\n").utf8)
        for subscriber in subscribers {
            guard subscriber.outgoing.enqueue(line) else {
                log.info("control socket: dropped a subscriber that stopped reading")
                drop(subscriber)
                continue
            }
            flush(subscriber, now: monotonicNow())
        }
    }

    private func accept(now: Double, into requests: inout [ControlRequest]) {
        for _ in 0..<Self.acceptLimit {
            let descriptor = buoy_unix_accept(fd)
            if descriptor < 0 {
                let error = errno
                if error == EAGAIN || error == EWOULDBLOCK { break }
                // The client gave up between connect and accept: try the next.
                if error == ECONNABORTED { continue }
                log.warning("control socket: cannot accept: \(String(cString: strerror(error)))")
                break
            }
            guard connections.count < Self.connectionLimit else {
                log.warning("control socket: \(Self.connectionLimit) connections open; closing a new one")
                Glibc.close(descriptor)
                continue
            }
            let peer = buoy_peer_uid(descriptor)
            let refused = peer != Int64(getuid())
            if refused { log.warning("control socket: refused a connection from uid \(peer)") }
            let connection = ControlConnection(
                fd: descriptor, refused: refused, requestLimit: Self.requestLimit,
                deadline: now + Self.timeout)
            connections[descriptor] = connection
            loop?.watch(descriptor, events: Int16(POLLIN))
            // A client writes its request right after connecting; it is
            // often here already.
            service(connection, now: now, into: &requests)
        }
    }

    /// Reads what `connection` sent; a hangup or error drops it.
    private func service(_ connection: ControlConnection, now: Double, into requests: inout [ControlRequest])
    {
        // Polled without POLLIN (its request is with the app, or the peer
        // has shut its end), only a hangup or an error makes it readable.
        if connection.phase != .reading, !connection.readOpen || connection.phase == .awaiting {
            return drop(connection)
        }
        var chunk = [UInt8](repeating: 0, count: 4096)
        // Bounded, so that a peer that keeps writing cannot hold the loop.
        for _ in 0..<16 {
            guard connections[connection.fd] === connection, connection.readOpen else { return }
            let count: Int
            do {
                count = try FileDescriptor(socket: connection.fd).read(into: &chunk)
            } catch .wouldBlock {
                return
            } catch {
                return drop(connection)
            }
            if count > 0 {
                // After the request line, what a peer sends is ignored.
                guard connection.phase == .reading else { continue }
                let outcome = connection.framer.append(chunk[0..<count])
                take(outcome, from: connection, now: now, into: &requests)
                continue
            }
            // EOF: the peer has shut its end for writing, and may still read.
            connection.readOpen = false
            if connection.phase == .reading {
                take(connection.framer.end(), from: connection, now: now, into: &requests)
            }
            watchEvents(of: connection)
        }
    }

    private func take(
        _ outcome: RequestFramer.Outcome, from connection: ControlConnection, now: Double,
        into requests: inout [ControlRequest]
    ) {
        switch outcome {
        case .incomplete: return
        case .closed:
            // A client that only probed whether buoy runs.
            drop(connection)
        case .tooLong(let limit):
            log.info("control socket: request longer than \(limit) bytes")
            send("error: request longer than \(limit) bytes\n", on: connection, now: now)
        case .line(let line):
            if connection.refused { return send("error: permission denied\n", on: connection, now: now) }
            switch ControlMessage.parse(Self.words(line)) {
            case .failure(let error):
                log.info("control socket: bad request: \(error.message)")
                send("error: \(error.message)\n", on: connection, now: now)
            case .success(let message) where message.command == .subscribe:
                if message.button != nil {
                    let error = ControlTargetError.takesNoButton(
                        command: ControlCommandName.subscribe.rawValue)
                    return send("error: \(error.message)\n", on: connection, now: now)
                }
                log.info("buoy msg subscribe: \(subscriberCount + 1) subscribers")
                connection.phase = .subscribed
                connection.deadline = nil
                connection.outgoing = OutgoingBuffer(limit: Self.subscriberBacklog)
                _ = connection.outgoing.enqueue(Array("ok\n".utf8))
                flush(connection, now: now)
            case .success(let message):
                log.debug("control socket: \(message.words.joined(separator: " "))")
                connection.phase = .awaiting
                connection.deadline = nil
                watchEvents(of: connection)
                requests.append(ControlRequest(message: message, connection: connection, server: self))
            }
        }
    }

    /// Queues a reply, writes what the socket takes now, and closes the
    /// connection once it is all written.
    fileprivate func send(_ text: String, on connection: ControlConnection, now: Double) {
        guard connections[connection.fd] === connection, connection.phase != .replying else { return }
        connection.phase = .replying
        connection.deadline = now + Self.timeout
        connection.outgoing = OutgoingBuffer(limit: Int.max)
        _ = connection.outgoing.enqueue(Array(text.utf8))
        flush(connection, now: now)
    }

    /// Writes what the socket takes without waiting (it is non-blocking).
    private func flush(_ connection: ControlConnection, now: Double) {
        guard connections[connection.fd] === connection else { return }
        while !connection.outgoing.isEmpty {
            let sent: Int
            do {
                sent = try FileDescriptor(socket: connection.fd).write(connection.outgoing.pending)
            } catch .wouldBlock {
                break
            } catch {
                return drop(connection)
            }
            connection.outgoing.consume(sent)
        }
        if connection.outgoing.isEmpty, connection.phase == .replying { return drop(connection) }
        watchEvents(of: connection)
    }

    /// Polls for what `connection` waits for: its request, room for what
    /// it has to write, or (with 0) only a hangup.
    private func watchEvents(of connection: ControlConnection) {
        guard connections[connection.fd] === connection else { return }
        var events: Int16 = 0
        if connection.readOpen && connection.phase != .awaiting { events |= Int16(POLLIN) }
        if !connection.outgoing.isEmpty { events |= Int16(POLLOUT) }
        loop?.watch(connection.fd, events: events)
    }

    /// Closes a connection and forgets it; a request still waiting for its
    /// reply gets none.
    fileprivate func drop(_ connection: ControlConnection) {
        guard connections[connection.fd] === connection else { return }
        connections[connection.fd] = nil
        loop?.unwatch(connection.fd)
        Glibc.close(connection.fd)
        connection.phase = .closed
    }

    /// A request line's words. Tabs, repeated spaces and a CR before the
    /// newline are tolerated for hand-written clients (socat, nc).
    private static func words(_ line: [UInt8]) -> [String] {
        String(decoding: line, as: UTF8.self).unicodeScalars
            .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            .map { String(String.UnicodeScalarView($0)) }
    }

    /// Binds `fd` at `path` with mode 0600. When the path is taken, probes
    /// it: a live server is `.alreadyRunning`, a dead one's socket is removed.
    private static func bind(_ fd: Int32, to path: String, log: Logger) throws(ControlServerError)
        -> FileIdentity
    {
        var attempts = 0
        while true {
            attempts += 1
            // umask, not a chmod after bind, so the socket is never reachable
            // with wider permissions. buoy has one thread; nothing races it.
            let oldMask = umask(0o177)
            let result = buoy_unix_bind(fd, path)
            let error = errno
            umask(oldMask)
            if result == 0 {
                chmod(path, 0o600)
                guard let identity = FileIdentity(path) else {
                    throw .system("stat", path: path, errno: errno)
                }
                return identity
            }
            guard error == EADDRINUSE, attempts < 3 else {
                throw .system("bind to", path: path, errno: error)
            }
            guard FileIdentity.isSocket(path) ?? true else { throw .notASocket(path: path) }
            switch UnixSocket.probe(path) {
            case .answers:
                throw .alreadyRunning(path: path)
            case .absent:
                continue
            case .refused:
                log.info("removing the stale control socket \(path)")
                if unlink(path) != 0 && errno != ENOENT {
                    throw .system("remove the stale socket", path: path, errno: errno)
                }
            case .failed(let error):
                throw .system("connect to", path: path, errno: error)
            }
        }
    }
}

/// One peer of the control socket: what it has sent so far, where it is in
/// its exchange, and what waits to be written to it.
final class ControlConnection {
    enum Phase: Equatable {
        /// Its request line is still coming.
        case reading
        /// The request is with the app, which has not replied yet.
        case awaiting
        /// The reply is being written; the connection closes after it.
        case replying
        /// `subscribe`: event lines are written to it until it goes away.
        case subscribed
        case closed
    }

    let fd: Int32
    /// A peer of another user: whatever it asks is answered with an error.
    let refused: Bool
    var phase = Phase.reading
    var framer: RequestFramer
    var outgoing = OutgoingBuffer(limit: 0)
    /// When it is given up; nil while the app or a subscription holds it.
    var deadline: Double?
    /// False once the peer has shut its end for writing.
    var readOpen = true

    init(fd: Int32, refused: Bool, requestLimit: Int, deadline: Double) {
        self.fd = fd
        self.refused = refused
        self.framer = RequestFramer(limit: requestLimit)
        self.deadline = deadline
    }
}

/// A request waiting for its reply; its client waits until `reply` or until
/// this object goes away (which closes the connection without an answer).
final class ControlRequest {
    let message: ControlMessage
    private let connection: ControlConnection
    private weak var server: ControlServer?
    private var replied = false

    init(message: ControlMessage, connection: ControlConnection, server: ControlServer) {
        self.message = message
        self.connection = connection
        self.server = server
    }

    deinit {
        if !replied { server?.drop(connection) }
    }

    /// Queues the status line (`ok`, `ok: message` or `error: message`) and
    /// the payload, written without waiting; the connection closes once they
    /// are written. Only the first call counts. A client that has gone away
    /// is ignored.
    func reply(ok: Bool, message: String? = nil, payload: String? = nil) {
        guard !replied else { return }
        replied = true
        var text: String
        if ok {
            text = message.map { "ok: " + Self.oneLine($0) } ?? "ok"
        } else {
            text = "error: " + Self.oneLine(message ?? "failed")
        }
        text += "\n"
        if let payload, !payload.isEmpty {
            text += payload
            if !payload.hasSuffix("\n") { text += "\n" }
        }
        server?.send(text, on: connection, now: monotonicNow())
    }

    /// Answers with config diagnostics, one line each (path:line:col:
    /// message, without the source line and caret): failed with the first
    /// error as the status line and the rest as the payload, or ok with the
    /// warnings as the payload.
    func reply(ok: Bool, diagnostics: [String]) {
        let lines = diagnostics.flatMap {
            $0.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map(String.init)
        }
        if ok {
            reply(ok: true, payload: lines.joined(separator: "\n"))
        } else {
            reply(ok: false, message: lines.first, payload: lines.dropFirst().joined(separator: "\n"))
        }
    }

    private static func oneLine(_ message: String) -> String {
        String(
            String.UnicodeScalarView(message.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
    }
}

/// Which file a path names: its device and inode.
struct FileIdentity: Equatable {
    var device: dev_t
    var inode: ino_t

    /// The identity of `path` itself (not a symlink's target), or nil.
    init?(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        device = info.st_dev
        inode = info.st_ino
    }

    /// Whether `path` is a socket; nil when it cannot be examined.
    static func isSocket(_ path: String) -> Bool? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT == S_IFSOCK
    }
}

/// The unix-socket calls the server and the client share. Descriptors are
/// non-blocking; every wait is a poll bounded by a CLOCK_MONOTONIC deadline.
enum UnixSocket {
    enum Probe: Equatable {
        /// A server accepted the connection (or has a full backlog).
        case answers
        /// No file at the path.
        case absent
        /// A socket file nobody listens on: its server died.
        case refused
        case failed(Int32)
    }

    enum ReadError: Error, Equatable, CustomStringConvertible {
        /// EOF before any byte.
        case closed
        case tooLong(limit: Int)
        case timedOut
        case failed(Int32)

        var description: String {
            switch self {
            case .closed: return "the connection closed before a request"
            case .tooLong(let limit): return "request longer than \(limit) bytes"
            case .timedOut: return "timed out waiting for the request"
            case .failed(let error): return "cannot read the request: \(String(cString: strerror(error)))"
            }
        }
    }

    /// A connected socket. A full backlog is retried until `deadline` (then
    /// ETIMEDOUT).
    static func connect(_ path: String, deadline: Double) -> Result<Int32, Errno> {
        let fd = buoy_unix_socket()
        guard fd >= 0 else { return .failure(.current) }
        while true {
            if buoy_unix_connect(fd, path) == 0 { return .success(fd) }
            let error = errno
            guard error == EAGAIN, monotonicNow() < deadline else {
                Glibc.close(fd)
                return .failure(error == EAGAIN ? .timedOut : Errno(rawValue: error))
            }
            poll(nil, 0, 10)
        }
    }

    /// Whether a server answers on `path`, without sending it anything.
    static func probe(_ path: String) -> Probe {
        let fd = buoy_unix_socket()
        guard fd >= 0 else { return .failed(errno) }
        defer { Glibc.close(fd) }
        if buoy_unix_connect(fd, path) == 0 { return .answers }
        switch errno {
        case EAGAIN: return .answers
        case ENOENT: return .absent
        case ECONNREFUSED: return .refused
        case let error: return .failed(error)
        }
    }

    /// Writes all of `bytes`, waiting for room until `deadline` (then
    /// ETIMEDOUT). A peer that has gone away is EPIPE, never a SIGPIPE.
    static func sendAll(_ fd: Int32, bytes: [UInt8], deadline: Double) throws(Errno) {
        try FileDescriptor(socket: fd).writeAll(bytes) { () throws(Errno) in
            guard wait(fd, for: Int16(POLLOUT), deadline: deadline) else { throw Errno.timedOut }
        }
    }

    /// Reads until EOF, or until `complete` says what was read is enough (a
    /// peer that keeps the connection open). A reset after data counts as
    /// EOF: a server that closes without reading the request (a refused
    /// peer) resets the connection once its reply has been read.
    static func readAll(
        _ fd: Int32, limit: Int, deadline: Double, complete: ([UInt8]) -> Bool = { _ in false }
    ) -> Result<[UInt8], ReadError> {
        let socket = FileDescriptor(socket: fd)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !complete(bytes) {
            do throws(Errno) {
                let count = try socket.read(into: &chunk)
                if count == 0 { return .success(bytes) }
                bytes += chunk[0..<count]
                if bytes.count > limit { return .failure(.tooLong(limit: limit)) }
            } catch .connectionReset {
                return .success(bytes)
            } catch .wouldBlock {
                guard wait(fd, for: Int16(POLLIN), deadline: deadline) else { return .failure(.timedOut) }
            } catch {
                return .failure(.failed(error.rawValue))
            }
        }
        return .success(bytes)
    }

    /// Polls `fd` until `events` (or an error/hangup) or the deadline; false
    /// when the deadline passed.
    private static func wait(_ fd: Int32, for events: Int16, deadline: Double) -> Bool {
        while true {
            let remaining = deadline - monotonicNow()
            guard remaining > 0 else { return false }
            var entry = pollfd(fd: fd, events: events, revents: 0)
            let ready = poll(&entry, 1, Int32((remaining * 1000).rounded(.up)))
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { return true }  // let the next call report the error
        }
    }
}

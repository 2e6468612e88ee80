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
// Everything runs on buoy's one thread: the listening socket is part of the
// event loop's poll, and a request line, which a client writes right after
// connecting, is waited for at most 200 ms per wakeup.

import BuoyCore
import BuoyWayland
import CLinux
import Glibc

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
            return "buoy is already running (it answers on \(path)); use --replace to replace it"
        case .pathTooLong(let path, let limit):
            return "the control socket path \(path) is longer than \(limit) bytes"
        case .notASocket(let path):
            return "\(path) exists and is not a socket; remove it to let buoy listen there"
        case .system(let action, let path, let errno):
            return "cannot \(action) \(path): \(String(cString: strerror(errno)))"
        }
    }
}

/// The listening end of the control socket. The app polls `fd` and calls
/// `acceptRequests` when it is readable.
final class ControlServer {
    /// The longest request line, newline included.
    static let requestLimit = 4096
    /// How long one `acceptRequests` call waits, in all, for request lines.
    static let readBudget = 0.2
    /// Connections served per call; more wait for the next wakeup (the
    /// listening socket stays readable), so a flood cannot stall the loop.
    static let acceptLimit = 16

    /// The listening socket; -1 once closed.
    private(set) var fd: Int32
    let path: String
    private let log: Logger
    /// The socket file this server created, to never unlink a successor's.
    private let identity: FileIdentity

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

    /// Stops listening and removes the socket file, unless another instance
    /// has replaced it since.
    func close() {
        guard fd >= 0 else { return }
        if FileIdentity(path) == identity { unlink(path) }
        Glibc.close(fd)
        fd = -1
    }

    /// Accepts the pending connections and reads their requests. Peers of
    /// another user and unparsable requests are answered here; the rest are
    /// returned for the app to carry out and `reply` to.
    func acceptRequests() -> [ControlRequest] {
        guard fd >= 0 else { return [] }
        var requests: [ControlRequest] = []
        let deadline = monotonicNow() + Self.readBudget
        for _ in 0..<Self.acceptLimit {
            let connection = buoy_unix_accept(fd)
            if connection < 0 {
                let error = errno
                if error == EAGAIN || error == EWOULDBLOCK { break }
                // The client gave up between connect and accept: try the next.
                if error == ECONNABORTED { continue }
                log.warning("control socket: cannot accept: \(String(cString: strerror(error)))")
                break
            }
            let peer = buoy_peer_uid(connection)
            guard peer == Int64(getuid()) else {
                log.warning("control socket: refused a connection from uid \(peer)")
                // Draining the request avoids a reset that could hide the reply.
                var scratch = [UInt8](repeating: 0, count: Self.requestLimit)
                _ = recv(connection, &scratch, scratch.count, Int32(MSG_DONTWAIT))
                ControlRequest.reply(on: connection, "error: permission denied\n")
                continue
            }
            switch UnixSocket.readLine(connection, limit: Self.requestLimit, deadline: deadline) {
            case .success(let line):
                switch ControlMessage.parse(Self.words(line)) {
                case .success(let message):
                    log.debug("control socket: \(message.words.joined(separator: " "))")
                    requests.append(ControlRequest(message: message, connection: connection))
                case .failure(let error):
                    log.info("control socket: bad request: \(error.message)")
                    ControlRequest.reply(on: connection, "error: \(error.message)\n")
                }
            case .failure(.closed):
                // A client that only probed whether buoy runs.
                Glibc.close(connection)
            case .failure(let error):
                log.info("control socket: \(error)")
                ControlRequest.reply(on: connection, "error: \(error)\n")
            }
        }
        return requests
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

/// A request waiting for its reply; its client blocks until `reply` or until
/// this object goes away (which closes the connection without an answer).
final class ControlRequest {
    let message: ControlMessage
    private var connection: Int32

    init(message: ControlMessage, connection: Int32) {
        self.message = message
        self.connection = connection
    }

    deinit {
        if connection >= 0 { Glibc.close(connection) }
    }

    /// Sends the status line (`ok`, `ok: message` or `error: message`) and
    /// the payload, then closes the connection. Only the first call counts.
    /// A client that has gone away is ignored.
    func reply(ok: Bool, message: String? = nil, payload: String? = nil) {
        guard connection >= 0 else { return }
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
        Self.reply(on: connection, text)
        connection = -1
    }

    /// Writes `text` within a short deadline and closes `connection`.
    fileprivate static func reply(on connection: Int32, _ text: String) {
        _ = UnixSocket.sendAll(connection, text, deadline: monotonicNow() + 0.2)
        Glibc.close(connection)
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

    /// A failed call's errno.
    struct Errno: Error, Equatable {
        var code: Int32
    }

    /// A connected socket. A full backlog is retried until `deadline` (then
    /// ETIMEDOUT).
    static func connect(_ path: String, deadline: Double) -> Result<Int32, Errno> {
        let fd = buoy_unix_socket()
        guard fd >= 0 else { return .failure(Errno(code: errno)) }
        while true {
            if buoy_unix_connect(fd, path) == 0 { return .success(fd) }
            let error = errno
            guard error == EAGAIN, monotonicNow() < deadline else {
                Glibc.close(fd)
                return .failure(Errno(code: error == EAGAIN ? ETIMEDOUT : error))
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

    /// Writes all of `text`; returns 0 or errno. MSG_NOSIGNAL: a peer that
    /// has gone away is EPIPE, never a SIGPIPE that would kill buoy.
    static func sendAll(_ fd: Int32, _ text: String, deadline: Double) -> Int32 {
        var text = text
        return text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let sent = send(fd, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                if sent >= 0 {
                    offset += sent
                    continue
                }
                let error = errno
                if error == EINTR { continue }
                guard error == EAGAIN || error == EWOULDBLOCK else { return error }
                guard wait(fd, for: Int16(POLLOUT), deadline: deadline) else { return ETIMEDOUT }
            }
            return 0
        }
    }

    /// Reads up to the first newline (excluded). EOF after some bytes ends
    /// the line too.
    static func readLine(_ fd: Int32, limit: Int, deadline: Double) -> Result<[UInt8], ReadError> {
        var line: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: limit)
        while true {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count > 0 {
                line += chunk[0..<count]
                if let newline = line.firstIndex(of: UInt8(ascii: "\n")) {
                    return newline < limit
                        ? .success(Array(line[..<newline])) : .failure(.tooLong(limit: limit))
                }
                if line.count >= limit { return .failure(.tooLong(limit: limit)) }
                continue
            }
            if count == 0 { return line.isEmpty ? .failure(.closed) : .success(line) }
            let error = errno
            if error == EINTR { continue }
            guard error == EAGAIN || error == EWOULDBLOCK else { return .failure(.failed(error)) }
            guard wait(fd, for: Int16(POLLIN), deadline: deadline) else { return .failure(.timedOut) }
        }
    }

    /// Reads until EOF. A reset after data counts as EOF: a server that closes
    /// without reading the request (a refused peer) resets the connection
    /// once its reply has been read.
    static func readAll(_ fd: Int32, limit: Int, deadline: Double) -> Result<[UInt8], ReadError> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count > 0 {
                bytes += chunk[0..<count]
                if bytes.count > limit { return .failure(.tooLong(limit: limit)) }
                continue
            }
            if count == 0 { return .success(bytes) }
            let error = errno
            if error == EINTR { continue }
            if error == ECONNRESET { return .success(bytes) }
            guard error == EAGAIN || error == EWOULDBLOCK else { return .failure(.failed(error)) }
            guard wait(fd, for: Int16(POLLIN), deadline: deadline) else { return .failure(.timedOut) }
        }
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

import BuoyCommandLine
import BuoyCore
import BuoyDrawing
import BuoyWayland
import CLinux
import Glibc
import SystemCalls

/// Why a command got no answer from the running instance.
enum MessageError: Error, Equatable, CustomStringConvertible {
    /// XDG_RUNTIME_DIR is unset, so there is no socket to look for.
    case noRuntimeDirectory
    /// No socket at `path` (`stale` false), or a socket nobody listens on.
    case notRunning(path: String, stale: Bool)
    /// The socket belongs to another user (connect failed with EACCES).
    case permissionDenied(path: String)
    /// The server on `path` runs as another user (SO_PEERCRED): not this
    /// user's buoy, so nothing is sent to it or taken from it.
    case otherUser(path: String, uid: Int64)
    case timedOut(seconds: Double)
    /// The instance closed the connection without a status line, or sent
    /// something that is not one.
    case badReply(String)
    /// A system call failed: what buoy tried, and errno.
    case system(String, errno: Int32)

    var description: String {
        switch self {
        case .noRuntimeDirectory:
            return "XDG_RUNTIME_DIR is not set, so there is no control socket to find"
        case .notRunning(let path, let stale):
            let why = stale ? "nothing listens on \(path)" : "no socket at \(path)"
            return "no running buoy on \(ControlServer.displayName) (\(why))"
        case .permissionDenied(let path):
            return "permission denied: \(path) belongs to another user"
        case .otherUser(let path, let uid):
            return "refusing \(path): its server runs as uid \(uid), not as this user (uid \(getuid()))"
        case .timedOut(let seconds):
            let shown = seconds == seconds.rounded() ? "\(Int(seconds))" : "\(seconds)"
            return "no reply from the running buoy within \(shown) s"
        case .badReply(let why):
            return why
        case .system(let action, let errno):
            return "cannot \(action): \(String(cString: strerror(errno)))"
        }
    }
}

/// `buoy msg <command>`: one request to the running instance over the
/// control socket (the protocol is described in ControlServer.swift).
enum MessageClient {
    /// How long `buoy msg` waits for the whole exchange.
    static let timeout = 2.0
    /// `menu` is answered once the menu has opened, which waits for the
    /// child drawing it (given up after `MenuArtist.timeoutSeconds`).
    static let menuTimeout = MenuArtist.timeoutSeconds + timeout
    /// Far above any reply (the state is a few hundred bytes).
    static let replyLimit = 1 << 20

    /// Runs `buoy msg` with the words after `msg`; returns the exit status:
    /// 0 for `ok`, 1 for an error reply or no instance, 2 for a usage error.
    static func run(_ words: [String]) -> Int32 {
        if words == ["--help"] || words == ["-h"] {
            print(Invocation.messageUsage)
            return 0
        }
        if words.isEmpty {
            printError(Invocation.messageUsage)
            return 2
        }
        let message: ControlMessage
        switch ControlMessage.parse(words) {
        case .success(let parsed): message = parsed
        case .failure(let error):
            printError("buoy: \(error.message)")
            return error.isUsage ? 2 : 1
        }
        guard let path = ControlServer.socketPath() else {
            printError("buoy: \(MessageError.noRuntimeDirectory)")
            return 1
        }
        if message.command == .subscribe { return subscribe(message, path: path) }
        switch send(message, path: path, timeout: message.command.name == .menu ? menuTimeout : timeout) {
        case .failure(let error):
            printError("buoy: \(error)")
            return 1
        case .success(let reply) where message.command == .reload:
            // The config's diagnostics: the first error is the status line,
            // the others and the warnings the payload.
            if !reply.ok { printError("buoy: \(reply.message ?? "failed")") }
            writeOut(reply.payload, to: .standardError)
            return reply.ok ? 0 : 1
        case .success(let reply):
            writeOut(reply.payload)
            if reply.ok {
                if let message = reply.message { printError("buoy: \(message)") }
                return 0
            }
            printError("buoy: \(reply.message ?? "failed")")
            return 1
        }
    }

    /// Sends `message` to the instance listening on `path` and waits at most
    /// `timeout` seconds, in all, for its reply: whether it was `ok`, the
    /// status line's message, and the payload lines (empty when none).
    static func send(_ message: ControlMessage, path: String, timeout: Double) -> Result<
        (ok: Bool, message: String?, payload: String), MessageError
    > {
        let deadline = monotonicNow() + timeout
        let fd: Int32
        switch connect(path, deadline: deadline) {
        case .success(let connected): fd = connected
        case .failure(let error): return .failure(error)
        }
        defer { try? FileDescriptor(rawValue: fd).close() }
        if let error = sendRequest(message, fd: fd, path: path, deadline: deadline) { return .failure(error) }
        switch UnixSocket.readAll(fd, limit: replyLimit, deadline: deadline) {
        case .success(let bytes): return parseReply(bytes)
        case .failure(.timedOut): return .failure(.timedOut(seconds: timeout))
        case .failure(.tooLong(let limit)): return .failure(.badReply("a reply longer than \(limit) bytes"))
        case .failure(.failed(let error)): return .failure(.system("read from \(path)", errno: error))
        case .failure(.closed): return parseReply([])
        }
    }

    /// For `buoy --replace`: asks the instance on `path` to quit and waits,
    /// up to `timeout` seconds in all, until nothing answers there any more.
    /// Succeeds at once when no instance runs.
    static func stopRunning(path: String, timeout: Double) -> Result<Void, MessageError> {
        let deadline = monotonicNow() + timeout
        switch send(ControlMessage(command: .quit), path: path, timeout: timeout) {
        case .failure(.notRunning): return .success(())
        case .failure(let error): return .failure(error)
        case .success(let reply) where !reply.ok:
            return .failure(.badReply("the running buoy refused to quit: \(reply.message ?? "failed")"))
        case .success: break
        }
        while monotonicNow() < deadline {
            switch UnixSocket.probe(path) {
            case .absent, .refused: return .success(())
            case .answers, .failed: poll(nil, 0, 20)
            }
        }
        return .failure(.timedOut(seconds: timeout))
    }

    /// Splits a reply into its status line and payload (`ControlReply`).
    static func parseReply(_ bytes: [UInt8]) -> Result<
        (ok: Bool, message: String?, payload: String), MessageError
    > {
        switch ControlReply.parse(bytes) {
        case .success(let reply): return .success((reply.ok, reply.message, reply.payload))
        case .failure(let why): return .failure(.badReply(why.message))
        }
    }

    /// `buoy msg subscribe`: copies the event lines to stdout as they come,
    /// until the instance closes the connection (it exited: status 0) or
    /// stdout is closed. This process may block; buoy never waits for it.
    static func subscribe(_ message: ControlMessage, path: String) -> Int32 {
        let fd: Int32
        switch connect(path, deadline: monotonicNow() + timeout) {
        case .success(let connected): fd = connected
        case .failure(let error):
            printError("buoy: \(error)")
            return 1
        }
        defer { try? FileDescriptor(rawValue: fd).close() }
        if let error = sendRequest(message, fd: fd, path: path, deadline: monotonicNow() + timeout) {
            printError("buoy: \(error)")
            return 1
        }
        var status: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        // The status line comes at once, within `state`'s limits; events may take hours.
        let statusDeadline = monotonicNow() + timeout
        while true {
            let waiting = status.last != UInt8(ascii: "\n")
            if waiting, status.count > replyLimit {
                printError("buoy: \(MessageError.badReply("a reply longer than \(replyLimit) bytes"))")
                return 1
            }
            var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let left = statusDeadline - monotonicNow()
            let ready =
                waiting
                ? (left > 0 ? poll(&entry, 1, Int32((left * 1000).rounded(.up))) : 0) : poll(&entry, 1, -1)
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 {
                printError("buoy: \(MessageError.timedOut(seconds: timeout))")
                return 1
            }
            let count: Int
            do {
                count = try FileDescriptor(socket: fd).read(into: &chunk)
            } catch .wouldBlock {
                continue
            } catch {
                count = 0
            }
            if count == 0 {
                if status.last == UInt8(ascii: "\n") { return 0 }
                printError(
                    "buoy: \(MessageError.badReply("the running buoy closed the connection without replying"))"
                )
                return 1
            }
            var bytes = chunk[0..<count]
            if status.last != UInt8(ascii: "\n") {
                let newline = bytes.firstIndex(of: UInt8(ascii: "\n"))
                status += bytes[..<(newline.map { $0 + 1 } ?? bytes.endIndex)]
                guard let newline else { continue }
                bytes = bytes[(newline + 1)...]
                switch parseReply(status) {
                case .failure(let error):
                    printError("buoy: \(error)")
                    return 1
                case .success(let reply) where !reply.ok:
                    printError("buoy: \(reply.message ?? "failed")")
                    return 1
                case .success: break
                }
            }
            guard writeOut(String(decoding: bytes, as: UTF8.self)) else { return 0 }
        }
    }

    /// Sends `message`'s request line: the error why not, or nil. A server
    /// that refuses this peer may close before reading the request; its
    /// reply is still there to read.
    private static func sendRequest(_ message: ControlMessage, fd: Int32, path: String, deadline: Double)
        -> MessageError?
    {
        let line = Array((message.words.joined(separator: " ") + "\n").utf8)
        do {
            try UnixSocket.sendAll(fd, bytes: line, deadline: deadline)
        } catch .brokenPipe, .connectionReset {
            return nil
        } catch .timedOut {
            return .timedOut(seconds: timeout)
        } catch {
            return .system("send to \(path)", errno: error.rawValue)
        }
        return nil
    }

    /// The socket, with the errors `send` reports; a server of another
    /// user is refused, as the server refuses a client of another user.
    private static func connect(_ path: String, deadline: Double) -> Result<Int32, MessageError> {
        switch UnixSocket.connect(path, deadline: deadline) {
        case .success(let fd):
            let uid = buoy_peer_uid(fd)
            guard uid == Int64(getuid()) else {
                try? FileDescriptor(rawValue: fd).close()
                return .failure(.otherUser(path: path, uid: uid))
            }
            return .success(fd)
        case .failure(let error):
            switch error.rawValue {
            case ENOENT: return .failure(.notRunning(path: path, stale: false))
            case ECONNREFUSED: return .failure(.notRunning(path: path, stale: true))
            case EACCES: return .failure(.permissionDenied(path: path))
            case ETIMEDOUT: return .failure(.timedOut(seconds: timeout))
            default: return .failure(.system("connect to \(path)", errno: error.rawValue))
            }
        }
    }

    /// Writes `text` to stdout (or `fd`) unbuffered, so it precedes anything
    /// on stderr; false when it cannot be written (a closed pipe).
    @discardableResult
    private static func writeOut(_ text: String, to fd: FileDescriptor = .standardOutput) -> Bool {
        do {
            try fd.writeAll(text)
            return true
        } catch {
            return false
        }
    }
}

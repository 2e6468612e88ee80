import BuoyWayland
import CLinux
import Glibc
import SystemCalls

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
                try? FileDescriptor(rawValue: fd).close()
                return .failure(error == EAGAIN ? .timedOut : Errno(rawValue: error))
            }
            poll(nil, 0, 10)
        }
    }

    /// Whether a server answers on `path`, without sending it anything.
    static func probe(_ path: String) -> Probe {
        let fd = buoy_unix_socket()
        guard fd >= 0 else { return .failed(errno) }
        defer { try? FileDescriptor(rawValue: fd).close() }
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

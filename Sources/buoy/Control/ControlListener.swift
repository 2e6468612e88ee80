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

/// The listening end of the control socket: the socket file this instance
/// made, and the connections waiting on it.
final class ControlListener {
    /// What one `accept` found.
    enum Accepted {
        case connection(Int32)
        /// No connection waits.
        case noneWaiting
        /// The client gave up between connect and accept: try the next.
        case abandoned
        case failed(Errno)
    }

    /// The listening socket; -1 once closed.
    private(set) var fd: Int32
    let path: String
    /// The socket file this instance created, to never unlink a successor's.
    private let identity: FileIdentity

    /// Listens on `path`. A socket file left by an instance that died is
    /// replaced; a live instance there is `.alreadyRunning`.
    init(path: String, log: Logger) throws(ControlServerError) {
        self.path = path
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
            try? FileDescriptor(rawValue: fd).close()
            throw error
        }
        self.fd = fd
        log.info("listening for buoy msg on \(path)")
    }

    deinit { close() }

    /// Takes one waiting connection, non-blocking like the listening socket.
    func accept() -> Accepted {
        let descriptor = buoy_unix_accept(fd)
        guard descriptor < 0 else { return .connection(descriptor) }
        switch Errno.current {
        case .wouldBlock: return .noneWaiting
        case Errno(rawValue: ECONNABORTED): return .abandoned
        case let error: return .failed(error)
        }
    }

    /// Stops listening and removes the socket file, unless another instance
    /// has replaced it since.
    func close() {
        guard fd >= 0 else { return }
        if FileIdentity(path) == identity { unlink(path) }
        try? FileDescriptor(rawValue: fd).close()
        fd = -1
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

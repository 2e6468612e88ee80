import Glibc
import SystemCalls

/// The lock that serialises a read, an edit and a write of one file: a
/// `flock` on `.NAME.lock` beside it, held while this value lives. Every
/// writer of buoy's config takes it (`buoy config`, which may wait, and
/// edit mode, which never does), so two edits at once both land, one after
/// the other. The lock file stays: removing it would let a second writer
/// lock a new file while the first still holds the old one.
public final class FileLock {
    /// Why the lock was not taken.
    public enum Failure: Error, Equatable, Sendable {
        /// Another process holds it, and `wait` passed.
        case busy
        /// The lock file cannot be opened or locked: errno's text.
        case failed(String)
    }

    private let fd: FileDescriptor

    private init(fd: FileDescriptor) { self.fd = fd }

    deinit { try? fd.close() }

    /// Locks `name` in `directory`, trying for at most `wait` seconds (0:
    /// once, which never blocks). The lock file a root process makes in
    /// someone else's directory is given to the directory's owner, so that
    /// their own writes can take it.
    public static func lock(_ name: String, in directory: String, wait: Double) -> Result<FileLock, Failure> {
        let path = "\(directory)/.\(name).lock"
        var raw = SystemPath.withCString(path) { open($0, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644) }
        if raw < 0, errno == EACCES {
            // Another user's lock file, readable: flock needs no write access.
            raw = SystemPath.withCString(path) { open($0, O_RDONLY | O_NOFOLLOW | O_CLOEXEC) }
        }
        guard raw >= 0 else { return .failure(.failed("cannot open \(path): \(Errno.current)")) }
        let lock = FileLock(fd: FileDescriptor(rawValue: raw))
        var mine = stat()
        if geteuid() == 0, fstat(raw, &mine) == 0, let home = AtomicFile.Ownership(of: directory),
            mine.st_uid != home.owner
        {
            _ = fchown(raw, home.owner, home.group)
        }
        let deadline = now() + wait
        while flock(raw, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                return .failure(.failed("cannot lock \(path): \(Errno.current)"))
            }
            guard now() < deadline else { return .failure(.busy) }
            usleep(2000)
        }
        return .success(lock)
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

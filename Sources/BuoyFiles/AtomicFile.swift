import Glibc
import SystemCalls

/// The one way buoy replaces a file (its config, the config's backup, the
/// state file): a temp file beside it, renamed into place, so that a reader
/// or a crash finds the old file or the new one, never half of either.
///
/// A temp file is named `.NAME.tmp.` and eight random hex digits, and its
/// writer holds a `flock` on it from before it has any bytes until it is
/// renamed: one left by a writer that was killed is the one nobody holds,
/// and each write removes those first (`removeStaleTemporaries`). The name
/// once held the writer's PID, which a later process could have again and
/// then find taken.
public enum AtomicFile {
    /// The mode and owner a file keeps when it is replaced.
    public struct Ownership: Equatable, Sendable {
        /// The permission bits (`st_mode & 0o7777`).
        public var mode: mode_t
        public var owner: uid_t
        public var group: gid_t

        public init(mode: mode_t, owner: uid_t, group: gid_t) {
            self.mode = mode
            self.owner = owner
            self.group = group
        }

        /// What stat(2) says of the file at `path` (through a link), or nil.
        public init?(of path: String) {
            var info = stat()
            guard SystemPath.withCString(path, { stat($0, &info) }) == 0 else { return nil }
            self.init(mode: info.st_mode & 0o7777, owner: info.st_uid, group: info.st_gid)
        }
    }

    /// Replaces `name` in `directory` with `bytes`; nil when done, or why not.
    /// A file that was there keeps `keeping`'s mode, owner and group (root
    /// editing a user's file leaves it theirs); a new one (`keeping` nil) is
    /// 0644 narrowed by the umask, the writer's. `durable` syncs the bytes to
    /// the disk before the rename, which waits for the disk: for a command,
    /// never for buoy's loop.
    public static func replace(
        _ name: String, in directory: String, with bytes: [UInt8], keeping: Ownership?, durable: Bool
    ) -> String? {
        removeStaleTemporaries(of: name, in: directory)
        let (temp, fd): (String, FileDescriptor)
        switch create(temporaryFor: name, in: directory) {
        case .success(let created): (temp, fd) = created
        case .failure(let errno): return errno.description
        }
        var problem: String?
        do {
            try fd.writeAll(bytes)
            if let keeping {
                var info = stat()
                if fstat(fd.rawValue, &info) != 0 { throw Errno.current }
                // open's mode was narrowed by the umask; the file keeps the old one.
                if fchmod(fd.rawValue, keeping.mode) != 0 { throw Errno.current }
                if (info.st_uid, info.st_gid) != (keeping.owner, keeping.group),
                    fchown(fd.rawValue, keeping.owner, keeping.group) != 0
                {
                    problem =
                        "cannot keep its owner and group (\(keeping.owner):\(keeping.group)): \(Errno.current)"
                }
            }
            if problem == nil, durable, fsync(fd.rawValue) != 0 { throw Errno.current }
        } catch {
            problem = "\(error)"
        }
        let path = directory + "/" + name
        if problem == nil,
            SystemPath.withCString(temp, { from in SystemPath.withCString(path) { rename(from, $0) } })
                != 0
        {
            problem = Errno.current.description
        }
        if problem != nil { _ = SystemPath.withCString(temp) { unlink($0) } }
        // Closing drops the lock, after the rename: until then the temp is live.
        try? fd.close()
        return problem
    }

    /// Removes the temp files of `name` in `directory` that no writer holds:
    /// this naming's, and the PID-named ones earlier versions left (the
    /// config's `.NAME.tmp.PID`, the state file's `NAME.tmp.PID`).
    public static func removeStaleTemporaries(of name: String, in directory: String) {
        let prefixes = [".\(name).tmp.", "\(name).tmp."]
        for entry in Files.names(in: directory) ?? [] where prefixes.contains(where: entry.hasPrefix) {
            let path = directory + "/" + entry
            let raw = SystemPath.withCString(path) {
                open($0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            }
            guard raw >= 0 else { continue }
            var info = stat()
            // A writer holds its temp's lock until the rename; on a file
            // system without flock (EBADF, ENOLCK), nothing is removed.
            if fstat(raw, &info) == 0, info.st_mode & S_IFMT == S_IFREG, flock(raw, LOCK_EX | LOCK_NB) == 0 {
                _ = SystemPath.withCString(path) { unlink($0) }
            }
            close(raw)
        }
    }

    /// A new temp file for `name`, locked, and its path.
    private static func create(temporaryFor name: String, in directory: String)
        -> Result<(String, FileDescriptor), Errno>
    {
        var generator = SystemRandomNumberGenerator()
        var last = Errno(rawValue: EEXIST)
        for _ in 0..<8 {
            let suffix = String(UInt32.random(in: .min ... .max, using: &generator), radix: 16)
            let temp = "\(directory)/.\(name).tmp.\(String(repeating: "0", count: 8 - suffix.count))\(suffix)"
            let raw = SystemPath.withCString(temp) {
                open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            }
            guard raw >= 0 else {
                last = Errno.current
                if last.rawValue == EEXIST { continue }
                return .failure(last)
            }
            // Held before a byte is written: a cleaner that finds the temp
            // unlocked finds it empty at worst.
            _ = flock(raw, LOCK_EX | LOCK_NB)
            return .success((temp, FileDescriptor(rawValue: raw)))
        }
        return .failure(last)
    }
}

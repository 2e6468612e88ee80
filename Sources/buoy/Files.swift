import BuoyWayland
import Glibc
import SystemCalls

/// File access for the shell: whole-file reads with a size cap, atomic
/// writes, and the XDG locations of buoy's config and state.
enum Files {
    enum ReadError: Error {
        case missing
        case unreadable(String)
        /// Longer than the limit; `head` is what was read, for the message.
        case tooLarge(limit: Int, head: [UInt8])
    }

    /// Reads at most `limit` bytes; a longer file is an error, not a truncation.
    static func read(_ path: String, limit: Int) -> Result<[UInt8], ReadError> {
        let raw = open(path, O_RDONLY | O_CLOEXEC)
        guard raw >= 0 else {
            return .failure(errno == ENOENT ? .missing : .unreadable(String(cString: strerror(errno))))
        }
        let fd = FileDescriptor(rawValue: raw)
        defer { try? fd.close() }
        var bytes: [UInt8] = []
        // Sized to the file: a fixed 64 KiB buffer would stay resident in
        // buoy's heap for a config of a few hundred bytes.
        var status = stat()
        let expected = fstat(raw, &status) == 0 ? Int(status.st_size) : 0
        var chunk = [UInt8](repeating: 0, count: min(max(expected + 1, 512), 65536, limit + 1))
        while true {
            let count: Int
            do {
                count = try chunk.withUnsafeMutableBytes { try fd.read(into: $0) }
            } catch {
                return .failure(.unreadable("\(error)"))
            }
            if count == 0 { return .success(bytes) }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit {
                return .failure(.tooLarge(limit: limit, head: Array(bytes.prefix(4096))))
            }
        }
    }

    /// Whether `path` is a regular file this process may read. A FIFO or a
    /// device would block or never end a read.
    static func isReadableRegularFile(_ path: String) -> Bool {
        isReadable(path, kind: S_IFREG)
    }

    private static func isReadable(_ path: String, kind: mode_t) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == kind else { return false }
        return access(path, R_OK) == 0
    }

    /// Replaces `path` with `contents` atomically: a temp file in the same
    /// directory, then a rename. If buoy is killed, the old file or the new
    /// one is there. There is no fsync, which would hold the loop for as
    /// long as the disk takes: after a power cut the file may come back
    /// empty, which reads as no saved place.
    static func writeAtomically(_ contents: String, to path: String) -> Bool {
        let temp = "\(path).tmp.\(getpid())"
        let raw = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard raw >= 0 else { return false }
        let fd = FileDescriptor(rawValue: raw)
        var ok = true
        do {
            try fd.writeAll(contents)
        } catch {
            ok = false
        }
        try? fd.close()
        guard ok, rename(temp, path) == 0 else {
            unlink(temp)
            return false
        }
        return true
    }

    /// Removes temp files that `writeAtomically(_:to: path)` left behind
    /// when a process was killed between creating and renaming them; one
    /// whose writer is still alive is left alone.
    static func removeStaleTemporaries(of path: String) {
        let directory = directory(of: path)
        let prefix = baseName(of: path) + ".tmp."
        for name in names(in: directory) ?? [] {
            guard name.hasPrefix(prefix), let pid = Int32(name.dropFirst(prefix.count)) else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(directory + "/" + name) }
        }
    }

    /// The names in `directory` (without `.` and `..`); nil if it cannot be
    /// read.
    static func names(in directory: String) -> [String]? {
        guard let stream = opendir(directory) else { return nil }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Creates `path` and its missing parents with mode 0700.
    static func makeDirectories(_ path: String) {
        var prefix = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + component
            mkdir(prefix, 0o700)
        }
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func baseName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Whether `name` can be run: a path to an executable file, or a name
    /// found so in a `$PATH` directory (empty entries, the working
    /// directory, are not searched).
    static func isOnPath(_ name: String) -> Bool {
        if name.contains("/") { return isExecutableFile(name) }
        let directories = (Environment.string("PATH") ?? "").split(separator: ":")
        return directories.contains { isExecutableFile(String($0) + "/" + name) }
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        return access(path, X_OK) == 0
    }

    /// This program's own executable, resolved through /proc.
    static var executablePath: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return CommandLine.arguments.first ?? "buoy" }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static var home: String { Environment.string("HOME") ?? "/" }

    /// `$XDG_CONFIG_HOME/buoy/config.toml`, or `~/.config/buoy/config.toml`.
    static var defaultConfigPath: String {
        (Environment.string("XDG_CONFIG_HOME") ?? home + "/.config") + "/buoy/config.toml"
    }

    /// Where the config may be, in order: the user's file, then
    /// `buoy/config.toml` in each `$XDG_CONFIG_DIRS` entry (`/etc/xdg`
    /// when unset), as waybar and fuzzel look. Relative entries are
    /// ignored, as the XDG spec says.
    static var configCandidates: [String] {
        let dirs = (Environment.string("XDG_CONFIG_DIRS") ?? "/etc/xdg").split(separator: ":")
        return [defaultConfigPath]
            + dirs.filter { $0.hasPrefix("/") }.map { String($0) + "/buoy/config.toml" }
    }

    /// `$XDG_STATE_HOME/buoy/state`, or `~/.local/state/buoy/state`.
    static var statePath: String {
        (Environment.string("XDG_STATE_HOME") ?? home + "/.local/state") + "/buoy/state"
    }
}

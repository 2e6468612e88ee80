import BuoyConfig
import BuoyFiles
import BuoyWayland
import Glibc
import SystemCalls

/// `BuoyFiles`' file access, which buoy's drawing helper shares, by the
/// name the whole executable uses.
typealias Files = BuoyFiles.Files

/// File access for the shell, beyond `BuoyFiles`' reads: atomic writes,
/// and the XDG locations of buoy's config and state.
extension Files {
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

    /// Creates `path` and its missing parents with mode 0700; a relative
    /// path (`buoy config --config new/c.toml`) stays relative.
    static func makeDirectories(_ path: String) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += component + "/"
            mkdir(prefix, 0o700)
        }
    }

    static func directory(of path: String) -> String { PathName.directory(of: path) }

    static func baseName(of path: String) -> String { PathName.baseName(of: path) }

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

    /// Where buoy's config and state are, from the environment now.
    static var paths: BuoyPaths { BuoyPaths(environment: Environment.string) }

    /// Where the config may be, in order (see `BuoyPaths`).
    static var configCandidates: [String] { paths.configCandidates }

    /// `$XDG_STATE_HOME/buoy/state`, or `~/.local/state/buoy/state`; nil
    /// without either.
    static var statePath: String? { paths.statePath }
}

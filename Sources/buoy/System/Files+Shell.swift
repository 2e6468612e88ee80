import BuoyConfig
import BuoyFiles
import BuoyWayland
import Glibc
import SystemCalls

/// `BuoyFiles`' file access, which buoy's drawing helper shares, by the
/// name the whole executable uses.
typealias Files = BuoyFiles.Files

/// File access for the shell, beyond `BuoyFiles`' reads and atomic writes:
/// directories, programs on `$PATH`, and the XDG locations of buoy's config
/// and state.
extension Files {
    /// Creates `path` and its missing parents with mode 0700; a relative
    /// path (`buoy config --config new/c.toml`) stays relative.
    static func makeDirectories(_ path: String) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += component + "/"
            _ = SystemPath.withCString(prefix) { mkdir($0, 0o700) }
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

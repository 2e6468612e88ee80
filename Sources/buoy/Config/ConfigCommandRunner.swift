import BuoyCommandLine
import BuoyConfig
import Glibc
import SystemCalls

/// `buoy config`: the file I/O around `ConfigEdit`, which decides. A
/// one-shot command, so it may block: it is never part of the poll loop.
enum ConfigCommandRunner {
    /// Runs `command` on the `--config` file or the user's own; returns the
    /// exit status. Refusals go to stderr as `path:line:col: error: ...`.
    static func run(_ command: ConfigCommand, explicitPath: String?) -> Int32 {
        let loader = ConfigLoader(explicitPath: explicitPath, log: Logger(verbosity: 0))
        switch command {
        case .help:
            print(ConfigCommand.usage)
            return 0
        case .path:
            print(loader.primaryPath)
            return 0
        case .get(let key):
            // What buoy reads now, which may be a system-wide file.
            let path = loader.path
            return finish(
                read(path).flatMap { bytes in
                    ConfigEdit.reading(key, in: bytes, path: path).mapError { Refusal("\($0)") }
                }.map { print($0) })
        case .edit(let edit):
            return finish(write(edit, to: loader.primaryPath))
        }
    }

    private static func finish(_ result: Result<Void, Refusal>) -> Int32 {
        guard case .failure(let message) = result else { return 0 }
        printError(message.message)
        return 1
    }

    /// Why nothing was read or written: one message for stderr.
    private struct Refusal: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// The file's bytes, or nil when there is none.
    private static func read(_ path: String) -> Result<[UInt8]?, Refusal> {
        switch Files.read(path, limit: ConfigLoader.sizeLimit) {
        case .success(let bytes): .success(bytes)
        case .failure(.missing): .success(nil)
        case .failure(.unreadable(let why)): .failure(Refusal("\(path): cannot read: \(why)"))
        case .failure(.tooLarge(let limit, _)):
            .failure(Refusal("\(path): larger than \(limit / 1024) KiB; is this a config?"))
        }
    }

    /// Applies `edit` to the file at `path` (through a symbolic link, to its
    /// target), or to a new file, and replaces it by a rename, keeping the
    /// previous bytes as `config.toml.bak`. An edit that changes nothing
    /// writes nothing.
    private static func write(_ edit: ConfigEdit, to path: String) -> Result<Void, Refusal> {
        let target = resolvedLink(path)
        let original: [UInt8]?
        switch read(target) {
        case .success(let bytes): original = bytes
        case .failure(let message): return .failure(message)
        }
        let before = original ?? Array(ConfigEdit.newFileHeader.utf8)
        let after: [UInt8]
        switch edit.applied(to: before, path: path) {
        case .success(let bytes): after = bytes
        case .failure(let error): return .failure(Refusal("\(error)"))
        }
        guard after != original else { return .success(()) }
        var info = stat()
        let exists = stat(target, &info) == 0
        if exists, info.st_mode & 0o222 == 0 {
            return .failure(
                Refusal(
                    "\(path): the file is read-only (mode \(String(info.st_mode & 0o777, radix: 8))); is it"
                        + " managed by another tool, such as home-manager? Change it there."))
        }
        let directory = Files.directory(of: target)
        if !exists { Files.makeDirectories(directory) }
        let mode = exists ? info.st_mode & 0o7777 : 0o644
        if let original,
            let problem = replace(
                Files.baseName(of: target) + ".bak", in: directory, with: original, mode: mode)
        {
            return .failure(Refusal("\(path): cannot keep a backup: \(problem)"))
        }
        if let problem = replace(Files.baseName(of: target), in: directory, with: after, mode: mode) {
            return .failure(Refusal("\(path): cannot write: \(problem)"))
        }
        return .success(())
    }

    /// Where a chain of symbolic links at `path` ends (stow, chezmoi); `path`
    /// itself when it is not a link or the chain is broken.
    private static func resolvedLink(_ path: String) -> String {
        guard Files.linkTarget(path) != nil, let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Writes `name` in `directory` as a temp file beside it, with `mode`,
    /// synced, then renamed into place; the reason on failure.
    private static func replace(_ name: String, in directory: String, with bytes: [UInt8], mode: mode_t)
        -> String?
    {
        let path = directory + "/" + name
        let temp = "\(directory)/.\(name).tmp.\(getpid())"
        let raw = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard raw >= 0 else { return String(cString: strerror(errno)) }
        let fd = FileDescriptor(rawValue: raw)
        var problem: String?
        do {
            try fd.writeAll(bytes)
        } catch {
            problem = "\(error)"
        }
        // The umask narrowed open's mode; the file keeps the old one.
        if problem == nil, fchmod(raw, mode) != 0 || fsync(raw) != 0 {
            problem = String(cString: strerror(errno))
        }
        try? fd.close()
        if problem == nil, rename(temp, path) != 0 { problem = String(cString: strerror(errno)) }
        if problem != nil { unlink(temp) }
        return problem
    }
}

import BuoyConfig
import Glibc
import SystemCalls

/// Writes a `ConfigEdit` to a config file, for `buoy config` and for edit
/// mode: through a symbolic link to its target (stow, chezmoi), by a temp
/// file renamed into place with the file's mode, keeping the previous bytes
/// as `config.toml.bak`, and never over a read-only file (home-manager's)
/// or, for an editing session, over a change made since it read the file
/// (`ConfigEdit.written`, which decides). It blocks on the disk for one
/// small file: a command's whole work, and in the loop one write per
/// user's change, as the config's own reload reads it.
enum ConfigFileWriter {
    /// Applies `edit` to the file at `path`, or to a new file; returns the
    /// bytes the file now holds. `original` is what an editing session read
    /// (nil for `buoy config`).
    static func write(_ edit: ConfigEdit, to path: String, expecting original: [UInt8]?)
        -> Result<[UInt8], ConfigWriteRefusal>
    {
        let target = resolvedLink(path)
        let current: [UInt8]?
        switch read(target, named: target) {
        case .success(let bytes): current = bytes
        case .failure(let refusal): return .failure(refusal)
        }
        let after: [UInt8]
        switch edit.written(over: current, expecting: original, path: path) {
        case .success(.some(let bytes)): after = bytes
        case .success(.none): return .success(current ?? [])
        case .failure(let refusal): return .failure(refusal)
        }
        var info = stat()
        let exists = stat(target, &info) == 0
        if exists, info.st_mode & 0o222 == 0 { return .failure(.readOnly(path: path, mode: info.st_mode)) }
        let directory = Files.directory(of: target)
        if !exists { Files.makeDirectories(directory) }
        let mode = exists ? info.st_mode & 0o7777 : 0o644
        if let current,
            let problem = replace(
                Files.baseName(of: target) + ".bak", in: directory, with: current, mode: mode)
        {
            return .failure(.failed(path: path, why: "cannot keep a backup: \(problem)"))
        }
        if let problem = replace(Files.baseName(of: target), in: directory, with: after, mode: mode) {
            return .failure(.failed(path: path, why: "cannot write: \(problem)"))
        }
        return .success(after)
    }

    /// The file's bytes, or nil when there is none; `name` is the path in messages.
    static func read(_ path: String, named name: String) -> Result<[UInt8]?, ConfigWriteRefusal> {
        switch Files.read(path, limit: ConfigLoader.sizeLimit) {
        case .success(let bytes): .success(bytes)
        case .failure(.missing): .success(nil)
        case .failure(.unreadable(let why)): .failure(.failed(path: name, why: "cannot read: \(why)"))
        case .failure(.tooLarge(let limit, _)):
            .failure(.failed(path: name, why: "larger than \(limit / 1024) KiB; is this a config?"))
        }
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

import BuoyConfig
import BuoyFiles
import Glibc

/// Writes a `ConfigEdit` to a config file, for `buoy config` and for edit
/// mode: under the lock beside it (`FileLock`), so that two edits at once
/// both land; through a chain of symbolic links to its end (stow, chezmoi),
/// which is made when it is not there yet; by `AtomicFile`, keeping the
/// file's mode, owner and group and the previous bytes as
/// `config.toml.bak`. It never writes over a read-only file (home-manager's),
/// a file `--check` would refuse, or, for an editing session, a change made
/// since it read the file (`ConfigEdit.written`, which decides).
enum ConfigFileWriter {
    /// What a write did.
    struct Written {
        /// The bytes the file now holds.
        var bytes: [UInt8]
        /// The system-wide file the new file was started from, if it was.
        var startedFrom: String?
    }

    /// How long `buoy config` waits for another writer to finish; edit
    /// mode, in buoy's loop, does not wait.
    static let commandWait = 10.0

    /// Applies `edit` to `target`'s file; `original` is what an editing
    /// session read (nil for `buoy config`). `wait` is how long to wait for
    /// the lock, and `durable` whether to sync before the rename (a
    /// command may wait for the disk; buoy's loop may not).
    static func write(
        _ edit: ConfigEdit, to target: ConfigEditTarget, expecting original: [UInt8]?, wait: Double,
        durable: Bool
    ) -> Result<Written, ConfigWriteRefusal> {
        let path = target.path
        guard let file = linkEnd(path) else {
            return .failure(.failed(path: path, why: "too many levels of symbolic links"))
        }
        let directory = Files.directory(of: file)
        let name = Files.baseName(of: file)
        let ownership = AtomicFile.Ownership(of: file)
        if let ownership {
            if ownership.mode & 0o222 == 0 { return .failure(.readOnly(path: path, mode: ownership.mode)) }
            let runsAs = geteuid() == 0 ? ownership.owner : getuid()
            if let problem = ConfigLoader.unsafeOwnership(path, uid: runsAs) {
                return .failure(.unsafe(message: problem))
            }
        } else {
            Files.makeDirectories(directory)
        }
        let lock: FileLock
        switch FileLock.lock(name, in: directory, wait: wait) {
        case .success(let taken): lock = taken
        case .failure(.busy): return .failure(.busy(path: path))
        case .failure(.failed(let why)): return .failure(.failed(path: path, why: why))
        }
        defer { withExtendedLifetime(lock) {} }
        let current: [UInt8]?
        switch read(file, named: path) {
        case .success(let bytes): current = bytes
        case .failure(let refusal): return .failure(refusal)
        }
        var base = current
        var startedFrom: String?
        if current == nil, let system = target.startingFrom {
            switch read(system, named: system) {
            case .success(let bytes):
                base = bytes
                startedFrom = bytes == nil ? nil : system
            case .failure(let refusal): return .failure(refusal)
            }
        }
        let after: [UInt8]
        switch edit.written(over: base, expecting: original, path: path) {
        case .success(.some(let bytes)): after = bytes
        case .success(.none): return .success(Written(bytes: base ?? [], startedFrom: nil))
        case .failure(let refusal): return .failure(refusal)
        }
        if let current,
            let problem = AtomicFile.replace(
                name + ".bak", in: directory, with: current, keeping: ownership, durable: false)
        {
            return .failure(.failed(path: path, why: "cannot keep a backup: \(problem)"))
        }
        if let problem = AtomicFile.replace(
            name, in: directory, with: after, keeping: ownership, durable: durable)
        {
            return .failure(.failed(path: path, why: "cannot write: \(problem)"))
        }
        return .success(Written(bytes: after, startedFrom: startedFrom))
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

    /// Where the chain of symbolic links at `path` ends (stow, chezmoi): the
    /// file to write, which need not exist yet, as a link into a dotfiles
    /// tree made before its target; nil for a loop. `path` itself when it is
    /// not a link.
    private static func linkEnd(_ path: String) -> String? {
        var current = path
        // Linux's own limit on links followed in one lookup.
        for _ in 0..<40 {
            guard let target = Files.linkTarget(current) else { return current }
            current = target.hasPrefix("/") ? target : Files.directory(of: current) + "/" + target
        }
        return nil
    }
}

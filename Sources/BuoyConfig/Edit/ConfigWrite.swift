/// Why an edit was not written to a config file: one message for stderr
/// or for edit mode's screen. The file stays as it was.
public enum ConfigWriteRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// An editing session's file changed on disk since the session read
    /// it: writing would lose that change.
    case changedSinceRead(path: String)
    /// The edit itself is refused (`ConfigEdit.applied`).
    case edit(ConfigEditError)
    /// The file is read-only, so another tool (home-manager) owns it.
    case readOnly(path: String, mode: UInt32)
    /// A read, the backup or the write failed: `why`.
    case failed(path: String, why: String)
    /// Another process is editing the file now (it holds the lock beside it).
    case busy(path: String)
    /// `--check` would refuse the file: `message`, as it says it.
    case unsafe(message: String)
    /// The file is a system-wide one and there is no user's file to start
    /// instead (`ConfigEditTarget`).
    case systemWide(path: String)

    public var description: String {
        switch self {
        case .changedSinceRead(let path):
            "\(path): the file changed since it was read; nothing was written. Read it again and redo the change."
        case .edit(let error): "\(error)"
        case .readOnly(let path, let mode):
            "\(path): the file is read-only (mode \(String(mode & 0o777, radix: 8))); is it"
                + " managed by another tool, such as home-manager? Change it there."
        case .failed(let path, let why): "\(path): \(why)"
        case .busy(let path):
            "\(path): another program is writing the file now; nothing was written. Try again."
        case .unsafe(let message): message
        case .systemWide(let path):
            "\(path): this is the system-wide config, which buoy does not edit, and there is no"
                + " file of your own to start from it: neither HOME nor XDG_CONFIG_HOME is set."
        }
    }
}

extension ConfigEdit {
    /// The bytes to write for this edit over `current`, the file's bytes
    /// now (nil: there is none), or nil when it changes nothing; `path`
    /// names the file in messages. `original` is what an editing session
    /// read (nil for `buoy config`, which reads and writes at once): the
    /// edit is refused when `current` differs, a missing file counting as
    /// an empty one, so that a change made meanwhile by hand, or by
    /// `buoy config`, is never overwritten. A missing file is started with
    /// `newFileHeader`. A result longer than `Config.fileSizeLimit`, which
    /// `--check` would refuse, is refused.
    public func written(over current: [UInt8]?, expecting original: [UInt8]?, path: String)
        -> Result<[UInt8]?, ConfigWriteRefusal>
    {
        if let original, original != (current ?? []) { return .failure(.changedSinceRead(path: path)) }
        switch applied(to: current ?? Array(Self.newFileHeader.utf8), path: path) {
        case .success(let bytes) where bytes.count > Config.fileSizeLimit:
            return .failure(
                .failed(
                    path: path,
                    why:
                        "the file would be larger than \(Config.fileSizeLimit / 1024) KiB, which --check refuses;"
                        + " nothing was written"))
        case .success(let bytes): return .success(bytes == current ? nil : bytes)
        case .failure(let error): return .failure(.edit(error))
        }
    }
}

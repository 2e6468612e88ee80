import BuoyConfig
import Glibc

/// Finds, checks and parses the config file. Shared by start-up, `--check`
/// and every reload, so all three report problems the same way.
struct ConfigLoader {
    /// The file's size limit: far above any real config, low enough that a
    /// wrong path (a log, a binary) fails fast.
    static let sizeLimit = 1 << 20

    /// The path given with `--config`, or nil for the default location.
    let explicitPath: String?
    let log: Logger

    var path: String { explicitPath ?? Files.defaultConfigPath }

    struct Failure: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    /// The config, or the message to show. A missing default file means the
    /// built-in defaults.
    func load() -> Result<Config, Failure> {
        loadWithWarnings().map(\.config)
    }

    /// `load`, and the config's warnings (rendered; they are logged too),
    /// for `buoy msg reload` to print.
    func loadWithWarnings() -> Result<(config: Config, warnings: [String]), Failure> {
        let path = self.path
        if let problem = Self.unsafeOwnership(path) { return .failure(Failure(problem)) }
        switch Files.read(path, limit: Self.sizeLimit) {
        case .failure(.missing) where explicitPath == nil:
            log.notice("no config file at \(path); using the built-in defaults")
            return .success((.defaults, []))
        case .failure(.missing):
            return .failure(Failure("\(path): no such file"))
        case .failure(.unreadable(let why)):
            return .failure(Failure("\(path): cannot read: \(why)"))
        case .failure(.tooLarge(let limit, let head)):
            let firstLine = head.prefix { $0 != UInt8(ascii: "\n") && $0 != UInt8(ascii: "\r") }.prefix(120)
            let diagnostic = ConfigDiagnostic(
                severity: .error, path: path, line: 1, column: 1,
                message: "the file is larger than \(limit / 1024) KiB; is this a config?",
                sourceLine: String(decoding: firstLine, as: UTF8.self))
            return .failure(Failure(diagnostic.rendered))
        case .success(let bytes):
            do {
                let (config, warnings) = try Config.parse(bytes, path: path)
                for warning in warnings { log.warning(warning.rendered) }
                return .success((config, warnings.map(\.rendered)))
            } catch {
                return .failure(Failure(error.diagnostic.rendered))
            }
        }
    }

    /// Why buoy must not run the commands in this file, if it must not: the
    /// way sshd's StrictModes treats authorized_keys. A config runs shell
    /// commands, so one that someone else could have written is refused.
    static func unsafeOwnership(_ path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }  // missing: load() says so
        let uid = getuid()
        if info.st_uid != uid {
            return "\(path): refusing to use a config owned by uid \(info.st_uid), not by you (uid \(uid)): "
                + "it runs shell commands as you; chown it to yourself"
        }
        let writableByOthers = info.st_mode & (S_IWGRP | S_IWOTH)
        if writableByOthers != 0 {
            let who =
                writableByOthers == S_IWGRP
                ? "its group" : writableByOthers == S_IWOTH ? "others" : "group and others"
            let mode = String(info.st_mode & 0o777, radix: 8)
            return "\(path): refusing to use a config writable by \(who) (mode \(mode)): "
                + "it runs shell commands as you; fix it with: chmod go-w \(path)"
        }
        return nil
    }
}

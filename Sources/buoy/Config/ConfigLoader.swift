import BuoyCommandLine
import BuoyConfig
import BuoyFiles
import BuoyWayland
import Glibc

/// Finds, checks and parses the config file. Shared by start-up, `--check`
/// and every reload, so all three report problems the same way.
struct ConfigLoader {
    /// The file's size limit (`Config.fileSizeLimit`).
    static let sizeLimit = Config.fileSizeLimit

    /// The path given with `--config`, or nil for the XDG locations.
    let explicitPath: String?
    let log: Logger

    /// Where buoy looks, in order: the `--config` path alone, or the
    /// user's file and then each `$XDG_CONFIG_DIRS` entry's.
    var candidates: [String] { explicitPath.map { [$0] } ?? Files.configCandidates }

    /// The file a change to which matters most: the `--config` path or the
    /// user's own, which is watched even before it exists.
    var primaryPath: String { candidates[0] }

    /// The file `load` reads now: the first candidate that is there (or
    /// that cannot even be looked at), else the primary one.
    var path: String {
        candidates.first { candidate in
            var info = stat()
            return SystemPath.withCString(candidate, { stat($0, &info) }) == 0 || errno != ENOENT
        } ?? primaryPath
    }

    /// The file an edit changes (`ConfigEditTarget`): never a system-wide
    /// one, whose bytes start the user's own file instead.
    var editTarget: Result<ConfigEditTarget, ConfigWriteRefusal> {
        ConfigEditTarget.choose(explicitPath: explicitPath, userConfig: Files.paths.userConfig, reading: path)
    }

    /// A config as read: nil `path` means no file was found, so these are
    /// the built-in defaults.
    struct Loaded {
        var config: Config
        var path: String?
        var warnings: [ConfigDiagnostic]
        /// The bytes the config was parsed from; empty for no file. Edit
        /// mode edits these, and refuses when the file is no longer them.
        var bytes: [UInt8] = []
    }

    struct Failure: Error {
        /// Everything to show, one diagnostic after another.
        var message: String
        /// The errors and warnings in file order; empty for a problem with
        /// the file as a whole that has no line (a missing or unsafe file).
        var diagnostics: [ConfigDiagnostic] = []

        init(_ message: String) { self.message = message }

        init(_ error: ConfigError) {
            diagnostics = ConfigLoader.inFileOrder(error.errors + error.warnings)
            message = diagnostics.map(\.labelled).joined(separator: "\n")
            if error.omitted > 0 {
                message +=
                    "\n\(error.diagnostic.path): \(error.omitted) more error"
                    + (error.omitted == 1 ? "" : "s") + " not shown"
            }
        }
    }

    /// The config, or the message to show; warnings are logged. A missing
    /// file means the built-in defaults, unless it was named with `--config`,
    /// and a tap that opens the first-run menu (`FirstRun`).
    func load() -> Result<Config, Failure> {
        loadWithWarnings().map(\.config)
    }

    /// `load`, and the config's warnings (rendered; they are logged too),
    /// for `buoy msg reload` to print, and the bytes it was read from. Its
    /// built-in actions become their tools' commands here, at start and on
    /// every reload.
    func loadWithWarnings() -> Result<(config: Config, warnings: [String], bytes: [UInt8]), Failure> {
        read().map { loaded in
            let (config, warnings) = adopt(loaded)
            return (config, warnings, loaded.bytes)
        }
    }

    /// A config `read` returned, as buoy runs it: its warnings logged, its
    /// built-in actions resolved, or the first run's menu. Start-up reads
    /// first and adopts once nothing fatal is left to say, so that a fatal
    /// error comes alone.
    func adopt(_ loaded: Loaded) -> (config: Config, warnings: [String]) {
        for warning in loaded.warnings { log.warning(warning.rendered) }
        let warnings = loaded.warnings.map(\.rendered)
        guard loaded.path == nil else {
            let config = loaded.config.resolvingBuiltIns(BuiltInTools.resolve)
            return (FirstRun.furnishing(config, find: foundForEmptyMenus), warnings)
        }
        let items = firstRunItems()
        if items.isEmpty {
            log.notice(
                "no config file at \(primaryPath); using the built-in defaults, and \(firstRunHint)")
        } else {
            let labels = items.map(\.label).joined(separator: ", ")
            log.notice(
                "no config file at \(primaryPath); using the built-in defaults, and a tap opens a menu of: \(labels)"
            )
        }
        return (FirstRun.config(items: items), warnings)
    }

    /// The programs a first run's menu offers, looked for now.
    private func firstRunItems() -> [MenuItem] {
        FirstRun.items(
            FirstRun.Context(
                onPath: Files.isOnPath, environment: Environment.string, configPath: primaryPath,
                executable: Files.executablePath))
    }

    /// What a `"menu"` with no `[[menu.item]]` opens, logged.
    private func foundForEmptyMenus() -> [MenuItem] {
        let items = firstRunItems()
        if items.isEmpty {
            log.warning(
                "\"menu\" with no [[menu.item]] opens a menu of the programs found, and none is; add"
                    + " [[menu.item]]s (see buoy(5))")
        } else {
            log.info(
                "\"menu\" with no [[menu.item]] opens a menu of: \(items.map(\.label).joined(separator: ", "))"
            )
        }
        return items
    }

    /// What a tap with nothing to do says while there is no config file;
    /// nil once there is one.
    var firstRunNotice: String? {
        var info = stat()
        return SystemPath.withCString(path, { stat($0, &info) }) == 0 ? nil : firstRunHint
    }

    private var firstRunHint: String { FirstRun.hint(configPath: primaryPath) }

    /// `load` without logging: the config with its warnings.
    func read() -> Result<Loaded, Failure> {
        let path = self.path
        if let problem = Self.unsafeOwnership(path) { return .failure(Failure(problem)) }
        switch Files.read(path, limit: Self.sizeLimit) {
        case .failure(.missing) where explicitPath == nil:
            return .success(Loaded(config: .defaults, path: nil, warnings: []))
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
            return .failure(Failure(ConfigError(diagnostic: diagnostic)))
        case .success(let bytes):
            do {
                let (config, warnings) = try Config.parse(
                    bytes, path: path, fileExists: Files.isReadableRegularFile, resolve: BuiltInTools.resolve,
                    home: Environment.string("HOME"), keyNames: KeyNames.check)
                return .success(Loaded(config: config, path: path, warnings: warnings, bytes: bytes))
            } catch {
                return .failure(Failure(error))
            }
        }
    }

    /// `buoy --check`: every diagnostic as `path:line:col: severity:
    /// message` (with the line and a caret below), then every icon no theme
    /// has (`IconCheck`, `path: warning: message`), on stderr with no log
    /// prefix so that editors can read them; then on stdout what each
    /// built-in action resolves to and one line of verdict. Returns the exit
    /// status.
    func check() -> Int32 {
        let (result, config) = checkedWithConfig()
        switch result {
        case .ok(_, let warnings):
            for warning in warnings { printError(warning) }
            // What each built-in action the file uses resolves to here.
            for line in config.map(BuiltInTools.report) ?? [] { print(line) }
        case .noFile: break
        case .failed(let message): printError(message)
        }
        if let verdict = result.verdict { print(verdict) }
        return result.passed ? 0 : 1
    }

    /// What `--check` and `buoy doctor` report.
    func checked() -> ConfigCheck { checkedWithConfig().check }

    func checkedWithConfig() -> (check: ConfigCheck, config: Config?) {
        switch read() {
        case .success(let loaded):
            guard let path = loaded.path else { return (.noFile(candidates: candidates), nil) }
            // The icons as the running buoy finds them, which the file alone cannot say.
            let icons = IconCheck.warnings(loaded.config).map { "\(path): warning: \($0)" }
            return (.ok(path: path, warnings: loaded.warnings.map(\.labelled) + icons), loaded.config)
        case .failure(let failure):
            return (.failed(message: failure.message), nil)
        }
    }

    static func inFileOrder(_ diagnostics: [ConfigDiagnostic]) -> [ConfigDiagnostic] {
        diagnostics.enumerated().sorted {
            ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset)
        }.map(\.element)
    }

    /// Why buoy must not run the commands in this file, if it must not
    /// (`ConfigPermissions`). The account files are read only for a file
    /// its group may write, here at load time as the stat is: local files,
    /// where a lookup through NSS could wait on a directory server.
    /// `uid` is whose commands they would be: buoy's user, or for root's
    /// `buoy config` on a user's file, the file's owner.
    static func unsafeOwnership(_ path: String, uid: uid_t = getuid()) -> String? {
        var info = stat()
        // Missing: load() says so.
        guard SystemPath.withCString(path, { stat($0, &info) }) == 0 else { return nil }
        return ConfigPermissions.problem(
            path: path, owner: info.st_uid, group: info.st_gid, mode: info.st_mode & 0o777,
            fileType: info.st_mode & S_IFMT, uid: uid
        ) {
            guard case .success(let passwd) = Files.read("/etc/passwd", limit: accountsLimit),
                case .success(let group) = Files.read("/etc/group", limit: accountsLimit)
            else { return nil }
            return ConfigPermissions.Accounts(
                passwd: String(decoding: passwd, as: UTF8.self), group: String(decoding: group, as: UTF8.self)
            )
        }
    }

    /// Far above the account files of any machine that keeps its users there.
    private static let accountsLimit = 16 << 20
}

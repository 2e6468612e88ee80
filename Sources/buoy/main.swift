import BuoyConfig
import BuoyWayland
import Glibc

/// The config file's size limit: far above any real config, low enough that
/// a wrong path (a log, a binary) fails fast.
let configSizeLimit = 1 << 20

/// Loads and validates the config. Errors come back as the text to print.
func loadConfig(path: String?, log: Logger) -> Result<Config, ConfigLoadError> {
    let resolved = path ?? Files.defaultConfigPath
    switch Files.read(resolved, limit: configSizeLimit) {
    case .failure(.missing) where path == nil:
        log.notice("no config file at \(resolved); using the built-in defaults")
        return .success(.defaults)
    case .failure(.missing):
        return .failure(ConfigLoadError("\(resolved): no such file"))
    case .failure(.unreadable(let why)):
        return .failure(ConfigLoadError("\(resolved): cannot read: \(why)"))
    case .failure(.tooLarge(let limit)):
        return .failure(
            ConfigLoadError("\(resolved): the file is larger than \(limit / 1024) KiB; is this a config?"))
    case .success(let bytes):
        do {
            let (config, warnings) = try Config.parse(bytes, path: resolved)
            for warning in warnings { log.warning(warning.rendered) }
            return .success(config)
        } catch {
            return .failure(ConfigLoadError(error.diagnostic.rendered))
        }
    }
}

struct ConfigLoadError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

func main() -> Int32 {
    let invocation: Invocation
    switch Invocation.parse(Array(CommandLine.arguments.dropFirst())) {
    case .success(let parsed): invocation = parsed
    case .failure(let error):
        printError("buoy: \(error.message)")
        return 2
    }
    let log = Logger(verbosity: invocation.verbosity)
    switch invocation.mode {
    case .help:
        print(Invocation.usage)
        return 0
    case .version:
        print("buoy \(buoyVersion)")
        return 0
    case .check:
        switch loadConfig(path: invocation.configPath, log: log) {
        case .success:
            print("\(invocation.configPath ?? Files.defaultConfigPath): ok")
            return 0
        case .failure(let error):
            printError(error.message)
            return 1
        }
    case .run:
        break
    }

    let config: Config
    switch loadConfig(path: invocation.configPath, log: log) {
    case .success(let loaded): config = loaded
    case .failure(let error):
        printError(error.message)
        return 1
    }
    do {
        let display = try Display(name: nil)
        let loop = try EventLoop(display: display, signals: [SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGCHLD])
        let app = App(display: display, loop: loop, config: config, log: log)
        // The display must outlive every proxy the app made.
        return try withExtendedLifetime(display) { () throws(WaylandError) -> Int32 in try app.run() }
    } catch {
        printError("buoy: \(error)")
        return 1
    }
}

exit(main())

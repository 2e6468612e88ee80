import BuoyCommandLine
import BuoyConfig
import BuoyFiles
import BuoyWayland
import Glibc

/// Why buoy cannot start: one line for stderr.
struct StartupFailure: Error {
    var message: String
}

/// Claims `buoy msg`'s socket, which also makes buoy a single instance per
/// display. With `--replace` the running instance is asked to quit first.
/// Without XDG_RUNTIME_DIR, buoy runs without the socket; with a socket it
/// cannot claim (a directory there, another user's socket), it does not
/// run: a second buoy would start beside the first, neither reachable.
func startControlServer(replace: Bool, log: Logger) -> Result<ControlServer?, StartupFailure> {
    guard let path = ControlServer.socketPath() else {
        log.warning("XDG_RUNTIME_DIR is not set: no socket for buoy msg, and no check for a second buoy")
        return .success(nil)
    }
    if replace, case .failure(let error) = MessageClient.stopRunning(path: path, timeout: 2) {
        return .failure(StartupFailure(message: "cannot replace the running buoy: \(error)"))
    }
    do {
        return .success(try ControlServer(path: path, log: log))
    } catch {
        return .failure(StartupFailure(message: error.description))
    }
}

func main() -> Int32 {
    let invocation: Invocation
    // Every byte of a --config path kept, not U+FFFD for what is not UTF-8.
    switch Invocation.parse(SystemPath.arguments) {
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
    case .printDefaultConfig:
        print(Config.exampleText, terminator: "")
        return 0
    case .message(let words):
        return MessageClient.run(words)
    case .check:
        return ConfigLoader(explicitPath: invocation.configPath, log: log).check()
    case .doctor:
        return Doctor.run(configPath: invocation.configPath, json: invocation.json)
    case .config(let command):
        return ConfigCommandRunner.run(command, explicitPath: invocation.configPath)
    case .listApplications:
        return ApplicationScan.listApplications()
    case .run:
        break
    }

    // A fatal error comes first and alone: the config's own, then no
    // display, then a buoy already running. What a config that loads has to
    // say (its warnings, the first run's notice) waits until buoy runs.
    let loader = ConfigLoader(explicitPath: invocation.configPath, log: log)
    let loaded: ConfigLoader.Loaded
    switch loader.read() {
    case .success(let read): loaded = read
    case .failure(let failure):
        printError(failure.message)
        return 1
    }
    if let problem = unreachableDisplay() {
        printError("buoy: \(problem)")
        return 1
    }
    let paths = Files.paths
    if let notice = paths.notice { log.warning(notice) }
    // Before the loop blocks SIGTERM: a read that hangs can still be stopped.
    let places = PlaceStore(path: paths.statePath, log: log)
    do {
        let display = try Display(name: nil)
        let server: ControlServer?
        switch startControlServer(replace: invocation.replace, log: log) {
        case .success(let started): server = started
        case .failure(let failure):
            printError("buoy: \(failure.message)")
            return 1
        }
        let config = loader.adopt(loaded).config
        let loop = try EventLoop(display: display, signals: [SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGCHLD])
        let app = App(
            display: display, loop: loop, config: config, loader: loader, places: places, server: server,
            log: log)
        app.menu.editWriter.read(loaded.bytes)
        // The display must outlive every proxy the app made.
        return try withExtendedLifetime(display) { () throws(WaylandError) -> Int32 in try app.run() }
    } catch {
        printError("buoy: \(error)")
        return 1
    }
}

/// Why libwayland cannot even look for the display, which it would say on
/// stderr itself, before buoy's error: a display named without a path is
/// looked for in XDG_RUNTIME_DIR alone.
func unreachableDisplay() -> String? {
    let name = Environment.string("WAYLAND_DISPLAY") ?? "wayland-0"
    guard Environment.string("WAYLAND_SOCKET") == nil, !name.hasPrefix("/"),
        Environment.string("XDG_RUNTIME_DIR") == nil
    else { return nil }
    return "cannot connect to Wayland display \"\(name)\": XDG_RUNTIME_DIR is not set"
}

exit(main())

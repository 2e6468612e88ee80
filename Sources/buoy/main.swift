import BuoyConfig
import BuoyWayland
import Glibc

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
        let loader = ConfigLoader(explicitPath: invocation.configPath, log: log)
        switch loader.load() {
        case .success:
            print("\(loader.path): ok")
            return 0
        case .failure(let failure):
            printError(failure.message)
            return 1
        }
    case .run:
        break
    }

    let loader = ConfigLoader(explicitPath: invocation.configPath, log: log)
    let config: Config
    switch loader.load() {
    case .success(let loaded): config = loaded
    case .failure(let failure):
        printError(failure.message)
        return 1
    }
    do {
        let display = try Display(name: nil)
        let loop = try EventLoop(display: display, signals: [SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGCHLD])
        let app = App(display: display, loop: loop, config: config, loader: loader, log: log)
        // The display must outlive every proxy the app made.
        return try withExtendedLifetime(display) { () throws(WaylandError) -> Int32 in try app.run() }
    } catch {
        printError("buoy: \(error)")
        return 1
    }
}

exit(main())

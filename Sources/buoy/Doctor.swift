import BuoyCommandLine
import BuoyConfig
import BuoyCore
import BuoyDrawing
import BuoyWayland
import Glibc
import SystemCalls

/// `buoy doctor`: gathers the facts `DoctorReport` decides from (one
/// connection to the compositor, which makes no surface; the environment;
/// the config, control socket and state file; SWAYSOCK's sway; the helpers,
/// each tried in a child), prints the report and returns its exit status.
enum Doctor {
    static func run(configPath: String?, json: Bool) -> Int32 {
        let socket = DisplaySocket(
            display: Environment.string("WAYLAND_DISPLAY"),
            runtimeDirectory: Environment.string("XDG_RUNTIME_DIR"))
        guard socket.path != nil else {
            printError(socket.cannotConnect("there is no socket to try"))
            return 1
        }
        let display: Display
        do {
            display = try Display(connectingTo: nil, timeout: MessageClient.timeout)
        } catch .noDisplay(_, let code) {
            printError(socket.cannotConnect(String(cString: strerror(code))))
            return 1
        } catch .noAnswer(let seconds) {
            printError(socket.noAnswer(within: seconds))
            return 1
        } catch {
            printError("buoy doctor: \(error)")
            return 1
        }
        let loader = ConfigLoader(explicitPath: configPath, log: Logger(verbosity: 0))
        let (check, config) = loader.checkedWithConfig()
        var facts = facts(of: display, named: socket.name, config: check)
        facts.clickActions = config?.pointerActions ?? []
        let report = DoctorReport(facts)
        print(json ? report.json : report.text, terminator: json ? "\n" : "")
        return report.exitStatus
    }

    private static func facts(of display: Display, named name: String, config: ConfigCheck) -> DoctorFacts {
        var environment: [String: String] = [:]
        for variable in DoctorReport.environmentNames { environment[variable] = Environment.string(variable) }
        let drawing = DrawingHelpers.check(font: Config.defaults.menu.font)
        // The keyboards the `keyboard` action toggles, but KWin's own (a D-Bus service).
        let keyboards = BuiltInAction.keyboard.tools.filter { $0.compositor == nil }.map {
            DoctorFacts.Keyboard(name: $0.programs[0], found: Files.isOnPath($0.programs[0]))
        }
        return DoctorFacts(
            version: buoyVersion, display: name, environment: environment,
            sway: environment["SWAYSOCK"].map(swayVersion(at:)), globals: display.globals,
            outputs: display.outputs.map(\.info).map {
                DoctorFacts.Output(
                    name: $0.name, width: $0.modeWidth, height: $0.modeHeight, scale: $0.scale,
                    transform: $0.transform, logicalWidth: $0.logicalWidth, logicalHeight: $0.logicalHeight)
            },
            seats: display.seats.map {
                DoctorFacts.Seat(
                    name: $0.name, pointer: $0.hasPointer, keyboard: $0.hasKeyboard, touch: $0.hasTouch)
            },
            config: config, socket: controlSocket(), state: stateFile(),
            helpers: DoctorFacts.Helpers(
                keyboards: keyboards, draws: drawing.draws, pango: drawing.pango, librsvg: drawing.librsvg))
    }

    /// Whether a buoy answers on this display's socket: asked for its state,
    /// which changes nothing.
    private static func controlSocket() -> DoctorFacts.ControlSocket {
        guard let path = ControlServer.socketPath() else { return .none }
        switch MessageClient.send(ControlMessage(command: .state), path: path, timeout: MessageClient.timeout)
        {
        case .success: return .running(path: path)
        case .failure(.notRunning(_, let stale)): return .notRunning(path: path, stale: stale)
        case .failure(let error): return .failed(path: path, why: error.description)
        }
    }

    private static func stateFile() -> DoctorFacts.StateFile {
        guard let path = Files.statePath else { return .none }
        // The limit PlaceStore reads it with.
        switch Files.read(path, limit: 64 * 1024) {
        case .failure(.missing): return .missing(path: path)
        case .failure(.unreadable(let why)): return .unreadable(path: path, why: why)
        case .failure(.tooLarge(let limit, _)):
            return .unreadable(path: path, why: "larger than \(limit / 1024) KiB")
        case .success(let bytes):
            guard let saved = SavedPlaces.decode(String(decoding: bytes, as: UTF8.self)) else {
                return .unreadable(path: path, why: "not a state file of buoy's")
            }
            return .places(path: path, count: saved.places.count)
        }
    }

    /// What the sway at `path` says its version is (GET_VERSION).
    private static func swayVersion(at path: String) -> DoctorFacts.SwayAnswer {
        let deadline = monotonicNow() + MessageClient.timeout
        let fd: Int32
        switch UnixSocket.connect(path, deadline: deadline) {
        case .success(let connected): fd = connected
        case .failure(let error):
            return .failed(MessageError.system("connect to \(path)", errno: error.rawValue).description)
        }
        defer { try? FileDescriptor(rawValue: fd).close() }
        do {
            try UnixSocket.sendAll(fd, bytes: SwayIPC.versionRequest, deadline: deadline)
        } catch {
            return .failed(MessageError.system("send to \(path)", errno: error.rawValue).description)
        }
        let read = UnixSocket.readAll(fd, limit: MessageClient.replyLimit, deadline: deadline) {
            SwayIPC.reply(in: $0) != .incomplete
        }
        switch read.map(SwayIPC.reply(in:)) {
        case .success(.payload(let json)):
            return SwayIPC.version(fromJSON: json).map { .version($0) } ?? .failed("its reply has no version")
        case .success(.incomplete): return .failed("it closed the connection without replying")
        case .success(.invalid), .failure(.tooLong), .failure(.closed):
            return .failed("what answers there is not sway")
        case .failure(.timedOut):
            // A sway that is stopped takes the connection and never answers.
            return .failed("\(path) did not answer within \(Int(MessageClient.timeout)) s")
        case .failure(.failed(let code)):
            return .failed(MessageError.system("read from \(path)", errno: code).description)
        }
    }
}

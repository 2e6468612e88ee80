import BuoyCore

/// What `buoy doctor` found, gathered by the shell: the compositor's
/// globals, outputs and seats, the environment, the files and the helpers.
/// `DoctorReport` decides everything from these alone.
public struct DoctorFacts: Equatable, Sendable {
    public struct Output: Equatable, Sendable {
        public var name: String?
        /// The current mode, in physical pixels.
        public var width: Int
        public var height: Int
        public var scale: Int
        /// wl_output's transform, 0 (normal) to 7 (flipped-270).
        public var transform: Int32
        /// The size in logical pixels, from xdg-output; 0 when unknown.
        public var logicalWidth: Int
        public var logicalHeight: Int

        public init(
            name: String?, width: Int, height: Int, scale: Int, transform: Int32 = 0, logicalWidth: Int = 0,
            logicalHeight: Int = 0
        ) {
            self.name = name
            self.width = width
            self.height = height
            self.scale = scale
            self.transform = transform
            self.logicalWidth = logicalWidth
            self.logicalHeight = logicalHeight
        }
    }

    /// A wl_seat and its capabilities.
    public struct Seat: Equatable, Sendable {
        public var name: String?
        public var pointer: Bool
        public var keyboard: Bool
        public var touch: Bool

        public init(name: String?, pointer: Bool = false, keyboard: Bool = false, touch: Bool = false) {
            self.name = name
            self.pointer = pointer
            self.keyboard = keyboard
            self.touch = touch
        }
    }

    /// What the sway at `$SWAYSOCK` answered to GET_VERSION.
    public enum SwayAnswer: Equatable, Sendable {
        /// Such as "sway 1.7".
        case version(String)
        case failed(String)
    }

    /// buoy's control socket, and who listens on it.
    public enum ControlSocket: Equatable, Sendable {
        /// XDG_RUNTIME_DIR is not set, so buoy runs without one.
        case none
        case running(path: String)
        /// Nobody answers; `stale`: a socket file is left by a buoy that died.
        case notRunning(path: String, stale: Bool)
        case failed(path: String, why: String)
    }

    public enum StateFile: Equatable, Sendable {
        /// Neither HOME nor XDG_STATE_HOME says where it would be.
        case none
        case missing(path: String)
        case places(path: String, count: Int)
        case unreadable(path: String, why: String)
    }

    public struct Helpers: Equatable, Sendable {
        /// The on-screen keyboards buoy knows, and whether each is on PATH.
        public var keyboards: [Keyboard]
        /// A label drawn in a child, as a button's face is.
        public var draws: Bool
        public var pango: Bool
        public var librsvg: Bool

        public init(keyboards: [Keyboard], draws: Bool, pango: Bool, librsvg: Bool) {
            self.keyboards = keyboards
            self.draws = draws
            self.pango = pango
            self.librsvg = librsvg
        }
    }

    public struct Keyboard: Equatable, Sendable {
        public var name: String
        public var found: Bool

        public init(name: String, found: Bool) {
            self.name = name
            self.found = found
        }
    }

    /// buoy's version.
    public var version: String
    /// The Wayland display's name.
    public var display: String
    /// Those of `DoctorReport.environmentNames` that are set.
    public var environment: [String: String]
    /// nil when SWAYSOCK is not set.
    public var sway: SwayAnswer?
    public var globals: [OfferedGlobal]
    public var outputs: [Output]
    public var seats: [Seat]
    public var config: ConfigCheck
    public var socket: ControlSocket
    public var state: StateFile
    public var helpers: Helpers
    /// The click types' action names the config uses (`right-click`, ...).
    public var clickActions: [String]

    public init(
        version: String, display: String, environment: [String: String] = [:], sway: SwayAnswer? = nil,
        globals: [OfferedGlobal], outputs: [Output], seats: [Seat], config: ConfigCheck,
        socket: ControlSocket,
        state: StateFile, helpers: Helpers, clickActions: [String] = []
    ) {
        self.clickActions = clickActions
        self.version = version
        self.display = display
        self.environment = environment
        self.sway = sway
        self.globals = globals
        self.outputs = outputs
        self.seats = seats
        self.config = config
        self.socket = socket
        self.state = state
        self.helpers = helpers
    }
}

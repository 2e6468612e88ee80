import BuoyCore

/// What `buoy doctor` found, gathered by the shell: the compositor's
/// globals, outputs and seats, the environment, the files and the helpers.
/// `DoctorReport` decides everything from these alone.
package struct DoctorFacts: Equatable, Sendable {
    package struct Output: Equatable, Sendable {
        package var name: String?
        /// The current mode, in physical pixels.
        package var width: Int
        package var height: Int
        package var scale: Int
        /// wl_output's transform, 0 (normal) to 7 (flipped-270).
        package var transform: Int32
        /// The size in logical pixels, from xdg-output; 0 when unknown.
        package var logicalWidth: Int
        package var logicalHeight: Int

        package init(
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
    package struct Seat: Equatable, Sendable {
        package var name: String?
        package var pointer: Bool
        package var keyboard: Bool
        package var touch: Bool

        package init(name: String?, pointer: Bool = false, keyboard: Bool = false, touch: Bool = false) {
            self.name = name
            self.pointer = pointer
            self.keyboard = keyboard
            self.touch = touch
        }
    }

    /// What the sway at `$SWAYSOCK` answered to GET_VERSION.
    package enum SwayAnswer: Equatable, Sendable {
        /// Such as "sway 1.7".
        case version(String)
        case failed(String)
    }

    /// buoy's control socket, and who listens on it.
    package enum ControlSocket: Equatable, Sendable {
        /// XDG_RUNTIME_DIR is not set, so buoy runs without one.
        case none
        case running(path: String)
        /// Nobody answers; `stale`: a socket file is left by a buoy that died.
        case notRunning(path: String, stale: Bool)
        case failed(path: String, why: String)
    }

    package enum StateFile: Equatable, Sendable {
        /// Neither HOME nor XDG_STATE_HOME says where it would be.
        case none
        case missing(path: String)
        case places(path: String, count: Int)
        case unreadable(path: String, why: String)
    }

    package struct Helpers: Equatable, Sendable {
        /// The on-screen keyboards buoy knows, and whether each is on PATH.
        package var keyboards: [Keyboard]
        /// A label drawn in a child, as a button's face is.
        package var draws: Bool
        package var pango: Bool
        package var librsvg: Bool

        package init(keyboards: [Keyboard], draws: Bool, pango: Bool, librsvg: Bool) {
            self.keyboards = keyboards
            self.draws = draws
            self.pango = pango
            self.librsvg = librsvg
        }
    }

    package struct Keyboard: Equatable, Sendable {
        package var name: String
        package var found: Bool

        package init(name: String, found: Bool) {
            self.name = name
            self.found = found
        }
    }

    /// buoy's version.
    package var version: String
    /// The Wayland display's name.
    package var display: String
    /// Those of `DoctorReport.environmentNames` that are set.
    package var environment: [String: String]
    /// nil when SWAYSOCK is not set.
    package var sway: SwayAnswer?
    package var globals: [OfferedGlobal]
    package var outputs: [Output]
    package var seats: [Seat]
    package var config: ConfigCheck
    package var socket: ControlSocket
    package var state: StateFile
    package var helpers: Helpers
    /// The click types' action names the config uses (`right-click`, ...).
    package var clickActions: [String]

    package init(
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

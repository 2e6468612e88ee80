/// Keeps buoy out of its own screenshots, as AssistiveTouch keeps itself out
/// of a screenshot: the buttons, their badges and the menu go at once (no
/// fade, no subscriber event, the user's own hidden or shown state
/// untouched), the screenshot command runs once the compositor has the
/// frame without them, and they come back when it exits.
public struct ScreenshotController: Sendable, Equatable {
    /// How long to wait for the compositor to have the hidden frame before
    /// the command runs anyway.
    public static let frameWait = 0.3
    /// How long the command may keep the buttons away (a region chosen with
    /// slurp takes the user a while); then they come back, and it runs on.
    public static let commandWait = 30.0

    /// Where a screenshot is.
    public enum Phase: Sendable, Equatable {
        case idle
        /// The buttons are taken away; the command runs once they are gone.
        case hiding(command: String, since: Double)
        case running(since: Double)
    }

    /// What the shell tells it.
    public enum Input: Sendable, Equatable {
        /// A screenshot action; `nothingShown` when no button nor menu is on
        /// screen anyway (locked, hidden), so nothing need wait.
        case start(command: String, nothingShown: Bool, at: Double)
        /// The compositor has handled the commits that took the buttons away.
        case hidden(at: Double)
        /// The command exited, or could not start.
        case exited(at: Double)
        case tick(at: Double)
    }

    /// What the shell carries out.
    public enum Effect: Sendable, Equatable {
        /// Take every button and the menu away at once.
        case hide
        /// Run the command; `late` when the hidden frame was not confirmed in time.
        case run(String, late: Bool)
        /// Show the buttons again; `late` when the command has not exited.
        case show(late: Bool)
        /// A screenshot is still being taken: this one does not run.
        case busy
    }

    /// Idle until a screenshot action starts.
    public private(set) var phase = Phase.idle

    /// Idle.
    public init() {}

    /// Whether the buttons and the menu must stay off the screen.
    public var hidesButtons: Bool { phase != .idle }

    /// When a tick is due.
    public var deadline: Double? {
        switch phase {
        case .idle: nil
        case .hiding(_, let since): since + Self.frameWait
        case .running(let since): since + Self.commandWait
        }
    }

    /// Takes one input; returns what to carry out.
    public mutating func handle(_ input: Input) -> [Effect] {
        switch (input, phase) {
        case (.start, .hiding), (.start, .running):
            return [.busy]
        case (.start(let command, true, let now), .idle):
            phase = .running(since: now)
            return [.run(command, late: false)]
        case (.start(let command, false, let now), .idle):
            phase = .hiding(command: command, since: now)
            return [.hide]
        case (.hidden(let now), .hiding(let command, _)):
            phase = .running(since: now)
            return [.run(command, late: false)]
        case (.tick(let now), .hiding(let command, let since)) where now >= since + Self.frameWait:
            phase = .running(since: now)
            return [.run(command, late: true)]
        case (.exited, .running):
            phase = .idle
            return [.show(late: false)]
        case (.tick(let now), .running(let since)) where now >= since + Self.commandWait:
            phase = .idle
            return [.show(late: true)]
        default:
            return []
        }
    }
}

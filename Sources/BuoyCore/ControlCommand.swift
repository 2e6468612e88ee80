/// A command for the running instance, as sent by `buoy msg <command>`.
///
/// On the wire a command is its `words` joined by single spaces; `parse`
/// reads them back.
public enum ControlCommand: Equatable, Sendable {
    case show
    case hide
    case toggle
    /// Moves the button to an edge's middle, a corner or the centre.
    case move(Placement)
    /// Runs the tap action as if the button had been tapped.
    case tap
    case doubleTap
    case longPress
    /// Opens the menu, or closes it when it is open.
    case menu
    /// Reloads the config file.
    case reload
    /// Asks for a `StateReport` as the reply's payload.
    case state
    /// Stops the instance (`buoy --replace` sends it).
    case quit

    /// Every command's name, in the order help and errors list them.
    public static let names = [
        "show", "hide", "toggle", "move", "tap", "double-tap", "long-press", "menu", "reload", "state",
        "quit",
    ]

    /// What `move` accepts, in the order errors list them.
    public static let placements: [Placement] = [
        .left, .right, .top, .bottom, .topLeft, .topRight, .bottomLeft, .bottomRight, .center,
    ]

    /// Parses a command from its words (`["move", "top-left"]`). Names are
    /// exact and lowercase.
    public static func parse(_ words: [String]) -> Result<ControlCommand, ControlCommandError> {
        guard let name = words.first else { return .failure(.missingCommand) }
        let arguments = Array(words.dropFirst())
        let command: ControlCommand
        switch name {
        case "show": command = .show
        case "hide": command = .hide
        case "toggle": command = .toggle
        case "tap": command = .tap
        case "double-tap": command = .doubleTap
        case "long-press": command = .longPress
        case "menu": command = .menu
        case "reload": command = .reload
        case "state": command = .state
        case "quit": command = .quit
        case "move":
            guard let position = arguments.first else { return .failure(.missingPlacement) }
            guard let placement = Placement(rawValue: position) else {
                return .failure(.unknownPlacement(position))
            }
            guard arguments.count == 1 else {
                return .failure(.extraArguments(command: name, Array(arguments.dropFirst())))
            }
            return .success(.move(placement))
        default:
            return .failure(.unknownCommand(name))
        }
        guard arguments.isEmpty else { return .failure(.extraArguments(command: name, arguments)) }
        return .success(command)
    }

    /// The words that `parse` turns back into this command.
    public var words: [String] {
        switch self {
        case .show: return ["show"]
        case .hide: return ["hide"]
        case .toggle: return ["toggle"]
        case .move(let placement): return ["move", placement.rawValue]
        case .tap: return ["tap"]
        case .doubleTap: return ["double-tap"]
        case .longPress: return ["long-press"]
        case .menu: return ["menu"]
        case .reload: return ["reload"]
        case .state: return ["state"]
        case .quit: return ["quit"]
        }
    }
}

/// Why words are not a `ControlCommand`; `message` is the text for the user.
public enum ControlCommandError: Error, Equatable, Sendable {
    case missingCommand
    case unknownCommand(String)
    /// `move` without a position.
    case missingPlacement
    /// `move` with a position that is not one of `ControlCommand.placements`.
    case unknownPlacement(String)
    /// Words after a complete command.
    case extraArguments(command: String, [String])
    /// `--button` without a name.
    case missingButtonName

    public var message: String {
        let commands = ControlCommand.names.joined(separator: ", ")
        let placements = ControlCommand.placements.map(\.rawValue).joined(separator: ", ")
        switch self {
        case .missingCommand:
            return "no command given; commands: \(commands)"
        case .unknownCommand(let name):
            return "unknown command \"\(name)\"; commands: \(commands)"
        case .missingPlacement:
            return "move needs a position: \(placements)"
        case .unknownPlacement(let name):
            return "move: unknown position \"\(name)\"; positions: \(placements)"
        case .extraArguments(let command, let extra):
            let quoted = extra.map { "\"\($0)\"" }.joined(separator: " ")
            let takes = command == "move" ? "takes one position" : "takes no arguments"
            return "\(command) \(takes); unexpected \(quoted)"
        case .missingButtonName:
            return "--button needs a button's name, before the command"
        }
    }
}

/// A request line of `buoy msg [--button NAME] <command>`: the command and
/// the button it is for, if one was named.
public struct ControlMessage: Equatable, Sendable {
    public var button: String?
    public var command: ControlCommand

    public init(button: String? = nil, command: ControlCommand) {
        self.button = button
        self.command = command
    }

    /// The option that names a button; it comes before the command.
    public static let buttonOption = "--button"

    /// Parses `[--button NAME] <command> [arguments]`.
    public static func parse(_ words: [String]) -> Result<ControlMessage, ControlCommandError> {
        var rest = words[...]
        var button: String?
        if rest.first == buttonOption {
            rest.removeFirst()
            guard let name = rest.popFirst() else { return .failure(.missingButtonName) }
            button = name
        }
        return ControlCommand.parse(Array(rest)).map { ControlMessage(button: button, command: $0) }
    }

    /// The words that `parse` turns back into this message.
    public var words: [String] {
        (button.map { [Self.buttonOption, $0] } ?? []) + command.words
    }
}

/// Which buttons a `buoy msg` command acts on.
public enum ControlTarget: Equatable, Sendable {
    /// Every button: `show`, `hide` and `toggle` without `--button`.
    case every
    /// The button of this name (all its instances, for `output = "*"`).
    case button(String)
}

/// Why a command cannot be carried out for the buttons there are.
public enum ControlTargetError: Error, Equatable, Sendable {
    /// `--button` with a command that is not about a button.
    case takesNoButton(command: String)
    case unknownButton(String, known: [String])
    /// A command for one button, without `--button`, while there are several.
    case severalButtons([String])

    public var message: String {
        switch self {
        case .takesNoButton(let command): return "\(command) takes no --button"
        case .unknownButton(let name, let known):
            return "no button named \"\(name)\"; buttons: \(known.joined(separator: ", "))"
        case .severalButtons(let names):
            return "there are several buttons (\(names.joined(separator: ", "))); name one with --button NAME"
        }
    }
}

extension ControlMessage {
    /// The buttons this message acts on, given the configured buttons' names;
    /// nil for commands about the instance as a whole (`reload`, `state`,
    /// `quit`). `show`, `hide` and `toggle` act on every button unless one is
    /// named; the other commands on the only one there is, or the named one.
    public func target(among names: [String]) -> Result<ControlTarget?, ControlTargetError> {
        switch command {
        case .reload, .state, .quit:
            if button != nil { return .failure(.takesNoButton(command: command.words[0])) }
            return .success(nil)
        case .show, .hide, .toggle, .move, .tap, .doubleTap, .longPress, .menu:
            if let button {
                guard names.contains(button) else { return .failure(.unknownButton(button, known: names)) }
                return .success(.button(button))
            }
            switch command {
            case .show, .hide, .toggle: return .success(.every)
            default:
                guard names.count == 1 else { return .failure(.severalButtons(names)) }
                return .success(.button(names[0]))
            }
        }
    }
}

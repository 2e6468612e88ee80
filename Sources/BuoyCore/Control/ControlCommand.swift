/// The name of each `buoy msg` command: the one list that the parser, the
/// help (`ControlCommandName.help`) and buoy(1) follow. A gesture's command
/// is made from `ButtonGesture`, one per gesture, so every gesture the
/// schema has can be sent (`double-tap`, `swipe-left`).
public enum ControlCommandName: RawRepresentable, Hashable, CaseIterable, Sendable {
    case show, hide, toggle, move
    /// Runs that gesture's action: its `[actions]` key with hyphens.
    case gesture(ButtonGesture)
    case menu, badge, mode, reload, state, subscribe, quit, click, pointer

    /// Every command, in the order help, errors and buoy(1) list them.
    public static let allCases: [ControlCommandName] =
        [.show, .hide, .toggle, .move] + ButtonGesture.allCases.map(gesture)
        + [.menu, .badge, .mode, .reload, .state, .subscribe, .quit, .click, .pointer]

    /// The command's word: `show`, `double-tap`.
    public var rawValue: String {
        switch self {
        case .show: "show"
        case .hide: "hide"
        case .toggle: "toggle"
        case .move: "move"
        case .gesture(let gesture): String(gesture.rawValue.map { $0 == "_" ? "-" : $0 })
        case .menu: "menu"
        case .badge: "badge"
        case .mode: "mode"
        case .reload: "reload"
        case .state: "state"
        case .subscribe: "subscribe"
        case .quit: "quit"
        case .click: "click"
        case .pointer: "pointer"
        }
    }

    /// The command whose word is `rawValue`; exact and lowercase.
    public init?(rawValue: String) {
        guard let name = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = name
    }

    /// What follows the name, as the help shows it; empty when nothing does.
    public var arguments: String {
        switch self {
        case .move: "<edge|corner|center|default|OUTPUT|X Y>"
        case .badge: "<TEXT|\(ControlCommand.clearBadge)>"
        case .mode: "<" + DeviceMode.allCases.map(\.rawValue).joined(separator: "|") + ">"
        case .menu: "[SUBMENU]"
        case .click:
            "<" + (ClickType.allCases.map(\.rawValue) + [ClickType.cancelWord]).joined(separator: "|") + ">"
        case .pointer: "<" + PointerSwitch.allCases.map(\.rawValue).joined(separator: "|") + ">"
        default: ""
        }
    }

    /// One line for the help.
    public var summary: String {
        switch self {
        case .show: return "show the button"
        case .hide: return "hide the button"
        case .toggle: return "hide the button if it shows, else show it"
        case .move:
            return
                "move it to an edge, a corner, the centre, the config's position, an output, or x y (logical px)"
        case .gesture(let gesture): return "run the \(gesture.rawValue) action"
        case .menu: return "open the menu (at [submenu.SUBMENU]), or close it"
        case .badge: return "show TEXT (1 to 3 characters, or •) at the button's top-right, or remove it"
        case .mode: return "say the device is a tablet or a laptop ([visibility] mode)"
        case .reload: return "read the config again; print its warnings or errors"
        case .state: return "print the state as one line of JSON"
        case .subscribe: return "print one line of JSON per event until buoy exits"
        case .quit: return "save the places and stop buoy"
        case .click: return "deliver that click at the next tap anywhere (drag: two taps), or disarm"
        case .pointer: return "show or hide the pointer pad, an on-screen touchpad"
        }
    }

    /// Every command with its arguments and summary, one per line, for
    /// `buoy --help` and `buoy msg --help`.
    public static var help: String {
        let rows = allCases.map { name in
            (name.arguments.isEmpty ? name.rawValue : name.rawValue + " " + name.arguments, name.summary)
        }
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { usage, summary in
            "  " + usage + String(repeating: " ", count: width - usage.count + 2) + summary
        }.joined(separator: "\n")
    }
}

/// Where `buoy msg move` sends the button.
public enum MoveTarget: Equatable, Sendable {
    /// An edge's middle, a corner or the centre.
    case placement(Placement)
    /// The output of this name (`wl_output.name`), where it rests as it did.
    case output(String)
    /// Its top-left corner at x, y in logical pixels, clamped fully on screen.
    case point(x: Double, y: Double)
    /// `default`: the config's `position`, and the place the user chose is forgotten.
    case configured
}

/// A command for the running instance, as sent by `buoy msg <command>`.
///
/// On the wire a command is its `words` joined by single spaces; `parse`
/// reads them back.
public enum ControlCommand: Equatable, Sendable {
    case show
    case hide
    case toggle
    /// Moves the button to a placement, an output or a point.
    case move(MoveTarget)
    /// Runs a gesture's action as if the button had been tapped, flicked...
    case gesture(ButtonGesture)
    /// Opens the menu (at this `[submenu.NAME]`), or closes it when it is open.
    case menu(String?)
    /// Shows this text (1 to 3 characters) at the button's top-right; nil
    /// removes the badge.
    case badge(String?)
    /// The device mode, for `[visibility] mode`.
    case mode(DeviceMode)
    /// Reloads the config file.
    case reload
    /// Asks for a `StateReport` as the reply's payload.
    case state
    /// Keeps the connection and streams `ButtonEvent`s on it.
    case subscribe
    /// Stops the instance (`buoy --replace` sends it).
    case quit
    /// Arms a click type for the next tap anywhere; nil disarms.
    case click(ClickType?)
    /// Opens or closes the pointer pad.
    case pointer(PointerSwitch)

    /// Every command's name, in the order help and errors list them.
    public static let names = ControlCommandName.allCases.map(\.rawValue)

    /// The placements `move` accepts, in the order errors list them.
    public static let placements: [Placement] = [
        .left, .right, .top, .bottom, .topLeft, .topRight, .bottomLeft, .bottomRight, .center,
    ]

    /// `move default`, the config's position; it wins over an output of that name.
    public static let configuredPosition = "default"

    /// `badge --clear`: no badge.
    public static let clearBadge = "--clear"

    /// The most characters (as they are seen: "👍🏽" is one) a badge shows.
    public static let badgeLength = 3

    /// Every position word `move` takes, as errors and the completions list them.
    public static let positions = placements.map(\.rawValue) + [configuredPosition]

    /// Parses a command from its words (`["move", "top-left"]`). Names are
    /// exact and lowercase.
    public static func parse(_ words: [String]) -> Result<ControlCommand, ControlCommandError> {
        guard let word = words.first else { return .failure(.missingCommand) }
        guard let name = ControlCommandName(rawValue: word) else { return .failure(.unknownCommand(word)) }
        let arguments = Array(words.dropFirst())
        let command: ControlCommand
        switch name {
        case .show: command = .show
        case .hide: command = .hide
        case .toggle: command = .toggle
        case .gesture(let gesture): command = .gesture(gesture)
        case .reload: command = .reload
        case .state: command = .state
        case .subscribe: command = .subscribe
        case .quit: command = .quit
        case .move: return parseMove(arguments).map { .move($0) }
        case .badge: return parseBadge(arguments).map { .badge($0) }
        case .menu:
            guard arguments.count <= 1 else {
                return .failure(.extraArguments(command: "menu", Array(arguments.dropFirst())))
            }
            return .success(.menu(arguments.first))
        case .click: return parseClick(arguments).map { .click($0) }
        case .pointer:
            guard let word = arguments.first else { return .failure(.missingPointerSwitch) }
            guard arguments.count == 1 else {
                return .failure(.extraArguments(command: "pointer", Array(arguments.dropFirst())))
            }
            guard let turn = PointerSwitch(rawValue: word) else {
                return .failure(.unknownPointerSwitch(word))
            }
            return .success(.pointer(turn))
        case .mode:
            guard let word = arguments.first else { return .failure(.missingMode) }
            guard arguments.count == 1 else {
                return .failure(.extraArguments(command: "mode", Array(arguments.dropFirst())))
            }
            guard let mode = DeviceMode(rawValue: word) else { return .failure(.unknownMode(word)) }
            return .success(.mode(mode))
        }
        guard arguments.isEmpty else { return .failure(.extraArguments(command: word, arguments)) }
        return .success(command)
    }

    /// `<text>` or `--clear`.
    private static func parseBadge(_ arguments: [String]) -> Result<String?, ControlCommandError> {
        guard let text = arguments.first else { return .failure(.missingBadge) }
        guard arguments.count == 1 else {
            return .failure(.extraArguments(command: "badge", Array(arguments.dropFirst())))
        }
        if text == clearBadge { return .success(nil) }
        // A request is its words joined by spaces: a space would split it.
        guard (1...badgeLength).contains(text.count),
            !text.unicodeScalars.contains(where: {
                $0.properties.isWhitespace || $0.value < 0x20 || $0.value == 0x7F
            })
        else { return .failure(.badBadge(text)) }
        return .success(text)
    }

    /// `<type>` or `cancel`.
    private static func parseClick(_ arguments: [String]) -> Result<ClickType?, ControlCommandError> {
        guard let word = arguments.first else { return .failure(.missingClickType) }
        guard arguments.count == 1 else {
            return .failure(.extraArguments(command: "click", Array(arguments.dropFirst())))
        }
        if word == ClickType.cancelWord { return .success(nil) }
        guard let type = ClickType(rawValue: word) else { return .failure(.unknownClickType(word)) }
        return .success(type)
    }

    /// `<placement>`, `<output>` or `<x> <y>`.
    private static func parseMove(_ arguments: [String]) -> Result<MoveTarget, ControlCommandError> {
        switch arguments.count {
        case 0: return .failure(.missingPlacement)
        case 1:
            let word = arguments[0]
            if let placement = Placement(rawValue: word) { return .success(.placement(placement)) }
            if word == configuredPosition { return .success(.configured) }
            if Double(word) != nil { return .failure(.missingCoordinate(word)) }
            guard !word.isEmpty else { return .failure(.unknownPlacement(word)) }
            return .success(.output(word))
        case 2:
            guard let x = Double(arguments[0]), let y = Double(arguments[1]), x.isFinite, y.isFinite else {
                if Double(arguments[0]) == nil {
                    return .failure(.extraArguments(command: "move", [arguments[1]]))
                }
                return .failure(.badCoordinates(arguments))
            }
            return .success(.point(x: x, y: y))
        default:
            return .failure(.extraArguments(command: "move", Array(arguments.dropFirst(2))))
        }
    }

    /// The command's name, the first word on the wire.
    public var name: ControlCommandName {
        switch self {
        case .show: return .show
        case .hide: return .hide
        case .toggle: return .toggle
        case .move: return .move
        case .gesture(let gesture): return .gesture(gesture)
        case .menu: return .menu
        case .badge: return .badge
        case .mode: return .mode
        case .reload: return .reload
        case .state: return .state
        case .subscribe: return .subscribe
        case .quit: return .quit
        case .click: return .click
        case .pointer: return .pointer
        }
    }

    /// The words that `parse` turns back into this command.
    public var words: [String] {
        switch self {
        case .move(.placement(let placement)): return ["move", placement.rawValue]
        case .move(.output(let output)): return ["move", output]
        case .move(.point(let x, let y)): return ["move", StateReport.number(x), StateReport.number(y)]
        case .move(.configured): return ["move", Self.configuredPosition]
        case .badge(let text): return ["badge", text ?? Self.clearBadge]
        case .mode(let mode): return ["mode", mode.rawValue]
        case .menu(let submenu?): return ["menu", submenu]
        case .click(let type): return ["click", type?.rawValue ?? ClickType.cancelWord]
        case .pointer(let turn): return ["pointer", turn.rawValue]
        default: return [name.rawValue]
        }
    }
}

/// Why words are not a `ControlCommand`; `message` is the text for the user.
public enum ControlCommandError: Error, Equatable, Sendable {
    case missingCommand
    case unknownCommand(String)
    /// `move` without a position.
    case missingPlacement
    /// `move ""`: no placement, and no output has that name.
    case unknownPlacement(String)
    /// `move 100`: a number alone.
    case missingCoordinate(String)
    /// `move 100 abc`.
    case badCoordinates([String])
    /// `badge` without a text.
    case missingBadge
    /// `mode` without one.
    case missingMode
    /// `mode phone`.
    case unknownMode(String)
    /// `badge ABCD`: too long, empty, or with a space or a control character.
    case badBadge(String)
    /// Words after a complete command.
    case extraArguments(command: String, [String])
    /// `--button` without a name.
    case missingButtonName
    /// `click` without a type.
    case missingClickType
    /// `click triple`.
    case unknownClickType(String)
    /// `pointer` without on, off or toggle.
    case missingPointerSwitch
    /// `pointer maybe`.
    case unknownPointerSwitch(String)

    /// The words `click` takes, as its errors list them.
    private static let clickWords = (ClickType.allCases.map(\.rawValue) + [ClickType.cancelWord])
        .joined(separator: ", ")

    /// The words `pointer` takes, as its errors list them.
    private static let pointerWords = PointerSwitch.allCases.map(\.rawValue).joined(separator: ", ")

    /// A command that does not exist or lacks its argument is a usage error
    /// (`buoy msg` exits 2); a badge's text that cannot be shown is a
    /// failed command (exit 1), as a refusal by the running buoy would be.
    public var isUsage: Bool {
        if case .badBadge = self { false } else { true }
    }

    /// One line that says what is wrong, for a usage error or a reply.
    public var message: String {
        let commands = ControlCommand.names.joined(separator: ", ")
        let placements = ControlCommand.positions.joined(separator: ", ")
        switch self {
        case .missingCommand:
            return "no command given; commands: \(commands)"
        case .unknownCommand(let name):
            return "unknown command \"\(name)\"; commands: \(commands)"
        case .missingPlacement:
            return "move needs a position (\(placements)), an output's name, or x y"
        case .unknownPlacement(let name):
            return "move: unknown position \"\(name)\"; positions: \(placements)"
        case .missingCoordinate(let x):
            return "move \(x): x y needs both coordinates"
        case .badCoordinates(let words):
            let quoted = words.map { "\"\($0)\"" }.joined(separator: " ")
            return "move: x y must be two numbers (logical pixels), not \(quoted)"
        case .missingMode:
            return "mode needs one of " + DeviceMode.allCases.map(\.rawValue).joined(separator: ", ")
        case .unknownMode(let word):
            return "mode: unknown mode \"\(word)\"; modes: "
                + DeviceMode.allCases.map(\.rawValue).joined(separator: ", ")
        case .missingBadge:
            return
                "badge needs a text of 1 to \(ControlCommand.badgeLength) characters, or \(ControlCommand.clearBadge)"
        case .badBadge(let text):
            return
                "badge: \"\(text)\" is \(text.count) characters\(text.contains(where: \.isWhitespace) ? " with a space" : ""); "
                + "a badge is 1 to \(ControlCommand.badgeLength) characters without spaces, "
                + "or \(ControlCommand.clearBadge) to remove it"
        case .extraArguments(let command, let extra):
            let quoted = extra.map { "\"\($0)\"" }.joined(separator: " ")
            let takes =
                switch command {
                case "move": "takes a position, an output, or x y"
                case "menu": "takes at most a submenu's name"
                case "badge": "takes one text, or \(ControlCommand.clearBadge)"
                case "mode": "takes one mode"
                case "click": "takes one type"
                case "pointer": "takes one of \(Self.pointerWords)"
                default: "takes no arguments"
                }
            return "\(command) \(takes); unexpected \(quoted)"
        case .missingButtonName:
            return "--button needs a button's name, before the command"
        case .missingClickType:
            return "click needs one of " + Self.clickWords
        case .unknownClickType(let word):
            return "click: unknown type \"\(word)\"; types: " + Self.clickWords
        case .missingPointerSwitch:
            return "pointer needs one of " + Self.pointerWords
        case .unknownPointerSwitch(let word):
            return "pointer: \"\(word)\" is not one of " + Self.pointerWords
        }
    }
}

/// A request line of `buoy msg [--button NAME] <command>`: the command and
/// the button it is for, if one was named.
public struct ControlMessage: Equatable, Sendable {
    /// The `--button` it names; nil for every button, or the only one.
    public var button: String?
    /// What to do.
    public var command: ControlCommand

    /// `command` for the button named `button`, or with nil for none named.
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

    /// One line for the reply's `error:` status.
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
    /// `subscribe`, `quit`). `show`, `hide` and `toggle` act on every button unless one is
    /// named; the other commands on the only one there is, or the named one.
    public func target(among names: [String]) -> Result<ControlTarget?, ControlTargetError> {
        switch command {
        case .reload, .state, .subscribe, .quit, .mode:
            if button != nil { return .failure(.takesNoButton(command: command.words[0])) }
            return .success(nil)
        case .show, .hide, .toggle, .move, .gesture, .menu, .badge, .click, .pointer:
            if let button {
                guard names.contains(button) else { return .failure(.unknownButton(button, known: names)) }
                return .success(.button(button))
            }
            switch command {
            case .show, .hide, .toggle: return .success(.every)
            // Any button will do: the click goes where the tap is, and the
            // pad opens on the first button's output.
            case .click, .pointer: return .success(.button(names[0]))
            default:
                guard names.count == 1 else { return .failure(.severalButtons(names)) }
                return .success(.button(names[0]))
            }
        }
    }
}

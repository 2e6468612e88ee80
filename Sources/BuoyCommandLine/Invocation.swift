import BuoyCore

/// What the user asked for on the command line. Pure, so that its parsing
/// is tested without a display.
package struct Invocation: Equatable, Sendable {
    package enum Mode: Equatable, Sendable {
        case run
        case check
        case help
        case version
        case printDefaultConfig
        /// `buoy msg <words>`: talk to the running instance.
        case message([String])
        /// `buoy doctor`: say whether buoy can run here, and what stops it.
        case doctor
        /// `buoy config ...`: read or change the config file.
        case config(ConfigCommand)
        /// The child that reads the `.desktop` files for edit mode's picker,
        /// which buoy starts (`applicationListWord`); no user's command.
        case listApplications
    }

    /// The one argument that starts `listApplications`; neither the help
    /// nor the completions offer it.
    package static let applicationListWord = "__list-applications"

    /// The words that start a command of their own, as the first argument.
    /// The completions offer these (CompletionsTests).
    package enum Subcommand: String, CaseIterable, Sendable {
        case msg, doctor, config
    }

    /// Each option, as the parser, buoy(1)'s OPTIONS and the completions
    /// spell it (CompletionsTests).
    package enum Option: CaseIterable, Sendable {
        case config, check, printDefaultConfig, debug, replace, help, version

        /// Its spellings, short first; `--config=PATH` and `-dd` are
        /// forms of `config` and `debug`.
        package var spellings: [String] {
            switch self {
            case .config: ["-c", "--config"]
            case .check: ["--check"]
            case .printDefaultConfig: ["--print-default-config"]
            case .debug: ["-d", "--debug"]
            case .replace: ["--replace"]
            case .help: ["-h", "--help"]
            case .version: ["-v", "--version"]
            }
        }

        init?(_ argument: String) {
            guard let option = Self.allCases.first(where: { $0.spellings.contains(argument) }) else {
                return nil
            }
            self = option
        }
    }

    package var mode = Mode.run
    package var configPath: String?
    package var verbosity = 0
    /// `--replace`: stop a running instance on this display instead of refusing.
    package var replace = false
    /// `buoy doctor --json`: the report as one JSON object.
    package var json = false

    package init() {}

    package static var usage: String {
        """
        Usage: buoy [--config PATH] [-d|-dd] [--replace]
               buoy --check [--config PATH]
               buoy msg [--button NAME] <command>
               buoy doctor [--json] [--config PATH]
               buoy config [--config PATH] get|set|unset|item|path ...
               buoy --print-default-config | --help | --version

        A floating button for Wayland: runs your commands on tap, double tap
        and long press, and can be dragged to any edge of the screen.
        buoy doctor says whether buoy can run here, and what stops it.
        buoy config reads and changes the config file, keeping its comments
        (buoy config --help).

          -c, --config PATH   read this config instead of
                              $XDG_CONFIG_HOME/buoy/config.toml
              --check         validate the config and exit
              --replace       stop the buoy already running on this display
              --print-default-config
                              print an example config with every key
          -d, --debug         log more to stderr: -d what buoy does, -dd
                              debugging detail too
          -h, --help          show this help
          -v, --version       show the version

        \(messageUsage)

        See buoy(1) and buoy(5).
        """
    }

    /// `buoy msg --help`: the commands, from `ControlCommandName`.
    package static var messageUsage: String {
        """
        Commands for `buoy msg [--button NAME] <command>`:
        \(ControlCommandName.help)
        With several buttons, --button NAME picks one; show, hide and toggle
        act on all of them without it.
        """
    }

    /// Parses `arguments` (without the program name), or returns a message
    /// for a usage error.
    package static func parse(_ arguments: [String]) -> Result<Invocation, UsageError> {
        var invocation = Invocation()
        var rest = arguments[...]
        if arguments == [applicationListWord] {
            invocation.mode = .listApplications
            return .success(invocation)
        }
        switch arguments.first.flatMap(Subcommand.init(rawValue:)) {
        case .msg:
            invocation.mode = .message(Array(arguments.dropFirst()))
            return .success(invocation)
        case .doctor:
            invocation.mode = .doctor
            rest = rest.dropFirst()
        case .config:
            return ConfigCommand.parse(Array(arguments.dropFirst())).map { command, path in
                invocation.mode = .config(command)
                invocation.configPath = path
                return invocation
            }
        case nil: break
        }
        while let argument = rest.popFirst() {
            let setsConfig = Option(argument) == .config || argument.hasPrefix("--config=")
            if invocation.mode == .doctor && argument == "--json" {
                invocation.json = true
                continue
            }
            if invocation.mode == .doctor && !setsConfig {
                return .failure(
                    UsageError("buoy doctor takes only --json and --config PATH, not \"\(argument)\""))
            }
            switch Option(argument) {
            case .config:
                guard let path = rest.popFirst(), !path.isEmpty else {
                    return .failure(UsageError("\(argument) needs a path"))
                }
                invocation.configPath = path
            case .check: invocation.mode = .check
            case .help: invocation.mode = .help
            case .version: invocation.mode = .version
            case .printDefaultConfig: invocation.mode = .printDefaultConfig
            case .replace: invocation.replace = true
            case .debug: invocation.verbosity += 1
            case nil:
                // -d, -dd: as sway and swayidle count them.
                if argument.count > 1, argument.hasPrefix("-"), argument.dropFirst().allSatisfy({ $0 == "d" })
                {
                    invocation.verbosity += argument.count - 1
                } else if argument.hasPrefix("--config=") {
                    invocation.configPath = String(argument.dropFirst("--config=".count))
                } else {
                    return .failure(UsageError("unknown argument \"\(argument)\"; see buoy --help"))
                }
            }
        }
        return .success(invocation)
    }
}

package struct UsageError: Error, Equatable, Sendable {
    package var message: String
    package init(_ message: String) { self.message = message }
}

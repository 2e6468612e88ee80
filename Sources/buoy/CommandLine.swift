import BuoyCore

/// What the user asked for on the command line.
struct Invocation: Equatable {
    enum Mode: Equatable {
        case run
        case check
        case help
        case version
        case printDefaultConfig
        /// `buoy msg <words>`: talk to the running instance.
        case message([String])
    }

    var mode = Mode.run
    var configPath: String?
    var verbosity = 0
    /// `--replace`: stop a running instance on this display instead of refusing.
    var replace = false

    static var usage: String {
        """
        Usage: buoy [--config PATH] [-d|-dd] [--replace]
               buoy --check [--config PATH]
               buoy msg [--button NAME] <command>
               buoy --print-default-config | --help | --version

        A floating button for Wayland: runs your commands on tap, double tap
        and long press, and can be dragged to any edge of the screen.

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
    static var messageUsage: String {
        """
        Commands for `buoy msg [--button NAME] <command>`:
        \(ControlCommandName.help)
        With several buttons, --button NAME picks one; show, hide and toggle
        act on all of them without it.
        """
    }

    /// Parses `arguments` (without the program name), or returns a message
    /// for a usage error.
    static func parse(_ arguments: [String]) -> Result<Invocation, UsageError> {
        var invocation = Invocation()
        if arguments.first == "msg" {
            invocation.mode = .message(Array(arguments.dropFirst()))
            return .success(invocation)
        }
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "-c", "--config":
                guard let path = rest.popFirst(), !path.isEmpty else {
                    return .failure(UsageError("\(argument) needs a path"))
                }
                invocation.configPath = path
            case "--check": invocation.mode = .check
            case "-h", "--help": invocation.mode = .help
            case "-v", "--version": invocation.mode = .version
            case "--print-default-config": invocation.mode = .printDefaultConfig
            case "--replace": invocation.replace = true
            case "--debug": invocation.verbosity += 1
            default:
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

struct UsageError: Error, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}

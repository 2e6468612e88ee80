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

    static let usage = """
        Usage: buoy [--config PATH] [-v|-vv] [--replace]
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
          -v, -vv             log more (info, debug) to stderr
          -h, --help          show this help
              --version       show the version

        Commands for `buoy msg`: show, hide, toggle, move <edge|corner>, tap,
        double-tap, long-press, menu, reload, state, quit. With several
        buttons, --button NAME picks one; show, hide and toggle act on all
        of them without it.

        See buoy(1) and buoy(5).
        """

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
            case "--version": invocation.mode = .version
            case "--print-default-config": invocation.mode = .printDefaultConfig
            case "--replace": invocation.replace = true
            case "-v": invocation.verbosity += 1
            case "-vv": invocation.verbosity += 2
            default:
                if argument.hasPrefix("--config=") {
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

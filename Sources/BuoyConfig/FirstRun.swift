import BuoyCore

/// What buoy does when there is no config file at all: a tap opens a menu
/// of the programs found among a short list, each of which works on sway,
/// Hyprland and phones alike, so that a first run is useful before any
/// config is written. buoy(5), FIRST RUN, lists them.
public enum FirstRun {
    /// What the items depend on, passed in so that this stays pure.
    public struct Context {
        /// Whether a program of that name (or at that path) can be run.
        public var onPath: (String) -> Bool
        /// An environment variable, nil when unset or empty.
        public var environment: (String) -> String?
        /// The user's config file, which "Edit buoy's config" writes.
        public var configPath: String
        /// buoy's own executable, which prints the example to write there.
        public var executable: String

        public init(
            onPath: @escaping (String) -> Bool, environment: @escaping (String) -> String?,
            configPath: String, executable: String
        ) {
            self.onPath = onPath
            self.environment = environment
            self.configPath = configPath
            self.executable = executable
        }
    }

    /// The items found, in menu order: the built-in actions terminal,
    /// keyboard, screenshot and lock, and "Edit buoy's config".
    public static func items(_ context: Context) -> [MenuItem] {
        var items: [MenuItem] = []
        let terminal = self.terminal(context)
        if let terminal { items.append(MenuItem(BuiltInAction.terminal, command: terminal.command)) }
        let compositor = Compositor.detect(context.environment)
        for action in [BuiltInAction.keyboard, .screenshot, .lock] {
            if case .command(let command) = action.resolve(found: context.onPath, compositor: compositor) {
                items.append(MenuItem(action, command: command))
            }
        }
        if let edit = editConfig(context, terminal: terminal) {
            items.append(MenuItem(label: "Edit buoy's config", icon: "text-editor", command: edit))
        }
        return items
    }

    /// The config of a first run: the defaults, and a tap that opens the
    /// menu of `items`; just the defaults when there are none.
    public static func config(items: [MenuItem]) -> Config {
        guard !items.isEmpty else { return .defaults }
        return Config(actions: Actions(tap: .menu), menu: Menu(items: Array(items.prefix(Menu.maxItems))))
    }

    /// `config` with the items `find` returns (`items`, found when asked) as
    /// the menu of every button with an action that opens a menu of no items:
    /// so `"menu"` without `[[menu.item]]`, as the example config's tap is
    /// written, opens the menu of a first run.
    public static func furnishing(_ config: Config, find: () -> [MenuItem]) -> Config {
        let bare = config.buttons.indices.filter {
            config.buttons[$0].actions.opensMenu && config.buttons[$0].menu.items.isEmpty
        }
        guard !bare.isEmpty else { return config }
        let items = Array(find().prefix(Menu.maxItems))
        var config = config
        for index in bare { config.buttons[index].menu.items = items }
        return config
    }

    /// wvkbd's toggle, as every example writes it: SIGRTMIN shows or hides
    /// it, and it is started, in the background, only when none runs.
    public static let keyboardToggle = "pkill -RTMIN -x wvkbd-mobintl || wvkbd-mobintl &"

    /// What a tap that does nothing on a first run says, so that a
    /// newcomer learns where the config goes.
    public static func hint(configPath: String) -> String {
        "a tap does nothing yet: there is no config file. Create \(configPath) (buoy --print-default-config"
            + " prints a commented example) and set tap in [actions] to a command, or to \"menu\" with"
            + " [[menu.item]]s; see buoy(5)"
    }

    /// `$TERMINAL`, else the built-in action terminal's; with how it runs
    /// a command in a new window (`-e`, or the words after it).
    private static func terminal(_ context: Context) -> (command: String, runPrefix: String)? {
        if let named = context.environment("TERMINAL"), context.onPath(named) {
            return (shellQuoted(named), shellQuoted(named) + " -e")
        }
        guard
            case .command(let found) = BuiltInAction.terminal.resolve(found: context.onPath, compositor: nil)
        else { return nil }
        // foot and kitty take the command as it is.
        return (found, found == "alacritty" ? "alacritty -e" : found)
    }

    /// Writes the example to the config path unless a file is there (mode
    /// 600, so that buoy will read it), then opens it with xdg-open, else in
    /// the terminal with `$EDITOR`, nano or vi (which POSIX promises): a
    /// session started by a display manager often has no `$EDITOR`.
    private static func editConfig(_ context: Context, terminal: (command: String, runPrefix: String)?)
        -> String?
    {
        let file = shellQuoted(context.configPath)
        let opener: String
        if context.onPath("xdg-open") {
            opener = "xdg-open \(file)"
        } else if let terminal {
            let editor =
                context.environment("EDITOR") != nil ? "$EDITOR" : context.onPath("nano") ? "nano" : "vi"
            opener = "\(terminal.runPrefix) \(editor) \(file)"
        } else {
            return nil
        }
        let directory = shellQuoted(PathName.directory(of: context.configPath))
        return "[ -e \(file) ] || (umask 077 && mkdir -p \(directory) && "
            + "\(shellQuoted(context.executable)) --print-default-config > \(file)); \(opener)"
    }
}

/// `text` as one word for /bin/sh, in single quotes.
func shellQuoted(_ text: String) -> String {
    var quoted = "'"
    for character in text {
        quoted += character == "'" ? #"'\''"# : String(character)
    }
    return quoted + "'"
}

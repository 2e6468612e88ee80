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

    /// The items found, in menu order: a terminal, an on-screen keyboard
    /// toggle, a screenshot, a screen lock and "Edit buoy's config".
    public static func items(_ context: Context) -> [MenuItem] {
        var items: [MenuItem] = []
        let terminal = self.terminal(context)
        if let terminal {
            items.append(MenuItem(label: "Terminal", icon: "utilities-terminal", command: terminal.command))
        }
        if let keyboard = keyboard(context) {
            items.append(MenuItem(label: "Keyboard", icon: "input-keyboard", command: keyboard))
        }
        if context.onPath("grim") {
            // The pause lets the menu fold away first, so it is not in the picture.
            let command =
                #"dir="${XDG_PICTURES_DIR:-$HOME/Pictures}"; mkdir -p "$dir" && sleep 0.5 && "#
                + #"grim "$dir/screenshot-$(date +%Y%m%d-%H%M%S).png""#
            items.append(MenuItem(label: "Screenshot", icon: "camera-photo", command: command))
        }
        if context.onPath("swaylock") {
            items.append(MenuItem(label: "Lock", icon: "system-lock-screen", command: "swaylock -f"))
        } else if context.onPath("loginctl") {
            items.append(
                MenuItem(label: "Lock", icon: "system-lock-screen", command: "loginctl lock-session"))
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

    /// `$TERMINAL`, else the first of foot, alacritty and kitty; with how
    /// it runs a command in a new window (`-e`, or the words after it).
    private static func terminal(_ context: Context) -> (command: String, runPrefix: String)? {
        if let named = context.environment("TERMINAL"), context.onPath(named) {
            return (shellQuoted(named), shellQuoted(named) + " -e")
        }
        for (name, prefix) in [("foot", "foot"), ("alacritty", "alacritty -e"), ("kitty", "kitty")]
        where context.onPath(name) {
            return (name, prefix)
        }
        return nil
    }

    /// The on-screen keyboards a first run's menu shows and hides, in the
    /// order it prefers them; `buoy doctor` looks for the same.
    public enum Keyboard: String, CaseIterable, Sendable {
        case wvkbd = "wvkbd-mobintl"
        case squeekboard

        /// The other program its toggle runs.
        var helper: String { self == .wvkbd ? "pkill" : "busctl" }

        /// wvkbd toggled with SIGRTMIN (started when it does not run);
        /// squeekboard's visibility flipped over D-Bus.
        var toggle: String {
            switch self {
            case .wvkbd: return FirstRun.keyboardToggle
            case .squeekboard:
                let osk = "sm.puri.OSK0 /sm/puri/OSK0 sm.puri.OSK0"
                return #"if [ "$(busctl --user get-property "# + osk + #" Visible)" = "b true" ]; "#
                    + "then v=false; else v=true; fi; busctl --user call \(osk) SetVisible b $v"
            }
        }
    }

    private static func keyboard(_ context: Context) -> String? {
        Keyboard.allCases.first { context.onPath($0.rawValue) && context.onPath($0.helper) }?.toggle
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
        let directory = shellQuoted(parentDirectory(of: context.configPath))
        return "[ -e \(file) ] || (umask 077 && mkdir -p \(directory) && "
            + "\(shellQuoted(context.executable)) --print-default-config > \(file)); \(opener)"
    }

    private static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
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

import BuoyCore

/// An action buoy ships, which the config asks for by name (`action =
/// "volume-up"`) instead of a command line that a user must know, as
/// AssistiveTouch and Android's accessibility menu ship theirs. `all` is the
/// one table of them: buoy(5)'s ACTIONS is held to it (DocumentationTests).
public struct BuiltInAction: Sendable, Equatable {
    /// How the config names it.
    public let name: String
    /// A menu item's label and icon when the config gives none. The icon
    /// is a theme name, whose symbolic variant is looked up first.
    public let label: String
    public let icon: String
    /// Whether a menu item with this action stays open after it runs when
    /// the config does not say (`keep_open`), so repeated presses work.
    public let keepOpen: Bool
    /// Its heading in edit mode's picker.
    public let group: ActionGroup
    /// The ways to run it, best first.
    public let tools: [Tool]

    /// One way to run an action.
    public struct Tool: Sendable, Equatable {
        /// What must be on PATH, the tool itself first.
        public let programs: [String]
        /// The compositor it works in; nil for any.
        public let compositor: Compositor?
        /// The shell command line buoy runs.
        public let command: String

        init(_ programs: String..., in compositor: Compositor? = nil, runs command: String) {
            self.programs = programs
            self.compositor = compositor
            self.command = command
        }
    }

    /// What an action comes to in a session.
    public enum Resolution: Sendable, Equatable {
        /// The command of the first tool found that works in the compositor.
        case command(String)
        /// There is none: why, and what to install.
        case missing(String)

        /// The command, or why there is none: what `--check` and the log say.
        public var summary: String {
            switch self {
            case .command(let command), .missing(let command): return command
            }
        }
    }

    /// The first tool whose programs are all `found` on PATH and that works
    /// in `compositor`; else the programs missing for each tool that would
    /// work there, or, when none would, the compositors that have one.
    public func resolve(found: (String) -> Bool, compositor: Compositor?) -> Resolution {
        let fitting = tools.filter { $0.compositor == nil || $0.compositor == compositor }
        if let tool = fitting.first(where: { $0.programs.allSatisfy(found) }) {
            return .command(tool.command)
        }
        guard !fitting.isEmpty else {
            let elsewhere = tools.compactMap { tool in
                tool.compositor.map { "\($0.name) (\(tool.programs[0]))" }
            }
            return .missing("no tool works in this compositor; it needs \(listed(elsewhere))")
        }
        var install: [String] = []
        var programs: [String] = []
        for tool in fitting {
            let missing = tool.programs.filter { !found($0) }
            let wanted = missing.dropFirst().reduce(missing[0]) { $0 + " (and \($1))" }
            if !install.contains(wanted) { install.append(wanted) }
            programs += missing.filter { !programs.contains($0) }
        }
        // The packages too, where they are named otherwise than the programs.
        let packages = programs.map { Package.of($0).debian }
        let from = packages == programs ? "" : " (Debian: \(packages.uniqued.joined(separator: ", ")))"
        return .missing("no tool found; install \(listed(install))\(from)")
    }

    /// A few words for the screen when `resolve` finds no tool: the package
    /// of the best tool that would work in `compositor` (Debian's name), or
    /// that none would.
    public func note(found: (String) -> Bool, compositor: Compositor?) -> String {
        let fitting = tools.filter { $0.compositor == nil || $0.compositor == compositor }
        guard let best = fitting.first else { return "Not on this desktop" }
        let missing = best.programs.filter { !found($0) }
        let packages = (missing.isEmpty ? best.programs : missing).map { Package.of($0).debian }
        return "Install " + packages.uniqued.joined(separator: ", ")
    }

    /// Where a program comes from: its package in Debian, Arch and Fedora.
    public struct Package: Sendable, Equatable {
        public let debian: String
        public let arch: String
        public let fedora: String

        /// The package of each program a tool needs whose name is not the
        /// program's own in every one of them; buoy(5) lists them.
        public static let differing: [(program: String, package: Package)] = [
            ("wpctl", Package(debian: "wireplumber", arch: "wireplumber", fedora: "wireplumber")),
            ("pactl", Package(debian: "pulseaudio-utils", arch: "libpulse", fedora: "pulseaudio-utils")),
            ("amixer", Package(debian: "alsa-utils", arch: "alsa-utils", fedora: "alsa-utils")),
            ("wvkbd-mobintl", Package(debian: "wvkbd", arch: "wvkbd", fedora: "wvkbd")),
            ("pkill", Package(debian: "procps", arch: "procps-ng", fedora: "procps-ng")),
            ("busctl", Package(debian: "systemd", arch: "systemd", fedora: "systemd")),
            ("loginctl", Package(debian: "systemd", arch: "systemd", fedora: "systemd")),
            ("swaymsg", Package(debian: "sway", arch: "sway", fedora: "sway")),
            ("hyprctl", Package(debian: "hyprland", arch: "hyprland", fedora: "hyprland")),
            ("kscreen-doctor", Package(debian: "libkf5screen-bin", arch: "libkscreen", fedora: "libkscreen")),
            (
                "swaync-client",
                Package(debian: "sway-notification-center", arch: "swaync", fedora: "SwayNotificationCenter")
            ),
            ("makoctl", Package(debian: "mako-notifier", arch: "mako", fedora: "mako")),
        ]

        /// `program`'s package: the one `differing` names, else one of its own name.
        public static func of(_ program: String) -> Package {
            differing.first { $0.program == program }?.package
                ?? Package(debian: program, arch: program, fedora: program)
        }
    }

    /// Whether `command` is a screenshot action's, which buoy must stay out
    /// of: it takes its buttons and menu off the screen while it runs. The
    /// command is what buoy runs, the action resolved when the config was read.
    public static func photographsScreen(_ command: String) -> Bool {
        [screenshot, screenshotRegion].contains { $0.tools.contains { $0.command == command } }
    }

    /// The action the config names so; nil for an unknown name.
    public static func named(_ name: String) -> BuiltInAction? {
        all.first { $0.name == name }
    }
}

extension Array where Element: Equatable {
    /// Each element once, where it first is.
    fileprivate var uniqued: [Element] {
        reduce(into: []) { kept, element in if !kept.contains(element) { kept.append(element) } }
    }
}

/// "a", "a or b", "a, b or c".
private func listed(_ items: [String]) -> String {
    guard let last = items.last else { return "" }
    let rest = items.dropLast()
    return rest.isEmpty ? last : rest.joined(separator: ", ") + " or " + last
}

// MARK: - The table

extension BuiltInAction {
    /// Every built-in action, in the order buoy(5) lists them.
    public static let all: [BuiltInAction] = [
        volumeUp, volumeDown, mute, brightnessUp, brightnessDown, screenshot, screenshotRegion, keyboard,
        rotate, lock, terminal, launcher, notifications, closeWindow, fullscreen, workspaceNext,
        workspacePrevious,
    ]

    static let volumeUp = BuiltInAction(
        name: "volume-up", label: "Volume up", icon: "audio-volume-high", keepOpen: true, group: .media,
        tools: sound(
            wpctl: "set-volume -l 1 @DEFAULT_AUDIO_SINK@ 5%+", pactl: "set-sink-volume @DEFAULT_SINK@ +5%",
            amixer: "5%+ unmute"))

    static let volumeDown = BuiltInAction(
        name: "volume-down", label: "Volume down", icon: "audio-volume-low", keepOpen: true, group: .media,
        tools: sound(
            wpctl: "set-volume @DEFAULT_AUDIO_SINK@ 5%-", pactl: "set-sink-volume @DEFAULT_SINK@ -5%",
            amixer: "5%-"))

    static let mute = BuiltInAction(
        name: "mute", label: "Mute", icon: "audio-volume-muted", keepOpen: false, group: .media,
        tools: sound(
            wpctl: "set-mute @DEFAULT_AUDIO_SINK@ toggle", pactl: "set-sink-mute @DEFAULT_SINK@ toggle",
            amixer: "toggle"))

    static let brightnessUp = BuiltInAction(
        name: "brightness-up", label: "Brightness up", icon: "daytime-sunrise", keepOpen: true,
        group: .screen,
        tools: brightness(brightnessctl: "set 5%+", light: "-A 5"))

    // -n keeps the screen from going black at the bottom of the range.
    static let brightnessDown = BuiltInAction(
        name: "brightness-down", label: "Brightness down", icon: "daytime-sunset", keepOpen: true,
        group: .screen,
        tools: brightness(brightnessctl: "-n set 5%-", light: "-U 5"))

    static let screenshot = BuiltInAction(
        name: "screenshot", label: "Screenshot", icon: "camera-photo", keepOpen: false, group: .screen,
        tools: [Tool("grim", runs: picturesPrefix + #"grim "$dir/\#(screenshotName)""#)])

    static let screenshotRegion = BuiltInAction(
        name: "screenshot-region", label: "Screenshot region", icon: "edit-select", keepOpen: false,
        group: .screen,
        tools: [
            Tool(
                "grim", "slurp",
                runs: picturesPrefix + #"area="$(slurp)" && grim -g "$area" "$dir/\#(screenshotName)""#)
        ])

    public static let keyboard = BuiltInAction(
        name: "keyboard", label: "Keyboard", icon: "input-keyboard", keepOpen: false, group: .device,
        tools: [
            Tool("wvkbd-mobintl", "pkill", runs: FirstRun.keyboardToggle),
            // squeekboard (Phosh) and KWin show and hide theirs over D-Bus.
            Tool(
                "squeekboard", "busctl",
                runs: flip(
                    "sm.puri.OSK0 /sm/puri/OSK0 sm.puri.OSK0 Visible",
                    "call sm.puri.OSK0 /sm/puri/OSK0 sm.puri.OSK0 SetVisible b")),
            Tool(
                "busctl", in: .kde,
                runs: flip(
                    "org.kde.KWin /VirtualKeyboard org.kde.kwin.VirtualKeyboard active",
                    "set-property org.kde.KWin /VirtualKeyboard org.kde.kwin.VirtualKeyboard active b")),
        ])

    // A quarter turn clockwise of the focused output (sway, Hyprland) or of
    // the first one (KDE). Hyprland and kscreen-doctor turn to a rotation,
    // not by one, so the current one is read first; the whole monitor rule
    // is given again, as Hyprland resets what a rule leaves out.
    static let rotate = BuiltInAction(
        name: "rotate", label: "Rotate", icon: "object-rotate-right", keepOpen: false, group: .screen,
        tools: [
            Tool("swaymsg", in: .sway, runs: "swaymsg output - transform 90 clockwise"),
            Tool(
                "hyprctl", in: .hyprland,
                runs:
                    #"hyprctl keyword monitor "$(hyprctl monitors | awk '$1 == "Monitor" { name = $2; mode = "" }"#
                    + #" $2 == "at" && mode == "" { mode = $1; at = $3 } $1 == "scale:" { scale = $2 }"#
                    + #" $1 == "transform:" { turn = $2 } $1 == "focused:" && $2 == "yes""#
                    + #" { print name "," mode "," at "," scale ",transform," (turn + 1) % 4 }')""#),
            Tool(
                "kscreen-doctor", in: .kde,
                runs: #"kscreen-doctor $(kscreen-doctor -o | awk '{ gsub(/\033\[[0-9;]*m/, "") }"#
                    + #" name == "" { for (i = 1; i < NF; i++) if ($i == "Output:") name = $(i + 2) }"#
                    + #" turn == "" { for (i = 1; i < NF; i++) if ($i == "Rotation:") turn = $(i + 1) }"#
                    + #" END { to[1] = "right"; to[8] = "inverted"; to[4] = "left"; to[2] = "none";"#
                    + #" print "output." name ".rotation." to[turn] }')"#),
        ])

    static let lock = BuiltInAction(
        name: "lock", label: "Lock", icon: "system-lock-screen", keepOpen: false, group: .device,
        tools: [Tool("swaylock", runs: "swaylock -f"), Tool("loginctl", runs: "loginctl lock-session")])

    static let terminal = BuiltInAction(
        name: "terminal", label: "Terminal", icon: "utilities-terminal", keepOpen: false, group: .device,
        tools: [
            Tool("foot", runs: "foot"), Tool("alacritty", runs: "alacritty"), Tool("kitty", runs: "kitty"),
        ])

    static let launcher = BuiltInAction(
        name: "launcher", label: "Apps", icon: "view-app-grid", keepOpen: false, group: .device,
        tools: [
            Tool("fuzzel", runs: "fuzzel"), Tool("wofi", runs: "wofi --show drun"),
            Tool("rofi", runs: "rofi -show drun"),
        ])

    // mako keeps no panel: it brings back the last notification dismissed.
    static let notifications = BuiltInAction(
        name: "notifications", label: "Notifications", icon: "preferences-system-notifications",
        keepOpen: false, group: .device,
        tools: [
            Tool("swaync-client", runs: "swaync-client -t -sw"), Tool("makoctl", runs: "makoctl restore"),
        ])

    static let closeWindow = BuiltInAction(
        name: "close-window", label: "Close window", icon: "window-close", keepOpen: false, group: .windows,
        tools: windowTools(sway: "kill", hyprland: "killactive"))

    static let fullscreen = BuiltInAction(
        name: "fullscreen", label: "Fullscreen", icon: "view-fullscreen", keepOpen: false, group: .windows,
        tools: windowTools(sway: "fullscreen toggle", hyprland: "fullscreen 0"))

    static let workspaceNext = BuiltInAction(
        name: "workspace-next", label: "Next workspace", icon: "go-next", keepOpen: false, group: .windows,
        tools: windowTools(sway: "workspace next", hyprland: "workspace e+1"))

    static let workspacePrevious = BuiltInAction(
        name: "workspace-prev", label: "Previous workspace", icon: "go-previous", keepOpen: false,
        group: .windows,
        tools: windowTools(sway: "workspace prev", hyprland: "workspace e-1"))

    /// The default output's volume through PipeWire, PulseAudio or ALSA.
    private static func sound(wpctl: String, pactl: String, amixer: String) -> [Tool] {
        [
            Tool("wpctl", runs: "wpctl \(wpctl)"),
            Tool("pactl", runs: "pactl \(pactl)"),
            Tool("amixer", runs: "amixer -q set Master \(amixer)"),
        ]
    }

    /// The backlight through brightnessctl, whose report of each change is
    /// dropped, or light.
    private static func brightness(brightnessctl: String, light: String) -> [Tool] {
        [
            Tool("brightnessctl", runs: "brightnessctl \(brightnessctl) > /dev/null"),
            Tool("light", runs: "light \(light)"),
        ]
    }

    /// A sway command through swaymsg, or a Hyprland dispatcher through hyprctl.
    private static func windowTools(sway: String, hyprland: String) -> [Tool] {
        [
            Tool("swaymsg", in: .sway, runs: "swaymsg \(sway)"),
            Tool("hyprctl", in: .hyprland, runs: "hyprctl dispatch \(hyprland)"),
        ]
    }

    /// Where screenshots go, made if missing. buoy runs the command once the
    /// compositor has the frame without its buttons and menu (`photographsScreen`).
    private static let picturesPrefix = #"dir="${XDG_PICTURES_DIR:-$HOME/Pictures}"; mkdir -p "$dir" && "#
    private static let screenshotName = "screenshot-$(date +%Y%m%d-%H%M%S).png"

    /// Reads a boolean D-Bus property (`busctl --user get-property` of
    /// `property`) and sends `write` its opposite.
    private static func flip(_ property: String, _ write: String) -> String {
        #"if [ "$(busctl --user get-property \#(property))" = "b true" ]; then v=false; else v=true; fi; "#
            + "busctl --user \(write) $v"
    }
}

// MARK: - In a config

extension MenuItem {
    /// Whether its action is a built-in one that the shell left as it was:
    /// its tool was missing when the config was read (`resolvingBuiltIns`).
    public var isUnavailable: Bool {
        if case .builtIn = action { return true }
        return false
    }
}

extension Menu {
    /// Its items, then its submenus' (by name): every item it may show.
    public var everyItem: [MenuItem] {
        items + submenus.keys.sorted().flatMap { submenus[$0]?.items ?? [] }
    }
}

extension Config {
    /// The built-in actions the buttons ask for, each once: button by
    /// button, its gestures', its menu items', then its submenus' (by name).
    public var builtInActions: [BuiltInAction] {
        var used: [BuiltInAction] = []
        for case .builtIn(let action) in everyAction where !used.contains(action) { used.append(action) }
        return used
    }

    /// Every action the buttons run, button by button: its gestures', its
    /// menu items', then its submenus' (by name).
    var everyAction: [Action] {
        buttons.flatMap { spec in
            Actions.gestures.compactMap { spec.actions[keyPath: $0] } + spec.menu.everyItem.map(\.action)
        }
    }

    /// This config with each built-in action that `resolve` finds a tool
    /// for turned into that tool's command; the others are left as they are.
    public func resolvingBuiltIns(_ resolve: (BuiltInAction) -> BuiltInAction.Resolution) -> Config {
        func resolved(_ action: Action) -> Action {
            guard case .builtIn(let builtIn) = action, case .command(let command) = resolve(builtIn) else {
                return action
            }
            return .command(command)
        }
        func resolved(_ actions: Actions) -> Actions {
            var actions = actions
            for gesture in Actions.gestures {
                actions[keyPath: gesture] = actions[keyPath: gesture].map(resolved)
            }
            return actions
        }
        func resolved(_ items: [MenuItem]) -> [MenuItem] {
            items.map { item in
                var item = item
                item.action = resolved(item.action)
                return item
            }
        }
        func resolved(_ menu: Menu) -> Menu {
            var menu = menu
            menu.items = resolved(menu.items)
            menu.submenus = menu.submenus.mapValues { Submenu(items: resolved($0.items), layout: $0.layout) }
            return menu
        }
        var config = self
        config.actions = resolved(actions)
        config.menu = resolved(menu)
        for index in config.buttons.indices {
            config.buttons[index].unresolvedActions = config.buttons[index].writtenActions
            config.buttons[index].actions = resolved(config.buttons[index].actions)
            config.buttons[index].menu = resolved(config.buttons[index].menu)
        }
        return config
    }
}

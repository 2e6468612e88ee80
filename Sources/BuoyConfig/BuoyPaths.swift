/// Where buoy's own files are, from the environment, as the XDG Base
/// Directory spec says: an unset or empty variable takes its default, and a
/// relative path is invalid and ignored. Without a usable `HOME` there is
/// no default for the user's own directories, and buoy then has none, as
/// sway has none: it reads the system-wide config and saves no places,
/// rather than use "//.config" and "//.local/state" under the root.
public struct BuoyPaths: Equatable, Sendable {
    /// Where the config may be, in order: the user's file when there is a
    /// user's directory, then `buoy/config.toml` in each `$XDG_CONFIG_DIRS`
    /// entry (`/etc/xdg` when it names none), as waybar and fuzzel look.
    /// Never empty.
    public let configCandidates: [String]
    /// `$XDG_STATE_HOME/buoy/state` or `~/.local/state/buoy/state`; nil
    /// without either.
    public let statePath: String?
    /// Whether `configCandidates` starts with the user's own file.
    private let hasUserConfig: Bool

    /// The user's own config file, `configCandidates`' first; nil without a
    /// user's directory, when every candidate is a system-wide file.
    public var userConfig: String? { hasUserConfig ? configCandidates[0] : nil }

    public init(environment: (String) -> String?) {
        func absolute(_ name: String) -> String? {
            environment(name).flatMap { $0.hasPrefix("/") ? $0 : nil }
        }
        let home = absolute("HOME")
        let configHome = absolute("XDG_CONFIG_HOME") ?? home.map { $0 + "/.config" }
        let named = (environment("XDG_CONFIG_DIRS") ?? "").split(separator: ":").filter { $0.hasPrefix("/") }
        let system = named.isEmpty ? ["/etc/xdg"] : named.map(String.init)
        configCandidates = ((configHome.map { [$0] } ?? []) + system).map { $0 + "/buoy/config.toml" }
        hasUserConfig = configHome != nil
        statePath = (absolute("XDG_STATE_HOME") ?? home.map { $0 + "/.local/state" }).map {
            $0 + "/buoy/state"
        }
    }

    /// What buoy goes without for want of a home directory, to log at start;
    /// nil when it goes without nothing.
    public var notice: String? {
        var without: [String] = []
        if !hasUserConfig {
            without.append(
                "no config file of your own is read, only \(configCandidates.joined(separator: ", "))")
        }
        if statePath == nil { without.append("the buttons' places are not saved") }
        guard !without.isEmpty else { return nil }
        return "HOME is not set to an absolute path: " + without.joined(separator: ", and ")
            + "; set HOME, or XDG_CONFIG_HOME and XDG_STATE_HOME"
    }
}

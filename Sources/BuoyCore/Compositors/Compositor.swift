/// The compositor of the session buoy runs in, as far as the built-in
/// actions must know it to pick a tool (`swaymsg`, `hyprctl`,
/// `kscreen-doctor`). Any other compositor is nil: the actions that need
/// none of these work there too.
public enum Compositor: String, CaseIterable, Sendable {
    case sway
    case hyprland
    case kde

    /// The name the docs and messages give it.
    public var name: String {
        switch self {
        case .sway: return "sway"
        case .hyprland: return "Hyprland"
        case .kde: return "KDE Plasma"
        }
    }

    /// The compositor `environment` names (a variable's value, nil when
    /// unset): the variables each sets for its clients, then
    /// `XDG_CURRENT_DESKTOP`. Hyprland comes first: a Hyprland started from
    /// sway inherits `SWAYSOCK`, but nothing else sets its signature.
    public static func detect(_ environment: (String) -> String?) -> Compositor? {
        if environment("HYPRLAND_INSTANCE_SIGNATURE") != nil { return .hyprland }
        if environment("SWAYSOCK") != nil { return .sway }
        if environment("KDE_SESSION_VERSION") != nil { return .kde }
        let desktops = (environment("XDG_CURRENT_DESKTOP") ?? "").lowercased().split(separator: ":")
        return allCases.first { compositor in
            desktops.contains { $0 == compositor.rawValue }
        }
    }
}

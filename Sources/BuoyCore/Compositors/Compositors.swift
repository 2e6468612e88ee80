/// The compositors buoy supports: those the e2e matrix runs on
/// (Tests/e2e/README.md), and Hyprland, which has a manual checklist
/// (docs/compositors.md). README, buoy(1), the Debian package's description
/// and examples/buoy.desktop name them in these words, and DocumentationTests
/// holds them to it. GNOME is not one: it has no wlr-layer-shell.
public enum Compositors {
    /// The compositors buoy supports, in the words the docs use.
    public static let supported =
        "sway (and sxmo, which runs on it), Hyprland, KDE Plasma and Plasma Mobile (KWin), labwc, wayfire"
        + " and Phosh (phoc)"

    /// The globals buoy cannot run without, in the order they are checked.
    public static let required: [RequiredGlobal] = [
        RequiredGlobal(interface: "wl_compositor", purpose: "every compositor has it"),
        RequiredGlobal(interface: "wl_subcompositor", purpose: "every desktop compositor has it"),
        RequiredGlobal(interface: "wl_shm", purpose: "every compositor has it"),
        RequiredGlobal(
            interface: "zwlr_layer_shell_v1",
            purpose:
                "wlr-layer-shell, needed to float above other windows; \(supported) offer it; GNOME does not"),
        RequiredGlobal(interface: "wp_viewporter", purpose: "viewporter; \(supported) offer it"),
    ]

    /// The first required global that buoy could not bind, if any.
    public static func firstMissing(in globals: [OfferedGlobal]) -> RequiredGlobal? {
        required.first { need in !globals.contains { $0.interface == need.interface && $0.bound != nil } }
    }
}

/// A global as the compositor offered it, and the version buoy bound it at
/// (nil: not bound). `Display` records one per `wl_registry.global`.
public struct OfferedGlobal: Equatable, Sendable {
    /// Its `wl_registry.global` interface name, e.g. `zwlr_layer_shell_v1`.
    public var interface: String
    /// The highest version the compositor offers.
    public var version: UInt32
    /// The version buoy bound it at; nil when it did not bind it.
    public var bound: UInt32?

    /// A global offered at `version`, bound at `bound` if buoy bound it.
    public init(interface: String, version: UInt32, bound: UInt32? = nil) {
        self.interface = interface
        self.version = version
        self.bound = bound
    }
}

/// A global buoy cannot run without, and why, in the words buoy exits with.
public struct RequiredGlobal: Equatable, Sendable {
    /// Its interface name, e.g. `zwlr_layer_shell_v1`.
    public var interface: String
    /// What buoy needs it for, as the exit message says it.
    public var purpose: String

    /// The line buoy exits with when the compositor lacks it.
    public var missing: String { "the compositor does not offer \(interface) (\(purpose))" }
}

/// The compositors buoy knows something about: the supported ones, and the
/// two that cannot run it.
public enum CompositorFamily: String, CaseIterable, Sendable {
    case sway, hyprland, kwin, labwc, wayfire, phoc, weston, gnome

    /// The compositor's name as people write it ("sway", "Hyprland", "KWin").
    public var name: String {
        switch self {
        case .sway: return "sway"
        case .hyprland: return "Hyprland"
        case .kwin: return "KWin (KDE Plasma)"
        case .labwc: return "labwc"
        case .wayfire: return "wayfire"
        case .phoc: return "phoc (Phosh)"
        case .weston: return "weston"
        case .gnome: return "GNOME (mutter)"
        }
    }

    /// Prefixes of globals that only this compositor offers. sway and labwc
    /// have none: what they offer, every wlroots compositor may. GNOME's
    /// comes last in `allCases`, since phoc offers `gtk_shell1` too; and
    /// `org_kde_kwin_*` is not KWin's alone: sway, phoc and Hyprland offer
    /// its idle and server-decoration globals.
    private var signatures: [String] {
        switch self {
        case .sway, .labwc: return []
        case .hyprland: return ["hyprland_"]
        case .kwin: return ["org_kde_plasma_", "kde_output_device"]
        case .wayfire: return ["zwf_"]
        case .phoc: return ["phosh_", "zphoc_"]
        case .weston: return ["weston_"]
        case .gnome: return ["gtk_shell1"]
        }
    }

    /// The compositor whose own globals are among `interfaces`, and the
    /// first such global; nil when none is.
    public static func recognised(byGlobals interfaces: [String]) -> (
        family: CompositorFamily, global: String
    )? {
        for family in allCases {
            if let global = interfaces.first(where: { name in
                family.signatures.contains { name.hasPrefix($0) }
            }) {
                return (family, global)
            }
        }
        return nil
    }
}

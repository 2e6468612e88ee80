/// The compositors buoy supports: those the e2e matrix runs on
/// (Tests/e2e/README.md), and Hyprland, which has a manual checklist
/// (docs/compositors.md). README, buoy(1), the Debian package's description
/// and examples/buoy.desktop name them in these words, and DocumentationTests
/// holds them to it. GNOME is not one: it has no wlr-layer-shell.
public enum Compositors {
    public static let supported =
        "sway (and sxmo, which runs on it), Hyprland, KDE Plasma and Plasma Mobile (KWin), labwc, wayfire"
        + " and Phosh (phoc)"
}

/// The namespace of buoy's layer surfaces, which compositors' rules match
/// (Hyprland's `layerrule`); KWin derives a window type from it.
public enum LayerNamespace {
    /// A button's: "buoy", except on KWin 5.27, which activates a layer
    /// surface on every click or touch whatever its keyboard interactivity,
    /// taking the keyboard from the focused window, unless it is a "dock".
    /// KWin 6 checks the interactivity first. 5.27 offers zwlr_layer_shell_v1
    /// v3 and 6.3 and 6.7 offer v5, so a KWin that offers at most v3 gets the
    /// dock (docs/compositors.md, "KWin").
    public static func button(onKWin: Bool, layerShellVersion: UInt32) -> String {
        onKWin && layerShellVersion <= 3 ? "dock" : "buoy"
    }
}

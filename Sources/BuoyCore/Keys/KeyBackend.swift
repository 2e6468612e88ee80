/// What buoy sends keys with on a compositor, chosen from the globals it
/// offers: its own virtual keyboard where there is one (sway, labwc,
/// wayfire, Hyprland, phoc), else KWin's fake input, which has keys from
/// `fakeInputVersion` on. The app and `buoy doctor` both ask here.
public enum KeyBackend: Equatable, Sendable {
    /// zwp_virtual_keyboard_v1, with a keymap of buoy's own.
    case virtualKeyboard
    /// org_kde_kwin_fake_input's keyboard_key: key codes, read through
    /// KWin's active layout.
    case fakeInput
    /// Neither: keys send nothing here.
    case unavailable

    /// The version of org_kde_kwin_fake_input that has keyboard_key, and the
    /// highest buoy binds.
    public static let fakeInputVersion: UInt32 = 4

    /// The backend for a compositor that offers these versions of the two
    /// globals (nil: not offered to buoy).
    public static func choose(virtualKeyboard: UInt32?, fakeInput: UInt32?) -> KeyBackend {
        if virtualKeyboard != nil { return .virtualKeyboard }
        if let fakeInput, fakeInput >= fakeInputVersion { return .fakeInput }
        return .unavailable
    }
}

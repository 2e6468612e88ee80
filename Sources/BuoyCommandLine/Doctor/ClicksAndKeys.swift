import BuoyButton
import BuoyCore

/// `buoy doctor`'s "Clicks and keys": what the click types click with here
/// and what keys actions do, from the globals offered.
enum ClicksAndKeys {
    /// The section's lines ("click types: ...", "keys: ..."); nil where the
    /// compositor offers none of the globals buoy clicks or sends keys with
    /// (a config that uses them gets a pitfall there).
    static func lines(_ facts: DoctorFacts) -> [(name: String, text: String)]? {
        let version = { (interface: String) in
            facts.globals.filter { $0.interface == interface }.map(\.version).max()
        }
        let pointer = version("zwlr_virtual_pointer_manager_v1")
        let keyboard = version("zwp_virtual_keyboard_manager_v1")
        let fakeInput = version("org_kde_kwin_fake_input")
        guard pointer != nil || keyboard != nil || fakeInput != nil else { return nil }
        let clicks: String
        switch ClickBackend.choose(virtualPointer: pointer, fakeInput: fakeInput) {
        case .virtualPointer: clicks = "through zwlr_virtual_pointer_v1, at the tapped point"
        case .fakeInput: clicks = "through KWin's fake input (org_kde_kwin_fake_input), at the tapped point"
        case .unavailable(let why): clicks = "unavailable: \(why)"
        }
        let keys: String
        switch KeyBackend.choose(virtualKeyboard: keyboard, fakeInput: fakeInput) {
        case .virtualKeyboard:
            keys = "sent to the focused window through zwp_virtual_keyboard_v1, with a keymap of buoy's own"
        case .fakeInput:
            keys =
                "sent to the focused window through KWin's fake input, as the keys of KWin's active layout"
                + " (a key it lacks sends nothing of its list)"
        case .unavailable:
            keys =
                "send nothing here: the compositor offers no zwp_virtual_keyboard_manager_v1, and no"
                + " org_kde_kwin_fake_input v\(KeyBackend.fakeInputVersion)"
        }
        return [("click types", clicks), ("keys", keys)]
    }
}

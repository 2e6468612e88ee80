import BuoyCore

/// Keys buoy ships under a name (`keys = "copy"`), for the window in
/// front, as Android's accessibility menu ships Back and Home. `all` is
/// the one table of them: buoy(5) lists it (DocumentationTests).
public struct BuiltInKeys: Sendable, Equatable {
    /// How the config names them.
    public let name: String
    /// A menu item's label and symbolic icon when the config gives none.
    public let label: String
    public let icon: String
    /// Its heading in edit mode's picker.
    public let group: ActionGroup
    public let chords: [KeyChord]

    init(_ name: String, _ label: String, icon: String, in group: ActionGroup, _ chords: KeyChord...) {
        self.name = name
        self.label = label
        self.icon = icon
        self.group = group
        self.chords = chords
    }

    /// Every one, in the order buoy(5) lists them.
    public static let all: [BuiltInKeys] = [
        BuiltInKeys("back", "Back", icon: "go-previous", in: .windows, KeyChord(.alt, "Left")),
        BuiltInKeys("copy", "Copy", icon: "edit-copy", in: .windows, KeyChord(.control, "c")),
        BuiltInKeys("paste", "Paste", icon: "edit-paste", in: .windows, KeyChord(.control, "v")),
        BuiltInKeys("cut", "Cut", icon: "edit-cut", in: .windows, KeyChord(.control, "x")),
        BuiltInKeys("undo", "Undo", icon: "edit-undo", in: .windows, KeyChord(.control, "z")),
        BuiltInKeys("redo", "Redo", icon: "edit-redo", in: .windows, KeyChord([.control, .shift], "z")),
        BuiltInKeys("escape", "Escape", icon: "process-stop", in: .windows, KeyChord([], "Escape")),
        BuiltInKeys("tab-next", "Next tab", icon: "go-next", in: .windows, KeyChord(.control, "Tab")),
        BuiltInKeys("overview", "Overview", icon: "view-app-grid", in: .windows, KeyChord([], "Super_L")),
    ]

    /// The ones the config names so; nil for any other name.
    public static func named(_ name: String) -> BuiltInKeys? {
        all.first { $0.name == name }
    }
}

extension KeyNameCheck {
    /// Names users write most, for "did you mean" when xkb knows no name
    /// that differs from a typo only in case; every one is xkb's
    /// (ConfigKeysTests reads xkbcommon-keysyms.h). One literal: the F keys
    /// made by `map` and `+` ran the standard library's integer printing
    /// and array growth at start, two 64 KiB windows of its code that no
    /// start without keys touches (perf's page faults, `make bench`'s keys).
    static let common: [String] = [
        "Left", "Right", "Up", "Down", "Home", "End", "Page_Up", "Page_Down", "Escape", "Tab", "Return",
        "BackSpace", "Delete", "Insert", "space", "Print", "Menu", "XF86AudioPlay", "XF86AudioPause",
        "XF86AudioNext", "XF86AudioPrev", "XF86AudioMute", "XF86AudioRaiseVolume", "XF86AudioLowerVolume",
        "XF86Back", "XF86Forward", "XF86Reload", "XF86Search", "XF86MonBrightnessUp",
        "XF86MonBrightnessDown", "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12",
    ]

    /// Whether `name` is a keysym name known without asking xkb: a common
    /// one, a modifier's key, or a lowercase letter or digit. Asking xkb
    /// reads its table of names, 0.3 MB of peak RSS (`make bench`, keys).
    static func isCommon(_ name: String) -> Bool {
        if common.contains(name) || KeyModifiers.named.contains(where: { $0.key == name }) { return true }
        guard name.utf8.count == 1, let byte = name.utf8.first else { return false }
        return (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
    }
}

extension Config {
    /// Every chord the buttons send, each once: their gestures', menu
    /// items' and submenus' keys. What the virtual keyboard's keymap holds.
    public var keyChords: [KeyChord] {
        var chords: [KeyChord] = []
        for case .keys(let sent) in everyAction {
            for chord in sent where !chords.contains(chord) { chords.append(chord) }
        }
        return chords
    }
}

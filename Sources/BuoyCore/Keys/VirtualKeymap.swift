/// A keymap that holds exactly the keys a config sends, as wtype builds
/// its own: key code N (evdev) is the Nth key, xkb keycode N + 8, and
/// types and compatibility are xkb's "complete", so the modifier masks are
/// `KeyModifiers`'. A virtual keyboard sends it before its first key, and
/// again when a reloaded config needs other keys.
public struct VirtualKeymap: Sendable, Equatable {
    /// Keysym names, each once, in the order first needed.
    public let keys: [String]

    /// The keymap that holds the keys of `chords`.
    public init(for chords: [KeyChord]) {
        var keys: [String] = []
        for chord in chords where !keys.contains(chord.key) { keys.append(chord.key) }
        self.keys = keys
    }

    /// What a modifier key sets, so that pressing it alone holds its modifier.
    private static let modifierMaps = [
        "Shift_L": "Shift", "Control_L": "Control", "Alt_L": "Mod1", "Super_L": "Mod4",
    ]

    /// The keymap in xkb's text format (XKB_KEYMAP_FORMAT_TEXT_V1).
    public var text: String {
        var lines = [
            "xkb_keymap {", "xkb_keycodes \"buoy\" {", "minimum = 8;", "maximum = \(keys.count + 9);",
        ]
        for index in keys.indices { lines.append("<K\(index + 1)> = \(index + 9);") }
        lines += [
            "};", "xkb_types \"buoy\" { include \"complete\" };",
            "xkb_compatibility \"buoy\" { include \"complete\" };", "xkb_symbols \"buoy\" {",
        ]
        for (index, key) in keys.enumerated() {
            lines.append("key <K\(index + 1)> {[ \(key) ]};")
            if let modifier = Self.modifierMaps[key] {
                lines.append("modifier_map \(modifier) { <K\(index + 1)> };")
            }
        }
        lines += ["};", "};", ""]
        return lines.joined(separator: "\n")
    }

    /// The evdev key code of `key`; nil if the keymap does not hold it.
    public func code(of key: String) -> UInt32? {
        keys.firstIndex(of: key).map { UInt32($0 + 1) }
    }

    /// The requests that send `chords` in order: each chord's modifiers
    /// held as a modifier state (as wtype sends them, which every
    /// compositor takes), its key pressed and released, then none held.
    /// A modifier alone is its key, its modifier held until it is released.
    /// nil when the keymap lacks one of the keys.
    public func events(for chords: [KeyChord]) -> [KeyboardEvent]? {
        var events: [KeyboardEvent] = []
        for chord in chords {
            guard let code = code(of: chord.key) else { return nil }
            let alone = KeyModifiers.named.first { $0.key == chord.key }?.modifier ?? []
            if !chord.modifiers.isEmpty { events.append(.modifiers(chord.modifiers)) }
            events.append(.key(code, pressed: true))
            if !alone.isEmpty { events.append(.modifiers(chord.modifiers.union(alone))) }
            events.append(.key(code, pressed: false))
            if !chord.modifiers.isEmpty || !alone.isEmpty { events.append(.modifiers([])) }
        }
        return events
    }
}

/// One virtual keyboard request after the keymap.
public enum KeyboardEvent: Sendable, Equatable {
    case modifiers(KeyModifiers)
    /// An evdev key code, as `VirtualKeymap.code(of:)` gives it.
    case key(UInt32, pressed: Bool)
}

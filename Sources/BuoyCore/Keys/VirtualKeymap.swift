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
    /// A switch, not a dictionary: a dictionary literal runs the standard
    /// library's hashing code, a 64 KiB window of it that only a start with
    /// keys touched (perf's page faults, `make bench`'s keys).
    private static func modifierMap(of key: String) -> String? {
        switch key {
        case "Shift_L": "Shift"
        case "Control_L": "Control"
        case "Alt_L": "Mod1"
        case "Super_L": "Mod4"
        default: nil
        }
    }

    /// `number` (not negative) in decimal digits. Not `"\(number)"`, whose
    /// integer printing is a 64 KiB window of the standard library's code
    /// that a start without keys never touches; a config with keys builds
    /// this keymap at start.
    package static func decimal(_ number: Int) -> String {
        var digits: [UInt8] = []
        var rest = number
        repeat {
            digits.append(UInt8(truncatingIfNeeded: 0x30 + rest % 10))
            rest /= 10
        } while rest > 0
        return String(decoding: digits.reversed(), as: UTF8.self)
    }

    /// The keymap in xkb's text format (XKB_KEYMAP_FORMAT_TEXT_V1).
    public var text: String {
        let key = { (index: Int) in "<K" + Self.decimal(index + 1) + ">" }
        var lines = [
            "xkb_keymap {", "xkb_keycodes \"buoy\" {", "minimum = 8;",
            "maximum = " + Self.decimal(keys.count + 9) + ";",
        ]
        for index in keys.indices { lines.append(key(index) + " = " + Self.decimal(index + 9) + ";") }
        lines += [
            "};", "xkb_types \"buoy\" { include \"complete\" };",
            "xkb_compatibility \"buoy\" { include \"complete\" };", "xkb_symbols \"buoy\" {",
        ]
        for (index, name) in keys.enumerated() {
            lines.append("key " + key(index) + " {[ " + name + " ]};")
            if let modifier = Self.modifierMap(of: name) {
                lines.append("modifier_map " + modifier + " { " + key(index) + " };")
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

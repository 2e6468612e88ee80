/// Keys sent through a keyboard that has no keymap of its own (KWin's fake
/// input): each keysym is sent as the key that types it in the
/// compositor's active layout, and a chord's modifiers are held by pressing
/// their keys, since there is no modifiers request.
public enum LayoutKeys {
    /// Where the layout has a keysym: its evdev key code, and whether Shift
    /// must be held for it (its second level).
    public struct Key: Sendable, Equatable {
        /// The evdev key code (xkb keycode minus 8).
        public var code: UInt32
        /// Whether it is on the key's Shift level.
        public var shifted: Bool

        /// A key at `code`, on the Shift level or not.
        public init(_ code: UInt32, shifted: Bool = false) {
            self.code = code
            self.shifted = shifted
        }
    }

    /// The keysym names that sending `chords` looks up in the layout: each
    /// chord's key and its modifiers' keys, each once, Shift_L always (a
    /// key may be on the Shift level).
    public static func names(for chords: [KeyChord]) -> [String] {
        var names: [String] = []
        for chord in chords {
            let held = KeyModifiers.named.filter { chord.modifiers.contains($0.modifier) }.map(\.key)
            for name in held + [chord.key] where !names.contains(name) { names.append(name) }
        }
        return names.contains("Shift_L") ? names : names + ["Shift_L"]
    }

    /// The presses and releases that send `chords` in order through a
    /// layout whose keys `layout` gives (by keysym name): for each chord
    /// its modifiers' keys pressed (Shift's too when its key is on the
    /// Shift level), the key pressed and released, then the modifiers'
    /// released in reverse. A keysym the layout lacks fails the whole:
    /// half a list of keys could do what none of it meant.
    public static func events(for chords: [KeyChord], layout: [String: Key]) -> Result<
        [KeyboardEvent], Missing
    > {
        var events: [KeyboardEvent] = []
        for chord in chords {
            guard let key = layout[chord.key] else { return .failure(Missing(key: chord.key)) }
            var held: [String] = KeyModifiers.named.filter { chord.modifiers.contains($0.modifier) }.map(
                \.key)
            if key.shifted && !held.contains("Shift_L") { held.append("Shift_L") }
            var codes: [UInt32] = []
            for name in held {
                guard let modifier = layout[name], !modifier.shifted else {
                    return .failure(Missing(key: name))
                }
                codes.append(modifier.code)
            }
            events += codes.map { .key($0, pressed: true) }
            events += [.key(key.code, pressed: true), .key(key.code, pressed: false)]
            events += codes.reversed().map { .key($0, pressed: false) }
        }
        return .success(events)
    }

    /// A keysym that the compositor's layout has no key for.
    public struct Missing: Error, Sendable, Equatable {
        /// Its name, as the config writes it.
        public var key: String

        /// The keysym `key` is missing.
        public init(key: String) { self.key = key }
    }
}

/// The modifiers a chord holds, as the masks of xkb's "complete"
/// compatibility map (Shift, Control, Mod1, Mod4): what a virtual
/// keyboard's `modifiers` request carries with the keymap `VirtualKeymap` builds.
public struct KeyModifiers: OptionSet, Sendable, Hashable {
    /// The mask, as `zwp_virtual_keyboard_v1.modifiers` sends it.
    public let rawValue: UInt32
    /// The modifiers of `rawValue`'s mask.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Shift, Control, Mod1 (Alt) and Mod4 (Super, the logo key).
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    /// See `shift`.
    public static let control = KeyModifiers(rawValue: 1 << 2)
    /// See `shift`.
    public static let alt = KeyModifiers(rawValue: 1 << 3)
    /// See `shift`.
    public static let logo = KeyModifiers(rawValue: 1 << 6)

    /// How a chord writes each, in the order a chord's text lists them, and
    /// the key that is pressed when a chord is the modifier alone ("super").
    public static let named: [(name: String, modifier: KeyModifiers, key: String)] = [
        ("ctrl", .control, "Control_L"), ("alt", .alt, "Alt_L"), ("shift", .shift, "Shift_L"),
        ("super", .logo, "Super_L"),
    ]
}

/// One press of a key with modifiers held: `ctrl+z`, `alt+Left`, `super`.
/// The key is an xkb keysym name, which the shell checks against xkb.
public struct KeyChord: Sendable, Hashable {
    /// Held while the key is pressed.
    public var modifiers: KeyModifiers
    /// A keysym name (`z`, `Left`, `XF86AudioPlay`); for a chord that is a
    /// modifier alone, that modifier's left key (`Super_L`).
    public var key: String

    /// `key` pressed with `modifiers` held.
    public init(_ modifiers: KeyModifiers = [], _ key: String) {
        self.modifiers = modifiers
        self.key = key
    }

    /// What a chord written so means, or what is wrong with it. Parts are
    /// joined by `+`; all but the last are modifiers, the last is the key,
    /// or a modifier pressed alone.
    public static func parse(_ text: String) -> Result<KeyChord, KeyChordError> {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        guard parts.allSatisfy({ !$0.isEmpty }) else {
            return .failure(text.isEmpty ? .empty : .emptyPart(text))
        }
        var modifiers: KeyModifiers = []
        for part in parts.dropLast() {
            guard let named = KeyModifiers.named.first(where: { $0.name == part }) else {
                return .failure(.notAModifier(part, key: parts.last!))
            }
            guard !modifiers.contains(named.modifier) else { return .failure(.repeatedModifier(part)) }
            modifiers.insert(named.modifier)
        }
        let last = parts.last!
        if let alone = KeyModifiers.named.first(where: { $0.name == last }) {
            guard !modifiers.contains(alone.modifier) else { return .failure(.repeatedModifier(last)) }
            return .success(KeyChord(modifiers, alone.key))
        }
        return .success(KeyChord(modifiers, last))
    }

    /// The chord as a config writes it: modifiers in `KeyModifiers.named`'s order.
    public var text: String {
        let alone = KeyModifiers.named.first { $0.key == key }
        let held = KeyModifiers.named.filter { modifiers.contains($0.modifier) }.map(\.name)
        return (held + [alone?.name ?? key]).joined(separator: "+")
    }

    /// The label of an item that sends `chords` and names none: each chord
    /// as written, every part capitalised ("Ctrl+Z", "Alt+Left"), then
    /// joined by ", ".
    public static func label(of chords: [KeyChord]) -> String {
        chords.map { chord in
            chord.text.split(separator: "+").map { $0.prefix(1).uppercased() + $0.dropFirst() }
                .joined(separator: "+")
        }.joined(separator: ", ")
    }
}

/// Why a chord's text is not one.
public enum KeyChordError: Error, Sendable, Equatable {
    case empty
    /// `ctrl+` or `ctrl++z`: a `+` with nothing on one side.
    case emptyPart(String)
    /// A part before the key that is no modifier (`ctlr+z`).
    case notAModifier(String, key: String)
    case repeatedModifier(String)

    /// What `--check` says.
    public var message: String {
        switch self {
        case .empty: return "keys must name a key, such as \"ctrl+z\""
        case .emptyPart(let text):
            return "\"\(text)\" has an empty part; join modifiers and a key with +, such as \"ctrl+z\""
        case .notAModifier(let part, let key):
            let modifiers = KeyModifiers.named.map(\.name).joined(separator: ", ")
            return "\"\(part)\" before \"\(key)\" is not a modifier (\(modifiers))"
        case .repeatedModifier(let part): return "\"\(part)\" is written twice"
        }
    }
}

/// What xkb makes of a keysym name; the shell asks libxkbcommon.
public enum KeyNameCheck: Sendable, Equatable {
    case known
    /// xkb does not know it; `suggestion` is a name it knows that differs
    /// only in case, if any.
    case unknown(suggestion: String?)
}

import BuoyCore

/// `keys = "ctrl+z"`, `keys = ["ctrl+l", "ctrl+c"]` or `keys = "copy"`:
/// how the schema reads keys for the focused window.
extension SchemaReader {
    /// The chords, in order, and the built-in keys when the value is one
    /// name alone (a menu item takes its label and icon); nil after an error.
    mutating func keys(_ entry: TOMLEntry) -> (chords: [KeyChord], builtIn: BuiltInKeys?)? {
        let nodes: [TOMLNode]
        switch entry.node.value {
        case .string: nodes = [entry.node]
        case .array(let array) where !array.isEmpty: nodes = array
        default:
            typeError(entry, expected: #"a string such as "ctrl+z", or an array of them"#)
            return nil
        }
        var chords: [KeyChord] = []
        var failed = false
        for node in nodes {
            guard case .string(let text) = node.value else {
                error("each of \(entry.key) must be a string, got \(node.value.typeName)", at: node.offset)
                failed = true
                continue
            }
            if let builtIn = BuiltInKeys.named(text) {
                chords += builtIn.chords
                continue
            }
            switch KeyChord.parse(text) {
            case .failure(let why):
                error(why.message, at: node.offset)
                failed = true
            case .success(let chord):
                if let problem = unknownKey(chord, in: text) {
                    error(problem, at: node.offset)
                    failed = true
                } else {
                    chords.append(chord)
                }
            }
        }
        guard !failed else { return nil }
        if nodes.count == 1, case .string(let text) = nodes[0].value, let builtIn = BuiltInKeys.named(text) {
            return (chords, builtIn)
        }
        return (chords, nil)
    }

    /// Why xkb would not know `chord`'s key, with a name it would know
    /// instead where one is close; nil when it knows it or `keyNames`
    /// was not given.
    private func unknownKey(_ chord: KeyChord, in text: String) -> String? {
        guard !KeyNameCheck.isCommon(chord.key), let keyNames,
            case .unknown(let suggestion) = keyNames(chord.key)
        else { return nil }
        var message = "unknown key \(quoted(chord.key))"
        if text != chord.key { message += " in \(quoted(text))" }
        message += ": xkb has no keysym of that name"
        let builtIn = chord.modifiers.isEmpty ? closest(to: text, among: BuiltInKeys.all.map(\.name)) : nil
        if let match = builtIn ?? suggestion ?? closest(to: chord.key, among: KeyNameCheck.common) {
            let written = builtIn ?? KeyChord(chord.modifiers, match).text
            message += "; did you mean \(quoted(written))?"
        }
        return message
    }
}

extension SchemaReader {
    /// `tap = { keys = "ctrl+z" }`: keys where a command could be.
    mutating func keysTable(_ entry: TOMLEntry, _ keys: TOMLEntry, _ table: TOMLTable) -> Action? {
        for other in table.entries where other.key != "keys" {
            error(
                "\(entry.key) = { keys = ... } takes only keys; a command is written \(entry.key) = \"COMMAND\"",
                at: other.keyOffset)
        }
        return self.keys(keys).map { Action.keys($0.chords) }
    }

    /// A keys item cannot keep the menu open: the open menu has the
    /// keyboard, so its keys go once it has closed and given it back.
    mutating func keysItem(_ draft: inout Schema.ItemDraft, _ table: TOMLTable) {
        guard table["keys"] != nil, draft.keepOpen == true, let entry = table["keep_open"] else { return }
        error(
            "keep_open cannot be true for keys: the menu closes first, so that they reach the window in front",
            at: entry.node.offset)
    }
}

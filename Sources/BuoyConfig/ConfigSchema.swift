import BuoyCore

extension Config {
    /// Parses and validates a config file. `path` is used only in messages.
    ///
    /// Throws `ConfigError` for the first error in the file (syntax errors
    /// stop parsing at once; of the value errors, the earliest in the file is
    /// reported). Unknown keys and tables are not errors: they come back as
    /// warnings, in file order, with a suggestion when one is close.
    public static func parse(_ bytes: [UInt8], path: String) throws(ConfigError) -> (
        config: Config, warnings: [ConfigDiagnostic]
    ) {
        let document = try TOMLParser.parse(bytes, path: path)
        var reader = SchemaReader(document: document)
        var config = Config.defaults
        reader.readFields(of: TOMLDocument.root, Schema.root, into: &config, scope: "at the top level")
        reader.checkMenuReferences()
        // Report the earliest error, not the first the schema happens to visit.
        if let first = reader.errors.enumerated().min(by: {
            ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset)
        }) {
            throw document.source.error(first.element.message, at: first.element.offset)
        }
        let warnings = reader.warnings.enumerated()
            .sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
            .map { document.source.diagnostic(.warning, $0.element.message, at: $0.element.offset) }
        return (config, warnings)
    }

    /// Every dotted key the schema accepts, e.g. "button.size" and
    /// "menu.item.label", in schema order.
    public static let knownKeys: [String] = Schema.root.flatMap(\.knownKeys)
}

/// How one key of a table is read into a section of `Config`.
struct Field<Section> {
    enum Shape {
        case value
        case table
        case tableArray
    }

    let key: String
    let shape: Shape
    /// Dotted keys under this one that the schema accepts ("size", "item.label").
    let knownKeys: [String]
    let read: (inout Section, TOMLEntry, inout SchemaReader) -> Void

    init(
        key: String, shape: Shape = .value, knownKeys: [String]? = nil,
        read: @escaping (inout Section, TOMLEntry, inout SchemaReader) -> Void
    ) {
        self.key = key
        self.shape = shape
        self.knownKeys = knownKeys ?? [key]
        self.read = read
    }

    /// A number (an integer or a float) within `range`.
    static func number(_ key: String, _ path: WritableKeyPath<Section, Double>, _ range: ClosedRange<Double>)
        -> Field
    {
        Field(key: key) { section, entry, reader in
            if let value = reader.number(entry, in: range) { section[keyPath: path] = value }
        }
    }

    static func integer(_ key: String, _ path: WritableKeyPath<Section, Int>, _ range: ClosedRange<Int>)
        -> Field
    {
        Field(key: key) { section, entry, reader in
            if let value = reader.integer(entry, in: range) { section[keyPath: path] = value }
        }
    }

    static func boolean(_ key: String, _ path: WritableKeyPath<Section, Bool>) -> Field {
        Field(key: key) { section, entry, reader in
            if let value = reader.boolean(entry) { section[keyPath: path] = value }
        }
    }

    /// A non-empty string.
    static func string(_ key: String, _ path: WritableKeyPath<Section, String?>) -> Field {
        Field(key: key) { section, entry, reader in
            if let value = reader.nonEmptyString(entry) { section[keyPath: path] = value }
        }
    }

    static func choice<Value>(
        _ key: String, _ path: WritableKeyPath<Section, Value>, _ options: [(name: String, value: Value)]
    ) -> Field {
        Field(key: key) { section, entry, reader in
            if let value = reader.choice(entry, options) { section[keyPath: path] = value }
        }
    }

    static func color(_ key: String, _ path: WritableKeyPath<Section, Color>) -> Field {
        Field(key: key) { section, entry, reader in
            if let value = reader.color(entry) { section[keyPath: path] = value }
        }
    }

    static func action(_ key: String, _ path: WritableKeyPath<Section, Action?>) -> Field {
        Field(key: key) { section, entry, reader in
            if let value = reader.action(entry) { section[keyPath: path] = value }
        }
    }

    /// A `[table]` read with its own fields.
    static func table<Value>(_ key: String, _ path: WritableKeyPath<Section, Value>, _ fields: [Field<Value>])
        -> Field
    {
        Field(key: key, shape: .table, knownKeys: fields.flatMap { $0.knownKeys.map { key + "." + $0 } }) {
            section, entry, reader in
            guard case .table(let table) = entry.node.value else {
                reader.typeError(entry, expected: "a table")
                return
            }
            let scope = "in [\(tableName(reader.document[table].path))]"
            reader.readFields(of: table, fields, into: &section[keyPath: path], scope: scope)
        }
    }
}

/// The schema: which keys each table has, their types, ranges and defaults
/// (the defaults are the initialisers' in Config.swift).
enum Schema {
    static var root: [Field<Config>] {
        [
            .table("button", \.button, button),
            .table("snap", \.snap, snap),
            .table("gestures", \.gestures, gestures),
            .table("actions", \.actions, actions),
            .table("menu", \.menu, menu),
        ]
    }

    static var button: [Field<Button>] {
        [
            .number("size", \.size, 16...512),
            .choice(
                "position", \.position, Placement.allCases.filter { $0 != .center }.map { ($0.rawValue, $0) }),
            .number("margin", \.margin, 0...500),
            .color("color", \.color),
            .boolean("draggable", \.draggable),
            .number("opacity", \.opacity, 0...1),
            .number("idle_opacity", \.idleOpacity, 0...1),
            .number("idle_delay", \.idleDelay, 0...60),
            .number("fade", \.fade, 0...5),
            .boolean("tuck", \.tuck),
            .string("output", \.output),
        ]
    }

    static var snap: [Field<Snap>] {
        [
            .choice("to", \.to, SnapMode.allCases.map { ($0.rawValue, $0) }),
            .number("duration", \.duration, 0...5),
        ]
    }

    static var gestures: [Field<Gestures>] {
        [
            .number("drag_threshold", \.dragThreshold, 0...100),
            .number("double_tap_window", \.doubleTapWindow, 0...5),
            .number("long_press_delay", \.longPressDelay, 0...5),
        ]
    }

    static var actions: [Field<Actions>] {
        [
            .action("tap", \.tap),
            .action("double_tap", \.doubleTap),
            .action("long_press", \.longPress),
            .integer("max_running", \.maxRunning, 1...64),
        ]
    }

    static var menu: [Field<Menu>] {
        [
            Field(key: "item", shape: .tableArray, knownKeys: menuItem.map { "item." + $0.key }) {
                menu, entry, reader in
                menu.items = reader.menuItems(entry)
            },
            .number("item_size", \.itemSize, 16...256),
            .string("icon_theme", \.iconTheme),
            .number("open_duration", \.openDuration, 0...5),
            .number("close_duration", \.closeDuration, 0...5),
            .number("dim", \.dim, 0...0.6),
            .number("spacing", \.spacing, 0...100),
        ]
    }

    /// A menu item while it is read; label and command are checked after.
    struct ItemDraft {
        var label: String?
        var icon: String?
        var command: String?
    }

    static var menuItem: [Field<ItemDraft>] {
        [
            .string("label", \.label),
            .string("icon", \.icon),
            .string("command", \.command),
        ]
    }

    /// Where each table's keys live, for "it belongs in [snap]" hints.
    static var homes: [(table: String, keys: [String])] {
        [
            ("[button]", button.map(\.key)),
            ("[snap]", snap.map(\.key)),
            ("[gestures]", gestures.map(\.key)),
            ("[actions]", actions.map(\.key)),
            ("[menu]", menu.filter { $0.shape == .value }.map(\.key)),
            ("[[menu.item]]", menuItem.map(\.key)),
        ]
    }
}

/// Walks a document along the schema, collecting errors and warnings as
/// byte offsets and messages; `Config.parse` turns them into diagnostics.
struct SchemaReader {
    struct Issue {
        var offset: Int
        var message: String
    }

    let document: TOMLDocument
    private let homes = Schema.homes
    private(set) var errors: [Issue] = []
    private(set) var warnings: [Issue] = []
    /// How many `[[menu.item]]`s the file has, valid or not.
    private var menuItemCount = 0
    /// Actions that open the menu: key and its offset.
    private var menuReferences: [(key: String, offset: Int)] = []

    init(document: TOMLDocument) {
        self.document = document
    }

    mutating func readFields<Section>(
        of table: Int, _ fields: [Field<Section>], into section: inout Section, scope: String
    ) {
        for entry in document[table].entries {
            if let field = fields.first(where: { $0.key == entry.key }) {
                field.read(&section, entry, &self)
            } else {
                warnUnknown(entry, in: table, scope: scope, fields: fields)
            }
        }
    }

    mutating func checkMenuReferences() {
        guard menuItemCount == 0 else { return }
        for reference in menuReferences {
            errors.append(
                Issue(
                    offset: reference.offset,
                    message: "\(reference.key) opens the menu, but no [[menu.item]] is configured"))
        }
    }

    // MARK: Values

    mutating func typeError(_ entry: TOMLEntry, expected: String) {
        error("\(entry.key) expects \(expected), got \(entry.node.value.typeName)", at: entry.node.offset)
    }

    mutating func number(_ entry: TOMLEntry, in range: ClosedRange<Double>) -> Double? {
        let value: Double
        let written: String
        switch entry.node.value {
        case .integer(let n):
            value = Double(n)
            written = String(n)
        case .float(let x):
            value = x
            written = formatNumber(x)
        default:
            typeError(entry, expected: "a number")
            return nil
        }
        guard range.contains(value) else {
            error(
                "\(entry.key) must be between \(formatNumber(range.lowerBound)) and"
                    + " \(formatNumber(range.upperBound)), got \(written)", at: entry.node.offset)
            return nil
        }
        return value
    }

    mutating func integer(_ entry: TOMLEntry, in range: ClosedRange<Int>) -> Int? {
        guard case .integer(let value) = entry.node.value else {
            typeError(entry, expected: "an integer")
            return nil
        }
        guard range.contains(value) else {
            error(
                "\(entry.key) must be between \(range.lowerBound) and \(range.upperBound), got \(value)",
                at: entry.node.offset)
            return nil
        }
        return value
    }

    mutating func boolean(_ entry: TOMLEntry) -> Bool? {
        guard case .boolean(let value) = entry.node.value else {
            typeError(entry, expected: "a boolean")
            return nil
        }
        return value
    }

    mutating func string(_ entry: TOMLEntry) -> String? {
        guard case .string(let value) = entry.node.value else {
            typeError(entry, expected: "a string")
            return nil
        }
        return value
    }

    mutating func nonEmptyString(_ entry: TOMLEntry) -> String? {
        guard let value = string(entry) else { return nil }
        guard !isBlank(value) else {
            error("\(entry.key) must not be empty", at: entry.node.offset)
            return nil
        }
        return value
    }

    mutating func choice<Value>(_ entry: TOMLEntry, _ options: [(name: String, value: Value)]) -> Value? {
        guard let text = string(entry) else { return nil }
        if let option = options.first(where: { $0.name == text }) { return option.value }
        let names = options.map(\.name).joined(separator: ", ")
        error("\(entry.key) must be one of \(names); got \(quoted(text))", at: entry.node.offset)
        return nil
    }

    mutating func color(_ entry: TOMLEntry) -> Color? {
        guard let text = string(entry) else { return nil }
        guard let color = parseColor(text) else {
            error("\(entry.key) must be #rrggbb or #rrggbbaa, got \(quoted(text))", at: entry.node.offset)
            return nil
        }
        return color
    }

    mutating func action(_ entry: TOMLEntry) -> Action? {
        guard let text = string(entry) else { return nil }
        guard !isBlank(text) else {
            error(
                "\(entry.key) must not be empty; write a command, or \"menu\" to open the menu",
                at: entry.node.offset)
            return nil
        }
        if text == "menu" {
            menuReferences.append((entry.key, entry.keyOffset))
            return .menu
        }
        return .command(text)
    }

    mutating func menuItems(_ entry: TOMLEntry) -> [MenuItem] {
        var tables: [(table: Int, offset: Int)] = []
        switch entry.node.value {
        case .tableArray(let array):
            tables = document.tableArrays[array].map { ($0, document[$0].definedAt) }
        case .array(let nodes):
            // `item = [{ label = ..., command = ... }, ...]` means the same.
            for node in nodes {
                guard case .table(let table) = node.value else {
                    error("each menu item must be a table, got \(node.value.typeName)", at: node.offset)
                    return []
                }
                tables.append((table, node.offset))
            }
        default:
            typeError(entry, expected: "an array of tables ([[menu.item]])")
            return []
        }
        menuItemCount = tables.count

        var items: [MenuItem] = []
        for (index, item) in tables.enumerated() {
            if index == Menu.maxItems {
                error("at most \(Menu.maxItems) menu items are allowed", at: item.offset)
                break
            }
            var draft = Schema.ItemDraft()
            readFields(of: item.table, Schema.menuItem, into: &draft, scope: "in [[menu.item]]")
            let itemTable = document[item.table]
            if itemTable["label"] == nil { error("menu item is missing \"label\"", at: item.offset) }
            if itemTable["command"] == nil { error("menu item is missing \"command\"", at: item.offset) }
            if let label = draft.label, let command = draft.command {
                items.append(MenuItem(label: label, icon: draft.icon, command: command))
            }
        }
        return items
    }

    // MARK: Unknown keys

    private mutating func warnUnknown<Section>(
        _ entry: TOMLEntry, in table: Int, scope: String, fields: [Field<Section>]
    ) {
        let path = document[table].path + [entry.key]
        var message: String
        var isTable = true
        switch entry.node.value {
        case .table: message = "unknown table [\(tableName(path))]"
        case .tableArray: message = "unknown table [[\(tableName(path))]]"
        default:
            message = "unknown key \(quoted(entry.key)) \(scope)"
            isTable = false
        }
        if let match = closest(to: entry.key, among: fields.map(\.key)) {
            let field = fields.first { $0.key == match }!
            let matchPath = tableName(document[table].path + [match])
            switch field.shape {
            case .value: message += "; did you mean \(quoted(match))?"
            case .table: message += "; did you mean [\(matchPath)]?"
            case .tableArray: message += "; did you mean [[\(matchPath)]]?"
            }
        } else if !isTable, let home = homes.first(where: { $0.keys.contains(entry.key) }) {
            message += "; \(quoted(entry.key)) belongs in \(home.table)"
        }
        warnings.append(Issue(offset: entry.keyOffset, message: message))
    }

    private mutating func error(_ message: String, at offset: Int) {
        errors.append(Issue(offset: offset, message: message))
    }
}

/// The candidate closest to `key`: within an edit distance of 2 (counting a
/// swap of neighbours as one edit, and ignoring case), or failing that one
/// that starts with `key` or that `key` starts with. Ties go to the earlier.
func closest(to key: String, among candidates: [String]) -> String? {
    let typed = Array(key.lowercased().unicodeScalars)
    var best: (candidate: String, score: Int)?
    for candidate in candidates {
        let known = Array(candidate.lowercased().unicodeScalars)
        var score = Int.max
        let distance = editDistance(typed, known, limit: 2)
        if distance <= 2, distance < typed.count, distance < known.count {
            score = distance
        } else if typed.count >= 3, known.count >= 3,
            known.starts(with: typed) || typed.starts(with: known)
        {
            score = 3
        }
        if score != Int.max, score < best?.score ?? Int.max {
            best = (candidate, score)
        }
    }
    return best?.candidate
}

/// Optimal string alignment distance (Levenshtein plus adjacent swaps), or
/// `limit + 1` once it is certain to exceed `limit`.
func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
    if abs(a.count - b.count) > limit { return limit + 1 }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var row = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        row[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                row[j] = min(row[j], before[j - 2] + 1)
            }
        }
        if row.min()! > limit { return limit + 1 }
        (before, previous, row) = (previous, row, before)
    }
    return previous[b.count]
}

/// "#rrggbb" or "#rrggbbaa", either case.
func parseColor(_ text: String) -> Color? {
    let bytes = Array(text.utf8)
    guard bytes.first == UInt8(ascii: "#"), bytes.count == 7 || bytes.count == 9 else { return nil }
    var channels: [Double] = []
    for i in stride(from: 1, to: bytes.count, by: 2) {
        guard let high = hexValue(bytes[i]), let low = hexValue(bytes[i + 1]) else { return nil }
        channels.append(Double(high * 16 + low) / 255)
    }
    return Color(
        red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 1)
}

private func hexValue(_ b: UInt8) -> Int? {
    switch b {
    case 0x30...0x39: return Int(b - 0x30)
    case 0x41...0x46: return Int(b - 0x41 + 10)
    case 0x61...0x66: return Int(b - 0x61 + 10)
    default: return nil
    }
}

private func isBlank(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
}

/// A number as a person writes it: "9" rather than "9.0", "0.25".
func formatNumber(_ x: Double) -> String {
    if x.isFinite, x == x.rounded(.towardZero), abs(x) < 1e15 {
        return String(Int(x))
    }
    return x.description
}

import BuoyCore

/// Walks a document along the schema, collecting errors and warnings as
/// byte offsets and messages; `Config.parse` turns them into diagnostics.
struct SchemaReader {
    struct Issue {
        var offset: Int
        var message: String
    }

    let document: TOMLDocument
    /// Whether an icon's path is there; nil checks nothing.
    let fileExists: ((String) -> Bool)?
    /// What a built-in action comes to here; nil checks nothing.
    let resolve: ((BuiltInAction) -> BuiltInAction.Resolution)?
    /// The user's home directory, for icon paths written `~/...`.
    let home: String?
    /// What xkb makes of a key's name; nil checks nothing.
    var keyNames: ((String) -> KeyNameCheck)?
    private let homes = Schema.homes
    private(set) var errors: [Issue] = []
    private(set) var warnings: [Issue] = []
    /// Every item's `submenu`, where it is written and in which submenu's
    /// items (nil: a menu's), checked once all are read.
    var submenuReferences: [SubmenuReference] = []

    init(
        document: TOMLDocument, fileExists: ((String) -> Bool)? = nil,
        resolve: ((BuiltInAction) -> BuiltInAction.Resolution)? = nil, home: String? = nil
    ) {
        self.document = document
        self.fileExists = fileExists
        self.resolve = resolve
        self.home = home
    }

    /// `~/x` as `home/x`, as a shell would; anything else as it is.
    func expandingHome(_ path: String) -> String {
        guard let home, path.hasPrefix("~/") else { return path }
        return home + path.dropFirst()
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

    /// Reads `[button]`, or each `[[button]]`, into `config.buttons`: each
    /// starts from the top-level tables, which must have been read already,
    /// and its own sub-tables override them key by key.
    mutating func readButtons(into config: inout Config) {
        let shared = ButtonSpec(
            snap: config.snap, gestures: config.gestures, actions: config.actions, menu: config.menu,
            visibility: config.visibility)
        var tables: [(table: Int, offset: Int)] = []
        var isArray = false
        if let entry = document[TOMLDocument.root]["button"] {
            isArray = entry.node.value.isArray
            tables = elements(of: entry, each: "button", expected: "a table", singleTable: true) ?? []
        }
        guard !tables.isEmpty else {
            config.buttons = [shared]
            return
        }

        var buttons: [ButtonSpec] = []
        var lines: [String: Int] = [:]
        for (index, element) in tables.enumerated() {
            if index == Config.maxButtons {
                error("at most \(Config.maxButtons) buttons are allowed", at: element.offset)
                break
            }
            let table = document[element.table]
            var draft = Schema.ButtonDraft(spec: shared)
            draft.spec.button.name = Button.defaultName(at: index)
            readFields(
                of: element.table, Schema.button, into: &draft,
                scope: isArray ? "in [[button]]" : "in [button]")
            if draft.rounded {
                draft.spec.button.shape = .rounded(
                    cornerRadius: draft.cornerRadius?.value ?? Button.defaultCornerRadius)
            } else if let radius = draft.cornerRadius {
                warnings.append(
                    Issue(
                        offset: radius.keyOffset,
                        message: "corner_radius has no effect without shape = \"rounded\""))
            }

            errorIfBoth("icon", "label", in: table, because: "the face shows an icon or a label")

            if draft.spec.button.opacity == 0, draft.spec.button.idleOpacity == 0 {
                let key = table["opacity"] ?? table["idle_opacity"]
                warnings.append(
                    Issue(
                        offset: key?.keyOffset ?? element.offset,
                        message: "opacity and idle_opacity are both 0: the button is invisible"))
            }

            let name = draft.spec.name
            draft.spec.itemList = itemList(of: table, named: name, first: index == 0)
            // A name that is an error keeps its default, which need not be unique.
            if table["name"] == nil || draft.nameOffset != nil {
                if let line = lines[name] {
                    error(
                        "name \(quoted(name)) is already used by the button at line \(line)",
                        at: draft.nameOffset ?? element.offset)
                } else {
                    lines[name] = document.source.location(of: element.offset).line
                }
            }
            buttons.append(draft.spec)
        }
        config.buttons = buttons
        if !isArray { config.button = buttons[0].button }
    }

    /// The list a button's menu items are written in (`ButtonSpec.itemList`):
    /// its own where its table has `menu.item`, if `--button` can pick it by
    /// `name` (written, or the first button's default).
    private func itemList(of table: TOMLTable, named name: String, first: Bool) -> ItemList? {
        guard case .table(let menu) = table["menu"]?.node.value, document[menu]["item"] != nil else {
            return ItemList()
        }
        return table["name"] != nil || first ? ItemList(button: name) : nil
    }

    // MARK: Values

    mutating func typeError(_ entry: TOMLEntry, expected: String) {
        error(
            "\(entry.key) expects \(expected)\(Self.typeSuffix(entry.node.value.typeName))",
            at: entry.node.offset)
    }

    /// How `typeError` ends for a value of `typeName`.
    private static func typeSuffix(_ typeName: String) -> String { ", got \(typeName)" }

    /// Whether `message` is `typeError`'s for a value of `typeName`: how
    /// `buoy config set` tells a key that takes no table from one that
    /// refuses what a table says.
    static func isTypeError(_ message: String, got typeName: String) -> Bool {
        message.hasSuffix(typeSuffix(typeName))
    }

    /// A number within `rule`'s range; an integer if the rule says so.
    mutating func number(_ entry: TOMLEntry, _ rule: NumberRule) -> Double? {
        let value: Double
        let written: String
        switch entry.node.value {
        case .integer(let n):
            value = Double(n)
            written = String(n)
        case .float(let x) where !rule.isInteger:
            value = x
            written = formatNumber(x)
        default:
            typeError(entry, expected: rule.isInteger ? "an integer" : "a number")
            return nil
        }
        guard rule.range.contains(value) else {
            error(
                "\(entry.key) must be between \(formatNumber(rule.range.lowerBound)) and"
                    + " \(formatNumber(rule.range.upperBound))\(rule.unit.map { " " + $0.rawValue } ?? ""),"
                    + " got \(written)",
                at: entry.node.offset)
            return nil
        }
        if let least = rule.offOrAtLeast, value != 0, value < least {
            error(
                "\(entry.key) must be 0 (off) or between \(formatNumber(least)) and"
                    + " \(formatNumber(rule.range.upperBound))\(rule.unit.map { " " + $0.rawValue } ?? ""),"
                    + " got \(written)",
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

    /// An array of non-empty strings (`hide_for = ["mpv", "org.gnome.*"]`).
    mutating func nonEmptyStrings(_ entry: TOMLEntry) -> [String]? {
        guard case .array(let nodes) = entry.node.value else {
            typeError(entry, expected: "an array of strings")
            return nil
        }
        var strings: [String] = []
        for node in nodes {
            guard case .string(let text) = node.value, !isBlank(text) else {
                error("\(entry.key) must be an array of non-empty strings", at: node.offset)
                return nil
            }
            strings.append(text)
        }
        return strings
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
            error("\(entry.key) must be \(colorForms), got \(quoted(text))", at: entry.node.offset)
            return nil
        }
        return color
    }

    /// A command line, "menu", `{ action = "NAME" }` or `{ keys = "KEYS" }`.
    mutating func action(_ entry: TOMLEntry) -> Action? {
        if case .table(let table) = entry.node.value { return builtInTable(entry, document[table]) }
        guard case .string(let text) = entry.node.value else {
            typeError(entry, expected: #"a string, { action = "NAME" } or false"#)
            return nil
        }
        guard !isBlank(text) else {
            error(
                "\(entry.key) must not be empty; write a command, or \"menu\" to open the menu",
                at: entry.node.offset)
            return nil
        }
        return text == "menu" ? .menu : .command(text)
    }

    /// A menu item's command line. The word "menu", which opens the menu
    /// in `[actions]`, is an error here, where the menu is open already:
    /// read as a command it would run a program named menu, which is not
    /// what anyone writing it means.
    mutating func itemCommand(_ entry: TOMLEntry) -> String? {
        guard let command = nonEmptyString(entry) else { return nil }
        guard command != "menu" else {
            error(
                "a menu item cannot open the menu it is in; for a menu within the menu, write"
                    + " submenu = \"NAME\" and a [submenu.NAME]", at: entry.node.offset)
            return nil
        }
        return command
    }

    /// `tap = { action = "NAME" }`: a built-in action where a command could be.
    private mutating func builtInTable(_ entry: TOMLEntry, _ table: TOMLTable) -> Action? {
        if let keys = table["keys"], table["action"] == nil { return keysTable(entry, keys, table) }
        for other in table.entries where other.key != "action" {
            error(
                "\(entry.key) = { ... } takes only action; a command is written \(entry.key) = \"COMMAND\"",
                at: other.keyOffset)
        }
        guard let name = table["action"] else {
            error(#"\#(entry.key) = { } needs action = "NAME""#, at: entry.node.offset)
            return nil
        }
        if let click = clickType(name) { return .click(click) }
        if isPointerAction(name) { return .pointer }
        return builtInAction(name).map(Action.builtIn)
    }

    /// A built-in action's name; where `resolve` finds no tool for it, a
    /// warning that says what to install.
    mutating func builtInAction(_ entry: TOMLEntry) -> BuiltInAction? {
        guard let action = choice(entry, BuiltInAction.all.map { ($0.name, $0) }) else { return nil }
        if let resolve, case .missing(let why) = resolve(action) {
            warnings.append(Issue(offset: entry.node.offset, message: "action \(action.name): \(why)"))
        }
        return action
    }

    /// The tables of a `[[table]]` or of an array of inline tables, and
    /// where each starts; with `singleTable`, a `[table]` is the one element.
    private mutating func elements(
        of entry: TOMLEntry, each: String, expected: String, singleTable: Bool = false
    ) -> [(table: Int, offset: Int)]? {
        switch entry.node.value {
        case .table(let table) where singleTable:
            return [(table, entry.node.offset)]
        case .tableArray(let array):
            return document.tableArrays[array].map { ($0, document[$0].definedAt) }
        case .array(let nodes):
            // `item = [{ label = ..., command = ... }, ...]` means the same.
            var tables: [(table: Int, offset: Int)] = []
            for node in nodes {
                guard case .table(let table) = node.value else {
                    error("each \(each) must be a table, got \(node.value.typeName)", at: node.offset)
                    return nil
                }
                tables.append((table, node.offset))
            }
            return tables
        default:
            typeError(entry, expected: expected)
            return nil
        }
    }

    mutating func menuItems(_ entry: TOMLEntry, in submenu: String? = nil) -> [MenuItem] {
        let maxItems = submenu == nil ? Menu.maxItems : Menu.maxSubmenuItems
        guard
            let tables = elements(
                of: entry, each: "menu item", expected: "an array of tables ([[menu.item]])")
        else { return [] }

        var items: [MenuItem] = []
        for (index, item) in tables.enumerated() {
            if index == maxItems {
                let back = submenu == nil ? "" : " (Back is added as the last)"
                error("at most \(maxItems) menu items are allowed\(back)", at: item.offset)
                break
            }
            var draft = Schema.ItemDraft()
            let scope = "in [[\(tableName(document.path(of: item.table)))]]"
            readFields(of: item.table, Schema.menuItem, into: &draft, scope: scope)
            let itemTable = document[item.table]
            let because = "an item runs a command or a built-in action, or opens a submenu"
            errorIfBoth("command", "action", in: itemTable, because: because)
            errorIfBoth("submenu", "command", in: itemTable, because: because)
            errorIfBoth("submenu", "action", in: itemTable, because: because)
            for other in ["command", "action", "submenu"] {
                errorIfBoth(
                    "keys", other, in: itemTable, because: "an item sends keys or does one of the others")
            }
            keysItem(&draft, itemTable)
            if let name = draft.submenu, let entry = itemTable["submenu"] {
                submenuReferences.append(
                    SubmenuReference(name: name, offset: entry.node.offset, from: submenu))
            }
            // A built-in action or built-in keys bring their own label, and other keys
            // are labelled as written (KeyChord.label).
            if itemTable["action"] == nil {
                if itemTable["label"] == nil, itemTable["keys"] == nil {
                    error("menu item is missing \"label\"", at: item.offset)
                }
                if itemTable["command"] == nil, itemTable["submenu"] == nil, itemTable["keys"] == nil {
                    error("menu item is missing \"command\" (or \"action\", or \"submenu\")", at: item.offset)
                }
            }
            if let icon = draft.icon, icon.hasPrefix("/"), let fileExists, !fileExists(icon),
                let entry = itemTable["icon"]
            {
                warnings.append(
                    Issue(
                        offset: entry.node.offset,
                        message: "no icon file at \(icon); the item shows its label's first letter"))
            }
            let builtIn = draft.action
            let keys = draft.keys?.builtIn
            let pointer = draft.pointer ? PointerAction.self : nil
            if let label = draft.label ?? builtIn?.label ?? keys?.label
                ?? draft.keys.map({ KeyChord.label(of: $0.chords) }) ?? draft.click?.label ?? pointer?.label,
                let action = draft.command.map(Action.command) ?? builtIn.map(Action.builtIn)
                    ?? draft.keys.map({ Action.keys($0.chords) }) ?? draft.click.map(Action.click)
                    ?? pointer.map({ _ in Action.pointer }) ?? draft.submenu.map(Action.submenu)
            {
                items.append(
                    MenuItem(
                        label: label,
                        icon: draft.icon ?? builtIn?.icon ?? keys?.icon ?? draft.click?.glyph.iconName
                            ?? pointer?.icon,
                        action: action,
                        keepOpen: draft.keepOpen ?? builtIn?.keepOpen ?? false, status: draft.status,
                        toggle: draft.toggle, apps: draft.apps))
            }
            if draft.toggle, draft.status == nil, let entry = itemTable["toggle"] {
                error(
                    "toggle needs status: the status command's exit status draws the item on or off",
                    at: entry.keyOffset)
            }
        }
        return items
    }

    // MARK: Unknown keys

    private mutating func warnUnknown<Section>(
        _ entry: TOMLEntry, in table: Int, scope: String, fields: [Field<Section>]
    ) {
        let path = document.path(of: table) + [entry.key]
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
            let matchPath = tableName(document.path(of: table) + [match])
            switch field.shape {
            case .value: message += "; did you mean \(quoted(match))?"
            case .table: message += "; did you mean [\(matchPath)]?"
            case .tableArray: message += "; did you mean [[\(matchPath)]]?"
            }
        } else if !isTable, let home = homes.first(where: { $0.keys.contains(entry.key) }) {
            message += "; \(quoted(entry.key)) belongs in \(homeName(home, from: path))"
        }
        warnings.append(Issue(offset: entry.keyOffset, message: message))
    }

    /// "[snap]", or in the `[[button]]` form "[[button]]" for the button's
    /// own keys and "[button.snap]" when the key was written in a button.
    private func homeName(_ home: (path: [String], isArray: Bool, keys: [String]), from path: [String])
        -> String
    {
        var home = home
        if document[TOMLDocument.root]["button"]?.node.value.isArray == true {
            if home.path == ["button"] {
                home.isArray = true
            } else if path.first == "button" {
                home.path.insert("button", at: 0)
            }
        }
        let name = tableName(home.path)
        return home.isArray ? "[[\(name)]]" : "[\(name)]"
    }

    mutating func error(_ message: String, at offset: Int) {
        errors.append(Issue(offset: offset, message: message))
    }

    mutating func warning(_ message: String, at offset: Int) {
        warnings.append(Issue(offset: offset, message: message))
    }

    /// An error at the later of two keys that cannot both be set.
    private mutating func errorIfBoth(
        _ one: String, _ other: String, in table: TOMLTable, because why: String
    ) {
        guard let a = table[one], let b = table[other] else { return }
        let (first, second) = a.keyOffset < b.keyOffset ? (a, b) : (b, a)
        error("\(second.key) and \(first.key) cannot both be set: \(why)", at: second.keyOffset)
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

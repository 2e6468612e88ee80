import BuoyCore

extension Config {
    /// Parses and validates a config file. `path` is used only in messages.
    ///
    /// Throws `ConfigError` with the errors in file order (a syntax error
    /// stops parsing at once and comes alone; value errors are all
    /// collected) and the warnings found beside them. Unknown keys and
    /// tables are not errors: they come back as warnings, in file order,
    /// with a suggestion when one is close. So are a button that could
    /// never be seen, when `fileExists` is given, an icon path that
    /// `fileExists` says is not there, and when `resolve` is given, a
    /// built-in action that it finds no tool for. With `home`, an icon path
    /// `~/...` is taken under it.
    public static func parse(
        _ bytes: [UInt8], path: String, fileExists: ((String) -> Bool)? = nil,
        resolve: ((BuiltInAction) -> BuiltInAction.Resolution)? = nil, home: String? = nil
    ) throws(ConfigError) -> (config: Config, warnings: [ConfigDiagnostic]) {
        let document = try TOMLParser.parse(bytes, path: path)
        var reader = SchemaReader(document: document, fileExists: fileExists, resolve: resolve, home: home)
        var config = Config.defaults
        reader.readFields(of: TOMLDocument.root, Schema.root, into: &config, scope: "at the top level")
        reader.readButtons(into: &config)
        reader.checkSubmenus(of: config)
        // File order, not the order the schema happens to visit.
        func diagnostics(_ issues: [SchemaReader.Issue], _ severity: ConfigDiagnostic.Severity)
            -> [ConfigDiagnostic]
        {
            issues.enumerated()
                .sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }
                .map { document.source.diagnostic(severity, $0.element.message, at: $0.element.offset) }
        }
        let warnings = diagnostics(reader.warnings, .warning)
        if !reader.errors.isEmpty {
            throw ConfigError(errors: diagnostics(reader.errors, .error), warnings: warnings)
        }
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
    let keys: [SchemaKey]
    /// The numbers this key holds in a section, by dotted key: what the
    /// fuzzer holds to each key's `NumberRule`.
    let numbers: (Section) -> [(key: String, value: Double)]
    let read: (inout Section, TOMLEntry, inout SchemaReader) -> Void

    var knownKeys: [String] { keys.map(\.path) }

    init(
        key: String, shape: Shape = .value, keys: [SchemaKey]? = nil,
        numbers: @escaping (Section) -> [(key: String, value: Double)] = { _ in [] },
        read: @escaping (inout Section, TOMLEntry, inout SchemaReader) -> Void
    ) {
        self.key = key
        self.shape = shape
        self.keys = keys ?? [SchemaKey(path: key)]
        self.numbers = numbers
        self.read = read
    }

    /// A number key: `rule` checks what is written, `set` keeps it, and
    /// `value` reads it back (nil when the section does not use it).
    init(
        key: String, _ rule: NumberRule, value: @escaping (Section) -> Double?,
        set: @escaping (inout Section, Double, TOMLEntry) -> Void
    ) {
        self.init(
            key: key, keys: [SchemaKey(path: key, number: rule)],
            numbers: { section in value(section).map { [(key, $0)] } ?? [] },
            read: { section, entry, reader in
                if let number = reader.number(entry, rule) { set(&section, number, entry) }
            })
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
        Field(
            key: key, shape: .table, keys: dottedKeys(under: key, fields),
            numbers: { section in dottedNumbers(under: key, fields, section[keyPath: path]) },
            read: { section, entry, reader in
                guard case .table(let table) = entry.node.value else {
                    reader.typeError(entry, expected: "a table")
                    return
                }
                let scope = "in [\(tableName(reader.document.path(of: table)))]"
                reader.readFields(of: table, fields, into: &section[keyPath: path], scope: scope)
            })
    }
}

/// "snap.to" for the "to" of a table "snap".
func dottedKeys<Section>(under key: String, _ fields: [Field<Section>]) -> [SchemaKey] {
    fields.flatMap { $0.keys.map { SchemaKey(path: key + "." + $0.path, number: $0.number) } }
}

/// The numbers of a table's fields in `section`, by dotted key.
private func dottedNumbers<Section>(under key: String, _ fields: [Field<Section>], _ section: Section)
    -> [(key: String, value: Double)]
{
    fields.flatMap { $0.numbers(section).map { (key + "." + $0.key, $0.value) } }
}

/// A section whose defaults number keys take theirs from: each default is
/// written once, in the section's initialiser in Config.swift.
protocol SchemaSection {
    static var defaults: Self { get }
}

extension Snap: SchemaSection { static var defaults: Snap { Snap() } }
extension Gestures: SchemaSection { static var defaults: Gestures { Gestures() } }
extension Actions: SchemaSection { static var defaults: Actions { Actions() } }
extension Menu: SchemaSection { static var defaults: Menu { Menu() } }

extension Field where Section: SchemaSection {
    /// A number (an integer or a float) within `range`, in `unit` ("seconds")
    /// if it has one.
    static func number(
        _ key: String, _ path: WritableKeyPath<Section, Double>, _ range: ClosedRange<Double>,
        _ unit: Unit? = nil
    ) -> Field {
        let rule = NumberRule(defaultValue: Section.defaults[keyPath: path], range: range, unit: unit)
        return Field(
            key: key, rule, value: { $0[keyPath: path] },
            set: { section, value, _ in section[keyPath: path] = value })
    }

    static func integer(_ key: String, _ path: WritableKeyPath<Section, Int>, _ range: ClosedRange<Int>)
        -> Field
    {
        let rule = NumberRule(
            defaultValue: Double(Section.defaults[keyPath: path]),
            range: Double(range.lowerBound)...Double(range.upperBound), isInteger: true)
        return Field(
            key: key, rule, value: { Double($0[keyPath: path]) },
            set: { section, value, _ in section[keyPath: path] = Int(value) })
    }
}

/// One dotted key the schema accepts, with its rule when it takes a number.
struct SchemaKey: Equatable {
    var path: String
    var number: NumberRule?
}

/// A number key's default, range and unit, stated once: the parser checks
/// values against it, and the fuzzer and the tests that hold buoy(5) and
/// examples/config.toml to the schema read it.
struct NumberRule: Equatable {
    var defaultValue: Double
    var range: ClosedRange<Double>
    var unit: Unit?
    /// Only an integer will do (`max_running`).
    var isInteger = false
}

/// What a number is measured in, as range errors name it.
enum Unit: String {
    case seconds
    case pixels = "logical pixels"
}

/// The schema: which keys each table has, their types, and for numbers
/// their `NumberRule`s (whose defaults are the initialisers' in Config.swift).
enum Schema {
    static var root: [Field<Config>] {
        [
            // `[button]` or `[[button]]`: read by `SchemaReader.readButtons`
            // once the tables they inherit from have been. Its numbers are
            // every button's, with the tables it ends up with.
            Field(
                key: "button", shape: .table, keys: dottedKeys(under: "button", button),
                numbers: { config in
                    config.buttons.flatMap { dottedNumbers(under: "button", button, ButtonDraft(spec: $0)) }
                }, read: { _, _, _ in }),
            .table("snap", \.snap, snap),
            .table("gestures", \.gestures, gestures),
            .table("actions", \.actions, actions),
            .table("menu", \.menu, menu),
            .table("visibility", \.visibility, visibility),
            submenus,
        ]
    }

    /// Every number key's rule, by dotted key ("button.size", "button.snap.duration").
    static var numberRules: [String: NumberRule] {
        Dictionary(
            uniqueKeysWithValues: root.flatMap(\.keys).compactMap { key in key.number.map { (key.path, $0) } }
        )
    }

    /// A button while it is read; its shape and name are checked after.
    struct ButtonDraft: SchemaSection {
        var spec: ButtonSpec
        var rounded = false
        var cornerRadius: (value: Double, keyOffset: Int)?
        /// Where a valid `name` is.
        var nameOffset: Int?

        static var defaults: ButtonDraft { ButtonDraft(spec: ButtonSpec()) }
    }

    /// The keys of `[button]` and of each `[[button]]`, with the sub-tables
    /// that override the top-level ones for that button.
    static var button: [Field<ButtonDraft>] {
        [
            Field(key: "name") { draft, entry, reader in
                if let name = reader.buttonName(entry) {
                    draft.spec.button.name = name
                    draft.nameOffset = entry.node.offset
                }
            },
            .number("size", \.spec.button.size, 16...512, .pixels),
            .choice("position", \.spec.button.position, Placement.allCases.map { ($0.rawValue, $0) }),
            .number("margin", \.spec.button.margin, 0...500, .pixels),
            .color("color", \.spec.button.color),
            .color("glyph_color", \.spec.button.glyphColor),
            .color("badge_color", \.spec.button.badgeColor),
            .color("badge_text_color", \.spec.button.badgeTextColor),
            .boolean("badge_fades", \.spec.button.badgeFades),
            Field(key: "icon") { draft, entry, reader in
                if let icon = reader.buttonIcon(entry) { draft.spec.button.face = .icon(icon) }
            },
            Field(key: "label") { draft, entry, reader in
                if let label = reader.buttonLabel(entry) { draft.spec.button.face = .label(label) }
            },
            .choice("shape", \.rounded, [("circle", false), ("rounded", true)]),
            Field(
                key: "corner_radius",
                NumberRule(defaultValue: Button.defaultCornerRadius, range: 0...256, unit: .pixels),
                value: { draft in
                    guard case .rounded(let radius) = draft.spec.button.shape else { return nil }
                    return radius
                },
                set: { draft, radius, entry in draft.cornerRadius = (radius, entry.keyOffset) }),
            .boolean("draggable", \.spec.button.draggable),
            .boolean("removable", \.spec.button.removable),
            .number("opacity", \.spec.button.opacity, 0...1),
            .number("idle_opacity", \.spec.button.idleOpacity, 0...1),
            .number("idle_delay", \.spec.button.idleDelay, 0...60, .seconds),
            .number("fade", \.spec.button.fade, 0...5, .seconds),
            .boolean("tuck", \.spec.button.tuck),
            .choice("feedback", \.spec.button.feedback, HapticFeedback.allCases.map { ($0.rawValue, $0) }),
            Field(key: "output") { draft, entry, reader in
                if let output = reader.nonEmptyString(entry) {
                    draft.spec.button.output =
                        switch output {
                        case "*": .every
                        case "focused": .focused
                        default: .named(output)
                        }
                }
            },
            .table("snap", \.spec.snap, snap),
            .table("gestures", \.spec.gestures, gestures),
            .table("actions", \.spec.actions, actions),
            .table("menu", \.spec.menu, menu),
            .table("visibility", \.spec.visibility, visibility),
        ]
    }

    static var visibility: [Field<VisibilityRules>] {
        [
            .choice("fullscreen", \.fullscreen, FullscreenRule.allCases.map { ($0.rawValue, $0) }),
            Field(key: "hide_for") { rules, entry, reader in
                if let globs = reader.nonEmptyStrings(entry) { rules.hideFor = globs }
            },
            Field(key: "show_for") { rules, entry, reader in
                if let globs = reader.nonEmptyStrings(entry) { rules.showFor = globs }
            },
            .choice("mode", \.mode, ModeRule.allCases.map { ($0.rawValue, $0) }),
        ]
    }

    static var snap: [Field<Snap>] {
        [
            .choice("to", \.to, SnapMode.allCases.map { ($0.rawValue, $0) }),
            .number("duration", \.duration, 0...5, .seconds),
        ]
    }

    static var gestures: [Field<Gestures>] {
        [
            .number("drag_threshold", \.dragThreshold, 0...100, .pixels),
            .number("double_tap_window", \.doubleTapWindow, 0...5, .seconds),
            .number("long_press_delay", \.longPressDelay, 0...5, .seconds),
            .number("touch_drag_threshold", \.touchDragThreshold, 0...100, .pixels),
            .number("touch_double_tap_window", \.touchDoubleTapWindow, 0...5, .seconds),
        ]
    }

    static var actions: [Field<Actions>] {
        [
            .action("tap", \.tap),
            .action("double_tap", \.doubleTap),
            .action("long_press", \.longPress),
            .action("swipe_up", \.swipeUp),
            .action("swipe_down", \.swipeDown),
            .action("swipe_left", \.swipeLeft),
            .action("swipe_right", \.swipeRight),
            .integer("max_running", \.maxRunning, 1...64),
        ]
    }

    static var menu: [Field<Menu>] {
        [
            Field(key: "item", shape: .tableArray, keys: dottedKeys(under: "item", menuItem)) {
                menu, entry, reader in
                menu.items = reader.menuItems(entry)
            },
            .number("item_size", \.itemSize, 16...256, .pixels),
            .string("icon_theme", \.iconTheme),
            .number("open_duration", \.openDuration, 0...5, .seconds),
            .number("close_duration", \.closeDuration, 0...5, .seconds),
            .number("dim", \.dim, 0...0.6),
            .number("spacing", \.spacing, 0...100, .pixels),
            .number("row_height", \.rowHeight, 16...256, .pixels),
            // A Pango font description; only the drawing child can parse
            // it (Pango never enters buoy), and Pango reads any text as one.
            Field(key: "font") { menu, entry, reader in
                if let value = reader.nonEmptyString(entry) { menu.font = value }
            },
            .choice("layout", \.layout, MenuLayout.Kind.allCases.map { ($0.rawValue, $0) }),
            .color("background", \.colors.background),
            .color("label_color", \.colors.labelColor),
            .color("label_background", \.colors.labelBackground),
            Field(key: "focus_color") { menu, entry, reader in
                if let value = reader.color(entry) { menu.colors.focusColor = value }
            },
        ]
    }

    /// A menu item while it is read; label, command and action are checked after.
    struct ItemDraft {
        var label: String?
        var icon: String?
        var command: String?
        var action: BuiltInAction?
        var click: ClickType?
        var keepOpen: Bool?
        var submenu: String?
        var status: String?
        var toggle = false
    }

    static var menuItem: [Field<ItemDraft>] {
        [
            .string("label", \.label),
            Field(key: "icon") { item, entry, reader in
                if let icon = reader.nonEmptyString(entry) { item.icon = reader.expandingHome(icon) }
            },
            Field(key: "command") { draft, entry, reader in
                if let command = reader.itemCommand(entry) { draft.command = command }
            },
            Field(key: "action") { draft, entry, reader in
                if let click = reader.clickType(entry) {
                    draft.click = click
                } else if let action = reader.builtInAction(entry) {
                    draft.action = action
                }
            },
            Field(key: "keep_open") { draft, entry, reader in
                if let keepOpen = reader.boolean(entry) { draft.keepOpen = keepOpen }
            },
            .string("submenu", \.submenu),
            .string("status", \.status),
            Field(key: "toggle") { draft, entry, reader in
                if let toggle = reader.boolean(entry) { draft.toggle = toggle }
            },
        ]
    }

    /// Where each table's keys live, for "it belongs in [snap]" hints. In
    /// a `[[button]]`, all but the button's own are its sub-tables. The
    /// first home with the key is named: `label` and `icon` are the menu
    /// items' first.
    static var homes: [(path: [String], isArray: Bool, keys: [String])] {
        [
            (["menu", "item"], true, menuItem.map(\.key)),
            (["button"], false, button.filter { $0.shape == .value }.map(\.key)),
            (["snap"], false, snap.map(\.key)),
            (["gestures"], false, gestures.map(\.key)),
            (["actions"], false, actions.map(\.key)),
            (["visibility"], false, visibility.map(\.key)),
            (["menu"], false, menu.filter { $0.shape == .value }.map(\.key)),
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
    /// Whether an icon's path is there; nil checks nothing.
    let fileExists: ((String) -> Bool)?
    /// What a built-in action comes to here; nil checks nothing.
    let resolve: ((BuiltInAction) -> BuiltInAction.Resolution)?
    /// The user's home directory, for icon paths written `~/...`.
    let home: String?
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
            draft.spec.button.name = index == 0 ? "main" : "button-\(index + 1)"
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

    // MARK: Values

    mutating func typeError(_ entry: TOMLEntry, expected: String) {
        error("\(entry.key) expects \(expected), got \(entry.node.value.typeName)", at: entry.node.offset)
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

    /// A button's `name`: `[a-z0-9_-]{1,32}`, so that other tools can
    /// use it as a word (`buoy msg`, file names).
    mutating func buttonName(_ entry: TOMLEntry) -> String? {
        guard let text = string(entry) else { return nil }
        let allowed = text.utf8.allSatisfy { b in
            (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x2D
        }
        guard allowed, (1...32).contains(text.utf8.count) else {
            error(
                "name must be 1 to 32 of a-z, 0-9, \"_\" and \"-\" ([a-z0-9_-]{1,32}), got \(quoted(text))",
                at: entry.node.offset)
            return nil
        }
        return text
    }

    /// `[button] icon`: an icon name, or an absolute path; when `fileExists`
    /// is given, a path where there is no file is a warning (the button
    /// shows its default glyph), as for a menu item's icon.
    mutating func buttonIcon(_ entry: TOMLEntry) -> String? {
        guard let icon = nonEmptyString(entry).map(expandingHome) else { return nil }
        if icon.hasPrefix("/") {
            if let fileExists, !fileExists(icon) {
                warnings.append(
                    Issue(
                        offset: entry.node.offset,
                        message: "no icon file at \(icon); the button shows its default glyph"))
            }
        } else if icon.contains("/") {
            // A theme name has no slash, and a relative path would depend on
            // the directory buoy happens to start in.
            error("icon must be an icon name or an absolute path, got \(quoted(icon))", at: entry.node.offset)
            return nil
        }
        return icon
    }

    /// `[button] label`: 1 to `ButtonFace.maxLabelCharacters` characters.
    mutating func buttonLabel(_ entry: TOMLEntry) -> String? {
        guard let label = nonEmptyString(entry) else { return nil }
        guard label.count <= ButtonFace.maxLabelCharacters else {
            error(
                "label must be at most \(ButtonFace.maxLabelCharacters) characters, got \(quoted(label))"
                    + " (\(label.count))", at: entry.node.offset)
            return nil
        }
        return label
    }

    mutating func color(_ entry: TOMLEntry) -> Color? {
        guard let text = string(entry) else { return nil }
        guard let color = parseColor(text) else {
            error("\(entry.key) must be \(colorForms), got \(quoted(text))", at: entry.node.offset)
            return nil
        }
        return color
    }

    /// A command line, "menu", or `{ action = "NAME" }`.
    mutating func action(_ entry: TOMLEntry) -> Action? {
        if case .table(let table) = entry.node.value { return builtInTable(entry, document[table]) }
        guard case .string(let text) = entry.node.value else {
            typeError(entry, expected: #"a string or { action = "NAME" }"#)
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
            if let name = draft.submenu, let entry = itemTable["submenu"] {
                submenuReferences.append(
                    SubmenuReference(name: name, offset: entry.node.offset, from: submenu))
            }
            // A built-in action brings its own label.
            if itemTable["action"] == nil {
                if itemTable["label"] == nil { error("menu item is missing \"label\"", at: item.offset) }
                if itemTable["command"] == nil, itemTable["submenu"] == nil {
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
            if let label = draft.label ?? builtIn?.label ?? draft.click?.label,
                let action = draft.command.map(Action.command) ?? builtIn.map(Action.builtIn)
                    ?? draft.click.map(Action.click) ?? draft.submenu.map(Action.submenu)
            {
                items.append(
                    MenuItem(
                        label: label, icon: draft.icon ?? builtIn?.icon, action: action,
                        keepOpen: draft.keepOpen ?? builtIn?.keepOpen ?? false, status: draft.status,
                        toggle: draft.toggle))
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

    /// An error at the later of two keys that cannot both be set.
    private mutating func errorIfBoth(
        _ one: String, _ other: String, in table: TOMLTable, because why: String
    ) {
        guard let a = table[one], let b = table[other] else { return }
        let (first, second) = a.keyOffset < b.keyOffset ? (a, b) : (b, a)
        error("\(second.key) and \(first.key) cannot both be set: \(why)", at: second.keyOffset)
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
/// CSS's basic colour names, and transparent: what a config may write
/// instead of a hex colour.
let colorNames: [(name: String, hex: String)] = [
    ("black", "#000000"), ("silver", "#c0c0c0"), ("gray", "#808080"), ("grey", "#808080"),
    ("white", "#ffffff"), ("maroon", "#800000"), ("red", "#ff0000"), ("purple", "#800080"),
    ("fuchsia", "#ff00ff"), ("green", "#008000"), ("lime", "#00ff00"), ("olive", "#808000"),
    ("yellow", "#ffff00"), ("navy", "#000080"), ("blue", "#0000ff"), ("teal", "#008080"),
    ("aqua", "#00ffff"), ("orange", "#ffa500"), ("transparent", "#00000000"),
]

/// What a colour may be written as, for error messages.
let colorForms = "a colour name (red, white, ...), #rgb, #rgba, #rrggbb or #rrggbbaa"

/// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` (either case) or a name in `colorNames`.
func parseColor(_ text: String) -> Color? {
    if let named = colorNames.first(where: { $0.name == text.lowercased() }) { return parseColor(named.hex) }
    let bytes = Array(text.utf8)
    guard bytes.first == UInt8(ascii: "#"), [4, 5, 7, 9].contains(bytes.count) else { return nil }
    // #rgb and #rgba: each digit doubled, as CSS reads them.
    let digits = bytes.count <= 5 ? bytes.dropFirst().flatMap { [$0, $0] } : Array(bytes.dropFirst())
    var channels: [Double] = []
    for i in stride(from: 0, to: digits.count, by: 2) {
        guard let high = hexValue(digits[i]), let low = hexValue(digits[i + 1]) else { return nil }
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

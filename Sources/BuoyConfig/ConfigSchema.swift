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
    /// `~/...` is taken under it. With `keyNames`, a key that it does not
    /// know is an error.
    public static func parse(
        _ bytes: [UInt8], path: String, fileExists: ((String) -> Bool)? = nil,
        resolve: ((BuiltInAction) -> BuiltInAction.Resolution)? = nil, home: String? = nil,
        keyNames: ((String) -> KeyNameCheck)? = nil
    ) throws(ConfigError) -> (config: Config, warnings: [ConfigDiagnostic]) {
        let document = try TOMLParser.parse(bytes, path: path)
        var reader = SchemaReader(document: document, fileExists: fileExists, resolve: resolve, home: home)
        reader.keyNames = keyNames
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
            .table("pointer", \.pointer, pointerPad),
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
            Field(key: "accessible_name") { draft, entry, reader in
                if let name = reader.accessibleName(entry) { draft.spec.button.accessibleName = name }
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
            .number("dwell", \.spec.button.dwell, 0...5, .seconds, offOrAtLeast: 0.3),
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

    /// The top-level tables a button overrides key by key with its own
    /// (`[button.actions]`): `[snap]`, `[gestures]`, `[actions]`, ...
    static var buttonSubTables: Set<String> { Set(button.filter { $0.shape == .table }.map(\.key)) }

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
            .number("click_timeout", \.clickTimeout, 1...60, .seconds),
        ]
    }

    static var actions: [Field<Actions>] {
        ButtonGesture.allCases.map { .action($0.rawValue, \.[$0]) } + [
            .integer("max_running", \.maxRunning, 1...64)
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
            .number("dwell", \.dwell, 0...5, .seconds, offOrAtLeast: 0.3),
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
            .choice("edit", \.edit, MenuEditing.allCases.map { ($0.rawValue, Optional($0)) }),
        ]
    }

    /// A menu item while it is read; label, command and action are checked after.
    struct ItemDraft {
        var label: String?
        var icon: String?
        var command: String?
        var action: BuiltInAction?
        var keys: (chords: [KeyChord], builtIn: BuiltInKeys?)?
        var click: ClickType?
        /// `action = "pointer"`.
        var pointer = false
        var keepOpen: Bool?
        var apps = AppRule()
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
                } else if reader.isPointerAction(entry) {
                    draft.pointer = true
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
            Field(key: "keys") { draft, entry, reader in draft.keys = reader.keys(entry) },
            Field(key: "show_for") { draft, entry, reader in
                if let globs = reader.nonEmptyStrings(entry) { draft.apps.showFor = globs }
            },
            Field(key: "hide_for") { draft, entry, reader in
                if let globs = reader.nonEmptyStrings(entry) { draft.apps.hideFor = globs }
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
            (["pointer"], false, pointerPad.map(\.key)),
            (["menu"], false, menu.filter { $0.shape == .value }.map(\.key)),
        ]
    }
}

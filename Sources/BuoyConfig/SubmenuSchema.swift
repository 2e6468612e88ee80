import BuoyCore

/// An item's `submenu = "NAME"`: where it is written, and in which
/// submenu's items (nil: a menu's own).
struct SubmenuReference {
    var name: String
    var offset: Int
    var from: String?
}

extension Schema {
    /// `[submenu.NAME]`, each with its `layout` and `[[submenu.NAME.item]]`s.
    static var submenus: Field<Config> {
        Field(key: "submenu", shape: .table, keys: dottedKeys(under: "submenu.NAME", submenu)) {
            config, entry, reader in
            guard case .table(let table) = entry.node.value else {
                reader.typeError(entry, expected: "a table of submenus ([submenu.NAME])")
                return
            }
            for named in reader.document[table].entries {
                guard case .table(let own) = named.node.value else {
                    reader.typeError(named, expected: "a table ([submenu.\(named.key)])")
                    continue
                }
                var draft = SubmenuDraft(name: named.key, submenu: Submenu(items: []))
                let scope = "in [\(tableName(reader.document.path(of: own)))]"
                reader.readFields(of: own, submenu, into: &draft, scope: scope)
                // Items given but each wrong have their own errors.
                if reader.document[own]["item"] == nil {
                    reader.error(
                        "[submenu.\(named.key)] has no items: give it [[submenu.\(named.key).item]]s",
                        at: named.node.offset)
                }
                config.menu.submenus[named.key] = draft.submenu
            }
        }
    }

    /// A submenu while it is read: its items need its name.
    struct SubmenuDraft {
        var name: String
        var submenu: Submenu
    }

    static var submenu: [Field<SubmenuDraft>] {
        [
            Field(key: "layout") { draft, entry, reader in
                if let layout = reader.choice(entry, MenuLayout.Kind.allCases.map { ($0.rawValue, $0) }) {
                    draft.submenu.layout = layout
                }
            },
            Field(key: "item", shape: .tableArray, keys: dottedKeys(under: "item", menuItem)) {
                draft, entry, reader in
                draft.submenu.items = reader.menuItems(entry, in: draft.name)
            },
        ]
    }
}

extension SchemaReader {
    /// Every `submenu` names a `[submenu.NAME]`, none opens itself again
    /// (a cycle), and none lies more than `Menu.maxDepth` below a menu.
    mutating func checkSubmenus(of config: Config) {
        let defined = config.menu.submenus
        var opens: [String?: [SubmenuReference]] = [:]
        for reference in submenuReferences {
            guard defined[reference.name] != nil else {
                var message = "no [submenu.\(reference.name)] is defined"
                if let match = closest(to: reference.name, among: defined.keys.sorted()) {
                    message += "; did you mean \(quoted(match))?"
                }
                error(message, at: reference.offset)
                continue
            }
            opens[reference.from, default: []].append(reference)
        }
        var reported: Set<Int> = []
        var done: Set<String> = []
        for name in defined.keys.sorted() {
            findCycles(from: name, path: [name], opens: opens, done: &done, reported: &reported)
        }
        checkDepth(from: nil, path: [], opens: opens, reported: &reported)
    }

    /// Reports each item that opens a submenu already open on `path`.
    private mutating func findCycles(
        from name: String, path: [String], opens: [String?: [SubmenuReference]], done: inout Set<String>,
        reported: inout Set<Int>
    ) {
        guard !done.contains(name) else { return }
        for reference in opens[name] ?? [] {
            let next = path + [reference.name]
            if path.contains(reference.name) {
                if reported.insert(reference.offset).inserted {
                    error(
                        "submenu \(quoted(reference.name)) opens itself again: \(next.joined(separator: " > "))",
                        at: reference.offset)
                }
            } else {
                findCycles(from: reference.name, path: next, opens: opens, done: &done, reported: &reported)
            }
        }
        done.insert(name)
    }

    /// Reports each item that opens a submenu more than `Menu.maxDepth`
    /// below a menu.
    private mutating func checkDepth(
        from name: String?, path: [String], opens: [String?: [SubmenuReference]], reported: inout Set<Int>
    ) {
        for reference in opens[name] ?? [] where !path.contains(reference.name) {
            let next = path + [reference.name]
            if next.count > Menu.maxDepth {
                if reported.insert(reference.offset).inserted {
                    error(
                        "submenus nest at most \(Menu.maxDepth) deep: \(next.joined(separator: " > "))",
                        at: reference.offset)
                }
            } else {
                checkDepth(from: reference.name, path: next, opens: opens, reported: &reported)
            }
        }
    }
}

/// A menu item as `item add` writes it.
public struct ConfigItem: Equatable, Sendable {
    public enum Runs: Equatable, Sendable {
        case command(String)
        case action(String)
        case keys(String)
    }

    /// nil: none written, for an action or keys, which bring their own.
    public var label: String?
    public var runs: Runs
    public var icon: String?

    public init(label: String?, runs: Runs, icon: String? = nil) {
        self.label = label
        self.runs = runs
        self.icon = icon
    }

    /// Its keys and values, in the order written.
    var keys: [(String, String)] {
        let runs: (String, String)
        switch self.runs {
        case .command(let command): runs = ("command", command)
        case .action(let action): runs = ("action", action)
        case .keys(let keys): runs = ("keys", keys)
        }
        return (label.map { [("label", $0)] } ?? []) + [runs] + (icon.map { [("icon", $0)] } ?? [])
    }
}

/// Which items: the menu's (`[[menu.item]]`), a submenu's
/// (`[[submenu.NAME.item]]`), or with `button` one `[[button]]`'s own
/// (`[[button.menu.item]]`).
public struct ItemList: Equatable, Sendable {
    public var submenu: String?
    public var button: String?

    public init(submenu: String? = nil, button: String? = nil) {
        self.submenu = submenu
        self.button = button
    }

    var parts: [String] {
        if let submenu { return ["submenu", submenu, "item"] }
        return button == nil ? ["menu", "item"] : ["button", "menu", "item"]
    }

    /// Item `number`, as `buoy config set` names its keys ("menu.item.2"),
    /// and a button's as that button's.
    func item(_ number: Int) -> String {
        guard submenu == nil, let button else { return "\(parts.joined(separator: ".")).\(number)" }
        return "menu.item.\(number) of button \(quoted(button))"
    }
}

/// Adds, removes and moves the `[[...item]]` tables of one list. An item's
/// bytes run from the comment lines directly above its header to the end of
/// its last key's line.
struct ItemEditor {
    let layout: TOMLLayout
    let list: ItemList
    /// The items' tables, in file order.
    let items: [Int]
    /// The deepest table written on the way to the list: where a first item goes.
    let holder: Int

    init(_ layout: TOMLLayout, _ list: ItemList) throws(ConfigEditError) {
        self.layout = layout
        self.list = list
        let document = layout.document
        let path = document.source.path
        switch try document.locate(list.parts, button: list.button) {
        case .entry(let table, let name):
            guard case .tableArray(let array) = document[table][name]!.node.value else {
                throw .refused(
                    "\(path): \(list.parts.joined(separator: ".")) is not written as [[\(list.parts.joined(separator: "."))]]"
                        + " tables; edit it by hand")
            }
            items = document.tableArrays[array]
            holder = table
        case .missing(let table, _):
            items = []
            holder = table
        }
    }

    private var lineBreak: [UInt8] { layout.lineBreak }

    /// An item's first byte: its comments' or its header's.
    private func start(of item: Int) -> Int { layout.blockStart(of: layout.document[item].definedAt) }

    /// The byte after an item's last key's line.
    private func end(of item: Int) -> Int { layout.contentEnd(of: layout.document[item].definedAt) }

    /// Refuses `number` outside 1...`last`, saying how many items there are.
    func checked(_ number: Int, upTo last: Int) throws(ConfigEditError) {
        guard number >= 1, number <= last else {
            throw .refused(
                "\(layout.document.source.path): there is no \(list.item(number)): there are \(items.count)")
        }
    }

    func adding(_ item: ConfigItem, at number: Int?) throws(ConfigEditError) -> Splice {
        var text = Array("[[\(tableName(list.parts))]]".utf8) + lineBreak
        for (key, value) in item.keys {
            text += Array("\(displayKey(key)) = \(quoted(value, limit: .max))".utf8) + lineBreak
        }
        return try inserting(text, at: number ?? items.count + 1)
    }

    /// `text` (whole lines) becomes item `number`, set apart by a blank line.
    func inserting(_ text: [UInt8], at number: Int) throws(ConfigEditError) -> Splice {
        try checked(number, upTo: items.count + 1)
        let bytes = layout.bytes
        var text = text
        if text.last != ASCII.lineFeed { text += lineBreak }
        if number <= items.count {
            let at = start(of: items[number - 1])
            return Splice(bytes, replacing: at..<at, with: text + lineBreak)
        }
        // After the last section of the items, or of the tables that hold
        // them: the comments there (commented-out keys) stay in their table.
        let last = items.last.map { layout.document[$0].definedAt } ?? lastHeader(under: holder)
        let next = last.map(layout.sectionEnd(of:)) ?? bytes.count
        let at = next < bytes.count ? layout.blockStart(of: next) : bytes.count
        var before: [UInt8] = []
        if at > layout.start {
            if bytes[at - 1] != ASCII.lineFeed { before += lineBreak }
            if !layout.isBlankLine(at: layout.lineStart(of: at - 1)) || bytes[at - 1] != ASCII.lineFeed {
                before += lineBreak
            }
        }
        let after = at < bytes.count ? lineBreak : []
        return Splice(bytes, replacing: at..<at, with: before + text + after)
    }

    /// The last header of `table` and the tables in it; nil for the root
    /// table, or for one no header writes: then the end of the file.
    private func lastHeader(under table: Int) -> Int? {
        let document = layout.document
        guard table != TOMLDocument.root else { return nil }
        let inside = document.tables.indices.filter { id in
            guard document[id].origin == .header else { return false }
            var next: Int? = id
            while let current = next, current != table { next = document[current].parent }
            return next == table
        }
        return inside.map { document[$0].definedAt }.max()
    }

    /// Item `number` removed with its comments and one blank line; and its
    /// bytes, for `item move`.
    func removing(_ number: Int) throws(ConfigEditError) -> (splice: Splice, text: [UInt8]) {
        try checked(number, upTo: items.count)
        let bytes = layout.bytes
        var start = start(of: items[number - 1])
        var end = end(of: items[number - 1])
        let text = Array(bytes[start..<end])
        if end < bytes.count, layout.isBlankLine(at: end) {
            end = layout.lineEnd(of: end)
        } else if start > layout.start, layout.isBlankLine(at: layout.lineStart(of: start - 1)) {
            start = layout.lineStart(of: start - 1)
        }
        return (Splice(bytes, replacing: start..<end, with: []), text)
    }
}

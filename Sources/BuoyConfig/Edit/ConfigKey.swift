/// A dotted key as `buoy config` takes it: `button.color`, `actions.tap`,
/// `menu.item.2.label` (items count from 1, in file order, as the menu shows
/// them), with `--button NAME` picking one of several `[[button]]` tables.
public struct ConfigKey: Equatable, Sendable, CustomStringConvertible {
    public var parts: [String]
    public var button: String?
    /// `parts` start with a "button" that `--button` put there: the user
    /// wrote the rest (`TOMLDocument.placing`), and messages say that.
    var isButtonsOwn = false

    /// Nil for a key with an empty part ("a..b", ".a").
    public init?(_ dotted: String, button: String? = nil) {
        let parts = dotted.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !parts.contains(where: \.isEmpty) else { return nil }
        self.parts = parts
        self.button = button
    }

    init(parts: [String], button: String?) {
        self.parts = parts
        self.button = button
    }

    public var description: String { parts.dropFirst(isButtonsOwn ? 1 : 0).joined(separator: ".") }

    /// The key as the schema names it: no item numbers, and a submenu's
    /// name as NAME ("submenu.NAME.item.label").
    var schemaPath: String {
        var named = parts.filter { Int($0) == nil }
        if named.count > 1, named[0] == "submenu" { named[1] = "NAME" }
        return named.joined(separator: ".")
    }

    /// The schema's rule when the key holds a number.
    var numberRule: NumberRule? {
        Schema.root.lazy.flatMap(\.keys).first { $0.path == schemaPath }?.number
    }
}

/// What `set` writes.
public enum ConfigValue: Equatable, Sendable {
    /// Read by the key's type in the schema: `'#00ff00'` and `menu` need no
    /// TOML quotes. A number key takes a number; `true` and `false` are
    /// booleans where the schema takes one and strings elsewhere; anything
    /// else is a string.
    case text(String)
    /// `--toml`: a TOML value as written (`{ action = "fullscreen" }`).
    case toml(String)

    var isText: Bool {
        if case .text = self { return true }
        return false
    }

    /// The literals to try, in order; the first the schema accepts is written.
    func literals(for key: ConfigKey) throws(ConfigEditError) -> [Literal] {
        switch self {
        case .text(let text):
            let string = Literal(bytes: Array(quoted(text, limit: .max).utf8))
            if key.numberRule != nil {
                guard Double(text) != nil || Int(text) != nil else {
                    throw .refused("\(key) takes a number, not \(quoted(text))")
                }
                return [Literal(bytes: Array(text.utf8))]
            }
            if text == "true" || text == "false" { return [Literal(bytes: Array(text.utf8)), string] }
            switch Self.value(of: text) {
            case .array?, .table?: return [Literal(bytes: Array(text.utf8), isReadAsTOML: true), string]
            default: return [string]
            }
        case .toml(let literal):
            guard Self.value(of: literal) != nil else {
                throw .refused(
                    "--toml takes one TOML value, such as '\"text\"', 3 or '{ action = \"mute\" }'")
            }
            return [Literal(bytes: Array(literal.utf8))]
        }
    }

    /// The one TOML value `literal` is, or nil: a comment or a line break
    /// after it would let a "value" write more than the key.
    private static func value(of literal: String) -> TOMLValue? {
        let line = Array("v = \(literal)".utf8)
        guard let document = try? TOMLParser.parse(line, path: "--toml"),
            let node = document[TOMLDocument.root]["v"]?.node, node.end == line.count,
            document[TOMLDocument.root].entries.count == 1
        else { return nil }
        return node.value
    }
}

/// One way to write a `set` value.
struct Literal {
    var bytes: [UInt8]
    /// Text given without `--toml` that is an inline table or an array,
    /// read as TOML: where the key takes no such value, the next literal
    /// (the text as a string) is tried; where it takes one, a refusal is
    /// final, so that `{ action = "keyboard" }` never becomes a command.
    var isReadAsTOML = false
}

/// Where a key is in a parsed file.
enum KeyPlace: Equatable {
    /// It is written: `document[table][key]`.
    case entry(table: Int, key: String)
    /// `table` is the deepest table on the way that is written; `rest` are
    /// the key's parts below it.
    case missing(table: Int, rest: [String])
}

extension TOMLDocument {
    /// `key` where it is written for its `--button`, and for a button's own
    /// key, the top-level one it inherits where it has none. A key of a
    /// table that each button overrides key by key (`actions.tap`) is the
    /// button's own (`button.actions.tap`) where the button writes it, or
    /// where there are several buttons, so that a change is that button's
    /// only; a single button's top-level tables are its own. A key of the
    /// button's own table (`button.color`) stays as it is.
    func placing(_ key: ConfigKey) throws(ConfigEditError) -> (key: ConfigKey, inherits: ConfigKey?) {
        guard let name = key.button, key.parts.first != "button" else { return (key, nil) }
        guard Schema.buttonSubTables.contains(key.parts[0]) else {
            throw .refused(
                "\(source.path): \(key) is every button's, not one button's: leave out --button")
        }
        var own = ConfigKey(parts: ["button"] + key.parts, button: name)
        own.isButtonsOwn = true
        let shared = ConfigKey(parts: key.parts, button: nil)
        let table = try buttonTable(named: name)
        if buttonCount > 1 { return (own, shared) }
        if let table, key.parts.count > 1, case .table(let sub)? = self[table][key.parts[0]]?.node.value,
            self[sub][key.parts[1]] != nil
        {
            return (own, shared)
        }
        return (shared, nil)
    }

    /// How many buttons the file writes: `[[button]]`s, or one `[button]`.
    private var buttonCount: Int {
        switch self[TOMLDocument.root]["button"]?.node.value {
        case .tableArray(let array)?: tableArrays[array].count
        case nil: 0
        default: 1
        }
    }

    /// The table of the button named `name`; nil for the default button of
    /// a file that writes none.
    private func buttonTable(named name: String) throws(ConfigEditError) -> Int? {
        let path = source.path
        switch self[TOMLDocument.root]["button"]?.node.value {
        case nil:
            guard name == Button.defaultName(at: 0) else {
                throw .refused("\(path): no [[button]] is named \(quoted(name))")
            }
            return nil
        case .table(let table)?:
            guard hasName(table, name, at: 0) else {
                throw .refused("\(path): the [button] is not named \(quoted(name))")
            }
            return table
        case .tableArray(let array)?:
            return try pickButton(tableArrays[array], name)
        case let value?:
            throw .refused("\(path): button is \(article(value.typeName)), not a table")
        }
    }

    /// Follows `parts` through the tables, items and `[[button]]`s; with
    /// `own`, messages name them as the user did, without the first
    /// ("button") and as that button's (`ConfigKey.isButtonsOwn`).
    func locate(_ parts: [String], button: String?, own: Bool = false) throws(ConfigEditError) -> KeyPlace {
        var table = TOMLDocument.root
        var i = 0
        let path = source.path
        /// The parts before `end`, as the user wrote them.
        func named(_ end: Int) -> String { parts[(own ? 1 : 0)..<end].joined(separator: ".") }
        let whose = own ? " of button \(quoted(button ?? ""))" : ""
        if parts.first == "button", let button {
            guard let picked = try buttonTable(named: button) else {
                return .missing(table: table, rest: parts)
            }
            guard parts.count > 1 else { return .entry(table: table, key: "button") }
            table = picked
            i = 1
        }
        while i < parts.count {
            let part = parts[i]
            guard let entry = self[table][part] else {
                if let number = parts[(i + 1)...].firstIndex(where: { Int($0) != nil }) {
                    throw .refused("\(path): there is no \(named(number + 1))\(whose)")
                }
                return .missing(table: table, rest: Array(parts[i...]))
            }
            if i == parts.count - 1 { return .entry(table: table, key: part) }
            i += 1
            switch entry.node.value {
            case .table(let child):
                table = child
            case .tableArray(let array):
                let elements = tableArrays[array]
                if i == 1, part == "button" {
                    table = try pickButton(elements, nil)
                } else {
                    let name = named(i)
                    guard let number = Int(parts[i]) else {
                        throw .refused("\(path): \(name) is a list: say which one, as \(name).1")
                    }
                    guard number >= 1, number <= elements.count else {
                        throw .refused(
                            "\(path): there is no \(name).\(number)\(whose): there are \(elements.count)")
                    }
                    table = elements[number - 1]
                    if i == parts.count - 1 {
                        throw .refused("\(path): \(name).\(number) is a table: name one of its keys")
                    }
                    i += 1
                }
            default:
                throw .refused(
                    "\(path): \(named(i)) is \(article(entry.node.value.typeName)),"
                        + " not a table")
            }
        }
        return .missing(table: table, rest: [])
    }

    /// Whether the button's table, the one at `index` among them, has
    /// `name`: written, or by default.
    private func hasName(_ table: Int, _ name: String, at index: Int) -> Bool {
        guard let entry = self[table]["name"] else { return Button.defaultName(at: index) == name }
        guard case .string(let written) = entry.node.value else { return false }
        return written == name
    }

    private func pickButton(_ elements: [Int], _ button: String?) throws(ConfigEditError) -> Int {
        if let button {
            guard let index = elements.indices.first(where: { hasName(elements[$0], button, at: $0) }) else {
                throw .refused("\(source.path): no [[button]] is named \(quoted(button))")
            }
            return elements[index]
        }
        guard elements.count == 1 else {
            throw .refused(
                "\(source.path): there are \(elements.count) [[button]] tables: pick one with --button NAME")
        }
        return elements[0]
    }
}

extension TOMLDocument {
    /// Every value's key as `buoy config` names it, with the `--button`
    /// that picks it: what the round trip and the fuzzer write back. Keys
    /// that a dotted name cannot say (with a dot, or a number) are left out.
    var valueKeys: [ConfigKey] {
        var found: [ConfigKey] = []
        func isPlain(_ key: String) -> Bool { !key.isEmpty && !key.contains(".") && Int(key) == nil }
        func walk(_ table: Int, _ parts: [String], _ button: String?) {
            for entry in self[table].entries where isPlain(entry.key) {
                let path = parts + [entry.key]
                switch entry.node.value {
                case .table(let id) where self[id].origin != .inline:
                    walk(id, path, button)
                case .tableArray(let array) where parts.isEmpty && entry.key == "button":
                    let elements = tableArrays[array]
                    let names = elements.map { element -> String? in
                        guard case .string(let name)? = self[element]["name"]?.node.value else { return nil }
                        return name
                    }
                    for (element, name) in zip(elements, names) {
                        if elements.count == 1 {
                            walk(element, path, nil)
                        } else if let name, names.filter({ $0 == name }).count == 1 {
                            walk(element, path, name)
                        }
                    }
                case .tableArray(let array):
                    for (index, element) in tableArrays[array].enumerated() {
                        walk(element, path + [String(index + 1)], button)
                    }
                default:
                    found.append(ConfigKey(parts: path, button: button))
                }
            }
        }
        walk(TOMLDocument.root, [], nil)
        return found
    }
}

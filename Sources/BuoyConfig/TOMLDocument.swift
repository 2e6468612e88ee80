/// A parsed TOML document. Tables live in one array and refer to each other
/// by index, so the parser can add a key to any table in O(1) without
/// copying the tables above it (nested value types would be copied on every
/// write through an enum payload).
struct TOMLDocument: Sendable {
    var source: SourceFile
    /// `tables[TOMLDocument.root]` is the root table.
    var tables: [TOMLTable]
    /// The elements of each `[[array.of.tables]]`, as table indices.
    var tableArrays: [[Int]]

    static let root = 0

    init(source: SourceFile) {
        self.source = source
        tables = [TOMLTable(parent: nil, names: [], origin: .root, definedAt: source.start)]
        tableArrays = []
    }

    subscript(table: Int) -> TOMLTable { tables[table] }

    /// The table's keys from the root, for messages ("[menu.item]"). Built
    /// on demand: a path kept in every table would cost memory in the
    /// square of the nesting.
    func path(of table: Int) -> [String] {
        var reversed: [[String]] = []
        var next: Int? = table
        while let id = next {
            reversed.append(tables[id].names)
            next = tables[id].parent
        }
        return reversed.reversed().flatMap { $0 }
    }
}

/// A value and the byte offsets of its first character and of the byte
/// after its last, which `ConfigEdit` replaces in place. A table made by a
/// header has no span of its own: its `end` is its `offset`.
struct TOMLNode: Sendable {
    var value: TOMLValue
    var offset: Int
    var end: Int

    init(value: TOMLValue, offset: Int, end: Int? = nil) {
        self.value = value
        self.offset = offset
        self.end = end ?? offset
    }
}

enum TOMLValue: Sendable {
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)
    case array([TOMLNode])
    /// An index into `TOMLDocument.tables`.
    case table(Int)
    /// An index into `TOMLDocument.tableArrays`.
    case tableArray(Int)

    /// `[[a]]`, or `a = [...]`.
    var isArray: Bool {
        switch self {
        case .array, .tableArray: return true
        default: return false
        }
    }

    /// The name used in messages such as "size expects a number, got string".
    var typeName: String {
        switch self {
        case .string: return "string"
        case .integer: return "integer"
        case .float: return "float"
        case .boolean: return "boolean"
        case .array, .tableArray: return "array"
        case .table: return "table"
        }
    }
}

struct TOMLEntry: Sendable {
    var key: String
    /// Offset of the key (for a table made by a header, of the header's last key).
    var keyOffset: Int
    /// Offset of the value; for a table made by a header, of the header's "[".
    var node: TOMLNode
}

struct TOMLTable: Sendable {
    /// How a table came to exist decides what may later add to it.
    enum Origin: Sendable, Equatable {
        case root
        /// `[a.b]` or one element of `[[a.b]]`: closed to other headers.
        case header
        /// The `a` of `[a.b]` before any `[a]`: a later `[a]` may define it,
        /// or dotted keys (which make it `.dotted`).
        case implicit
        /// Made by a dotted key `a.b = 1`: more dotted keys may add to it.
        case dotted
        /// `{ ... }`: closed once written.
        case inline
    }

    /// The table this one's key is in; nil for the root.
    var parent: Int?
    /// Its key in `parent`: one name, or for an inline table every part of
    /// its dotted key (`a.b = { }`), whose tables are made after the value.
    var names: [String]
    var origin: Origin
    /// Offset of what defined the table: its header's "[", its key, its "{".
    var definedAt: Int
    /// Entries in file order.
    var entries: [TOMLEntry] = []
    /// Key to index in `entries`.
    var index: [String: Int] = [:]

    init(parent: Int?, names: [String], origin: Origin, definedAt: Int) {
        self.parent = parent
        self.names = names
        self.origin = origin
        self.definedAt = definedAt
    }

    subscript(key: String) -> TOMLEntry? {
        guard let i = index[key] else { return nil }
        return entries[i]
    }
}

/// `[a."b c"]`-style display of a table path.
func tableName(_ path: [String]) -> String {
    path.map(displayKey).joined(separator: ".")
}

/// A key as written in TOML: bare if it can be, quoted otherwise.
func displayKey(_ key: String) -> String {
    let bare =
        !key.isEmpty
        && key.utf8.allSatisfy { b in
            (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
                || b == 0x2D
        }
    return bare ? key : quoted(key)
}

/// A string in double quotes with quotes, backslashes and control characters
/// escaped, cut short if long, for use in messages.
func quoted(_ text: String, limit: Int = 40) -> String {
    var out = "\""
    var count = 0
    for scalar in text.unicodeScalars {
        if count == limit {
            out += "..."
            break
        }
        count += 1
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F {
                var hex = String(scalar.value, radix: 16, uppercase: true)
                while hex.count < 4 { hex = "0" + hex }
                out += "\\u" + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}

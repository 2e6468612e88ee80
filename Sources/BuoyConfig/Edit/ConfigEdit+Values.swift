/// What `get` found: the value written, the default, or neither.
public enum ConfigReading: Equatable, Sendable, CustomStringConvertible {
    /// Written in the file: a string as it reads, anything else as written.
    case value(String)
    /// Not written; this is the default.
    case byDefault(String)
    /// Not written, and unset by default.
    case unset
    /// Not written in a `--button`'s own table, which inherits this from
    /// the top-level one, `table` ("actions").
    case inherited(String, from: String)

    public var description: String {
        switch self {
        case .value(let text): text
        case .byDefault(let text): "\(text) (default)"
        case .inherited(let text, let table): "\(text) (from [\(table)], every button's)"
        case .unset: "(unset, the default)"
        }
    }
}

extension ConfigEdit {
    /// `get KEY` on a file's bytes; nil bytes for no file. A key's default
    /// is the example config's value (DocumentationTests hold it to the
    /// schema) when leaving it out changes nothing, else its number rule's.
    public static func reading(_ key: ConfigKey, in bytes: [UInt8]?, path: String)
        -> Result<ConfigReading, ConfigEditError>
    {
        do throws(ConfigEditError) {
            guard Config.knownKeys.contains(key.schemaPath) else {
                throw .refused("\(key) is not a key buoy reads; see buoy(5)")
            }
            guard let bytes else { return .success(defaultReading(key)) }
            let layout = try layout(bytes, path)
            let placed = try layout.document.placing(key)
            if let text = try written(placed.key, in: layout) { return .success(.value(text)) }
            if let inherits = placed.inherits, let text = try written(inherits, in: layout) {
                return .success(.inherited(text, from: inherits.parts[0]))
            }
            return .success(defaultReading(key))
        } catch {
            return .failure(error)
        }
    }

    private static func written(_ key: ConfigKey, in layout: TOMLLayout) throws(ConfigEditError) -> String? {
        let document = layout.document
        guard
            case .entry(let table, let name) = try document.locate(
                key.parts, button: key.button, own: key.isButtonsOwn),
            let node = document[table][name]?.node
        else { return nil }
        if case .string(let text) = node.value { return text }
        return String(decoding: layout.bytes[node.offset..<node.end], as: UTF8.self)
    }

    private static func defaultReading(_ key: ConfigKey) -> ConfigReading {
        let example = Array(Config.exampleText.utf8)
        let plain = ConfigKey(parts: key.parts, button: nil)
        if !key.parts.contains(where: { Int($0) != nil }),
            let layout = try? layout(example, "example"),
            let text = try? written(plain, in: layout),
            case .success(let without) = unset(plain, in: layout),
            let defaults = try? Config.parse(example, path: "example").config,
            (try? Config.parse(without.result, path: "example").config) == defaults
        {
            return .byDefault(text)
        }
        if let rule = key.numberRule {
            let value = rule.defaultValue
            return .byDefault(value == value.rounded() ? String(Int(value)) : String(value))
        }
        return .unset
    }

    private static func unset(_ key: ConfigKey, in layout: TOMLLayout) -> Result<Splice, ConfigEditError> {
        do throws(ConfigEditError) {
            return .success(try unsetting(key, in: layout))
        } catch {
            return .failure(error)
        }
    }

    /// The key's value replaced by `literal`, or a new line for it. With
    /// `keepingQuotes` (a value read by its type, not a `--toml` literal),
    /// a string in single quotes stays in them where it can.
    static func setting(
        _ key: ConfigKey, to literal: [UInt8], in layout: TOMLLayout, keepingQuotes: Bool = false
    ) throws(ConfigEditError) -> Splice {
        let document = layout.document
        let path = document.source.path
        let key = try document.placing(key).key
        switch try document.locate(key.parts, button: key.button, own: key.isButtonsOwn) {
        case .entry(let table, let name):
            let node = document[table][name]!.node
            switch node.value {
            case .tableArray:
                throw .refused("\(path): \(key) is a list of tables; see buoy config item")
            case .table(let id) where document[id].origin != .inline:
                throw .refused("\(path): \(key) is a table: set one of its keys, as \(key).NAME")
            default:
                let old = layout.bytes[node.offset..<node.end]
                let literal = keepingQuotes ? keepingLiteralQuotes(literal, of: old) : literal
                return Splice(layout.bytes, replacing: node.offset..<node.end, with: literal)
            }
        case .missing(let table, let rest):
            return try adding(rest, literal, below: table, in: layout)
        }
    }

    /// A string written in single quotes (`'#3584e4'`) stays in them when
    /// the new one needs no escape and has no quote of its own: only the
    /// value changes, not how the user writes strings.
    private static func keepingLiteralQuotes(_ literal: [UInt8], of old: ArraySlice<UInt8>) -> [UInt8] {
        let apostrophe = UInt8(ascii: "'")
        let quote = UInt8(ascii: "\"")
        guard old.first == apostrophe, old.dropFirst().first != apostrophe || old.count == 2,
            literal.count >= 2, literal.first == quote, literal.last == quote
        else { return literal }
        let inside = literal.dropFirst().dropLast()
        guard !inside.contains(UInt8(ascii: "\\")), !inside.contains(apostrophe) else { return literal }
        return [apostrophe] + inside + [apostrophe]
    }

    /// A new key goes after the last key of the nearest table written with
    /// a header (as a dotted key when the tables between are not written);
    /// a missing top-level table goes at the end of the file.
    private static func adding(_ rest: [String], _ literal: [UInt8], below table: Int, in layout: TOMLLayout)
        throws(ConfigEditError) -> Splice
    {
        let document = layout.document
        var table = table
        var rest = rest
        while document[table].origin == .dotted || document[table].origin == .implicit {
            rest = document[table].names + rest
            table = document[table].parent!
        }
        if document[table].origin == .inline {
            throw .refused(
                "\(document.source.path): \(tableName(document.path(of: table))) is an inline table:"
                    + " set it whole with --toml")
        }
        let lineBreak = layout.lineBreak
        let bytes = layout.bytes
        let assignment =
            Array(displayKey(rest[rest.count - 1]).utf8) + Array(" = ".utf8) + literal + lineBreak
        if table == TOMLDocument.root, rest.count > 1 {
            var text: [UInt8] = []
            if bytes.count > layout.start {
                if bytes.last != ASCII.lineFeed { text += lineBreak }
                text += lineBreak
            }
            text += Array("[\(tableName(Array(rest.dropLast())))]".utf8) + lineBreak + assignment
            return Splice(bytes, replacing: bytes.count..<bytes.count, with: text)
        }
        let section = table == TOMLDocument.root ? layout.start : document[table].definedAt
        let at = layout.contentEnd(of: section)
        var text: [UInt8] = at > layout.start && bytes[at - 1] != ASCII.lineFeed ? lineBreak : []
        if at > layout.start { text += layout.indentation(of: at - 1) }
        let prefix = rest.dropLast().map { Array(displayKey($0).utf8) + [UInt8(ascii: ".")] }.joined()
        text += prefix + assignment
        return Splice(bytes, replacing: at..<at, with: text)
    }

    /// The key's line removed; no change when it is not written.
    static func unsetting(_ key: ConfigKey, in layout: TOMLLayout) throws(ConfigEditError) -> Splice {
        let document = layout.document
        let path = document.source.path
        let placed = try document.placing(key)
        let key = placed.key
        guard
            case .entry(let table, let name) = try document.locate(
                key.parts, button: key.button, own: key.isButtonsOwn)
        else {
            if let inherits = placed.inherits,
                case .entry = try document.locate(inherits.parts, button: nil)
            {
                throw .refused(
                    "\(path): button \(quoted(key.button ?? "")) has no \(inherits) of its own: it has"
                        + " [\(inherits.parts[0])]'s, which every button has; unset that without --button")
            }
            return Splice(layout.bytes, replacing: 0..<0, with: [])
        }
        let entry = document[table][name]!
        switch entry.node.value {
        case .tableArray:
            throw .refused("\(path): \(key) is a list of tables; see buoy config item remove")
        case .table(let id) where document[id].origin != .inline:
            throw .refused("\(path): \(key) is a table; unset its keys one by one")
        default: break
        }
        let start = layout.lineStart(of: entry.keyOffset)
        let sharesLine = layout.values.contains { $0.upperBound > start && $0.lowerBound < entry.keyOffset }
        guard document[table].origin != .inline, !sharesLine, layout.endsLine(after: entry.node.end) else {
            throw .refused(
                "\(path): \(key) shares its line with other keys (an inline table); set the table whole with --toml"
            )
        }
        return Splice(layout.bytes, replacing: start..<layout.lineEnd(of: entry.node.end), with: [])
    }
}

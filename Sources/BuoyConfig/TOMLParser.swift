/// A parser for the TOML that config files use.
///
/// Supported: `[table]`, `[a.b]` and `[[array.of.tables]]` headers; bare,
/// quoted and dotted keys; basic and literal strings, single- and
/// multi-line; decimal, hexadecimal, octal and binary integers; floats
/// (including `inf` and `nan`); booleans; arrays; inline tables, which may
/// span lines and end with a trailing comma as TOML 1.1 allows. Dates and
/// times are rejected with a message saying so.
///
/// The parser stops at the first error. Input is checked for size and
/// encoding before parsing (see `SourceFile.validate`), nesting is capped at
/// `maxDepth`, and every step moves forward through the bytes, so any input
/// is handled in time linear in its length.
struct TOMLParser {
    /// How deeply arrays and inline tables may nest, and how many parts a
    /// dotted key or a header may have. Recursion depth is bounded by this,
    /// so hostile input cannot overflow the stack, and a key stops being
    /// read at its first part too many.
    static let maxDepth = 32

    private let bytes: [UInt8]
    private var pos: Int
    private var document: TOMLDocument
    /// The table that `key = value` lines go into: the last header's.
    private var current = TOMLDocument.root

    private init(source: SourceFile) {
        bytes = source.bytes
        pos = source.start
        document = TOMLDocument(source: source)
    }

    /// Parses a whole file. `path` is used only in messages.
    static func parse(_ bytes: [UInt8], path: String) throws(ConfigError) -> TOMLDocument {
        var source = SourceFile(path: path, bytes: bytes)
        try source.validate()
        var parser = TOMLParser(source: source)
        try parser.parseDocument()
        return parser.document
    }

    // MARK: Lines

    private mutating func parseDocument() throws(ConfigError) {
        while true {
            skipBlanks()
            guard let c = peek() else { return }
            switch c {
            case .lineFeed: pos += 1
            case .carriageReturn: pos += 2  // validate() ensured a line feed follows
            case .hash: skipComment()
            case .leftBracket: try parseHeader()
            default:
                try parseKeyValue(into: current)
                try expectLineEnd(after: "value")
            }
        }
    }

    private mutating func parseKeyValue(into table: Int) throws(ConfigError) {
        let keys = try parseKey()
        guard peek() == .equals else {
            let key = keys.map { displayKey($0.name) }.joined(separator: ".")
            throw error("expected \"=\" after key \(key), found \(describe(pos))", at: pos)
        }
        pos += 1
        skipBlanks()
        let node = try parseValue(depth: 0, parent: table, names: keys.map(\.name))
        try insert(keys, node, into: table)
    }

    private mutating func expectLineEnd(after what: String) throws(ConfigError) {
        skipBlanks()
        if peek() == .hash { skipComment() }
        guard let c = peek(), c != .lineFeed, c != .carriageReturn else { return }
        throw error("expected end of line after \(what), found \(describe(pos))", at: pos)
    }

    private mutating func parseHeader() throws(ConfigError) {
        let start = pos
        pos += 1
        let isArray = peek() == .leftBracket
        if isArray { pos += 1 }
        let keys = try parseKey()
        let closing = isArray ? "\"]]\"" : "\"]\""
        guard peek() == .rightBracket, !isArray || peek(1) == .rightBracket else {
            let at = peek() == .rightBracket ? pos + 1 : pos
            throw error("expected \(closing) to close the table header, found \(describe(at))", at: at)
        }
        pos += isArray ? 2 : 1
        try expectLineEnd(after: "table header")

        var table = TOMLDocument.root
        for part in keys.dropLast() {
            guard let entry = document[table][part.name] else {
                table = addTable(
                    named: part.name, in: table, origin: .implicit, keyOffset: part.offset, valueOffset: start
                )
                continue
            }
            switch entry.node.value {
            case .table(let child):
                if document[child].origin == .inline {
                    throw error(
                        "table [\(tableName(document.path(of: child)))] is an inline table"
                            + " (line \(line(of: entry.keyOffset))) and cannot be extended",
                        at: part.offset)
                }
                table = child
            case .tableArray(let array):
                // `[a.b]` after `[[a]]` belongs to a's last element.
                table = document.tableArrays[array][document.tableArrays[array].count - 1]
            default:
                throw error(
                    "key \(quoted(part.name)) is already defined as \(article(entry.node.value.typeName))"
                        + " at line \(line(of: entry.keyOffset)), so it cannot be a table",
                    at: part.offset)
            }
        }

        let last = keys[keys.count - 1]
        // Only messages name the table: built for every header, its path
        // was a tenth of the time an edit of a large file took.
        var name: String { tableName(document.path(of: table) + [last.name]) }
        guard let i = document[table].index[last.name] else {
            if isArray {
                let element = newTable(in: table, names: [last.name], origin: .header, definedAt: start)
                document.tableArrays.append([element])
                let node = TOMLNode(value: .tableArray(document.tableArrays.count - 1), offset: start)
                append(TOMLEntry(key: last.name, keyOffset: last.offset, node: node), to: table)
                current = element
            } else {
                current = addTable(
                    named: last.name, in: table, origin: .header, keyOffset: last.offset, valueOffset: start)
            }
            return
        }
        let entry = document[table].entries[i]
        var firstLine: Int { line(of: entry.keyOffset) }
        switch entry.node.value {
        case .table(let child) where !isArray && document[child].origin == .implicit:
            // `[a.b]` made `a`; this `[a]` defines it, and messages about it
            // should point here.
            document.tables[child].origin = .header
            document.tables[child].definedAt = start
            document.tables[table].entries[i].keyOffset = last.offset
            document.tables[table].entries[i].node.offset = start
            current = child
        case .tableArray(let array) where isArray:
            let element = newTable(in: table, names: [last.name], origin: .header, definedAt: start)
            document.tableArrays[array].append(element)
            current = element
        case .table(let child):
            let how = document[child].origin == .dotted ? " by dotted keys" : ""
            let definedLine = line(of: document[child].definedAt)
            if isArray {
                throw error(
                    "cannot make [[\(name)]] an array of tables: [\(name)] is already defined\(how)"
                        + " as a table at line \(definedLine); [\(name)] and [[\(name)]] cannot be mixed",
                    at: start)
            }
            throw error("table [\(name)] is already defined\(how) at line \(definedLine)", at: start)
        case .tableArray:
            throw error(
                "table [\(name)] is already defined as an array of tables ([[\(name)]]) at line \(firstLine);"
                    + " [\(name)] and [[\(name)]] cannot be mixed", at: start)
        default:
            throw error(
                "key \(quoted(last.name)) is already defined as \(article(entry.node.value.typeName))"
                    + " at line \(firstLine), so it cannot be a table", at: start)
        }
    }

    // MARK: Tables

    private mutating func newTable(in parent: Int, names: [String], origin: TOMLTable.Origin, definedAt: Int)
        -> Int
    {
        document.tables.append(TOMLTable(parent: parent, names: names, origin: origin, definedAt: definedAt))
        return document.tables.count - 1
    }

    private mutating func addTable(
        named name: String, in parent: Int, origin: TOMLTable.Origin, keyOffset: Int, valueOffset: Int
    ) -> Int {
        let id = newTable(in: parent, names: [name], origin: origin, definedAt: valueOffset)
        let node = TOMLNode(value: .table(id), offset: valueOffset)
        append(TOMLEntry(key: name, keyOffset: keyOffset, node: node), to: parent)
        return id
    }

    private mutating func append(_ entry: TOMLEntry, to table: Int) {
        document.tables[table].index[entry.key] = document.tables[table].entries.count
        document.tables[table].entries.append(entry)
    }

    /// Adds `a.b.c = value` to `table`, making `a` and `a.b` as dotted tables
    /// where they don't exist. Dotted keys may add to tables that dotted keys
    /// made or that only exist as a prefix of a header, not to a table that a
    /// header defined, nor to an inline one.
    private mutating func insert(_ keys: [KeyPart], _ node: TOMLNode, into table: Int) throws(ConfigError) {
        var table = table
        for part in keys.dropLast() {
            guard let entry = document[table][part.name] else {
                table = addTable(
                    named: part.name, in: table, origin: .dotted, keyOffset: part.offset,
                    valueOffset: part.offset)
                continue
            }
            if case .table(let childID) = entry.node.value {
                let child = document[childID]
                if child.origin == .dotted || child.origin == .implicit {
                    // `[[a.b.c]]` then `[a]` then `b.x = 1` is fine, but now
                    // dotted keys have defined a.b, so `[a.b]` may not.
                    if child.origin == .implicit {
                        document.tables[childID].origin = .dotted
                        document.tables[childID].definedAt = part.offset
                    }
                    table = childID
                    continue
                }
                let what = child.origin == .inline ? "an inline table" : "a table"
                throw error(
                    "cannot add to [\(tableName(document.path(of: childID)))] with a dotted key: it is \(what)"
                        + " defined at line \(line(of: child.definedAt))", at: part.offset)
            }
            throw error(
                "duplicate key \(quoted(part.name)); first defined at line \(line(of: entry.keyOffset))",
                at: part.offset)
        }
        let last = keys[keys.count - 1]
        if let entry = document[table][last.name] {
            throw error(
                "duplicate key \(quoted(last.name)); first defined at line \(line(of: entry.keyOffset))",
                at: last.offset)
        }
        append(TOMLEntry(key: last.name, keyOffset: last.offset, node: node), to: table)
    }

    // MARK: Keys

    private struct KeyPart {
        var name: String
        var offset: Int
    }

    /// A bare, quoted or dotted key, and the blanks after it.
    private mutating func parseKey() throws(ConfigError) -> [KeyPart] {
        var parts: [KeyPart] = []
        while true {
            skipBlanks()
            let offset = pos
            if parts.count == Self.maxDepth {
                throw error(
                    "a key or table header has too many parts (the limit is \(Self.maxDepth))", at: offset)
            }
            parts.append(KeyPart(name: try parseSimpleKey(), offset: offset))
            skipBlanks()
            guard peek() == .dot else { return parts }
            pos += 1
        }
    }

    private mutating func parseSimpleKey() throws(ConfigError) -> String {
        guard let c = peek() else { throw error("expected a key, found end of file", at: pos) }
        if c == .quote || c == .apostrophe {
            if peek(1) == c && peek(2) == c {
                throw error("a key cannot be a multi-line string", at: pos)
            }
            return c == .quote ? try parseBasicString() : try parseLiteralString()
        }
        guard c.isBareKeyByte else {
            throw error("expected a key, found \(describe(pos))", at: pos)
        }
        let start = pos
        while let b = peek(), b.isBareKeyByte { pos += 1 }
        return String(decoding: bytes[start..<pos], as: UTF8.self)
    }

    // MARK: Values

    /// A value for the key `names` in table `parent`, which an inline table
    /// records as where it is for messages.
    private mutating func parseValue(depth: Int, parent: Int, names: [String]) throws(ConfigError) -> TOMLNode
    {
        let start = pos
        guard let c = peek() else { throw error("expected a value, found end of file", at: pos) }
        let value: TOMLValue
        switch c {
        case .quote:
            value = .string(
                peek(1) == .quote && peek(2) == .quote
                    ? try parseMultiline(quote: .quote) : try parseBasicString())
        case .apostrophe:
            value = .string(
                peek(1) == .apostrophe && peek(2) == .apostrophe
                    ? try parseMultiline(quote: .apostrophe) : try parseLiteralString()
            )
        case .leftBracket:
            value = try parseArray(depth: depth, parent: parent, names: names)
        case .leftBrace:
            value = try parseInlineTable(depth: depth, parent: parent, names: names)
        case .hash:
            throw error(
                "expected a value, found a comment; a string starting with \"#\" must be quoted, as in \"#3584e4\"",
                at: pos)
        default:
            guard c.isBareValueByte else { throw error("expected a value, found \(describe(pos))", at: pos) }
            value = try parseBareValue(depth: depth)
        }
        return TOMLNode(value: value, offset: start, end: pos)
    }

    /// true, false, inf, nan, or a number.
    private mutating func parseBareValue(depth: Int) throws(ConfigError) -> TOMLValue {
        let start = pos
        while let b = peek(), b.isBareValueByte { pos += 1 }
        let token = bytes[start..<pos]
        let text = String(decoding: token, as: UTF8.self)
        switch text {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        case "inf", "+inf": return .float(.infinity)
        case "-inf": return .float(-.infinity)
        case "nan", "+nan", "-nan": return .float(.nan)
        default: break
        }
        let first = token[token.startIndex]
        guard !first.isLetter else {
            skipBlanks()
            if depth > 0, peek() == .equals {
                throw error(
                    "expected a value, found the key \(quoted(text)); is a closing \"]\" or \"}\" missing?",
                    at: start)
            }
            throw error(
                "expected a value, found \(quoted(text)); strings must be quoted, as in \(quoted(text))",
                at: start
            )
        }
        if token.count >= 8, token.prefix(4).allSatisfy(\.isDigit), token[start + 4] == .minus {
            throw error("dates and times are not supported", at: start)
        }
        guard let value = Self.number(token) else {
            throw error("invalid number \(quoted(text))\(Self.numberProblem(token))", at: start)
        }
        switch value {
        case .integer(let n?): return .integer(n)
        case .integer(nil): throw error("integer \(text) does not fit in 64 bits", at: start)
        case .float(let x): return .float(x)
        }
    }

    private enum Number {
        /// nil when the value overflows.
        case integer(Int?)
        case float(Double)
    }

    /// Parses a TOML integer or float, or returns nil if `token` isn't one.
    private static func number(_ token: ArraySlice<UInt8>) -> Number? {
        var i = token.startIndex
        let end = token.endIndex
        var negative = false
        if token[i] == .plus || token[i] == .minus {
            negative = token[i] == .minus
            i += 1
        }
        guard i < end else { return nil }

        // 0x, 0o, 0b: unsigned, as TOML says.
        if i == token.startIndex, token[i] == .zero, i + 1 < end {
            let radix: Int
            switch token[i + 1] {
            case UInt8(ascii: "x"): radix = 16
            case UInt8(ascii: "o"): radix = 8
            case UInt8(ascii: "b"): radix = 2
            default: radix = 0
            }
            if radix != 0 {
                let digitsEnd = digitRun(token, from: i + 2) { b in b.digitValue.map { $0 < radix } ?? false }
                guard let digitsEnd, digitsEnd == end, digitsEnd > i + 2 else { return nil }
                return .integer(accumulate(token[(i + 2)..<end], radix: radix, negative: false))
            }
        }

        guard let intEnd = digitRun(token, from: i, where: \.isDigit), intEnd > i else { return nil }
        if token[i] == .zero && intEnd > i + 1 { return nil }  // leading zero
        var j = intEnd
        var isFloat = false
        if j < end && token[j] == .dot {
            guard let fractionEnd = digitRun(token, from: j + 1, where: \.isDigit), fractionEnd > j + 1 else {
                return nil
            }
            isFloat = true
            j = fractionEnd
        }
        if j < end && (token[j] == UInt8(ascii: "e") || token[j] == UInt8(ascii: "E")) {
            j += 1
            if j < end && (token[j] == .plus || token[j] == .minus) { j += 1 }
            guard let exponentEnd = digitRun(token, from: j, where: \.isDigit), exponentEnd > j else {
                return nil
            }
            isFloat = true
            j = exponentEnd
        }
        guard j == end else { return nil }
        if isFloat {
            let text = String(decoding: token.filter { $0 != .underscore }, as: UTF8.self)
            guard let value = Double(text) else { return nil }
            return .float(value)
        }
        return .integer(accumulate(token[i..<intEnd], radix: 10, negative: negative))
    }

    /// The end of a run of digits starting at `start`, in which each
    /// underscore sits between two digits; nil if an underscore doesn't.
    private static func digitRun(
        _ token: ArraySlice<UInt8>, from start: Int, where isDigit: (UInt8) -> Bool
    ) -> Int? {
        var j = start
        while j < token.endIndex {
            if isDigit(token[j]) {
                j += 1
            } else if token[j] == .underscore {
                guard j > start, isDigit(token[j - 1]), j + 1 < token.endIndex, isDigit(token[j + 1]) else {
                    return nil
                }
                j += 1
            } else {
                break
            }
        }
        return j
    }

    /// The value of digits (and underscores), or nil on overflow. Negative
    /// values are built downwards so that Int.min fits.
    private static func accumulate(_ digits: ArraySlice<UInt8>, radix: Int, negative: Bool) -> Int? {
        var value = 0
        for b in digits where b != .underscore {
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: radix)
            let digit = b.digitValue!
            let (next, overflow2) =
                negative
                ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = next
        }
        return value
    }

    /// Why a token that starts like a number isn't one, when that is clear.
    private static func numberProblem(_ token: ArraySlice<UInt8>) -> String {
        if token.contains(.underscore) { return ": an underscore must sit between two digits" }
        var i = token.startIndex
        if token[i] == .plus || token[i] == .minus { i += 1 }
        if i + 1 < token.endIndex, token[i] == .zero, token[i + 1].isDigit {
            return ": leading zeros are not allowed"
        }
        return ""
    }

    private mutating func parseArray(depth: Int, parent: Int, names: [String]) throws(ConfigError)
        -> TOMLValue
    {
        let open = pos
        try checkDepth(depth)
        pos += 1
        var items: [TOMLNode] = []
        while true {
            skipBlanksCommentsAndNewlines()
            guard let c = peek() else { throw error("unterminated array: expected \"]\"", at: open) }
            if c == .rightBracket {
                pos += 1
                return .array(items)
            }
            items.append(try parseValue(depth: depth + 1, parent: parent, names: names))
            skipBlanksCommentsAndNewlines()
            guard let next = peek() else { throw error("unterminated array: expected \"]\"", at: open) }
            if next == .comma {
                pos += 1
            } else if next == .rightBracket {
                pos += 1
                return .array(items)
            } else {
                throw error("expected \",\" or \"]\" after an array element, found \(describe(pos))", at: pos)
            }
        }
    }

    private mutating func parseInlineTable(depth: Int, parent: Int, names: [String]) throws(ConfigError)
        -> TOMLValue
    {
        let open = pos
        try checkDepth(depth)
        pos += 1
        let table = newTable(in: parent, names: names, origin: .inline, definedAt: open)
        while true {
            skipBlanksCommentsAndNewlines()
            guard let c = peek() else { throw error("unterminated inline table: expected \"}\"", at: open) }
            if c == .rightBrace {
                pos += 1
                return .table(table)
            }
            let keys = try parseKey()
            guard peek() == .equals else {
                throw error(
                    "expected \"=\" after key \(displayKey(keys[keys.count - 1].name)), found \(describe(pos))",
                    at: pos)
            }
            pos += 1
            skipBlanks()
            let node = try parseValue(depth: depth + 1, parent: table, names: keys.map(\.name))
            try insert(keys, node, into: table)
            skipBlanksCommentsAndNewlines()
            guard let next = peek() else {
                throw error("unterminated inline table: expected \"}\"", at: open)
            }
            if next == .comma {
                pos += 1
            } else if next == .rightBrace {
                pos += 1
                return .table(table)
            } else {
                throw error("expected \",\" or \"}\" in an inline table, found \(describe(pos))", at: pos)
            }
        }
    }

    private func checkDepth(_ depth: Int) throws(ConfigError) {
        if depth >= Self.maxDepth {
            throw error(
                "arrays and inline tables nest too deeply (the limit is \(Self.maxDepth) levels)", at: pos)
        }
    }

    // MARK: Strings

    private mutating func parseBasicString() throws(ConfigError) -> String {
        let open = pos
        pos += 1
        var text: [UInt8] = []
        while true {
            guard let b = peek(), b != .lineFeed, b != .carriageReturn else {
                throw error("unterminated string: expected a closing '\"' on the same line", at: open)
            }
            if b == .quote {
                pos += 1
                return String(decoding: text, as: UTF8.self)
            }
            if b == .backslash {
                try parseEscape(into: &text)
            } else {
                text.append(b)
                pos += 1
            }
        }
    }

    private mutating func parseLiteralString() throws(ConfigError) -> String {
        let open = pos
        pos += 1
        let start = pos
        while true {
            guard let b = peek(), b != .lineFeed, b != .carriageReturn else {
                throw error("unterminated string: expected a closing \"'\" on the same line", at: open)
            }
            pos += 1
            if b == .apostrophe { return String(decoding: bytes[start..<(pos - 1)], as: UTF8.self) }
        }
    }

    /// A multi-line string: basic (`"""`, with escapes and line-ending
    /// backslashes) or literal (`'''`, as written). CRLF becomes LF in both.
    private mutating func parseMultiline(quote: UInt8) throws(ConfigError) -> String {
        let open = pos
        pos += 3
        skipNewline()  // a newline right after the opening quotes is not part of the string
        var text: [UInt8] = []
        while true {
            guard let b = peek() else {
                let closing = quote == .quote ? "'\"\"\"'" : "\"'''\""
                throw error("unterminated multi-line string: expected a closing \(closing)", at: open)
            }
            switch b {
            case quote:
                if try closeMultiline(quote: quote, into: &text) {
                    return String(decoding: text, as: UTF8.self)
                }
            case .backslash where quote == .quote:
                // A backslash at the end of a line joins it to the next,
                // dropping the line break and the next line's indentation.
                var j = pos + 1
                while j < bytes.count, bytes[j] == .space || bytes[j] == .tab { j += 1 }
                if j < bytes.count, bytes[j] == .lineFeed || bytes[j] == .carriageReturn {
                    pos = j
                    while let c = peek(), c == .space || c == .tab || c == .lineFeed || c == .carriageReturn {
                        pos += 1
                    }
                } else {
                    try parseEscape(into: &text)
                }
            case .carriageReturn:
                text.append(.lineFeed)
                pos += 2
            default:
                text.append(b)
                pos += 1
            }
        }
    }

    /// At a run of quotes in a multi-line string: three end it, and up to two
    /// more just before them belong to the text. Returns whether it ended.
    private mutating func closeMultiline(quote: UInt8, into text: inout [UInt8]) throws(ConfigError) -> Bool {
        var run = 0
        while peek(run) == quote { run += 1 }
        if run < 3 {
            text.append(contentsOf: repeatElement(quote, count: run))
            pos += run
            return false
        }
        if run > 5 {
            throw error("too many quotes in a row in a multi-line string", at: pos)
        }
        text.append(contentsOf: repeatElement(quote, count: run - 3))
        pos += run
        return true
    }

    private mutating func parseEscape(into text: inout [UInt8]) throws(ConfigError) {
        let start = pos
        pos += 1
        guard let e = peek() else { throw error("unterminated string", at: start) }
        pos += 1
        switch e {
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "t"): text.append(.tab)
        case UInt8(ascii: "n"): text.append(.lineFeed)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "r"): text.append(.carriageReturn)
        case .quote: text.append(.quote)
        case .backslash: text.append(.backslash)
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let count = e == UInt8(ascii: "u") ? 4 : 8
            let name = e == UInt8(ascii: "u") ? "\\u" : "\\U"
            var value: UInt32 = 0
            for k in 0..<count {
                guard let digit = peek(k)?.digitValue, digit < 16 else {
                    throw error("invalid escape: \(name) must be followed by \(count) hex digits", at: start)
                }
                value = value * 16 + UInt32(digit)
            }
            pos += count
            guard let scalar = Unicode.Scalar(value) else {
                throw error(
                    "invalid escape: \(name)\(String(value, radix: 16, uppercase: true)) is not a Unicode scalar value",
                    at: start)
            }
            UTF8.encode(scalar) { text.append($0) }
        default:
            pos -= 1
            let found = e == .lineFeed || e == .carriageReturn ? "a line break" : describe(pos)
            throw error(
                "invalid escape: a backslash followed by \(found); write \\\\ for a backslash", at: start)
        }
    }

    // MARK: Bytes

    private func peek(_ ahead: Int = 0) -> UInt8? {
        pos + ahead < bytes.count ? bytes[pos + ahead] : nil
    }

    private mutating func skipBlanks() {
        while let b = peek(), b == .space || b == .tab { pos += 1 }
    }

    private mutating func skipComment() {
        while let b = peek(), b != .lineFeed, b != .carriageReturn { pos += 1 }
    }

    private mutating func skipNewline() {
        if peek() == .lineFeed {
            pos += 1
        } else if peek() == .carriageReturn {
            pos += 2
        }
    }

    private mutating func skipBlanksCommentsAndNewlines() {
        while true {
            skipBlanks()
            switch peek() {
            case .hash: skipComment()
            case .lineFeed: pos += 1
            case .carriageReturn: pos += 2
            default: return
            }
        }
    }

    /// What is at `offset`, for "found ..." in messages.
    private func describe(_ offset: Int) -> String {
        guard offset < bytes.count else { return "end of file" }
        let b = bytes[offset]
        if b == .lineFeed || b == .carriageReturn { return "end of line" }
        let length = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2
        return quoted(String(decoding: bytes[offset..<min(offset + length, bytes.count)], as: UTF8.self))
    }

    private func line(of offset: Int) -> Int {
        document.source.location(of: offset).line
    }

    private func error(_ message: String, at offset: Int) -> ConfigError {
        document.source.error(message, at: offset)
    }
}

/// "a string", "an integer", "an array".
func article(_ typeName: String) -> String {
    let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
    return (typeName.first.map { vowels.contains($0) } ?? false ? "an " : "a ") + typeName
}

extension UInt8 {
    fileprivate static let tab = UInt8(ascii: "\t")
    fileprivate static let lineFeed = UInt8(ascii: "\n")
    fileprivate static let carriageReturn = UInt8(ascii: "\r")
    fileprivate static let space = UInt8(ascii: " ")
    fileprivate static let quote = UInt8(ascii: "\"")
    fileprivate static let hash = UInt8(ascii: "#")
    fileprivate static let apostrophe = UInt8(ascii: "'")
    fileprivate static let plus = UInt8(ascii: "+")
    fileprivate static let comma = UInt8(ascii: ",")
    fileprivate static let minus = UInt8(ascii: "-")
    fileprivate static let dot = UInt8(ascii: ".")
    fileprivate static let zero = UInt8(ascii: "0")
    fileprivate static let equals = UInt8(ascii: "=")
    fileprivate static let leftBracket = UInt8(ascii: "[")
    fileprivate static let backslash = UInt8(ascii: "\\")
    fileprivate static let rightBracket = UInt8(ascii: "]")
    fileprivate static let underscore = UInt8(ascii: "_")
    fileprivate static let leftBrace = UInt8(ascii: "{")
    fileprivate static let rightBrace = UInt8(ascii: "}")

    fileprivate var isDigit: Bool { self >= 0x30 && self <= 0x39 }

    fileprivate var isLetter: Bool { (self >= 0x41 && self <= 0x5A) || (self >= 0x61 && self <= 0x7A) }

    /// A-Za-z0-9_-
    fileprivate var isBareKeyByte: Bool {
        isDigit || (self >= 0x41 && self <= 0x5A) || (self >= 0x61 && self <= 0x7A) || self == .underscore
            || self == .minus
    }

    /// What a bare value (number, boolean, inf, nan, or a mistaken unquoted
    /// word) is made of.
    fileprivate var isBareValueByte: Bool { isBareKeyByte || self == .plus || self == .dot }

    /// The value of a hex digit, or nil.
    fileprivate var digitValue: Int? {
        switch self {
        case 0x30...0x39: return Int(self - 0x30)
        case 0x41...0x46: return Int(self - 0x41 + 10)
        case 0x61...0x66: return Int(self - 0x61 + 10)
        default: return nil
        }
    }
}

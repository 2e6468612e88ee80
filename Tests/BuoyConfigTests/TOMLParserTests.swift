import XCTest

@testable import BuoyConfig

/// A parsed value with tables as dictionaries, so cases can say what they
/// expect without caring how the document stores it.
enum Plain: Equatable {
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)
    case array([Plain])
    case table([String: Plain])
}

private func plain(_ document: TOMLDocument, _ value: TOMLValue) -> Plain {
    switch value {
    case .string(let s): return .string(s)
    case .integer(let n): return .integer(n)
    case .float(let x): return .float(x)
    case .boolean(let b): return .boolean(b)
    case .array(let nodes): return .array(nodes.map { plain(document, $0.value) })
    case .table(let id): return plainTable(document, id)
    case .tableArray(let id): return .array(document.tableArrays[id].map { plainTable(document, $0) })
    }
}

private func plainTable(_ document: TOMLDocument, _ id: Int) -> Plain {
    var table: [String: Plain] = [:]
    for entry in document[id].entries { table[entry.key] = plain(document, entry.node.value) }
    return .table(table)
}

private func parse(_ text: String) throws(ConfigError) -> TOMLDocument {
    try TOMLParser.parse(Array(text.utf8), path: "test.toml")
}

private func parsePlain(_ text: String) throws(ConfigError) -> Plain {
    let document = try parse(text)
    return plainTable(document, TOMLDocument.root)
}

/// The error `bytes` fail with, or nil (after failing the test) if they parse.
private func parseError(
    _ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line
) -> ConfigDiagnostic? {
    do {
        _ = try TOMLParser.parse(bytes, path: "test.toml")
        XCTFail("expected an error", file: file, line: line)
        return nil
    } catch {
        return error.diagnostic
    }
}

final class TOMLParserTests: XCTestCase {
    func testValidSnippets() throws {
        let cases: [(String, [String: Plain])] = [
            // Keys
            ("a = 1", ["a": .integer(1)]),
            ("bare_key-2 = 1", ["bare_key-2": .integer(1)]),
            ("\"a b\" = 1", ["a b": .integer(1)]),
            ("'c.d' = 2", ["c.d": .integer(2)]),
            ("\"\" = 3", ["": .integer(3)]),
            ("\"\\u00e9\" = 1", ["é": .integer(1)]),
            ("a.b.c = 1", ["a": .table(["b": .table(["c": .integer(1)])])]),
            ("a . \"b c\" . d = 1", ["a": .table(["b c": .table(["d": .integer(1)])])]),
            ("a.x = 1\na.y = 2", ["a": .table(["x": .integer(1), "y": .integer(2)])]),
            ("  \tindented = true", ["indented": .boolean(true)]),
            // Tables
            ("[t]\nx = 1", ["t": .table(["x": .integer(1)])]),
            ("[ t ]\nx = 1", ["t": .table(["x": .integer(1)])]),
            ("[a.b]\nx = 1", ["a": .table(["b": .table(["x": .integer(1)])])]),
            ("[a.\"b.c\"]\nx = 1", ["a": .table(["b.c": .table(["x": .integer(1)])])]),
            ("[a.b]\nx = 1\n[a]\ny = 2", ["a": .table(["b": .table(["x": .integer(1)]), "y": .integer(2)])]),
            ("[a.b.c]\n[a]\nb.d = 1", ["a": .table(["b": .table(["c": .table([:]), "d": .integer(1)])])]),
            (
                "[f]\napple.color = 1\n[f.apple.texture]\nsmooth = true",
                [
                    "f": .table([
                        "apple": .table(["color": .integer(1), "texture": .table(["smooth": .boolean(true)])])
                    ])
                ]
            ),
            (
                "[[p]]\nx = 1\n[[p]]\nx = 2\n[[p]]",
                ["p": .array([.table(["x": .integer(1)]), .table(["x": .integer(2)]), .table([:])])]
            ),
            (
                "[[p]]\nx = 1\n[p.q]\nz = 1",
                ["p": .array([.table(["x": .integer(1), "q": .table(["z": .integer(1)])])])]
            ),
            ("[[a.b]]\nx = 1", ["a": .table(["b": .array([.table(["x": .integer(1)])])])]),
            ("top = 1\n[t]", ["top": .integer(1), "t": .table([:])]),
            // Strings
            ("s = \"plain\"", ["s": .string("plain")]),
            ("s = \"\"", ["s": .string("")]),
            ("s = \"q\\\"b\\\\n\\nt\\tr\\rb\\bf\\f\"", ["s": .string("q\"b\\n\nt\tr\rb\u{8}f\u{C}")]),
            ("s = \"\\u00e9\\u2192\"", ["s": .string("é→")]),
            ("s = \"\\U0001F600\"", ["s": .string("😀")]),
            ("s = \"tab\there\"", ["s": .string("tab\there")]),
            ("s = \"# not a comment\" # a comment", ["s": .string("# not a comment")]),
            ("s = 'C:\\path\\n'", ["s": .string("C:\\path\\n")]),
            ("s = '\"quoted\"'", ["s": .string("\"quoted\"")]),
            ("s = \"\"\"\nline 1\nline 2\"\"\"", ["s": .string("line 1\nline 2")]),
            ("s = \"\"\"one \\\n    two\"\"\"", ["s": .string("one two")]),
            ("s = \"\"\"a \"quote\" \"\" b\"\"\"", ["s": .string("a \"quote\" \"\" b")]),
            ("s = \"\"\"ends in quotes\"\"\"\"\"", ["s": .string("ends in quotes\"\"")]),
            ("s = '''\nraw \\n\n'''", ["s": .string("raw \\n\n")]),
            ("s = \"é ünïcode ✓\"", ["s": .string("é ünïcode ✓")]),
            // Integers
            ("n = 0", ["n": .integer(0)]),
            ("n = +5", ["n": .integer(5)]),
            ("n = -17", ["n": .integer(-17)]),
            ("n = 1_000_000", ["n": .integer(1_000_000)]),
            ("n = 0x1F", ["n": .integer(31)]),
            ("n = 0xdead_beef", ["n": .integer(0xDEAD_BEEF)]),
            ("n = 0o17", ["n": .integer(15)]),
            ("n = 0b101", ["n": .integer(5)]),
            ("n = 9223372036854775807", ["n": .integer(Int.max)]),
            ("n = -9223372036854775808", ["n": .integer(Int.min)]),
            // Floats
            ("x = 1.5", ["x": .float(1.5)]),
            ("x = -0.25", ["x": .float(-0.25)]),
            ("x = +0.5", ["x": .float(0.5)]),
            ("x = 1e3", ["x": .float(1000)]),
            ("x = 2.5e-1", ["x": .float(0.25)]),
            ("x = 1E+2", ["x": .float(100)]),
            ("x = 1_000.5", ["x": .float(1000.5)]),
            ("x = inf", ["x": .float(.infinity)]),
            ("x = -inf", ["x": .float(-.infinity)]),
            // Booleans
            ("t = true\nf = false", ["t": .boolean(true), "f": .boolean(false)]),
            // Arrays
            ("a = []", ["a": .array([])]),
            ("a = [1, 2, 3]", ["a": .array([.integer(1), .integer(2), .integer(3)])]),
            ("a = [1, \"two\", 3.0]", ["a": .array([.integer(1), .string("two"), .float(3)])]),
            (
                "a = [[1, 2], [], [[3]]]",
                [
                    "a": .array([
                        .array([.integer(1), .integer(2)]), .array([]), .array([.array([.integer(3)])]),
                    ])
                ]
            ),
            (
                "a = [\n  1, # one\n  # a whole comment line\n\n  2,\n]\nb = 1",
                ["a": .array([.integer(1), .integer(2)]), "b": .integer(1)]
            ),
            ("a = [ 1 , 2 , ]", ["a": .array([.integer(1), .integer(2)])]),
            // Inline tables
            ("t = {}", ["t": .table([:])]),
            (
                "t = { a = 1, b.c = \"x\" }",
                ["t": .table(["a": .integer(1), "b": .table(["c": .string("x")])])]
            ),
            (
                "t = {\n  a = 1, # comment\n  b = [2],\n}",
                ["t": .table(["a": .integer(1), "b": .array([.integer(2)])])]
            ),
            (
                "a = [{ x = 1 }, { x = 2 }]",
                ["a": .array([.table(["x": .integer(1)]), .table(["x": .integer(2)])])]
            ),
            // Comments and blank lines
            ("# only a comment", [:]),
            ("", [:]),
            ("\n\n  \n\t\n", [:]),
            (
                "a = 1 # trailing\n# whole line\n[t] # after a header\nb = 2#tight",
                ["a": .integer(1), "t": .table(["b": .integer(2)])]
            ),
            // CRLF line endings, everywhere a line can end
            (
                "a = 1\r\n[t]\r\nb = [\r\n  2, # c\r\n]\r\ns = \"\"\"x\r\ny\"\"\"\r\n",
                ["a": .integer(1), "t": .table(["b": .array([.integer(2)]), "s": .string("x\ny")])]
            ),
            // A BOM is skipped
            ("\u{FEFF}a = 1", ["a": .integer(1)]),
        ]
        for (snippet, expected) in cases {
            do {
                let value = try parsePlain(snippet)
                XCTAssertEqual(value, .table(expected), "\(snippet.debugDescription)")
            } catch {
                XCTFail("\(snippet.debugDescription): \(error.diagnostic.rendered)")
            }
        }
    }

    func testNotANumber() throws {
        for snippet in ["x = nan", "x = +nan", "x = -nan"] {
            guard case .table(let t) = try parsePlain(snippet), case .float(let x) = t["x"] else {
                return XCTFail(snippet)
            }
            XCTAssertTrue(x.isNaN, snippet)
        }
    }

    func testEntriesKeepFileOrderAndPositions() throws {
        let document = try parse("zebra = 1\napple = 2\n  mango = \"m\"\n[[t]]\n[[t]]")
        let root = document[TOMLDocument.root]
        XCTAssertEqual(root.entries.map(\.key), ["zebra", "apple", "mango", "t"])
        let mango = root["mango"]!
        XCTAssertEqual(document.source.location(of: mango.keyOffset).line, 3)
        XCTAssertEqual(document.source.location(of: mango.keyOffset).column, 3)
        XCTAssertEqual(document.source.location(of: mango.node.offset).column, 11)
        guard case .tableArray(let array) = root["t"]!.node.value else {
            return XCTFail("not an array of tables")
        }
        let headers = document.tableArrays[array].map { document.source.location(of: document[$0].definedAt) }
        XCTAssertEqual(headers.map(\.line), [4, 5])
        XCTAssertEqual(headers.map(\.column), [1, 1])
    }

    func testErrors() {
        let nested = "a = " + String(repeating: "[", count: 10_000)
        // Issue 34 #8: 4,000 parts peaked at 148 MB and 40,000 at 12.6 GB.
        func parts(_ count: Int) -> String { Array(repeating: "a", count: count).joined(separator: ".") }
        let cases: [(snippet: String, line: Int, column: Int, message: String)] = [
            // Strings
            ("a = \"abc", 1, 5, "unterminated string"),
            ("a = \"abc\nb = 1", 1, 5, "unterminated string"),
            ("a = 'abc", 1, 5, "unterminated string"),
            ("a = \"\"\"abc\n", 1, 5, "unterminated multi-line string"),
            ("a = '''abc", 1, 5, "unterminated multi-line string"),
            ("a = \"x\\qy\"", 1, 7, "invalid escape"),
            ("a = \"x\\ y\"", 1, 7, "invalid escape"),
            ("a = \"\\u12\"", 1, 6, "\\u must be followed by 4 hex digits"),
            ("a = \"\\U0001F60\"", 1, 6, "\\U must be followed by 8 hex digits"),
            ("a = \"\\uD800\"", 1, 6, "not a Unicode scalar value"),
            ("a = \"\\U00110000\"", 1, 6, "not a Unicode scalar value"),
            ("a = \"\"\"x\"\"\"\"\"\"", 1, 9, "too many quotes"),
            ("\"\"\"k\"\"\" = 1", 1, 1, "a key cannot be a multi-line string"),
            // Keys and =
            ("size 56", 1, 6, "expected \"=\" after key size, found \"5\""),
            ("size", 1, 5, "expected \"=\" after key size, found end of file"),
            ("size\nx = 1", 1, 5, "found end of line"),
            ("= 1", 1, 1, "expected a key, found \"=\""),
            ("a. = 1", 1, 4, "expected a key"),
            ("a b = 1", 1, 3, "expected \"=\""),
            ("é = 1", 1, 1, "expected a key, found \"é\""),
            // Values
            ("a =", 1, 4, "expected a value, found end of file"),
            ("a = \nb = 1", 1, 5, "expected a value, found end of line"),
            ("color = blue", 1, 9, "strings must be quoted"),
            ("color = #fff", 1, 9, "found a comment"),
            ("a = 1 x", 1, 7, "expected end of line after value, found \"x\""),
            ("a = \"x\" y", 1, 9, "expected end of line after value"),
            ("a = true1", 1, 5, "strings must be quoted"),
            ("a = [1] ]", 1, 9, "expected end of line after value"),
            ("a = 012", 1, 5, "leading zeros are not allowed"),
            ("a = 1__2", 1, 5, "underscore"),
            ("a = 1_", 1, 5, "underscore"),
            ("a = 1.", 1, 5, "invalid number \"1.\""),
            ("a = .5", 1, 5, "invalid number"),
            ("a = 1e", 1, 5, "invalid number"),
            ("a = 0x", 1, 5, "invalid number"),
            ("a = 0o8", 1, 5, "invalid number"),
            ("a = 9223372036854775808", 1, 5, "does not fit in 64 bits"),
            ("a = 1979-05-27", 1, 5, "dates and times are not supported"),
            ("a = @", 1, 5, "expected a value, found \"@\""),
            // Arrays and inline tables
            ("a = [1, 2", 1, 5, "unterminated array"),
            ("a = [1 2]", 1, 8, "expected \",\" or \"]\" after an array element, found \"2\""),
            ("a = [,]", 1, 6, "expected a value, found \",\""),
            (
                "a = [\n  1,\nb = 2", 3, 1,
                "expected a value, found the key \"b\"; is a closing \"]\" or \"}\" missing?"
            ),
            ("t = {a = 1", 1, 5, "unterminated inline table"),
            ("t = {a = 1 b = 2}", 1, 12, "expected \",\" or \"}\""),
            ("t = {a 1}", 1, 8, "expected \"=\""),
            (nested, 1, 5 + 32, "nest too deeply"),
            ("a = " + String(repeating: "{b = ", count: 40), 1, 5 + 32 * 5, "nest too deeply"),
            // Keys and headers: at the first part beyond 32
            (parts(33) + " = 1", 1, 1 + 32 * 2, "a key or table header has too many parts (the limit is 32)"),
            (parts(4_000) + " = 1", 1, 1 + 32 * 2, "too many parts"),
            ("[" + parts(40_000) + "]", 1, 2 + 32 * 2, "too many parts"),
            ("[[" + parts(40_000) + "]]", 1, 3 + 32 * 2, "too many parts"),
            ("[t]\nx = { " + parts(16_000) + " = 1 }", 2, 7 + 32 * 2, "too many parts"),
            // Headers
            ("[a", 1, 3, "expected \"]\" to close the table header"),
            ("[[a]", 1, 5, "expected \"]]\""),
            ("[[a] ]", 1, 5, "expected \"]]\""),
            ("[a]]", 1, 4, "expected end of line after table header"),
            ("[a] x = 1", 1, 5, "expected end of line after table header"),
            ("[]", 1, 2, "expected a key"),
            (String(repeating: "[", count: 10_000), 1, 3, "expected a key"),
            // Duplicates and redefinitions: at the second, naming the first's line
            ("a = 1\nb = 2\na = 3", 3, 1, "duplicate key \"a\"; first defined at line 1"),
            ("[t]\n  x = 1\n  x = 2", 3, 3, "duplicate key \"x\"; first defined at line 2"),
            ("a.b = 1\na.b = 2", 2, 3, "duplicate key \"b\"; first defined at line 1"),
            ("a = 1\na.b = 2", 2, 1, "duplicate key \"a\"; first defined at line 1"),
            ("\"a\" = 1\na = 2", 2, 1, "duplicate key \"a\""),
            ("t = {a = 1, a = 2}", 1, 13, "duplicate key \"a\""),
            ("[t]\nx = 1\n[t]", 3, 1, "table [t] is already defined at line 1"),
            ("[a.b]\n[a]\n[a]", 3, 1, "table [a] is already defined at line 2"),
            ("[t]\n[\"t\"]", 2, 1, "table [t] is already defined at line 1"),
            (
                "[f]\napple.color = 1\n[f.apple]", 3, 1,
                "table [f.apple] is already defined by dotted keys at line 2"
            ),
            ("[a.b]\nx = 1\n[a]\nb.y = 2", 4, 1, "cannot add to [a.b] with a dotted key"),
            (
                "[a.b.c]\n[a]\nb.c.t = 1", 3, 3,
                "cannot add to [a.b.c] with a dotted key: it is a table defined at line 1"
            ),
            (
                "[[c.a.b]]\n[c]\na.x = 1\n[c.a]", 4, 1,
                "table [c.a] is already defined by dotted keys at line 3"
            ),
            ("a = 1\n[a]", 2, 1, "key \"a\" is already defined as an integer at line 1"),
            ("a = 1\n[a.b]", 2, 2, "key \"a\" is already defined as an integer at line 1"),
            (
                "[a]\n[[a]]", 2, 1,
                "cannot make [[a]] an array of tables: [a] is already defined as a table at line 1;"
                    + " [a] and [[a]] cannot be mixed"
            ),
            (
                "[[a]]\n[a]", 2, 1,
                "table [a] is already defined as an array of tables ([[a]]) at line 1;"
                    + " [a] and [[a]] cannot be mixed"
            ),
            ("a = [1]\n[[a]]", 2, 1, "key \"a\" is already defined as an array at line 1"),
            ("a = {b = 1}\n[a]", 2, 1, "table [a] is already defined at line 1"),
            ("a = {b = 1}\n[a.c]", 2, 2, "table [a] is an inline table (line 1) and cannot be extended"),
            ("a = {b = 1}\na.c = 2", 2, 1, "cannot add to [a] with a dotted key: it is an inline table"),
            // Bytes
            ("a = 1\rb = 2", 1, 6, "carriage return must be followed by a line feed"),
            ("a = 1\n\u{0}\u{0}\u{0}", 2, 1, "NUL byte"),
            ("a = \"x\u{1B}[31m\"", 1, 7, "control character U+001B is not allowed"),
            ("# comment with \u{7F}", 1, 16, "control character U+007F"),
            ("a = \"é\" \u{0}", 1, 9, "NUL"),
        ]
        for c in cases {
            guard let diagnostic = parseError(Array(c.snippet.utf8)) else {
                XCTFail("\(c.snippet.prefix(80).debugDescription) parsed")
                continue
            }
            let label = "\(c.snippet.prefix(80).debugDescription) → \(diagnostic.rendered.prefix(300))"
            XCTAssertEqual(diagnostic.severity, .error, label)
            XCTAssertEqual(diagnostic.path, "test.toml", label)
            XCTAssertEqual(diagnostic.line, c.line, label)
            XCTAssertEqual(diagnostic.column, c.column, label)
            XCTAssertTrue(diagnostic.message.contains(c.message), label)
        }
    }

    func testThirtyTwoLevelsOfNestingAreAllowed() throws {
        let deep = "a = " + String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
        var value = try parsePlain(deep)
        var levels = 0
        guard case .table(let root) = value else { return XCTFail() }
        value = root["a"]!
        while case .array(let items) = value {
            levels += 1
            guard let first = items.first else { break }
            value = first
        }
        XCTAssertEqual(levels, 32)
    }

    func testKeysAndHeadersOfThirtyTwoPartsAreAllowed() throws {
        let names = (1...32).map { "k\($0)" }
        let key = names.joined(separator: ".")
        let document = try parse("[\(key)]\n\(key) = { \(key) = 1 }")
        // Down the header's tables, the dotted key's and the inline table,
        // and the inline table's dotted key's.
        var table = TOMLDocument.root
        for name in names + names + names.dropLast() {
            guard case .table(let child) = document[table][name]?.node.value else { return XCTFail(name) }
            table = child
        }
        XCTAssertEqual(document.path(of: table), names + names + names.dropLast())
        guard case .integer(1) = document[table]["k32"]?.node.value else { return XCTFail("k32") }
    }

    func testInvalidUTF8() {
        let cases: [(bytes: [UInt8], column: Int, byte: String)] = [
            (Array("a = \"".utf8) + [0xFF] + Array("\"".utf8), 6, "0xFF"),
            (Array("a = \"".utf8) + [0x80] + Array("\"".utf8), 6, "0x80"),  // stray continuation
            (Array("a = \"".utf8) + [0xC0, 0xAF] + Array("\"".utf8), 6, "0xC0"),  // overlong "/"
            (Array("a = \"".utf8) + [0xE0, 0x80, 0xAF] + Array("\"".utf8), 6, "0xE0"),  // overlong
            (Array("a = \"".utf8) + [0xED, 0xA0, 0x80] + Array("\"".utf8), 6, "0xED"),  // surrogate D800
            (Array("a = \"".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("\"".utf8), 6, "0xF4"),  // > U+10FFFF
            (Array("a = \"é".utf8) + [0xE2, 0x82], 7, "0xE2"),  // truncated at the end
            (Array("# ok\n# é".utf8) + [0xE2, 0x28, 0xA1], 4, "0xE2"),  // bad continuation
        ]
        for c in cases {
            guard let diagnostic = parseError(c.bytes) else { continue }
            XCTAssertEqual(diagnostic.column, c.column, diagnostic.rendered)
            XCTAssertTrue(diagnostic.message.contains("invalid UTF-8 (byte \(c.byte))"), diagnostic.rendered)
        }
        // The line of a later error is still right.
        let late = Array("a = 1\nb = 2\n# \u{2192}".utf8) + [0xFF]
        XCTAssertEqual(parseError(late)?.line, 3)
        XCTAssertEqual(parseError(late)?.column, 4)
    }

    func testBinaryGarbage() {
        // The start of an ELF file, and pseudo-random bytes.
        let elf: [UInt8] =
            [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00] + [UInt8](repeating: 0, count: 56)
        let diagnostic = parseError(elf)
        XCTAssertEqual(diagnostic?.line, 1)
        XCTAssertEqual(diagnostic?.column, 1)
        XCTAssertEqual(diagnostic?.message, "control character U+007F is not allowed")

        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<50 {
            var bytes: [UInt8] = []
            for _ in 0..<4096 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(UInt8(truncatingIfNeeded: seed >> 56))
            }
            // Must fail cleanly, never crash.
            XCTAssertNotNil(parseError(bytes))
        }
        // Valid UTF-8 noise of TOML punctuation must not crash either.
        let punctuation = Array("[]{}=,.\"'#\n \\xu1".utf8)
        for _ in 0..<200 {
            var bytes: [UInt8] = []
            for _ in 0..<64 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(punctuation[Int(seed >> 33) % punctuation.count])
            }
            _ = try? TOMLParser.parse(bytes, path: "fuzz.toml")
        }
    }

    func testTenMegabytesIsRejectedUpFront() {
        let big = [UInt8](repeating: UInt8(ascii: "#"), count: 10 << 20)
        let diagnostic = parseError(big)
        XCTAssertEqual(diagnostic?.line, 1)
        XCTAssertEqual(diagnostic?.column, 1)
        XCTAssertEqual(diagnostic?.message, "config file is too large (10485760 bytes; the limit is 4 MiB)")
        XCTAssertEqual(diagnostic?.sourceLine, "")
    }

    func testTwoMegabyteFileParses() throws {
        var text = ""
        var lines = 0
        var tables = 0
        while text.utf8.count < 2 << 20 {
            text += "[table\(tables)]\n"
            for k in 0..<100 {
                text += "key\(k) = \"value \(lines)\" # comment\n"
                lines += 1
            }
            tables += 1
        }
        let document = try parse(text)
        XCTAssertEqual(document[TOMLDocument.root].entries.count, tables)
        let last = document[TOMLDocument.root]["table\(tables - 1)"]!
        guard case .table(let id) = last.node.value, case .string(let s) = document[id]["key99"]?.node.value
        else {
            return XCTFail("missing last key")
        }
        XCTAssertEqual(s, "value \(lines - 1)")
    }

    func testTwoMegabyteSingleLineArrayParses() throws {
        // Every element's position is on one line: positions must not be
        // computed by rescanning the line.
        let count = 400_000
        var text = "a = ["
        text.reserveCapacity(count * 6)
        for i in 0..<count { text += "\(i)," }
        text += "]\nb = x"
        XCTAssertGreaterThan(text.utf8.count, 2_000_000)
        let diagnostic = parseError(Array(text.utf8))
        XCTAssertEqual(diagnostic?.line, 2)
        XCTAssertEqual(diagnostic?.column, 5)
        let document = try parse(String(text.dropLast(6)))
        guard case .array(let items) = document[TOMLDocument.root]["a"]?.node.value else { return XCTFail() }
        XCTAssertEqual(items.count, count)
    }

    func testColumnsCountScalarsAndSkipTheBOM() {
        // "é" is two bytes, "→" three, "😀" four; each is one column.
        XCTAssertEqual(parseError(Array("a = \"é→😀\" x".utf8))?.column, 11)
        XCTAssertEqual(parseError(Array("\u{FEFF}a = 1 x".utf8))?.column, 7)
        XCTAssertEqual(parseError(Array("\u{FEFF}a = 1 x".utf8))?.sourceLine, "a = 1 x")
        // A BOM anywhere but the start is not skipped.
        XCTAssertEqual(
            parseError(Array("a = 1\n\u{FEFF}b = 2".utf8))?.message, "expected a key, found \"\u{FEFF}\"")
    }

    func testCRLFErrorsReportTheLineWithoutItsCarriageReturn() {
        let diagnostic = parseError(Array("a = 1\r\nb = 2\r\nc = x\r\nd = 4\r\n".utf8))
        XCTAssertEqual(diagnostic?.line, 3)
        XCTAssertEqual(diagnostic?.column, 5)
        XCTAssertEqual(diagnostic?.sourceLine, "c = x")
    }

    func testSourceLineOfUnprintableBytesIsSafe() {
        let diagnostic = parseError(Array("a = 1 \u{0}x".utf8))
        XCTAssertEqual(diagnostic?.sourceLine, "a = 1 \u{FFFD}x")
        XCTAssertEqual(diagnostic?.column, 7)
    }
}

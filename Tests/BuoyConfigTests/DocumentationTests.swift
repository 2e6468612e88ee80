import BuoyCore
import Foundation
import XCTest

@testable import BuoyConfig

/// The repository's root, three levels above this file.
private let repoRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

private func contents(of relativePath: String) throws -> [UInt8] {
    let path = repoRoot.appendingPathComponent(relativePath).path
    guard let data = FileManager.default.contents(atPath: path) else {
        throw DocumentationError("cannot read \(path)")
    }
    return [UInt8](data)
}

/// A file's words, one space apart, as a reader sees them across its lines:
/// without the `#` of a comment or a Debian description's leading space.
private func prose(of relativePath: String) throws -> String {
    String(decoding: try contents(of: relativePath), as: UTF8.self)
        .split(separator: "\n")
        .map { $0.drop { $0 == "#" || $0 == " " } }
        .joined(separator: " ")
        .split(separator: " ").joined(separator: " ")
}

private struct DocumentationError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// One key as buoy(5) documents it: a `*name* = _type_` line in a section
/// headed `## [table]` or `## [[table]]`, and the lines after it up to the
/// next key or heading, which hold its `Default:`, `Range:`, `Values:` and
/// `Example:`.
private struct DocumentedKey {
    var table: String
    var isTableArray: Bool
    var name: String
    var type: String
    /// 1-based line of the key in buoy.5.scd, for messages.
    var line: Int
    var body: String

    /// The dotted key, as in `Config.knownKeys`: "button.size", "menu.item.label".
    var key: String { table + "." + name }

    var isRequired: Bool { body.contains("Required") }

    /// The TOML value after `Default:` when it is one (`*56*`); nil for
    /// "Default: unset".
    var defaultValue: String? {
        body.firstMatch(of: /Default: \*([^*]+)\*/).map { String($0.1) }
    }

    var range: (low: String, high: String)? {
        body.firstMatch(of: /Range: \*([^*]+)\* to \*([^*]+)\*/).map { (String($0.1), String($0.2)) }
    }

    /// The quoted strings listed after `Values:`, which may span lines.
    var values: [String]? {
        guard let start = body.firstRange(of: "Values:") else { return nil }
        let rest = body[start.upperBound...]
        let list = rest.firstRange(of: "++").map { rest[..<$0.lowerBound] } ?? rest
        return list.matches(of: /\*"([^"]*)"\*/).map { String($0.1) }
    }

    var example: String? {
        body.firstMatch(of: /Example: \*([^*]+)\*/).map { String($0.1) }
    }

    /// The line after `Only with:`, which a snippet needs for this key to
    /// take effect (`shape = "rounded"` for `corner_radius`).
    var prerequisite: String? {
        body.firstMatch(of: /Only with: \*([^*]+)\*/).map { String($0.1) }
    }

    /// The keys after `Not with:`, which a snippet must leave out even when
    /// they are required (`command` for `action`).
    var exclusions: [String] {
        body.matches(of: /Not with: \*([a-z_]+)\*/).map { String($0.1) }
    }

    /// What the schema's type error says this key expects.
    var expectedPhrase: String? {
        switch type {
        case "number": return "a number"
        case "integer": return "an integer"
        case "boolean": return "a boolean"
        case "string": return "a string"
        case "array": return "an array of strings"
        case "action": return #"a string, { action = "NAME" } or false"#
        case "keys": return #"a string such as "ctrl+z", or an array of them"#
        default: return nil
        }
    }

    /// A value of this key's type, for required keys that a snippet needs.
    var placeholder: String {
        switch type {
        case "number", "integer": return "1"
        case "boolean": return "true"
        case "array": return "[\"x\"]"
        default: return "\"x\""
        }
    }
}

private struct ManPage {
    var keys: [DocumentedKey] = []
    /// The dotted keys of tables documented as another's copy, by a line
    /// `- *[button.snap]* takes the keys of *[snap]*`: "button.snap.to", ...
    var copies: Set<String> = []
    /// Lines that look like keys but are not in a table's section.
    var problems: [String] = []

    init(_ text: String) {
        var aliases: [(table: String, isArray: Bool, of: String)] = []
        var table: (name: String, isArray: Bool)?
        // The key whose body the lines belong to; a heading ends it.
        var current: Int?
        var inLiteral = false
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") || line.hasPrefix("\t```") {
                inLiteral.toggle()
                continue
            }
            if inLiteral { continue }
            if line.hasPrefix("#") {
                if let match = line.wholeMatch(of: /#+ \[\[([a-zA-Z_.]+)\]\]/) {
                    table = (String(match.1), true)
                } else if let match = line.wholeMatch(of: /#+ \[([a-zA-Z_.]+)\]/) {
                    table = (String(match.1), false)
                } else {
                    table = nil
                }
                current = nil
            } else if let match = line.wholeMatch(of: /\*([a-z_]+)\* = _([a-z]+)_/) {
                guard let table else {
                    problems.append("line \(index + 1): \(line) is not under a [table] heading")
                    current = nil
                    continue
                }
                keys.append(
                    DocumentedKey(
                        table: table.name, isTableArray: table.isArray, name: String(match.1),
                        type: String(match.2), line: index + 1, body: ""))
                current = keys.count - 1
            } else if let match = line.wholeMatch(
                of: /- \*(\[\[?)([a-zA-Z_.]+)\]\]?\* takes the keys of \*\[\[?([a-z_.]+)\]\]?\*/)
            {
                aliases.append((String(match.2), match.1 == "[[", String(match.3)))
            } else if let current {
                keys[current].body += line + "\n"
            }
        }
        for alias in aliases {
            for var key in keys where key.table == alias.of {
                key.table = alias.table
                key.isTableArray = alias.isArray
                keys.append(key)
                copies.insert(key.key)
            }
        }
    }

    /// A config with `line` (if any) in `key`'s table, after the key's
    /// prerequisite; for a `[[table]]`, one element that also has the other
    /// keys the page marks as required.
    func snippet(for key: DocumentedKey, _ line: String?) -> String {
        var lines = [key.prerequisite, line].compactMap { $0 }
        if key.isTableArray {
            let required = keys.filter {
                $0.table == key.table && $0.isRequired && $0.name != key.name
                    && !key.exclusions.contains($0.name)
            }
            lines = ["[[\(key.table)]]"] + required.map { "\($0.name) = \($0.placeholder)" } + lines
        } else {
            lines = ["[\(key.table)]"] + lines
        }
        // A submenu needs an item, and an item's submenu must be defined.
        if key.table.hasPrefix("submenu."), !key.isTableArray {
            lines += ["[[submenu.NAME.item]]", "label = \"x\"", "command = \"x\""]
        }
        if let name = line?.firstMatch(of: /^submenu = "([a-z]+)"/)?.1 {
            lines += ["[[submenu.\(name).item]]", "label = \"x\"", "command = \"x\""]
        }
        return lines.map { $0 + "\n" }.joined()
    }
}

private enum Outcome: Equatable {
    case ok(Config, warnings: [String])
    case error(String)
}

private func parse(_ text: String) -> Outcome {
    do {
        let (config, warnings) = try Config.parse(Array(text.utf8), path: "snippet.toml")
        return .ok(config, warnings: warnings.map(\.message))
    } catch {
        return .error(error.diagnostic.message)
    }
}

/// The example config with its commented-out keys and headers uncommented.
/// A key that excludes another (`# label = "A"  # instead of icon`) is
/// uncommented only with `alternatives`: the file cannot set both.
private func uncommented(_ text: String, alternatives: Bool = false) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        guard line.wholeMatch(of: #/# (\[.*|[a-z_]+ = .*)/#) != nil else { return String(line) }
        if !alternatives, line.contains(#/  # instead of [a-z_]+$/#) { return String(line) }
        return String(line.dropFirst(2))
    }.joined(separator: "\n")
}

/// The dotted keys that `key = value` lines set, by the table headers above them.
private func keysSet(in text: String) -> [String] {
    var table = ""
    var keys: [String] = []
    for line in text.split(separator: "\n") {
        if let match = line.wholeMatch(of: /\[\[?([a-z_.]+)\]\]?/) {
            // `[submenu.device]` is the schema's `[submenu.NAME]`.
            table = String(match.1).replacing(/^submenu\.[a-z_]+/, with: "submenu.NAME")
        } else if let match = line.firstMatch(of: #/^([a-z_]+) = /#) {
            keys.append(table + "." + match.1)
        }
    }
    return keys
}

final class DocumentationTests: XCTestCase {
    private func manPage() throws -> ManPage {
        let page = ManPage(String(decoding: try contents(of: "docs/buoy.5.scd"), as: UTF8.self))
        XCTAssertEqual(page.problems, [])
        XCTAssertFalse(page.keys.isEmpty, "no *key* = _type_ lines found in docs/buoy.5.scd")
        return page
    }

    func testEveryKnownKeyIsDocumented() throws {
        let documented = Set(try manPage().keys.map(\.key))
        let missing = Config.knownKeys.filter { !documented.contains($0) }
        XCTAssertEqual(missing, [], "keys the parser accepts but docs/buoy.5.scd does not document")
    }

    func testEveryDocumentedKeyIsKnown() throws {
        let keys = try manPage().keys
        let unknown = keys.filter { !Config.knownKeys.contains($0.key) }.map { "line \($0.line): \($0.key)" }
        XCTAssertEqual(unknown, [], "keys docs/buoy.5.scd documents but the parser does not accept")
        let names = keys.map(\.key)
        XCTAssertEqual(names.count, Set(names).count, "a key is documented twice: \(names)")
    }

    func testDocumentedTypesAreTheSchemas() throws {
        let page = try manPage()
        for key in page.keys {
            guard let phrase = key.expectedPhrase else {
                XCTFail(
                    "line \(key.line): unknown type _\(key.type)_; use number, integer, boolean, string, array, action or keys"
                )
                continue
            }
            let (wrong, got) = key.type == "array" ? ("true", "boolean") : ("[]", "array")
            XCTAssertEqual(
                parse(page.snippet(for: key, "\(key.name) = \(wrong)")),
                .error("\(key.name) expects \(phrase), got \(got)"), "line \(key.line): \(key.key)")
        }
    }

    func testDocumentedDefaultsAreTheDefaults() throws {
        let page = try manPage()
        for key in page.keys {
            XCTAssertTrue(
                key.body.contains("Default:") || key.isRequired,
                "line \(key.line): \(key.key) has neither Default: nor Required")
            guard let value = key.defaultValue else { continue }
            guard !key.isTableArray else {
                XCTFail("line \(key.line): a [[table]] key's default cannot be checked; write it as prose")
                continue
            }
            // Setting a key to its default must change nothing: without a
            // prerequisite, give the defaults.
            let unset = parse(page.snippet(for: key, nil))
            XCTAssertEqual(
                parse(page.snippet(for: key, "\(key.name) = \(value)")), unset,
                "line \(key.line): \(key.key) is not \(value) by default")
            XCTAssertEqual(unset.warnings, [], "line \(key.line): \(key.key)'s table alone")
            if key.prerequisite == nil { XCTAssertEqual(unset, .ok(.defaults, warnings: [])) }
        }
    }

    func testDocumentedRangesAreTheSchemas() throws {
        let page = try manPage()
        for key in page.keys where key.type == "number" || key.type == "integer" {
            guard let range = key.range, let low = Double(range.low), let high = Double(range.high) else {
                XCTFail("line \(key.line): \(key.key) has no Range: *low* to *high*")
                continue
            }
            let step = key.type == "integer" ? 1 : 0.001
            func literal(_ x: Double) -> String { key.type == "integer" ? String(Int(x)) : String(x) }
            for inside in [low, high] {
                guard case .ok = parse(page.snippet(for: key, "\(key.name) = \(literal(inside))")) else {
                    XCTFail("line \(key.line): \(key.key) = \(literal(inside)) is documented as in range")
                    continue
                }
            }
            for outside in [low - step, high + step] {
                let outcome = parse(page.snippet(for: key, "\(key.name) = \(literal(outside))"))
                guard case .error(let message) = outcome, message.contains("must be between") else {
                    XCTFail("line \(key.line): \(key.key) = \(literal(outside)) is accepted: \(outcome)")
                    continue
                }
            }
        }
    }

    /// buoy(5)'s `Default:` and `Range:` of each number key are its rule's,
    /// read from the schema's `Field`, and every number key has both.
    func testDocumentedNumbersAreTheRules() throws {
        let rules = Schema.numberRules
        let documented = try manPage().keys.filter { $0.type == "number" || $0.type == "integer" }
        XCTAssertEqual(
            Set(documented.map(\.key)), Set(rules.keys), "number keys in docs/buoy.5.scd and in the schema")
        for key in documented {
            guard let rule = rules[key.key] else { continue }
            XCTAssertEqual(key.type == "integer", rule.isInteger, "line \(key.line): \(key.key)'s type")
            XCTAssertEqual(
                key.defaultValue.flatMap(Double.init), rule.defaultValue,
                "line \(key.line): \(key.key)'s Default: and its rule's")
            XCTAssertEqual(
                key.range.flatMap { range in
                    Double(range.low).flatMap { low in Double(range.high).map { low...$0 } }
                },
                rule.range, "line \(key.line): \(key.key)'s Range: and its rule's")
        }
    }

    func testDocumentedValuesAreTheSchemasChoices() throws {
        let page = try manPage()
        for key in page.keys where key.type == "string" {
            let outcome = parse(page.snippet(for: key, "\(key.name) = \"no-such-value\""))
            var choices: [String]?
            if case .error(let message) = outcome,
                let match = message.firstMatch(of: /must be one of ([^;]*);/)
            {
                choices = match.1.split(separator: ", ").map(String.init)
            }
            XCTAssertEqual(
                key.values, choices, "line \(key.line): \(key.key)'s Values: and the schema's choices")
        }
    }

    func testDocumentedExamplesParse() throws {
        let page = try manPage()
        for key in page.keys {
            guard let example = key.example else {
                XCTFail("line \(key.line): \(key.key) has no Example: *\(key.name) = ...*")
                continue
            }
            XCTAssertTrue(
                example.hasPrefix("\(key.name) = "), "line \(key.line): the example sets another key")
            guard case .ok(_, let warnings) = parse(page.snippet(for: key, example)) else {
                XCTFail("line \(key.line): \(example): \(parse(page.snippet(for: key, example)))")
                continue
            }
            XCTAssertEqual(warnings, [], "line \(key.line): \(example)")
        }
    }

    func testExampleConfigParsesWithoutWarnings() throws {
        let bytes = try contents(of: "examples/config.toml")
        let (_, warnings) = try Config.parse(bytes, path: "examples/config.toml")
        XCTAssertEqual(warnings.map(\.rendered), [])
    }

    /// The example says its values are the defaults, so `--print-default-config`
    /// prints the real ones; but for its tap, which opens the first-run menu so
    /// that a config written from it does something. What it suggests beyond
    /// them (a `double_tap` that needs sway) is commented out.
    func testExampleConfigShowsTheDefaultsAndATapForTheMenu() throws {
        let (config, _) = try Config.parse(
            try contents(of: "examples/config.toml"), path: "examples/config.toml")
        XCTAssertEqual(config, Config(actions: Actions(tap: .menu)))
    }

    /// Every key is in the example, set or commented out, and the commented
    /// ones are valid once uncommented. A button's sub-tables, which buoy(5)
    /// documents as copies of the top-level ones, need not be repeated.
    func testExampleConfigShowsEveryKey() throws {
        let copies = try manPage().copies
        let example = String(decoding: try contents(of: "examples/config.toml"), as: UTF8.self)
        let text = uncommented(example)
        let shown = keysSet(in: uncommented(example, alternatives: true))
        XCTAssertEqual(shown.filter { !Config.knownKeys.contains($0) }, [], "unknown keys in the example")
        XCTAssertEqual(
            Config.knownKeys.filter { !shown.contains($0) && !copies.contains($0) }, [],
            "keys missing from the example")
        XCTAssertEqual(parse(text).warnings, [], "the example, uncommented")
    }

    /// Each number key in the example shows its rule's default, and the
    /// comment above it gives its rule's range as "(low-high)".
    func testExampleConfigShowsEachNumbersRule() throws {
        let rules = Schema.numberRules
        let example = String(decoding: try contents(of: "examples/config.toml"), as: UTF8.self)
        var table = ""
        var comment = ""
        var previousWasComment = false
        var seen: Set<String> = []
        for (index, line) in uncommented(example, alternatives: true).split(separator: "\n").enumerated() {
            if line.hasPrefix("#") {
                if !previousWasComment { comment = "" }
                comment += line + "\n"
                previousWasComment = true
                continue
            }
            previousWasComment = false
            if let match = line.wholeMatch(of: /\[\[?([a-z_.]+)\]\]?/) {
                table = String(match.1)
            } else if let match = line.wholeMatch(of: #/([a-z_]+) = ([-0-9.]+)/#),
                let rule = rules[table + "." + match.1]
            {
                let key = table + "." + match.1
                seen.insert(key)
                XCTAssertEqual(Double(match.2), rule.defaultValue, "line \(index + 1): \(key)'s default")
                let range = "\(formatNumber(rule.range.lowerBound))-\(formatNumber(rule.range.upperBound))"
                XCTAssertTrue(
                    comment.contains(range),
                    "line \(index + 1): the comment above \(key) does not say \(range)")
            }
        }
        let copies = try manPage().copies
        XCTAssertEqual(
            rules.keys.filter { !seen.contains($0) && !copies.contains($0) }.sorted(), [],
            "number keys the example does not show")
    }

    func testTwoButtonsExampleParses() throws {
        let bytes = try contents(of: "examples/two-buttons.toml")
        let (config, warnings) = try Config.parse(bytes, path: "examples/two-buttons.toml")
        XCTAssertEqual(warnings.map(\.rendered), [])
        XCTAssertEqual(config.buttons.map(\.name), ["keyboard", "main"])
        XCTAssertEqual(config.buttons[0].actions.tap, .command(FirstRun.keyboardToggle))
        XCTAssertEqual(config.buttons[0].button.shape, .rounded(cornerRadius: 14))
        XCTAssertEqual(config.buttons[1].actions.tap, .menu)
        XCTAssertEqual(config.buttons[1].button.output, .every)
        XCTAssertFalse(config.buttons[1].menu.items.isEmpty)
        // Issue 43: the examples look finished: a face on the keyboard button, an icon on
        // every item (the Screenshot item showed an "S").
        XCTAssertEqual(config.buttons[0].button.face, .icon("input-keyboard"))
        XCTAssertEqual(config.buttons[1].menu.items.filter { $0.icon == nil }.map(\.label), [])
    }

    func testTouchDesktopExampleArmsClickTypesAndSendsKeys() throws {
        let bytes = try contents(of: "examples/touch-desktop.toml")
        let (config, warnings) = try Config.parse(bytes, path: "examples/touch-desktop.toml")
        XCTAssertEqual(warnings.map(\.rendered), [])
        let button = config.buttons[0]
        XCTAssertEqual(button.actions.tap, .menu)
        XCTAssertEqual(button.actions.swipeLeft, .keys([KeyChord(.alt, "Left")]))
        XCTAssertEqual(
            button.menu.items.prefix(4).map(\.action),
            [ClickType.right, .middle, .double, .drag].map(Action.click),
            "the four click types first")
        XCTAssertEqual(button.menu.items.last?.apps.showFor, ["firefox", "org.mozilla.firefox"])
    }

    func testPhoneExampleParsesCleanly() throws {
        let bytes = try contents(of: "examples/phone.toml")
        let (config, warnings) = try Config.parse(bytes, path: "examples/phone.toml")
        XCTAssertEqual(warnings.map(\.rendered), [])
        XCTAssertEqual(config.buttons.count, 1)
        let phone = config.buttons[0]
        XCTAssertEqual(phone.button.position, .bottomRight)
        XCTAssertGreaterThanOrEqual(phone.button.size, 64, "a large button")
        XCTAssertEqual(phone.gestures.touchDragThreshold, 8)
        XCTAssertEqual(phone.gestures.touchDoubleTapWindow, 0.3)
        XCTAssertEqual(phone.actions.tap, .menu)
        // buoy's own actions, which find the tool of every phone's compositor.
        XCTAssertEqual(phone.actions.swipeUp, .builtIn(.keyboard))
        XCTAssertEqual(phone.menu.items.map(\.label), ["Keyboard", "Rotate", "Screenshot", "Lock"])
        XCTAssertEqual(
            phone.menu.items.map(\.action),
            [.builtIn(.keyboard), .builtIn(.rotate), .builtIn(.screenshot), .builtIn(.lock)])
        XCTAssertGreaterThanOrEqual(phone.menu.rowHeight, 48)
    }

    /// Every wvkbd toggle in the docs and examples is the first run's, which
    /// starts the keyboard when none runs.
    func testEveryKeyboardToggleIsTheFirstRuns() throws {
        let files = [
            "README.md", "docs/buoy.5.scd", "docs/compositors.md", "examples/config.toml",
            "examples/two-buttons.toml",
        ]
        for file in files {
            let text = String(decoding: try contents(of: file), as: UTF8.self)
            let toggles = text.split(separator: "\n").filter { $0.contains("pkill -RTMIN") }
            XCTAssertFalse(toggles.isEmpty, "\(file) shows no wvkbd toggle")
            for line in toggles where !line.contains(FirstRun.keyboardToggle) {
                XCTFail("\(file): \(line) is not \(FirstRun.keyboardToggle)")
            }
        }
    }

    /// Every list of supported compositors is the one list: river, which has
    /// no test leg, is in none.
    func testEveryListOfCompositorsIsTheSupportedOne() throws {
        for file in ["README.md", "docs/buoy.1.scd", "packaging/debian/control", "examples/buoy.desktop"] {
            let words = try prose(of: file)
            XCTAssertTrue(
                words.contains(Compositors.supported), "\(file) does not say: \(Compositors.supported)")
            XCTAssertFalse(words.contains(/(?i)\briver\b/), "\(file) names river")
        }
    }

    /// README starts with what a user does, five steps before the long
    /// reference, the developer's two commands under Develop, and leaves the
    /// benchmark's figures to bench/results.md, which `make bench` writes.
    func testReadmeStartsWithInstallingAndLinksTheFigures() throws {
        let readme = String(decoding: try contents(of: "README.md"), as: UTF8.self)
        let lines = readme.split(separator: "\n")
        let headings = lines.filter { $0.hasPrefix("## ") }.map { $0.dropFirst(3) }
        XCTAssertEqual(headings.prefix(3), ["Install", "Start it", "Using it"])
        let beforeInstall = lines.prefix { $0 != "## Install" }
        let steps = beforeInstall.filter { $0.contains(#/^\d\. /#) }.map {
            $0.dropFirst(3).prefix { $0 != ":" }
        }
        XCTAssertEqual(steps, ["Install", "Start", "Tap", "Menu", "Edit"], "README's quick start")
        let develop = readme.split(separator: "## Develop").last ?? ""
        XCTAssertTrue(
            develop.contains("\nmake run ") && develop.contains("\nmake test "), "Develop's two commands")
        XCTAssertTrue(headings.contains("Develop"))
        XCTAssertFalse(readme.contains(/\d ?(MB|MiB|ms|%)/), "a figure in README; bench/results.md has them")
        XCTAssertTrue(readme.contains("[bench/results.md](bench/results.md)"))
    }

    /// ACTIONS lists the table, one entry per action in its order: name,
    /// label, icon, whether it stays open, then each tool's command line,
    /// after the compositor it needs and the programs the line does not name.
    func testTheActionsListIsTheTable() throws {
        let page = String(decoding: try contents(of: "docs/buoy.5.scd"), as: UTF8.self)
        let expected = BuiltInAction.all.map(manPageEntry).joined(separator: "\n")
        XCTAssertTrue(page.contains(expected), "docs/buoy.5.scd's ACTIONS should list:\n\(expected)")
        let entries = page.split(separator: "\n").filter { $0.contains(/^\*[a-z-]+\*: "/) }
        XCTAssertEqual(entries.count, BuiltInAction.all.count, "actions docs/buoy.5.scd lists: \(entries)")
    }

    /// SENDING KEYS lists the table of named keys, in its order: name,
    /// keys as a config writes them, label and icon.
    func testTheNamedKeysListIsTheTable() throws {
        let page = String(decoding: try contents(of: "docs/buoy.5.scd"), as: UTF8.self)
        let expected = BuiltInKeys.all.map { keys in
            let chords = keys.chords.map(\.text).joined(separator: " ")
            return "*\(keys.name)*: \(chords), \"\(keys.label)\", _\(keys.icon)_"
        }.joined(separator: " ++\n")
        XCTAssertTrue(
            page.contains(expected + "\n"), "docs/buoy.5.scd's SENDING KEYS should list:\n\(expected)")
    }

    /// ACTIONS lists the packages named otherwise than their programs,
    /// which the hints name (issue 34).
    func testTheActionsPackagesAreTheTable() throws {
        let page = String(decoding: try contents(of: "docs/buoy.5.scd"), as: UTF8.self)
        let expected = BuiltInAction.Package.differing.map { program, package in
            "\(program): Debian \(package.debian), Arch \(package.arch), Fedora \(package.fedora)\n"
        }.joined()
        XCTAssertTrue(
            page.contains("```\n" + expected + "```\n"), "docs/buoy.5.scd should list:\n\(expected)")
        let programs = Set(BuiltInAction.all.flatMap(\.tools).flatMap(\.programs))
        for (program, _) in BuiltInAction.Package.differing {
            XCTAssertTrue(programs.contains(program), "\(program) is no tool's")
        }
    }

    func testEmbeddedExampleIsTheFile() throws {
        let bytes = try contents(of: "examples/config.toml")
        XCTAssertTrue(
            Array(Config.exampleText.utf8) == bytes,
            "Sources/BuoyConfig/ExampleConfig.swift is stale; run scripts/gen-example-config.sh")
    }
}

/// How buoy(5) lists a built-in action.
private func manPageEntry(_ action: BuiltInAction) -> String {
    let head =
        "*\(action.name)*: \"\(action.label)\", _\(action.icon)_" + (action.keepOpen ? ", stays open" : "")
    let lines = action.tools.map { tool in
        let needs =
            (tool.compositor.map { [$0.name] } ?? []) + tool.programs.filter { !tool.command.contains($0) }
        return needs.isEmpty ? tool.command : needs.joined(separator: ", ") + ": " + tool.command
    }
    // scdoc reads a backslash as an escape, even in a literal block.
    let escaped = lines.map { $0.replacing("\\", with: "\\\\") }
    return ([head, "```"] + escaped + ["```"]).map { $0 + "\n" }.joined()
}

extension Outcome {
    /// The warnings, or the error as a one-element list.
    fileprivate var warnings: [String] {
        switch self {
        case .ok(_, let warnings): return warnings
        case .error(let message): return ["error: " + message]
        }
    }
}

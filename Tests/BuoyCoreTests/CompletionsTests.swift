import BuoyCommandLine
import BuoyConfig
import BuoyCore
import Foundation
import XCTest

/// The repository's root, three levels above this file.
private let repoRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// The text of the repository's file at `relativePath` (buoy(1)'s source, say).
func text(of relativePath: String) throws -> String {
    try String(contentsOf: repoRoot.appendingPathComponent(relativePath), encoding: .utf8)
}

private func words(_ text: Substring) -> [String] {
    text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
}

/// The flags buoy(1)'s OPTIONS section documents: `*-c*, *--config* _PATH_`.
private func documentedFlags() throws -> Set<String> {
    let page = try text(of: "docs/buoy.1.scd")
    guard let start = page.firstRange(of: "\n# OPTIONS\n") else { return [] }
    var section = page[start.upperBound...]
    if let end = section.firstRange(of: "\n# ") { section = section[..<end.lowerBound] }
    var flags: Set<String> = []
    for line in section.split(separator: "\n") where line.hasPrefix("*-") {
        for match in line.matches(of: /\*(--?[a-z][a-z-]*)\*/) { flags.insert(String(match.1)) }
    }
    return flags
}

/// The `buoy msg` commands buoy(1)'s COMMANDS section documents, each on a
/// line of its own or with its kin (`*tap*, *double-tap*, *long-press*`).
private func documentedCommands() throws -> [String] {
    let page = try text(of: "docs/buoy.1.scd")
    guard let start = page.firstRange(of: "\n# COMMANDS\n") else { return [] }
    var section = page[start.upperBound...]
    if let end = section.firstRange(of: "\n# ") { section = section[..<end.lowerBound] }
    return section.split(separator: "\n").filter { $0.hasPrefix("*") && !$0.hasPrefix("*buoy") }.flatMap {
        line in
        line.matches(of: /^\*([a-z-]+)\*|, \*([a-z-]+)\*/).compactMap { ($0.1 ?? $0.2).map(String.init) }
    }
}

/// The shell completions list exactly the commands and positions that
/// `ControlCommand` parses, the subcommands that `Invocation` parses, and the
/// flags that buoy(1) documents.
final class CompletionsTests: XCTestCase {
    private let commands = ControlCommand.names
    private let places = ControlCommand.positions
    private let subcommands = Invocation.Subcommand.allCases.map(\.rawValue)
    private let configVerbs = ConfigCommand.Verb.allCases.map(\.rawValue)
    private let itemVerbs = ConfigCommand.ItemVerb.allCases.map(\.rawValue)
    /// What `buoy msg click` and `mode` take.
    private let clickTypes = ClickType.allCases.map(\.rawValue) + [ClickType.cancelWord]
    private let modes = DeviceMode.allCases.map(\.rawValue)
    /// What `config get`, `set` and `unset` take, and `item add`'s `--action` and `--keys`.
    private let keys = ConfigCommand.completedKeys
    private let actions =
        BuiltInAction.all.map { ($0.name, $0.label) } + ClickType.allCases.map { ($0.actionName, $0.label) }
    private let keyNames = BuiltInKeys.all.map { ($0.name, $0.label) }

    /// The words of the list `pattern`'s first group holds in `file`.
    private func list(_ file: String, _ pattern: Regex<(Substring, Substring)>) -> [String]? {
        file.firstMatch(of: pattern).map { words($0.1) }
    }

    func testTheArgumentListsAreTheirOwners() throws {
        let bash = try text(of: "completions/buoy.bash")
        let zsh = try text(of: "completions/_buoy")
        for (file, name, open, close) in [(bash, "bash", "=\"", "\""), (zsh, "zsh", "=(", ")")] {
            func named(_ variable: String) -> [String]? {
                guard let start = file.firstRange(of: " " + variable + open) else { return nil }
                let rest = file[start.upperBound...]
                return rest.firstRange(of: close).map { words(rest[..<$0.lowerBound]) }
            }
            XCTAssertEqual(named("clicktypes"), clickTypes, name)
            XCTAssertEqual(named("modes"), modes, name)
            XCTAssertEqual(named("keys"), keys, name)
            XCTAssertEqual(named("actions"), actions.map(\.0), name)
            XCTAssertEqual(named("keynames"), keyNames.map(\.0), name)
        }
        let fish = try text(of: "completions/buoy.fish")
        XCTAssertEqual(list(fish, /set -l modes ([^\n]*)/), modes)
        XCTAssertEqual(list(fish, /set -l keys ([^\n]*)/), keys)
    }

    /// fish describes each name it offers, in its owner's words.
    func testFishDescribesEachNameAsItsOwnerDoes() throws {
        let fish = try text(of: "completions/buoy.fish")
        var described: [(name: String, description: String)] =
            ControlCommandName.allCases.map { ($0.rawValue, $0.summary) }
            + ConfigCommand.Verb.allCases.map { ($0.rawValue, $0.summary) }
            + ConfigCommand.ItemVerb.allCases.map { ($0.rawValue, $0.summary) }
        described += ClickType.allCases.map { ($0.rawValue, $0.label) }
        for (name, description) in described {
            XCTAssertTrue(fish.contains(" -a \(name) -d \"\(description)\""), "\(name): \(description)")
        }
        func echoed(_ function: String) -> [(String, String)] {
            guard let start = fish.firstRange(of: "function \(function)\n") else { return [] }
            let body = fish[start.upperBound...].split(separator: "\nend")[0]
            return body.matches(of: /echo ([a-z-]+)\\t"([^"]*)"/).map { (String($0.1), String($0.2)) }
        }
        XCTAssertEqual(echoed("__buoy_actions").map(\.0), actions.map(\.0))
        XCTAssertEqual(echoed("__buoy_actions").map(\.1), actions.map(\.1))
        XCTAssertEqual(echoed("__buoy_key_names").map(\.0), keyNames.map(\.0))
        XCTAssertEqual(echoed("__buoy_key_names").map(\.1), keyNames.map(\.1))
    }

    /// buoy(1) documents every option the parser takes, and no other; every
    /// `buoy msg` command, and no other; and `--button`.
    func testTheManPageHasEveryFlagAndCommand() throws {
        XCTAssertEqual(
            try documentedFlags(), Set(Invocation.Option.allCases.flatMap(\.spellings)),
            "docs/buoy.1.scd's OPTIONS and Invocation.Option")
        XCTAssertEqual(
            try documentedCommands(), commands, "docs/buoy.1.scd's COMMANDS and ControlCommandName")
        XCTAssertTrue(
            try text(of: "docs/buoy.1.scd").contains("*\(ControlMessage.buttonOption)* _NAME_"),
            "docs/buoy.1.scd does not document \(ControlMessage.buttonOption) NAME")
    }

    func testBash() throws {
        let file = try text(of: "completions/buoy.bash")
        XCTAssertEqual(file.firstMatch(of: #/ commands="([^"]*)"/#).map { words($0.1) }, commands)
        XCTAssertEqual(file.firstMatch(of: /places="([^"]*)"/).map { words($0.1) }, places)
        XCTAssertEqual(file.firstMatch(of: /subcommands="([^"]*)"/).map { words($0.1) }, subcommands)
        XCTAssertEqual(file.firstMatch(of: /configverbs="([^"]*)"/).map { words($0.1) }, configVerbs)
        XCTAssertEqual(file.firstMatch(of: /itemverbs="([^"]*)"/).map { words($0.1) }, itemVerbs)
        XCTAssertEqual(
            file.firstMatch(of: /options="([^"]*)"/).map { Set(words($0.1)) }, try documentedFlags())
        XCTAssertTrue(file.contains("--button"))
    }

    func testZsh() throws {
        let file = try text(of: "completions/_buoy")
        XCTAssertEqual(file.firstMatch(of: /commands=\(([^)]*)\)/).map { words($0.1) }, commands)
        XCTAssertEqual(file.firstMatch(of: /places=\(([^)]*)\)/).map { words($0.1) }, places)
        XCTAssertEqual(file.firstMatch(of: /'1:: :\(([^)]*)\)'/).map { words($0.1) }, subcommands)
        XCTAssertEqual(file.firstMatch(of: /configverbs=\(([^)]*)\)/).map { words($0.1) }, configVerbs)
        XCTAssertEqual(file.firstMatch(of: /itemverbs=\(([^)]*)\)/).map { words($0.1) }, itemVerbs)
        // The top level's, which continues over lines; doctor's is one line.
        guard let arguments = file.firstRange(of: "_arguments \\\n") else { return XCTFail("no _arguments") }
        var flags: Set<String> = []
        for line in file[arguments.upperBound...].split(separator: "\n") {
            guard line.hasSuffix("\\") || line.contains("'") else { break }
            // '(-c --config)'{-c,--config}'[...]' and '--check[...]'
            if let braces = line.firstMatch(of: /\{([-a-z,]+)\}/) {
                flags.formUnion(braces.1.split(separator: ",").map(String.init))
            } else if let flag = line.firstMatch(of: /'(?:\([^)]*\))?(--?[a-z][a-z-]*)\[/) {
                flags.insert(String(flag.1))
            }
        }
        XCTAssertEqual(flags, try documentedFlags())
        XCTAssertTrue(file.contains("--button"))
    }

    func testFish() throws {
        let file = try text(of: "completions/buoy.fish")
        XCTAssertEqual(file.firstMatch(of: /set -l commands ([^\n]*)/).map { words($0.1) }, commands)
        XCTAssertEqual(file.firstMatch(of: /set -l places ([^\n]*)/).map { words($0.1) }, places)
        XCTAssertEqual(file.firstMatch(of: /set -l subcommands ([^\n]*)/).map { words($0.1) }, subcommands)
        XCTAssertEqual(file.firstMatch(of: /set -l configverbs ([^\n]*)/).map { words($0.1) }, configVerbs)
        XCTAssertEqual(file.firstMatch(of: /set -l itemverbs ([^\n]*)/).map { words($0.1) }, itemVerbs)
        XCTAssertEqual(
            file.matches(of: #/-n __fish_use_subcommand -a ([a-z]+) /#).map { String($0.1) }, subcommands)
        var flags: Set<String> = []
        for line in file.split(separator: "\n") where line.contains("-n \"$top\"") {
            for match in line.matches(of: #/ -([slo]) ([a-z][a-z-]*)/#) {
                flags.insert((match.1 == "l" ? "--" : "-") + match.2)
            }
        }
        XCTAssertEqual(flags, try documentedFlags())
        XCTAssertTrue(file.contains("-l button"))
    }
}

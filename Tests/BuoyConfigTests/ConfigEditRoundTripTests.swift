import Foundation
import XCTest

@testable import BuoyConfig

/// The repository's root, three levels above this file.
private let repoRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Every config the repository holds: the examples, the fuzz corpus, and
/// the fenced blocks of the docs (those the parser accepts are used).
private func configs() throws -> [(name: String, bytes: [UInt8])] {
    let manager = FileManager.default
    var found: [(String, [UInt8])] = []
    for folder in ["examples", "Tests/FuzzCorpus/config"] {
        let directory = repoRoot.appendingPathComponent(folder)
        for name in try manager.contentsOfDirectory(atPath: directory.path).sorted()
        where name.hasSuffix(".toml") {
            found.append(
                ("\(folder)/\(name)", Array(try Data(contentsOf: directory.appendingPathComponent(name)))))
        }
    }
    let docs =
        ["README.md", "docs/buoy.5.scd", "docs/buoy.1.scd"]
        + (try manager.contentsOfDirectory(atPath: repoRoot.appendingPathComponent("docs").path))
        .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    for doc in docs {
        let text = try String(contentsOf: repoRoot.appendingPathComponent(doc), encoding: .utf8)
        for (index, block) in text.split(separator: "```", omittingEmptySubsequences: false).enumerated()
        where index % 2 == 1 {
            // The fence's info string ("toml", "sh") is the block's first line.
            let body = block.drop { $0 != "\n" }.dropFirst()
            found.append(("\(doc) block \(index / 2 + 1)", Array(body.utf8)))
        }
    }
    return found
}

final class ConfigEditRoundTripTests: XCTestCase {
    /// Writing back every value as it is written (`set KEY --toml` with the
    /// value's own text) gives the same bytes: the value's span is exact
    /// (`--toml` refuses text with a comment or a line break after the
    /// value, or a value cut short), and nothing else is touched.
    func testEveryValueWrittenBackGivesTheSameBytes() throws {
        var files = 0
        var values = 0
        for (name, bytes) in try configs() {
            guard let document = try? TOMLParser.parse(bytes, path: name) else { continue }
            files += 1
            let layout = TOMLLayout(document)
            for key in document.valueKeys {
                guard case .entry(let table, let last) = try document.locate(key.parts, button: key.button),
                    let node = document[table][last]?.node
                else {
                    XCTFail("\(name): \(key) is not found")
                    continue
                }
                let text = String(decoding: bytes[node.offset..<node.end], as: UTF8.self)
                let literals = try ConfigValue.toml(text).literals(for: key)
                let splice = try ConfigEdit.setting(key, to: literals[0].bytes, in: layout)
                XCTAssertEqual(splice.result, bytes, "\(name): \(key) = \(text)")
                values += 1
            }
        }
        print("round trip: \(values) values in \(files) files written back byte for byte")
        XCTAssertGreaterThan(files, 30)
    }

    /// Removing an item and adding it back where it was, and moving it away
    /// and back, gives the same bytes, comments and blank lines included.
    func testItemsMovedAwayAndBackGiveTheSameBytes() throws {
        var checked = 0
        for (name, bytes) in try configs() {
            guard (try? Config.parse(bytes, path: name)) != nil,
                let layout = try? TOMLLayout(TOMLParser.parse(bytes, path: name)),
                let editor = try? ItemEditor(layout, ItemList()), editor.items.count > 1
            else { continue }
            let count = editor.items.count
            for number in 1...count {
                let away = ConfigEdit.moveItem(number, to: number == count ? 1 : count, in: ItemList())
                let back = ConfigEdit.moveItem(number == count ? 1 : count, to: number, in: ItemList())
                let moved = try away.applied(to: bytes, path: name).get()
                XCTAssertEqual(
                    try back.applied(to: moved, path: name).get(), bytes, "\(name): item \(number)")
                checked += 1
            }
        }
        print("round trip: \(checked) items moved away and back")
        XCTAssertGreaterThan(checked, 0)
    }
}

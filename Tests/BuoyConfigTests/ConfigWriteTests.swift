import XCTest

@testable import BuoyConfig

/// `ConfigEdit.written`: what the shared writer writes, and its refusal
/// when an editing session's file changed since the session read it.
final class ConfigWriteTests: XCTestCase {
    private static let read = Array("[button]\ncolor = \"#3584e4\"  # blue\n".utf8)
    private static let edited = Array("[button]\ncolor = \"#00ff00\"  # blue\n".utf8)
    private static let byHand = Array("[button]\ncolor = \"#3584e4\"  # blue\nsize = 64\n".utf8)
    private static let setColor = ConfigEdit.set(ConfigKey("button.color")!, .text("#00ff00"))

    func testWritten() {
        let header = Array(ConfigEdit.newFileHeader.utf8)
        let cases: [(ConfigEdit, [UInt8]?, [UInt8]?, Result<[UInt8]?, ConfigWriteRefusal>, UInt)] = [
            // `buoy config`: no session, so whatever is on disk is edited.
            (Self.setColor, Self.read, nil, .success(Self.edited), #line),
            (
                Self.setColor, Self.byHand, nil,
                .success(Array("[button]\ncolor = \"#00ff00\"  # blue\nsize = 64\n".utf8)), #line
            ),
            (
                Self.setColor, nil, nil, .success(header + Array("\n[button]\ncolor = \"#00ff00\"\n".utf8)),
                #line
            ),
            // An editing session: the file as it read it.
            (Self.setColor, Self.read, Self.read, .success(Self.edited), #line),
            (Self.setColor, Self.edited, Self.edited, .success(nil), #line),
            // ... changed since: by hand, removed, or made.
            (Self.setColor, Self.byHand, Self.read, .failure(.changedSinceRead(path: "c.toml")), #line),
            (Self.setColor, nil, Self.read, .failure(.changedSinceRead(path: "c.toml")), #line),
            (Self.setColor, Self.read, [], .failure(.changedSinceRead(path: "c.toml")), #line),
            (
                .removeItem(1, in: ItemList()), Self.edited, Self.read,
                .failure(.changedSinceRead(path: "c.toml")), #line
            ),
            // A session that read no file may start one.
            (
                Self.setColor, nil, [], .success(header + Array("\n[button]\ncolor = \"#00ff00\"\n".utf8)),
                #line
            ),
            // The edit's own refusal comes after the check.
            (
                .removeItem(1, in: ItemList()), Self.read, Self.read,
                .failure(.edit(.refused("c.toml: there is no menu.item.1: there are 0"))), #line
            ),
        ]
        for (edit, current, original, expected, line) in cases {
            let result = edit.written(over: current, expecting: original, path: "c.toml")
            XCTAssertEqual(
                result.map { $0.map { String(decoding: $0, as: UTF8.self) } },
                expected.map { $0.map { String(decoding: $0, as: UTF8.self) } }, line: line)
        }
    }

    /// --check refuses a file past `Config.fileSizeLimit`, so no edit makes one.
    func testAnEditNeverMakesAFileTooLargeForCheck() {
        let comment = "#" + String(repeating: "x", count: 1000) + "\n"
        let head = "[button]\nsize = 40\n"
        let filler = String(
            repeating: comment, count: (Config.fileSizeLimit - head.utf8.count) / comment.utf8.count)
        // 4 bytes short of the limit.
        let tail = String(
            repeating: "#", count: Config.fileSizeLimit - 5 - head.utf8.count - filler.utf8.count)
        let full = Array((head + filler + tail + "\n").utf8)
        XCTAssertEqual(full.count, Config.fileSizeLimit - 4)
        let within = ConfigEdit.set(ConfigKey("button.size")!, .text("41")).written(
            over: full, expecting: nil, path: "c.toml")
        XCTAssertEqual(try? within.get()?.count, full.count)
        let past = ConfigEdit.set(ConfigKey("button.color")!, .text("#00ff00")).written(
            over: full, expecting: nil, path: "c.toml")
        guard case .failure(let refusal) = past else { return XCTFail("\(past)") }
        XCTAssertEqual(
            refusal,
            .failed(
                path: "c.toml",
                why: "the file would be larger than 1024 KiB, which --check refuses; nothing was written"))
    }

    func testTheRefusalSaysWhy() {
        XCTAssertEqual(
            "\(ConfigWriteRefusal.changedSinceRead(path: "/h/.config/buoy/config.toml"))",
            "/h/.config/buoy/config.toml: the file changed since it was read; nothing was written."
                + " Read it again and redo the change.")
        XCTAssertEqual(
            "\(ConfigWriteRefusal.readOnly(path: "c.toml", mode: 0o100444))",
            "c.toml: the file is read-only (mode 444); is it managed by another tool, such as home-manager?"
                + " Change it there.")
    }
}

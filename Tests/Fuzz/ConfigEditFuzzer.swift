// libFuzzer harness for the lossless editor (ConfigEdit), built by `make
// fuzz-edit` (mk/fuzz.mk) with Sources/BuoyCore and Sources/BuoyConfig
// compiled into one module, as ConfigFuzzer.swift is.
//
// Each input is a config file. On it, a fixed set of edits (every kind,
// on keys, tables and items that may or may not be there) and, for each of
// its own first values, a set of the key to a few values and an unset, are
// applied. What ConfigEdit promises is checked, and a broken promise traps:
// - an accepted edit yields a file that Config.parse (what --check runs)
//   accepts;
// - a refused edit gives its reason and no bytes, and asking again gives the
//   same answer (the edit is a pure function of the bytes, so the file the
//   command would have written is never touched);
// - writing a value back as it is written gives the same bytes.

private func violated(_ what: String, _ input: [UInt8]) -> Never {
    let preview = String(decoding: input.prefix(200), as: UTF8.self)
    fatalError("config edit fuzzer: \(what)\ninput (first 200 bytes, lossy): \(preview.debugDescription)")
}

private func key(_ dotted: String, button: String? = nil) -> ConfigKey { ConfigKey(dotted, button: button)! }

private let fixedEdits: [ConfigEdit] = [
    .set(key("button.color"), .text("#00ff00")),
    .set(key("button.size"), .text("40")),
    .set(key("button.tuck"), .text("true")),
    .set(key("button.color", button: "main"), .text("red")),
    .set(key("snap.to"), .text("corner")),
    .set(key("actions.tap"), .text("menu")),
    .set(key("actions.double_tap"), .toml("{ action = \"fullscreen\" }")),
    .set(key("menu.item.1.label"), .text("A")),
    .set(key("menu.item.2.icon"), .text("x")),
    .set(key("submenu.d.layout"), .text("panel")),
    .unset(key("button.color")),
    .unset(key("menu.item.1.icon")),
    .addItem(
        ConfigItem(label: "T", runs: .command("foot"), icon: "utilities-terminal"), in: ItemList(), at: nil),
    .addItem(ConfigItem(label: "M", runs: .action("mute")), in: ItemList(), at: 1),
    .addItem(ConfigItem(label: "S", runs: .command("s")), in: ItemList(submenu: "d"), at: nil),
    .addItem(ConfigItem(label: "B", runs: .command("b")), in: ItemList(button: "main"), at: nil),
    .removeItem(1, in: ItemList()),
    .removeItem(2, in: ItemList()),
    .removeItem(1, in: ItemList(submenu: "d")),
    .moveItem(1, to: 2, in: ItemList()),
    .moveItem(3, to: 1, in: ItemList()),
]

private func check(_ edit: ConfigEdit, _ input: [UInt8]) {
    let first = edit.applied(to: input, path: "fuzz")
    switch first {
    case .success(let bytes):
        do {
            _ = try Config.parse(bytes, path: "fuzz")
        } catch {
            violated("\(edit) was accepted, but --check refuses the result: \(error)", input)
        }
    case .failure(let error):
        if error.description.isEmpty { violated("\(edit) was refused without a reason", input) }
    }
    if edit.applied(to: input, path: "fuzz") != first {
        violated("\(edit) answered twice differently", input)
    }
}

/// The editor's target: one input, each edit checked against what ConfigEdit promises.
func fuzzConfigEditor(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    for edit in fixedEdits { check(edit, input) }
    guard let document = try? TOMLParser.parse(input, path: "fuzz") else { return 0 }
    let layout = TOMLLayout(document)
    for key in document.valueKeys.prefix(6) {
        for value in ["1", "true", "x", "#00ff00"] { check(.set(key, .text(value)), input) }
        check(.unset(key), input)
        guard case .entry(let table, let name)? = try? document.locate(key.parts, button: key.button),
            let node = document[table][name]?.node
        else { violated("\(key) is a key of the file, but is not found", input) }
        let text = String(decoding: input[node.offset..<node.end], as: UTF8.self)
        guard let literal = try? ConfigValue.toml(text).literals(for: key).first,
            let written = try? ConfigEdit.setting(key, to: literal.bytes, in: layout)
        else { violated("\(key)'s own value \(text.debugDescription) cannot be written back", input) }
        if written.result != input { violated("\(key) written back as it was changed the bytes", input) }
    }
    return 0
}

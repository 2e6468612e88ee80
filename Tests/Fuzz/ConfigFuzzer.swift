// libFuzzer harness for the config parser (and, on the same bytes, the icon
// theme index parser). Built by `make fuzz` (mk/fuzz.mk)
// with Sources/BuoyCore and Sources/BuoyConfig compiled into this one module,
// so internal invariants are reachable without `@testable`.
//
// Besides "no crash, no leak, no hang", every input is checked for what
// Config.parse promises: a config it accepts has every value inside its
// schema range, and a diagnostic points inside the file. A broken promise
// traps, which libFuzzer reports as a crash with the input saved.

/// Stops the fuzzer with a message; libFuzzer saves the input as a crash.
private func violated(_ what: String, _ input: [UInt8]) -> Never {
    let preview = String(decoding: input.prefix(200), as: UTF8.self)
    fatalError("config fuzzer: \(what)\ninput (first 200 bytes, lossy): \(preview.debugDescription)")
}

private func check(_ condition: Bool, _ what: @autoclosure () -> String, _ input: [UInt8]) {
    if !condition { violated(what(), input) }
}

private func inRange(_ value: Double, _ range: ClosedRange<Double>) -> Bool {
    value.isFinite && range.contains(value)
}

private func isBlank(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
}

/// How many lines a diagnostic may point at: one more than the line feeds.
private func lineCount(_ input: [UInt8]) -> Int {
    input.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
}

private func checkDiagnostic(_ d: ConfigDiagnostic, severity: ConfigDiagnostic.Severity, _ input: [UInt8]) {
    check(d.severity == severity, "diagnostic has severity \(d.severity), expected \(severity)", input)
    check(d.path == "fuzz", "diagnostic path is \(d.path.debugDescription)", input)
    check(d.line >= 1 && d.line <= lineCount(input), "diagnostic line \(d.line) outside the file", input)
    check(d.column >= 1, "diagnostic column \(d.column) < 1", input)
    check(!d.message.isEmpty, "diagnostic without a message", input)
    // Rendering must work for any line, including control characters and long lines.
    let rendered = d.rendered
    check(rendered.hasPrefix("fuzz:\(d.line):\(d.column): "), "rendered diagnostic lacks its location", input)
    check(!d.sourceLine.unicodeScalars.contains { $0 == "\n" }, "source line holds a line feed", input)
}

private func checkAction(_ action: Action?, _ name: String, _ input: [UInt8]) {
    switch action {
    case .command(let command)?:
        check(!isBlank(command), "\(name) is a blank command", input)
        check(command != "menu", "\(name) is the command \"menu\" instead of .menu", input)
    // A menu with no items is the menu of programs found, which the loader fills in.
    case .menu?, .builtIn?, .click?, .pointer?, nil:
        break
    case .keys(let chords)?:
        check(!chords.isEmpty, "\(name) sends no keys", input)
        check(chords.allSatisfy { !$0.key.isEmpty }, "\(name) sends a chord without a key", input)
    // Gestures never name a submenu; a menu item's is checked against the submenus.
    case .submenu?:
        check(name.contains("menu item"), "\(name) opens a submenu", input)
    case .back?:
        violated("\(name) is Back, which only buoy adds", input)
    }
}

/// What the schema promises of a config it accepts. Every number is within
/// its key's `NumberRule`, read from the schema's fields (the top-level
/// tables, and every button with the tables it ends up with, its own
/// sub-tables applied): a value outside must have been an error.
private func checkInvariants(_ config: Config, _ input: [UInt8]) {
    check(!config.buttons.isEmpty, "a config without buttons", input)
    check(config.buttons.count <= Config.maxButtons, "\(config.buttons.count) buttons", input)
    let names = config.buttons.map(\.name)
    check(Set(names).count == names.count, "duplicate button names \(names)", input)
    let rules = Schema.numberRules
    for number in Schema.root.flatMap({ $0.numbers(config) }) {
        guard let rule = rules[number.key] else { violated("\(number.key) has no rule", input) }
        check(inRange(number.value, rule.range), "\(number.key) \(number.value)", input)
    }
    for spec in config.buttons { checkButton(spec, input) }
}

private func isValidButtonName(_ name: String) -> Bool {
    (1...32).contains(name.utf8.count)
        && name.utf8.allSatisfy {
            (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x5F
        }
}

private func checkColor(_ color: Color, _ name: String, _ input: [UInt8]) {
    for (channel, value) in [
        ("red", color.red), ("green", color.green), ("blue", color.blue), ("alpha", color.alpha),
    ] {
        check(inRange(value, 0...1), "\(name).\(channel) \(value)", input)
    }
}

private func checkButton(_ spec: ButtonSpec, _ input: [UInt8]) {
    let b = spec.button
    let at = "button \(b.name.debugDescription)"
    check(isValidButtonName(b.name), "\(at) has an invalid name", input)
    checkColor(b.color, "\(at) color", input)
    checkColor(b.glyphColor, "\(at) glyph_color", input)
    if case .named(let output) = b.output { check(!isBlank(output), "\(at) output is blank", input) }
    switch b.face {
    case .glyph: break
    case .icon(let icon):
        check(!isBlank(icon), "\(at) icon is blank", input)
        check(icon.hasPrefix("/") || !icon.contains("/"), "\(at) icon is a relative path", input)
    case .label(let label):
        check(!isBlank(label), "\(at) label is blank", input)
        check(label.count <= ButtonFace.maxLabelCharacters, "\(at) label is too long", input)
    }

    let a = spec.actions
    checkAction(a.tap, "\(at) actions.tap", input)
    checkAction(a.doubleTap, "\(at) actions.double_tap", input)
    checkAction(a.longPress, "\(at) actions.long_press", input)

    let m = spec.menu
    check(m.items.count <= Menu.maxItems, "\(at) has \(m.items.count) menu items", input)
    for (name, submenu) in m.submenus {
        check(
            (1...Menu.maxSubmenuItems).contains(submenu.items.count),
            "submenu \(name) has \(submenu.items.count) items", input)
    }
    let submenuItems = m.submenus.values.flatMap(\.items)
    for item in m.items + submenuItems {
        if case .submenu(let name) = item.action {
            check(m.submenus[name] != nil, "\(at) has an item opening \(name), which is not defined", input)
        }
    }
    for item in m.items + submenuItems {
        check(!isBlank(item.label), "\(at) has a menu item with a blank label", input)
        checkAction(item.action, "\(at) menu item \(item.label)", input)
        check(item.action != .menu, "\(at) has a menu item that opens the menu", input)
        if let icon = item.icon { check(!isBlank(icon), "\(at) has a menu item with a blank icon", input) }
    }
    if let theme = m.iconTheme { check(!isBlank(theme), "\(at) menu.icon_theme is blank", input) }
}

/// The same bytes as an icon theme's index.theme, which the menu's drawing
/// child reads from disk: parsing and looking up in what it gives must not
/// trap (a crash would keep the menu from opening), and what it keeps stays
/// in the parser's bounds.
private func checkIconTheme(_ input: [UInt8]) {
    guard let theme = IconTheme(name: "fuzz", indexTheme: String(decoding: input, as: UTF8.self)) else {
        return
    }
    check(theme.inherits.allSatisfy(IconTheme.isValidName), "an invalid inherited theme name", input)
    for directory in theme.directories {
        check(!directory.path.isEmpty && !directory.path.hasPrefix("/"), "directory \(directory.path)", input)
        check((1...65536).contains(directory.size), "directory size \(directory.size)", input)
        check((1...64).contains(directory.scale), "directory scale \(directory.scale)", input)
    }
    let lookup = IconLookup(theme: "fuzz", baseDirectories: ["/icons"])
    for (pixels, scale) in [(1, 1), (24, 1), (48, 2), (65535, 3)] {
        let candidates = lookup.candidates(for: "utilities-terminal", size: pixels, scale: scale, in: [theme])
        check(!candidates.isEmpty, "no candidates at all", input)
    }
}

/// The parser's target: one input, checked against what Config.parse promises.
func fuzzConfigParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    checkIconTheme(input)
    let first: Result<(config: Config, warnings: [ConfigDiagnostic]), ConfigError>
    do {
        // Every icon path missing, so that its warning is exercised too.
        first = .success(try Config.parse(input, path: "fuzz", fileExists: { _ in false }))
    } catch {
        first = .failure(error)
    }
    switch first {
    case .success(let (config, warnings)):
        checkInvariants(config, input)
        for warning in warnings { checkDiagnostic(warning, severity: .warning, input) }
    case .failure(let error):
        check(error.errors.count <= ConfigError.maxErrors, "more errors kept than the limit", input)
        for diagnostic in error.errors { checkDiagnostic(diagnostic, severity: .error, input) }
        for warning in error.warnings { checkDiagnostic(warning, severity: .warning, input) }
    }
    // The parser is a pure function of its bytes.
    do {
        let again = try Config.parse(input, path: "fuzz", fileExists: { _ in false })
        guard case .success(let (config, warnings)) = first, config == again.config,
            warnings == again.warnings
        else { violated("a second parse succeeded differently", input) }
    } catch {
        guard case .failure(let firstError) = first, firstError == error else {
            violated("a second parse failed differently: \(error)", input)
        }
    }
    return 0
}

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

private func checkAction(_ action: Action?, _ name: String, _ config: Config, _ input: [UInt8]) {
    switch action {
    case .command(let command)?:
        check(!isBlank(command), "\(name) is a blank command", input)
        check(command != "menu", "\(name) is the command \"menu\" instead of .menu", input)
    case .menu?:
        check(!config.menu.items.isEmpty, "\(name) opens a menu that has no items", input)
    case nil:
        break
    }
}

/// The ranges of ConfigSchema.swift, restated: a value outside them must
/// have been reported as an error, never accepted.
private func checkInvariants(_ config: Config, _ input: [UInt8]) {
    let b = config.button
    check(inRange(b.size, 16...512), "button.size \(b.size)", input)
    check(b.position != .center, "button.position is center", input)
    check(inRange(b.margin, 0...500), "button.margin \(b.margin)", input)
    for (name, channel) in [
        ("red", b.color.red), ("green", b.color.green), ("blue", b.color.blue),
        ("alpha", b.color.alpha),
    ] {
        check(inRange(channel, 0...1), "button.color.\(name) \(channel)", input)
    }
    check(inRange(b.opacity, 0...1), "button.opacity \(b.opacity)", input)
    check(inRange(b.idleOpacity, 0...1), "button.idle_opacity \(b.idleOpacity)", input)
    check(inRange(b.idleDelay, 0...60), "button.idle_delay \(b.idleDelay)", input)
    check(inRange(b.fade, 0...5), "button.fade \(b.fade)", input)
    if case .named(let output) = b.output { check(!isBlank(output), "button.output is blank", input) }

    check(inRange(config.snap.duration, 0...5), "snap.duration \(config.snap.duration)", input)

    let g = config.gestures
    check(inRange(g.dragThreshold, 0...100), "gestures.drag_threshold \(g.dragThreshold)", input)
    check(inRange(g.doubleTapWindow, 0...5), "gestures.double_tap_window \(g.doubleTapWindow)", input)
    check(inRange(g.longPressDelay, 0...5), "gestures.long_press_delay \(g.longPressDelay)", input)

    let a = config.actions
    check((1...64).contains(a.maxRunning), "actions.max_running \(a.maxRunning)", input)
    checkAction(a.tap, "actions.tap", config, input)
    checkAction(a.doubleTap, "actions.double_tap", config, input)
    checkAction(a.longPress, "actions.long_press", config, input)

    let m = config.menu
    check(m.items.count <= Menu.maxItems, "\(m.items.count) menu items", input)
    for item in m.items {
        check(!isBlank(item.label), "a menu item has a blank label", input)
        check(!isBlank(item.command), "a menu item has a blank command", input)
        if let icon = item.icon { check(!isBlank(icon), "a menu item has a blank icon", input) }
    }
    check(inRange(m.itemSize, 16...256), "menu.item_size \(m.itemSize)", input)
    if let theme = m.iconTheme { check(!isBlank(theme), "menu.icon_theme is blank", input) }
    check(inRange(m.openDuration, 0...5), "menu.open_duration \(m.openDuration)", input)
    check(inRange(m.closeDuration, 0...5), "menu.close_duration \(m.closeDuration)", input)
    check(inRange(m.dim, 0...0.6), "menu.dim \(m.dim)", input)
    check(inRange(m.spacing, 0...100), "menu.spacing \(m.spacing)", input)
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

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
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

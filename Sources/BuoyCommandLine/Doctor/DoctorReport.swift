import BuoyCore

/// `buoy doctor`'s findings, decided from `DoctorFacts` alone: which
/// compositor this is, what stops buoy here, the pitfalls that apply, the
/// text to print and the exit status.
package struct DoctorReport: Equatable, Sendable {
    /// The environment variables that tell the compositor, in the order shown.
    package static let environmentNames = [
        "SWAYSOCK", "HYPRLAND_INSTANCE_SIGNATURE", "XDG_CURRENT_DESKTOP", "KDE_SESSION_VERSION",
    ]

    /// The compositor, as named, and what named it.
    package struct Compositor: Equatable, Sendable {
        /// nil: one buoy knows nothing about.
        package var family: CompositorFamily?
        /// Such as "sway 1.7" or "KWin (KDE Plasma 6)".
        package var name: String
        /// Such as "from SWAYSOCK".
        package var evidence: String
    }

    package let compositor: Compositor
    /// Why buoy cannot run here; empty when it can.
    package let blockers: [String]
    package let pitfalls: [Pitfall]
    package let text: String
    /// The same as one JSON object (`buoy doctor --json`), on one line.
    package let json: String

    /// 0 when buoy can run here, 1 otherwise.
    package var exitStatus: Int32 { blockers.isEmpty ? 0 : 1 }

    package init(_ facts: DoctorFacts) {
        compositor = Self.identify(facts)
        var blockers: [String] = []
        if let missing = Compositors.firstMissing(in: facts.globals) { blockers.append(missing.missing) }
        if !facts.config.passed { blockers.append("the config has errors (see Files and processes)") }
        self.blockers = blockers
        pitfalls = Pitfall.all(for: facts, on: compositor)
        text =
            [
                "buoy doctor (buoy \(facts.version)), on the Wayland display \"\(facts.display)\"",
                Self.compositorSection(compositor, facts),
                Self.protocolSection(facts),
                ClicksAndKeys.lines(facts).map { lines in
                    Self.section("Clicks and keys", Self.table(lines.map { [$0.name, $0.text] }))
                },
                Self.outputSection(facts.outputs),
                Self.fileSection(facts),
                Self.helperSection(facts.helpers),
                Self.pitfallSection(pitfalls, on: compositor),
                blockers.isEmpty
                    ? "buoy can run here." : "buoy cannot run here: \(blockers.joined(separator: "; and ")).",
            ].compactMap { $0 }.joined(separator: "\n\n") + "\n"
        json = Self.json(facts, compositor: compositor, pitfalls: pitfalls, blockers: blockers)
    }

    /// The report's sections as one object; each value says what the
    /// text's line of the same name says.
    private static func json(
        _ facts: DoctorFacts, compositor: Compositor, pitfalls: [Pitfall], blockers: [String]
    ) -> String {
        func string(_ value: String?) -> String { value.map(StateReport.string) ?? "null" }
        func number<T: BinaryInteger>(_ value: T?) -> String { value.map { "\($0)" } ?? "null" }
        func object(_ fields: [(String, String)]) -> String {
            "{" + fields.map { StateReport.string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
        }
        func array(_ values: [String]) -> String { "[" + values.joined(separator: ",") + "]" }
        let files = fileLines(facts)
        return object([
            ("buoy", string(facts.version)), ("display", string(facts.display)),
            (
                "compositor",
                object([
                    ("family", string(compositor.family?.rawValue)), ("name", string(compositor.name)),
                    ("evidence", string(compositor.evidence)),
                    (
                        "environment",
                        object(environmentNames.map { ($0, string(facts.environment[$0])) })
                    ),
                ])
            ),
            (
                "protocols",
                array(
                    protocolRows(facts).map { row in
                        object([
                            ("interface", string(row.use.interface)), ("offered", number(row.offered)),
                            ("used", number(row.used)), ("use", string(row.use.use)),
                            ("without", string(row.use.without)), ("required", "\(row.required)"),
                        ])
                    })
            ),
            (
                "clicks_and_keys",
                ClicksAndKeys.lines(facts).map { lines in
                    object(lines.map { (String($0.name.map { $0 == " " ? "_" : $0 }), string($0.text)) })
                }
                    ?? "null"
            ),
            (
                "seats",
                array(
                    facts.seats.map {
                        object([
                            ("name", string($0.name)), ("pointer", "\($0.pointer)"),
                            ("keyboard", "\($0.keyboard)"), ("touch", "\($0.touch)"),
                        ])
                    })
            ),
            (
                "outputs",
                array(
                    facts.outputs.map {
                        object([
                            ("name", string($0.name)), ("width", number($0.width)),
                            ("height", number($0.height)),
                            ("scale", number($0.scale)), ("transform", string(transformName($0.transform))),
                            ("logical_width", number($0.logicalWidth)),
                            ("logical_height", number($0.logicalHeight)),
                        ])
                    })
            ),
            (
                "config",
                object([("passed", "\(facts.config.passed)"), ("lines", array(files.config.map(string)))])
            ),
            ("control_socket", string(files.socket)), ("state_file", string(files.state)),
            (
                "helpers",
                object([
                    ("keyboards", array(facts.helpers.keyboards.filter(\.found).map { string($0.name) })),
                    ("drawing_helper", "\(facts.helpers.draws)"), ("pango", "\(facts.helpers.pango)"),
                    ("librsvg", "\(facts.helpers.librsvg)"),
                ])
            ),
            (
                "pitfalls",
                array(pitfalls.map { object([("problem", string($0.problem)), ("fix", string($0.fix))]) })
            ),
            ("can_run", "\(blockers.isEmpty)"), ("blockers", array(blockers.map(string))),
        ])
    }

    /// The compositor's own globals first: they describe the display doctor
    /// talks to, while the environment may come from another session.
    static func identify(_ facts: DoctorFacts) -> Compositor {
        let environment = facts.environment
        if let (family, global) = CompositorFamily.recognised(byGlobals: facts.globals.map(\.interface)) {
            return Compositor(
                family: family, name: name(of: family, facts), evidence: "from its global \(global)")
        }
        if case .version(let version) = facts.sway {
            return Compositor(family: .sway, name: version, evidence: "from SWAYSOCK")
        }
        if environment["HYPRLAND_INSTANCE_SIGNATURE"] != nil {
            return Compositor(
                family: .hyprland, name: "Hyprland", evidence: "from HYPRLAND_INSTANCE_SIGNATURE")
        }
        let desktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").map {
            $0.lowercased()
        }
        let aliases: [String: CompositorFamily] = ["kde": .kwin, "phosh": .phoc]
        if let family = desktops.lazy.compactMap({ aliases[$0] ?? CompositorFamily(rawValue: $0) }).first {
            return Compositor(
                family: family, name: name(of: family, facts), evidence: "from XDG_CURRENT_DESKTOP")
        }
        if environment["KDE_SESSION_VERSION"] != nil {
            return Compositor(
                family: .kwin, name: name(of: .kwin, facts), evidence: "from KDE_SESSION_VERSION")
        }
        return Compositor(
            family: nil, name: "an unknown compositor",
            evidence: "neither its globals nor the environment says which")
    }

    private static func name(of family: CompositorFamily, _ facts: DoctorFacts) -> String {
        if family == .kwin, let version = facts.environment["KDE_SESSION_VERSION"] {
            return "KWin (KDE Plasma \(version))"
        }
        return family.name
    }

    private static func section(_ title: String, _ lines: [String]) -> String {
        ([title] + lines.map { "  " + $0 }).joined(separator: "\n")
    }

    private static func compositorSection(_ compositor: Compositor, _ facts: DoctorFacts) -> String {
        var lines = ["\(compositor.name), \(compositor.evidence)"]
        for name in environmentNames {
            lines.append(facts.environment[name].map { "\(name)=\($0)" } ?? "\(name) is not set")
        }
        if case .failed(let why) = facts.sway { lines.append("SWAYSOCK does not answer: \(why)") }
        return section("Compositor", lines)
    }

    /// A protocol the report lists: what buoy does with it, and without it
    /// (nil: said by `use`, or it is required).
    struct ProtocolUse {
        var interface: String
        var use: String
        var without: String? = nil
    }

    /// In the report's order: what buoy needs, what it uses where offered,
    /// then the seat and outputs. buoy binds no foreign-toplevel global;
    /// it is listed because it is what would tell which window is fullscreen.
    static let protocols = [
        ProtocolUse(interface: "zwlr_layer_shell_v1", use: "floating above every window"),
        ProtocolUse(interface: "wl_compositor", use: "surfaces; v6 tells them their scale"),
        ProtocolUse(interface: "wl_subcompositor", use: "the button and the menu's images"),
        ProtocolUse(interface: "wl_shm", use: "pixels shared with the compositor"),
        ProtocolUse(interface: "wp_viewporter", use: "surfaces scaled by the compositor"),
        ProtocolUse(
            interface: "zxdg_output_manager_v1", use: "outputs' logical sizes",
            without: "sizes from the mode and scale"),
        ProtocolUse(
            interface: "wp_fractional_scale_manager_v1", use: "sharp at fractional scales",
            without: "the next whole scale, shrunk by the compositor"),
        ProtocolUse(
            interface: "wp_cursor_shape_manager_v1", use: "cursors without a theme",
            without: "the cursor from XCURSOR_THEME"),
        ProtocolUse(
            interface: "wp_alpha_modifier_v1", use: "the panel menu's fade",
            without: "the panel menu opens without fading"),
        ProtocolUse(
            interface: "ext_background_effect_manager_v1", use: "blur behind the panel menu",
            without: "KWin's blur, where offered"),
        ProtocolUse(
            interface: "org_kde_kwin_blur_manager", use: "blur behind the panel menu (KWin's blur effect)",
            without: "no blur behind the panel menu"),
        ProtocolUse(
            interface: "zwlr_foreign_toplevel_manager_v1",
            use: "[visibility] fullscreen, hide_for, show_for (bound when one is set)",
            without: "those three rules do nothing"),
        ProtocolUse(
            interface: "zphoc_device_state_v1", use: "[visibility] mode follows phoc's tablet-mode switch",
            without: "the mode is what buoy msg mode last said"),
        ProtocolUse(interface: "wl_seat", use: "input", without: "no input at all"),
        ProtocolUse(interface: "wl_output", use: "see Outputs", without: "nowhere to show a button"),
    ]

    /// One listed protocol as offered here: the highest version offered
    /// (nil: not offered) and the one buoy bound (nil: not bound).
    private struct ProtocolRow {
        var use: ProtocolUse
        var offered: UInt32?
        var used: UInt32?
        var required: Bool
    }

    private static func protocolRows(_ facts: DoctorFacts) -> [ProtocolRow] {
        let listed = Set(protocols.map(\.interface))
        // Whatever else Display binds is listed too, so no use goes unreported.
        let others = facts.globals.filter { $0.bound != nil && !listed.contains($0.interface) }.map {
            ProtocolUse(interface: $0.interface, use: "")
        }
        let required = Set(Compositors.required.map(\.interface))
        return (protocols + others).map { row in
            let offers = facts.globals.filter { $0.interface == row.interface }
            return ProtocolRow(
                use: row, offered: offers.map(\.version).max(), used: offers.compactMap(\.bound).first,
                required: required.contains(row.interface))
        }
    }

    private static func protocolSection(_ facts: DoctorFacts) -> String {
        let rows = protocolRows(facts)
        let cells = rows.map { row -> [String] in
            guard let version = row.offered else {
                let why =
                    row.required
                    ? "REQUIRED: buoy cannot run without it"
                    : row.use.without.map { "without it: " + $0 } ?? row.use.use
                return [row.use.interface, "not offered", why]
            }
            return [
                row.use.interface, "offered \(version), " + (row.used.map { "used \($0)" } ?? "not used"),
                row.use.use,
            ]
        }
        var lines: [String] = []
        for (row, line) in zip(cells, table(cells)) {
            lines.append(line)
            if row[0] == "wl_seat" { lines += facts.seats.map { "  " + describe($0) } }
        }
        return section("Protocols (the version offered, and the one buoy uses)", lines)
    }

    /// Rows of cells as aligned columns, two spaces apart.
    private static func table(_ rows: [[String]]) -> [String] {
        let widths = (0..<(rows.map(\.count).max() ?? 0)).map { column in
            rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
        }
        return rows.map { row in
            let cells = row.last?.isEmpty == true ? Array(row.dropLast()) : row
            return cells.enumerated().map { column, cell in
                column == cells.count - 1
                    ? cell : cell + String(repeating: " ", count: widths[column] - cell.count + 2)
            }.joined()
        }
    }

    private static func describe(_ seat: DoctorFacts.Seat) -> String {
        let devices = [(seat.pointer, "pointer"), (seat.keyboard, "keyboard"), (seat.touch, "touch")]
            .filter(\.0).map(\.1)
        let name = seat.name.flatMap { $0.isEmpty ? nil : $0 } ?? "a seat"
        return devices.isEmpty
            ? "\(name): no pointer, keyboard or touch" : "\(name): \(devices.joined(separator: ", "))"
    }

    private static let transforms = [
        "normal", "90", "180", "270", "flipped", "flipped-90", "flipped-180", "flipped-270",
    ]

    private static func transformName(_ transform: Int32) -> String {
        transforms.indices.contains(Int(transform)) ? transforms[Int(transform)] : "transform \(transform)"
    }

    private static func outputSection(_ outputs: [DoctorFacts.Output]) -> String {
        let lines = outputs.map { output in
            let transform = transformName(output.transform)
            let logical =
                output.logicalWidth > 0 ? ", \(output.logicalWidth)x\(output.logicalHeight) logical" : ""
            return "\(output.name ?? "(unnamed)"): \(output.width)x\(output.height), scale \(output.scale), "
                + transform + logical
        }
        return section("Outputs", lines.isEmpty ? ["none"] : lines)
    }

    /// The files section's words: the config's verdict and its
    /// diagnostics' lines, the control socket's and the state file's.
    private static func fileLines(_ facts: DoctorFacts) -> (config: [String], socket: String, state: String) {
        let details: [String]
        switch facts.config {
        case .ok(_, let warnings): details = warnings
        case .noFile: details = []
        case .failed(let message): details = [message]
        }
        let config =
            [facts.config.verdict ?? "cannot be used:"]
            + details.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }.map(String.init)
        let socket: String
        switch facts.socket {
        case .none: socket = "none, since XDG_RUNTIME_DIR is not set (nothing stops a second buoy)"
        case .running(let path): socket = "\(path): buoy running (it answered buoy msg state)"
        case .notRunning(let path, let stale):
            socket =
                "\(path): no buoy running"
                + (stale ? " (a socket left by one that died; the next buoy replaces it)" : "")
        case .failed(let path, let why): socket = "\(path): \(why)"
        }
        let state: String
        switch facts.state {
        case .none:
            state = "none, since neither HOME nor XDG_STATE_HOME names a directory (places are not saved)"
        case .missing(let path): state = "\(path): none yet (no button was dragged or moved)"
        case .places(let path, let count): state = "\(path): \(count) place\(count == 1 ? "" : "s") saved"
        case .unreadable(let path, let why): state = "\(path): unreadable, so buoy ignores it: \(why)"
        }
        return (config, socket, state)
    }

    private static func fileSection(_ facts: DoctorFacts) -> String {
        let (config, socket, state) = fileLines(facts)
        let lines =
            ["config: " + config[0]] + config.dropFirst().map { "  " + $0 }
            + ["control socket: " + socket, "state file: " + state]
        return section("Files and processes", lines)
    }

    private static func helperSection(_ helpers: DoctorFacts.Helpers) -> String {
        let found = helpers.keyboards.filter(\.found).map(\.name)
        let known = helpers.keyboards.map(\.name).joined(separator: " and ")
        return section(
            "Helpers",
            [
                "on-screen keyboards on PATH: "
                    + (found.isEmpty ? "none (buoy knows \(known))" : found.joined(separator: ", ")),
                "drawing helper: "
                    + (helpers.draws ? "works" : "does not work: labels, icons and the menu cannot be drawn"),
                "Pango: "
                    + (helpers.pango
                        ? "works"
                        : "not loaded by the drawing helper: is libpangocairo-1.0-0 installed?"),
                "librsvg: "
                    + (helpers.librsvg
                        ? "works"
                        : "not loaded by the drawing helper: is librsvg2-2 installed?"),
            ])
    }

    private static func pitfallSection(_ pitfalls: [Pitfall], on compositor: Compositor) -> String {
        let lines = pitfalls.flatMap { pitfall in
            wrap(pitfall.problem, first: "- ", then: "  ")
                + pitfall.fix.split(separator: "\n").enumerated().flatMap { index, line in
                    wrap(String(line), first: index == 0 ? "  Fix: " : "    ", then: "    ")
                }
        }
        return section("Known pitfalls on \(compositor.name)", lines.isEmpty ? ["none known"] : lines)
    }

    /// How wide a wrapped line may be, with its section's indent of 2.
    static let lineWidth = 100

    /// `text` in lines of at most `lineWidth` (a longer word gets a line of
    /// its own), the first after `first` and the others after `then`, each
    /// indented further as `text` is.
    static func wrap(_ text: String, first: String, then: String) -> [String] {
        let indent = String(text.prefix { $0 == " " })
        var lines: [String] = []
        var line = first + indent
        var hasWord = false
        for word in text.split(separator: " ") {
            if hasWord && 2 + line.count + 1 + word.count > lineWidth {
                lines.append(line)
                line = then + indent
                hasWord = false
            }
            line += (hasWord ? " " : "") + word
            hasWord = true
        }
        return lines + [line]
    }
}

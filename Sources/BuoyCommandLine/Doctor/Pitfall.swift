import BuoyButton
import BuoyCore

/// A known reason for buoy not to show, or to misbehave, and its fix.
package struct Pitfall: Equatable, Sendable {
    package var problem: String
    /// One or more lines.
    package var fix: String

    /// Hyprland's layer rules for buoy (`buoy`, and `buoy-menu` while a menu
    /// is open), in the syntax of 0.55's Lua config, of 0.4x and of the
    /// releases between; docs/compositors.md shows the same (DoctorTests).
    static let hyprlandLuaRules = [
        #"hl.layer_rule({ name = "buoy-no-anim", match = { namespace = "^buoy" }, no_anim = true })"#,
        #"hl.layer_rule({ name = "buoy-blur", match = { namespace = "^buoy$" }, blur = true, ignore_alpha = 0 })"#,
    ]
    static let hyprlandLayerRules = [
        "layerrule = noanim, ^(buoy.*)$",
        "layerrule = blur, ^(buoy)$",
        "layerrule = ignorezero, ^(buoy)$",
    ]
    static let hyprlandMatchRules = [
        "layerrule = match:namespace ^(buoy.*)$, no_anim on",
        "layerrule = match:namespace ^(buoy)$, blur on, ignore_alpha 0",
    ]

    /// Those that apply to what doctor found, the compositor's first.
    static func all(for facts: DoctorFacts, on compositor: DoctorReport.Compositor) -> [Pitfall] {
        var found: [Pitfall] = []
        if let missing = Compositors.firstMissing(in: facts.globals) {
            found.append(lacking(missing, on: compositor))
        } else {
            found += of(compositor.family, facts)
            if facts.outputs.isEmpty { found.append(noOutput) }
            let phocWithoutSeat = compositor.family == .phoc && facts.seats.isEmpty
            if !phocWithoutSeat && !facts.seats.contains(where: { $0.pointer || $0.touch }) {
                found.append(nothingToPress)
            }
        }
        if let cannotClick = cannotClick(facts) { found.append(cannotClick) }
        if case .running = facts.socket { found.append(secondInstance) }
        if !facts.config.passed { found.append(configErrors) }
        if case .failed(let why) = facts.sway { found.append(silentSwaySocket(why)) }
        return found
    }

    /// The config arms click types that buoy has nothing to click with here:
    /// neither a virtual pointer v2 nor KWin's fake input.
    private static func cannotClick(_ facts: DoctorFacts) -> Pitfall? {
        let version = { (interface: String) in facts.globals.first { $0.interface == interface }?.version }
        let pointer = version("zwlr_virtual_pointer_manager_v1")
        let backend = ClickBackend.choose(
            virtualPointer: pointer, fakeInput: version("org_kde_kwin_fake_input"))
        guard !facts.clickActions.isEmpty, case .unavailable = backend else { return nil }
        let offered = pointer.map { "only v\($0) of" } ?? "no"
        return Pitfall(
            problem:
                "The config's \(facts.clickActions.joined(separator: ", ")) cannot click here: the compositor"
                + " offers \(offered) zwlr_virtual_pointer_manager_v1, and buoy clicks through its v2.",
            fix: "Use them on a compositor that offers it (sway, labwc, wayfire, Hyprland, phoc), or on KWin"
                + " with buoy's desktop file installed (buoy(5), CLICK TYPES), or take them out of the config."
        )
    }

    private static func lacking(_ missing: RequiredGlobal, on compositor: DoctorReport.Compositor) -> Pitfall
    {
        let elsewhere = "Run buoy on one that offers it: \(Compositors.supported)."
        guard missing.interface == "zwlr_layer_shell_v1" else {
            return Pitfall(
                problem: "\(compositor.name) does not offer \(missing.interface), which buoy needs.",
                fix: "Update it, or run buoy on one of: \(Compositors.supported).")
        }
        switch compositor.family {
        case .gnome:
            return Pitfall(
                problem:
                    "GNOME has no wlr-layer-shell: only a GNOME Shell extension can float above its windows.",
                fix: "buoy cannot run on GNOME. Log in to a session of \(Compositors.supported) instead.\n"
                    + "For an on-screen keyboard, GNOME has its own: Settings, Accessibility, Typing, Screen Keyboard."
            )
        case .weston:
            return Pitfall(
                problem: "weston has no wlr-layer-shell: no client can float above its windows.",
                fix: "buoy cannot run on weston. \(elsewhere)")
        default:
            return Pitfall(
                problem: "\(compositor.name) has no wlr-layer-shell: no client can float above its windows.",
                fix: elsewhere)
        }
    }

    private static func of(_ family: CompositorFamily?, _ facts: DoctorFacts) -> [Pitfall] {
        switch family {
        case .hyprland:
            return [
                Pitfall(
                    problem:
                        "Hyprland animates layer surfaces as they map, and a plain blur rule blurs all of buoy's"
                        + " surface, which covers the output (transparent but for the buttons).",
                    fix:
                        "Add layer rules for buoy's namespace, buoy (hyprctl layers lists it). Hyprland 0.55+"
                        + " (hyprland.lua):\n" + hyprlandLuaRules.map { "  " + $0 }.joined(separator: "\n")
                        + "\nHyprland 0.4x:\n" + hyprlandLayerRules.map { "  " + $0 }.joined(separator: "\n")
                        + "\nReleases between:\n"
                        + hyprlandMatchRules.map { "  " + $0 }.joined(separator: "\n")
                        + "\nBlur is optional; with it, ignorezero (ignore_alpha 0) keeps it under the buttons."
                ),
                Pitfall(
                    problem:
                        "Hyprland before June 2024 ignored layer surfaces' input regions (#6413): clicks anywhere"
                        + " on buoy's output go to buoy and never reach the windows below.",
                    fix: "Update Hyprland."),
            ]
        case .kwin:
            return [
                Pitfall(
                    problem:
                        "KWin 5.27 gives the keyboard to a layer surface that is clicked or touched, whatever it"
                        + " asked for, and neither 5.27 nor 6 gives it back when a surface stops asking for it.",
                    fix:
                        "Nothing to set: on KWin buoy's buttons are docks, which KWin never activates, and the"
                        + " menu's keys go to a surface of their own that is destroyed when the menu closes,"
                        + " which hands the keyboard back (docs/compositors.md, KWin). A window that still loses"
                        + " its keyboard to buoy is a bug: please report it with this output.")
            ]
        case .phoc where facts.seats.isEmpty:
            return [
                Pitfall(
                    problem:
                        "phoc has no seat yet (no input device), and phoc 0.24 aborts, taking the session with"
                        + " it, when a layer-shell client connects then.",
                    fix: "Connect a touchscreen, a pointer or a keyboard before starting buoy.")
            ]
        case .wayfire:
            return [
                Pitfall(
                    problem:
                        "A wayfire window rule that matches every view matches buoy's layer surfaces too, and"
                        + " wayfire logs \"The only allowed action for non-toplevel views is set alpha\".",
                    fix: "Write if type is \"toplevel\" in such rules.")
            ]
        default:
            return []
        }
    }

    private static let noOutput = Pitfall(
        problem: "The compositor has no output: there is nowhere to show a button.",
        fix: "Connect or turn on a display; buoy shows its buttons on outputs as they come.")

    private static let nothingToPress = Pitfall(
        problem: "No seat has a pointer or a touchscreen, so nothing can press a button.",
        fix: "Connect one; meanwhile buoy msg tap, menu and the other commands work without it.")

    private static let secondInstance = Pitfall(
        problem: "A buoy already runs on this display, and a second one refuses to start.",
        fix: "If its button does not show, buoy msg show shows it and buoy msg state says where it is;"
            + " buoy --replace starts a new one in its place.")

    private static let configErrors = Pitfall(
        problem:
            "The config has errors, so buoy refuses to start (a running buoy keeps its last good config).",
        fix: "Fix what Files and processes shows; buoy --check checks again.")

    private static func silentSwaySocket(_ why: String) -> Pitfall {
        Pitfall(
            problem:
                "SWAYSOCK is set, but no sway answers there (\(why)), so swaymsg in buoy's actions fails.",
            fix: "Unset it, or import the session's environment where buoy starts (buoy(1), EXAMPLES).")
    }
}

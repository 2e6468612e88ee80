import BuoyCore
import Foundation
import XCTest

@testable import BuoyCommandLine

/// What sway 1.7 offers (wayland-info here), bound as Display binds it.
private let swayGlobals = [
    OfferedGlobal(interface: "wl_shm", version: 1, bound: 1),
    OfferedGlobal(interface: "wl_compositor", version: 4, bound: 4),
    OfferedGlobal(interface: "wl_subcompositor", version: 1, bound: 1),
    OfferedGlobal(interface: "org_kde_kwin_server_decoration_manager", version: 1),
    OfferedGlobal(interface: "org_kde_kwin_idle", version: 1),
    OfferedGlobal(interface: "zwlr_layer_shell_v1", version: 4, bound: 4),
    OfferedGlobal(interface: "zxdg_output_manager_v1", version: 3, bound: 3),
    OfferedGlobal(interface: "wp_viewporter", version: 1, bound: 1),
    OfferedGlobal(interface: "zwlr_foreign_toplevel_manager_v1", version: 3),
    OfferedGlobal(interface: "wl_seat", version: 7, bound: 7),
    OfferedGlobal(interface: "wl_output", version: 4, bound: 4),
]

/// weston 10: no layer shell, no seat without input devices.
private let westonGlobals = [
    OfferedGlobal(interface: "wl_compositor", version: 4, bound: 4),
    OfferedGlobal(interface: "wl_subcompositor", version: 1, bound: 1),
    OfferedGlobal(interface: "wl_shm", version: 1, bound: 1),
    OfferedGlobal(interface: "weston_desktop_shell", version: 1),
    OfferedGlobal(interface: "wp_viewporter", version: 1, bound: 1),
    OfferedGlobal(interface: "wl_output", version: 3, bound: 3),
]

private func with(_ globals: [OfferedGlobal], _ interfaces: String...) -> [OfferedGlobal] {
    globals + interfaces.map { OfferedGlobal(interface: $0, version: 1) }
}

private let headless = DoctorFacts.Output(
    name: "HEADLESS-1", width: 1280, height: 720, scale: 1, logicalWidth: 1280, logicalHeight: 720)
private let keyboards = [
    DoctorFacts.Keyboard(name: "wvkbd-mobintl", found: true),
    DoctorFacts.Keyboard(name: "squeekboard", found: false),
]

private func facts(
    _ globals: [OfferedGlobal] = swayGlobals, environment: [String: String] = [:],
    sway: DoctorFacts.SwayAnswer? = nil, outputs: [DoctorFacts.Output] = [headless],
    seats: [DoctorFacts.Seat] = [DoctorFacts.Seat(name: "seat0", pointer: true, keyboard: true)],
    config: ConfigCheck = .ok(path: "/c.toml", warnings: []),
    socket: DoctorFacts.ControlSocket = .notRunning(path: "/run/buoy-wayland-1.sock", stale: false),
    state: DoctorFacts.StateFile = .missing(path: "/s/state"),
    helpers: DoctorFacts.Helpers = DoctorFacts.Helpers(
        keyboards: keyboards, draws: true, pango: true, librsvg: true)
) -> DoctorFacts {
    DoctorFacts(
        version: "1.2.3", display: "wayland-1", environment: environment, sway: sway, globals: globals,
        outputs: outputs, seats: seats, config: config, socket: socket, state: state, helpers: helpers)
}

final class DoctorTests: XCTestCase {
    /// Issue 30 §1: click types in a config, where buoy has nothing to click with.
    func testClickTypesWithoutAVirtualPointer() {
        let pointer = { (version: UInt32) in
            OfferedGlobal(interface: "zwlr_virtual_pointer_manager_v1", version: version)
        }
        let cases: [([OfferedGlobal], [String], String?, UInt)] = [
            (swayGlobals + [pointer(2)], ["right-click", "drag"], nil, #line),
            (swayGlobals, [], nil, #line),
            (
                swayGlobals, ["right-click", "drag"],
                "The config's right-click, drag cannot click here: the compositor offers no"
                    + " zwlr_virtual_pointer_manager_v1, and buoy clicks through its v2.", #line
            ),
            (
                swayGlobals + [pointer(1)], ["middle-click"],
                "The config's middle-click cannot click here: the compositor offers only v1 of"
                    + " zwlr_virtual_pointer_manager_v1, and buoy clicks through its v2.", #line
            ),
        ]
        for (globals, actions, problem, line) in cases {
            var facts = facts(globals)
            facts.clickActions = actions
            let problems = DoctorReport(facts).pitfalls.map(\.problem)
            XCTAssertEqual(
                problems.filter { $0.contains("cannot click") }, problem.map { [$0] } ?? [], line: line)
        }
    }

    /// The compositor's own globals first, then SWAYSOCK's sway, then the
    /// environment.
    func testWhichCompositor() {
        let sway17 = DoctorFacts.SwayAnswer.version("sway 1.7")
        let cases: [(DoctorFacts, CompositorFamily?, String, String, UInt)] = [
            (facts(sway: sway17), .sway, "sway 1.7", "from SWAYSOCK", #line),
            // wlroots compositors offer org_kde_kwin_*: not KWin.
            (
                facts(), nil, "an unknown compositor", "neither its globals nor the environment says which",
                #line
            ),
            (
                facts(with(swayGlobals, "org_kde_plasma_shell")), .kwin, "KWin (KDE Plasma)",
                "from its global org_kde_plasma_shell", #line
            ),
            (
                facts(with(swayGlobals, "kde_output_device_v2"), environment: ["KDE_SESSION_VERSION": "6"]),
                .kwin, "KWin (KDE Plasma 6)", "from its global kde_output_device_v2", #line
            ),
            // A KWin nested in sway: the display is KWin's.
            (
                facts(with(swayGlobals, "org_kde_plasma_shell"), sway: sway17), .kwin, "KWin (KDE Plasma)",
                "from its global org_kde_plasma_shell", #line
            ),
            // phoc offers gtk_shell1 too.
            (
                facts(with(swayGlobals, "gtk_shell1", "phosh_private")), .phoc, "phoc (Phosh)",
                "from its global phosh_private", #line
            ),
            (
                facts(with(swayGlobals, "gtk_shell1")), .gnome, "GNOME (mutter)",
                "from its global gtk_shell1", #line
            ),
            (facts(westonGlobals), .weston, "weston", "from its global weston_desktop_shell", #line),
            (
                facts(with(swayGlobals, "zwf_shell_manager_v2")), .wayfire, "wayfire",
                "from its global zwf_shell_manager_v2", #line
            ),
            (
                facts(with(swayGlobals, "hyprland_focus_grab_manager_v1")), .hyprland, "Hyprland",
                "from its global hyprland_focus_grab_manager_v1", #line
            ),
            (
                facts(environment: ["HYPRLAND_INSTANCE_SIGNATURE": "abc"]), .hyprland, "Hyprland",
                "from HYPRLAND_INSTANCE_SIGNATURE", #line
            ),
            (
                facts(environment: ["XDG_CURRENT_DESKTOP": "labwc:wlroots"]), .labwc, "labwc",
                "from XDG_CURRENT_DESKTOP", #line
            ),
            (
                facts(environment: ["XDG_CURRENT_DESKTOP": "Phosh:GNOME"]), .phoc, "phoc (Phosh)",
                "from XDG_CURRENT_DESKTOP", #line
            ),
            (
                facts(environment: ["XDG_CURRENT_DESKTOP": "KDE"]), .kwin, "KWin (KDE Plasma)",
                "from XDG_CURRENT_DESKTOP", #line
            ),
            (
                facts(environment: ["KDE_SESSION_VERSION": "5"]), .kwin, "KWin (KDE Plasma 5)",
                "from KDE_SESSION_VERSION", #line
            ),
            // A SWAYSOCK that does not answer names nothing.
            (
                facts(environment: ["XDG_CURRENT_DESKTOP": "sway", "SWAYSOCK": "/x"], sway: .failed("gone")),
                .sway,
                "sway", "from XDG_CURRENT_DESKTOP", #line
            ),
        ]
        for (facts, family, name, evidence, line) in cases {
            let compositor = DoctorReport(facts).compositor
            XCTAssertEqual(compositor.family, family, line: line)
            XCTAssertEqual(compositor.name, name, line: line)
            XCTAssertEqual(compositor.evidence, evidence, line: line)
        }
    }

    /// Exit 1 exactly when a required global is missing or the config cannot be used.
    func testExitStatus() {
        let layerShell = Compositors.required.first { $0.interface == "zwlr_layer_shell_v1" }!
        let broken = ConfigCheck.failed(message: "/c.toml:2:8: error: size must be between 16 and 512")
        let cases: [(DoctorFacts, [String], UInt)] = [
            (facts(), [], #line),
            (facts(config: .noFile(candidates: ["/a", "/b"])), [], #line),
            (facts(config: .ok(path: "/c.toml", warnings: ["/c.toml:1:1: warning: unknown key"])), [], #line),
            (facts(socket: .running(path: "/s.sock")), [], #line),
            (facts(outputs: [], seats: []), [], #line),
            (facts(westonGlobals), [layerShell.missing], #line),
            (facts(config: broken), ["the config has errors (see Files and processes)"], #line),
            (
                facts(westonGlobals, config: broken),
                [layerShell.missing, "the config has errors (see Files and processes)"], #line
            ),
            // Offered but not bound (BUOY_IGNORE_GLOBALS) is missing too.
            (
                facts(
                    swayGlobals.map {
                        OfferedGlobal(
                            interface: $0.interface, version: $0.version,
                            bound: $0.interface == "wp_viewporter" ? nil : $0.bound)
                    }),
                [Compositors.required.last!.missing], #line
            ),
        ]
        for (facts, blockers, line) in cases {
            let report = DoctorReport(facts)
            XCTAssertEqual(report.blockers, blockers, line: line)
            XCTAssertEqual(report.exitStatus, blockers.isEmpty ? 0 : 1, line: line)
            let verdict = report.text.split(separator: "\n").last.map(String.init)
            XCTAssertEqual(
                verdict,
                blockers.isEmpty
                    ? "buoy can run here." : "buoy cannot run here: \(blockers.joined(separator: "; and ")).",
                line: line)
        }
    }

    /// Which pitfalls apply, by the first words of each problem.
    func testPitfalls() {
        let hyprland = with(swayGlobals, "hyprland_focus_grab_manager_v1")
        let cases: [(DoctorFacts, [String], UInt)] = [
            (facts(sway: .version("sway 1.7")), [], #line),
            (facts(westonGlobals), ["weston has no wlr-layer-shell"], #line),
            (
                facts(westonGlobals, environment: ["XDG_CURRENT_DESKTOP": "GNOME"]),
                ["weston has no wlr-layer-shell"], #line
            ),
            (
                facts(with(westonGlobals.filter { $0.interface != "weston_desktop_shell" }, "gtk_shell1")),
                ["GNOME has no wlr-layer-shell"], #line
            ),
            (
                facts(swayGlobals.filter { $0.interface != "wp_viewporter" }),
                ["an unknown compositor does not offer wp_viewporter"], #line
            ),
            (facts(hyprland), ["Hyprland animates layer surfaces", "Hyprland before June 2024"], #line),
            (facts(with(swayGlobals, "org_kde_plasma_shell")), ["KWin 5.27 gives the keyboard"], #line),
            (facts(with(swayGlobals, "zwf_shell_manager_v2")), ["A wayfire window rule"], #line),
            (facts(with(swayGlobals, "phosh_private")), [], #line),
            (facts(with(swayGlobals, "phosh_private"), seats: []), ["phoc has no seat yet"], #line),
            (facts(seats: []), ["No seat has a pointer"], #line),
            (
                facts(seats: [DoctorFacts.Seat(name: "seat0", keyboard: true)]), ["No seat has a pointer"],
                #line
            ),
            (facts(seats: [DoctorFacts.Seat(name: "seat0", touch: true)]), [], #line),
            (facts(outputs: []), ["The compositor has no output"], #line),
            (facts(socket: .running(path: "/s.sock")), ["A buoy already runs"], #line),
            (facts(config: .failed(message: "bad")), ["The config has errors"], #line),
            (
                facts(environment: ["SWAYSOCK": "/x"], sway: .failed("nothing listens")), ["SWAYSOCK is set"],
                #line
            ),
            // Without layer shell, nothing else about the compositor matters.
            (
                facts(westonGlobals, outputs: [], seats: [], socket: .running(path: "/s")),
                ["weston has no wlr-layer-shell", "A buoy already runs"], #line
            ),
        ]
        for (facts, expected, line) in cases {
            let problems = DoctorReport(facts).pitfalls.map(\.problem)
            XCTAssertEqual(problems.count, expected.count, "\(problems)", line: line)
            for (problem, start) in zip(problems, expected) {
                XCTAssertTrue(problem.hasPrefix(start), "\(problem) does not start with \(start)", line: line)
            }
        }
    }

    /// What buoy uses instead, where it cannot run.
    func testWhereItCannotRunTheFixSaysWhatToUse() {
        for globals in [
            westonGlobals,
            with(westonGlobals.filter { $0.interface != "weston_desktop_shell" }, "gtk_shell1"),
        ] {
            let fix = DoctorReport(facts(globals)).pitfalls[0].fix
            XCTAssertTrue(fix.contains(Compositors.supported), fix)
        }
    }

    /// The layer rules doctor prints are the ones docs/compositors.md shows.
    func testHyprlandRulesAreTheDocs() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let docs = try String(contentsOf: root.appendingPathComponent("docs/compositors.md"), encoding: .utf8)
        let lines = Set(
            docs.split(separator: "\n").map {
                $0.split(separator: "#")[0].trimmingCharacters(in: .whitespaces)
            })
        for rule in Pitfall.hyprlandLuaRules + Pitfall.hyprlandLayerRules + Pitfall.hyprlandMatchRules {
            XCTAssertTrue(lines.contains(rule), "docs/compositors.md lacks: \(rule)")
        }
        let fix = DoctorReport(facts(with(swayGlobals, "hyprland_focus_grab_manager_v1"))).pitfalls[0].fix
        for rule in Pitfall.hyprlandLuaRules + Pitfall.hyprlandLayerRules + Pitfall.hyprlandMatchRules {
            XCTAssertTrue(fix.contains(rule), rule)
        }
    }

    /// The whole report on sway 1.7, as test_doctor.py meets it.
    func testTheReportOnSway() {
        let report = DoctorReport(
            facts(
                environment: ["SWAYSOCK": "/run/sway-ipc.sock"], sway: .version("sway 1.7"),
                seats: [DoctorFacts.Seat(name: "seat0")],
                config: .ok(path: "/c.toml", warnings: ["/c.toml:3:1: warning: unknown key \"colour\""]),
                state: .places(path: "/s/state", count: 1)))
        XCTAssertEqual(
            report.text,
            """
            buoy doctor (buoy 1.2.3), on the Wayland display "wayland-1"

            Compositor
              sway 1.7, from SWAYSOCK
              SWAYSOCK=/run/sway-ipc.sock
              HYPRLAND_INSTANCE_SIGNATURE is not set
              XDG_CURRENT_DESKTOP is not set
              KDE_SESSION_VERSION is not set

            Protocols (the version offered, and the one buoy uses)
              zwlr_layer_shell_v1               offered 4, used 4    floating above every window
              wl_compositor                     offered 4, used 4    surfaces; v6 tells them their scale
              wl_subcompositor                  offered 1, used 1    the button and the menu's images
              wl_shm                            offered 1, used 1    pixels shared with the compositor
              wp_viewporter                     offered 1, used 1    surfaces scaled by the compositor
              zxdg_output_manager_v1            offered 3, used 3    outputs' logical sizes
              wp_fractional_scale_manager_v1    not offered          without it: the next whole scale, shrunk by the compositor
              wp_cursor_shape_manager_v1        not offered          without it: the cursor from XCURSOR_THEME
              wp_alpha_modifier_v1              not offered          without it: the panel menu opens without fading
              ext_background_effect_manager_v1  not offered          without it: KWin's blur, where offered
              org_kde_kwin_blur_manager         not offered          without it: no blur behind the panel menu
              zwlr_foreign_toplevel_manager_v1  offered 3, not used  [visibility] fullscreen, hide_for, show_for (bound when one is set)
              zphoc_device_state_v1             not offered          without it: the mode is what buoy msg mode last said
              wl_seat                           offered 7, used 7    input
                seat0: no pointer, keyboard or touch
              wl_output                         offered 4, used 4    see Outputs

            Outputs
              HEADLESS-1: 1280x720, scale 1, normal, 1280x720 logical

            Files and processes
              config: /c.toml: ok, with 1 warning
                /c.toml:3:1: warning: unknown key "colour"
              control socket: /run/buoy-wayland-1.sock: no buoy running
              state file: /s/state: 1 place saved

            Helpers
              on-screen keyboards on PATH: wvkbd-mobintl
              drawing helper: works
              Pango: works
              librsvg: works

            Known pitfalls on sway 1.7
              - No seat has a pointer or a touchscreen, so nothing can press a button.
                Fix: Connect one; meanwhile buoy msg tap, menu and the other commands work without it.

            buoy can run here.

            """)
    }

    /// Each line of the other sections, by what the facts say.
    /// `--json`: the same report as one object, each value what its text line says.
    func testTheJSONIsTheSameReport() throws {
        let report = DoctorReport(
            facts(
                environment: ["SWAYSOCK": "/run/sway-ipc.sock"], sway: .version("sway 1.7"),
                config: .ok(path: "/c.toml", warnings: ["/c.toml:3:1: warning: unknown key \"colour\""]),
                state: .places(path: "/s/state", count: 1)))
        XCTAssertFalse(report.json.contains("\n"), "one line")
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any])
        let compositor = try XCTUnwrap(json["compositor"] as? [String: Any])
        XCTAssertEqual(compositor["name"] as? String, "sway 1.7")
        XCTAssertEqual(compositor["family"] as? String, "sway")
        XCTAssertEqual(
            (compositor["environment"] as? [String: Any])?["SWAYSOCK"] as? String, "/run/sway-ipc.sock")
        XCTAssertTrue((compositor["environment"] as? [String: Any])?["KDE_SESSION_VERSION"] is NSNull)
        let protocols = try XCTUnwrap(json["protocols"] as? [[String: Any]])
        let layerShell = try XCTUnwrap(
            protocols.first { $0["interface"] as? String == "zwlr_layer_shell_v1" })
        XCTAssertEqual(layerShell["offered"] as? Int, 4)
        XCTAssertEqual(layerShell["used"] as? Int, 4)
        XCTAssertEqual(layerShell["required"] as? Bool, true)
        let toplevels = try XCTUnwrap(
            protocols.first { $0["interface"] as? String == "zwlr_foreign_toplevel_manager_v1" })
        XCTAssertTrue(toplevels["used"] is NSNull, "offered, not bound")
        XCTAssertEqual((json["outputs"] as? [[String: Any]])?.first?["name"] as? String, "HEADLESS-1")
        XCTAssertEqual(
            (json["config"] as? [String: Any])?["lines"] as? [String],
            ["/c.toml: ok, with 1 warning", "/c.toml:3:1: warning: unknown key \"colour\""])
        XCTAssertEqual(json["state_file"] as? String, "/s/state: 1 place saved")
        XCTAssertEqual(json["can_run"] as? Bool, true)
        XCTAssertEqual((json["helpers"] as? [String: Any])?["keyboards"] as? [String], ["wvkbd-mobintl"])

        let weston = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(DoctorReport(facts(westonGlobals)).json.utf8))
                as? [String: Any])
        XCTAssertEqual(weston["can_run"] as? Bool, false)
        XCTAssertEqual((weston["blockers"] as? [String])?.count, 1)
        XCTAssertFalse((weston["pitfalls"] as? [[String: Any]] ?? []).isEmpty)
    }

    func testLines() {
        let cases: [(DoctorFacts, String, UInt)] = [
            // Display binds at most what it speaks; what else it binds is listed too.
            (
                facts(swayGlobals + [OfferedGlobal(interface: "xdg_wm_base", version: 5, bound: 2)]),
                "  xdg_wm_base                       offered 5, used 2\n", #line
            ),
            (
                facts(westonGlobals),
                "  zwlr_layer_shell_v1               not offered        REQUIRED: buoy cannot run without it\n",
                #line
            ),
            (
                facts(westonGlobals),
                "  wl_seat                           not offered        without it: no input at all\n",
                #line
            ),
            (
                facts(seats: [DoctorFacts.Seat(name: "", pointer: true, touch: true)]),
                "    a seat: pointer, touch\n", #line
            ),
            (facts(outputs: []), "Outputs\n  none\n", #line),
            (
                facts(outputs: [
                    DoctorFacts.Output(name: nil, width: 1920, height: 1080, scale: 2, transform: 5)
                ]),
                "  (unnamed): 1920x1080, scale 2, flipped-90\n", #line
            ),
            (
                facts(config: .noFile(candidates: ["/a", "/b"])),
                "  config: no config file (looked for /a, /b): defaults in use\n", #line
            ),
            (
                facts(config: .failed(message: "/c.toml:2:8: error: bad\n    size = 9\n           ^")),
                "  config: cannot be used:\n    /c.toml:2:8: error: bad\n        size = 9\n               ^\n",
                #line
            ),
            (
                facts(socket: .none),
                "  control socket: none, since XDG_RUNTIME_DIR is not set (nothing stops a second buoy)\n",
                #line
            ),
            (
                facts(socket: .running(path: "/s.sock")),
                "  control socket: /s.sock: buoy running (it answered buoy msg state)\n", #line
            ),
            (
                facts(socket: .notRunning(path: "/s.sock", stale: true)),
                "  control socket: /s.sock: no buoy running (a socket left by one that died; the next buoy replaces it)\n",
                #line
            ),
            (facts(state: .places(path: "/s", count: 2)), "  state file: /s: 2 places saved\n", #line),
            (
                facts(state: .unreadable(path: "/s", why: "Permission denied")),
                "  state file: /s: unreadable, so buoy ignores it: Permission denied\n", #line
            ),
            (
                facts(state: .none),
                "  state file: none, since neither HOME nor XDG_STATE_HOME names a directory (places are not saved)\n",
                #line
            ),
            (
                facts(
                    helpers: DoctorFacts.Helpers(
                        keyboards: [
                            DoctorFacts.Keyboard(name: "wvkbd-mobintl", found: false),
                            DoctorFacts.Keyboard(name: "squeekboard", found: false),
                        ], draws: false, pango: false, librsvg: false)),
                """
                  on-screen keyboards on PATH: none (buoy knows wvkbd-mobintl and squeekboard)
                  drawing helper: does not work: labels, icons and the menu cannot be drawn
                  Pango: not loaded by the drawing helper: is libpangocairo-1.0-0 installed?
                  librsvg: not loaded by the drawing helper: is librsvg2-2 installed?

                """, #line
            ),
            (
                facts(environment: ["SWAYSOCK": "/x"], sway: .failed("nothing listens")),
                "  SWAYSOCK does not answer: nothing listens\n", #line
            ),
        ]
        for (facts, lines, line) in cases {
            let text = DoctorReport(facts).text
            XCTAssertTrue(text.contains(lines), "no\n\(lines)in\n\(text)", line: line)
        }
    }

    func testWrap() {
        let cases: [(String, [String], UInt)] = [
            ("short", ["- short"], #line),
            (
                String(repeating: "word ", count: 30),
                [
                    "- " + Array(repeating: "word", count: 19).joined(separator: " "),
                    "  " + Array(repeating: "word", count: 11).joined(separator: " "),
                ],
                #line
            ),
            (String(repeating: "x", count: 120), ["- " + String(repeating: "x", count: 120)], #line),
            ("  layerrule = noanim, ^(buoy)$", ["-   layerrule = noanim, ^(buoy)$"], #line),
        ]
        for (text, lines, line) in cases {
            XCTAssertEqual(DoctorReport.wrap(text, first: "- ", then: "  "), lines, line: line)
        }
    }

    /// The one line doctor exits with when nothing answers.
    func testNoDisplay() {
        let cases: [(DisplaySocket, String?, String, UInt)] = [
            (
                DisplaySocket(display: "wayland-1", runtimeDirectory: "/run/user/1000"),
                "/run/user/1000/wayland-1",
                "buoy doctor: cannot connect to the Wayland display \"wayland-1\" (/run/user/1000/wayland-1): Connection refused",
                #line
            ),
            (
                DisplaySocket(display: nil, runtimeDirectory: "/run/user/1000"), "/run/user/1000/wayland-0",
                "buoy doctor: cannot connect to the Wayland display \"wayland-0\" (WAYLAND_DISPLAY is not set; tried /run/user/1000/wayland-0): Connection refused",
                #line
            ),
            (
                DisplaySocket(display: "wayland-1", runtimeDirectory: nil), nil,
                "buoy doctor: cannot connect to the Wayland display \"wayland-1\" (XDG_RUNTIME_DIR is not set): Connection refused",
                #line
            ),
            // libwayland takes a relative runtime dir for none.
            (
                DisplaySocket(display: "wayland-1", runtimeDirectory: "run"), nil,
                "buoy doctor: cannot connect to the Wayland display \"wayland-1\" (XDG_RUNTIME_DIR is not a path): Connection refused",
                #line
            ),
            (
                DisplaySocket(display: "/tmp/w", runtimeDirectory: nil), "/tmp/w",
                "buoy doctor: cannot connect to the Wayland display \"/tmp/w\" (/tmp/w): Connection refused",
                #line
            ),
        ]
        for (socket, path, message, line) in cases {
            XCTAssertEqual(socket.path, path, line: line)
            XCTAssertEqual(socket.cannotConnect("Connection refused"), message, line: line)
        }
    }

    /// Issue 42 §1: a compositor that takes the connection and never
    /// answers (a stopped sway) hung `buoy doctor` for ever.
    func testACompositorThatDoesNotAnswerIsNamed() {
        XCTAssertEqual(
            DisplaySocket(display: "wayland-1", runtimeDirectory: "/run/user/1000").noAnswer(within: 2),
            "buoy doctor: the Wayland display \"wayland-1\" (/run/user/1000/wayland-1) took the connection and"
                + " did not answer within 2 s")
    }
}

import BuoyCore
import XCTest

final class CompositorsTests: XCTestCase {
    /// Only a compositor's own globals name it: every wlroots compositor
    /// offers org_kde_kwin_idle and org_kde_kwin_server_decoration_manager.
    func testRecognisedByGlobals() {
        let wlroots = [
            "wl_compositor", "org_kde_kwin_idle", "org_kde_kwin_server_decoration_manager",
            "zwlr_layer_shell_v1",
        ]
        let cases: [([String], CompositorFamily?, String?, UInt)] = [
            (wlroots, nil, nil, #line),
            ([], nil, nil, #line),
            (wlroots + ["org_kde_plasma_shell"], .kwin, "org_kde_plasma_shell", #line),
            (["kde_output_device_v2", "org_kde_kwin_idle"], .kwin, "kde_output_device_v2", #line),
            (
                wlroots + ["hyprland_focus_grab_manager_v1"], .hyprland, "hyprland_focus_grab_manager_v1",
                #line
            ),
            (wlroots + ["gtk_shell1", "phosh_private"], .phoc, "phosh_private", #line),
            (wlroots + ["zphoc_layer_shell_effects_v1"], .phoc, "zphoc_layer_shell_effects_v1", #line),
            (wlroots + ["zwf_shell_manager_v2"], .wayfire, "zwf_shell_manager_v2", #line),
            (
                ["wl_compositor", "weston_desktop_shell", "weston_screenshooter"], .weston,
                "weston_desktop_shell", #line
            ),
            (["wl_compositor", "gtk_shell1"], .gnome, "gtk_shell1", #line),
        ]
        for (interfaces, family, global, line) in cases {
            let found = CompositorFamily.recognised(byGlobals: interfaces)
            XCTAssertEqual(found?.family, family, line: line)
            XCTAssertEqual(found?.global, global, line: line)
        }
    }

    /// The first required global buoy could not bind, in the order checked.
    func testFirstMissing() {
        let all = Compositors.required.map { OfferedGlobal(interface: $0.interface, version: 1, bound: 1) }
        let cases: [([OfferedGlobal], String?, UInt)] = [
            (all, nil, #line),
            (all.filter { $0.interface != "zwlr_layer_shell_v1" }, "zwlr_layer_shell_v1", #line),
            (all.filter { $0.interface != "wp_viewporter" && $0.interface != "wl_shm" }, "wl_shm", #line),
            // Offered but not bound (BUOY_IGNORE_GLOBALS) is missing.
            (
                all.map {
                    OfferedGlobal(
                        interface: $0.interface, version: 1, bound: $0.interface == "wp_viewporter" ? nil : 1)
                }, "wp_viewporter", #line
            ),
            ([], "wl_compositor", #line),
        ]
        for (globals, missing, line) in cases {
            XCTAssertEqual(Compositors.firstMissing(in: globals)?.interface, missing, line: line)
        }
    }

    /// The line buoy exits with on weston or GNOME, as README and buoy(1) quote it.
    func testTheLayerShellLine() {
        let layerShell = Compositors.required.first { $0.interface == "zwlr_layer_shell_v1" }
        XCTAssertEqual(
            layerShell?.missing,
            "the compositor does not offer zwlr_layer_shell_v1 (wlr-layer-shell, needed to float above other windows; "
                + "\(Compositors.supported) offer it; GNOME does not)")
    }
}

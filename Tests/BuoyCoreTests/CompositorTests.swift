import BuoyCore
import XCTest

final class CompositorTests: XCTestCase {
    func testTheEnvironmentNamesTheCompositor() {
        let cases: [(environment: [String: String], compositor: Compositor?)] = [
            ([:], nil),
            (["SWAYSOCK": "/run/user/1000/sway-ipc.sock"], .sway),
            (["HYPRLAND_INSTANCE_SIGNATURE": "abc"], .hyprland),
            // Hyprland started from sway inherits SWAYSOCK.
            (["HYPRLAND_INSTANCE_SIGNATURE": "abc", "SWAYSOCK": "/s"], .hyprland),
            (["KDE_SESSION_VERSION": "5"], .kde),
            (["XDG_CURRENT_DESKTOP": "KDE"], .kde),
            (["XDG_CURRENT_DESKTOP": "sway"], .sway),
            (["XDG_CURRENT_DESKTOP": "Hyprland"], .hyprland),
            (["XDG_CURRENT_DESKTOP": "Phosh:GNOME"], nil),
            (["XDG_CURRENT_DESKTOP": "labwc:wlroots"], nil),
            (["XDG_CURRENT_DESKTOP": "sway", "KDE_SESSION_VERSION": "6"], .kde),
            (["XDG_CURRENT_DESKTOP": "swayfx"], nil),
        ]
        for c in cases {
            XCTAssertEqual(Compositor.detect { c.environment[$0] }, c.compositor, "\(c.environment)")
        }
    }
}

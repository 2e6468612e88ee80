import BuoyCore
import XCTest

private func window(
    _ app: String, on outputs: [String] = ["DP-1"], focused: Bool = false, fullscreen: Bool = false
) -> WindowFacts {
    WindowFacts(appID: app, outputs: outputs, activated: focused, fullscreen: fullscreen)
}

final class VisibilityTests: XCTestCase {
    func testRules() {
        let mpvFull = window("mpv", focused: true, fullscreen: true)
        let cases: [(VisibilityRules, [WindowFacts], DeviceMode, String?, HiddenBy?, UInt)] = [
            // The defaults show it whatever happens.
            (VisibilityRules(), [mpvFull], .tablet, "DP-1", nil, #line),
            // fullscreen = "hide": only a fullscreen window on its own output hides it.
            (VisibilityRules(fullscreen: .hide), [mpvFull], .laptop, "DP-1", .fullscreen, #line),
            (VisibilityRules(fullscreen: .hide), [mpvFull], .laptop, "HDMI-A-1", nil, #line),
            (VisibilityRules(fullscreen: .hide), [window("mpv", focused: true)], .laptop, "DP-1", nil, #line),
            // A fullscreen window that is not focused still covers the output.
            (
                VisibilityRules(fullscreen: .hide),
                [window("a", fullscreen: true), window("b", focused: true)],
                .laptop, "DP-1", .fullscreen, #line
            ),
            // Its output not known yet: any output counts.
            (VisibilityRules(fullscreen: .hide), [mpvFull], .laptop, nil, .fullscreen, #line),
            // hide_for: the focused window's app id, by glob.
            (VisibilityRules(hideFor: ["mpv"]), [window("mpv", focused: true)], .laptop, "DP-1", .app, #line),
            (
                VisibilityRules(hideFor: ["mpv"]), [window("mpv"), window("foot", focused: true)], .laptop,
                "DP-1",
                nil, #line
            ),
            (
                VisibilityRules(hideFor: ["org.gnome.*"]), [window("org.gnome.Nautilus", focused: true)],
                .laptop,
                "DP-1", .app, #line
            ),
            (VisibilityRules(hideFor: ["org.gnome.*"]), [], .laptop, "DP-1", nil, #line),
            // show_for: shown only while the focused window matches; no focused window: hidden.
            (
                VisibilityRules(showFor: ["foot"]), [window("foot", focused: true)], .laptop, "DP-1", nil,
                #line
            ),
            (
                VisibilityRules(showFor: ["foot"]), [window("mpv", focused: true)], .laptop, "DP-1", .app,
                #line
            ),
            (VisibilityRules(showFor: ["foot"]), [window("foot")], .laptop, "DP-1", .app, #line),
            // mode, which is asked first.
            (VisibilityRules(mode: .tablet), [], .laptop, "DP-1", .mode, #line),
            (VisibilityRules(mode: .tablet), [], .tablet, "DP-1", nil, #line),
            (VisibilityRules(mode: .laptop), [], .tablet, "DP-1", .mode, #line),
            (VisibilityRules(fullscreen: .hide, mode: .laptop), [mpvFull], .tablet, "DP-1", .mode, #line),
            // fullscreen before the app id.
            (
                VisibilityRules(fullscreen: .hide, hideFor: ["mpv"]), [mpvFull], .laptop, "DP-1", .fullscreen,
                #line
            ),
        ]
        for (rules, windows, mode, output, expected, line) in cases {
            XCTAssertEqual(rules.hiding(windows: windows, mode: mode, output: output), expected, line: line)
        }
    }

    func testOnlyRulesAboutWindowsNeedThem() {
        XCTAssertFalse(VisibilityRules().needsWindows)
        XCTAssertFalse(VisibilityRules(mode: .tablet).needsWindows)
        XCTAssertTrue(VisibilityRules(fullscreen: .hide).needsWindows)
        XCTAssertTrue(VisibilityRules(hideFor: ["x"]).needsWindows)
        XCTAssertTrue(VisibilityRules(showFor: []).needsWindows)
    }

    func testGlobsAreFnmatchs() {
        let cases: [(String, String, Bool, UInt)] = [
            ("mpv", "mpv", true, #line), ("mpv", "mpv2", false, #line), ("mpv", "mp", false, #line),
            ("*", "", true, #line), ("*", "anything", true, #line),
            ("org.gnome.*", "org.gnome.Nautilus", true, #line),
            ("org.gnome.*", "org.kde.dolphin", false, #line),
            ("*.Nautilus", "org.gnome.Nautilus", true, #line), ("a*b*c", "axxbyyc", true, #line),
            ("a*b*c", "axxbyy", false, #line), ("a*a*a*a*b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaa", false, #line),
            ("fire?ox", "firefox", true, #line), ("fire?ox", "fireox", false, #line),
            ("[mf]pv", "mpv", true, #line), ("[mf]pv", "fpv", true, #line), ("[mf]pv", "xpv", false, #line),
            ("[a-c]x", "bx", true, #line), ("[a-c]x", "dx", false, #line), ("[!a-c]x", "dx", true, #line),
            ("[!a-c]x", "ax", false, #line), ("[]]", "]", true, #line), ("[ab", "[ab", true, #line),
            ("Foot", "foot", false, #line),
        ]
        for (pattern, text, expected, line) in cases {
            XCTAssertEqual(Glob.matches(pattern, text), expected, "\(pattern) ~ \(text)", line: line)
        }
    }
}

extension VisibilityTests {
    func testTheFocusedOutputIsTheFocusedWindowsFirst() {
        XCTAssertEqual(
            WindowFacts.focusedOutput(of: [
                window("a", on: ["A"]), window("b", on: ["B", "C"], focused: true),
            ]), "B")
        XCTAssertNil(WindowFacts.focusedOutput(of: [window("a", on: ["A"])]), "no focused window: it stays")
        XCTAssertNil(WindowFacts.focusedOutput(of: [window("a", on: [], focused: true)]))
    }

    func testATabletModeSwitchSetsTheModeAndTheCapabilitiesAreNamed() {
        XCTAssertEqual(DeviceMode(tabletModeSwitch: true), .tablet)
        XCTAssertEqual(DeviceMode(tabletModeSwitch: false), .laptop)
        let cases: [(UInt32, Bool, String)] = [
            (0, false, "none"),
            (1, true, "tablet-mode switch"),
            (2, false, "lid switch"),
            (7, true, "tablet-mode switch, lid switch, keyboard"),
            // A bit a later version adds is kept, and named by no one.
            (8 | 4, false, "keyboard"),
        ]
        for (raw, hasSwitch, description) in cases {
            let capabilities = DeviceCapabilities(rawValue: raw)
            XCTAssertEqual(capabilities.contains(.tabletModeSwitch), hasSwitch, "\(raw)")
            XCTAssertEqual(capabilities.description, description, "\(raw)")
            XCTAssertEqual(capabilities.rawValue, raw)
        }
    }
}

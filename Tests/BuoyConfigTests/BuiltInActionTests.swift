import BuoyCore
import Foundation
import XCTest

@testable import BuoyConfig

private func action(_ name: String) -> BuiltInAction {
    guard let action = BuiltInAction.named(name) else { fatalError("no built-in action \(name)") }
    return action
}

private func resolve(_ name: String, _ programs: Set<String>, _ compositor: Compositor?)
    -> BuiltInAction.Resolution
{
    action(name).resolve(found: { programs.contains($0) }, compositor: compositor)
}

final class BuiltInActionTests: XCTestCase {
    func testTheNamesAreTheIssuesInItsOrder() {
        XCTAssertEqual(
            BuiltInAction.all.map(\.name),
            [
                "volume-up", "volume-down", "mute", "brightness-up", "brightness-down", "screenshot",
                "screenshot-region", "keyboard", "rotate", "lock", "terminal", "launcher", "notifications",
                "close-window", "fullscreen", "workspace-next", "workspace-prev",
            ])
        XCTAssertNil(BuiltInAction.named("volume"))
    }

    /// Issue 34 §2.4: buoy stays out of the screenshot actions' pictures, and of no other command's.
    func testOnlyTheScreenshotActionsPhotographTheScreen() {
        for action in BuiltInAction.all {
            for tool in action.tools {
                XCTAssertEqual(
                    BuiltInAction.photographsScreen(tool.command),
                    [BuiltInAction.screenshot, .screenshotRegion].contains(action), action.name)
            }
        }
        XCTAssertFalse(BuiltInAction.photographsScreen("grim"))
    }

    func testEveryActionHasALabelAnIconAndTools() {
        for action in BuiltInAction.all {
            XCTAssertFalse(action.label.isEmpty, action.name)
            XCTAssertFalse(action.icon.isEmpty || action.icon.contains("/"), action.name)
            XCTAssertFalse(action.tools.isEmpty, action.name)
            for tool in action.tools { XCTAssertFalse(tool.programs.isEmpty, action.name) }
        }
    }

    /// Issue 34: brightness-up and brightness-down showed one sun. Each
    /// action has an icon of its own, which Adwaita has in its symbolic form,
    /// the one looked up first: in scalable/CONTEXT in Debian 12's Adwaita
    /// (43), in symbolic/CONTEXT from 46 on (Debian 13's 48).
    func testEachActionHasAnIconOfItsOwnThatAdwaitaHasSymbolic() throws {
        let adwaita = "/usr/share/icons/Adwaita"
        let files = try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: adwaita))
        let names = Set(files.map { ($0 as NSString).lastPathComponent })
        for action in BuiltInAction.all {
            XCTAssertTrue(
                names.contains("\(action.icon)-symbolic.svg"),
                "\(action.name): no \(action.icon)-symbolic.svg in \(adwaita)")
            let sharing = BuiltInAction.all.filter { $0.icon == action.icon }.map(\.name)
            XCTAssertEqual(sharing, [action.name], "\(action.name)'s icon \(action.icon)")
        }
    }

    /// As on iOS, a volume or brightness step leaves the menu open for the next.
    func testOnlyVolumeAndBrightnessStepsKeepTheMenuOpen() {
        XCTAssertEqual(
            BuiltInAction.all.filter(\.keepOpen).map(\.name),
            ["volume-up", "volume-down", "brightness-up", "brightness-down"])
    }

    /// Each case names the tool whose command the action comes to.
    func testTheFirstToolFoundThatWorksInTheCompositorIsChosen() {
        let cases: [(name: String, programs: Set<String>, compositor: Compositor?, tool: String)] = [
            ("volume-up", ["wpctl", "pactl", "amixer"], nil, "wpctl"),
            ("volume-up", ["pactl", "amixer"], .sway, "pactl"),
            ("volume-down", ["amixer"], nil, "amixer"),
            ("mute", ["pactl", "wpctl"], .hyprland, "wpctl"),
            ("brightness-up", ["brightnessctl", "light"], nil, "brightnessctl"),
            ("brightness-down", ["light"], nil, "light"),
            ("screenshot", ["grim", "slurp"], nil, "grim"),
            ("screenshot-region", ["grim", "slurp"], nil, "grim"),
            ("keyboard", ["wvkbd-mobintl", "pkill", "squeekboard", "busctl"], .kde, "wvkbd-mobintl"),
            ("keyboard", ["wvkbd-mobintl", "squeekboard", "busctl"], nil, "squeekboard"),  // no pkill
            ("keyboard", ["busctl"], .kde, "busctl"),  // KWin's own
            ("rotate", ["swaymsg", "hyprctl", "kscreen-doctor"], .sway, "swaymsg"),
            ("rotate", ["swaymsg", "hyprctl", "kscreen-doctor"], .hyprland, "hyprctl"),
            ("rotate", ["swaymsg", "hyprctl", "kscreen-doctor"], .kde, "kscreen-doctor"),
            ("lock", ["swaylock", "loginctl"], nil, "swaylock"),
            ("lock", ["loginctl"], .kde, "loginctl"),
            ("terminal", ["kitty", "alacritty"], nil, "alacritty"),
            ("launcher", ["rofi", "wofi", "fuzzel"], nil, "fuzzel"),
            ("launcher", ["rofi"], nil, "rofi"),
            ("notifications", ["makoctl", "swaync-client"], nil, "swaync-client"),
            ("notifications", ["makoctl"], nil, "makoctl"),
            ("close-window", ["swaymsg", "hyprctl"], .sway, "swaymsg"),
            ("close-window", ["swaymsg", "hyprctl"], .hyprland, "hyprctl"),
            ("fullscreen", ["swaymsg", "hyprctl"], .hyprland, "hyprctl"),
            ("workspace-next", ["swaymsg"], .sway, "swaymsg"),
            ("workspace-prev", ["hyprctl"], .hyprland, "hyprctl"),
        ]
        for c in cases {
            let tool = action(c.name).tools.first { $0.programs[0] == c.tool }
            XCTAssertEqual(
                resolve(c.name, c.programs, c.compositor), tool.map { .command($0.command) },
                "\(c.name) with \(c.programs.sorted()) in \(c.compositor?.name ?? "another compositor")")
        }
    }

    func testSomeCommandsAsTheIssueAsksForThem() {
        let cases: [(name: String, programs: Set<String>, compositor: Compositor?, command: String)] = [
            ("volume-up", ["wpctl"], nil, "wpctl set-volume -l 1 @DEFAULT_AUDIO_SINK@ 5%+"),
            ("mute", ["pactl"], nil, "pactl set-sink-mute @DEFAULT_SINK@ toggle"),
            ("keyboard", ["wvkbd-mobintl", "pkill"], nil, FirstRun.keyboardToggle),
            ("rotate", ["swaymsg"], .sway, "swaymsg output - transform 90 clockwise"),
            ("close-window", ["hyprctl"], .hyprland, "hyprctl dispatch killactive"),
            ("fullscreen", ["swaymsg"], .sway, "swaymsg fullscreen toggle"),
            ("workspace-next", ["hyprctl"], .hyprland, "hyprctl dispatch workspace e+1"),
            ("workspace-prev", ["swaymsg"], .sway, "swaymsg workspace prev"),
            ("lock", ["swaylock"], nil, "swaylock -f"),
        ]
        for c in cases {
            XCTAssertEqual(resolve(c.name, c.programs, c.compositor), .command(c.command), c.name)
        }
    }

    /// Issue 34: the hint named the commands only; it names Debian's
    /// packages too where they are not the commands' own names.
    func testWithNoToolItSaysWhatToInstall() {
        let cases: [(name: String, programs: Set<String>, compositor: Compositor?, missing: String)] = [
            (
                "volume-up", [], nil,
                "no tool found; install wpctl, pactl or amixer (Debian: wireplumber, pulseaudio-utils, alsa-utils)"
            ),
            ("brightness-up", ["grim"], .sway, "no tool found; install brightnessctl or light"),
            ("screenshot-region", ["grim"], nil, "no tool found; install slurp"),
            (
                "keyboard", ["pkill"], .sway,
                "no tool found; install wvkbd-mobintl or squeekboard (and busctl) (Debian: wvkbd, squeekboard, systemd)"
            ),
            (
                "keyboard", ["busctl"], nil,
                "no tool found; install wvkbd-mobintl (and pkill) or squeekboard (Debian: wvkbd, procps, squeekboard)"
            ),
            (
                "keyboard", [], .kde,
                "no tool found; install wvkbd-mobintl (and pkill), squeekboard (and busctl) or busctl"
                    + " (Debian: wvkbd, procps, squeekboard, systemd)"
            ),
            ("rotate", ["hyprctl"], .sway, "no tool found; install swaymsg (Debian: sway)"),
            (
                "rotate", ["swaymsg", "hyprctl"], nil,
                "no tool works in this compositor; it needs sway (swaymsg), Hyprland (hyprctl)"
                    + " or KDE Plasma (kscreen-doctor)"
            ),
            (
                "close-window", ["swaymsg"], .kde,
                "no tool works in this compositor; it needs sway (swaymsg) or Hyprland (hyprctl)"
            ),
        ]
        for c in cases {
            XCTAssertEqual(resolve(c.name, c.programs, c.compositor), .missing(c.missing), c.name)
            XCTAssertEqual(resolve(c.name, c.programs, c.compositor).summary, c.missing, c.name)
        }
    }

    /// Rotating reads the current transform: these pipelines run here on
    /// each tool's output as Hyprland and KDE Plasma 5.27 print it.
    func testRotatingReadsTheCurrentTurn() throws {
        let cases: [(tool: String, output: String, rotation: String)] = [
            (
                "hyprctl",
                "Monitor DP-2 (ID 1):\n\t1920x1080@60.00000 at 1280x0\n\tscale: 1.50\n\ttransform: 0\n"
                    + "\tfocused: no\n\nMonitor eDP-1 (ID 0):\n\t1280x720@60.00000 at 0x0\n\tdescription: at home\n"
                    + "\tscale: 1.00\n\ttransform: 3\n\tfocused: yes\n",
                "keyword monitor eDP-1,1280x720@60.00000,0x0,1.00,transform,0"
            ),
            (
                "kscreen-doctor",
                "\u{1B}[01;32mOutput: \u{1B}[0;0m1 eDP-1 \u{1B}[01;32menabled\u{1B}[0;0m \u{1B}[01;33m"
                    + "Rotation: \u{1B}[0;0m1 \u{1B}[01;33mOverscan: \u{1B}[0;0m0\nOutput: 2 HDMI-1 Rotation: 8\n",
                "output.eDP-1.rotation.right"
            ),
        ]
        for c in cases {
            let tool = try XCTUnwrap(action("rotate").tools.first { $0.programs == [c.tool] })
            XCTAssertEqual(
                try runWithStub(tool.command, stub: c.tool, printing: c.output), c.rotation, c.tool)
        }
    }
}

/// Runs `command` with /bin/sh, where `stub` prints `output` when asked for
/// its state (any argument starting with "-o" or "monitors") and else its
/// arguments; returns what the last call printed.
private func runWithStub(_ command: String, stub: String, printing output: String) throws -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("buoy-stub-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let data = directory.appendingPathComponent("output")
    try output.write(to: data, atomically: true, encoding: .utf8)
    let script = directory.appendingPathComponent(stub)
    try """
    #!/bin/sh
    case "$1" in -o|monitors) cat '\(data.path)' ;; *) echo "$*" ;; esac
    """.write(to: script, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    process.environment = ["PATH": directory.path + ":/usr/bin:/bin"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let printed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return printed.trimmingCharacters(in: .newlines)
}

import BuoyCore
import Foundation
import XCTest

@testable import BuoyCommandLine

/// What `buoy doctor` says on the compositors docs/compositors.md describes
/// without a test leg ("Elsewhere"), from the globals each offers: the
/// lines the page quotes are the report's.
final class DoctorElsewhereTests: XCTestCase {
    /// What every compositor offers, bound as Display binds it.
    private static let core = [
        OfferedGlobal(interface: "wl_compositor", version: 6, bound: 6),
        OfferedGlobal(interface: "wl_subcompositor", version: 1, bound: 1),
        OfferedGlobal(interface: "wl_shm", version: 1, bound: 1),
        OfferedGlobal(interface: "wp_viewporter", version: 1, bound: 1),
        OfferedGlobal(interface: "xdg_wm_base", version: 6),
        OfferedGlobal(interface: "wl_seat", version: 9, bound: 7),
        OfferedGlobal(interface: "wl_output", version: 4, bound: 4),
    ]
    private static let layerShell = OfferedGlobal(interface: "zwlr_layer_shell_v1", version: 4, bound: 4)

    private func report(_ globals: [OfferedGlobal], desktop: String, clicks: [String] = []) -> DoctorReport {
        DoctorReport(
            DoctorFacts(
                version: "1.2.3", display: "wayland-1", environment: ["XDG_CURRENT_DESKTOP": desktop],
                globals: globals,
                outputs: [DoctorFacts.Output(name: "DSI-1", width: 720, height: 1440, scale: 2)],
                seats: [DoctorFacts.Seat(name: "seat0", touch: true)],
                config: .ok(path: "/c.toml", warnings: []),
                socket: .notRunning(path: "/run/b.sock", stale: false),
                state: .missing(path: "/s/state"),
                helpers: DoctorFacts.Helpers(keyboards: [], draws: true, pango: true, librsvg: true),
                clickActions: clicks))
    }

    /// The report's words, each run of spaces and line breaks as one space:
    /// the report wraps a pitfall at its width, the page at its own.
    private func words(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    func testEachQuotedLineIsWhatDoctorSaysThere() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("docs/compositors.md"), encoding: .utf8)
        let elsewhere = try XCTUnwrap(
            page.split(separator: "## Elsewhere").dropFirst().first, "no Elsewhere section")
        let section = words(String(elsewhere.split(separator: "\n## ")[0]))
        let cases: [(DoctorReport, quoted: [String], exit: Int32, UInt)] = [
            // niri to a sandboxed client, and Mir with the extension off: no layer shell.
            (
                report(Self.core, desktop: "niri"), ["the compositor does not offer zwlr_layer_shell_v1"], 1,
                #line
            ),
            (
                report(Self.core, desktop: "Miriway"), ["the compositor does not offer zwlr_layer_shell_v1"],
                1, #line
            ),
            // river 0.4 offers the global, and closes the surface later: doctor cannot tell.
            (report(Self.core + [Self.layerShell], desktop: "river"), ["buoy can run here."], 0, #line),
            // COSMIC: no virtual pointer.
            (
                report(Self.core + [Self.layerShell], desktop: "COSMIC", clicks: ["right-click"]),
                ["the compositor offers no zwlr_virtual_pointer_manager_v1, and buoy clicks through its v2."],
                0,
                #line
            ),
        ]
        for (report, quoted, exit, line) in cases {
            XCTAssertEqual(report.compositor.name, "an unknown compositor", line: line)
            XCTAssertEqual(report.exitStatus, exit, report.text, line: line)
            for quote in quoted {
                XCTAssertTrue(words(report.text).contains(quote), "\(quote)\n\(report.text)", line: line)
                XCTAssertTrue(
                    section.contains("`\(quote)`"), "docs/compositors.md does not quote: \(quote)", line: line
                )
            }
        }
        let cosmic = report(Self.core + [Self.layerShell], desktop: "COSMIC")
        XCTAssertFalse(cosmic.text.contains("Clicks and keys"), cosmic.text)
        XCTAssertTrue(section.contains(#"no "Clicks and keys" section"#))
    }
}

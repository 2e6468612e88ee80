import BuoyButton
import XCTest

private typealias Instance = Readiness.Instance

/// One instance's facts, all true but those named: on screen and drawn.
private func instance(
    _ label: String = "main", visible: Bool = true, configured: Bool = true, committed: Bool = true,
    presented: Bool = true, faceDrawing: Bool = false
) -> Instance {
    Instance(
        label: label, visible: visible, configured: configured, committed: committed, presented: presented,
        faceDrawing: faceDrawing)
}

final class ReadinessTests: XCTestCase {
    /// Each row from a fresh `Readiness`: the change the first update reports.
    func testWhatItWaitsFor() {
        let rows: [(String, [Instance], Bool, Readiness.Change, UInt)] = [
            ("no output yet", [], true, .waiting("an output to show a button on"), #line),
            (
                "not configured", [instance(configured: false, committed: false, presented: false)], true,
                .waiting("main: the compositor to configure its surface"), #line
            ),
            (
                "configured, nothing committed", [instance(committed: false, presented: false)], true,
                .waiting("main: its first frame"), #line
            ),
            (
                "its icon still drawn by a child", [instance(faceDrawing: true)], true,
                .waiting("main: its face or badge to be drawn"), #line
            ),
            (
                "committed, not shown yet", [instance(presented: false)], true,
                .waiting("main: the compositor to show its first frame"), #line
            ),
            (
                "on screen, the menu still drawn", [instance()], false,
                .waiting("the menus to be drawn"), #line
            ),
            ("on screen, the menu drawn", [instance()], true, .ready, #line),
            (
                "a hidden button waits for nothing",
                [
                    instance(),
                    instance("kbd", visible: false, configured: false, committed: false, presented: false),
                ],
                true, .ready, #line
            ),
            (
                "the first instance that waits is named",
                [instance(), instance("main on HEADLESS-2", presented: false)], true,
                .waiting("main on HEADLESS-2: the compositor to show its first frame"), #line
            ),
        ]
        for (name, instances, menus, expected, line) in rows {
            var readiness = Readiness()
            XCTAssertEqual(readiness.update(instances, menusDrawnAhead: menus), expected, name, line: line)
            XCTAssertEqual(readiness.isReady, expected == .ready, name, line: line)
        }
    }

    /// A change is reported once; ready goes and comes back (an output plugged in, a reload).
    func testChangesAreReportedOnce() {
        var readiness = Readiness()
        let steps: [([Instance], Bool, Readiness.Change?, UInt)] = [
            (
                [instance(presented: false)], true, .waiting("main: the compositor to show its first frame"),
                #line
            ),
            ([instance(presented: false)], true, nil, #line),
            ([instance()], false, .waiting("the menus to be drawn"), #line),
            ([instance()], true, .ready, #line),
            ([instance()], true, nil, #line),
            (
                [instance(), instance("main on HEADLESS-2", configured: false)], true,
                .waiting("main on HEADLESS-2: the compositor to configure its surface"), #line
            ),
            ([instance(), instance("main on HEADLESS-2")], true, .ready, #line),
        ]
        for (instances, menus, expected, line) in steps {
            XCTAssertEqual(readiness.update(instances, menusDrawnAhead: menus), expected, line: line)
        }
    }
}

import BuoyCommandLine
import XCTest

/// How the log and `buoy msg` name an action and why it did not run.
final class ActionWordsTests: XCTestCase {
    func testReasons() {
        let rows: [(String, String, Int, String, UInt)] = [
            ("main", "tap", 1, "tap", #line),
            ("keyboard", "tap", 2, "keyboard tap", #line),
            ("main", "long_press", 3, "main long_press", #line),
        ]
        for (button, action, count, reason, line) in rows {
            XCTAssertEqual(
                ActionWords.reason(button: button, action: action, buttonCount: count), reason, line: line)
        }
    }

    func testProblems() {
        XCTAssertEqual(
            ActionWords.missingTool(action: "screenshot", why: "install grim"),
            "action screenshot: install grim")
        XCTAssertEqual(
            ActionWords.cannotOpenMenu("no [[menu.item]] is configured"),
            "cannot open the menu: no [[menu.item]] is configured")
    }
}

import BuoyButton
import XCTest

private typealias Ownership = MenuOwnership<String>

final class MenuOwnershipTests: XCTestCase {
    func testToggle() {
        let cases: [(Ownership, String, [Ownership.Step], UInt)] = [
            (.closed, "a", [.open], #line),
            (.open("a"), "a", [.close], #line),
            // Issue 24, bug 7: b's menu open, msg --button a menu opens a's after closing b's.
            (.open("b"), "a", [.close, .open], #line),
            (.opening("a"), "a", [.cancelOpening(why: "asked again")], #line),
            (.opening("b"), "a", [.cancelOpening(why: "another button's menu was asked for"), .open], #line),
            // A menu folding away does not hold a new one back.
            (.closing("a"), "a", [.open], #line),
        ]
        for (state, requester, steps, line) in cases {
            XCTAssertEqual(state.toggle(from: requester), steps, line: line)
        }
    }

    func testReload() {
        let cases: [(Ownership, String, Bool, [Ownership.Step], UInt)] = [
            // Issue 24, bug 2: the open menu with other items closes; the old commands cannot run.
            (.open("a"), "a", true, [.close], #line),
            (.open("a"), "a", false, [], #line),
            (.opening("a"), "a", true, [.cancelOpening(why: "the config was reloaded")], #line),
            (.open("b"), "a", true, [], #line),
            (.closed, "a", true, [], #line),
            (.closing("a"), "a", true, [], #line),
        ]
        for (state, button, changed, steps, line) in cases {
            XCTAssertEqual(state.reloaded(button, menuChanged: changed), steps, line: line)
        }
    }

    func testSurfaceGone() {
        let cases: [(Ownership, String, [Ownership.Step], UInt)] = [
            // Issue 19's bug: the output under the open menu unplugged; menu_open stayed true.
            (.open("a"), "a", [.drop], #line),
            (.closing("a"), "a", [.drop], #line),
            (.open("b"), "a", [], #line),
            (.closed, "a", [], #line),
            // Opening: the images go on whatever surface the button has when they are drawn.
            (.opening("a"), "a", [], #line),
        ]
        for (state, button, steps, line) in cases {
            XCTAssertEqual(state.surfaceGone(of: button), steps, line: line)
        }
    }
}

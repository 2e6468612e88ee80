import BuoyButton
import BuoyCore
import XCTest

final class KeyboardHolderTests: XCTestCase {
    /// Issue 42 §1: keys a gesture sends while buoy's menu or a click type's
    /// overlay holds the keyboard would drive buoy, and the window in front
    /// would get nothing; each row drives the arming and says who holds it.
    func testWhoHoldsTheKeyboard() {
        let spot = ClickArming.Spot(output: "HEADLESS-1", point: Point(x: 10, y: 10))
        let arm = ClickArming.Input.arm(.right, from: "main", timeout: 5, outputs: ["HEADLESS-1"], at: 10)
        let rows: [(String, menuOpen: Bool, [ClickArming.Input], KeyboardHolder?, UInt)] = [
            ("nothing of buoy's", false, [], nil, #line),
            ("the open menu", true, [], .menu, #line),
            ("an armed click type's overlay", false, [arm], .clickOverlay(.right), #line),
            ("the menu, over an armed overlay", true, [arm], .menu, #line),
            (
                "the overlays gone, the click waiting for the sync", false,
                [arm, .press(spot, at: 11), .release(spot, at: 11.1)], nil, #line
            ),
            ("disarmed", false, [arm, .cancel(.msg, at: 11)], nil, #line),
        ]
        for (name, menuOpen, inputs, holder, line) in rows {
            var arming = ClickArming()
            for input in inputs { _ = arming.handle(input) }
            XCTAssertEqual(KeyboardHolder(menuOpen: menuOpen, arming: arming), holder, name, line: line)
        }
    }

    func testTheRefusalSaysWhoHoldsItAndHowToEndThat() {
        XCTAssertEqual(
            KeyboardHolder.menu.refusal(sending: "ctrl+z"),
            "cannot send ctrl+z now: buoy's menu has the keyboard, so the keys would go to it (close the menu first)"
        )
        XCTAssertEqual(
            KeyboardHolder.clickOverlay(.right).refusal(sending: "ctrl+z"),
            "cannot send ctrl+z now: right-click is armed, and its overlay has the keyboard"
                + " (buoy msg click cancel disarms it)")
    }
}

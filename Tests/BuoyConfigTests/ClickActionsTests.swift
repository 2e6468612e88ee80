import BuoyCore
import XCTest

@testable import BuoyConfig

/// Issue 30 §1: the click types, written as built-in actions.
final class ClickActionsTests: XCTestCase {
    func testGesturesAndMenuItemsArmClickTypes() throws {
        let (config, warnings) = try parseConfig(
            """
            [actions]
            tap = { action = "right-click" }
            long_press = { action = "drag" }

            [[menu.item]]
            action = "double-click"

            [[menu.item]]
            label = "Middle"
            action = "middle-click"
            """)
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(config.actions.tap, .click(.right))
        XCTAssertEqual(config.actions.longPress, .click(.drag))
        XCTAssertEqual(
            config.menu.items.map(\.label), ["Double click", "Middle"], "a click type brings its label")
        XCTAssertEqual(config.menu.items.map(\.action), [.click(.double), .click(.middle)])
        // Issue 43: each shows its own glyph (they showed D, M: "Drag" a D too).
        XCTAssertEqual(
            config.menu.items.map(\.icon), [Glyph.doubleClick.iconName, Glyph.middleClick.iconName],
            "a click type brings its glyph")
        XCTAssertEqual(config.clickTypes, [.right, .middle, .double, .drag])
        XCTAssertEqual(Config.defaults.clickTypes, [])
    }

    /// Issue 45: `{ action = "pointer" }` opens the pointer pad, from a
    /// gesture or a menu item, which brings its label and icon; `--check`
    /// and `buoy doctor` name it with the click types.
    func testThePointerPadIsAnAction() throws {
        let (config, warnings) = try parseConfig(
            """
            [actions]
            long_press = { action = "pointer" }
            tap = { action = "right-click" }

            [[menu.item]]
            action = "pointer"
            """)
        XCTAssertEqual(warnings, [])
        XCTAssertEqual(config.actions.longPress, .pointer)
        XCTAssertEqual(config.menu.items.map(\.label), [PointerAction.label])
        XCTAssertEqual(config.menu.items.map(\.icon), [PointerAction.icon])
        XCTAssertEqual(config.menu.items.map(\.action), [.pointer])
        XCTAssertEqual(config.pointerActions, ["right-click", "pointer"])
        XCTAssertEqual(Config.defaults.pointerActions, [])
        XCTAssertEqual(
            try parseConfig("[[menu.item]]\naction = \"pointer\"").config.pointerActions, ["pointer"])
    }

    func testClickTimeout() throws {
        XCTAssertEqual(Config.defaults.gestures.clickTimeout, 5)
        XCTAssertEqual(try parseConfig("[gestures]\nclick_timeout = 12").config.gestures.clickTimeout, 12)
        XCTAssertThrowsError(try parseConfig("[gestures]\nclick_timeout = 0.5"))
        XCTAssertThrowsError(try parseConfig("[gestures]\nclick_timeout = 61"))
    }

    func testTheActionNamesRoundTrip() {
        for type in ClickType.allCases {
            XCTAssertEqual(ClickType(actionName: type.actionName), type)
        }
        XCTAssertNil(ClickType(actionName: "right"))
    }
}

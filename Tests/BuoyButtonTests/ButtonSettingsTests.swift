import BuoyButton
import BuoyConfig
import BuoyCore
import BuoyGestures
import XCTest

final class ButtonSettingsTests: XCTestCase {
    /// The defaults are written twice, in Config.swift (what an empty file
    /// means) and in ButtonSettings, GestureSettings and IdleFade.Settings
    /// (what a program driving the controller gets): this holds them equal.
    func testAnEmptyConfigGivesTheControllersDefaults() {
        XCTAssertEqual(ButtonSettings(ButtonSpec()), ButtonSettings())
        XCTAssertEqual(ButtonSettings(Config.defaults.buttons[0]), ButtonSettings())
    }

    /// Each key reaches the setting it names.
    func testEachKeyReachesItsSetting() {
        var spec = ButtonSpec()
        spec.button = Button(
            size: 64, position: .topLeft, margin: 4, draggable: false, removable: false, opacity: 0.9,
            idleOpacity: 0.2, idleDelay: 3, fade: 1, tuck: true, feedback: .on,
            shape: .rounded(cornerRadius: 10))
        spec.snap = Snap(to: .corner, duration: 0.5)
        spec.gestures = Gestures(
            dragThreshold: 10, doubleTapWindow: 0.4, longPressDelay: 0.7, touchDragThreshold: 12,
            touchDoubleTapWindow: 0.45)
        spec.actions = Actions(doubleTap: .command("a"), longPress: .menu, swipeLeft: .command("b"))
        let expected = ButtonSettings(
            size: 64, margin: 4, shape: .rounded(cornerRadius: 10), snapMode: .corner, snapDuration: 0.5,
            tuck: true,
            fade: IdleFade.Settings(activeOpacity: 0.9, idleOpacity: 0.2, idleDelay: 3, fadeDuration: 1),
            gestures: GestureSettings(
                dragThreshold: 10, doubleTapWindow: 0.4, longPressDelay: 0.7, hasDoubleTap: true,
                hasLongPress: true, draggable: false, touchDragThreshold: 12, touchDoubleTapWindow: 0.45,
                flicks: [.left]),
            removable: false, feedback: .on, position: .topLeft)
        XCTAssertEqual(ButtonSettings(spec), expected)
    }
}

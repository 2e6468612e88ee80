import BuoyButton
import BuoyCore
import XCTest

final class GestureEventTests: XCTestCase {
    /// A gesture's event is named as its action is in the config.
    func testEachGesturesEvent() {
        let cases: [(ButtonGesture, ButtonEvent.Kind)] = [
            (.tap, .tap), (.doubleTap, .doubleTap), (.longPress, .longPress), (.swipeUp, .swipeUp),
            (.swipeDown, .swipeDown), (.swipeLeft, .swipeLeft), (.swipeRight, .swipeRight),
        ]
        for (gesture, kind) in cases {
            XCTAssertEqual(ButtonEvent.Kind(gesture), kind)
            XCTAssertEqual(kind.name, gesture.rawValue)
        }
    }
}

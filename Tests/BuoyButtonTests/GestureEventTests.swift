import BuoyButton
import BuoyCore
import BuoyGestures
import XCTest

/// What `buoy msg subscribe` prints for a gesture on the button: each
/// gesture is performed on a controller, and the gesture its `run` effect
/// names becomes the event the shell publishes, named as its action is in
/// the config.
final class GestureEventTests: XCTestCase {
    private let usable = Rect(x: 0, y: 0, width: 1280, height: 720)
    /// On the button at rest on the right edge (56 px, 8 px margin).
    private let on = Point(x: 1244, y: 360)

    /// The gestures that the inputs make the controller run.
    private func gesturesRun(_ settings: ButtonSettings, _ inputs: [ButtonInput]) -> [ButtonGesture] {
        var controller = ButtonController(settings: settings, rest: .edge(.right, fraction: 0.5), now: 0)
        let effects = ([.area(usable, at: 0)] + inputs).flatMap { controller.handle($0) }
        return effects.compactMap { effect in
            guard case .run(let gesture) = effect else { return nil }
            return gesture
        }
    }

    func testEachGestureIsPublishedUnderItsActionsName() {
        let up = Point(x: on.x, y: on.y - 50)
        let cases: [(String, ButtonSettings, [ButtonInput], String)] = [
            ("tap", ButtonSettings(), [.press(on, at: 1), .release(on, at: 1.08)], "tap"),
            (
                "double tap", ButtonSettings(gestures: GestureSettings(hasDoubleTap: true)),
                [.press(on, at: 1), .release(on, at: 1.05), .press(on, at: 1.15), .release(on, at: 1.2)],
                "double_tap"
            ),
            (
                "long press", ButtonSettings(gestures: GestureSettings(hasLongPress: true)),
                [.press(on, at: 1), .tick(at: 1.5), .release(on, at: 2)], "long_press"
            ),
            (
                "flick up", ButtonSettings(gestures: GestureSettings(flicks: [.up])),
                [.press(on, at: 1), .move(up, at: 1.05), .release(up, at: 1.1)], "swipe_up"
            ),
        ]
        for (name, settings, inputs, event) in cases {
            let run = gesturesRun(settings, inputs)
            XCTAssertEqual(run.count, 1, name)
            XCTAssertEqual(
                run.map { ButtonEvent(ButtonEvent.Kind($0), button: "main").json },
                ["{\"event\":\"\(event)\",\"name\":\"main\"}"], name)
            XCTAssertEqual(run.map(\.rawValue), [event], "\(name): the action's key in [actions]")
        }
    }

    /// Every flick direction is its own swipe event.
    func testEachFlickDirectionIsItsOwnSwipe() {
        let flicks: [(FlickDirection, Point)] = [
            (.up, Point(x: 0, y: -50)), (.down, Point(x: 0, y: 50)), (.left, Point(x: -50, y: 0)),
            (.right, Point(x: 50, y: 0)),
        ]
        // The middle of the screen, so that every direction has room.
        let middle = Point(x: 640, y: 360)
        for (direction, by) in flicks {
            let to = Point(x: middle.x + by.x, y: middle.y + by.y)
            let settings = ButtonSettings(gestures: GestureSettings(flicks: [direction]))
            var controller = ButtonController(settings: settings, rest: .center, now: 0)
            let effects = [
                ButtonInput.area(usable, at: 0), .press(middle, at: 1), .move(to, at: 1.05),
                .release(to, at: 1.1),
            ].flatMap { controller.handle($0) }
            let events = effects.compactMap { effect -> String? in
                guard case .run(let gesture) = effect else { return nil }
                return ButtonEvent.Kind(gesture).name
            }
            XCTAssertEqual(events, ["swipe_" + direction.rawValue])
        }
    }
}

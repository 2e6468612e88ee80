// Drives one ButtonController through a press, a drag across the screen and
// the snap that follows the drop, printing what it decides, and exits 1 if
// the button does not come to rest where it should. The times are made up:
// the controller reads no clock, so a program (or a test) passes its own.
import BuoyKit
import Glibc

/// A button and what it says, one input at a time.
struct Session {
    var button: ButtonController

    mutating func send(_ input: ButtonInput) {
        let effects = button.handle(input)
        let said = effects.isEmpty ? "nothing" : effects.map(\.description).joined(separator: ", ")
        print("\(input) -> \(said)")
    }
}

@main
enum FloatingButton {
    static func main() {
        let screen = Rect(x: 0, y: 0, width: 1280, height: 720)
        let settings = ButtonSettings()
        var session = Session(
            button: ButtonController(settings: settings, rest: .edge(.right, fraction: 0.5), now: 0))

        session.send(.area(screen, at: 0))
        guard let start = session.button.restingOrigin else { fail("the button was not placed") }
        print("at rest at \(start.x), \(start.y) on the \(session.button.rest.name) edge")

        // Press its middle, drag it to the left of the screen and let go.
        var finger = Point(x: start.x + settings.size / 2, y: start.y + settings.size / 2)
        session.send(.press(finger, at: 1))
        for step in 1...10 {
            finger = Point(x: finger.x - 110, y: finger.y + 4)
            session.send(.move(finger, at: 1 + Double(step) * 0.016))
        }
        session.send(.release(finger, at: 1.2))

        // The glide to the nearest edge, frame by frame, until it lands.
        var now = 1.2
        while session.button.nextWake(after: now) == .frames, now < 3 {
            now += 0.05
            session.send(.tick(at: now))
            if let frame = session.button.frame(at: now) {
                print("  frame at \(now): \(frame.origin.x), \(frame.origin.y)")
            }
        }

        guard let rest = session.button.restingOrigin else { fail("the button has no rest after the drop") }
        print("at rest at \(rest.x), \(rest.y) on the \(session.button.rest.name) edge")
        // Dropped nearest the left edge: it snaps there, `margin` from it, at the drop's height.
        let expected = Point(x: settings.margin, y: finger.y - settings.size / 2)
        guard session.button.rest.name == "left", rest.distance(to: expected) < 1 else {
            fail("expected the left edge at \(expected.x), \(expected.y)")
        }
    }

    static func fail(_ why: String) -> Never {
        print(why)
        exit(1)
    }
}

import BuoyButton
import BuoyCore
import BuoyGestures
import XCTest

/// Every way into the menu, times every way out of it, by pointer and by touch: afterwards a
/// tap taps, a drag drags and saves, and the same way in opens the menu again. A menu that
/// opened under a press once left the button dead (issue 24).
final class MenuSequenceTests: XCTestCase {
    private enum WayIn: CaseIterable {
        case tap, doubleTap, longPress, swipeUp, swipeDown, swipeLeft, swipeRight
        /// `buoy msg menu` with no press down, and while the button is held.
        case message, messageWhileHeld
    }

    /// How the shell ends the menu. An item, a press outside and a press on another button all
    /// come back as `menuClosed` after the release on the menu (or with none); Escape, `msg menu`
    /// and a reload as `menuClosed` alone; `msg hide` hides the button.
    private enum WayOut: CaseIterable {
        case item, outside, escape, message, otherButton, reload, hide
    }

    private static let settings = ButtonSettings(
        gestures: GestureSettings(
            hasDoubleTap: true, hasLongPress: true, flicks: Set(FlickDirection.allCases)))
    private static let usable = Rect(x: 0, y: 0, width: 1280, height: 720)
    /// On the button at rest on the right edge.
    private static let on = Point(x: 1244, y: 360)

    /// Drives a controller, collecting every effect; time moves on with each input.
    private struct Driver {
        var controller = ButtonController(
            settings: MenuSequenceTests.settings, rest: .edge(.right, fraction: 0.5), now: 0)
        var now = 0.0
        let kind: InputKind

        mutating func feed(after delay: Double = 0.05, _ input: (Double) -> ButtonInput) -> [ButtonEffect] {
            now += delay
            return controller.handle(input(now))
        }

        /// Ticks past every deadline the controller has (a tap waiting for a second one).
        mutating func settle() -> [ButtonEffect] {
            now += 1
            return controller.handle(.tick(at: now))
        }

        mutating func press(_ point: Point = on) -> [ButtonEffect] {
            feed { [kind] in .press(point, kind: kind, at: $0) }
        }

        mutating func move(_ point: Point) -> [ButtonEffect] {
            feed { [kind] in .move(point, kind: kind, at: $0) }
        }

        mutating func release(_ point: Point = on) -> [ButtonEffect] {
            feed { [kind] in .release(point, kind: kind, at: $0) }
        }

        mutating func menuOpens() -> [ButtonEffect] {
            feed { .menuOpening(at: $0) } + feed(after: 0) { .menuOpened(at: $0) }
        }

        /// Opens the menu `way`; returns the effects up to and including its opening.
        mutating func open(_ way: WayIn) -> [ButtonEffect] {
            var effects: [ButtonEffect] = []
            switch way {
            case .tap:
                effects += press() + release() + settle()
            case .doubleTap:
                effects += press() + release() + press() + release()
            case .longPress:
                effects += press()
                now += 0.5
                effects += controller.handle(.tick(at: now))
                effects += menuOpens() + release()
                return effects
            case .swipeUp, .swipeDown, .swipeLeft, .swipeRight:
                let (dx, dy): (Double, Double) =
                    switch way {
                    case .swipeUp: (0, -1)
                    case .swipeDown: (0, 1)
                    case .swipeLeft: (-1, 0)
                    default: (1, 0)
                    }
                effects += press() + move(Point(x: on.x + 30 * dx, y: on.y + 30 * dy))
                effects += release(Point(x: on.x + 50 * dx, y: on.y + 50 * dy)) + settle()
            case .message:
                return settle() + menuOpens()
            case .messageWhileHeld:
                return press() + menuOpens() + release()
            }
            return effects + menuOpens()
        }

        mutating func close(_ way: WayOut) -> [ButtonEffect] {
            switch way {
            case .item, .outside, .otherButton:
                let point = way == .item ? Point(x: 1244, y: 200) : Point(x: 300, y: 300)
                return press(point) + release(point) + feed { .menuClosed(at: $0) }
            case .escape, .message, .reload:
                return feed { .menuClosed(at: $0) }
            case .hide:
                return feed { .setVisible(false, at: $0) } + feed { .setVisible(true, at: $0) }
            }
        }
    }

    private static func gesture(opening way: WayIn) -> ButtonGesture? {
        switch way {
        case .tap: .tap
        case .doubleTap: .doubleTap
        case .longPress: .longPress
        case .swipeUp: .swipeUp
        case .swipeDown: .swipeDown
        case .swipeLeft: .swipeLeft
        case .swipeRight: .swipeRight
        case .message, .messageWhileHeld: nil
        }
    }

    func testEveryWayIntoAndOutOfTheMenuLeavesTheButtonWorking() {
        for kind in [InputKind.pointer, .touch] {
            for wayIn in WayIn.allCases {
                for wayOut in WayOut.allCases {
                    let context = "\(kind), in by \(wayIn), out by \(wayOut)"
                    var driver = Driver(kind: kind)
                    _ = driver.feed(after: 0) { .area(Self.usable, at: $0) }
                    let gesture = Self.gesture(opening: wayIn)
                    let opening = driver.open(wayIn)
                    if let gesture {
                        XCTAssertEqual(opening.filter { $0 == .run(gesture) }.count, 1, context)
                    }
                    XCTAssertTrue(
                        driver.controller.frame(at: driver.now)?.wholeSurfaceInput ?? false, context)

                    let closing = driver.close(wayOut)
                    XCTAssertFalse(closing.contains { if case .run = $0 { true } else { false } }, context)
                    XCTAssertFalse(driver.controller.isPressed, "\(context): a press left down")

                    _ = driver.settle()
                    let tap = driver.press() + driver.release() + driver.settle()
                    // Under the default feedback = "auto", a touch press is felt, once.
                    let felt: [ButtonEffect] = kind == .touch ? [.feedback(.buttonPressed)] : []
                    XCTAssertEqual(tap, felt + [.run(.tap)], "\(context): the tap after")

                    // Slowly, so that it is a drag and not a flick.
                    var drag = driver.press()
                    for step in 1...4 {
                        drag += driver.feed(after: 0.4) { [kind] in
                            .move(Point(x: Self.on.x - 20 * Double(step), y: Self.on.y), kind: kind, at: $0)
                        }
                    }
                    drag += driver.feed(after: 0.4) { [kind] in
                        .release(Point(x: Self.on.x - 80, y: Self.on.y), kind: kind, at: $0)
                    }
                    XCTAssertTrue(
                        drag.contains(.dragBegan) && drag.contains(.save),
                        "\(context): the drag after: \(drag)")
                    _ = driver.feed(after: 0) { .moveTo(.edge(.right, fraction: 0.5), at: $0) }
                    _ = driver.settle()

                    let again = driver.open(wayIn)
                    if let gesture {
                        XCTAssertEqual(
                            again.filter { $0 == .run(gesture) }.count, 1, "\(context): again: \(again)")
                    }
                    XCTAssertTrue(
                        driver.controller.frame(at: driver.now)?.wholeSurfaceInput ?? false,
                        "\(context): again")
                }
            }
        }
    }
}

import BuoyButton
import BuoyCore
import XCTest

final class PointerPadTests: XCTestCase {
    private typealias Pad = PointerPad

    /// A 1280×720 output's default pad: (256, 464) 768×240, its strip the
    /// top 32 px, its close control the strip's last 32 px.
    private static let placement = PointerPadPlacement(
        area: Size(width: 1280, height: 720), width: 0.6, height: 1.0 / 3, place: .bottom)
    private static let area = Size(width: 1280, height: 720)

    private static func point(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    /// A finger's tap in the touch area at `now`, lifted 0.1 s later.
    private static func tap(_ id: Int32 = 1, at now: Double, x: Double = 600) -> [Pad.Input] {
        [.down(id, point(x, 600), at: now), .up(id, at: now + 0.1)]
    }

    private static let leftClick: [Pad.Effect] = [.press(.left), .release(.left)]

    /// Each row's inputs, from a fresh pad, give its effects.
    private static func check(_ rows: [(name: String, [Pad.Input], [Pad.Effect], UInt)]) {
        for (name, inputs, effects, line) in rows {
            var pad = Pad(placement: placement, area: area)
            XCTAssertEqual(inputs.flatMap { pad.handle($0) }, effects, name, line: line)
        }
    }

    func testPlacement() {
        XCTAssertEqual(Self.placement.frame, Rect(x: 256, y: 464, width: 768, height: 240))
        XCTAssertEqual(Self.placement.strip, Rect(x: 256, y: 464, width: 768, height: 32))
        XCTAssertEqual(Self.placement.close, Rect(x: 992, y: 464, width: 32, height: 32))
        XCTAssertEqual(Self.placement.touchArea, Rect(x: 256, y: 496, width: 768, height: 208))
    }

    /// Issue 45 §1: the gestures, one row each. Slow motion (10 px in
    /// 0.1 s, 100 px/s) is not accelerated.
    func testGestures() {
        let rows: [(name: String, [Pad.Input], [Pad.Effect], UInt)] = [
            ("a touch alone does nothing", [.down(1, Self.point(600, 600), at: 10)], [], #line),
            (
                "a tap waits for a second touch", Self.tap(at: 10), [], #line
            ),
            (
                "a tap clicks left once its window passed",
                Self.tap(at: 10) + [.tick(at: 10.2), .tick(at: 10.3), .tick(at: 10.4)], Self.leftClick, #line
            ),
            (
                "a touch held too long is no tap",
                [.down(1, Self.point(600, 600), at: 10), .up(1, at: 10.5), .tick(at: 11)], [], #line
            ),
            (
                "a move within the slop is still a tap",
                [
                    .down(1, Self.point(600, 600), at: 10), .move(1, Self.point(605, 603), at: 10.05),
                    .up(1, at: 10.1),
                ]
                    + [.tick(at: 10.3)], Self.leftClick, #line
            ),
            (
                "one finger moves the pointer by its motion times speed",
                [
                    .down(1, Self.point(600, 600), at: 10), .move(1, Self.point(610, 600), at: 10.1),
                    .move(1, Self.point(620, 595), at: 10.2), .up(1, at: 10.3), .tick(at: 11),
                ], [.motion(Self.point(10, 0)), .motion(Self.point(10, -5))], #line
            ),
            (
                "two taps are two clicks",
                Self.tap(at: 10) + Self.tap(at: 10.15), Self.leftClick + Self.leftClick, #line
            ),
            (
                "tap and a half drags: press, motion, release",
                Self.tap(at: 10) + [
                    .down(1, Self.point(600, 600), at: 10.15), .move(1, Self.point(610, 600), at: 10.25),
                    .move(1, Self.point(620, 600), at: 10.35), .up(1, at: 10.4),
                ],
                [.press(.left), .motion(Self.point(10, 0)), .motion(Self.point(10, 0)), .release(.left)],
                #line
            ),
            (
                "a touch after the window: the tap was a click of its own",
                Self.tap(at: 10) + [.down(1, Self.point(600, 600), at: 10.5)], Self.leftClick, #line
            ),
            (
                "two fingers tapped: a right click",
                [
                    .down(1, Self.point(600, 600), at: 10), .down(2, Self.point(650, 600), at: 10.02),
                    .up(1, at: 10.1), .up(2, at: 10.12),
                ], [.press(.right), .release(.right)], #line
            ),
            (
                "two fingers moving up scroll down (the content follows), then stop",
                [
                    .down(1, Self.point(600, 600), at: 10), .down(2, Self.point(650, 600), at: 10.02),
                    .move(1, Self.point(600, 580), at: 10.1), .move(2, Self.point(650, 580), at: 10.1),
                    .up(1, at: 10.2), .move(2, Self.point(650, 500), at: 10.25), .up(2, at: 10.3),
                ], [.scroll(Self.point(0, 10)), .scroll(Self.point(0, 10)), .scrollStop], #line
            ),
            (
                "the strip carries the pad",
                [
                    .down(1, Self.point(300, 470), at: 10), .move(1, Self.point(300, 370), at: 10.1),
                    .up(1, at: 10.2),
                ],
                [.moved(PointerPadPlacement(frame: Rect(x: 256, y: 364, width: 768, height: 240)))], #line
            ),
            (
                "the pad stays inside the surface",
                [.down(1, Self.point(300, 470), at: 10), .move(1, Self.point(300, 900), at: 10.1)],
                [.moved(PointerPadPlacement(frame: Rect(x: 256, y: 480, width: 768, height: 240)))], #line
            ),
            (
                "the close control closes",
                [.down(1, Self.point(1000, 470), at: 10), .up(1, at: 10.1)], [.close], #line
            ),
            (
                "the pointer cannot move the pointer it is",
                [
                    .down(Pad.pointerID, Self.point(600, 600), at: 10),
                    .move(Pad.pointerID, Self.point(700, 600), at: 10.1), .up(Pad.pointerID, at: 10.2),
                    .tick(at: 11),
                ], [], #line
            ),
            (
                "the pointer may close the pad",
                [.down(Pad.pointerID, Self.point(1000, 470), at: 10), .up(Pad.pointerID, at: 10.1)], [.close],
                #line
            ),
            (
                "a cancel mid-drag releases the button",
                Self.tap(at: 10) + [
                    .down(1, Self.point(600, 600), at: 10.15), .move(1, Self.point(610, 600), at: 10.25),
                    .cancel(at: 10.3),
                ], [.press(.left), .motion(Self.point(10, 0)), .release(.left)], #line
            ),
            (
                "a cancel mid-scroll stops it",
                [
                    .down(1, Self.point(600, 600), at: 10), .down(2, Self.point(650, 600), at: 10.02),
                    .move(1, Self.point(600, 560), at: 10.1), .cancel(at: 10.2),
                ], [.scroll(Self.point(0, 20)), .scrollStop], #line
            ),
        ]
        Self.check(rows)
    }

    /// Issue 45 §1: an armed click type is the pad's next tap, at once.
    func testArmedClickTypes() {
        let rows: [(name: String, [Pad.Input], [Pad.Effect], UInt)] = [
            (
                "right", [.armed(.right)] + Self.tap(at: 10) + Self.tap(at: 11) + [.tick(at: 12)],
                [.press(.right), .release(.right), .usedClick(.right)] + Self.leftClick, #line
            ),
            (
                "middle", [.armed(.middle)] + Self.tap(at: 10),
                [.press(.middle), .release(.middle), .usedClick(.middle)], #line
            ),
            (
                "double", [.armed(.double)] + Self.tap(at: 10),
                Self.leftClick + Self.leftClick + [.usedClick(.double)], #line
            ),
            (
                "drag: held from one tap to the next",
                [.armed(.drag)] + Self.tap(at: 10) + [
                    .down(1, Self.point(600, 600), at: 11), .move(1, Self.point(610, 600), at: 11.1),
                    .up(1, at: 11.2),
                ] + Self.tap(at: 12),
                [.press(.left), .usedClick(.drag), .motion(Self.point(10, 0)), .release(.left)], #line
            ),
            (
                "a scroll is for a drag elsewhere: the tap stays a left click",
                [.armed(.scroll)] + Self.tap(at: 10) + [.tick(at: 11)], Self.leftClick, #line
            ),
            (
                "disarmed before the tap",
                [.armed(.right), .armed(nil)] + Self.tap(at: 10) + [.tick(at: 11)], Self.leftClick, #line
            ),
        ]
        Self.check(rows)
    }

    /// Issue 45 §1: with `[button] dwell`, the pointer resting after the
    /// pad moved it clicks where it rests, once per rest; a drag's or a
    /// scroll's end is no rest.
    func testDwell() {
        let rows: [(name: String, [Pad.Input], [Pad.Effect], UInt)] = [
            (
                "a rest after a move clicks, once",
                [
                    .down(1, Self.point(600, 600), at: 10), .move(1, Self.point(610, 600), at: 10.1),
                    .up(1, at: 10.2), .tick(at: 10.6), .tick(at: 11.1), .tick(at: 12.5),
                ], [.motion(Self.point(10, 0))] + Self.leftClick, #line
            ),
            (
                "moving on rests afresh",
                [
                    .down(1, Self.point(600, 600), at: 10), .move(1, Self.point(610, 600), at: 10.1),
                    .up(1, at: 10.2), .tick(at: 11.1), .down(1, Self.point(600, 600), at: 12),
                    .move(1, Self.point(610, 600), at: 12.1), .up(1, at: 12.2), .tick(at: 13.1),
                ],
                [.motion(Self.point(10, 0))] + Self.leftClick + [.motion(Self.point(10, 0))] + Self.leftClick,
                #line
            ),
            (
                "an armed type is the rest's click",
                [
                    .armed(.right), .down(1, Self.point(600, 600), at: 10),
                    .move(1, Self.point(610, 600), at: 10.1), .up(1, at: 10.2), .tick(at: 11.1),
                ], [.motion(Self.point(10, 0)), .press(.right), .release(.right), .usedClick(.right)], #line
            ),
            (
                "a drag's end is no rest",
                Self.tap(at: 10) + [
                    .down(1, Self.point(600, 600), at: 10.15), .move(1, Self.point(610, 600), at: 10.25),
                    .up(1, at: 10.3), .tick(at: 12),
                ], [.press(.left), .motion(Self.point(10, 0)), .release(.left)], #line
            ),
            (
                "a scroll's end is no rest",
                [
                    .down(1, Self.point(600, 600), at: 10), .move(1, Self.point(610, 600), at: 10.1),
                    .down(2, Self.point(650, 600), at: 10.15), .move(1, Self.point(610, 580), at: 10.2),
                    .move(2, Self.point(650, 580), at: 10.2), .up(1, at: 10.3), .up(2, at: 10.3),
                    .tick(at: 12),
                ],
                [
                    .motion(Self.point(10, 0)), .scroll(Self.point(0, 10)), .scroll(Self.point(0, 10)),
                    .scrollStop,
                ],
                #line
            ),
        ]
        for (name, inputs, effects, line) in rows {
            var pad = Pad(placement: Self.placement, area: Self.area, settings: .init(dwell: 1))
            XCTAssertEqual(inputs.flatMap { pad.handle($0) }, effects, name, line: line)
            XCTAssertNil(pad.deadline, "\(name): no rest left running", line: line)
        }
    }

    /// While its strip carries it, the whole surface takes input (phoc
    /// ended the carry where the pad's input region had been).
    func testCarriedOnlyWhileTheStripIsHeld() {
        var pad = Pad(placement: Self.placement, area: Self.area)
        _ = pad.handle(.down(Pad.pointerID, Self.point(300, 470), at: 10))
        XCTAssertTrue(pad.isCarried)
        _ = pad.handle(.move(Pad.pointerID, Self.point(300, 400), at: 10.1))
        XCTAssertTrue(pad.isCarried)
        _ = pad.handle(.up(Pad.pointerID, at: 10.2))
        XCTAssertFalse(pad.isCarried)
        _ = pad.handle(.down(1, Self.point(600, 600), at: 11))
        XCTAssertFalse(pad.isCarried, "a finger on the touch area does not carry it")
    }

    func testDeadlineIsTheTapsClick() {
        var pad = Pad(placement: Self.placement, area: Self.area)
        XCTAssertNil(pad.deadline)
        _ = Self.tap(at: 10).flatMap { pad.handle($0) }
        XCTAssertEqual(pad.deadline ?? 0, 10.3, accuracy: 1e-9)
        _ = pad.handle(.tick(at: 10.3))
        XCTAssertNil(pad.deadline)
    }

    /// Events read in one wakeup share its time: their speed is measured
    /// from a place at least 0.05 s back, not as if they took no time.
    /// Before, the two at 10.2 s moved the pointer 30 px each, three times
    /// the finger's 10.
    func testEventsReadAtOnceAreNotTakenAsInstantaneous() {
        var pad = Pad(placement: Self.placement, area: Self.area)
        let effects = [
            Pad.Input.down(1, Self.point(600, 600), at: 10), .move(1, Self.point(610, 600), at: 10.1),
            .move(1, Self.point(620, 600), at: 10.2), .move(1, Self.point(630, 600), at: 10.2),
            .move(1, Self.point(640, 600), at: 10.2),
        ].flatMap { pad.handle($0) }
        let span = 10.2 - 10.1
        XCTAssertEqual(
            effects,
            [
                .motion(Self.point(10, 0)), .motion(Self.point(10, 0)),
                .motion(Self.point(10 * PointerAcceleration.gain(distance: 20, seconds: span), 0)),
                .motion(Self.point(10 * PointerAcceleration.gain(distance: 30, seconds: span), 0)),
            ])
        XCTAssertLessThan(PointerAcceleration.gain(distance: 30, seconds: span), 1.25)
    }

    func testSpeedScalesMotion() {
        var pad = Pad(placement: Self.placement, area: Self.area, settings: .init(speed: 2))
        let effects = [
            Pad.Input.down(1, Self.point(600, 600), at: 10), .move(1, Self.point(610, 600), at: 10.1),
        ].flatMap { pad.handle($0) }
        XCTAssertEqual(effects, [.motion(Self.point(20, 0))])
    }

    func testASmallerSurfaceKeepsThePadInside() {
        var pad = Pad(placement: Self.placement, area: Self.area)
        XCTAssertEqual(
            pad.handle(.area(Size(width: 1280, height: 600))),
            [.moved(PointerPadPlacement(frame: Rect(x: 256, y: 360, width: 768, height: 240)))])
        XCTAssertEqual(pad.handle(.area(Size(width: 1280, height: 600))), [])
    }

    /// Slow motion is the finger's; fast motion up to three times it.
    func testAcceleration() {
        let rows: [(distance: Double, seconds: Double, gain: Double, UInt)] = [
            (10, 0.1, 1, #line),
            (15, 0.1, 1, #line),
            (82.5, 0.1, 2, #line),
            (150, 0.1, 3, #line),
            (1000, 0.1, 3, #line),
            (0.5, 0, 1, #line),
            (10, 0, 3, #line),
        ]
        for (distance, seconds, gain, line) in rows {
            XCTAssertEqual(
                PointerAcceleration.gain(distance: distance, seconds: seconds), gain, accuracy: 1e-9,
                line: line)
        }
    }
}

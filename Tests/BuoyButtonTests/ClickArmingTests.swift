import BuoyButton
import BuoyCore
import XCTest

final class ClickArmingTests: XCTestCase {
    private typealias Arming = ClickArming

    private static func spot(_ x: Double, _ y: Double, on output: String = "HEADLESS-1") -> Arming.Spot {
        Arming.Spot(output: output, point: Point(x: x, y: y))
    }

    private static func arm(_ type: ClickType, at now: Double = 10) -> Arming.Input {
        .arm(type, from: "main", timeout: 5, outputs: ["HEADLESS-1"], at: now)
    }

    private static func tap(_ x: Double, _ y: Double, at now: Double, on output: String = "HEADLESS-1")
        -> [Arming.Input]
    {
        [.press(spot(x, y, on: output), at: now), .release(spot(x, y, on: output), at: now + 0.05)]
    }

    private static let shown: [Arming.Effect] = [.overlays(["HEADLESS-1"])]

    /// Each row's inputs, from idle, give its effects and leave its type armed.
    private static func check(_ rows: [(name: String, [Arming.Input], [Arming.Effect], ClickType?, UInt)]) {
        for (name, inputs, effects, armed, line) in rows {
            var arming = Arming()
            XCTAssertEqual(inputs.flatMap { arming.handle($0) }, effects, name, line: line)
            XCTAssertEqual(arming.armed, armed, name, line: line)
        }
    }

    /// Issue 30 §1: the arming machine, one row per way it ends.
    func testArming() {
        let a = Self.spot(100, 200)
        let b = Self.spot(300, 400)
        let rows: [(name: String, [Arming.Input], [Arming.Effect], ClickType?, UInt)] = [
            ("armed", [Self.arm(.right)], Self.shown + [.armed(.right)], .right, #line),
            (
                "tap taken: the overlays go, then a sync",
                [Self.arm(.right)] + Self.tap(100, 200, at: 11),
                Self.shown + [.armed(.right), .overlays([]), .sync], .right, #line
            ),
            (
                "delivered once the sync is answered, at the tapped point",
                [Self.arm(.right)] + Self.tap(100, 200, at: 11) + [.synced(at: 11.06), .synced(at: 11.1)],
                Self.shown + [
                    .armed(.right), .overlays([]), .sync,
                    .deliver([.move(a.point), .press(.right), .release(.right)], output: "HEADLESS-1"),
                    .clicked(.right, a),
                ], nil, #line
            ),
            (
                "middle",
                [Self.arm(.middle)] + Self.tap(100, 200, at: 11) + [.synced(at: 11.06)],
                Self.shown + [
                    .armed(.middle), .overlays([]), .sync,
                    .deliver([.move(a.point), .press(.middle), .release(.middle)], output: "HEADLESS-1"),
                    .clicked(.middle, a),
                ], nil, #line
            ),
            (
                "double: two left clicks",
                [Self.arm(.double)] + Self.tap(100, 200, at: 11) + [.synced(at: 11.06)],
                Self.shown + [
                    .armed(.double), .overlays([]), .sync,
                    .deliver(
                        [.move(a.point), .press(.left), .release(.left), .press(.left), .release(.left)],
                        output: "HEADLESS-1"),
                    .clicked(.double, a),
                ], nil, #line
            ),
            (
                "scroll (issue 45 §2): the drag's length, natural, from where it started, then a stop",
                [
                    Self.arm(.scroll), .press(Self.spot(100, 400), at: 11),
                    .release(Self.spot(110, 350), at: 11.3),
                ]
                    + [.synced(at: 11.35)],
                Self.shown + [
                    .armed(.scroll), .overlays([]), .sync,
                    .deliver(
                        [.move(Point(x: 100, y: 400))]
                            + Array(repeating: .scroll(Point(x: -10.0 / 3, y: 50.0 / 3)), count: 3)
                            + [.scrollStop], output: "HEADLESS-1"),
                    .clicked(.scroll, Self.spot(110, 350)),
                ], nil, #line
            ),
            (
                "drag: the first tap marks the press, the overlays stay for the second",
                [Self.arm(.drag)] + Self.tap(100, 200, at: 11),
                Self.shown + [.armed(.drag)], .drag, #line
            ),
            (
                "drag: pressed at the first tap, released at the second",
                [Self.arm(.drag)] + Self.tap(100, 200, at: 11) + Self.tap(300, 400, at: 12)
                    + [.synced(at: 12.1)],
                Self.shown + [
                    .armed(.drag), .overlays([]), .sync,
                    .deliver(
                        [
                            .move(a.point), .press(.left), .move(Point(x: 200, y: 300)), .move(b.point),
                            .release(.left),
                        ], output: "HEADLESS-1"),
                    .clicked(.drag, b),
                ], nil, #line
            ),
            (
                "drag: the second tap gets the timeout afresh",
                [Self.arm(.drag)] + Self.tap(100, 200, at: 14) + [.tick(at: 18.9)],
                Self.shown + [.armed(.drag)], .drag, #line
            ),
            (
                "drag: a second tap on another output disarms",
                [Self.arm(.drag)] + Self.tap(100, 200, at: 11) + Self.tap(1, 1, at: 12, on: "HEADLESS-2"),
                Self.shown + [
                    .armed(.drag), .overlays([]), .disarmed(.otherOutput),
                ],
                nil, #line
            ),
            (
                "cancelled by msg",
                [Self.arm(.right), .cancel(.msg, at: 11)],
                Self.shown + [.armed(.right), .overlays([]), .disarmed(.msg)],
                nil,
                #line
            ),
            (
                "cancelled by the button while pressed on the overlay",
                [Self.arm(.right), .press(a, at: 11), .cancel(.button, at: 11.1)],
                Self.shown + [
                    .armed(.right), .overlays([]), .disarmed(.button),
                ],
                nil, #line
            ),
            (
                "cancelled between the removal and the sync: nothing is delivered",
                [Self.arm(.right)] + Self.tap(100, 200, at: 11) + [
                    .cancel(.escape, at: 11.06), .synced(at: 11.1),
                ],
                Self.shown + [
                    .armed(.right), .overlays([]), .sync, .disarmed(.escape),
                ], nil, #line
            ),
            ("cancel while idle does nothing", [.cancel(.msg, at: 11)], [], nil, #line),
            (
                "timed out",
                [Self.arm(.right), .tick(at: 14.9), .tick(at: 15)],
                Self.shown + [
                    .armed(.right), .overlays([]), .disarmed(.timeout),
                ],
                nil, #line
            ),
            (
                "timed out with a press held on the overlay",
                [Self.arm(.right), .press(a, at: 11), .tick(at: 15)],
                Self.shown + [
                    .armed(.right), .overlays([]), .disarmed(.timeout),
                ],
                nil, #line
            ),
            (
                // While a screen locker runs, the compositor routes every
                // press to it: the overlays get none, and the arming ends
                // by its timeout, having delivered nothing.
                "locked: no press reaches the overlays",
                [Self.arm(.right), .tick(at: 12), .tick(at: 15), .synced(at: 15.1)],
                Self.shown + [
                    .armed(.right), .overlays([]), .disarmed(.timeout),
                ],
                nil, #line
            ),
            (
                "no sync answer in time: the click is dropped",
                [Self.arm(.right)] + Self.tap(100, 200, at: 11) + [.tick(at: 12.1), .synced(at: 12.2)],
                Self.shown + [
                    .armed(.right), .overlays([]), .sync, .disarmed(.noSync),
                ], nil, #line
            ),
            (
                "an output gone: its overlay goes",
                [
                    .arm(.right, from: "main", timeout: 5, outputs: ["A", "B"], at: 10),
                    .outputs(["A"], at: 11),
                ],
                [.overlays(["A", "B"]), .armed(.right), .overlays(["A"])], .right, #line
            ),
            (
                // Issue 42 §1: the output under the overlay unplugged, the
                // button moves to another, and the arming waits for it.
                "the button's output gone, before it lands on another: armed, without overlays",
                [Self.arm(.right), .outputs([], at: 11)],
                Self.shown + [.armed(.right), .overlays([])], .right, #line
            ),
            (
                "the button landed on another output: the overlays are there",
                [Self.arm(.right), .outputs([], at: 11), .outputs(["HEADLESS-2"], at: 11.2)],
                Self.shown + [.armed(.right), .overlays([]), .overlays(["HEADLESS-2"])], .right, #line
            ),
            (
                "no output comes back: the timeout ends it",
                [Self.arm(.right), .outputs([], at: 11), .tick(at: 15)],
                Self.shown + [.armed(.right), .overlays([]), .disarmed(.timeout)], nil, #line
            ),
            (
                "a press held on the overlay when every output went: disarmed",
                [Self.arm(.right), .press(a, at: 11), .outputs([], at: 11.1)],
                Self.shown + [.armed(.right), .overlays([]), .disarmed(.outputGone)], nil, #line
            ),
            (
                "the tapped output gone before the sync: nothing is delivered",
                [
                    .arm(.right, from: "main", timeout: 5, outputs: ["A", "B"], at: 10),
                    .press(Self.spot(1, 1, on: "A"), at: 11),
                    .release(Self.spot(1, 1, on: "A"), at: 11.1), .outputs(["B"], at: 11.2),
                    .synced(at: 11.3),
                ],
                [
                    .overlays(["A", "B"]), .armed(.right), .overlays([]), .sync, .disarmed(.outputGone),
                ], nil, #line
            ),
            (
                "a drag's first output gone: disarmed",
                [
                    .arm(.drag, from: "main", timeout: 5, outputs: ["A", "B"], at: 10),
                    .press(Self.spot(1, 1, on: "A"), at: 11),
                    .release(Self.spot(1, 1, on: "A"), at: 11.1), .outputs(["B"], at: 11.2),
                ],
                [
                    .overlays(["A", "B"]), .armed(.drag), .overlays([]), .disarmed(.outputGone),
                ], nil, #line
            ),
            (
                "no output with a button: nothing armed",
                [.arm(.right, from: "main", timeout: 5, outputs: [], at: 10)], [], nil, #line
            ),
            (
                "armed again with another type: that one replaces it",
                [Self.arm(.right), Self.arm(.middle, at: 11)],
                Self.shown + [.armed(.right), .disarmed(.replaced)] + Self.shown + [
                    .armed(.middle)
                ], .middle, #line
            ),
            (
                "a release without a press is not a tap",
                [Self.arm(.right), .release(a, at: 11)],
                Self.shown + [.armed(.right)], .right, #line
            ),
        ]
        Self.check(rows)
    }

    /// Issue 42 §1: armed with no button on screen, the next tap anywhere
    /// would be a click nothing shows; the button that armed it hidden,
    /// removed or reloaded away disarms, saying which.
    func testTheButtonThatArmedIt() {
        let shownAlone: [InstanceKey: HiddenBy?] = ["main": nil]
        let rows: [(name: String, [Arming.Input], [Arming.Effect], ClickType?, UInt)] = [
            (
                "shown: armed", [Self.arm(.right), .buttons(shownAlone, at: 11)],
                Self.shown + [.armed(.right)], .right, #line
            ),
            (
                "hidden by msg hide", [Self.arm(.right), .buttons(["main": .msg], at: 11)],
                Self.shown + [.armed(.right), .overlays([]), .disarmed(.hidden)], nil, #line
            ),
            (
                "hidden by a rule", [Self.arm(.right), .buttons(["main": .fullscreen], at: 11)],
                Self.shown + [.armed(.right), .overlays([]), .disarmed(.hidden)], nil, #line
            ),
            (
                "removed, a press held on the overlay",
                [Self.arm(.right), .press(Self.spot(1, 1), at: 11), .buttons(["main": .removed], at: 11.1)],
                Self.shown + [.armed(.right), .overlays([]), .disarmed(.removed)], nil, #line
            ),
            (
                "another button hidden: armed still",
                [Self.arm(.right), .buttons(["main": nil, "kb": .msg], at: 11)],
                Self.shown + [.armed(.right)], .right, #line
            ),
            (
                "a reload renamed the button that armed it",
                [Self.arm(.right), .buttons(["kb": nil], at: 11)],
                Self.shown + [.armed(.right), .overlays([]), .disarmed(.buttonGone)], nil, #line
            ),
            (
                "an output = \"*\" button's instance went with its output",
                [
                    .arm(
                        .right, from: InstanceKey(name: "main", instanceOutput: "HEADLESS-2"), timeout: 5,
                        outputs: ["HEADLESS-1"], at: 10),
                    .buttons([InstanceKey(name: "main", instanceOutput: "HEADLESS-1"): nil], at: 11),
                ],
                Self.shown + [.armed(.right), .overlays([]), .disarmed(.outputGone)], nil, #line
            ),
            (
                "hidden after the tap, before the sync: the tap is delivered",
                [Self.arm(.right)] + Self.tap(100, 200, at: 11) + [
                    .buttons(["main": .msg], at: 11.06), .synced(at: 11.1),
                ],
                Self.shown + [
                    .armed(.right), .overlays([]), .sync,
                    .deliver(
                        [.move(Point(x: 100, y: 200)), .press(.right), .release(.right)], output: "HEADLESS-1"
                    ),
                    .clicked(.right, Self.spot(100, 200)),
                ], nil, #line
            ),
        ]
        Self.check(rows)
    }

    func testDeadline() {
        var arming = Arming()
        XCTAssertNil(arming.deadline)
        _ = arming.handle(Self.arm(.right))
        XCTAssertEqual(arming.deadline, 15)
        _ = arming.handle(.press(Self.spot(1, 1), at: 11))
        _ = arming.handle(.release(Self.spot(1, 1), at: 11.1))
        XCTAssertEqual(arming.deadline, 11.1 + Arming.syncWait)
        _ = arming.handle(.synced(at: 11.2))
        XCTAssertNil(arming.deadline)
    }

    /// Dwell on the overlay: a rest of `[button] dwell` seconds is a tap where it rested. The
    /// pointer enters at `e` (the edge it came over) and moves on to rest.
    func testDwell() {
        let e = Self.spot(10, 10)
        let a = Self.spot(100, 200)
        let b = Self.spot(400, 300)
        let armWithDwell = { (type: ClickType) in
            Arming.Input.arm(type, from: "main", timeout: 5, outputs: ["HEADLESS-1"], dwell: 1, at: 10)
        }
        let delivered = { (type: ClickType, steps: [PointerStep], at: Arming.Spot) -> [Arming.Effect] in
            [.overlays([]), .sync, .deliver(steps, output: "HEADLESS-1"), .clicked(type, at)]
        }
        let rows: [(name: String, [Arming.Input], [Arming.Effect], ClickType?, UInt)] = [
            (
                "a rest on the overlay clicks where it rested",
                [
                    armWithDwell(.right), .pointerEntered(e, at: 10.2), .pointerMoved(a, at: 10.5),
                    .tick(at: 11.4), .tick(at: 11.5), .synced(at: 11.55),
                ],
                Self.shown + [.armed(.right)]
                    + delivered(.right, [.move(a.point), .press(.right), .release(.right)], a), nil, #line
            ),
            (
                "jitter within the tolerance keeps the rest and its place",
                [
                    armWithDwell(.middle), .pointerEntered(e, at: 10.2), .pointerMoved(a, at: 10.5),
                    .pointerMoved(Self.spot(105, 203), at: 11), .tick(at: 11.5), .synced(at: 11.55),
                ],
                Self.shown + [.armed(.middle)]
                    + delivered(.middle, [.move(a.point), .press(.middle), .release(.middle)], a), nil, #line
            ),
            (
                "moving further starts it again there",
                [
                    armWithDwell(.right), .pointerEntered(e, at: 10.2), .pointerMoved(a, at: 10.5),
                    .pointerMoved(b, at: 11), .tick(at: 11.5), .tick(at: 12), .synced(at: 12.05),
                ],
                Self.shown + [.armed(.right)]
                    + delivered(.right, [.move(b.point), .press(.right), .release(.right)], b), nil, #line
            ),
            (
                // Issue 42 §1: a dwell on a menu item arms right-click, the
                // menu closes and the overlay appears under the pointer,
                // which stays: that rest was the item's, not a click here.
                "the overlay appearing under a resting pointer does not click there",
                [armWithDwell(.right), .pointerEntered(a, at: 10.05), .tick(at: 11.1), .tick(at: 14)],
                Self.shown + [.armed(.right)], .right, #line
            ),
            (
                "a head pointer's jitter where the overlay appeared is no rest either",
                [
                    armWithDwell(.right), .pointerEntered(a, at: 10.05),
                    .pointerMoved(Self.spot(103, 198), at: 10.3), .pointerMoved(Self.spot(97, 204), at: 10.6),
                    .tick(at: 11.7), .tick(at: 14),
                ],
                Self.shown + [.armed(.right)], .right, #line
            ),
            (
                "moving away from where the overlay appeared, then resting, clicks",
                [
                    armWithDwell(.right), .pointerEntered(a, at: 10.05), .pointerMoved(b, at: 11),
                    .tick(at: 12), .synced(at: 12.05),
                ],
                Self.shown + [.armed(.right)]
                    + delivered(.right, [.move(b.point), .press(.right), .release(.right)], b), nil, #line
            ),
            (
                "drag: the overlay appearing under a resting pointer marks no press there",
                [
                    armWithDwell(.drag), .pointerEntered(a, at: 10.05), .tick(at: 11.1),
                    .pointerMoved(b, at: 12), .tick(at: 13.1), .synced(at: 13.15),
                ],
                Self.shown + [.armed(.drag)], .drag, #line
            ),
            (
                // sway 1.10 sends no enter when the overlay appears: the
                // pointer's first move onto it is an enter, and the next a motion.
                "a pointer that moves onto the overlay rests once it moves on from where it entered",
                [
                    armWithDwell(.right), .pointerEntered(Self.spot(100, 212), at: 10.5),
                    .pointerMoved(a, at: 10.6), .tick(at: 11.6), .synced(at: 11.65),
                ],
                Self.shown + [.armed(.right)]
                    + delivered(.right, [.move(a.point), .press(.right), .release(.right)], a), nil, #line
            ),
            (
                // Issue 42: sway 1.7 sends an enter when the overlay maps
                // under a pointer resting on another client's window, which
                // buoy never saw: an enter alone is not the user's move.
                "the overlay appearing under a pointer on another client's window does not click there",
                [armWithDwell(.right), .pointerEntered(a, at: 10.05), .tick(at: 11.1), .tick(at: 14)],
                Self.shown + [.armed(.right)], .right, #line
            ),
            (
                "a pointer on another client's window rests on the overlay once it moves",
                [
                    armWithDwell(.right), .pointerEntered(a, at: 10.05), .tick(at: 11.1),
                    .pointerMoved(b, at: 12), .tick(at: 13), .synced(at: 13.05),
                ],
                Self.shown + [.armed(.right)]
                    + delivered(.right, [.move(b.point), .press(.right), .release(.right)], b), nil, #line
            ),
            (
                "armed again under a pointer on the overlay: no rest until it moves",
                [
                    armWithDwell(.right), .pointerEntered(e, at: 10.2), .pointerMoved(a, at: 10.3),
                    .arm(.middle, from: "main", timeout: 5, outputs: ["HEADLESS-1"], dwell: 1, at: 10.8),
                    .pointerMoved(Self.spot(103, 202), at: 11), .tick(at: 12.5),
                ],
                Self.shown + [.armed(.right), .disarmed(.replaced)] + Self.shown + [.armed(.middle)], .middle,
                #line
            ),
            (
                "leaving the overlay (onto the button) stops it",
                [
                    armWithDwell(.right), .pointerEntered(e, at: 10.2), .pointerMoved(a, at: 10.5),
                    .pointerLeft(at: 11), .tick(at: 12),
                ],
                Self.shown + [.armed(.right)], .right, #line
            ),
            (
                "a real tap spends the rest",
                [armWithDwell(.right), .pointerEntered(e, at: 10.2), .pointerMoved(a, at: 10.5)]
                    + Self.tap(300, 400, at: 11) + [.tick(at: 11.5)],
                Self.shown + [.armed(.right), .overlays([]), .sync], .right, #line
            ),
            (
                "without dwell a rest does nothing",
                [Self.arm(.right), .pointerEntered(e, at: 10.2), .pointerMoved(a, at: 10.5), .tick(at: 14)],
                Self.shown + [.armed(.right)], .right, #line
            ),
            (
                "the timeout still disarms a rest that has not ended",
                [
                    .arm(.right, from: "main", timeout: 1, outputs: ["HEADLESS-1"], dwell: 2, at: 10),
                    .pointerEntered(e, at: 10.2), .pointerMoved(a, at: 10.5), .tick(at: 11),
                ],
                Self.shown + [.armed(.right), .overlays([]), .disarmed(.timeout)], nil, #line
            ),
            (
                "drag: a rest at A, then a rest away from it at B",
                [
                    armWithDwell(.drag), .pointerEntered(e, at: 10.2), .pointerMoved(a, at: 10.5),
                    .tick(at: 11.5), .tick(at: 13), .pointerMoved(b, at: 13), .tick(at: 14),
                    .synced(at: 14.05),
                ],
                Self.shown + [.armed(.drag)]
                    + delivered(.drag, ClickType.drag.steps(from: a.point, to: b.point), b),
                nil, #line
            ),
            (
                "drag: resting on where the first rest was is no second tap",
                [
                    armWithDwell(.drag), .pointerEntered(e, at: 10.2), .pointerMoved(a, at: 10.5),
                    .tick(at: 11.5), .pointerMoved(Self.spot(103, 202), at: 12), .tick(at: 14),
                ],
                Self.shown + [.armed(.drag)], .drag, #line
            ),
        ]
        Self.check(rows)
    }

    func testTheRestsEndIsADeadline() {
        var arming = Arming()
        _ = arming.handle(.arm(.right, from: "main", timeout: 5, outputs: ["HEADLESS-1"], dwell: 1, at: 10))
        XCTAssertEqual(arming.deadline, 15)
        _ = arming.handle(.pointerEntered(Self.spot(1, 1), at: 10.5))
        XCTAssertEqual(arming.deadline, 15, "an enter is not a move")
        _ = arming.handle(.pointerMoved(Self.spot(12, 1), at: 10.5))
        XCTAssertEqual(arming.deadline, 11.5)
        _ = arming.handle(.pointerLeft(at: 11))
        XCTAssertEqual(arming.deadline, 15)
    }
}

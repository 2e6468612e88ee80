import BuoyCore
import BuoyGestures
import XCTest

private func pt(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

/// One input, what it must produce, and the deadline afterwards.
private struct Step {
    var input: GestureInput
    var expected: [Gesture]
    var deadline: Double?

    init(_ input: GestureInput, _ expected: [Gesture] = [], deadline: Double? = nil) {
        self.input = input
        self.expected = expected
        self.deadline = deadline
    }
}

private struct Case {
    var name: String
    var settings: GestureSettings
    var steps: [Step]
    var line: UInt

    init(_ name: String, _ settings: GestureSettings, _ steps: [Step], line: UInt = #line) {
        self.name = name
        self.settings = settings
        self.steps = steps
        self.line = line
    }
}

private let plain = GestureSettings()
private let dt = GestureSettings(hasDoubleTap: true)
private let lp = GestureSettings(hasLongPress: true)
private let both = GestureSettings(hasDoubleTap: true, hasLongPress: true)
private let fixed = GestureSettings(draggable: false)
private let fixedLP = GestureSettings(hasLongPress: true, draggable: false)
private let fixedDT = GestureSettings(hasDoubleTap: true, draggable: false)
private let flicksUp = GestureSettings(flicks: [.up])
private let flicksAll = GestureSettings(flicks: Set(FlickDirection.allCases))
private let fixedFlicks = GestureSettings(draggable: false, flicks: [.up])
private let lpFlicks = GestureSettings(hasLongPress: true, flicks: [.up])

private let o = pt(100, 100)

private func down(_ at: Double, _ p: Point = o) -> GestureInput { .down(p, at: at) }
private func move(_ at: Double, _ p: Point) -> GestureInput { .move(p, at: at) }
private func up(_ at: Double, _ p: Point = o) -> GestureInput { .up(p, at: at) }
private func timer(_ at: Double) -> GestureInput { .deadline(at: at) }
private func cancel(_ at: Double) -> GestureInput { .cancel(at: at) }
private func tdown(_ at: Double, _ p: Point = o) -> GestureInput { .down(p, kind: .touch, at: at) }
private func tmove(_ at: Double, _ p: Point) -> GestureInput { .move(p, kind: .touch, at: at) }
private func tup(_ at: Double, _ p: Point = o) -> GestureInput { .up(p, kind: .touch, at: at) }

private let cases: [Case] = [
    // MARK: taps
    Case(
        "pointer tap fires on up without double tap", plain,
        [Step(down(0), [.pressed]), Step(up(0.08), [.tap])]),
    Case(
        "long hold is a tap without long press", plain,
        [Step(down(0), [.pressed]), Step(move(2, pt(102, 101))), Step(up(5), [.tap])]),
    Case(
        "touch jitter under the threshold is still a tap", plain,
        [
            Step(down(0), [.pressed]), Step(move(0.02, pt(103, 104))), Step(move(0.04, pt(97, 96))),
            Step(move(0.06, pt(104.2, 95.8))), Step(up(0.1, pt(104.2, 95.8)), [.tap]),
        ]),
    Case(
        "moving exactly the threshold is a tap", plain,
        [
            Step(down(0), [.pressed]), Step(move(0.05, pt(106, 100))), Step(move(0.06, pt(100, 94))),
            Step(up(0.1, pt(100, 94)), [.tap]),
        ]),
    Case(
        "tap with long press configured, released in time", lp,
        [Step(down(0), [.pressed], deadline: 0.5), Step(up(0.49), [.tap])]),
    Case(
        "tap with double tap configured waits for the window", dt,
        [
            Step(down(0), [.pressed]), Step(up(0.1), deadline: 0.35), Step(timer(0.3), deadline: 0.35),
            Step(timer(0.35), [.tap]),
        ]),
    Case(
        "late double-tap timer still fires the tap", dt,
        [Step(down(0), [.pressed]), Step(up(0.1), deadline: 0.35), Step(timer(2), [.tap])]),
    Case(
        "zero double-tap window fires at once", GestureSettings(doubleTapWindow: 0, hasDoubleTap: true),
        [Step(down(0), [.pressed]), Step(up(0.1), [.tap])]),

    // MARK: double taps
    Case(
        "double tap", dt,
        [
            Step(down(0), [.pressed]), Step(up(0.1), deadline: 0.35), Step(down(0.2), [.pressed]),
            Step(up(0.3), [.doubleTap]), Step(timer(0.35)),
        ]),
    Case(
        "second down just inside the window", dt,
        [
            Step(down(0), [.pressed]), Step(up(0.1), deadline: 0.35), Step(down(0.34), [.pressed]),
            Step(up(0.4), [.doubleTap]),
        ]),
    Case(
        "second down exactly at the window end is a new press", dt,
        [
            Step(down(0), [.pressed]), Step(up(0.1), deadline: 0.35), Step(down(0.35), [.tap, .pressed]),
            Step(up(0.4), deadline: 0.65), Step(timer(0.65), [.tap]),
        ]),
    Case(
        "second down after the window, timer not yet delivered", dt,
        [
            Step(down(0), [.pressed]), Step(up(0.1), deadline: 0.35), Step(down(0.5), [.tap, .pressed]),
            Step(timer(0.5)), Step(up(0.6), deadline: 0.85),
        ]),
    Case(
        "double tap with touch jitter on both presses", dt,
        [
            Step(down(0), [.pressed]), Step(move(0.03, pt(104, 103))),
            Step(up(0.1, pt(104, 103)), deadline: 0.35),
            Step(down(0.2, pt(98, 105)), [.pressed]), Step(move(0.25, pt(102, 101))),
            Step(up(0.28, pt(102, 101)), [.doubleTap]),
        ]),
    Case(
        "second press dragged: first tap fires, then the drag", dt,
        [
            Step(down(0), [.pressed]), Step(up(0.1), deadline: 0.35), Step(down(0.2), [.pressed]),
            Step(move(0.25, pt(120, 100)), [.tap, .dragBegan(grab: o), .dragMoved(to: pt(120, 100))]),
            Step(up(0.4, pt(130, 100)), [.dragEnded(at: pt(130, 100))]),
        ]),
    Case(
        "second press held: first tap fires, then the long press", both,
        [
            Step(down(0), [.pressed], deadline: 0.5), Step(up(0.1), deadline: 0.35),
            Step(down(0.2), [.pressed], deadline: 0.7), Step(timer(0.7), [.tap, .longPress]), Step(up(1)),
        ]),
    Case(
        "second press released in time with long press configured", both,
        [
            Step(down(0), [.pressed], deadline: 0.5), Step(up(0.1), deadline: 0.35),
            Step(down(0.2), [.pressed], deadline: 0.7), Step(up(0.6), [.doubleTap]),
        ]),
    Case(
        "second press held long without long press is still a double tap", dt,
        [
            Step(down(0), [.pressed]), Step(up(0.1), deadline: 0.35), Step(down(0.2), [.pressed]),
            Step(up(3), [.doubleTap]),
        ]),
    Case(
        "second press moved when not draggable: first tap only", fixedDT,
        [
            Step(down(0), [.pressed]), Step(up(0.1), deadline: 0.35), Step(down(0.2), [.pressed]),
            Step(move(0.25, pt(120, 100)), [.tap]), Step(up(0.3, pt(120, 100))),
        ]),
    Case(
        "triple tap is a double tap then a pending tap", dt,
        [
            Step(down(0), [.pressed]), Step(up(0.1), deadline: 0.35), Step(down(0.2), [.pressed]),
            Step(up(0.3), [.doubleTap]), Step(down(0.4), [.pressed]), Step(up(0.5), deadline: 0.75),
            Step(timer(0.75), [.tap]),
        ]),
    Case(
        "long press then a quick tap is not a double tap", both,
        [
            Step(down(0), [.pressed], deadline: 0.5), Step(timer(0.5), [.longPress]), Step(up(0.6)),
            Step(down(0.7), [.pressed], deadline: 1.2), Step(up(0.8), deadline: 1.05),
            Step(timer(1.05), [.tap]),
        ]),

    // MARK: long presses
    Case(
        "long press fires at the deadline, release fires nothing", lp,
        [
            Step(down(0), [.pressed], deadline: 0.5), Step(move(0.2, pt(104, 104)), deadline: 0.5),
            Step(timer(0.5), [.longPress]), Step(up(0.9)),
        ]),
    Case(
        "early timer does nothing", lp,
        [
            Step(down(0), [.pressed], deadline: 0.5), Step(timer(0.3), deadline: 0.5),
            Step(timer(0.5), [.longPress]),
        ]),
    Case(
        "late timer still fires", lp,
        [Step(down(0), [.pressed], deadline: 0.5), Step(timer(0.9), [.longPress]), Step(up(1))]),
    Case(
        "release racing the timer is a long press", lp,
        [
            Step(down(0), [.pressed], deadline: 0.5), Step(up(0.6), [.longPress]), Step(timer(0.5)),
            Step(timer(0.6)),
        ]),
    Case(
        "release exactly at the delay is a long press", lp,
        [Step(down(0), [.pressed], deadline: 0.5), Step(up(0.5), [.longPress])]),
    Case(
        "moving after a long press does not drag", lp,
        [
            Step(down(0), [.pressed], deadline: 0.5), Step(timer(0.5), [.longPress]),
            Step(move(0.6, pt(200, 200))), Step(up(0.7, pt(200, 200))),
        ]),
    Case(
        "move past the threshold after the deadline, timer undelivered: long press", lp,
        [
            Step(down(0), [.pressed], deadline: 0.5), Step(move(0.55, pt(150, 100)), [.longPress]),
            Step(up(0.6, pt(150, 100))),
        ]),
    Case(
        "touch long press with jitter", lp,
        [
            Step(down(0), [.pressed], deadline: 0.5), Step(move(0.1, pt(105, 97)), deadline: 0.5),
            Step(move(0.3, pt(96, 102)), deadline: 0.5),
            Step(timer(0.5), [.longPress]), Step(up(0.8, pt(96, 102))),
        ]),
    Case(
        "long press with double tap configured does not wait", both,
        [Step(down(0), [.pressed], deadline: 0.5), Step(timer(0.5), [.longPress]), Step(up(0.7))]),
    Case(
        "zero long-press delay fires on down", GestureSettings(longPressDelay: 0, hasLongPress: true),
        [Step(down(0), [.pressed, .longPress]), Step(up(0.1))]),

    // MARK: drags
    Case(
        "pointer drag just past the threshold", plain,
        [
            Step(down(0), [.pressed]),
            Step(move(0.05, pt(106.01, 100)), [.dragBegan(grab: o), .dragMoved(to: pt(106.01, 100))]),
            Step(move(0.06, pt(150, 120)), [.dragMoved(to: pt(150, 120))]),
            Step(move(0.07, pt(150, 120)), [.dragMoved(to: pt(150, 120))]),
            Step(up(0.1, pt(150, 120)), [.dragEnded(at: pt(150, 120))]),
        ]),
    Case(
        "touch drag after jitter", plain,
        [
            Step(down(0), [.pressed]), Step(move(0.02, pt(103, 104))),
            Step(move(0.04, pt(96, 110)), [.dragBegan(grab: o), .dragMoved(to: pt(96, 110))]),
            Step(move(0.06, pt(90, 200)), [.dragMoved(to: pt(90, 200))]),
            Step(up(0.08, pt(90, 200)), [.dragEnded(at: pt(90, 200))]),
        ]),
    Case(
        "drag cancels the long press", lp,
        [
            Step(down(0), [.pressed], deadline: 0.5),
            Step(move(0.2, pt(100, 80)), [.dragBegan(grab: o), .dragMoved(to: pt(100, 80))]),
            Step(timer(0.5)), Step(move(0.9, pt(100, 60)), [.dragMoved(to: pt(100, 60))]),
            Step(up(1, pt(100, 60)), [.dragEnded(at: pt(100, 60))]),
        ]),
    Case(
        "drag with double tap configured does not wait", dt,
        [
            Step(down(0), [.pressed]),
            Step(move(0.05, pt(120, 100)), [.dragBegan(grab: o), .dragMoved(to: pt(120, 100))]),
            Step(up(0.1, pt(120, 100)), [.dragEnded(at: pt(120, 100))]), Step(down(0.15), [.pressed]),
            Step(up(0.2), deadline: 0.45),
        ]),
    Case(
        "release far away without moves is a drag", plain,
        [
            Step(down(0, pt(0, 0)), [.pressed]),
            Step(
                up(0.1, pt(20, 0)),
                [.dragBegan(grab: pt(0, 0)), .dragMoved(to: pt(20, 0)), .dragEnded(at: pt(20, 0))]),
        ]),
    Case(
        "drag ends where released", plain,
        [
            Step(down(0), [.pressed]),
            Step(move(0.05, pt(120, 100)), [.dragBegan(grab: o), .dragMoved(to: pt(120, 100))]),
            Step(up(0.1, pt(125, 100)), [.dragEnded(at: pt(125, 100))]),
        ]),
    Case(
        "not draggable: moving away cancels the tap silently", fixed,
        [
            Step(down(0), [.pressed]), Step(move(0.05, pt(120, 100))), Step(move(0.06, pt(100, 100))),
            Step(up(0.1)),
        ]),
    Case(
        "not draggable: moving away cancels the long press too", fixedLP,
        [
            Step(down(0), [.pressed], deadline: 0.5), Step(move(0.05, pt(120, 100))), Step(timer(0.5)),
            Step(up(0.7)),
        ]),
    Case(
        "not draggable: a still press is still a tap", fixed,
        [Step(down(0), [.pressed]), Step(move(0.05, pt(106, 100))), Step(up(0.1), [.tap])]),

    // MARK: cancel
    Case(
        "cancel while pressed", lp,
        [
            Step(down(0), [.pressed], deadline: 0.5), Step(cancel(0.1), [.cancelled]), Step(timer(0.5)),
            Step(up(0.6)),
        ]),
    Case(
        "cancel during a drag: cancelled, not dragEnded", plain,
        [
            Step(down(0), [.pressed]),
            Step(move(0.05, pt(120, 100)), [.dragBegan(grab: o), .dragMoved(to: pt(120, 100))]),
            Step(cancel(0.1), [.cancelled]), Step(move(0.15, pt(130, 100))), Step(up(0.2, pt(130, 100))),
        ]),
    Case(
        "cancel clears a pending tap", dt,
        [
            Step(down(0), [.pressed]), Step(up(0.1), deadline: 0.35), Step(cancel(0.2), [.cancelled]),
            Step(timer(0.35)),
        ]),
    Case(
        "cancel after the pending tap was due: the tap fires first", dt,
        [Step(down(0), [.pressed]), Step(up(0.1), deadline: 0.35), Step(cancel(0.5), [.tap])]),
    Case(
        "cancel during the second press discards both", dt,
        [
            Step(down(0), [.pressed]), Step(up(0.1), deadline: 0.35), Step(down(0.2), [.pressed]),
            Step(cancel(0.25), [.cancelled]), Step(up(0.3)),
        ]),
    Case(
        "cancel after a long press", lp,
        [
            Step(down(0), [.pressed], deadline: 0.5), Step(timer(0.5), [.longPress]),
            Step(cancel(0.6), [.cancelled]),
        ]),
    Case(
        "cancel when idle does nothing", plain,
        [Step(cancel(0)), Step(down(1), [.pressed]), Step(up(1.1), [.tap])]),

    // MARK: touch
    Case(
        "a touch moving 7 px is still a tap (touch threshold 8)", plain,
        [Step(tdown(0), [.pressed]), Step(tmove(0.05, pt(107, 100))), Step(tup(0.1, pt(107, 100)), [.tap])]),
    Case(
        "a pointer moving 7 px drags (pointer threshold 6)", plain,
        [
            Step(down(0), [.pressed]),
            Step(move(0.05, pt(107, 100)), [.dragBegan(grab: o), .dragMoved(to: pt(107, 100))]),
            Step(up(0.1, pt(107, 100)), [.dragEnded(at: pt(107, 100))]),
        ]),
    Case(
        "a touch moving past 8 px drags", plain,
        [
            Step(tdown(0), [.pressed]),
            Step(tmove(0.05, pt(108.5, 100)), [.dragBegan(grab: o), .dragMoved(to: pt(108.5, 100))]),
            Step(tup(0.1, pt(108.5, 100)), [.dragEnded(at: pt(108.5, 100))]),
        ]),
    Case(
        "a touch tap waits the touch double-tap window", dt,
        [Step(tdown(0), [.pressed]), Step(tup(0.1), deadline: 0.4), Step(timer(0.4), [.tap])]),
    Case(
        "a second touch 0.28 s after the first is a double tap (pointer window 0.25)", dt,
        [
            Step(tdown(0), [.pressed]), Step(tup(0.1), deadline: 0.4), Step(tdown(0.38), [.pressed]),
            Step(tup(0.45), [.doubleTap]),
        ]),
    Case(
        "own thresholds: a touch with 2 px and 1 s",
        GestureSettings(touchDragThreshold: 2, touchDoubleTapWindow: 1),
        [
            Step(tdown(0), [.pressed]), Step(tmove(0.02, pt(101, 100))),
            Step(tmove(0.05, pt(103, 100)), [.dragBegan(grab: o), .dragMoved(to: pt(103, 100))]),
            Step(tup(0.1, pt(103, 100)), [.dragEnded(at: pt(103, 100))]),
        ]),
    Case(
        "the pointer events a compositor emulates for a touch count nothing: one tap", plain,
        [
            Step(tdown(0), [.pressed]), Step(down(0.001)), Step(move(0.002, pt(140, 100))), Step(up(0.05)),
            Step(tup(0.06), [.tap]), Step(up(0.061)),
        ]),
    Case(
        "a pointer warped far during a touch never makes it a drag", plain,
        [Step(tdown(0), [.pressed]), Step(move(0.01, pt(600, 400))), Step(tup(0.1), [.tap])]),
    Case(
        "a touch during a pointer press counts nothing", plain,
        [
            Step(down(0), [.pressed]), Step(tdown(0.01, pt(300, 300))), Step(tmove(0.02, pt(340, 300))),
            Step(tup(0.03, pt(340, 300))), Step(up(0.1), [.tap]),
        ]),
    Case(
        "a double tap of a touch and then the pointer", dt,
        [
            Step(tdown(0), [.pressed]), Step(tup(0.1), deadline: 0.4), Step(down(0.3), [.pressed]),
            Step(up(0.35), [.doubleTap]),
        ]),

    // MARK: flicks
    Case(
        "a flick up: 40 px in 100 ms", flicksUp,
        [
            Step(down(0), [.pressed]),
            Step(move(0.05, pt(100, 80)), [.dragBegan(grab: o), .dragMoved(to: pt(100, 80))]),
            Step(move(0.1, pt(100, 60)), [.dragMoved(to: pt(100, 60))]),
            Step(up(0.1, pt(100, 60)), [.flick(.up)]),
        ]),
    Case(
        "a touch flick in each direction", flicksAll,
        [
            Step(tdown(0), [.pressed]),
            Step(tup(0.05, pt(70, 100)), [.dragBegan(grab: o), .dragMoved(to: pt(70, 100)), .flick(.left)]),
            Step(tdown(1), [.pressed]),
            Step(
                tup(1.05, pt(130, 105)), [.dragBegan(grab: o), .dragMoved(to: pt(130, 105)), .flick(.right)]),
            Step(tdown(2), [.pressed]),
            Step(tup(2.05, pt(95, 130)), [.dragBegan(grab: o), .dragMoved(to: pt(95, 130)), .flick(.down)]),
            Step(tdown(3), [.pressed]),
            Step(tup(3.05, pt(100, 70)), [.dragBegan(grab: o), .dragMoved(to: pt(100, 70)), .flick(.up)]),
        ]),
    Case(
        "slower than 0.4 px/ms is a drag", flicksUp,
        [
            Step(down(0), [.pressed]),
            Step(move(0.1, pt(100, 80)), [.dragBegan(grab: o), .dragMoved(to: pt(100, 80))]),
            Step(move(0.2, pt(100, 60)), [.dragMoved(to: pt(100, 60))]),
            Step(up(0.2, pt(100, 60)), [.dragEnded(at: pt(100, 60))]),
        ]),
    Case(
        "released after 300 ms is a drag, however fast", flicksUp,
        [
            Step(down(0), [.pressed]),
            Step(move(0.29, pt(100, -200)), [.dragBegan(grab: o), .dragMoved(to: pt(100, -200))]),
            Step(up(0.31, pt(100, -200)), [.dragEnded(at: pt(100, -200))]),
        ]),
    Case(
        "under 24 px is a drag, however fast", flicksUp,
        [
            Step(down(0), [.pressed]),
            Step(move(0.01, pt(100, 77)), [.dragBegan(grab: o), .dragMoved(to: pt(100, 77))]),
            Step(up(0.02, pt(100, 77)), [.dragEnded(at: pt(100, 77))]),
        ]),
    Case(
        "exactly 24 px is a flick", flicksUp,
        [
            Step(down(0), [.pressed]),
            Step(up(0.02, pt(100, 76)), [.dragBegan(grab: o), .dragMoved(to: pt(100, 76)), .flick(.up)]),
        ]),
    Case(
        "a diagonal flick has no dominant direction: a drag", flicksAll,
        [
            Step(down(0), [.pressed]),
            Step(
                up(0.05, pt(130, 75)),
                [.dragBegan(grab: o), .dragMoved(to: pt(130, 75)), .dragEnded(at: pt(130, 75))]),
        ]),
    Case(
        "a flick where only up means something, down: a drag", flicksUp,
        [
            Step(down(0), [.pressed]),
            Step(
                up(0.05, pt(100, 140)),
                [.dragBegan(grab: o), .dragMoved(to: pt(100, 140)), .dragEnded(at: pt(100, 140))]),
        ]),
    Case(
        "without flicks a fast move is a drag", plain,
        [
            Step(down(0), [.pressed]),
            Step(
                up(0.05, pt(100, 60)),
                [.dragBegan(grab: o), .dragMoved(to: pt(100, 60)), .dragEnded(at: pt(100, 60))]),
        ]),
    Case(
        "a button that cannot be dragged still flicks", fixedFlicks,
        [Step(down(0), [.pressed]), Step(move(0.05, pt(100, 60))), Step(up(0.1, pt(100, 60)), [.flick(.up)])]),
    Case(
        "after a long press a fast move is no flick", lpFlicks,
        [
            Step(down(0), [.pressed], deadline: 0.5), Step(timer(0.5), [.longPress]),
            Step(move(0.55, pt(100, 40))), Step(up(0.56, pt(100, 40))),
        ]),
    Case(
        "the second press of a double tap flicks: the first is a tap",
        GestureSettings(hasDoubleTap: true, flicks: [.up]),
        [
            Step(down(0), [.pressed]), Step(up(0.05), deadline: 0.3), Step(down(0.1), [.pressed]),
            Step(
                up(0.15, pt(100, 60)), [.tap, .dragBegan(grab: o), .dragMoved(to: pt(100, 60)), .flick(.up)]),
        ]),
    Case(
        "a flick's pointer echo of a touch is ignored", flicksUp,
        [
            Step(tdown(0), [.pressed]), Step(up(0.01, pt(100, 40))),
            Step(tup(0.05, pt(100, 60)), [.dragBegan(grab: o), .dragMoved(to: pt(100, 60)), .flick(.up)]),
        ]),

    // MARK: robustness
    Case("up without down is ignored", both, [Step(up(0)), Step(up(1))]),
    Case(
        "hover moves are ignored", plain,
        [
            Step(move(0, pt(1, 1))), Step(move(0.1, pt(500, 500))), Step(down(0.2), [.pressed]),
            Step(up(0.3), [.tap]),
        ]),
    Case("timer while idle does nothing", lp, [Step(timer(5))]),
    Case(
        "second down while pressed is ignored", lp,
        [
            Step(down(0), [.pressed], deadline: 0.5), Step(down(0.1, pt(300, 300)), deadline: 0.5),
            Step(up(0.2), [.tap]),
        ]),
    Case(
        "second down while dragging is ignored", plain,
        [
            Step(down(0), [.pressed]),
            Step(move(0.05, pt(120, 100)), [.dragBegan(grab: o), .dragMoved(to: pt(120, 100))]),
            Step(down(0.06, pt(500, 500))), Step(up(0.1, pt(120, 100)), [.dragEnded(at: pt(120, 100))]),
        ]),
    Case(
        "up after up is ignored", dt,
        [Step(down(0), [.pressed]), Step(up(0.1), deadline: 0.35), Step(up(0.2), deadline: 0.35)]),
]

final class GestureRecognizerTests: XCTestCase {
    func testTable() {
        for testCase in cases {
            var recognizer = GestureRecognizer(settings: testCase.settings)
            XCTAssertNil(recognizer.deadline, testCase.name, line: testCase.line)
            for (i, step) in testCase.steps.enumerated() {
                let got = recognizer.handle(step.input)
                let context = "\(testCase.name), step \(i) \(step.input)"
                XCTAssertEqual(got, step.expected, context, line: testCase.line)
                XCTAssertEqual(
                    recognizer.deadline, step.deadline, "deadline: \(context)", line: testCase.line)
            }
        }
    }

    func testNeverTapAndDoubleTapForOnePair() {
        // Every timing of a second press around the window: exactly one of
        // "double tap" or "two taps".
        for i in 0...40 {
            let secondDown = 0.1 + Double(i) * 0.01
            var recognizer = GestureRecognizer(settings: dt)
            var all: [Gesture] = []
            for input in [down(0), up(0.1), down(secondDown), up(secondDown + 0.05), timer(10)] {
                all += recognizer.handle(input)
            }
            let taps = all.filter { $0 == .tap }.count
            let doubles = all.filter { $0 == .doubleTap }.count
            if secondDown < 0.35 {
                XCTAssertEqual([taps, doubles], [0, 1], "second down at \(secondDown)")
            } else {
                XCTAssertEqual([taps, doubles], [2, 0], "second down at \(secondDown)")
            }
        }
    }

    func testIsPressed() {
        var recognizer = GestureRecognizer(settings: both)
        let cases: [(GestureInput, Bool)] = [
            (down(0), true), (up(0.1), false), (down(0.2), true), (timer(0.7), true), (up(0.8), false),
            (down(1), true), (move(1.1, pt(200, 100)), true), (cancel(1.2), false),
            (tdown(2), true), (up(2.1), true), (tup(2.2), false),
        ]
        for (input, pressed) in cases {
            _ = recognizer.handle(input)
            XCTAssertEqual(recognizer.isPressed, pressed, "\(input)")
        }
    }

    func testDefaults() {
        let settings = GestureSettings()
        XCTAssertEqual(settings.dragThreshold, 6)
        XCTAssertEqual(settings.doubleTapWindow, 0.25)
        XCTAssertEqual(settings.longPressDelay, 0.5)
        XCTAssertFalse(settings.hasDoubleTap)
        XCTAssertFalse(settings.hasLongPress)
        XCTAssertTrue(settings.draggable)
        XCTAssertEqual(settings.touchDragThreshold, 8)
        XCTAssertEqual(settings.touchDoubleTapWindow, 0.3)
        XCTAssertEqual(settings.flicks, [])
        XCTAssertEqual(
            [settings.flickDistance, settings.flickDuration, settings.flickSpeed], [24, 0.3, 400])
        XCTAssertEqual(GestureInput.up(o, at: 3).time, 3)
    }
}

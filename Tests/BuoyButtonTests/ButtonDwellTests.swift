import BuoyButton
import BuoyCore
import Foundation
import XCTest

private func pt(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

private let usable = Rect(x: 0, y: 0, width: 1280, height: 720)
/// On the 56-px button at rest on the right edge's middle.
private let on = pt(1244, 360)
private let dwelling = ButtonSettings(dwell: 1)

/// One input, the effects it must produce, and, when given, the ring's
/// progress (`ButtonAppearance.dwell`) and `nextWake` just after it.
private struct Step {
    var input: ButtonInput
    var effects: [ButtonEffect]
    var ring: Double?
    var wake: IdleFade.Wake??

    init(
        _ input: ButtonInput, _ effects: [ButtonEffect] = [], ring: Double? = nil, wake: IdleFade.Wake?? = nil
    ) {
        self.input = input
        self.effects = effects
        self.ring = ring
        self.wake = wake
    }
}

private struct Case {
    var name: String
    var settings: ButtonSettings
    var steps: [Step]
    var line: UInt

    init(_ name: String, settings: ButtonSettings = dwelling, _ steps: [Step], line: UInt = #line) {
        self.name = name
        self.settings = settings
        self.steps = steps
        self.line = line
    }
}

/// On the button's left edge, further than `Dwell.tolerance` from its centre.
private let edge = pt(1220, 360)
/// The pointer comes onto the button at `from`: by default its edge, as a pointer moving onto it does.
private func enter(_ at: Double, from: Point = edge) -> Step {
    Step(.hover(true, at: at, point: from), [.cursor(.hover)])
}
private func move(_ at: Double, _ p: Point = on) -> ButtonInput { .move(p, at: at) }
private func tick(_ at: Double) -> ButtonInput { .tick(at: at) }

private let cases: [Case] = [
    Case(
        "resting its dwell taps once, the ring filling meanwhile",
        [
            Step(.area(usable, at: 0)), enter(0.9), Step(move(1), ring: 0, wake: .frames),
            Step(tick(1.1), ring: 0.1, wake: .frames), Step(tick(1.5), ring: 0.5, wake: .frames),
            Step(tick(2), [.run(.tap)], ring: 0),
            Step(tick(3)), Step(move(3.5, pt(1245, 361))), Step(tick(9)),
        ]),
    Case(
        "jitter within the tolerance keeps the rest",
        [
            Step(.area(usable, at: 0)), enter(1), Step(move(1.2, pt(1238, 355))),
            Step(move(1.5, pt(1243, 360))), Step(tick(2.1)), Step(tick(2.2), [.run(.tap)]),
        ]),
    Case(
        "moving further starts the time again from there",
        [
            Step(.area(usable, at: 0)), enter(1), Step(move(1.1)), Step(move(1.5, pt(1230, 360)), ring: 0),
            Step(tick(2.1), ring: 0.6), Step(tick(2.5), [.run(.tap)]),
        ]),
    Case(
        "leaving cancels, and coming back taps once more",
        [
            Step(.area(usable, at: 0)), enter(1), Step(move(1.1)), Step(.hover(false, at: 1.8), ring: 0),
            Step(tick(2.5)), enter(3), Step(move(3)), Step(tick(3.9), ring: 0.9), Step(tick(4), [.run(.tap)]),
            Step(.hover(false, at: 5)), enter(6), Step(move(6.1, pt(1240, 362))),
            Step(tick(7.1), [.run(.tap)]),
        ]),
    // Issue 42: sway 1.7 sends an enter when the button appears under a
    // pointer that stayed (msg show, its output back, an unlock), sway 1.10
    // none until it moves; an enter alone is not the user's move.
    Case(
        "an enter alone is no rest: the button appearing under a still pointer waits for a move",
        [
            Step(.area(usable, at: 0)), enter(1, from: on), Step(tick(1.5), ring: 0, wake: .some(nil)),
            Step(tick(5)), Step(move(5.2, pt(1240, 362)), ring: 0), Step(tick(5.4)),
            Step(move(5.5, edge), ring: 0),
            Step(tick(6), ring: 0.5), Step(tick(6.5), [.run(.tap)]),
        ]),
    Case(
        "a press spends the visit: the click runs as a click, and no dwell follows",
        [
            Step(.area(usable, at: 0)), enter(1), Step(.press(on, at: 1.2)),
            Step(.release(on, at: 1.3), [.run(.tap)]), Step(tick(2.5), ring: 0), Step(tick(9)),
        ]),
    Case(
        "off by default: resting taps nothing and wakes nothing",
        settings: ButtonSettings(),
        [
            Step(.area(usable, at: 0)), enter(1), Step(move(1.1), ring: 0),
            Step(tick(5), ring: 0, wake: .some(nil)), Step(tick(60)),
        ]),
    Case(
        "a touch never dwells",
        [
            Step(.area(usable, at: 0)), Step(.press(on, kind: .touch, at: 1), [.feedback(.buttonPressed)]),
            Step(.move(on, kind: .touch, at: 1.1)), Step(tick(3)),
        ]),
    Case(
        "the open menu spends the visit: it does not tap again once the menu closes under it",
        [
            Step(.area(usable, at: 0)), enter(1), Step(move(1.1)), Step(.menuOpened(at: 1.5), ring: 0),
            Step(tick(2.5)), Step(.menuClosed(at: 3)), Step(move(3.1)), Step(tick(5)),
        ]),
    // The soak found it (issue 42): the menu's surface takes the pointer
    // everywhere while open, and keeps it after it closes until it moves.
    Case(
        "msg menu over a pointer elsewhere on the surface: moving onto the button after it closed rests",
        [
            Step(.area(usable, at: 0)), enter(1, from: pt(600, 300)), Step(.menuOpened(at: 1.1)),
            Step(move(1.5, pt(610, 300))), Step(.menuClosed(at: 2)), Step(move(2.5), ring: 0),
            Step(tick(3), ring: 0.5), Step(tick(3.5), [.run(.tap)]),
        ]),
    Case(
        "a reload that turns it on takes effect on the next move",
        settings: ButtonSettings(),
        [
            Step(.area(usable, at: 0)), enter(1), Step(.settings(dwelling, at: 2)), Step(move(2.5)),
            Step(tick(3.5), [.run(.tap)]),
        ]),
    Case(
        "a reload that turns it off stops the ring",
        [
            Step(.area(usable, at: 0)), enter(1), Step(move(1.1)), Step(.settings(ButtonSettings(), at: 1.5)),
            Step(tick(2.5), ring: 0, wake: .some(nil)),
        ]),
    Case(
        "a rest on the tucked button brings it back, and resting on taps it",
        settings: ButtonSettings(tuck: true, dwell: 1),
        [
            Step(.area(usable, at: 0)), Step(tick(1.5)), Step(tick(2)), enter(2.9),
            Step(move(3, pt(1266, 360))),
            Step(tick(4), [], ring: 0), Step(tick(4.5), ring: 0.5), Step(tick(5), [.run(.tap)]),
        ]),
    Case(
        "hidden, it does not dwell",
        [
            Step(.area(usable, at: 0)), enter(1), Step(.setVisible(false, at: 1.2), [.hidden]),
            Step(tick(3)),
        ]),
]

final class ButtonDwellTests: XCTestCase {
    func testTable() {
        for c in cases {
            var controller = ButtonController(
                settings: c.settings, rest: .edge(.right, fraction: 0.5), now: 0)
            for (index, step) in c.steps.enumerated() {
                let context = "\(c.name), step \(index + 1) (\(step.input))"
                XCTAssertEqual(controller.handle(step.input), step.effects, context, line: c.line)
                let now = step.input.time
                if let ring = step.ring {
                    XCTAssertEqual(
                        controller.frame(at: now)?.dwell ?? -1, ring, accuracy: 1e-9, "\(context): ring",
                        line: c.line)
                }
                if let wake = step.wake {
                    XCTAssertEqual(controller.nextWake(after: now), wake, "\(context): wake", line: c.line)
                }
            }
        }
    }

    /// buoy(5) gives the jitter a rest tolerates as `Dwell.tolerance`, its one owner.
    func testTheManPageSaysTheTolerance() throws {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/buoy.5.scd")
        let text = try String(contentsOf: page, encoding: .utf8).split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        XCTAssertTrue(text.contains("wandering up to \(Int(Dwell.tolerance)) px"), "buoy(5)'s dwell")
    }

    func testTableHasDistinctNames() {
        XCTAssertEqual(Set(cases.map(\.name)).count, cases.count)
    }
}

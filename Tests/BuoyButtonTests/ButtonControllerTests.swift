import BuoyButton
import BuoyCore
import BuoyGestures
import XCTest

private func pt(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

/// What must hold after a step, beyond its effects.
private enum Check {
    case origin(Point?)
    case restingOrigin(Point?)
    case rest(RestPosition)
    case visible(Bool)
    case tucked(Bool)
    case wholeSurfaceInput(Bool)
    case opacity(Double)
    case wake(IdleFade.Wake?)
    case pressDepth(Double)
    /// What `buoy msg state` says: where it is, and the rest it names.
    case reported(Point?, RestPosition)
    case hiddenBy(HiddenBy?)
    /// What `removal(at:)` shows: the remove target or Undo.
    case removal(RemovalScene?)
    /// What `removal(at:on:)` shows on another output.
    case removalOn(String, RemovalScene?)
    /// Where a drag shows it: on its own area or not, and on which other output.
    case drawn(own: Bool, other: String?)
    /// Which other output the pointer of a drag is over.
    case draggedOver(String?)
    case dragging(Bool)
    /// Where it rests: on which output, and the config's `position` the user's choice overrode.
    case restOutput(String?)
    case chosenOver(Placement?)
}

/// One input, the effects it must produce, and what must hold afterwards
/// (`frame(at:)` is taken at the step's time after the input).
private struct Step {
    var input: ButtonInput
    var effects: [ButtonEffect]
    var checks: [Check]

    init(_ input: ButtonInput, _ effects: [ButtonEffect] = [], _ checks: [Check] = []) {
        self.input = input
        self.effects = effects
        self.checks = checks
    }
}

private struct Case {
    var name: String
    var settings: ButtonSettings
    var rest: RestPosition
    var steps: [Step]
    var line: UInt

    init(
        _ name: String, _ settings: ButtonSettings = plain, rest: RestPosition = .edge(.right, fraction: 0.5),
        _ steps: [Step], line: UInt = #line
    ) {
        self.name = name
        self.settings = settings
        self.rest = rest
        self.steps = steps
        self.line = line
    }

    init(_ name: String, _ steps: [Step], line: UInt = #line) {
        self.init(name, plain, steps, line: line)
    }
}

private let usable = Rect(x: 0, y: 0, width: 1280, height: 720)
private let plain = ButtonSettings()
private let withDoubleTap = ButtonSettings(gestures: GestureSettings(hasDoubleTap: true))
private let withLongPress = ButtonSettings(gestures: GestureSettings(hasLongPress: true))
private let fixed = ButtonSettings(gestures: GestureSettings(draggable: false))
private let tucking = ButtonSettings(tuck: true)
private let tuckingLongPress = ButtonSettings(tuck: true, gestures: GestureSettings(hasLongPress: true))
private let instant = ButtonSettings(snapDuration: 0)
private let noFade = ButtonSettings(fade: IdleFade.Settings(activeOpacity: 1, idleOpacity: 1))
private let noFadeDelay = ButtonSettings(fade: IdleFade.Settings(idleDelay: 1))
private let swipeUp = ButtonSettings(gestures: GestureSettings(flicks: [.up]))
private let fixedSwipeUp = ButtonSettings(gestures: GestureSettings(draggable: false, flicks: [.up]))
private let notRemovable = ButtonSettings(snapDuration: 0, removable: false)
private let feelEveryPress = ButtonSettings(gestures: GestureSettings(hasLongPress: true), feedback: .on)
private let feelNothing = ButtonSettings(gestures: GestureSettings(hasLongPress: true), feedback: .off)

/// The right edge's middle for a 56-px button with an 8-px margin.
private let right = pt(1216, 332)
/// On the button at rest on the right edge.
private let on = pt(1244, 360)

private func area(_ at: Double = 0) -> Step { Step(.area(usable, at: at), [], [.origin(right)]) }
private func press(_ at: Double, _ p: Point = on) -> ButtonInput { .press(p, at: at) }
private func move(_ at: Double, _ p: Point) -> ButtonInput { .move(p, at: at) }
private func release(_ at: Double, _ p: Point = on) -> ButtonInput { .release(p, at: at) }
private func tick(_ at: Double) -> ButtonInput { .tick(at: at) }
private func tpress(_ at: Double, _ p: Point = on) -> ButtonInput { .press(p, kind: .touch, at: at) }
private func tmove(_ at: Double, _ p: Point) -> ButtonInput { .move(p, kind: .touch, at: at) }
private func trelease(_ at: Double, _ p: Point = on) -> ButtonInput { .release(p, kind: .touch, at: at) }

/// A 1920×1080 output to the right of `usable`'s.
private let besideRight = OtherOutput(name: second, area: Rect(x: 1280, y: 0, width: 1920, height: 1080))
private let second = "HEADLESS-2"
private let third = "HEADLESS-3"

/// The remove target's centre on `usable`: centred, 64 px above the bottom. Grabbed at its
/// centre, the button's centre is where the pointer is.
private let target = pt(640, 656)
/// Dragged by its centre from rest to `to` (by touch with `kind`), starting at `at`: the drag
/// begins at `at + 0.02` and reaches `to` at `at + 0.2`.
private func drag(from at: Double, to: Point, kind: InputKind = .pointer) -> [Step] {
    [
        // Under the default `feedback = "auto"` a touch press is felt.
        Step(.press(on, kind: kind, at: at), kind == .touch ? [.feedback(.buttonPressed)] : []),
        Step(.move(pt(1230, 360), kind: kind, at: at + 0.02), [.dragBegan, .cursor(.grabbing)]),
        Step(.move(to, kind: kind, at: at + 0.2)),
    ]
}
/// A drop on the target at 1.3, after a drag from 1: Undo until 4.3.
private let removed: [Step] =
    [area()] + drag(from: 1, to: target)
    + [
        Step(
            release(1.3, target), [.cursor(.hover), .removed],
            [.visible(false), .hiddenBy(.removed), .removal(.undo(pressed: false))])
    ]

private let cases: [Case] = [
    // MARK: placing
    Case(
        "nothing shows before the compositor has configured the surface",
        [Step(press(0), [], [.origin(nil)]), Step(release(0.1), [], [.origin(nil)])]),
    Case(
        "the first area places it at its rest position",
        [area(), Step(tick(0.1), [], [.restingOrigin(right), .wholeSurfaceInput(false)])]),
    Case(
        "a new area keeps the rest position's fraction",
        [
            area(),
            Step(
                .area(Rect(x: 0, y: 0, width: 720, height: 1280), at: 1), [],
                [.origin(pt(656, 612)), .rest(.edge(.right, fraction: 0.5))]),
        ]),
    Case(
        "losing the surface unplaces it; a new one places it again",
        [
            area(), Step(.area(nil, at: 1), [], [.origin(nil)]),
            Step(.area(usable, at: 2), [], [.origin(right)]),
        ]),

    // MARK: taps
    Case("a tap runs tap once", [area(), Step(press(1)), Step(release(1.08), [.run(.tap)])]),
    Case(
        "a screen reader's activate is a tap on the button", [area(), Step(.activate(at: 1), [.run(.tap)])]),
    Case(
        "a screen reader's activate waits for a double tap's window as a tap does", withDoubleTap,
        [area(), Step(.activate(at: 1), [], [.wake(.frames)]), Step(tick(1.25), [.run(.tap)])]),
    Case(
        "a screen reader's activate does nothing before the button is placed",
        [Step(.activate(at: 1), [], [.origin(nil)])]),
    Case(
        "with double tap configured a single tap waits for the window", withDoubleTap,
        [
            area(), Step(press(1)), Step(release(1.1), [], [.wake(.frames)]),
            Step(tick(1.3), [], [.wake(.timer(at: 1.35))]),
            Step(tick(1.35), [.run(.tap)]),
        ]),
    Case(
        "a double tap runs double tap only", withDoubleTap,
        [
            area(), Step(press(1)), Step(release(1.05)), Step(press(1.15)),
            Step(release(1.2), [.run(.doubleTap)]),
        ]),
    Case(
        "a long press runs long press, and its release nothing", withLongPress,
        [
            area(), Step(press(1), [], [.wake(.frames)]), Step(tick(1.1), [], [.wake(.timer(at: 1.5))]),
            Step(tick(1.5), [.run(.longPress)]),
            Step(release(2)),
        ]),
    Case(
        "a press is whole-surface input until its release",
        [
            area(), Step(press(1), [], [.wholeSurfaceInput(true)]),
            Step(release(1.1), [.run(.tap)], [.wholeSurfaceInput(false)]),
        ]),
    Case(
        "a cancelled press runs nothing",
        [area(), Step(press(1)), Step(.cancel(at: 1.1)), Step(release(1.2))]),
    Case(
        "the pointer leaving mid-press cancels it once it has stayed away 2 s",
        [
            area(), Step(.hover(true, at: 0.5), [.cursor(.hover)]), Step(press(1)),
            Step(.hover(false, at: 1.1), [], [.wake(.timer(at: 3.1)), .wholeSurfaceInput(true)]),
            Step(tick(3.1), [], [.wholeSurfaceInput(false)]),
            Step(release(3.2)),
        ]),
    Case(
        "a leave right after a press, then the pointer back, keeps the press: the drag goes on (phoc 0.58)",
        instant,
        [
            area(), Step(.hover(true, at: 0.5), [.cursor(.hover)]), Step(press(1)),
            Step(.hover(false, at: 1.01), [], [.wholeSurfaceInput(true)]),
            Step(.hover(true, at: 1.03), [.cursor(.hover)]),
            Step(move(1.04, pt(1134, 360)), [.dragBegan, .cursor(.grabbing)]), Step(move(1.06, pt(80, 360))),
            Step(release(1.5, pt(80, 360)), [.cursor(.hover), .save], [.rest(.edge(.left, fraction: 0.5))]),
        ]),
    Case(
        "a drag the pointer leaves ends where it is, and it snaps (sway 1.10's lost grab)", instant,
        [
            area(), Step(press(1)), Step(move(1.02, pt(640, 100)), [.dragBegan, .cursor(.grabbing)]),
            Step(
                .hover(false, at: 1.05), [.cursor(.hover), .save],
                [.rest(.edge(.top, fraction: 604.0 / 1208))]),
            Step(release(1.2)),
        ]),
    Case(
        "a cancel drops a tap waiting for its second press", withDoubleTap,
        [area(), Step(press(1)), Step(release(1.05)), Step(.cancel(at: 1.1)), Step(tick(1.5))]),

    // MARK: drags
    Case(
        "a drag moves the button by its grab, snaps to the nearest edge and saves", instant,
        [
            area(), Step(press(1)), Step(move(1.02, pt(1234, 360)), [.dragBegan, .cursor(.grabbing)]),
            Step(move(1.05, pt(100, 200)), [], [.origin(pt(72, 172)), .wholeSurfaceInput(true)]),
            Step(
                release(1.1, pt(100, 200)), [.cursor(.hover), .save],
                [.rest(.edge(.left, fraction: 164.0 / 648)), .origin(pt(8, 172)), .wholeSurfaceInput(false)]),
        ]),
    Case(
        "a drag runs no tap", withDoubleTap,
        [
            area(), Step(press(1)), Step(move(1.02, pt(1200, 300)), [.dragBegan, .cursor(.grabbing)]),
            Step(release(1.1, pt(1200, 300)), [.cursor(.hover), .save]), Step(tick(2)),
        ]),
    Case(
        "the drag is clamped fully onto the usable area",
        [
            area(), Step(press(1)), Step(move(1.02, pt(1300, 800)), [.dragBegan, .cursor(.grabbing)]),
            Step(move(1.03, pt(1400, 900)), [], [.origin(pt(1224, 664))]),
        ]),
    Case(
        "the snap glides from the drop to the rest, then stops asking for frames",
        [
            area(), Step(press(1)), Step(move(1.02, pt(1200, 300)), [.dragBegan, .cursor(.grabbing)]),
            Step(
                release(1.1, pt(1200, 300)), [.cursor(.hover), .save],
                [.wake(.frames), .restingOrigin(pt(1216, 272))]),
            Step(tick(1.4), [], [.origin(pt(1216, 272)), .wake(.timer(at: 2.6))]),
        ]),
    Case(
        "a cancel mid-drag ends the drag where it is, and it snaps", instant,
        [
            area(), Step(press(1)), Step(move(1.02, pt(640, 100)), [.dragBegan, .cursor(.grabbing)]),
            Step(.cancel(at: 1.1), [.cursor(.hover), .save], [.rest(.edge(.top, fraction: 604.0 / 1208))]),
            Step(release(1.2)),
        ]),
    Case(
        "a button that is not draggable does not move", fixed,
        [
            area(), Step(press(1)), Step(move(1.02, pt(600, 300))),
            Step(release(1.1, pt(600, 300)), [], [.origin(right)]),
        ]),
    Case(
        "losing the surface mid-drag ends the drag without saving",
        [
            area(), Step(press(1)), Step(move(1.02, pt(600, 300)), [.dragBegan, .cursor(.grabbing)]),
            Step(.area(nil, at: 1.05), [.cursor(.hover)], [.origin(nil)]), Step(release(1.1)),
        ]),

    // MARK: the menu
    Case(
        "while the menu is open a press is the menu's", withLongPress,
        [
            area(), Step(.menuOpened(at: 1), [], [.wholeSurfaceInput(true)]), Step(press(2, pt(100, 100))),
            Step(tick(3)), Step(release(3.1, pt(100, 100)), [.menuRelease(pt(100, 100))]),
        ]),
    Case(
        "after the menu closes a press is a gesture again",
        [
            area(), Step(.menuOpened(at: 1)), Step(.menuClosed(at: 2), [], [.wholeSurfaceInput(false)]),
            Step(press(3)), Step(release(3.1), [.run(.tap)]),
        ]),
    Case(
        "a menu opened by a long press: its release is swallowed, and after the close a tap taps",
        withLongPress,
        [
            area(), Step(press(1)), Step(tick(1.5), [.run(.longPress)]), Step(.menuOpened(at: 1.52)),
            Step(release(2), [], [.wholeSurfaceInput(true)]),
            Step(press(3, pt(100, 100))), Step(release(3.1, pt(100, 100)), [.menuRelease(pt(100, 100))]),
            Step(.menuClosed(at: 3.2)), Step(press(4)), Step(release(4.1), [.run(.tap)]),
            Step(press(5)), Step(move(5.05, pt(600, 300)), [.dragBegan, .cursor(.grabbing)]),
        ]),
    Case(
        "a menu opened while the button is held and closed while it still is: the next tap taps",
        [
            area(), Step(press(1)), Step(.menuOpened(at: 1.2)), Step(.menuClosed(at: 1.3)),
            Step(release(1.4)), Step(press(2)), Step(release(2.1), [.run(.tap)]),
        ]),
    Case(
        "a menu opened under a touch: the touch's release ends it, the menu stays",
        [
            area(), Step(tpress(1), [.feedback(.buttonPressed)]), Step(.menuOpened(at: 1.2)),
            Step(trelease(1.4), [], [.wholeSurfaceInput(true)]),
            Step(tpress(2, pt(100, 100))), Step(trelease(2.1, pt(100, 100)), [.menuRelease(pt(100, 100))]),
            Step(.menuClosed(at: 2.2)), Step(tpress(3), [.feedback(.buttonPressed)]),
            Step(trelease(3.1), [.run(.tap)]),
        ]),
    Case(
        "a menu opened during a drag: the drop moves nothing, and after the close a tap taps",
        [
            area(), Step(press(1)), Step(move(1.02, pt(600, 300)), [.dragBegan, .cursor(.grabbing)]),
            Step(.menuOpened(at: 1.1)), Step(release(1.2, pt(600, 300))), Step(.menuClosed(at: 2)),
            Step(press(3, pt(628, 328))), Step(release(3.1, pt(628, 328)), [.run(.tap)]),
        ]),
    Case(
        "the open menu keeps the button at full opacity",
        [area(), Step(.menuOpened(at: 1)), Step(tick(10), [], [.opacity(1), .wake(nil)])]),

    // MARK: fade and tuck
    Case(
        "the idle button fades, then wakes nothing",
        [
            area(), Step(tick(0.5), [], [.opacity(1), .wake(.timer(at: 1.5))]),
            Step(tick(1.65), [], [.opacity(0.7), .wake(.frames)]),
            Step(tick(1.8), [], [.opacity(0.4), .wake(nil)]),
        ]),
    Case(
        "hovering holds it awake; leaving starts the delay again",
        [
            area(), Step(.hover(true, at: 1), [.cursor(.hover)]),
            Step(tick(5), [], [.opacity(1), .wake(nil)]),
            Step(.hover(false, at: 6), [], [.wake(.timer(at: 7.5))]),
        ]),
    Case(
        "a touch holds it awake until the finger lifts", withLongPress,
        [
            area(), Step(press(1), [], [.opacity(1)]), Step(tick(1.5), [.run(.longPress)]),
            Step(tick(4), [], [.opacity(1)]), Step(release(5), [], [.wake(.frames)]),
            Step(tick(5.2), [], [.wake(.timer(at: 6.5))]),
        ]),
    Case(
        "equal opacities never wake it", noFade, [area(), Step(tick(0.5), [], [.wake(nil)])]),
    Case(
        "the idle button tucks half off its edge", tucking,
        [
            area(), Step(tick(1.0), [], [.wake(.timer(at: 1.5))]),
            Step(tick(1.5), [], [.tucked(true), .restingOrigin(right)]),
            Step(tick(2), [], [.origin(pt(1252, 332))]),
        ]),
    Case(
        "a tap on the tucked button only brings it back", tucking,
        [
            area(), Step(tick(1.5), [], [.tucked(true)]), Step(tick(2)), Step(press(3, pt(1266, 360))),
            Step(release(3.05, pt(1266, 360)), [], [.tucked(false)]), Step(tick(3.5), [], [.origin(right)]),
        ]),
    Case(
        "a long press on the tucked button runs nothing", tuckingLongPress,
        [
            area(), Step(tick(1.5)), Step(tick(2)), Step(press(3, pt(1266, 360))), Step(tick(3.5)),
            Step(release(4)),
        ]),
    Case(
        "the tucked button can be pulled out by a drag", tucking,
        [
            area(), Step(tick(1.5)), Step(tick(2)), Step(press(3, pt(1266, 360))),
            Step(move(3.02, pt(1000, 360)), [.dragBegan, .cursor(.grabbing)]),
            Step(release(3.1, pt(1000, 360)), [.cursor(.hover), .save], [.tucked(false)]),
        ]),
    Case(
        "opening the menu untucks the button at once", tucking,
        [
            area(), Step(tick(1.5)), Step(tick(2)),
            Step(.menuOpening(at: 3), [], [.tucked(false), .origin(right)]),
        ]),

    // MARK: commands
    Case(
        "hide, and show again where it rested",
        [
            area(), Step(.setVisible(false, at: 1), [.hidden], [.origin(nil), .visible(false)]),
            Step(press(2)), Step(release(2.1)),
            Step(.setVisible(true, at: 3), [], [.origin(right), .visible(true)]),
        ]),
    Case(
        "hiding mid-press cancels the press",
        [area(), Step(press(1)), Step(.setVisible(false, at: 1.05), [.hidden]), Step(release(1.1))]),
    Case(
        "hiding twice reports once",
        [area(), Step(.setVisible(false, at: 1), [.hidden]), Step(.setVisible(false, at: 2))]),
    Case(
        "move glides to a corner and saves",
        [
            area(),
            Step(
                .moveTo(.corner(.topLeft), at: 1), [.save],
                [.restingOrigin(pt(8, 8)), .rest(.corner(.topLeft)), .wake(.frames)]),
            Step(tick(1.3), [], [.origin(pt(8, 8))]),
        ]),
    Case(
        "a rule hides it and, once it no longer does, shows it where it rests",
        [
            area(),
            Step(.ruleHides(.fullscreen, at: 1), [.hidden], [.visible(false), .hiddenBy(.fullscreen)]),
            Step(.ruleHides(.app, at: 1.5), [], [.visible(false), .hiddenBy(.app)]),
            Step(.ruleHides(nil, at: 2), [], [.visible(true), .hiddenBy(nil), .origin(right)]),
        ]),
    Case(
        "msg show does not show what a rule hides; msg hide outlasts the rule",
        [
            area(), Step(.ruleHides(.mode, at: 1), [.hidden]),
            Step(.setVisible(true, at: 2), [], [.visible(false), .hiddenBy(.mode)]),
            Step(.setVisible(false, at: 3), [], [.hiddenBy(.msg)]),
            Step(.ruleHides(nil, at: 4), [], [.visible(false), .hiddenBy(.msg)]),
            Step(.setVisible(true, at: 5), [], [.visible(true), .hiddenBy(nil)]),
        ]),
    Case(
        "a rule hiding it mid-drag ends the drag where it was, as msg hide does",
        [
            area(), Step(press(1)), Step(move(1.02, pt(600, 300)), [.dragBegan, .cursor(.grabbing)]),
            Step(.ruleHides(.fullscreen, at: 1.05), [.cursor(.hover), .save, .hidden], [.visible(false)]),
            Step(release(1.1, pt(600, 300))),
        ]),
    Case(
        "move while hidden takes effect when shown",
        [
            area(), Step(.setVisible(false, at: 1), [.hidden]),
            Step(.moveTo(.corner(.bottomLeft), at: 2), [.save]),
            Step(.setVisible(true, at: 3), [], [.origin(pt(8, 656))]),
        ]),

    Case(
        "move to a point rests there, clamped fully on screen, and saves",
        [
            area(),
            Step(
                .moveToPoint(pt(153, 83), at: 1), [.save],
                [.restingOrigin(pt(153, 83)), .rest(.free(fx: 0.125, fy: 0.125))]),
            Step(.moveToPoint(pt(5000, -20), at: 2), [.save], [.restingOrigin(pt(1224, 0))]),
        ]),
    Case(
        "move during a drag is refused: the drop decides where it rests",
        [
            area(), Step(press(1)), Step(move(1.02, pt(40, 370)), [.dragBegan, .cursor(.grabbing)]),
            Step(.moveTo(.corner(.topLeft), at: 1.05), [], [.origin(pt(12, 342))]),
            Step(
                release(1.1, pt(40, 370)), [.cursor(.hover), .save],
                [.rest(.edge(.left, fraction: 334 / 648))]),
        ]),

    // MARK: what msg state says
    Case(
        "state: nothing before an area; at rest, where it rests",
        [
            Step(tick(0), [], [.reported(nil, .edge(.right, fraction: 0.5))]),
            Step(.area(usable, at: 0.1), [], [.reported(right, .edge(.right, fraction: 0.5))]),
        ]),
    Case(
        "state: during a drag, under the pointer and where a drop would snap",
        [
            area(), Step(press(1)), Step(move(1.02, pt(40, 370)), [.dragBegan, .cursor(.grabbing)]),
            Step(move(1.03, pt(40, 370)), [], [.reported(pt(12, 342), .edge(.left, fraction: 334 / 648))]),
        ]),
    Case(
        "state: hidden, where it comes back to",
        [
            area(),
            Step(.setVisible(false, at: 1), [.hidden], [.reported(right, .edge(.right, fraction: 0.5))]),
        ]),
    Case(
        "state: tucked, where it rests untucked", tucking,
        [
            area(), Step(tick(1.5)),
            Step(tick(3), [], [.tucked(true), .reported(right, .edge(.right, fraction: 0.5))]),
        ]),

    // MARK: touch
    Case(
        "a touch tap runs tap once, and its press is felt",
        [area(), Step(tpress(1), [.feedback(.buttonPressed)]), Step(trelease(1.08), [.run(.tap)])]),
    Case(
        "the pointer leaving as a touch begins does not cancel it",
        [
            area(), Step(.hover(true, at: 0.5), [.cursor(.hover)]),
            Step(tpress(1), [.feedback(.buttonPressed)]),
            Step(.hover(false, at: 1.01)), Step(.hover(true, at: 1.02), [.cursor(.hover)]),
            Step(trelease(1.1), [.run(.tap)]),
        ]),
    Case(
        "a touch held after the pointer left as it began keeps the button awake",
        [
            area(), Step(.hover(true, at: 0.5), [.cursor(.hover)]),
            Step(tpress(1), [.feedback(.buttonPressed)]), Step(.hover(false, at: 1.01)),
            Step(tick(3), [], [.opacity(1), .wake(nil)]),
        ]),
    Case(
        "a touch drag after the pointer left as it began keeps the button awake until its release",
        [
            area(), Step(.hover(true, at: 0.5), [.cursor(.hover)]),
            Step(tpress(1), [.feedback(.buttonPressed)]), Step(.hover(false, at: 1.01)),
            Step(tmove(1.1, pt(1100, 360)), [.dragBegan, .cursor(.grabbing)]),
            Step(tmove(3, pt(1000, 360)), [], [.opacity(1)]),
            Step(trelease(3.1, pt(1000, 360)), [.cursor(.hover), .save]),
            Step(tick(4.5), [], [.opacity(1)]), Step(tick(5), [], [.opacity(0.4)]),
        ]),
    Case(
        "a touch cancel for a touch ignored during a pointer drag leaves the drag alone",
        [
            area(), Step(press(1)), Step(move(1.02, pt(1230, 360)), [.dragBegan, .cursor(.grabbing)]),
            Step(tpress(1.05, pt(1230, 360))),
            Step(.cancel(kind: .touch, at: 1.1), [], [.dragging(true), .origin(pt(1202, 332))]),
            Step(move(1.2, pt(1000, 360)), [], [.origin(pt(972, 332))]),
            Step(release(1.3, pt(1000, 360)), [.cursor(.hover), .save], [.dragging(false)]),
        ]),
    Case(
        "a pointer warped far during a touch never drags it",
        [
            area(), Step(tpress(1), [.feedback(.buttonPressed)]), Step(move(1.02, pt(300, 300))),
            Step(tmove(1.04, pt(1250, 364))),
            Step(trelease(1.1, pt(1250, 364)), [.run(.tap)], [.origin(right)]),
        ]),
    Case(
        "pointer events emulated for a touch run tap once",
        [
            area(), Step(tpress(1), [.feedback(.buttonPressed)]), Step(press(1.001)), Step(release(1.05)),
            Step(trelease(1.06), [.run(.tap)]), Step(release(1.07)),
        ]),
    Case(
        "a touch waits the touch double-tap window", withDoubleTap,
        [
            area(), Step(tpress(1), [.feedback(.buttonPressed)]), Step(trelease(1.2)),
            Step(tick(1.45), [], [.wake(.timer(at: 1.5))]),
            Step(tick(1.5), [.run(.tap)]),
        ]),
    Case(
        "a touch moving 7 px is a tap, the pointer's a drag",
        [
            area(), Step(tpress(1), [.feedback(.buttonPressed)]),
            Step(trelease(1.1, pt(1237, 360)), [.run(.tap)]), Step(press(2)),
            Step(move(2.05, pt(1237, 360)), [.dragBegan, .cursor(.grabbing)]),
            Step(release(2.1, pt(1237, 360)), [.cursor(.hover), .save]),
        ]),
    Case(
        "a touch on the open menu ends with the touch's release",
        [
            area(), Step(.menuOpened(at: 1)), Step(tpress(2, pt(100, 100))), Step(.hover(false, at: 2.01)),
            Step(release(2.05, pt(100, 100))),
            Step(trelease(2.1, pt(100, 100)), [.menuRelease(pt(100, 100))]),
        ]),

    // MARK: flicks
    Case(
        "a flick up runs swipe up; the button glides back, nothing is saved", swipeUp,
        [
            area(), Step(press(1)), Step(move(1.05, pt(1244, 330)), [.dragBegan, .cursor(.grabbing)]),
            Step(release(1.1, pt(1244, 310)), [.cursor(.hover), .run(.swipeUp)], [.wake(.frames)]),
            Step(tick(1.5), [], [.origin(right), .rest(.edge(.right, fraction: 0.5))]),
        ]),
    Case(
        "a touch flick up runs swipe up", swipeUp,
        [
            area(), Step(tpress(1), [.feedback(.buttonPressed)]),
            Step(tmove(1.05, pt(1244, 330)), [.dragBegan, .cursor(.grabbing)]),
            Step(trelease(1.1, pt(1244, 310)), [.cursor(.hover), .run(.swipeUp)]),
            Step(tick(1.5), [], [.origin(right)]),
        ]),
    Case(
        "a slow flick up is a drag: it snaps and is saved", swipeUp,
        [
            area(), Step(press(1)), Step(move(1.2, pt(1244, 330)), [.dragBegan, .cursor(.grabbing)]),
            Step(release(1.4, pt(1244, 300)), [.cursor(.hover), .save]),
            Step(tick(2), [], [.origin(pt(1216, 272))]),
        ]),
    Case(
        "a flick down without swipe_down is a drag", swipeUp,
        [
            area(), Step(press(1)), Step(move(1.05, pt(1244, 390)), [.dragBegan, .cursor(.grabbing)]),
            Step(release(1.1, pt(1244, 410)), [.cursor(.hover), .save]),
        ]),
    Case(
        "a button that cannot be dragged flicks", fixedSwipeUp,
        [
            area(), Step(press(1)), Step(move(1.05, pt(1244, 330))),
            Step(release(1.1, pt(1244, 310)), [.run(.swipeUp)], [.origin(right)]),
        ]),

    Case(
        "a flick of a tucked button only brings it back",
        ButtonSettings(tuck: true, gestures: GestureSettings(flicks: [.up])),
        [
            area(), Step(tick(1.5)), Step(tick(2), [], [.tucked(true)]), Step(press(3, pt(1270, 360))),
            Step(move(3.05, pt(1270, 330)), [.dragBegan, .cursor(.grabbing)]),
            Step(release(3.1, pt(1270, 310)), [.cursor(.hover)]),
            Step(tick(3.5), [], [.origin(right), .tucked(false)]),
        ]),
    Case(
        "the pointer's echo of a touch does not let the idle fade start under the finger", noFadeDelay,
        [
            area(), Step(tpress(1), [.feedback(.buttonPressed)]), Step(press(1.001)), Step(release(1.01)),
            Step(tick(3), [], [.opacity(1), .wake(nil)]), Step(trelease(4), [.run(.tap)]),
            Step(tick(4.2), [], [.wake(.timer(at: 5))]),
        ]),

    // MARK: press feedback
    Case(
        "a press pushes it in at once and fully in 50 ms, then no frames while held",
        [
            area(), Step(press(1), [], [.pressDepth(0.5), .wake(.frames)]),
            Step(tick(1.05), [], [.pressDepth(1), .wake(nil)]), Step(tick(3), [], [.pressDepth(1)]),
            Step(release(4), [.run(.tap)], [.pressDepth(1), .wake(.frames)]),
            Step(tick(4.075), [], [.pressDepth(0.5)]),
            Step(tick(4.15), [], [.pressDepth(0), .wake(.timer(at: 5.5))]),
        ]),
    Case(
        "with double tap set, a tap shorter than a frame still pushes it fully in", withDoubleTap,
        [
            area(), Step(press(1), [], [.pressDepth(0.5)]), Step(release(1.01), [], [.pressDepth(0.6)]),
            Step(tick(1.05), [], [.pressDepth(1)]), Step(tick(1.125), [], [.pressDepth(0.5)]),
            Step(tick(1.2), [], [.pressDepth(0), .wake(.timer(at: 1.26))]),
        ]),
    Case(
        "a drag shows it at full size at once: it follows the finger as it looks at rest",
        [
            area(), Step(press(1), [], [.pressDepth(0.5)]),
            Step(move(1.02, pt(1200, 300)), [.dragBegan, .cursor(.grabbing)], [.pressDepth(0)]),
            // 1.2: the remove target has faded in, which asks for frames until then.
            Step(move(1.2, pt(1180, 300)), [], [.pressDepth(0), .wake(nil)]),
            Step(release(1.3, pt(1180, 300)), [.cursor(.hover), .save], [.pressDepth(0)]),
        ]),
    Case(
        "a press on the open menu does not push the button",
        [area(), Step(.menuOpened(at: 1)), Step(press(2, pt(100, 100)), [], [.pressDepth(0)])]),
    Case(
        "a cancelled press springs back",
        [
            area(), Step(press(1)), Step(.cancel(at: 1.1), [], [.pressDepth(1), .wake(.frames)]),
            Step(tick(1.25), [], [.pressDepth(0)]),
        ]),

    // MARK: haptic feedback
    Case(
        "under auto, a pointer press and a pointer long press are not felt", withLongPress,
        [area(), Step(press(1)), Step(tick(1.5), [.run(.longPress)]), Step(release(2))]),
    Case(
        "under auto, a touch long press is felt going down and at its release", withLongPress,
        [
            area(), Step(tpress(1), [.feedback(.buttonPressed)]), Step(tick(1.5), [.run(.longPress)]),
            Step(trelease(2), [.feedback(.buttonReleased)]),
        ]),
    Case(
        "under on, the pointer's presses are felt too", feelEveryPress,
        [
            area(), Step(press(1), [.feedback(.buttonPressed)]), Step(tick(1.5), [.run(.longPress)]),
            Step(release(2), [.feedback(.buttonReleased)]), Step(press(3), [.feedback(.buttonPressed)]),
            Step(release(3.1), [.run(.tap)]),
        ]),
    Case(
        "under off, nothing is felt", feelNothing,
        [area(), Step(tpress(1)), Step(tick(1.5), [.run(.longPress)]), Step(trelease(2)), Step(press(3))]),
    Case(
        "under on, the pointer's echo of a touch is not felt a second time", feelEveryPress,
        [
            area(), Step(tpress(1), [.feedback(.buttonPressed)]), Step(press(1.001)), Step(release(1.05)),
            Step(trelease(1.06), [.run(.tap)]),
        ]),
    Case(
        "a long press that opened the menu: its release is felt, a press on the menu is not", withLongPress,
        [
            area(), Step(tpress(1), [.feedback(.buttonPressed)]), Step(tick(1.5), [.run(.longPress)]),
            Step(.menuOpened(at: 1.52)),
            Step(trelease(2), [.feedback(.buttonReleased)]), Step(tpress(3, pt(100, 100))),
            Step(trelease(3.1, pt(100, 100)), [.menuRelease(pt(100, 100))]),
        ]),
    Case(
        "a cancelled long press is not felt at its end", withLongPress,
        [
            area(), Step(tpress(1), [.feedback(.buttonPressed)]), Step(tick(1.5), [.run(.longPress)]),
            Step(.cancel(kind: .touch, at: 2)), Step(trelease(2.1)),
        ]),
    Case(
        "a touch that brings a tucked button back is felt; its long press runs nothing, and its release is not felt",
        tuckingLongPress,
        [
            area(), Step(tick(1.5)), Step(tick(2), [], [.tucked(true)]),
            Step(tpress(3, pt(1266, 360)), [.feedback(.buttonPressed)]),
            Step(tick(3.5)), Step(trelease(4)),
        ]),

    // MARK: regressions from the App this replaced
    Case(
        "a reload during a press keeps that press's rules, and the next press has the new ones", plain,
        [
            area(), Step(press(1)), Step(.settings(withDoubleTap, at: 1.02)),
            Step(release(1.05), [.run(.tap)]),
            Step(press(2)), Step(release(2.05)), Step(tick(2.25), [], [.wake(.timer(at: 2.3))]),
            Step(tick(2.3), [.run(.tap)]),
        ]),
    Case(
        "a reload while a tap waits for its second press applies after it", withDoubleTap,
        [
            area(), Step(press(1)), Step(release(1.05)), Step(.settings(plain, at: 1.1)),
            Step(tick(1.3), [.run(.tap)]), Step(press(2)), Step(release(2.05), [.run(.tap)]),
        ]),
    Case(
        "the preferred output returning mid-drag moves the button there when the drag ends",
        [
            area(), Step(press(1)), Step(move(1.02, pt(600, 300)), [.dragBegan, .cursor(.grabbing)]),
            Step(.preferredOutputReturned(at: 1.05)),
            Step(release(1.1, pt(600, 300)), [.cursor(.hover), .save, .relocate]),
        ]),
    Case(
        "the preferred output returning mid-press waits for the release",
        [
            area(), Step(press(1)), Step(.preferredOutputReturned(at: 1.05)),
            Step(release(1.1), [.run(.tap), .relocate]),
        ]),
    Case(
        "the preferred output returning at rest moves it at once",
        [area(), Step(.preferredOutputReturned(at: 1), [.relocate])]),

    // MARK: drag to remove
    Case(
        "a drag shows the remove target, fading in, armed while the button is over it",
        [
            area(), Step(press(1), [], [.removal(nil)]),
            Step(
                move(1.02, pt(1230, 360)), [.dragBegan, .cursor(.grabbing)],
                [.removal(.target(opacity: 0, armed: false)), .wake(.frames)]),
            Step(move(1.095, pt(640, 400)), [], [.removal(.target(opacity: 0.5, armed: false))]),
            Step(move(1.2, pt(640 + 47, 656)), [], [.removal(.target(opacity: 1, armed: true))]),
            Step(move(1.25, pt(640, 656 - 49)), [], [.removal(.target(opacity: 1, armed: false))]),
        ]),
    Case(
        "a drop on the target removes it: no frame, its place before the drag kept, nothing saved",
        removed + [
            Step(
                tick(1.4), [],
                [
                    .origin(nil), .reported(right, .edge(.right, fraction: 0.5)),
                    .rest(.edge(.right, fraction: 0.5)), .wake(.timer(at: 4.3)),
                ])
        ]),
    Case(
        "a drop 47 px from the target's centre removes it",
        [area()] + drag(from: 1, to: pt(640 + 33, 656 + 33))
            + [Step(release(1.3, pt(673, 689)), [.cursor(.hover), .removed], [.hiddenBy(.removed)])]),
    Case(
        "a drop 49 px from the target's centre snaps to the bottom edge", instant,
        [area()] + drag(from: 1, to: pt(640 + 49, 656))
            + [
                Step(
                    release(1.3, pt(689, 656)), [.cursor(.hover), .save],
                    [.visible(true), .restingOrigin(pt(661, 656)), .removal(nil)])
            ]),
    Case(
        "with removable = false no target shows, and a drop on its place moves the button",
        notRemovable,
        [area()] + drag(from: 1, to: target)
            + [
                Step(tick(1.25), [], [.removal(nil)]),
                Step(
                    release(1.3, target), [.cursor(.hover), .save],
                    [.visible(true), .hiddenBy(nil), .restingOrigin(pt(612, 656))]),
            ]),
    Case(
        "a touch drag that ends on the target removes it",
        [area()] + drag(from: 1, to: target, kind: .touch)
            + [
                Step(
                    trelease(1.3, target), [.cursor(.hover), .removed],
                    [.hiddenBy(.removed), .removal(.undo(pressed: false))])
            ]),
    Case(
        "a finger's removal keeps Undo 8 s, where a phone has no other way back at hand (issue 43)",
        [area()] + drag(from: 1, to: target, kind: .touch)
            + [
                Step(trelease(1.3, target), [.cursor(.hover), .removed]),
                Step(tick(4.3), [], [.removal(.undo(pressed: false))]),
                Step(tick(9.3), [], [.removal(nil), .hiddenBy(.removed), .wake(nil)]),
            ]),
    Case(
        "a cancel over the target is no drop: the button snaps there", instant,
        [area()] + drag(from: 1, to: target)
            + [Step(.cancel(at: 1.3), [.cursor(.hover), .save], [.visible(true), .removal(nil)])]),
    Case(
        "a tap on Undo brings it back where it rested before the drag",
        removed + [
            Step(press(1.5, target), [], [.removal(.undo(pressed: true)), .wake(nil)]),
            Step(
                release(1.6, target), [.restored],
                [.visible(true), .hiddenBy(nil), .origin(right), .removal(nil)]),
        ]),
    Case(
        "a touch tap on Undo brings it back",
        removed + [Step(tpress(1.5, target)), Step(trelease(1.6, target), [.restored], [.origin(right)])]),
    Case(
        "a press on Undo released off it undoes nothing, and Undo stays",
        removed + [
            Step(press(1.5, target)),
            Step(release(1.6, pt(640, 500)), [], [.hiddenBy(.removed), .removal(.undo(pressed: false))]),
            Step(tick(4.3), [], [.removal(nil)]),
        ]),
    Case(
        "a press beside Undo does nothing",
        removed + [Step(press(1.5, pt(640, 600)), [], [.removal(.undo(pressed: false))])]),
    Case(
        "Undo goes after 3 s; then nothing shows and nothing wakes",
        removed + [
            Step(tick(4.29), [], [.removal(.undo(pressed: false))]),
            Step(tick(4.3), [], [.removal(nil), .origin(nil), .hiddenBy(.removed), .wake(nil)]),
        ]),
    Case(
        "a press held on Undo past its 3 s keeps it until the release",
        removed + [
            Step(press(4.0, target)), Step(tick(4.5), [], [.removal(.undo(pressed: true)), .wake(nil)]),
            Step(release(4.6, target), [.restored], [.visible(true)]),
        ]),
    Case(
        "a press held on Undo past its 3 s and released off it ends Undo",
        removed + [
            Step(press(4.0, target)), Step(tick(4.5)),
            Step(release(4.6, pt(100, 100)), [], [.removal(nil), .hiddenBy(.removed)]),
        ]),
    Case(
        "msg show after Undo has gone brings it back where it rested before the drag",
        removed + [
            Step(tick(4.3)),
            Step(
                .setVisible(true, at: 5), [], [.visible(true), .hiddenBy(nil), .origin(right), .removal(nil)]),
        ]),
    Case(
        "SIGUSR1 (a show) during Undo brings it back, and Undo goes",
        removed + [
            // The wake is the idle fade's, no longer Undo's (4.3).
            Step(
                .setVisible(true, at: 2), [],
                [.visible(true), .origin(right), .removal(nil), .wake(.timer(at: 3.5))])
        ]),
    Case(
        "msg hide during Undo ends Undo: hidden on request, a tap there does nothing, show brings it back",
        removed + [
            Step(
                .setVisible(false, at: 2), [], [.visible(false), .hiddenBy(.msg), .removal(nil), .wake(nil)]),
            Step(press(2.1, target)),
            Step(release(2.2, target), [], [.visible(false), .hiddenBy(.msg), .removal(nil)]),
            Step(.setVisible(true, at: 3), [], [.visible(true), .hiddenBy(nil), .origin(right)]),
        ]),
    Case(
        "a rule hiding a removed one: Undo ends the removal, and the rule keeps it hidden",
        removed + [
            Step(.ruleHides(.fullscreen, at: 1.4), [], [.hiddenBy(.removed)]),
            Step(press(1.5, target)),
            Step(release(1.6, target), [], [.visible(false), .hiddenBy(.fullscreen), .removal(nil)]),
            Step(.ruleHides(nil, at: 2), [], [.visible(true), .origin(right)]),
        ]),
    Case(
        "losing the surface while removed keeps it removed",
        removed + [
            Step(.area(nil, at: 1.4), [], [.hiddenBy(.removed)]),
            Step(.area(usable, at: 1.5), [], [.hiddenBy(.removed), .origin(nil)]),
        ]),

    // MARK: across outputs
    Case(
        "a drag past the edge straddles it, then follows the pointer onto the output beside it",
        instant,
        [
            area(), Step(.otherOutputs([besideRight])), Step(press(1)),
            Step(
                move(1.02, pt(1230, 360)), [.dragBegan, .cursor(.grabbing)],
                [.drawn(own: true, other: nil), .draggedOver(nil)]),
            // The pointer still on its own output, the button reaching over the edge.
            Step(
                move(1.05, pt(1270, 360)), [],
                [.origin(pt(1242, 332)), .drawn(own: true, other: second), .draggedOver(nil)]),
            Step(
                move(1.07, pt(1290, 360)), [],
                [.origin(pt(1262, 332)), .drawn(own: true, other: second), .draggedOver(second)]),
            Step(
                move(1.1, pt(1400, 500)), [],
                [
                    .origin(pt(1372, 472)), .drawn(own: false, other: second), .draggedOver(second),
                    .removal(nil),
                    .reported(pt(92, 472), .edge(.left, fraction: 464.0 / 1008)),
                ]),
            Step(
                release(1.2, pt(1400, 500)), [.cursor(.hover), .crossed(to: second), .save],
                [.drawn(own: true, other: nil), .origin(pt(8, 472)), .restingOrigin(pt(8, 472))]),
            // Its area is that output's now: a new area for it keeps the place.
            Step(.area(Rect(x: 0, y: 0, width: 1920, height: 1080), at: 1.3), [], [.origin(pt(8, 472))]),
        ]),
    Case(
        "over another output it is clamped to that output's area, but for the edge it came over",
        [
            area(), Step(.otherOutputs([besideRight])), Step(press(1)),
            Step(move(1.02, pt(1230, 360)), [.dragBegan, .cursor(.grabbing)]),
            Step(move(1.1, pt(3190, 1070)), [], [.draggedOver(second), .origin(pt(3200 - 56, 1080 - 56))]),
            Step(move(1.15, pt(1300, -20)), [], [.draggedOver(second), .origin(pt(1272, 0))]),
        ]),
    Case(
        "dragged back onto its own output, it snaps there as ever", instant,
        [
            area(), Step(.otherOutputs([besideRight])), Step(press(1)),
            Step(move(1.02, pt(1230, 360)), [.dragBegan, .cursor(.grabbing)]),
            Step(move(1.1, pt(1400, 500)), [], [.draggedOver(second)]),
            Step(
                move(1.15, pt(1000, 500)), [],
                [.draggedOver(nil), .drawn(own: true, other: nil), .origin(pt(972, 472))]),
            // Nearer the bottom edge than the right one.
            Step(release(1.2, pt(1000, 500)), [.cursor(.hover), .save], [.restingOrigin(pt(972, 656))]),
        ]),
    Case(
        "over a gap between outputs it stays at its own output's edge",
        [
            area(),
            Step(
                .otherOutputs([
                    OtherOutput(name: second, area: Rect(x: 1380, y: 0, width: 1920, height: 1080))
                ])), Step(press(1)),
            Step(move(1.02, pt(1230, 360)), [.dragBegan, .cursor(.grabbing)]),
            Step(
                move(1.1, pt(1330, 500)), [],
                [.draggedOver(nil), .drawn(own: true, other: nil), .origin(pt(1224, 472))]),
        ]),
    Case(
        "without another output beside it, it stays on its own",
        [
            area(), Step(press(1)), Step(move(1.02, pt(1230, 360)), [.dragBegan, .cursor(.grabbing)]),
            Step(move(1.1, pt(1400, 500)), [], [.drawn(own: true, other: nil), .origin(pt(1224, 472))]),
        ]),
    Case(
        "a cancel over another output ends the drag there, as a drop does", instant,
        [
            area(), Step(.otherOutputs([besideRight])), Step(press(1)),
            Step(move(1.02, pt(1230, 360)), [.dragBegan, .cursor(.grabbing)]),
            Step(move(1.1, pt(1400, 500))),
            Step(
                .cancel(at: 1.2), [.cursor(.hover), .crossed(to: second), .save], [.restingOrigin(pt(8, 472))]
            ),
        ]),
    Case(
        "a flick over another output runs its action and the button glides back home", swipeUp,
        [
            area(), Step(.otherOutputs([besideRight])), Step(press(1)),
            Step(move(1.02, pt(1250, 340)), [.dragBegan, .cursor(.grabbing)]),
            Step(move(1.05, pt(1290, 200)), [], [.draggedOver(second)]),
            Step(
                release(1.06, pt(1290, 200)), [.cursor(.hover), .run(.swipeUp)],
                [.draggedOver(nil), .restingOrigin(right)]),
        ]),
    Case(
        "dragged over another output, a drop on the remove target there removes it there",
        [
            area(), Step(.otherOutputs([besideRight])), Step(press(1)),
            Step(move(1.02, pt(1230, 360)), [.dragBegan, .cursor(.grabbing)]),
            Step(
                move(1.2, pt(2240, 1016)), [],
                [.draggedOver(second), .removal(nil), .removalOn(second, .target(opacity: 1, armed: true))]),
            Step(
                release(1.3, pt(2240, 1016)), [.cursor(.hover), .crossed(to: second), .removed],
                [
                    .visible(false), .hiddenBy(.removed), .removal(.undo(pressed: false)),
                    .rest(.edge(.right, fraction: 0.5)),
                ]),
            // Undo is on that output now, and brings it back there, at its rest from before.
            Step(press(1.5, pt(960, 1016))),
            Step(release(1.6, pt(960, 1016)), [.restored], [.visible(true), .origin(pt(1856, 512))]),
        ]),
    Case(
        "the output it is held over going mid-drag leaves it on its own, where a release snaps it", instant,
        [
            area(), Step(.otherOutputs([besideRight])), Step(press(1)),
            Step(move(1.02, pt(1230, 360)), [.dragBegan, .cursor(.grabbing)]),
            Step(move(1.1, pt(1400, 500)), [], [.draggedOver(second)]),
            Step(
                .otherOutputs([]), [],
                [
                    .draggedOver(nil), .drawn(own: true, other: nil), .origin(pt(1224, 472)),
                    .reported(pt(1224, 472), .edge(.right, fraction: 464.0 / 648)),
                ]),
            Step(
                release(1.2, pt(1400, 500)), [.cursor(.hover), .save],
                [.rest(.edge(.right, fraction: 464.0 / 648)), .origin(pt(1216, 472))]),
        ]),
    Case(
        "outputs that change mid-drag put it where the pointer is in the new layout", instant,
        [
            area(), Step(.otherOutputs([besideRight])), Step(press(1)),
            Step(move(1.02, pt(1230, 360)), [.dragBegan, .cursor(.grabbing)]),
            Step(move(1.1, pt(2000, 500)), [], [.draggedOver(second), .origin(pt(1972, 472))]),
            Step(
                .otherOutputs([
                    OtherOutput(name: second, area: Rect(x: 1280, y: 0, width: 640, height: 720)),
                    OtherOutput(name: third, area: Rect(x: 1920, y: 0, width: 1280, height: 720)),
                ]), [],
                [
                    .draggedOver(third), .drawn(own: false, other: third), .origin(pt(1972, 472)),
                    .reported(pt(52, 472), .edge(.left, fraction: 464.0 / 648)),
                ]),
            Step(release(1.2, pt(2000, 500)), [.cursor(.hover), .crossed(to: third), .save]),
        ]),

    Case(
        "a surface made anew forgets the other outputs of the one that went",
        [
            area(),
            Step(
                .otherOutputs([OtherOutput(name: second, area: Rect(x: 1280, y: 0, width: 1280, height: 720))]
                )),
            Step(.area(nil, at: 0.5), [], [.origin(nil)]), Step(.area(usable, at: 0.6), [], [.origin(right)]),
            Step(press(1)), Step(move(1.02, pt(1230, 360)), [.dragBegan, .cursor(.grabbing)]),
            Step(
                move(1.1, pt(1279, 360)), [],
                [.origin(pt(1224, 332)), .drawn(own: true, other: nil), .draggedOver(nil)]),
        ]),

    Case(
        "a reload that changes the size mid-drag keeps the button where the pointer grabbed it",
        [
            area(), Step(press(1)), Step(move(1.02, pt(1230, 360)), [.dragBegan, .cursor(.grabbing)]),
            Step(move(1.1, pt(640, 360)), [], [.origin(pt(612, 332))]),
            Step(.settings(ButtonSettings(size: 80), at: 1.2), [], [.origin(pt(600, 320))]),
            Step(move(1.3, pt(600, 360)), [], [.origin(pt(560, 320))]),
        ]),

    // MARK: neighbours
    Case(
        "a button placed where another rests takes the nearest free place",
        [
            Step(.neighbours([Rect(x: 1216, y: 340, width: 56, height: 56)])),
            Step(.area(usable, at: 0), [], [.restingOrigin(pt(1216, 276))]),
        ]),
    Case(
        "a button dropped onto another moves to the nearest free place", instant,
        [
            area(), Step(.neighbours([Rect(x: 8, y: 332, width: 56, height: 56)])), Step(press(1)),
            Step(move(1.02, pt(1200, 360)), [.dragBegan, .cursor(.grabbing)]),
            Step(move(1.05, pt(40, 370))),
            Step(release(1.1, pt(40, 370)), [.cursor(.hover), .save], [.origin(pt(8, 396))]),
        ]),
    // MARK: where it rests, and who chose it
    Case(
        "a drop is the user's choice: on the output it is on, over the config's position",
        instant,
        [
            area(), Step(.output("HEADLESS-1"), [], [.restOutput(nil), .chosenOver(nil)]),
            Step(press(1)), Step(move(1.02, pt(1200, 360)), [.dragBegan, .cursor(.grabbing)]),
            Step(
                release(1.1, pt(40, 370)), [.cursor(.hover), .save],
                [.restOutput("HEADLESS-1"), .chosenOver(.right)]),
        ]),
    Case(
        "a drag onto another output rests there, as the user chose",
        instant,
        [
            area(), Step(.output("HEADLESS-1")), Step(.otherOutputs([besideRight])), Step(press(1)),
            Step(move(1.02, pt(1230, 360)), [.dragBegan, .cursor(.grabbing)]),
            Step(move(1.1, pt(1400, 500)), [], [.restOutput(nil), .chosenOver(nil)]),
            Step(
                release(1.2, pt(1400, 500)), [.cursor(.hover), .crossed(to: second), .save],
                [.restOutput(second), .chosenOver(.right), .rest(.edge(.left, fraction: 464.0 / 1008))]),
            // Its new neighbours there: the nearest free place, and nothing to save twice.
            Step(.neighbours([Rect(x: 8, y: 472, width: 56, height: 56)])),
            Step(.settleAmongNeighbours(at: 1.3), [], [.restOutput(second), .restingOrigin(pt(8, 408))]),
        ]),
    Case(
        "msg move to an output rests there from now on, as the user chose",
        [
            area(), Step(.output("HEADLESS-1")),
            Step(
                .moveToOutput(second, at: 1), [.relocate, .save], [.restOutput(second), .chosenOver(.right)]),
        ]),
    Case(
        "a place chosen before the surface entered an output rests on the first it enters",
        [
            area(),
            Step(.moveTo(.corner(.topLeft), at: 1), [.save], [.restOutput(nil), .chosenOver(.right)]),
            Step(.output(second), [], [.restOutput(second)]),
            Step(.output("HEADLESS-1"), [], [.restOutput(second)]),
        ]),
    Case(
        "following the focus is buoy's choice: nothing saved, and back where it was on each output",
        instant,
        [
            area(), Step(.output("HEADLESS-1")),
            Step(.moveTo(.corner(.topLeft), at: 1), [.save], [.chosenOver(.right)]),
            Step(
                .followFocus(from: "HEADLESS-1", to: second, at: 2), [.relocate, .moved],
                [.restOutput(second)]),
            Step(.area(nil, at: 2)), Step(.output(second)), Step(.area(usable, at: 2.1)),
            Step(.moveTo(.corner(.bottomLeft), at: 3), [.save], [.restingOrigin(pt(8, 656))]),
            Step(
                .followFocus(from: second, to: "HEADLESS-1", at: 4), [.relocate, .moved],
                [.restOutput("HEADLESS-1"), .rest(.corner(.topLeft))]),
            Step(.area(nil, at: 4)), Step(.area(usable, at: 4.1), [], [.origin(pt(8, 8))]),
            Step(
                .followFocus(from: "HEADLESS-1", to: second, at: 5), [.relocate, .moved],
                [.rest(.corner(.bottomLeft))]),
        ]),
    Case(
        "a reload whose position wins follows the config: the chosen place is forgotten, nothing saved",
        instant,
        [
            area(), Step(.moveTo(.corner(.topLeft), at: 1), [.save], [.chosenOver(.right)]),
            Step(
                .settings(ButtonSettings(snapDuration: 0, position: .bottomLeft), at: 2), [],
                [.rest(.corner(.topLeft))]),
            Step(
                .followConfig(at: 2), [.moved],
                [.chosenOver(nil), .rest(.corner(.bottomLeft)), .origin(pt(8, 656))]),
        ]),
    Case(
        "msg move default during a drag forgets the choice; the drop decides where it rests",
        [
            area(), Step(.moveTo(.corner(.topLeft), at: 0.5), [.save]), Step(press(1, pt(36, 36))),
            Step(move(1.02, pt(600, 300)), [.dragBegan, .cursor(.grabbing)]),
            Step(.followConfig(at: 1.05), [.moved], [.chosenOver(nil), .rest(.corner(.topLeft))]),
        ]),
]

final class ButtonControllerTests: XCTestCase {
    func testTable() {
        for c in cases {
            var controller = ButtonController(settings: c.settings, rest: c.rest, now: 0)
            for (index, step) in c.steps.enumerated() {
                let context = "\(c.name), step \(index + 1) (\(step.input))"
                let effects = controller.handle(step.input)
                XCTAssertEqual(effects, step.effects, context, line: c.line)
                let now = step.input.time
                let appearance = controller.frame(at: now)
                for check in step.checks {
                    switch check {
                    case .origin(let origin):
                        XCTAssertEqual(appearance?.origin, origin, "\(context): origin", line: c.line)
                    case .restingOrigin(let origin):
                        XCTAssertEqual(
                            controller.restingOrigin, origin, "\(context): resting origin", line: c.line)
                    case .rest(let rest):
                        XCTAssertEqual(controller.rest, rest, "\(context): rest", line: c.line)
                    case .visible(let visible):
                        XCTAssertEqual(controller.isVisible, visible, "\(context): visible", line: c.line)
                    case .tucked(let tucked):
                        XCTAssertEqual(controller.isTucked, tucked, "\(context): tucked", line: c.line)
                    case .wholeSurfaceInput(let whole):
                        XCTAssertEqual(
                            appearance?.wholeSurfaceInput, whole, "\(context): input", line: c.line)
                    case .opacity(let opacity):
                        XCTAssertEqual(
                            controller.opacity(at: now), opacity, accuracy: 1e-9, "\(context): opacity",
                            line: c.line)
                    case .pressDepth(let depth):
                        XCTAssertEqual(
                            appearance?.pressDepth ?? -1, depth, accuracy: 1e-9, "\(context): press depth",
                            line: c.line)
                    case .wake(let wake):
                        XCTAssertEqual(
                            controller.nextWake(after: now), wake, "\(context): wake", line: c.line)
                    case .hiddenBy(let reason):
                        XCTAssertEqual(controller.hiddenBy, reason, "\(context): hidden by", line: c.line)
                    case .removal(let scene), .removalOn(_, let scene):
                        var output: String?
                        if case .removalOn(let name, _) = check { output = name }
                        let actual = controller.removal(at: now, on: output)
                        if case .target(let opacity, let armed)? = scene,
                            case .target(let actualOpacity, let actualArmed)? = actual
                        {
                            XCTAssertEqual(
                                actualOpacity, opacity, accuracy: 1e-9, "\(context): target", line: c.line)
                            XCTAssertEqual(actualArmed, armed, "\(context): armed", line: c.line)
                        } else {
                            XCTAssertEqual(actual, scene, "\(context): removal", line: c.line)
                        }
                    case .drawn(let own, let other):
                        XCTAssertEqual(appearance?.onOwnArea, own, "\(context): drawn here", line: c.line)
                        XCTAssertEqual(
                            appearance?.otherOutput?.name, other, "\(context): drawn there", line: c.line)
                    case .dragging(let dragging):
                        XCTAssertEqual(controller.isDragging, dragging, "\(context): dragging", line: c.line)
                    case .draggedOver(let index):
                        XCTAssertEqual(
                            controller.otherOutputDraggedOver, index, "\(context): dragged over", line: c.line
                        )
                    case .restOutput(let output):
                        XCTAssertEqual(controller.restOutput, output, "\(context): rest output", line: c.line)
                    case .chosenOver(let placement):
                        XCTAssertEqual(
                            controller.chosenOver, placement, "\(context): chosen over", line: c.line)
                    case .reported(let origin, let rest):
                        XCTAssertEqual(
                            controller.reportedOrigin, origin, "\(context): reported", line: c.line)
                        XCTAssertEqual(
                            controller.reportedRest, rest, "\(context): reported rest", line: c.line)
                    }
                }
            }
        }
    }

    /// Every row above is a distinct behaviour; the count is quoted in the closing note.
    func testTableHasDistinctNames() {
        XCTAssertEqual(Set(cases.map(\.name)).count, cases.count)
    }
}

import BuoyButton
import BuoyCommandLine
import BuoyCore
import XCTest

/// `buoy msg`'s decisions: one row per request and snapshot, every refusal's
/// words included, as the running buoy answers them.
final class MessageDispatchTests: XCTestCase {
    private typealias Plan = MessagePlan
    private static let now = 10.0
    private static let outputs = ["DP-1", "HDMI-A-1"]

    private static func instance(
        _ name: String, each: String? = nil, on output: String? = "DP-1",
        _ change: (inout InstanceFacts) -> Void = { _ in }
    ) -> InstanceFacts {
        var facts = InstanceFacts(
            key: InstanceKey(name: name, instanceOutput: each), output: output, actions: [.tap])
        change(&facts)
        return facts
    }

    /// One button, `main`, on DP-1.
    private static func one(_ change: (inout InstanceFacts) -> Void = { _ in }) -> MessageFacts {
        MessageFacts(buttons: ["main"], instances: [instance("main", change)], outputs: outputs)
    }

    /// Two buttons, `main` and `kb`, both on DP-1.
    private static func two(
        main: (inout InstanceFacts) -> Void = { _ in }, kb: (inout InstanceFacts) -> Void = { _ in }
    ) -> MessageFacts {
        MessageFacts(
            buttons: ["main", "kb"], instances: [instance("main", main), instance("kb", kb)], outputs: outputs
        )
    }

    /// `main` with `output = "*"`: one instance on each output.
    private static func every(
        first: (inout InstanceFacts) -> Void = { _ in }, second: (inout InstanceFacts) -> Void = { _ in }
    ) -> MessageFacts {
        MessageFacts(
            buttons: ["main"],
            instances: [
                instance("main", each: "DP-1", on: "DP-1", first),
                instance("main", each: "HDMI-A-1", on: "HDMI-A-1", second),
            ], outputs: outputs)
    }

    private static let none = MessageFacts(buttons: ["main"], instances: [], outputs: outputs)

    private static func moveTo(_ placement: Placement, _ index: Int = 0) -> Plan.Step {
        .input(index, .moveTo(RestPosition(placement: placement), at: now))
    }

    private static func error(_ message: String, after steps: [Plan.Step] = []) -> Plan {
        Plan(steps, reply: .error(message))
    }

    private static let dragged = "it is being dragged; move it once it is released"

    /// A screen reader's push button is one instance: an `output = "*"`
    /// button's second instance moves, hides and opens its menu alone, and
    /// an index that is gone acts on nothing.
    func testOneInstanceWhateverTheMessageNames() {
        let rows: [(ControlCommand, Int, Plan, UInt)] = [
            (.move(.placement(.topLeft)), 1, Plan([Self.moveTo(.topLeft, 1)]), #line),
            (.hide, 1, Plan([.setVisible(1, false, announce: true)]), #line),
            (.menu(nil), 1, Plan([.toggleMenu(1, path: [])], reply: .whenMenuOpens), #line),
            (.hide, 2, Plan(), #line),
        ]
        for (command, instance, plan, line) in rows {
            XCTAssertEqual(
                MessageDispatch.plan(
                    ControlMessage(command: command), facts: Self.every(), now: Self.now, instance: instance),
                plan, line: line)
        }
    }

    func testPlans() {
        let rows: [(String, MessageFacts, Plan, UInt)] = [
            // Which buttons.
            ("--button main state", Self.one(), Self.error("state takes no --button"), #line),
            (
                "--button nope hide", Self.two(), Self.error("no button named \"nope\"; buttons: main, kb"),
                #line
            ),
            (
                "tap", Self.two(),
                Self.error("there are several buttons (main, kb); name one with --button NAME"), #line
            ),
            // show, hide, toggle.
            ("show", Self.one { $0.hiddenBy = .msg }, Plan([.setVisible(0, true, announce: true)]), #line),
            (
                "show", Self.one { ($0.hiddenBy, $0.ruleHiding) = (.msg, .fullscreen) },
                Plan(
                    [.setVisible(0, true, announce: false)],
                    reply: .ok("a [visibility] rule keeps it hidden: main (fullscreen); see buoy(5)")),
                #line
            ),
            (
                "show", Self.every(second: { ($0.hiddenBy, $0.ruleHiding) = (.app, .app) }),
                Plan(reply: .ok("a [visibility] rule keeps it hidden: main on HDMI-A-1 (app); see buoy(5)")),
                #line
            ),
            ("show", Self.one(), Plan(), #line),
            // A removed button: show and toggle (SIGUSR1) bring it back; hide (and a toggle
            // that hides) hides it on request, so that Undo no longer brings it back.
            (
                "show", Self.one { $0.hiddenBy = .removed }, Plan([.setVisible(0, true, announce: true)]),
                #line
            ),
            (
                "toggle", Self.one { $0.hiddenBy = .removed }, Plan([.setVisible(0, true, announce: true)]),
                #line
            ),
            (
                "toggle", Self.two(main: { $0.hiddenBy = .removed }),
                Plan([.setVisible(0, false, announce: false), .setVisible(1, false, announce: true)]), #line
            ),
            (
                "hide", Self.one { $0.hiddenBy = .removed }, Plan([.setVisible(0, false, announce: false)]),
                #line
            ),
            (
                "hide", Self.two(kb: { ($0.hiddenBy, $0.ruleHiding) = (.mode, .mode) }),
                Plan([.setVisible(0, false, announce: true), .setVisible(1, false, announce: false)]), #line
            ),
            ("hide", Self.one { $0.hiddenBy = .msg }, Plan(), #line),
            ("--button kb hide", Self.two(), Plan([.setVisible(1, false, announce: true)]), #line),
            (
                "toggle", Self.two(main: { $0.hiddenBy = .msg }),
                Plan([.setVisible(1, false, announce: true)]), #line
            ),
            (
                "toggle",
                Self.two(main: { $0.hiddenBy = .msg }, kb: { ($0.hiddenBy, $0.ruleHiding) = (.msg, .mode) }),
                Plan([.setVisible(0, true, announce: true), .setVisible(1, true, announce: false)]), #line
            ),
            // badge.
            ("badge 3", Self.one(), Plan([.badge(0, "3")]), #line),
            ("badge 3", Self.one { $0.badge = "3" }, Plan(), #line),
            (
                "badge --clear", Self.every(first: { $0.badge = "•" }, second: { $0.badge = "•" }),
                Plan([.badge(0, nil), .badge(1, nil)]), #line
            ),
            // move.
            ("move left", Self.one(), Plan([Self.moveTo(.left)]), #line),
            ("move left", Self.none, Self.error("the button is not on any output"), #line),
            (
                "move left", Self.every(second: { $0.refusalToMove = Self.dragged }),
                Self.error("main on HDMI-A-1: it is being dragged; move it once it is released"), #line
            ),
            (
                "--button kb move left", Self.two(main: { $0.menuOpen = true }),
                Plan([.closeMenu, Self.moveTo(.left, 1)]), #line
            ),
            (
                "--button main move left", Self.two(main: { $0.menuOpen = true }), Plan([Self.moveTo(.left)]),
                #line
            ),
            (
                "move 10 20", Self.one(), Plan([.input(0, .moveToPoint(Point(x: 10, y: 20), at: Self.now))]),
                #line
            ),
            (
                "move 10 20", Self.every(second: { $0.placed = false }),
                Self.error(
                    "main on HDMI-A-1 is not placed yet",
                    after: [.input(0, .moveToPoint(Point(x: 10, y: 20), at: Self.now))]), #line
            ),
            // Issue 44: the move saves the places (its controller's `.save`), and the
            // plan does not save them again.
            ("move HDMI-A-1", Self.one(), Plan([.moveToOutput(0, "HDMI-A-1")]), #line),
            ("move DP-1", Self.one(), Plan([]), #line),
            (
                "move DP-1", Self.one { ($0.configuredOutput, $0.output) = ("DP-1", nil) },
                Plan([.moveToOutput(0, "DP-1")]), #line
            ),
            (
                "--button kb move DP-9", Self.two(main: { $0.menuOpen = true }),
                Self.error(
                    "no output or position named \"DP-9\"; outputs: DP-1, HDMI-A-1; positions: left, right, top, "
                        + "bottom, top-left, top-right, bottom-left, bottom-right, center, default",
                    after: [.closeMenu]), #line
            ),
            ("move HDMI-A-1", Self.every(), Self.error("main shows on every output (output = \"*\")"), #line),
            (
                "move HDMI-A-1", Self.one { $0.configuredOutput = "DP-1" },
                Self.error("main's config puts it on DP-1 (output = \"DP-1\")"), #line
            ),
            ("move default", Self.every(), Plan([.followConfig(0), .followConfig(1), .savePlaces]), #line),
            // Gestures and the menu.
            ("tap", Self.one(), Plan([.run(0, .tap)]), #line),
            ("tap", Self.none, Self.error("the button is not on any output"), #line),
            (
                "double-tap", Self.one(),
                Self.error("main has no double_tap action configured ([actions] double_tap)"), #line
            ),
            ("long-press", Self.one { $0.actions = [.longPress] }, Plan([.run(0, .longPress)]), #line),
            // Issue 44: a flick's action, by msg too.
            ("swipe-left", Self.one { $0.actions = [.swipeLeft] }, Plan([.run(0, .swipeLeft)]), #line),
            (
                "swipe-up", Self.one(),
                Self.error("main has no swipe_up action configured ([actions] swipe_up)"), #line
            ),
            ("--button kb tap", Self.two(), Plan([.run(1, .tap)]), #line),
            ("tap", Self.every(), Plan([.run(0, .tap)]), #line),
            ("menu", Self.one(), Plan([.toggleMenu(0, path: [])], reply: .whenMenuOpens), #line),
            (
                "menu device", Self.one(), Plan([.toggleMenu(0, path: ["device"])], reply: .whenMenuOpens),
                #line
            ),
            ("menu", Self.none, Self.error("the button is not on any output"), #line),
            (
                "menu", Self.one { ($0.refusalToMove, $0.dragging) = (Self.dragged, true) },
                Self.error("cannot open the menu: it is being dragged; open it once it is released"), #line
            ),
            // The instance as a whole.
            ("mode tablet", Self.one(), Plan([.setMode(.tablet), .applyVisibilityRules]), #line),
            ("mode laptop", Self.one(), Plan([.applyVisibilityRules]), #line),
            ("reload", Self.one(), Plan([.reload], reply: .reloaded), #line),
            ("state", Self.none, Plan(reply: .state), #line),
            ("subscribe", Self.one(), Self.error("subscribe is handled by the socket"), #line),
            ("quit", Self.one(), Plan([.quit]), #line),
            // A click type: any button arms it, the first when none is named.
            ("click right", Self.one(), Plan([.click(0, .right)]), #line),
            ("click cancel", Self.one(), Plan([.click(0, nil)]), #line),
            ("click drag", Self.two(), Plan([.click(0, .drag)]), #line),
            ("--button kb click middle", Self.two(), Plan([.click(1, .middle)]), #line),
            ("click double", Self.none, Self.error("the button is not on any output"), #line),
            // Issue 42 §1: armed from a hidden button, the next tap would be
            // a click with no button on screen to say so.
            (
                "click right", Self.one { $0.hiddenBy = .msg },
                Self.error("cannot arm right-click: main is hidden (msg)"), #line
            ),
            ("click cancel", Self.one { $0.hiddenBy = .removed }, Plan([.click(0, nil)]), #line),
            // Issue 45: the pointer pad opens on the first button's output, or the named one's.
            ("pointer on", Self.one(), Plan([.pointer(0, .on)]), #line),
            ("pointer toggle", Self.two(), Plan([.pointer(0, .toggle)]), #line),
            ("--button kb pointer off", Self.two(), Plan([.pointer(1, .off)]), #line),
            ("pointer on", Self.none, Self.error("the button is not on any output"), #line),
            (
                "pointer on", Self.one { $0.hiddenBy = .msg },
                Self.error("cannot open the pointer pad: main is hidden (msg)"), #line
            ),
            ("pointer off", Self.one { $0.hiddenBy = .msg }, Plan([.pointer(0, .off)]), #line),
        ]
        for (words, facts, expected, line) in rows {
            guard
                case .success(let message) = ControlMessage.parse(
                    words.split(separator: " ").map(String.init))
            else { return XCTFail("\(words) does not parse", line: line) }
            XCTAssertEqual(
                MessageDispatch.plan(message, facts: facts, now: Self.now), expected, words, line: line)
        }
    }
}

import BuoyCommandLine
import BuoyConfig
import BuoyCore
import XCTest

/// Which instances the config and the outputs call for, matched with those
/// there are and with the state file's places.
final class InstancePlanTests: XCTestCase {
    private typealias Plan = InstancePlan

    private static let main = ButtonSpec(button: Button(name: "main", position: .right))
    private static let kb = ButtonSpec(button: Button(name: "kb", position: .left, output: .every))
    private static let focus = ButtonSpec(button: Button(name: "focus", position: .bottom, output: .focused))
    private static let pinned = ButtonSpec(button: Button(name: "pinned", output: .named("HDMI-A-1")))

    private static func key(_ name: String, _ output: String? = nil) -> InstanceKey {
        InstanceKey(name: name, instanceOutput: output)
    }

    /// A new instance at the config's position.
    private static func fresh(_ spec: ButtonSpec, on output: String? = nil) -> Plan.Entry {
        .create(
            Plan.Creation(
                key: key(spec.name, output), spec: spec, rest: RestPosition(placement: spec.button.position),
                restOutput: output, chosenOver: nil, notice: nil))
    }

    private static func saved(
        _ button: String, each: String? = nil, on output: String?, overrode: Placement?, rest: Placement
    ) -> SavedPlaces {
        SavedPlaces(places: [
            SavedPlaces.Place(
                button: button, instanceOutput: each, output: output, overrode: overrode,
                rest: RestPosition(placement: rest))
        ])
    }

    func testPlans() {
        let keptPlace =
            "button focus: resting where it was put (top-left), not at the config's position bottom; "
            + "`buoy msg move default` goes back to it"
        let configWins =
            "button main: the config's position is right now, not left: it wins over the place the button was put at"
        // buttons, ready outputs, existing instances, saved places; the plan.
        let rows: [([ButtonSpec], [String], [InstanceKey], SavedPlaces, Plan, UInt)] = [
            (
                [Self.main], ["DP-1"], [], SavedPlaces(), Plan(entries: [Self.fresh(Self.main)], removed: []),
                #line
            ),
            (
                [Self.kb], ["DP-1", "HDMI-A-1"], [], SavedPlaces(),
                Plan(
                    entries: [Self.fresh(Self.kb, on: "DP-1"), Self.fresh(Self.kb, on: "HDMI-A-1")],
                    removed: []),
                #line
            ),
            // An output added, removed, renamed.
            (
                [Self.main, Self.kb], ["DP-1", "HDMI-A-1"], [Self.key("main"), Self.key("kb", "DP-1")],
                SavedPlaces(),
                Plan(entries: [.keep(0), .keep(1), Self.fresh(Self.kb, on: "HDMI-A-1")], removed: []), #line
            ),
            (
                [Self.main, Self.kb], ["DP-1"],
                [Self.key("main"), Self.key("kb", "DP-1"), Self.key("kb", "HDMI-A-1")], SavedPlaces(),
                Plan(entries: [.keep(0), .keep(1)], removed: [2]), #line
            ),
            (
                [Self.kb], ["DP-2"], [Self.key("kb", "DP-1")], SavedPlaces(),
                Plan(entries: [Self.fresh(Self.kb, on: "DP-2")], removed: [0]), #line
            ),
            // No output ready yet: a button of its own waits for none, `*` makes none.
            (
                [Self.main, Self.kb], [], [], SavedPlaces(),
                Plan(entries: [Self.fresh(Self.main)], removed: []), #line
            ),
            // A named output that is not there keeps its one instance.
            (
                [Self.pinned], ["DP-1"], [Self.key("pinned")], SavedPlaces(),
                Plan(entries: [.keep(0)], removed: []), #line
            ),
            // "focused": one instance, starting where the user put it, on that output.
            (
                [Self.focus], ["DP-1", "HDMI-A-1"], [],
                Self.saved("focus", on: "HDMI-A-1", overrode: .bottom, rest: .topLeft),
                Plan(
                    entries: [
                        .create(
                            Plan.Creation(
                                key: Self.key("focus"), spec: Self.focus,
                                rest: RestPosition(placement: .topLeft),
                                restOutput: "HDMI-A-1", chosenOver: .bottom, notice: keptPlace))
                    ], removed: []), #line
            ),
            // A config changed since the user chose the place wins over it.
            (
                [Self.main], ["DP-1"], [], Self.saved("main", on: "DP-1", overrode: .left, rest: .top),
                Plan(
                    entries: [
                        .create(
                            Plan.Creation(
                                key: Self.key("main"), spec: Self.main, rest: RestPosition(placement: .right),
                                restOutput: nil, chosenOver: nil, notice: configWins))
                    ], removed: []), #line
            ),
            // A place from a file that did not record the config's position wins.
            (
                [Self.main], ["DP-1"], [], Self.saved("main", on: "DP-1", overrode: nil, rest: .top),
                Plan(
                    entries: [
                        .create(
                            Plan.Creation(
                                key: Self.key("main"), spec: Self.main, rest: RestPosition(placement: .top),
                                restOutput: "DP-1", chosenOver: .right,
                                notice:
                                    "button main: resting where it was put (top), not at the config's position "
                                    + "right; `buoy msg move default` goes back to it"))
                    ], removed: []), #line
            ),
            // `*`: each output's instance has its own place.
            (
                [Self.kb], ["DP-1", "HDMI-A-1"], [],
                Self.saved("kb", each: "HDMI-A-1", on: "HDMI-A-1", overrode: .left, rest: .bottom),
                Plan(
                    entries: [
                        Self.fresh(Self.kb, on: "DP-1"),
                        .create(
                            Plan.Creation(
                                key: Self.key("kb", "HDMI-A-1"), spec: Self.kb,
                                rest: RestPosition(placement: .bottom), restOutput: "HDMI-A-1",
                                chosenOver: .left,
                                notice:
                                    "button kb on HDMI-A-1: resting where it was put (bottom), not at the config's "
                                    + "position left; `buoy msg move default` goes back to it")),
                    ], removed: []), #line
            ),
            // A reload that adds a button, removes one, reorders them, or turns one into `*`.
            (
                [Self.main, Self.kb], ["DP-1"], [Self.key("main")], SavedPlaces(),
                Plan(entries: [.keep(0), Self.fresh(Self.kb, on: "DP-1")], removed: []), #line
            ),
            (
                [Self.kb], ["DP-1"], [Self.key("main"), Self.key("kb", "DP-1")], SavedPlaces(),
                Plan(entries: [.keep(1)], removed: [0]), #line
            ),
            (
                [Self.kb, Self.main], ["DP-1"], [Self.key("main"), Self.key("kb", "DP-1")], SavedPlaces(),
                Plan(entries: [.keep(1), .keep(0)], removed: []), #line
            ),
            (
                [Self.main], ["DP-1"], [Self.key("main", "DP-1")], SavedPlaces(),
                Plan(entries: [Self.fresh(Self.main)], removed: [0]), #line
            ),
        ]
        for (buttons, outputs, existing, saved, expected, line) in rows {
            let plan = Plan.plan(buttons: buttons, outputs: outputs, existing: existing, saved: saved)
            XCTAssertEqual(plan, expected, line: line)
        }
    }

    func testAfterReload() {
        let rows: [(Placement?, Placement, Placement, Plan.FollowConfig?, UInt)] = [
            (nil, .right, .right, nil, #line),
            (nil, .right, .left, Plan.FollowConfig(notice: nil), #line),
            // The user's place holds while the config says what it said then.
            (.right, .right, .right, nil, #line),
            (.right, .left, .right, nil, #line),
            (
                .right, .right, .left,
                Plan.FollowConfig(
                    notice:
                        "the config's position is left now, not right: it wins over the place the button was put at"
                ),
                #line
            ),
        ]
        for (chosenOver, old, new, expected, line) in rows {
            XCTAssertEqual(Plan.afterReload(chosenOver: chosenOver, old: old, new: new), expected, line: line)
        }
    }

    func testNeighbours() {
        let a = Rect(x: 0, y: 0, width: 56, height: 56)
        let b = Rect(x: 0, y: 100, width: 56, height: 56)
        let c = Rect(x: 0, y: 200, width: 56, height: 56)
        let rows: [([(output: String?, rect: Rect?)], Int, [Rect], UInt)] = [
            ([("DP-1", a), ("DP-1", b), ("HDMI-A-1", c)], 0, [b], #line),
            ([("DP-1", a), ("DP-1", b), ("HDMI-A-1", c)], 2, [], #line),
            // An output not known yet may be any: avoid them all.
            ([(nil, a), ("DP-1", b), ("HDMI-A-1", c)], 0, [b, c], #line),
            ([("DP-1", a), (nil, b)], 0, [b], #line),
            // One that rests nowhere (hidden, unplaced) takes no place.
            ([("DP-1", nil), ("DP-1", b)], 1, [], #line),
        ]
        for (instances, index, expected, line) in rows {
            XCTAssertEqual(Plan.neighbours(of: index, among: instances), expected, line: line)
        }
    }

    func testFollowingFocus() {
        let outputs = ["DP-1", "HDMI-A-1"]
        let focusedOnDP1 = (followsFocus: true, output: String?("DP-1"), held: false)
        let rows: [(String?, [(followsFocus: Bool, output: String?, held: Bool)], [Plan.FocusMove], UInt)] = [
            ("HDMI-A-1", [focusedOnDP1], [Plan.FocusMove(instance: 0, from: "DP-1", to: "HDMI-A-1")], #line),
            ("DP-1", [focusedOnDP1], [], #line),
            // No window has focus, or its output is not one buoy knows.
            (nil, [focusedOnDP1], [], #line),
            ("DP-9", [focusedOnDP1], [], #line),
            // Held by a press, on no output yet, or not following the focus.
            ("HDMI-A-1", [(true, "DP-1", true)], [], #line),
            ("HDMI-A-1", [(true, nil, false)], [], #line),
            (
                "HDMI-A-1", [(false, "DP-1", false), focusedOnDP1],
                [Plan.FocusMove(instance: 1, from: "DP-1", to: "HDMI-A-1")], #line
            ),
        ]
        for (focused, instances, expected, line) in rows {
            XCTAssertEqual(
                Plan.followingFocus(focused, outputs: outputs, instances: instances), expected, line: line)
        }
    }
}

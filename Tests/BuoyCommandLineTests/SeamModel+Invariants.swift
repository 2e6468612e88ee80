import BuoyButton
import BuoyCommandLine
import BuoyConfig
import BuoyCore

/// What must hold after every step of the seam model (issue 42 §2).
enum SeamInvariant: String, CaseIterable, Sendable {
    /// No click or key is sent that no user action asked for, and none while locked.
    case nothingUnasked = "no click or key is sent that no user action asked for, and none while locked"
    /// Keys are never sent while one of buoy's own surfaces holds the keyboard.
    case keysNotIntoBuoy = "keys are never sent while one of buoy's own surfaces holds the keyboard"
    /// No input region is kept with nothing visible to explain it.
    case inputExplained = "no input region is kept with nothing visible to explain it"
    /// A dwell rest is used once.
    case restUsedOnce = "a dwell rest is used once"
    /// Every "ok" reply matches the state `msg state` then reports.
    case okMatchesState = "every \"ok\" reply matches the state that msg state then reports"
}

/// One broken invariant, and how.
struct SeamViolation: Hashable, CustomStringConvertible, Sendable {
    var invariant: SeamInvariant
    var detail: String

    var description: String { "\(invariant.rawValue): \(detail)" }
}

extension SeamModel {
    /// The invariants after `step`; the first broken one.
    mutating func check(
        _ step: Step, sentBefore: Int, armedBefore: ClickType?, syncingBefore: Bool,
        reply: MessagePlan.Reply?, replyProblem: String?
    ) -> SeamViolation? {
        let sentNow = Array(sent[sentBefore...])
        if let holder = keysIntoBuoy {
            return SeamViolation(
                invariant: .keysNotIntoBuoy, detail: "keys sent while \(holder) had the keyboard")
        }
        if let violation = unasked(step, sentNow: sentNow, syncingBefore: syncingBefore) { return violation }
        if let violation = restsUsedOnce(step, sentNow: sentNow, syncingBefore: syncingBefore) {
            return violation
        }
        if let violation = inputExplained() { return violation }
        if let reply,
            let violation = replyMatchesState(step, reply: reply, problem: replyProblem, sentNow: sentNow)
        {
            return violation
        }
        return nil
    }

    /// Sends by steps that ask for none (the config, outputs, the app in
    /// front, the lock), by anything while locked but a script, and clicks
    /// with no tap or rest on an overlay since they were armed.
    private func unasked(_ step: Step, sentNow: [Sent], syncingBefore: Bool) -> SeamViolation? {
        guard !sentNow.isEmpty else { return nil }
        let what = sentNow.map(Self.words).joined(separator: ", ")
        switch step {
        case .reload, .outputGone, .outputBack, .focus, .lock:
            return SeamViolation(invariant: .nothingUnasked, detail: "\(what) sent by \(step)")
        case .msg:
            break
        case .point, .press, .release, .touch, .wait, .key:
            if locked {
                return SeamViolation(
                    invariant: .nothingUnasked, detail: "\(what) sent while locked, by \(step)")
            }
        }
        for case .click(let type, let acts) in sentNow {
            let needed = type == .drag ? 2 : 1
            if acts < needed {
                return SeamViolation(
                    invariant: .nothingUnasked,
                    detail: "\(type.actionName) delivered after \(acts) tap(s) or rest(s) on the overlay")
            }
        }
        return nil
    }

    /// Each thing a rest did during a wait needs a rest of its own: a move
    /// further than `Dwell.tolerance` since the last.
    private mutating func restsUsedOnce(_ step: Step, sentNow: [Sent], syncingBefore: Bool) -> SeamViolation?
    {
        guard case .wait = step, setup.dwell > 0 else { return nil }
        var uses: [String] = []
        for line in log {
            if line.hasPrefix("item ") { uses.append("menu \(line)") }
            // A tap runs once its double tap's time is over: that is the press's, not a rest's.
            if line == "run tap", now - lastButtonRelease > 1 { uses.append("the button's tap") }
        }
        for case .click(let type, _) in sentNow where !syncingBefore {
            uses.append(type.actionName)
        }
        for use in uses {
            guard restCredit > 0 else {
                return SeamViolation(
                    invariant: .restUsedOnce,
                    detail: "\(use) by a rest whose pointer had not moved since the last")
            }
            restCredit -= 1
        }
        return nil
    }

    /// The overlays take input over the whole output: the button that
    /// armed them must show. The menu takes the button's whole surface: the
    /// button must show.
    private func inputExplained() -> SeamViolation? {
        if let type = arming.armed, !arming.outputs.isEmpty, !button.isVisible {
            return SeamViolation(
                invariant: .inputExplained,
                detail:
                    "\(type.actionName) armed, its overlay taking input, with the button hidden (\(button.hiddenBy?.rawValue ?? "?"))"
            )
        }
        if menu.isOpen, !button.isVisible {
            return SeamViolation(invariant: .inputExplained, detail: "the menu open with its button hidden")
        }
        return nil
    }

    /// An "ok" to a command means what it asked for is so now.
    private func replyMatchesState(_ step: Step, reply: MessagePlan.Reply, problem: String?, sentNow: [Sent])
        -> SeamViolation?
    {
        guard problem == nil, case .msg(let words) = step else { return nil }
        func wrong(_ what: String) -> SeamViolation {
            SeamViolation(
                invariant: .okMatchesState, detail: "ok to \"\(words.joined(separator: " "))\", yet \(what)")
        }
        switch words {
        case ["click", "cancel"]:
            if let armed = arming.armed { return wrong("armed is \(armed.rawValue)") }
        case let words where words.first == "click":
            if arming.armed?.rawValue != words[1] {
                return wrong("armed is \(arming.armed?.rawValue ?? "null")")
            }
            if !button.isVisible { return wrong("visible is false") }
        case ["hide"]:
            if button.isVisible { return wrong("visible is true") }
        case ["show"]:
            if button.ruleHiding == nil, !button.isVisible { return wrong("visible is false") }
        case ["tap"]:
            switch setup.tap {
            case .keys:
                if !sentNow.contains(where: { if case .keys = $0 { true } else { false } }) {
                    return wrong("no keys were sent")
                }
            case .click(let type):
                if arming.armed != type { return wrong("armed is \(arming.armed?.rawValue ?? "null")") }
            default: break
            }
        default: break
        }
        return nil
    }

    static func words(_ sent: Sent) -> String {
        switch sent {
        case .keys(let keys): "keys \(keys)"
        case .click(let type, _): type.actionName
        case .command(let command): "command \(command)"
        }
    }
}

import BuoyConfig
import BuoyCore

/// Which instances the config and the outputs call for, matched with the
/// instances there are and the places the state file keeps: the ones to
/// keep, the ones to make (and where each starts), the ones to drop.
package struct InstancePlan: Equatable, Sendable {
    /// One instance of the new list, in order.
    package enum Entry: Equatable, Sendable {
        /// The existing instance at this index stays as it is.
        case keep(Int)
        case create(Creation)
    }

    /// A new instance and where it starts.
    package struct Creation: Equatable, Sendable {
        package var key: InstanceKey
        package var spec: ButtonSpec
        package var rest: RestPosition
        /// The output it rested on, from the state file, or its own.
        package var restOutput: String?
        /// The config's `position` its saved place overrode, while that
        /// place still wins; nil while it rests where the config says.
        package var chosenOver: Placement?
        /// Why it does not start where one might expect, for the log.
        package var notice: String?

        package init(
            key: InstanceKey, spec: ButtonSpec, rest: RestPosition, restOutput: String?,
            chosenOver: Placement?,
            notice: String?
        ) {
            self.key = key
            self.spec = spec
            self.rest = rest
            self.restOutput = restOutput
            self.chosenOver = chosenOver
            self.notice = notice
        }
    }

    /// The instances in config order, and for `output = "*"` in output order.
    package var entries: [Entry]
    /// The indices of the existing instances that go, in order.
    package var removed: [Int]

    package init(entries: [Entry], removed: [Int]) {
        self.entries = entries
        self.removed = removed
    }

    /// Matches `buttons` on `outputs` (the ready ones' names, in order) with
    /// `existing` (the instances' keys, in order): an instance whose key is
    /// still wanted stays; a new one starts where the user put that button
    /// (`saved`) while the config's `position` is still the one that place
    /// overrode, else at the config's `position`.
    package static func plan(
        buttons: [ButtonSpec], outputs: [String], existing: [InstanceKey], saved: SavedPlaces
    ) -> InstancePlan {
        var entries: [Entry] = []
        for spec in buttons {
            let keys =
                spec.button.output == .every
                ? outputs.map { InstanceKey(name: spec.name, instanceOutput: $0) }
                : [InstanceKey(name: spec.name, instanceOutput: nil)]
            for key in keys {
                if let index = existing.firstIndex(of: key) {
                    entries.append(.keep(index))
                } else {
                    entries.append(.create(creation(key, spec, saved: saved)))
                }
            }
        }
        let kept = Set(entries.compactMap { if case .keep(let index) = $0 { index } else { nil } })
        return InstancePlan(entries: entries, removed: existing.indices.filter { !kept.contains($0) })
    }

    private static func creation(_ key: InstanceKey, _ spec: ButtonSpec, saved: SavedPlaces) -> Creation {
        let configured = spec.button.position
        let place = saved.place(button: key.name, instanceOutput: key.instanceOutput)
        let chosen = place.flatMap { $0.wins(over: configured) ? $0 : nil }
        var notice: String?
        if let chosen {
            notice =
                "button \(key.label): resting where it was put (\(chosen.rest.name)), not at the config's "
                + "position \(configured.rawValue); `buoy msg move default` goes back to it"
        } else if let overrode = place?.overrode {
            notice = "button \(key.label): " + configWins(configured, over: overrode)
        }
        return Creation(
            key: key, spec: spec, rest: chosen?.rest ?? RestPosition(placement: configured),
            restOutput: chosen?.output ?? key.instanceOutput,
            chosenOver: chosen.map { $0.overrode ?? configured },
            notice: notice)
    }

    private static func configWins(_ configured: Placement, over overrode: Placement) -> String {
        "the config's position is \(configured.rawValue) now, not \(overrode.rawValue): "
            + "it wins over the place the button was put at"
    }

    /// A reload sends the instance to the config's `position`, forgetting
    /// any place the user chose; `notice` says why, when it leaves a chosen place.
    package struct FollowConfig: Equatable, Sendable {
        package var notice: String?

        package init(notice: String?) {
            self.notice = notice
        }
    }

    /// Whether a reload sends an instance to the config's `position`: its
    /// chosen place loses to a config whose `position` is not the one it
    /// overrode, and one that rests where the config said follows it.
    package static func afterReload(chosenOver: Placement?, old: Placement, new: Placement) -> FollowConfig? {
        if let chosenOver {
            return chosenOver == new ? nil : FollowConfig(notice: configWins(new, over: chosenOver))
        }
        return old == new ? nil : FollowConfig(notice: nil)
    }

    /// Where the other instances on the output of `instances[index]` rest:
    /// what its placement avoids. An instance whose output is not known yet
    /// avoids them all (`Snapping.mayShareOutput`).
    package static func neighbours(of index: Int, among instances: [(output: String?, rect: Rect?)]) -> [Rect]
    {
        let output = instances[index].output
        return instances.indices.compactMap { other in
            guard other != index, Snapping.mayShareOutput(instances[other].output, output) else { return nil }
            return instances[other].rect
        }
    }

    /// An `output = "focused"` instance going to the focused window's output.
    package struct FocusMove: Equatable, Sendable {
        package var instance: Int
        /// The output it leaves: where it rested there is kept for its return.
        package var from: String
        package var to: String

        package init(instance: Int, from: String, to: String) {
            self.instance = instance
            self.from = from
            self.to = to
        }
    }

    /// Which instances follow the focus to `focused`, the focused window's
    /// output, among `outputs` (every output's name): those of
    /// `output = "focused"` buttons on another known output, which no press
    /// holds. None while no window has focus, or its output is not known.
    package static func followingFocus(
        _ focused: String?, outputs: [String], instances: [(followsFocus: Bool, output: String?, held: Bool)]
    ) -> [FocusMove] {
        guard let focused, outputs.contains(focused) else { return [] }
        return instances.indices.compactMap { index in
            let instance = instances[index]
            guard instance.followsFocus, let from = instance.output, from != focused, !instance.held else {
                return nil
            }
            return FocusMove(instance: index, from: from, to: focused)
        }
    }
}

import BuoyButton
import BuoyCommandLine
import BuoyConfig
import BuoyCore

/// The instances the config and the outputs call for (`InstancePlan`
/// decides), where each rests, and what a reload changes of them.
extension App {
    /// Makes the instances the config and the outputs call for (one per
    /// output for `output = "*"`), drops the others, and gives each its
    /// surface and area. Each instance is placed after the ones before it,
    /// avoiding where they rest.
    func placeInstances(outputsChanged: Bool, now: Double) {
        let ready = display.outputs.filter(\.ready).compactMap(\.name)
        // Once this is logged, every button knows these outputs (the areas a drag can go to):
        // scripts and tests wait for it rather than guessing when an output is known.
        if outputsChanged { log.debug("outputs: \(ready.joined(separator: ", "))") }
        let plan = InstancePlan.plan(
            buttons: config.buttons, outputs: ready,
            existing: instances.map(\.key), saved: places.places)
        let old = instances
        instances = plan.entries.map { entry in
            switch entry {
            case .keep(let index): return old[index]
            case .create(let new):
                log.info("button \(new.key.label): created")
                if let notice = new.notice { log.info(notice) }
                let instance = ButtonInstance(
                    key: new.key, spec: new.spec, rest: new.rest, restOutput: new.restOutput,
                    chosenOver: new.chosenOver, display: display, loop: loop, reaper: reaper, now: now)
                return instance
            }
        }
        for gone in plan.removed.map({ old[$0] }) {
            log.info("button \(gone.label): removed")
            menu.drop(from: gone, now: now)
            gone.destroySurfaces()
        }
        for (index, instance) in instances.enumerated() {
            let placed = instance.placeSurface(outputsChanged: outputsChanged, now: now, log: log)
            perform(placed, for: instance, now: now)
            // Neighbours first: a placement avoids where the buttons before it rest.
            let resting = instances.map { (output: $0.currentOutput?.name, rect: $0.controller.restingRect) }
            let neighbours = InstancePlan.neighbours(of: index, among: resting)
            perform(instance.controller.handle(.neighbours(neighbours)), for: instance, now: now)
            perform(instance.applyConfigure(now: now), for: instance, now: now)
            perform(instance.updateOutput(), for: instance, now: now)
            perform(instance.updateOtherOutputs(), for: instance, now: now)
        }
    }

    /// Moves each `output = "focused"` button to the focused window's output,
    /// to where it rested there before; never while it is held.
    func followFocus(now: Double) {
        let focused = display.windows.flatMap { WindowFacts.focusedOutput(of: $0.windows) }
        let facts = instances.map {
            (
                followsFocus: $0.spec.button.output == .focused, output: $0.currentOutput?.name,
                held: $0.controller.isPressed
            )
        }
        let moves = InstancePlan.followingFocus(
            focused, outputs: display.outputs.compactMap(\.name), instances: facts)
        for move in moves {
            let instance = instances[move.instance]
            log.info("\(instance.label): following the focus to \(move.to)")
            let input = ButtonInput.followFocus(from: move.from, to: move.to, at: now)
            perform(instance.controller.handle(input), for: instance, now: now)
        }
    }

    /// Sends the button, gliding, to the config's `position`, forgetting the
    /// place the user chose (`buoy msg move default`, or a reload that
    /// changed the position).
    func followConfig(_ instance: ButtonInstance, now: Double) {
        perform(instance.controller.handle(.followConfig(at: now)), for: instance, now: now)
    }

    /// Makes the instance's surface anew, on the output it prefers now; its
    /// menu goes with the old one.
    func placeAgain(_ instance: ButtonInstance, now: Double) {
        menu.drop(from: instance, now: now)
        perform(instance.dropSurface(now: now), for: instance, now: now)
        perform(instance.placeSurface(outputsChanged: false, now: now, log: log), for: instance, now: now)
    }

    /// Reads the config again. A bad file changes nothing: the running config
    /// stays and the error (path:line:col) is logged, and is the answer to
    /// `request`; else the new config's warnings are. Subscribers hear of it
    /// once per button.
    func reload(now: Double, answering request: ControlRequest? = nil) {
        switch loader.loadWithWarnings() {
        case .failure(let failure):
            log.error("reload failed; keeping the running config:\n\(failure.message)")
            for spec in config.buttons {
                server?.publish(ButtonEvent(.reloadFailed(diagnostic: failure.message), button: spec.name))
            }
            request?.reply(ok: false, diagnostics: [failure.message])
        case .success(let (new, warnings, bytes)):
            config = new
            menu.editWriter.read(bytes)
            for instance in instances {
                guard let spec = new.buttons.first(where: { $0.name == instance.key.name }) else { continue }
                if spec.button.output != instance.spec.button.output { menu.drop(from: instance, now: now) }
                menu.reloaded(instance, as: spec, now: now)
                let oldPosition = instance.spec.button.position
                perform(instance.update(spec, now: now), for: instance, now: now)
                guard
                    let follow = InstancePlan.afterReload(
                        chosenOver: instance.controller.chosenOver, old: oldPosition,
                        new: spec.button.position)
                else { continue }
                if let notice = follow.notice { log.info("\(instance.label): \(notice)") }
                followConfig(instance, now: now)
            }
            // Instances of buttons that are gone, or new, follow in placeInstances.
            placeInstances(outputsChanged: true, now: now)
            watchWindowsIfNeeded()
            makeKeyboardIfNeeded()
            connectFeedbackIfNeeded()
            applyVisibilityRules(now: now)
            log.info("reloaded \(loader.path)")
            for spec in new.buttons {
                server?.publish(ButtonEvent(.reloaded(warnings: warnings), button: spec.name))
            }
            request?.reply(ok: true, diagnostics: warnings)
        }
    }
}

import BuoyButton
import BuoyCommandLine
import BuoyCore

/// `buoy msg`: `MessageDispatch` decides from a snapshot of the instances;
/// this carries out its plan and replies.
extension App {
    func handle(_ request: ControlRequest, now: Double) {
        let message = request.message
        log.info("buoy msg \(message.words.joined(separator: " "))")
        carryOut(MessageDispatch.plan(message, facts: messageFacts, now: now), answering: request, now: now)
    }

    /// What `MessageDispatch` decides from.
    var messageFacts: MessageFacts {
        let instances = instances.map { instance in
            let controller = instance.controller
            var configuredOutput: String?
            if case .named(let name) = instance.spec.button.output { configuredOutput = name }
            return InstanceFacts(
                key: instance.key, configuredOutput: configuredOutput, output: instance.currentOutput?.name,
                hiddenBy: controller.hiddenBy, ruleHiding: controller.ruleHiding, badge: instance.badge,
                menuOpen: menu.isOpen && menu.owner === instance, refusalToMove: controller.refusalToMove,
                dragging: controller.isDragging, placed: controller.usable != nil,
                actions: Set(ButtonGesture.allCases.filter { instance.spec.actions[$0] != nil }))
        }
        return MessageFacts(
            buttons: config.buttons.map(\.name), instances: instances,
            outputs: display.outputs.compactMap(\.name), mode: mode)
    }

    /// Carries out `plan`'s steps, then answers `request` as it says; a step
    /// that fails ends it, and its problem is the answer.
    func carryOut(_ plan: MessagePlan, answering request: ControlRequest?, now: Double) {
        for step in plan.steps {
            if let problem = carryOut(step, answering: request, now: now) {
                request?.reply(ok: false, message: problem)
                return
            }
        }
        guard let request else { return }
        switch plan.reply {
        case .ok(let message): request.reply(ok: true, message: message)
        case .error(let message): request.reply(ok: false, message: message)
        case .reloaded: break
        case .state:
            var report = StateReport(
                instances: instances, first: config.buttons[0], menuOpen: menu.isOpen, mode: mode,
                config: loader.path, now: now)
            report.armed = clicks.armed
            report.pointerPad = pointerPad.report
            report.ready = readiness.isReady
            request.reply(ok: true, payload: report.json)
        case .whenMenuOpens:
            if menu.answerWhenOpen(request) { return }
            request.reply(ok: true)
        }
    }

    /// Carries out one step; returns why it failed.
    private func carryOut(_ step: MessagePlan.Step, answering request: ControlRequest?, now: Double)
        -> String?
    {
        switch step {
        case .input(let index, let input):
            let instance = instances[index]
            perform(instance.controller.handle(input), for: instance, now: now)
        case .setVisible(let index, let visible, let announce):
            let instance = instances[index]
            // What `show` ends: a request to hide, or a removal.
            let ended = instance.controller.hiddenBy ?? .msg
            perform(instance.controller.handle(.setVisible(visible, at: now)), for: instance, now: now)
            guard announce else { break }
            log.info(
                visible ? "\(instance.label): showing the button" : "\(instance.label): hiding the button")
            publish(visible ? .shown(reason: ended) : .hidden(reason: .msg), for: instance)
        case .badge(let index, let text):
            let instance = instances[index]
            instance.badge = text
            log.info("\(instance.label): badge \(text.map { "\"\($0)\"" } ?? "removed")")
            publish(.badge(text), for: instance)
        case .closeMenu:
            menu.close(now: now)
        case .run(let index, let gesture):
            let instance = instances[index]
            return runAction(instance.spec.actions[gesture], name: gesture.rawValue, from: instance, now: now)
        case .toggleMenu(let index, let path):
            if let problem = menu.toggle(from: instances[index], path: path, now: now) {
                return ActionWords.cannotOpenMenu(problem)
            }
        case .moveToOutput(let index, let name):
            let instance = instances[index]
            log.info("\(instance.label): moving the button to \(name)")
            perform(instance.controller.handle(.moveToOutput(name, at: now)), for: instance, now: now)
        case .followConfig(let index):
            followConfig(instances[index], now: now)
        case .savePlaces:
            places.save(instances)
        case .setMode(let mode):
            log.info("mode: \(mode.rawValue)")
            self.mode = mode
        case .applyVisibilityRules:
            applyVisibilityRules(now: now)
        case .reload:
            // The changes the config watch has seen are read now: no second reload follows.
            configWatch?.forgetChanges()
            reload(now: now, answering: request)
        case .quit:
            places.save(instances)
            exitStatus = 0
        case .click(let index, let type):
            return armClick(type, from: instances[index], now: now)
        case .pointer(let index, let turn):
            return setPointerPad(turn, from: instances[index], now: now)
        }
        return nil
    }
}

import BuoyButton
import BuoyCommandLine
import BuoyConfig
import BuoyCore
import BuoyWayland

/// Input to the controllers, and what they decide carried out.
extension App {
    /// Gives a recorded input event to the instance whose surface it was for;
    /// keys go to the open menu.
    func route(_ record: InputRecord) {
        if pointerPad.route(record) { return }
        if clicks.route(record) { return }
        if case .key(let keysym, let at) = record.event { return menu.handleKey(keysym, at: at) }
        // The keyboard left the open menu's surface while the seat still has
        // one: another surface took it (a lock screen). A keyboard device
        // that went away (the last one unplugged, wtype exiting) leaves too.
        if case .keyboardFocus(false, let at) = record.event, let surface = record.surface,
            instances.contains(where: { $0.menuKeyboardSurface == surface }),
            display.seats.contains(where: \.hasKeyboard)
        {
            return menu.keyboardLost(now: at)
        }
        guard let surface = record.surface, let instance = instances.first(where: { $0.surface == surface }),
            let input = ButtonInstance.input(for: record.event)
        else { return }
        if case .press(_, _, let at) = input, menu.isOpen, let owner = menu.owner, owner !== instance {
            // Another button is above the open menu's surface: that press
            // is outside the menu, which closes it.
            menu.close(now: at)
            return
        }
        if let line = input.logLine { log.debug("\(instance.label): \(line)") }
        menu.pointer(record.event, over: instance)
        perform(instance.controller.handle(input), for: instance, now: input.time)
    }

    /// Carries out what a controller decided.
    func perform(_ effects: [ButtonEffect], for instance: ButtonInstance, now: Double) {
        for effect in effects {
            log.debug("\(instance.label): \(effect)")
            switch effect {
            case .run where clicks.armed != nil:
                // A gesture on a button while a click type is armed disarms it.
                clicks.cancel(.button, now: now)
            case .run(let gesture):
                publish(ButtonEvent.Kind(gesture), for: instance)
                runAction(instance.spec.actions[gesture], name: gesture.rawValue, from: instance, now: now)
            case .menuRelease(let point):
                menu.release(at: point, now: now)
            case .dragBegan:
                if menu.isOpening, menu.owner === instance {
                    menu.cancelOpening("the button was dragged", now: now)
                }
            case .save:
                places.save(instances)
                publishMoved(instance)
            case .moved:
                publishMoved(instance)
            case .cursor(let cursor):
                let role: CursorRole = cursor == .grabbing ? .grabbing : .hover
                for seat in display.seats { seat.setCursor(role) }
            case .hidden:
                menu.drop(from: instance, now: now)
            case .relocate:
                log.info("\(instance.label): moving the button to its preferred output")
                placeAgain(instance, now: now)
            case .crossed(let output):
                log.info("\(instance.label): dragged onto \(output)")
                menu.drop(from: instance, now: now)
                if instance.adoptHandover() {
                    // The area there, should it differ from the one the controller assumed.
                    perform(
                        instance.controller.handle(.area(instance.usable, at: now)), for: instance, now: now)
                    avoidNeighbours(of: instance, now: now)
                } else {
                    placeAgain(instance, now: now)
                }
            case .removed:
                log.info("\(instance.label): removed; Undo, buoy msg show or SIGUSR1 brings it back")
                publish(.removed, for: instance)
            case .restored:
                log.info("\(instance.label): back, by Undo")
                publish(.shown(reason: .removed), for: instance)
            case .feedback(let event):
                sessionBus?.trigger(event, autoStart: instance.spec.button.feedback == .on)
            }
        }
    }

    /// A button dropped on another output takes the nearest place there
    /// that no button on it rests at, as a drop on its own output does.
    private func avoidNeighbours(of instance: ButtonInstance, now: Double) {
        guard let index = instances.firstIndex(where: { $0 === instance }) else { return }
        let resting = instances.map { (output: $0.currentOutput?.name, rect: $0.controller.restingRect) }
        let neighbours = InstancePlan.neighbours(of: index, among: resting)
        perform(instance.controller.handle(.neighbours(neighbours)), for: instance, now: now)
        // The drop's own `save` follows.
        perform(instance.controller.handle(.settleAmongNeighbours(at: now)), for: instance, now: now)
    }

    /// Runs a gesture's action; returns why it did not (logged already), for `buoy msg` to answer.
    @discardableResult
    func runAction(_ action: Action?, name: String, from instance: ButtonInstance, now: Double)
        -> String?
    {
        let reason = ActionWords.reason(
            button: instance.key.name, action: name, buttonCount: config.buttons.count)
        switch action {
        case .command(let command):
            return run(command, reason: reason, limit: instance.spec.actions.maxRunning, now: now)
        case .builtIn(let builtIn):
            return runMissing(builtIn, reason: reason, limit: instance.spec.actions.maxRunning, now: now)
        case .keys(let chords):
            if let holder = KeyboardHolder(menuOpen: menu.isOpen, arming: clicks.arming) {
                let problem = holder.refusal(sending: chords.map(\.text).joined(separator: ", "))
                log.warning("\(reason): \(problem)")
                return problem
            }
            return sendKeys(chords, reason: reason, now: now)
        case .click(let type):
            return armClick(type, from: instance, now: now)
        case .pointer:
            return setPointerPad(.toggle, from: instance, now: now)
        case .menu:
            if let problem = menu.toggle(from: instance, now: now) {
                let answer = ActionWords.cannotOpenMenu(problem)
                log.warning("\(reason): \(answer)")
                return answer
            }
        // MenuController goes to another level itself; it never runs these.
        case .submenu, .back:
            break
        case nil:
            if name == ButtonGesture.tap.rawValue, let notice = loader.firstRunNotice {
                log.notice("\(reason): \(notice)")
            } else {
                log.debug("\(reason): no action configured")
            }
        }
        return nil
    }

    /// Runs `command`, a screenshot's with buoy off the screen.
    private func run(_ command: String, reason: String, limit: Int, now: Double) -> String? {
        guard BuiltInAction.photographsScreen(command) else {
            return runner.run(command, reason: reason, limit: limit)
        }
        return takeScreenshot(command, reason: reason, limit: limit, now: now)
    }

    /// A built-in action that had no tool when the config was read. It is
    /// looked for again, so one installed since runs; else the first tap
    /// logs what to install.
    private func runMissing(_ action: BuiltInAction, reason: String, limit: Int, now: Double) -> String? {
        switch BuiltInTools.resolve(action) {
        case .command(let command):
            return run(command, reason: reason, limit: limit, now: now)
        case .missing(let why):
            let problem = ActionWords.missingTool(action: action.name, why: why)
            if reportedMissing.insert(action.name).inserted { log.warning("\(reason): \(problem)") }
            return problem
        }
    }

    /// Tells subscribers where the button rests now.
    private func publishMoved(_ instance: ButtonInstance) {
        let controller = instance.controller
        publish(.moved(edge: controller.rest.name, output: controller.restOutput), for: instance)
    }

    /// Tells `buoy msg subscribe`'s subscribers.
    func publish(_ kind: ButtonEvent.Kind, for instance: ButtonInstance) {
        server?.publish(ButtonEvent(kind, button: instance.key.name))
    }
}

import BuoyButton
import BuoyCore

/// One button instance as `buoy msg` sees it: what a command is decided from.
package struct InstanceFacts: Equatable, Sendable {
    package var key: InstanceKey
    /// `output = "NAME"` in its config.
    package var configuredOutput: String?
    /// The output it is on, if known.
    package var output: String?
    package var hiddenBy: HiddenBy?
    /// The `[visibility]` rule that hides it, whether or not `msg hide` does too.
    package var ruleHiding: HiddenBy?
    package var badge: String?
    /// The menu is open from it.
    package var menuOpen: Bool
    /// Why its controller refuses a move now (`ButtonController.refusalToMove`).
    package var refusalToMove: String?
    /// A finger or the pointer drags it.
    package var dragging: Bool
    /// It has an area to move in.
    package var placed: Bool
    /// The gestures it has an action configured for.
    package var actions: Set<ButtonGesture>

    package init(
        key: InstanceKey, configuredOutput: String? = nil, output: String? = nil, hiddenBy: HiddenBy? = nil,
        ruleHiding: HiddenBy? = nil, badge: String? = nil, menuOpen: Bool = false,
        refusalToMove: String? = nil, dragging: Bool = false, placed: Bool = true,
        actions: Set<ButtonGesture> = []
    ) {
        self.key = key
        self.configuredOutput = configuredOutput
        self.output = output
        self.hiddenBy = hiddenBy
        self.ruleHiding = ruleHiding
        self.badge = badge
        self.menuOpen = menuOpen
        self.refusalToMove = refusalToMove
        self.dragging = dragging
        self.placed = placed
        self.actions = actions
    }
}

/// What the running buoy looks like to `buoy msg`: a value snapshot.
package struct MessageFacts: Equatable, Sendable {
    /// The configured buttons' names, in config order.
    package var buttons: [String]
    /// Every instance, in order.
    package var instances: [InstanceFacts]
    /// Every output's name, in order.
    package var outputs: [String]
    package var mode: DeviceMode

    package init(buttons: [String], instances: [InstanceFacts], outputs: [String], mode: DeviceMode = .laptop)
    {
        self.buttons = buttons
        self.instances = instances
        self.outputs = outputs
        self.mode = mode
    }
}

/// What the shell does for one `buoy msg` request: its steps, in order,
/// then its reply. A step that fails (an action that cannot run) ends the
/// plan, and its problem is the reply, as an error.
package struct MessagePlan: Equatable, Sendable {
    /// One thing to carry out; an `Int` is an index into `MessageFacts.instances`.
    package enum Step: Equatable, Sendable {
        /// Hand the instance's controller this input and carry out its effects.
        case input(Int, ButtonInput)
        /// Show or hide the instance on request; `announce` when that shows
        /// or hides it (a rule may keep it hidden): log it, tell subscribers.
        case setVisible(Int, Bool, announce: Bool)
        /// Show this badge, or none; it differs from the one shown.
        case badge(Int, String?)
        /// Close the menu open from a button the command does not move: the
        /// open menu is not a place a button could take.
        case closeMenu
        /// Run the action configured for the instance's gesture; fails with
        /// why it cannot run.
        case run(Int, ButtonGesture)
        /// Open or close the instance's menu (at the submenu on the path);
        /// fails with why it cannot open.
        case toggleMenu(Int, path: [String])
        /// Place the instance on that output anew, as the user's choice: its
        /// controller saves the places.
        case moveToOutput(Int, String)
        /// Send the instance to the config's `position`, forgetting its chosen place.
        case followConfig(Int)
        /// Write the state file.
        case savePlaces
        /// The device mode is this now (it was another).
        case setMode(DeviceMode)
        case applyVisibilityRules
        /// Read the config again, and answer with its diagnostics: its
        /// error, or its warnings.
        case reload
        /// Save the places and stop.
        case quit
        /// Arm this click type from the instance, or disarm (nil); fails
        /// with why it cannot be armed.
        case click(Int, ClickType?)
        /// Open or close the pointer pad on the instance's output; fails
        /// with why it cannot open.
        case pointer(Int, PointerSwitch)
    }

    /// How the request is answered once the steps are done.
    package enum Reply: Equatable, Sendable {
        case ok(String?)
        case error(String)
        /// The reload has answered.
        case reloaded
        /// The state report as the payload.
        case state
        /// Once the menu has opened (or could not), if it is opening; else ok.
        case whenMenuOpens
    }

    package var steps: [Step]
    package var reply: Reply

    package init(_ steps: [Step] = [], reply: Reply = .ok(nil)) {
        self.steps = steps
        self.reply = reply
    }

    static func error(_ message: String, after steps: [Step] = []) -> MessagePlan {
        MessagePlan(steps, reply: .error(message))
    }
}

/// `buoy msg`'s decisions: which instances a request acts on, what each of
/// them is given, what is refused and with which words.
package enum MessageDispatch {
    /// The plan for `message` given `facts`; `now` stamps the controllers'
    /// inputs. With `instance`, for that instance alone, whatever the message
    /// names: a screen reader's push button is one instance, and an
    /// `output = "*"` button has one on each output.
    package static func plan(
        _ message: ControlMessage, facts: MessageFacts, now: Double, instance: Int? = nil
    )
        -> MessagePlan
    {
        let targets: [Int]
        switch (instance, message.target(among: facts.buttons)) {
        case (let instance?, _): targets = facts.instances.indices.contains(instance) ? [instance] : []
        case (nil, .failure(let error)): return .error(error.message)
        case (nil, .success(.every?)): targets = Array(facts.instances.indices)
        case (nil, .success(.button(let name)?)):
            targets = facts.instances.indices.filter { facts.instances[$0].key.name == name }
        case (nil, .success(nil)): targets = []
        }
        let instances = facts.instances
        switch message.command {
        case .show:
            let hidden = targets.compactMap { i in
                instances[i].ruleHiding.map { "\(instances[i].key.label) (\($0.rawValue))" }
            }
            let warning =
                "a [visibility] rule keeps it hidden: \(hidden.joined(separator: ", ")); see buoy(5)"
            return MessagePlan(
                setVisible(true, targets, instances), reply: .ok(hidden.isEmpty ? nil : warning))
        case .hide:
            return MessagePlan(setVisible(false, targets, instances))
        case .toggle:
            let show = targets.allSatisfy { instances[$0].hiddenBy?.endsOnShow ?? false }
            return MessagePlan(setVisible(show, targets, instances))
        case .badge(let text):
            return MessagePlan(targets.filter { instances[$0].badge != text }.map { .badge($0, text) })
        case .move(let target):
            return move(to: target, targets, instances, outputs: facts.outputs, now: now)
        case .gesture(let gesture):
            guard let first = targets.first else { return .error(notOnAnyOutput) }
            guard instances[first].actions.contains(gesture) else {
                let name = gesture.rawValue
                return .error(
                    "\(instances[first].key.name) has no \(name) action configured ([actions] \(name))")
            }
            return MessagePlan([.run(first, gesture)])
        case .menu(let submenu):
            guard let first = targets.first else { return .error(notOnAnyOutput) }
            if instances[first].dragging { return .error(ActionWords.cannotOpenMenu(draggedMenu)) }
            return MessagePlan([.toggleMenu(first, path: submenu.map { [$0] } ?? [])], reply: .whenMenuOpens)
        case .mode(let mode):
            return MessagePlan((mode != facts.mode ? [.setMode(mode)] : []) + [.applyVisibilityRules])
        case .reload:
            return MessagePlan([.reload], reply: .reloaded)
        case .state:
            return MessagePlan(reply: .state)
        case .subscribe:
            // The socket keeps subscribers itself; this is not reached.
            return .error("subscribe is handled by the socket")
        case .quit:
            return MessagePlan([.quit])
        case .click(let type):
            guard let first = targets.first else { return .error(notOnAnyOutput) }
            if let type,
                let refusal = ClickArming.refusal(
                    arming: type, from: instances[first].key.name, hiddenBy: instances[first].hiddenBy)
            {
                return .error(refusal)
            }
            return MessagePlan([.click(first, type)])
        case .pointer(let turn):
            guard let first = targets.first else { return .error(notOnAnyOutput) }
            if turn != .off, let hiddenBy = instances[first].hiddenBy {
                // Nothing on screen would say what the pad's output is, nor close it from there.
                return .error(
                    "cannot open the pointer pad: \(instances[first].key.name) is hidden (\(hiddenBy.rawValue))"
                )
            }
            return MessagePlan([.pointer(first, turn)])
        }
    }

    static let notOnAnyOutput = "the button is not on any output"
    /// The menu opens beside a button at rest; the drop decides where that is.
    static let draggedMenu = "it is being dragged; open it once it is released"

    /// `show`, `hide`: a button a rule hides stays hidden, but is hidden on
    /// request too, and so stays hidden once the rule no longer holds.
    /// `show` brings back a removed one; `hide` hides it on request too, so
    /// that its Undo no longer brings it back before a `show`.
    private static func setVisible(_ visible: Bool, _ targets: [Int], _ instances: [InstanceFacts])
        -> [MessagePlan.Step]
    {
        targets.filter { i in
            let hiddenBy = instances[i].hiddenBy
            return visible ? hiddenBy?.endsOnShow ?? false : hiddenBy != .msg
        }.map { i in
            // Shown only if no rule hides it; hidden now if nothing did.
            let changes = visible ? instances[i].ruleHiding == nil : instances[i].hiddenBy == nil
            return .setVisible(i, visible, announce: changes)
        }
    }

    private static func move(
        to target: MoveTarget, _ targets: [Int], _ instances: [InstanceFacts], outputs: [String], now: Double
    ) -> MessagePlan {
        guard !targets.isEmpty else { return .error(notOnAnyOutput) }
        if let refusal = targets.lazy.compactMap({ i in
            instances[i].refusalToMove.map { "\(instances[i].key.label): \($0)" }
        }).first {
            return .error(refusal)
        }
        var steps: [MessagePlan.Step] = []
        if instances.indices.contains(where: { instances[$0].menuOpen && !targets.contains($0) }) {
            steps.append(.closeMenu)
        }
        switch target {
        case .placement(let placement):
            steps += targets.map { .input($0, .moveTo(RestPosition(placement: placement), at: now)) }
        case .point(let x, let y):
            for i in targets {
                guard instances[i].placed else {
                    return .error("\(instances[i].key.label) is not placed yet", after: steps)
                }
                steps.append(.input(i, .moveToPoint(Point(x: x, y: y), at: now)))
            }
        case .output(let name):
            guard outputs.contains(name) else {
                let positions = ControlCommand.positions.joined(separator: ", ")
                return .error(
                    "no output or position named \"\(name)\"; outputs: \(outputs.joined(separator: ", ")); "
                        + "positions: \(positions)", after: steps)
            }
            if let refusal = targets.lazy.compactMap({ refusal(instances[$0], to: name) }).first {
                return .error(refusal, after: steps)
            }
            // Each move saves the places itself (the controller's `.save`); one
            // already there has nothing new to save.
            steps += targets.filter { instances[$0].output != name }.map { .moveToOutput($0, name) }
        case .configured:
            steps += targets.map { .followConfig($0) } + [.savePlaces]
        }
        return MessagePlan(steps)
    }

    /// Why `move OUTPUT` cannot move this instance there, if it cannot.
    private static func refusal(_ instance: InstanceFacts, to output: String) -> String? {
        let name = instance.key.name
        if instance.key.instanceOutput != nil { return "\(name) shows on every output (output = \"*\")" }
        if let configured = instance.configuredOutput, configured != output {
            return "\(name)'s config puts it on \(configured) (output = \"\(configured)\")"
        }
        return nil
    }
}

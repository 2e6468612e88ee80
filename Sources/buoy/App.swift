import BuoyButton
import BuoyConfig
import BuoyCore
import BuoyDrawing
import BuoyWayland
import CLinux
import Glibc

/// Wires the pure core to Wayland. Each wakeup of the loop calls `update`
/// once: it routes the recorded facts (configures, input, timers, signals,
/// requests) to the button instances' controllers, carries out their
/// effects, then each instance draws at most one frame, and a new one only
/// when no frame callback of its own is outstanding; while one is, it
/// commits only what cannot wait for it (a press's input region, a menu's
/// first frame).
final class App {
    private let display: Display
    private let loop: EventLoop
    private let log: Logger
    private var config: Config
    private let loader: ConfigLoader
    /// inotify on the config's directory (or its nearest existing
    /// ancestor), so saving the file reloads it.
    private let configWatch: ConfigWatch?
    private let runner: CommandRunner
    /// `buoy msg`'s socket; nil when it could not be created.
    private let server: ControlServer?
    private let places: PlaceStore

    /// In config order, and for `output = "*"` in output order.
    private var instances: [ButtonInstance] = []
    private let menu: MenuSession
    private var exitStatus: Int32?
    /// `buoy msg mode`: kept across reloads, not restarts (the compositor's
    /// switch says it again).
    private var mode = DeviceMode.laptop
    /// Whether the missing foreign-toplevel was logged, so it is logged once.
    private var warnedNoWindows = false
    /// The built-in actions whose missing tool a tap has logged.
    private var reportedMissing: Set<String> = []

    init(
        display: Display, loop: EventLoop, config: Config, loader: ConfigLoader, server: ControlServer?,
        log: Logger
    ) {
        self.display = display
        self.server = server
        server?.start(on: loop)
        self.loop = loop
        self.config = config
        self.loader = loader
        self.log = log
        configWatch = ConfigWatch(file: loader.primaryPath)
        if let configWatch {
            loop.watch(configWatch.fd)
            if let directory = configWatch.directory, directory != Files.directory(of: loader.primaryPath) {
                log.info("watching \(directory) for \(loader.primaryPath) to appear")
            }
        } else {
            log.info("not watching \(loader.primaryPath) for changes; SIGHUP still reloads it")
        }
        runner = CommandRunner(log: log)
        menu = MenuSession(display: display, loop: loop, log: log)
        menu.publish = { [weak server] event in server?.publish(event) }
        places = PlaceStore(path: Files.statePath, log: log)
        menu.perform = { [unowned self] action, name, instance, now in
            runAction(action, name: name, from: instance, now: now)
        }
        watchWindowsIfNeeded()
    }

    /// Binds foreign-toplevel when a visibility rule or `output = "focused"`
    /// needs the windows.
    private func watchWindowsIfNeeded() {
        let needed = config.buttons.contains { $0.visibility.needsWindows || $0.button.output == .focused }
        guard needed, !display.watchWindows(), !warnedNoWindows else { return }
        warnedNoWindows = true
        log.warning(
            "the compositor does not offer wlr-foreign-toplevel-management (KWin, GNOME): "
                + "[visibility] fullscreen, hide_for and show_for do nothing here, and a button with "
                + "output = \"focused\" shows where the compositor chooses")
    }

    /// Moves each `output = "focused"` button to the focused window's output,
    /// to where it rested there before; never while it is held.
    private func followFocus(now: Double) {
        guard let windows = display.windows,
            let focused = WindowFacts.focusedOutput(of: windows.windows),
            display.output(named: focused) != nil
        else { return }
        for instance in instances where instance.spec.button.output == .focused {
            guard let current = instance.currentOutput?.name, current != focused,
                !instance.controller.isPressed
            else { continue }
            log.info("\(instance.label): following the focus to \(focused)")
            instance.placesByOutput[current] = instance.controller.rest
            instance.restOutput = focused
            placeAgain(instance, now: now)
            // Where it was on that output: not a place the user chose now.
            if let rest = instance.placesByOutput[focused] { place(instance, at: rest, now: now) }
            publish(.moved(edge: instance.controller.rest.name, output: focused), for: instance)
        }
    }

    /// Gives each controller what the visibility rules say now, and tells
    /// subscribers of each button that hides or shows by them.
    private func applyVisibilityRules(now: Double) {
        let windows = display.windows?.windows ?? []
        for instance in instances {
            let rule = instance.spec.visibility.hiding(
                windows: windows, mode: mode, output: instance.currentOutput?.name)
            let before = instance.controller.ruleHiding
            guard rule != before else { continue }
            let wasVisible = instance.controller.isVisible
            perform(instance.controller.handle(.ruleHides(rule, at: now)), for: instance, now: now)
            if let rule, wasVisible {
                log.info("\(instance.label): hidden by [visibility] \(rule.rawValue)")
                publish(.hidden(reason: rule), for: instance)
            } else if let before, instance.controller.isVisible {
                log.info("\(instance.label): shown, [visibility] \(before.rawValue) no longer hides it")
                publish(.shown(reason: before), for: instance)
            }
        }
    }

    /// Runs until a signal asks to stop; returns the exit status.
    func run() throws(WaylandError) -> Int32 {
        defer { tearDown() }
        try loop.run { wakeup in
            update(wakeup, now: monotonicNow())
            return exitStatus == nil
        }
        return exitStatus ?? 0
    }

    /// Destroys buoy's proxies, newest first, while the display is still
    /// connected: Swift would otherwise free them in whatever order the last
    /// references go, and a proxy destroyed after the disconnect crashes.
    private func tearDown() {
        let now = monotonicNow()
        menu.tearDown(now: now)
        for instance in instances.reversed() { instance.dropSurface(now: now) }
        instances = []
        if let configWatch {
            loop.unwatch(configWatch.fd)
            configWatch.close()
        }
        server?.close()
    }

    // MARK: - One wakeup

    private func update(_ wakeup: Wakeup, now: Double) {
        for signal in wakeup.signals { handle(signal: signal, now: now) }
        if exitStatus != nil { return }
        if let configWatch, configWatch.reloadDue(wakeup, now: now) { _ = reload(now: now) }
        placeInstances(outputsChanged: display.takeOutputsChanged(), now: now)
        menu.followOwnersSurface(now: now)
        // Every wakeup: a window's events wake the loop, and the rules are a few comparisons.
        applyVisibilityRules(now: now)
        followFocus(now: now)
        for record in display.takeInput() { route(record) }
        if let server {
            for request in server.update(wakeup, now: now) { handle(request, now: now) }
        }
        // Each controller fires what is due itself (gestures, the tuck).
        for instance in instances {
            perform(instance.controller.handle(.tick(at: now)), for: instance, now: now)
        }
        menu.update(wakeup, now: now)
        menu.prepareAhead(for: instances, onlyButton: config.buttons.count == 1, now: now)
        for instance in instances { instance.updateFace(wakeup, now: now, log: log) }
        var committed: [ObjectIdentifier] = []
        for instance in instances
        where instance.render(now: now, menu: menu.presenter(for: instance), log: log) {
            committed.append(ObjectIdentifier(instance))
        }
        armTimer(now: now, committed: committed)
    }

    private func handle(signal: Int32, now: Double) {
        switch signal {
        case SIGCHLD: runner.reap()
        case SIGHUP:
            configWatch?.forgetChanges()
            _ = reload(now: now)
        case SIGUSR1: toggle(instances, now: now)
        case SIGINT, SIGTERM:
            log.info("signal \(signal): saving state and exiting")
            places.save(instances)
            exitStatus = 0
        default: break
        }
    }

    // MARK: - Instances

    /// Makes the instances the config and the outputs call for (one per
    /// output for `output = "*"`), drops the others, and gives each its
    /// surface and area. Each instance is placed after the ones before it,
    /// avoiding where they rest.
    private func placeInstances(outputsChanged: Bool, now: Double) {
        let outputs = display.outputs.filter(\.ready).compactMap(\.name)
        var kept: [ButtonInstance] = []
        for (key, spec) in ButtonInstance.Key.wanted(by: config.buttons, outputs: outputs) {
            if let existing = instances.first(where: { $0.key == key }) {
                kept.append(existing)
            } else {
                let label = key.instanceOutput.map { "\(key.name) on \($0)" } ?? key.name
                let configured = spec.button.position
                let saved = places.place(of: key)
                let chosen = saved.flatMap { $0.wins(over: configured) ? $0 : nil }
                log.info("button \(label): created")
                if let chosen {
                    log.info(
                        "button \(label): resting where it was put (\(chosen.rest.name)), not at the config's "
                            + "position \(configured.rawValue); `buoy msg move default` goes back to it")
                } else if let saved, let overrode = saved.overrode {
                    log.info(
                        "button \(label): the config's position is \(configured.rawValue) now, not "
                            + "\(overrode.rawValue): it wins over the place the button was put at")
                }
                let instance = ButtonInstance(
                    key: key, spec: spec, rest: chosen?.rest ?? RestPosition(placement: configured),
                    restOutput: chosen?.output ?? key.instanceOutput, display: display, loop: loop, now: now)
                instance.chosenOver = chosen.map { $0.overrode ?? configured }
                kept.append(instance)
            }
        }
        for gone in instances where !kept.contains(where: { $0 === gone }) {
            log.info("button \(gone.label): removed")
            if menu.owner === gone { menu.drop(now: now) }
            gone.dropSurface(now: now)
        }
        instances = kept
        for instance in instances {
            let placed = instance.placeSurface(outputsChanged: outputsChanged, now: now, log: log)
            perform(placed, for: instance, now: now)
            // Neighbours first: a placement avoids where the buttons before it rest.
            _ = instance.controller.handle(.neighbours(neighbours(of: instance)))
            perform(instance.applyConfigure(now: now), for: instance, now: now)
        }
    }

    /// Where the other buttons on `instance`'s output rest.
    private func neighbours(of instance: ButtonInstance) -> [Rect] {
        let output = instance.currentOutput?.name
        return instances.compactMap { other in
            guard other !== instance, Snapping.mayShareOutput(other.currentOutput?.name, output) else {
                return nil
            }
            return other.controller.restingRect
        }
    }

    /// Gives a recorded input event to the instance whose surface it was for;
    /// keys go to the open menu.
    private func route(_ record: InputRecord) {
        if case .key(let keysym, let at) = record.event { return menu.handleKey(keysym, at: at) }
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
        perform(instance.controller.handle(input), for: instance, now: input.time)
    }

    /// Carries out what a controller decided.
    private func perform(_ effects: [ButtonEffect], for instance: ButtonInstance, now: Double) {
        for effect in effects {
            log.debug("\(instance.label): \(effect)")
            switch effect {
            case .run(let gesture):
                publish(ButtonEvent.Kind(gesture), for: instance)
                runAction(instance.spec.actions[gesture], name: gesture.rawValue, from: instance, now: now)
            case .menuRelease(let point):
                menu.release(at: point, now: now)
            case .dragBegan:
                if menu.isOpening, menu.owner === instance { menu.cancelOpening("the button was dragged") }
            case .save:
                instance.chosenOver = instance.spec.button.position
                instance.restOutput = instance.currentOutput?.name ?? instance.restOutput
                places.save(instances)
                publish(
                    .moved(edge: instance.controller.rest.name, output: instance.restOutput), for: instance)
            case .cursor(let cursor):
                let role: CursorRole = cursor == .grabbing ? .grabbing : .hover
                for seat in display.seats { seat.setCursor(role, scale: instance.scale.ceiling) }
            case .hidden:
                if menu.owner === instance { menu.drop(now: now) }
            case .relocate:
                log.info("\(instance.label): moving the button to its preferred output")
                placeAgain(instance, now: now)
            }
        }
    }

    /// Sends the button, gliding, to the config's `position`, forgetting the
    /// place the user chose (`buoy msg move default`, or a reload that
    /// changed the position).
    private func followConfig(_ instance: ButtonInstance, now: Double) {
        instance.chosenOver = nil
        place(instance, at: RestPosition(placement: instance.spec.button.position), now: now)
        publish(.moved(edge: instance.controller.rest.name, output: instance.restOutput), for: instance)
    }

    /// Moves the button to `rest` as buoy's own choice, not the user's: the
    /// controller's `save` (which marks a chosen place) is left out.
    private func place(_ instance: ButtonInstance, at rest: RestPosition, now: Double) {
        let effects = instance.controller.handle(.moveTo(rest, at: now)).filter { $0 != .save }
        perform(effects, for: instance, now: now)
    }

    /// Makes the instance's surface anew, on the output it prefers now; its
    /// menu goes with the old one.
    private func placeAgain(_ instance: ButtonInstance, now: Double) {
        if menu.owner === instance { menu.drop(now: now) }
        perform(instance.dropSurface(now: now), for: instance, now: now)
        perform(instance.placeSurface(outputsChanged: false, now: now, log: log), for: instance, now: now)
    }

    /// Runs a gesture's action; returns why it did not (logged already), for `buoy msg` to answer.
    @discardableResult
    private func runAction(_ action: Action?, name: String, from instance: ButtonInstance, now: Double)
        -> String?
    {
        // With one button its name says nothing: "tap", else "keyboard tap".
        let reason = config.buttons.count > 1 ? "\(instance.key.name) \(name)" : name
        switch action {
        case .command(let command):
            return runner.run(command, reason: reason, limit: instance.spec.actions.maxRunning)
        case .builtIn(let builtIn):
            return runMissing(builtIn, reason: reason, limit: instance.spec.actions.maxRunning)
        case .menu:
            if let problem = menu.toggle(from: instance, now: now) {
                log.warning("\(reason): cannot open the menu: \(problem)")
                return "cannot open the menu: \(problem)"
            }
        case nil:
            if name == ButtonGesture.tap.rawValue, let notice = loader.firstRunNotice {
                log.notice("\(reason): \(notice)")
            } else {
                log.debug("\(reason): no action configured")
            }
        }
        return nil
    }

    /// A built-in action that had no tool when the config was read. It is
    /// looked for again, so one installed since runs; else the first tap
    /// logs what to install.
    private func runMissing(_ action: BuiltInAction, reason: String, limit: Int) -> String? {
        switch BuiltInTools.resolve(action) {
        case .command(let command):
            return runner.run(command, reason: reason, limit: limit)
        case .missing(let why):
            let problem = "action \(action.name): \(why)"
            if reportedMissing.insert(action.name).inserted { log.warning("\(reason): \(problem)") }
            return problem
        }
    }

    // MARK: - buoy msg

    private func handle(_ request: ControlRequest, now: Double) {
        let message = request.message
        log.info("buoy msg \(message.words.joined(separator: " "))")
        let targets: [ButtonInstance]
        switch message.target(among: config.buttons.map(\.name)) {
        case .failure(let error): return request.reply(ok: false, message: error.message)
        case .success(.every?): targets = instances
        case .success(.button(let name)?): targets = instances.filter { $0.key.name == name }
        case .success(nil): targets = []
        }
        switch message.command {
        case .show:
            setVisible(true, targets, now: now)
            let hidden = targets.compactMap { i in
                i.controller.ruleHiding.map { "\(i.label) (\($0.rawValue))" }
            }
            if !hidden.isEmpty {
                return request.reply(
                    ok: true,
                    message:
                        "a [visibility] rule keeps it hidden: \(hidden.joined(separator: ", ")); see buoy(5)")
            }
        case .hide: setVisible(false, targets, now: now)
        case .toggle: toggle(targets, now: now)
        case .badge(let text):
            for instance in targets where instance.setBadge(text) {
                log.info("\(instance.label): badge \(text.map { "\"\($0)\"" } ?? "removed")")
                publish(.badge(text), for: instance)
            }
        case .move, .tap, .doubleTap, .longPress, .menu:
            if let problem = act(message.command, on: targets, now: now) {
                return request.reply(ok: false, message: problem)
            }
            if message.command == .menu, menu.answerWhenOpen(request) { return }
        case .mode(let mode):
            if mode != self.mode { log.info("mode: \(mode.rawValue)") }
            self.mode = mode
            applyVisibilityRules(now: now)
        case .reload:
            // The changes the config watch has seen are read now: no second reload follows.
            configWatch?.forgetChanges()
            switch reload(now: now) {
            case .failure(let failure): return request.reply(ok: false, diagnostics: [failure.message])
            case .success(let warnings): return request.reply(ok: true, diagnostics: warnings)
            }
        case .state:
            let report = StateReport(
                instances: instances, first: config.buttons[0], menuOpen: menu.isOpen, mode: mode,
                config: loader.path, now: now)
            return request.reply(ok: true, payload: report.json)
        case .subscribe:
            // ControlServer keeps subscribers itself; this is not reached.
            return request.reply(ok: false, message: "subscribe is handled by the socket")
        case .quit:
            request.reply(ok: true)
            places.save(instances)
            exitStatus = 0
            return
        }
        request.reply(ok: true)
    }

    /// Carries out a command for one button's instances; returns why it cannot.
    private func act(_ command: ControlCommand, on targets: [ButtonInstance], now: Double) -> String? {
        guard let first = targets.first else { return "the button is not on any output" }
        if case .move = command {
            if let refusal = targets.lazy.compactMap({ i in
                i.controller.refusalToMove.map { "\(i.label): \($0)" }
            })
            .first {
                return refusal
            }
            // The open menu is not a place a button could take: it closes first.
            if menu.isOpen, let owner = menu.owner, !targets.contains(where: { $0 === owner }) {
                menu.close(now: now)
            }
        }
        switch command {
        case .move(.placement(let placement)):
            for instance in targets {
                let rest = RestPosition(placement: placement)
                perform(instance.controller.handle(.moveTo(rest, at: now)), for: instance, now: now)
            }
        case .move(.point(let x, let y)):
            for instance in targets {
                guard instance.controller.usable != nil else { return "\(instance.label) is not placed yet" }
                let topLeft = Point(x: x, y: y)
                perform(instance.controller.handle(.moveToPoint(topLeft, at: now)), for: instance, now: now)
            }
        case .move(.output(let name)):
            return move(targets, toOutput: name, now: now)
        case .move(.configured):
            for instance in targets { followConfig(instance, now: now) }
            places.save(instances)
        case .tap, .doubleTap, .longPress:
            let gesture: ButtonGesture =
                command == .tap ? .tap : command == .doubleTap ? .doubleTap : .longPress
            guard let action = first.spec.actions[gesture] else {
                return
                    "\(first.key.name) has no \(gesture.rawValue) action configured ([actions] \(gesture.rawValue))"
            }
            return runAction(action, name: gesture.rawValue, from: first, now: now)
        case .menu:
            if let problem = menu.toggle(from: first, now: now) { return "cannot open the menu: \(problem)" }
        default: break
        }
        return nil
    }

    /// `msg move OUTPUT`: the button rests on that output, where it rests now.
    private func move(_ targets: [ButtonInstance], toOutput name: String, now: Double) -> String? {
        guard display.output(named: name) != nil else {
            let outputs = display.outputs.compactMap(\.name).joined(separator: ", ")
            let positions = ControlCommand.positions.joined(separator: ", ")
            return "no output or position named \"\(name)\"; outputs: \(outputs); positions: \(positions)"
        }
        if let refusal = targets.lazy.compactMap({ $0.refusalToMove(to: name) }).first { return refusal }
        for instance in targets where instance.currentOutput?.name != name {
            log.info("\(instance.label): moving the button to \(name)")
            instance.restOutput = name
            instance.chosenOver = instance.spec.button.position
            placeAgain(instance, now: now)
            publish(.moved(edge: instance.controller.rest.name, output: name), for: instance)
        }
        places.save(instances)
        return nil
    }

    // MARK: - Events

    /// Tells `buoy msg subscribe`'s subscribers.
    private func publish(_ kind: ButtonEvent.Kind, for instance: ButtonInstance) {
        server?.publish(ButtonEvent(kind, button: instance.key.name))
    }

    // MARK: - Config and visibility

    /// Reads the config again. A bad file changes nothing: the running config
    /// stays and the error (path:line:col) is logged and returned. Returns
    /// the new config's warnings. Subscribers hear of it once per button.
    func reload(now: Double) -> Result<[String], ConfigLoader.Failure> {
        switch loader.loadWithWarnings() {
        case .failure(let failure):
            log.error("reload failed; keeping the running config:\n\(failure.message)")
            for spec in config.buttons {
                server?.publish(ButtonEvent(.reloadFailed(diagnostic: failure.message), button: spec.name))
            }
            return .failure(failure)
        case .success(let (new, warnings)):
            config = new
            for instance in instances {
                guard let spec = new.buttons.first(where: { $0.name == instance.key.name }) else { continue }
                if spec.button.output != instance.spec.button.output, menu.owner === instance {
                    menu.drop(now: now)
                }
                menu.reloaded(instance, as: spec, now: now)
                let oldPosition = instance.spec.button.position
                perform(instance.update(spec, now: now), for: instance, now: now)
                let position = spec.button.position
                if let overrode = instance.chosenOver, overrode != position {
                    log.info(
                        "\(instance.label): the config's position is \(position.rawValue) now, not "
                            + "\(overrode.rawValue): it wins over the place the button was put at")
                    followConfig(instance, now: now)
                } else if instance.chosenOver == nil, position != oldPosition {
                    followConfig(instance, now: now)
                }
            }
            // Instances of buttons that are gone, or new, follow in placeInstances.
            placeInstances(outputsChanged: true, now: now)
            watchWindowsIfNeeded()
            applyVisibilityRules(now: now)
            log.info("reloaded \(loader.path)")
            for spec in new.buttons {
                server?.publish(ButtonEvent(.reloaded(warnings: warnings), button: spec.name))
            }
            return .success(warnings)
        }
    }

    /// `msg show`, `hide`: a button a rule hides stays hidden, but is hidden
    /// on request too, and so stays hidden once the rule no longer holds.
    private func setVisible(_ visible: Bool, _ targets: [ButtonInstance], now: Double) {
        for instance in targets where (instance.controller.hiddenBy == .msg) == visible {
            let wasVisible = instance.controller.isVisible
            perform(instance.controller.handle(.setVisible(visible, at: now)), for: instance, now: now)
            guard instance.controller.isVisible != wasVisible else { continue }
            log.info(
                visible ? "\(instance.label): showing the button" : "\(instance.label): hiding the button")
            publish(visible ? .shown(reason: .msg) : .hidden(reason: .msg), for: instance)
        }
    }

    /// Hides them all if any shows, else shows them all.
    private func toggle(_ targets: [ButtonInstance], now: Double) {
        setVisible(targets.allSatisfy { $0.controller.hiddenBy == .msg }, targets, now: now)
    }

    // MARK: - Timer

    private func armTimer(now: Double, committed: [ObjectIdentifier]) {
        var deadline: Double?
        func consider(_ time: Double) { deadline = min(deadline ?? time, time) }
        if let at = configWatch?.deadline { consider(at) }
        if let at = menu.deadline { consider(at) }
        if let at = server?.deadline { consider(at) }
        for instance in instances {
            let committed = committed.contains(ObjectIdentifier(instance))
            if let at = instance.deadline(
                after: now, committed: committed, menu: menu.presenter(for: instance))
            {
                consider(at)
            }
        }
        loop.arm(deadline: deadline)
    }
}

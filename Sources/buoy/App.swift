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
/// effects, then each instance commits at most one frame, and only when no
/// frame callback of its own is outstanding.
final class App {
    private let display: Display
    private let loop: EventLoop
    private let log: Logger
    private var config: Config
    private let loader: ConfigLoader
    /// inotify on the config's directory, so saving the file reloads it.
    private let configWatch: Int32
    /// When a burst of file events has settled and the reload should run.
    private var reloadDue: Double?
    private let runner: CommandRunner
    /// `buoy msg`'s socket; nil when it could not be created.
    private let server: ControlServer?
    private let places: PlaceStore

    /// In config order, and for `output = "*"` in output order.
    private var instances: [ButtonInstance] = []
    private let menu: MenuSession
    private var exitStatus: Int32?

    init(
        display: Display, loop: EventLoop, config: Config, loader: ConfigLoader, server: ControlServer?,
        log: Logger
    ) {
        self.display = display
        self.server = server
        if let server { loop.watch(server.fd) }
        self.loop = loop
        self.config = config
        self.loader = loader
        self.log = log
        configWatch = buoy_inotify_create()
        if configWatch >= 0, buoy_inotify_watch_dir(configWatch, Files.directory(of: loader.path)) >= 0 {
            loop.watch(configWatch)
        } else {
            log.info("not watching \(loader.path) for changes; SIGHUP still reloads it")
        }
        runner = CommandRunner(log: log)
        menu = MenuSession(display: display, loop: loop, runner: runner, log: log)
        places = PlaceStore(path: Files.statePath, log: log)
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
        menu.drop(now: now)
        for instance in instances.reversed() { instance.dropSurface(now: now) }
        instances = []
        if configWatch >= 0 {
            loop.unwatch(configWatch)
            close(configWatch)
        }
        if let server {
            loop.unwatch(server.fd)
            server.close()
        }
    }

    // MARK: - One wakeup

    private func update(_ wakeup: Wakeup, now: Double) {
        for signal in wakeup.signals { handle(signal: signal, now: now) }
        if exitStatus != nil { return }
        if wakeup.readable.contains(configWatch),
            buoy_inotify_drain(configWatch, Files.baseName(of: loader.path)) != 0
        {
            // Editors save in bursts (write, rename, chmod): reload once it settles.
            reloadDue = now + 0.15
        }
        if let due = reloadDue, now >= due {
            reloadDue = nil
            _ = reload(now: now)
        }
        placeInstances(outputsChanged: display.takeOutputsChanged(), now: now)
        for record in display.takeInput() { route(record) }
        if let server, wakeup.readable.contains(server.fd) {
            for request in server.acceptRequests() { handle(request, now: now) }
        }
        // Each controller fires what is due itself (gestures, the tuck).
        for instance in instances {
            perform(instance.controller.handle(.tick(at: now)), for: instance, now: now)
        }
        menu.update(wakeup, now: now)
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
        case SIGHUP: _ = reload(now: now)
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
                let place = places.place(of: key)
                let rest = place?.rest ?? RestPosition(placement: spec.button.position)
                log.info("button \(key.instanceOutput.map { "\(key.name) on \($0)" } ?? key.name): created")
                kept.append(
                    ButtonInstance(
                        key: key, spec: spec, rest: rest, restOutput: place?.output ?? key.instanceOutput,
                        display: display, now: now))
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
            guard other !== instance, other.currentOutput?.name == output else { return nil }
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
        if case .press(_, let at) = input, menu.isOpen, let owner = menu.owner, owner !== instance {
            // Another button is above the open menu's surface: that press
            // is outside the menu, which closes it.
            menu.close(now: at)
            return
        }
        switch input {
        case .press(let point, _): log.debug("\(instance.label): press at \(point.x), \(point.y)")
        case .release(let point, _): log.debug("\(instance.label): release at \(point.x), \(point.y)")
        case .cancel: log.debug("\(instance.label): cancel")
        default: break
        }
        perform(instance.controller.handle(input), for: instance, now: input.time)
    }

    /// Carries out what a controller decided.
    private func perform(_ effects: [ButtonEffect], for instance: ButtonInstance, now: Double) {
        for effect in effects {
            log.debug("\(instance.label): \(effect)")
            switch effect {
            case .run(let gesture):
                runAction(instance.spec.actions[gesture], name: gesture.rawValue, from: instance, now: now)
            case .menuRelease(let point):
                menu.release(at: point, now: now)
            case .dragBegan:
                if menu.isOpening, menu.owner === instance { menu.cancelOpening("the button was dragged") }
            case .save:
                instance.restOutput = instance.currentOutput?.name ?? instance.restOutput
                places.save(instances)
            case .cursor(let cursor):
                let role: CursorRole = cursor == .grabbing ? .grabbing : .hover
                for seat in display.seats { seat.setCursor(role, scale: instance.scale.ceiling) }
            case .hidden:
                if menu.owner === instance { menu.drop(now: now) }
            case .relocate:
                log.info("\(instance.label): moving the button to its preferred output")
                if menu.owner === instance { menu.drop(now: now) }
                perform(instance.dropSurface(now: now), for: instance, now: now)
                perform(
                    instance.placeSurface(outputsChanged: false, now: now, log: log), for: instance, now: now)
            }
        }
    }

    private func runAction(_ action: Action?, name: String, from instance: ButtonInstance, now: Double) {
        // With one button its name says nothing: "tap", else "keyboard tap".
        let reason = config.buttons.count > 1 ? "\(instance.key.name) \(name)" : name
        switch action {
        case .command(let command):
            runner.run(command, reason: reason, limit: instance.spec.actions.maxRunning)
        case .menu:
            if let problem = menu.toggle(from: instance, now: now) {
                log.warning("\(reason): cannot open the menu: \(problem)")
            }
        case nil: log.debug("\(reason): no action configured")
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
        case .show: setVisible(true, targets, now: now)
        case .hide: setVisible(false, targets, now: now)
        case .toggle: toggle(targets, now: now)
        case .move, .tap, .doubleTap, .longPress, .menu:
            if let problem = act(message.command, on: targets, now: now) {
                return request.reply(ok: false, message: problem)
            }
            if message.command == .menu, menu.answerWhenOpen(request) { return }
        case .reload:
            if case .failure(let failure) = reload(now: now) {
                // The first line is path:line:col: message; the rest is the caret.
                let first = failure.message.split(separator: "\n", maxSplits: 1).first.map(String.init)
                return request.reply(ok: false, message: first ?? failure.message)
            }
        case .state:
            let report = StateReport(
                instances: instances, first: config.buttons[0], menuOpen: menu.isOpen, config: loader.path,
                now: now)
            return request.reply(ok: true, payload: report.json)
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
        switch command {
        case .move(let placement):
            for instance in targets {
                let rest = RestPosition(placement: placement)
                perform(instance.controller.handle(.moveTo(rest, at: now)), for: instance, now: now)
            }
        case .tap: runAction(first.spec.actions.tap, name: ButtonGesture.tap.rawValue, from: first, now: now)
        case .doubleTap:
            runAction(
                first.spec.actions.doubleTap, name: ButtonGesture.doubleTap.rawValue, from: first, now: now)
        case .longPress:
            runAction(
                first.spec.actions.longPress, name: ButtonGesture.longPress.rawValue, from: first, now: now)
        case .menu:
            if let problem = menu.toggle(from: first, now: now) { return "cannot open the menu: \(problem)" }
        default: break
        }
        return nil
    }

    // MARK: - Config and visibility

    /// Reads the config again. A bad file changes nothing: the running config
    /// stays and the error (path:line:col) is logged and returned.
    func reload(now: Double) -> Result<Void, ConfigLoader.Failure> {
        switch loader.load() {
        case .failure(let failure):
            log.error("reload failed; keeping the running config:\n\(failure.message)")
            return .failure(failure)
        case .success(let new):
            config = new
            for instance in instances {
                guard let spec = new.buttons.first(where: { $0.name == instance.key.name }) else { continue }
                if spec.button.output != instance.spec.button.output, menu.owner === instance {
                    menu.drop(now: now)
                }
                perform(instance.update(spec, now: now), for: instance, now: now)
            }
            // Instances of buttons that are gone, or new, follow in placeInstances.
            placeInstances(outputsChanged: true, now: now)
            log.info("reloaded \(loader.path)")
            return .success(())
        }
    }

    private func setVisible(_ visible: Bool, _ targets: [ButtonInstance], now: Double) {
        for instance in targets where instance.controller.isVisible != visible {
            log.info(
                visible ? "\(instance.label): showing the button" : "\(instance.label): hiding the button")
            perform(instance.controller.handle(.setVisible(visible, at: now)), for: instance, now: now)
        }
    }

    /// Hides them all if any shows, else shows them all.
    private func toggle(_ targets: [ButtonInstance], now: Double) {
        setVisible(!targets.contains { $0.controller.isVisible }, targets, now: now)
    }

    // MARK: - Timer

    private func armTimer(now: Double, committed: [ObjectIdentifier]) {
        var deadline: Double?
        func consider(_ time: Double) { deadline = min(deadline ?? time, time) }
        if let reloadDue { consider(reloadDue) }
        if let at = menu.deadline { consider(at) }
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

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
    private let statePath: String
    /// Every button's place, as the state file keeps them.
    private var places = SavedPlaces(places: [])

    /// In config order, and for `output = "*"` in output order.
    private var instances: [ButtonInstance] = []
    private let menu: MenuPresenter
    /// The instance the menu is open (or opening) from.
    private weak var menuOwner: ButtonInstance?
    /// `buoy msg menu` requests answered once the menu has opened (or not).
    private var menuReplies: [ControlRequest] = []
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
        menu = MenuPresenter(display: display, loop: loop, log: log)
        statePath = Files.statePath
        restoreState()
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
        dropMenu()
        let now = monotonicNow()
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
        advanceMenu(wakeup, now: now)
        menu.follow(menuOwner?.menuAnchor, now: now)
        var committed: [ObjectIdentifier] = []
        for instance in instances
        where instance.render(now: now, menu: instance === menuOwner ? menu : nil, log: log) {
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
            saveState()
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
        var wanted: [(ButtonInstance.Key, ButtonSpec)] = []
        for spec in config.buttons {
            if spec.button.output == .every {
                for output in display.outputs where output.ready {
                    guard let name = output.name else { continue }
                    wanted.append((ButtonInstance.Key(name: spec.name, instanceOutput: name), spec))
                }
            } else {
                wanted.append((ButtonInstance.Key(name: spec.name, instanceOutput: nil), spec))
            }
        }
        var kept: [ButtonInstance] = []
        for (key, spec) in wanted {
            if let existing = instances.first(where: { $0.key == key }) {
                kept.append(existing)
            } else {
                let place = places.place(button: key.name, instanceOutput: key.instanceOutput)
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
            if menuOwner === gone { dropMenu() }
            gone.dropSurface(now: now)
        }
        instances = kept
        for instance in instances {
            let placed = instance.placeSurface(outputsChanged: outputsChanged, now: now, log: log)
            perform(placed, for: instance, now: now)
            perform(
                instance.applyConfigure(neighbours: neighbours(of: instance), now: now), for: instance,
                now: now)
            _ = instance.controller.handle(.neighbours(neighbours(of: instance)))
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
        if case .key(let keysym, let at) = record.event {
            guard menu.isOpen, let key = MenuNavigation.key(forKeysym: keysym) else { return }
            switch key {
            case .dismiss: closeMenu(now: at)
            case .activate: if let index = menu.handle(.activate) { runMenuItem(index, now: at) }
            case .next, .previous: _ = menu.handle(key)
            }
            return
        }
        guard let surface = record.surface, let instance = instances.first(where: { $0.surface == surface }),
            let input = ButtonInstance.input(for: record.event)
        else { return }
        if case .press(_, let at) = input, menu.isOpen, let owner = menuOwner, owner !== instance {
            // Another button is above the open menu's surface: that press
            // is outside the menu, which closes it.
            closeMenu(now: at)
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
                if menuOwner === instance, let index = menu.item(at: point) {
                    runMenuItem(index, now: now)
                } else {
                    closeMenu(now: now)
                }
            case .dragBegan:
                if menu.isOpening, menuOwner === instance { cancelMenuOpening("the button was dragged") }
            case .save:
                instance.restOutput = instance.currentOutput?.name ?? instance.restOutput
                saveState()
            case .cursor(let cursor):
                let role: CursorRole = cursor == .grabbing ? .grabbing : .hover
                for seat in display.seats { seat.setCursor(role, scale: instance.scale) }
            case .hidden:
                if menuOwner === instance { dropMenu() }
            case .relocate:
                log.info("\(instance.label): moving the button to its preferred output")
                if menuOwner === instance { dropMenu() }
                perform(instance.dropSurface(now: now), for: instance, now: now)
                perform(
                    instance.placeSurface(outputsChanged: false, now: now, log: log), for: instance, now: now)
            }
        }
    }

    private func runAction(_ action: Action?, name: String, from instance: ButtonInstance?, now: Double) {
        // With one button its name says nothing: "tap", else "keyboard tap".
        let reason = config.buttons.count > 1 ? "\(instance?.key.name ?? "") \(name)" : name
        switch action {
        case .command(let command):
            runner.run(command, reason: reason, limit: instance?.spec.actions.maxRunning ?? 8)
        case .menu:
            guard let instance else {
                return log.warning("\(reason): cannot open the menu: it is not on screen")
            }
            if let problem = toggleMenu(from: instance, now: now) {
                log.warning("\(reason): cannot open the menu: \(problem)")
            }
        case nil: log.debug("\(reason): no action configured")
        }
    }

    // MARK: - buoy msg

    private func handle(_ request: ControlRequest, now: Double) {
        let message = request.message
        log.info("buoy msg \(message.words.joined(separator: " "))")
        let named: [ButtonInstance]?
        if let name = message.button {
            switch message.command {
            case .reload, .state, .quit:
                return request.reply(ok: false, message: "\(message.command.words[0]) takes no --button")
            default: break
            }
            guard config.buttons.contains(where: { $0.name == name }) else {
                return request.reply(
                    ok: false, message: "no button named \"\(name)\"; buttons: \(buttonNames)")
            }
            named = instances.filter { $0.key.name == name }
        } else {
            named = nil
        }
        switch message.command {
        case .show: setVisible(true, named ?? instances, now: now)
        case .hide: setVisible(false, named ?? instances, now: now)
        case .toggle: toggle(named ?? instances, now: now)
        case .move, .tap, .doubleTap, .longPress, .menu:
            guard let targets = named ?? onlyButton else {
                return request.reply(
                    ok: false,
                    message: "there are several buttons (\(buttonNames)); name one with --button NAME")
            }
            if let problem = act(message.command, on: targets, now: now) {
                return request.reply(ok: false, message: problem)
            }
            if message.command == .menu, menu.isOpening {
                menuReplies.append(request)
                return
            }
        case .reload:
            if case .failure(let failure) = reload(now: now) {
                // The first line is path:line:col: message; the rest is the caret.
                let first = failure.message.split(separator: "\n", maxSplits: 1).first.map(String.init)
                return request.reply(ok: false, message: first ?? failure.message)
            }
        case .state:
            return request.reply(ok: true, payload: stateReport(now: now).json)
        case .quit:
            request.reply(ok: true)
            saveState()
            exitStatus = 0
            return
        }
        request.reply(ok: true)
    }

    private var buttonNames: String { config.buttons.map(\.name).joined(separator: ", ") }

    /// The instances of the only button there is; nil when there are several.
    private var onlyButton: [ButtonInstance]? {
        guard config.buttons.count == 1 else { return nil }
        return instances
    }

    /// Carries out a command for one button's instances; returns why it cannot.
    private func act(_ command: ControlCommand, on targets: [ButtonInstance], now: Double) -> String? {
        switch command {
        case .move(let placement):
            for instance in targets {
                perform(
                    instance.controller.handle(.moveTo(RestPosition(placement: placement), at: now)),
                    for: instance,
                    now: now)
            }
        case .tap, .doubleTap, .longPress:
            let gesture: ButtonGesture =
                command == .tap ? .tap : command == .doubleTap ? .doubleTap : .longPress
            let spec = targets.first?.spec ?? config.buttons[0]
            runAction(spec.actions[gesture], name: gesture.rawValue, from: targets.first, now: now)
        case .menu:
            guard let instance = targets.first else {
                return "cannot open the menu: the button is not on screen"
            }
            if let problem = toggleMenu(from: instance, now: now) {
                return "cannot open the menu: \(problem)"
            }
        default: break
        }
        return nil
    }

    /// What `buoy msg state` prints: the first instance at the top level,
    /// every instance in `buttons`. x and y are the top-left of the button,
    /// relative to its output's usable area (the whole output when no bar or
    /// keyboard reserves space); during a glide, where it is going.
    private func stateReport(now: Double) -> StateReport {
        let buttons = instances.map { instance in
            let controller = instance.controller
            let position = controller.restingOrigin ?? .zero
            return ButtonReport(
                name: instance.key.name, output: instance.currentOutput?.name, visible: controller.isVisible,
                x: position.x, y: position.y, size: controller.settings.size, edge: controller.rest.name,
                opacity: controller.opacity(at: now))
        }
        let first =
            buttons.first
            ?? ButtonReport(
                name: config.buttons[0].name, output: nil, visible: false, x: 0, y: 0,
                size: config.buttons[0].button.size,
                edge: RestPosition(placement: config.buttons[0].button.position).name,
                opacity: 0)
        return StateReport(
            visible: first.visible, output: first.output, x: first.x, y: first.y, size: first.size,
            edge: first.edge,
            opacity: first.opacity, menuOpen: menu.isOpen, config: loader.path, buttons: buttons)
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
                if spec.button.output != instance.spec.button.output, menuOwner === instance { dropMenu() }
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

    // MARK: - Menu

    /// Starts opening the menu from `instance`, or closes it if open (or
    /// stops it opening). Returns why it cannot open.
    private func toggleMenu(from instance: ButtonInstance, now: Double) -> String? {
        if menu.isOpen {
            closeMenu(now: now)
            return nil
        }
        if menu.isOpening {
            cancelMenuOpening("asked again")
            return nil
        }
        let settings = instance.spec.menu
        guard !settings.items.isEmpty else { return "no [[menu.item]] is configured" }
        guard instance.controller.isVisible else { return "the button is hidden" }
        perform(instance.controller.handle(.menuOpening(at: now)), for: instance, now: now)
        guard let anchor = instance.menuAnchor else { return "the button is not on screen yet" }
        if let problem = menu.open(
            settings.items, settings: settings, buttonColor: instance.spec.button.color, anchor: anchor,
            now: now)
        {
            return problem
        }
        menuOwner = instance
        return nil
    }

    /// Takes what the menu's child has done: the menu opens once its images
    /// are drawn.
    private func advanceMenu(_ wakeup: Wakeup, now: Double) {
        let wasOpen = menu.isOpen
        let owner = menuOwner
        switch menu.update(wakeup, now: now, anchor: owner?.menuAnchor, parent: owner?.layer) {
        case nil, .working: break
        case .opened:
            if let owner {
                perform(owner.controller.handle(.menuOpened(at: now)), for: owner, now: now)
                owner.holdForMenu(true)
            }
            log.info("menu opened")
            answerMenuReplies(ok: true)
        case .failed(let problem):
            log.warning("cannot open the menu: \(problem)")
            answerMenuReplies(ok: false, message: "cannot open the menu: \(problem)")
        case .dropped(let problem):
            if wasOpen { releaseMenuHolds(now: now) }
            log.error("menu closed: \(problem)")
        }
    }

    /// Stops the menu from opening; its children are killed.
    private func cancelMenuOpening(_ why: String) {
        menu.cancelOpening()
        log.info("menu: no longer opening it: \(why)")
        answerMenuReplies(ok: true, message: "the menu was closed before it opened: \(why)")
    }

    /// Drops the menu at once, shown or opening.
    private func dropMenu() {
        if menu.isOpening {
            answerMenuReplies(ok: false, message: "the menu could not open: the button went away")
        }
        if menu.isOpen { releaseMenuHolds(now: monotonicNow()) }
        menu.reset()
        menuOwner = nil
    }

    private func answerMenuReplies(ok: Bool, message: String? = nil) {
        for request in menuReplies { request.reply(ok: ok, message: message) }
        menuReplies = []
    }

    private func closeMenu(now: Double) {
        guard menu.isOpen else { return }
        menu.close(now: now)
        releaseMenuHolds(now: now)
        log.info("menu closed")
    }

    /// Gives back what an open menu holds: the keyboard focus, the scrim and
    /// the button's full opacity.
    private func releaseMenuHolds(now: Double) {
        guard let owner = menuOwner else { return }
        perform(owner.controller.handle(.menuClosed(at: now)), for: owner, now: now)
        owner.holdForMenu(false)
    }

    private func runMenuItem(_ index: Int, now: Double) {
        if let item = menu.command(of: index) {
            runner.run(
                item.command, reason: "menu item \(index + 1) (\(item.label))",
                limit: menuOwner?.spec.actions.maxRunning ?? 8)
        }
        closeMenu(now: now)
    }

    // MARK: - Timer

    private func armTimer(now: Double, committed: [ObjectIdentifier]) {
        var deadline: Double?
        func consider(_ time: Double) { deadline = min(deadline ?? time, time) }
        if let reloadDue { consider(reloadDue) }
        if let at = menu.deadline { consider(at) }
        for instance in instances {
            // Frames pace what moves or fades; a wakeup that drew nothing
            // (a fade's first step can be too small to change a pixel)
            // looks again in 16 ms.
            let idle = !committed.contains(ObjectIdentifier(instance)) && !instance.framePending
            switch instance.controller.nextWake(after: now) {
            case .timer(let at)?: consider(at)
            case .frames?: if idle { consider(now + 0.016) }
            case nil: break
            }
            if idle, instance === menuOwner, menu.needsFrame(at: now) { consider(now + 0.016) }
        }
        loop.arm(deadline: deadline)
    }

    // MARK: - State

    private func restoreState() {
        Files.removeStaleTemporaries(of: statePath)
        switch Files.read(statePath, limit: 64 * 1024) {
        case .success(let bytes):
            guard let saved = SavedPlaces.decode(String(decoding: bytes, as: UTF8.self)) else {
                log.warning("ignoring the unreadable state file \(statePath)")
                return
            }
            places = saved
        case .failure(.missing): break
        case .failure:
            log.warning("ignoring the unreadable state file \(statePath)")
        }
    }

    /// Writes every instance's place; places of instances not here now (an
    /// unplugged output's) stay as they were.
    private func saveState() {
        for instance in instances {
            if instance.restOutput == nil { instance.restOutput = instance.currentOutput?.name }
            places.set(
                SavedPlaces.Place(
                    button: instance.key.name, instanceOutput: instance.key.instanceOutput,
                    output: instance.restOutput, rest: instance.controller.rest))
        }
        Files.makeDirectories(Files.directory(of: statePath))
        if !Files.writeAtomically(places.encoded(), to: statePath) {
            log.warning("cannot save the buttons' places to \(statePath)")
        }
    }
}

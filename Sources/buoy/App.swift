import BuoyConfig
import BuoyCore
import BuoyDrawing
import BuoyGestures
import BuoyWayland
import CLinux
import Glibc

/// Wires the pure core to Wayland. Each wakeup of the loop calls `update`
/// once: it turns the recorded facts (configures, input, timers, signals)
/// into decisions, then `render` commits at most one frame, and only when
/// no frame callback is outstanding.
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
    private let buffers: BufferPool
    private let statePath: String

    private var layer: LayerSurface?
    private var button: Subsurface?
    /// The output the layer surface was asked for; nil is the compositor's choice.
    private var requestedOutput: String?

    private var recognizer: GestureRecognizer
    private var fade: IdleFade
    private var rest: RestPosition
    /// The output the button last rested on, from the state file or the present.
    private var restOutput: String?
    /// Top-left of the circle in layer-surface coordinates, once placed.
    private var origin: Point?
    private var animation: SnapAnimation?
    /// While dragging: where in the button it was grabbed.
    private var grabOffset: Point?
    private var pointerPressed = false
    /// The current press began while the menu was open: it is the menu's.
    private var menuPress = false
    private let menu: MenuPresenter
    /// `buoy msg menu` requests answered once the menu has opened (or not).
    private var menuReplies: [ControlRequest] = []
    /// Keyboard, input region or scrim changed without anything else: commit.
    private var surfaceChanged = false
    /// Slid half off its edge after the idle delay (`[button] tuck`).
    private var tucked = false
    /// A press that untucked the button only brings it back: its tap,
    /// double tap or long press does not run.
    private var pressUntucked = false

    /// `buoy msg hide` and SIGUSR1 hide the button; the process keeps running.
    private var visible = true
    /// What the compositor currently shows, to skip commits that change nothing.
    private var shown: (look: ButtonLook, scale: Int, origin: Point)?
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
        buffers = BufferPool(shm: display.shm!)
        statePath = Files.statePath
        recognizer = GestureRecognizer(settings: Self.gestureSettings(config))
        fade = IdleFade(settings: Self.fadeSettings(config), now: monotonicNow())
        rest = RestPosition(placement: config.button.position)
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
        button = nil
        layer = nil
        buffers.removeAll()
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
        placeSurface()
        if let layer, layer.needsConfigureAck || layer.changed {
            layer.changed = false
            if layer.needsConfigureAck { layer.applyConfigure() }
            if !isDragging { placeAtRest(now: now, animated: false) }
            shown = nil
        }
        let events = display.inputEvents
        display.inputEvents.removeAll()
        for event in events { handle(event) }
        if let server, wakeup.readable.contains(server.fd) {
            for request in server.acceptRequests() { handle(request, now: now) }
        }
        if wakeup.timerFired, let deadline = recognizer.deadline, now >= deadline {
            perform(recognizer.handle(.deadline(at: now)), now: now)
        }
        advanceMenu(wakeup, now: now)
        if let tuckTime, now >= tuckTime {
            tucked = true
            placeAtRest(now: now, animated: true)
        }
        menu.follow(menuAnchor, now: now)
        let committed = render(now: now)
        armTimer(now: now, committed: committed)
    }

    private func handle(signal: Int32, now: Double) {
        switch signal {
        case SIGCHLD: runner.reap()
        case SIGHUP: _ = reload(now: now)
        case SIGUSR1: setVisible(!visible, now: now)
        case SIGINT, SIGTERM:
            log.info("signal \(signal): saving state and exiting")
            saveState()
            exitStatus = 0
        default: break
        }
    }

    // MARK: - buoy msg

    private func handle(_ request: ControlRequest, now: Double) {
        log.info("buoy msg \(request.command.words.joined(separator: " "))")
        switch request.command {
        case .show: setVisible(true, now: now)
        case .hide: setVisible(false, now: now)
        case .toggle: setVisible(!visible, now: now)
        case .move(let placement):
            tucked = false
            rest = RestPosition(placement: placement)
            restOutput = currentOutput?.name ?? restOutput
            fade.wake(at: now)
            if !isDragging { placeAtRest(now: now, animated: true) }
            saveState()
        case .tap: runAction(config.actions.tap, name: "tap", now: now)
        case .doubleTap: runAction(config.actions.doubleTap, name: "double_tap", now: now)
        case .longPress: runAction(config.actions.longPress, name: "long_press", now: now)
        case .menu:
            if let problem = toggleMenu(now: now) {
                request.reply(ok: false, message: "cannot open the menu: \(problem)")
                return
            }
            if menu.isOpening {
                menuReplies.append(request)
                return
            }
        case .reload:
            if case .failure(let failure) = reload(now: now) {
                // The first line is path:line:col: message; the rest is the caret.
                let first = failure.message.split(separator: "\n", maxSplits: 1).first.map(String.init)
                request.reply(ok: false, message: first ?? failure.message)
                return
            }
        case .state:
            request.reply(ok: true, payload: stateReport(now: now).json)
            return
        case .quit:
            request.reply(ok: true)
            saveState()
            exitStatus = 0
            return
        }
        request.reply(ok: true)
    }

    /// What `buoy msg state` prints. x and y are the top-left of the
    /// button's circle, relative to the output's usable area (the whole
    /// output when no bar or keyboard reserves space).
    private func stateReport(now: Double) -> StateReport {
        let size = config.button.size
        var position = origin ?? .zero
        if let usable, animation != nil {
            // Report where it is going, not a frame of the animation.
            position = rest.origin(in: usable, size: size, margin: config.button.margin)
        }
        return StateReport(
            visible: visible, output: currentOutput?.name, x: position.x, y: position.y, size: size,
            edge: rest.name, opacity: fade.opacity(at: now), menuOpen: menu.isOpen, config: loader.path)
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
            let old = config
            config = new
            if !recognizer.isPressed { recognizer = GestureRecognizer(settings: Self.gestureSettings(new)) }
            fade.settings = Self.fadeSettings(new)
            fade.wake(at: now)
            if new.button.size != old.button.size || new.button.margin != old.button.margin
                || new.button.tuck != old.button.tuck
            {
                tucked = false
                if !isDragging { placeAtRest(now: now, animated: false) }
            }
            if new.button.output != old.button.output { display.outputsChanged = true }
            shown = nil
            log.info("reloaded \(loader.path)")
            return .success(())
        }
    }

    func setVisible(_ visible: Bool, now: Double) {
        guard visible != self.visible else { return }
        self.visible = visible
        if !visible {
            if menu.isOpen { releaseMenuHolds(now: now) }
            dropMenu()
            menuPress = false
        }
        shown = nil
        log.info(visible ? "showing the button" : "hiding the button")
    }

    // MARK: - Surfaces

    /// Creates the layer surface when there is none (at start, or after the
    /// compositor closed it because its output went away), and moves it back
    /// to the preferred output when that output returns.
    private func placeSurface() {
        let outputsChanged = display.outputsChanged
        display.outputsChanged = false
        let preferred = config.button.output ?? restOutput
        let preferredOutput = preferred.flatMap { display.output(named: $0) }
        if let layer, !layer.closed {
            let onPreferred = requestedOutput != nil && requestedOutput == preferredOutput?.name
            guard outputsChanged, preferredOutput != nil, !onPreferred, !isDragging else { return }
            log.info("output \(preferred ?? "") is back; moving the button there")
        } else if layer != nil {
            log.info("the compositor closed the button's surface; placing it again")
        }
        dropMenu()
        menuPress = false
        appliedWholeSurfaceInput = nil
        button = nil
        layer = nil
        shown = nil
        origin = nil
        guard display.outputs.contains(where: { $0.ready }) else { return }
        if let preferred, preferredOutput == nil, config.button.output != nil {
            log.warning("output \(preferred) is not connected; using the compositor's choice")
        }
        do {
            let layer = try LayerSurface(display: display, output: preferredOutput, namespace: "buoy")
            button = try Subsurface(display: display, parent: layer)
            self.layer = layer
            requestedOutput = preferredOutput?.name
        } catch {
            log.error("cannot create the button's surface: \(error)")
        }
    }

    /// The usable area in layer-surface coordinates: the layer surface is
    /// stretched over exactly that area.
    private var usable: Rect? {
        guard let size = layer?.size else { return nil }
        return Rect(origin: .zero, size: size)
    }

    private var currentOutput: Output? {
        if let entered = layer?.outputs.first, let output = display.output(for: entered) { return output }
        return requestedOutput.flatMap { display.output(named: $0) }
    }

    /// The buffer scale: the highest of the outputs the surface is on. The
    /// first frame comes before wl_surface.enter says which those are, so it
    /// assumes the requested output, or the highest scale of any output: a
    /// sharp first frame, rather than a blurry one redrawn a moment later.
    private var scale: Int {
        let entered = layer?.outputs.compactMap { display.output(for: $0)?.scale } ?? []
        return entered.max() ?? currentOutput?.scale ?? display.outputs.map(\.scale).max() ?? 1
    }

    private var isDragging: Bool { grabOffset != nil }

    /// When the button should tuck, if it is due to: idle, resting, untouched.
    private var tuckTime: Double? {
        guard config.button.tuck, !tucked, !isDragging, !fade.isHeld, animation == nil,
            !recognizer.isPressed, rest.tuckEdge != nil
        else { return nil }
        return fade.lastActivity + config.button.idleDelay
    }

    private func placeAtRest(now: Double, animated: Bool) {
        guard let usable else { return }
        let size = config.button.size
        var target = rest.origin(in: usable, size: size, margin: config.button.margin)
        if tucked {
            target = Snapping.tuckedOrigin(rest: target, position: rest, size: size, in: usable)
        }
        if animated, let origin, config.snap.duration > 0 {
            animation = SnapAnimation(from: origin, to: target, start: now, duration: config.snap.duration)
        } else {
            animation = nil
            origin = target
        }
    }

    // MARK: - Input

    private func handle(_ event: InputEvent) {
        switch event {
        case .pointerEnter(_, let at):
            fade.hold(true, at: at)
            for seat in display.seats { seat.setCursor(.hover, scale: scale) }
        case .pointerLeave(let at):
            if pointerPressed {
                pointerPressed = false
                if !menuPress { perform(recognizer.handle(.cancel(at: at)), now: at) }
                menuPress = false
            }
            if !menu.isOpen { fade.hold(false, at: at) }
        case .pointerMotion(let point, let at):
            if pointerPressed && !menuPress { perform(recognizer.handle(.move(point, at: at)), now: at) }
        case .pointerPress(let point, let at):
            pointerPressed = true
            press(point, at: at)
        case .pointerRelease(let point, let at):
            pointerPressed = false
            release(point, at: at)
        case .touchDown(let point, let at):
            fade.hold(true, at: at)
            press(point, at: at)
        case .touchMotion(let point, let at):
            if !menuPress { perform(recognizer.handle(.move(point, at: at)), now: at) }
        case .touchUp(let point, let at):
            release(point, at: at)
            if !menu.isOpen { fade.hold(false, at: at) }
        case .touchCancel(let at):
            if !menuPress { perform(recognizer.handle(.cancel(at: at)), now: at) }
            menuPress = false
            if !menu.isOpen { fade.hold(false, at: at) }
        case .key(let keysym, let at):
            guard menu.isOpen, let key = MenuNavigation.key(forKeysym: keysym) else { return }
            switch key {
            case .dismiss: closeMenu(now: at)
            case .activate: if let index = menu.handle(.activate) { runMenuItem(index, now: at) }
            case .next, .previous: _ = menu.handle(key)
            }
        case .keyboardFocus:
            break
        }
    }

    /// While the menu is open, a press belongs to it: the whole surface takes
    /// input then, so the click that closes the menu never reaches the
    /// window below (as on iOS). Otherwise it is the start of a gesture.
    private func press(_ point: Point, at time: Double) {
        menuPress = menu.isOpen
        if !menuPress { perform(recognizer.handle(.down(point, at: time)), now: time) }
    }

    private func release(_ point: Point, at time: Double) {
        guard menuPress else {
            perform(recognizer.handle(.up(point, at: time)), now: time)
            return
        }
        menuPress = false
        if let index = menu.item(at: point) {
            runMenuItem(index, now: time)
        } else {
            closeMenu(now: time)
        }
    }

    private func perform(_ gestures: [Gesture], now: Double) {
        for gesture in gestures {
            log.debug("gesture \(gesture)")
            switch gesture {
            case .pressed:
                fade.wake(at: now)
                pressUntucked = tucked
                if tucked {
                    tucked = false
                    placeAtRest(now: now, animated: true)
                }
            case .tap: gestureAction(config.actions.tap, name: "tap", now: now)
            case .doubleTap: gestureAction(config.actions.doubleTap, name: "double_tap", now: now)
            case .longPress: gestureAction(config.actions.longPress, name: "long_press", now: now)
            case .dragBegan(let grab):
                guard let origin else { continue }
                if menu.isOpening { cancelMenuOpening("the button was dragged") }
                animation = nil
                grabOffset = grab - origin
                for seat in display.seats { seat.setCursor(.grabbing, scale: scale) }
            case .dragMoved(let point):
                drag(to: point)
            case .dragEnded(let point):
                drag(to: point)
                endDrag(now: now)
            case .cancelled:
                if isDragging { endDrag(now: now) }
            }
        }
    }

    private func drag(to pointer: Point) {
        guard let grabOffset, let usable else { return }
        origin = Snapping.clampOrigin(pointer - grabOffset, size: config.button.size, in: usable)
    }

    private func endDrag(now: Double) {
        grabOffset = nil
        for seat in display.seats { seat.setCursor(.hover, scale: scale) }
        guard let origin, let usable else { return }
        let size = config.button.size
        let center = Point(x: origin.x + size / 2, y: origin.y + size / 2)
        rest = Snapping.rest(
            forCenter: center, mode: config.snap.to, size: size, margin: config.button.margin, in: usable)
        restOutput = currentOutput?.name ?? restOutput
        placeAtRest(now: now, animated: true)
        saveState()
    }

    private func gestureAction(_ action: Action?, name: String, now: Double) {
        if pressUntucked {
            log.info("\(name): this press only brought the tucked button back")
            return
        }
        runAction(action, name: name, now: now)
    }

    private func runAction(_ action: Action?, name: String, now: Double) {
        switch action {
        case .command(let command): runner.run(command, reason: name, limit: config.actions.maxRunning)
        case .menu:
            if let problem = toggleMenu(now: now) { log.warning("\(name): cannot open the menu: \(problem)") }
        case nil: log.debug("\(name): no action configured")
        }
    }

    // MARK: - Menu

    /// Starts opening the menu, or closes it if open (or stops it opening).
    /// Returns why it cannot open.
    private func toggleMenu(now: Double) -> String? {
        if menu.isOpen {
            closeMenu(now: now)
            return nil
        }
        if menu.isOpening {
            cancelMenuOpening("asked again")
            return nil
        }
        guard !config.menu.items.isEmpty else { return "no [[menu.item]] is configured" }
        guard visible else { return "the button is hidden" }
        if tucked {
            tucked = false
            placeAtRest(now: now, animated: false)
        }
        guard layer != nil, let anchor = menuAnchor else { return "the button is not on screen yet" }
        return menu.open(
            config.menu.items, settings: config.menu, buttonColor: config.button.color, anchor: anchor,
            now: now)
    }

    /// Where the menu unfolds from: the button where it is going to rest.
    private var menuAnchor: MenuPresenter.Anchor? {
        guard let usable, let at = animation?.to ?? origin else { return nil }
        let size = config.button.size
        return MenuPresenter.Anchor(
            button: Rect(origin: at, size: Size(width: size, height: size)), usable: usable, scale: scale)
    }

    /// Takes what the menu's child has done: the menu opens once its images
    /// are drawn.
    private func advanceMenu(_ wakeup: Wakeup, now: Double) {
        let wasOpen = menu.isOpen
        switch menu.update(wakeup, now: now, anchor: menuAnchor, parent: layer) {
        case nil, .working: break
        case .opened:
            fade.hold(true, at: now)
            layer?.setKeyboardFocus(true)
            layer?.setScrim(config.menu.dim)
            surfaceChanged = true
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
        menu.reset()
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
        fade.hold(false, at: now)
        layer?.setKeyboardFocus(false)
        layer?.setScrim(0)
        surfaceChanged = true
    }

    private func runMenuItem(_ index: Int, now: Double) {
        if let item = menu.command(of: index) {
            runner.run(
                item.command, reason: "menu item \(index + 1) (\(item.label))",
                limit: config.actions.maxRunning)
        }
        closeMenu(now: now)
    }

    // MARK: - Frames

    /// Commits one frame if anything visible changed and the compositor is
    /// ready for one. Returns whether it committed.
    private func render(now: Double) -> Bool {
        guard let layer, let button, layer.size != nil, var position = origin else { return false }
        if layer.framePending {
            // The input region follows a press at once, even between frames.
            if visible, let shown, appliedWholeSurfaceInput != takesWholeSurfaceInput {
                applyInputRegion(to: layer, at: shown.origin, diameter: shown.look.diameter)
                layer.commit()
            }
            return false
        }
        if !visible {
            guard shown != nil || button.content != nil else { return false }
            button.hide()
            layer.setInputRegion([])
            appliedWholeSurfaceInput = nil
            layer.commit()
            shown = nil
            return true
        }
        if let animation {
            position = animation.position(at: now)
            if animation.isFinished(at: now) { self.animation = nil }
            origin = position
        }
        let look = ButtonLook(
            diameter: config.button.size, color: config.button.color, opacity: fade.opacity(at: now))
        let scale = self.scale
        let rounded = Point(x: position.x.rounded(), y: position.y.rounded())
        let redraw = shown?.look != look || shown?.scale != scale
        let move = shown?.origin != rounded
        let menuFrame = menu.needsFrame(at: now)
        let inputChanged = appliedWholeSurfaceInput != takesWholeSurfaceInput
        guard redraw || move || menuFrame || surfaceChanged || inputChanged else { return false }

        var content = button.content
        if redraw {
            let side = look.bufferSide(scale: scale)
            let free: ShmBuffer?
            do { free = try buffers.free(width: side, height: side) } catch {
                log.error("\(error)")
                return false
            }
            // Both buffers still on screen: try again on the next frame.
            guard let buffer = free else { return false }
            ButtonPainter.paint(look, scale: scale, into: buffer.data, stride: buffer.stride)
            content = buffer
        }
        guard let buffer = content else { return false }
        // Every commit re-attaches the button, even unchanged: the damage
        // makes the compositor repaint, and so answer the frame callback
        // that paces the next commit.
        button.show(buffer, scale: scale)
        let pad = look.shadowPadding
        button.setPosition(x: Int(rounded.x - pad), y: Int(rounded.y - pad))
        if menuFrame { menu.render(now: now) }
        applyInputRegion(to: layer, at: rounded, diameter: look.diameter)
        surfaceChanged = false
        layer.requestFrame()
        layer.commit()
        shown = (look, scale, rounded)
        return true
    }

    /// The whole surface takes input while the menu is open, so that the
    /// click that closes it never reaches the window below (as on iOS), and
    /// while a press is in progress, so that a fast drag cannot outrun the
    /// circle on compositors that give layer surfaces no implicit grab
    /// (phoc). Otherwise only the circle does.
    private var takesWholeSurfaceInput: Bool { menu.isOpen || recognizer.isPressed }
    private var appliedWholeSurfaceInput: Bool?

    private func applyInputRegion(to layer: LayerSurface, at origin: Point, diameter: Double) {
        let whole = takesWholeSurfaceInput
        layer.setInputRegion(
            whole
                ? nil
                : circleInputStrips(diameter: diameter).map {
                    Rect(x: $0.minX + origin.x, y: $0.minY + origin.y, width: $0.width, height: $0.height)
                })
        appliedWholeSurfaceInput = whole
    }

    private func armTimer(now: Double, committed: Bool) {
        var deadline = recognizer.deadline
        func consider(_ time: Double) { deadline = min(deadline ?? time, time) }
        if let tuckTime { consider(tuckTime) }
        if let reloadDue { consider(reloadDue) }
        if let deadline = menu.deadline { consider(deadline) }
        switch fade.nextWake(after: now) {
        case .timer(let at)?: consider(at)
        case .frames?:
            // The fade wants frames but this wakeup drew nothing (its first
            // step can be too small to change a pixel): look again in 16 ms.
            if !committed && !(layer?.framePending ?? false) { consider(now + 0.016) }
        case nil: break
        }
        let waiting = !committed && !(layer?.framePending ?? false)
        if waiting && (animation != nil || menu.needsFrame(at: now)) { consider(now + 0.016) }
        loop.arm(deadline: deadline)
    }

    // MARK: - State

    private func restoreState() {
        Files.removeStaleTemporaries(of: statePath)
        switch Files.read(statePath, limit: 4096) {
        case .success(let bytes):
            guard let state = SavedState.decode(String(decoding: bytes, as: UTF8.self)) else {
                log.warning("ignoring the unreadable state file \(statePath)")
                return
            }
            rest = state.rest
            restOutput = state.output
        case .failure(.missing): break
        case .failure:
            log.warning("ignoring the unreadable state file \(statePath)")
        }
    }

    private func saveState() {
        if restOutput == nil { restOutput = currentOutput?.name }
        Files.makeDirectories(Files.directory(of: statePath))
        let state = SavedState(output: restOutput, rest: rest)
        if !Files.writeAtomically(state.encoded(), to: statePath) {
            log.warning("cannot save the button's position to \(statePath)")
        }
    }

    // MARK: - Settings from the config

    private static func gestureSettings(_ config: Config) -> GestureSettings {
        GestureSettings(
            dragThreshold: config.gestures.dragThreshold, doubleTapWindow: config.gestures.doubleTapWindow,
            longPressDelay: config.gestures.longPressDelay, hasDoubleTap: config.actions.doubleTap != nil,
            hasLongPress: config.actions.longPress != nil, draggable: config.button.draggable)
    }

    private static func fadeSettings(_ config: Config) -> IdleFade.Settings {
        IdleFade.Settings(
            activeOpacity: config.button.opacity, idleOpacity: config.button.idleOpacity,
            idleDelay: config.button.idleDelay, fadeDuration: config.button.fade)
    }
}

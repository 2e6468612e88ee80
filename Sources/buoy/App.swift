import BuoyAccessibility
import BuoyButton
import BuoyCommandLine
import BuoyConfig
import BuoyCore
import BuoyDrawing
import BuoyServices
import BuoyWayland
import CLinux
import Glibc
import SystemCalls

/// Wires the pure core to Wayland. Each wakeup of the loop calls `update`
/// once: it routes the recorded facts (configures, input, timers, signals,
/// requests) to the button instances' controllers, carries out their
/// effects, then each instance draws at most one frame, and a new one only
/// when no frame callback of its own is outstanding; while one is, it
/// commits only what cannot wait for it (a press's input region, a menu's
/// first frame).
final class App {
    let display: Display
    let loop: EventLoop
    let log: Logger
    var config: Config
    let loader: ConfigLoader
    /// inotify on the config's directory (or its nearest existing
    /// ancestor), so saving the file reloads it.
    let configWatch: ConfigWatch?
    let runner: CommandRunner
    /// Collects every child buoy starts, on SIGCHLD.
    let reaper = ChildReaper()
    /// `buoy msg`'s socket; nil when it could not be created.
    let server: ControlServer?
    /// The session bus, for feedbackd and watching whether accessibility is
    /// on, and the accessibility bus while it is; nil without a session bus.
    var sessionBus: SessionBus?
    let places: PlaceStore

    /// In config order, and for `output = "*"` in output order.
    var instances: [ButtonInstance] = []
    let menu: MenuSession
    /// Click types on the next tap anywhere.
    let clicks: ClickSession
    /// The pointer pad, an on-screen touchpad (issue 45).
    let pointerPad: PointerSession
    var exitStatus: Int32?
    /// `buoy msg mode`: kept across reloads, not restarts (the compositor's
    /// switch says it again).
    var mode = DeviceMode.laptop
    /// Whether the missing foreign-toplevel was logged, so it is logged once.
    var warnedNoWindows = false
    /// The built-in actions whose missing tool a tap has logged.
    var reportedMissing: Set<String> = []
    /// Keeps buoy out of the screenshot actions' pictures (App+Screenshot).
    var screenshot = ScreenshotController()
    /// The screenshot's reason for the log and `max_running`, while one is taken.
    var screenshotRun: (reason: String, limit: Int)?
    /// The child taking the screenshot.
    var screenshotPid: pid_t?
    /// Asked after the commits that took buoy off the screen.
    var screenshotSync: SyncPoint?
    /// Whether every button is on screen and every menu drawn ahead (App+Readiness).
    var readiness = Readiness()

    init(
        display: Display, loop: EventLoop, config: Config, loader: ConfigLoader, places: PlaceStore,
        server: ControlServer?, log: Logger
    ) {
        self.display = display
        self.server = server
        server?.start(on: loop)
        self.loop = loop
        self.config = config
        self.loader = loader
        self.log = log
        configWatch = ConfigWatch(file: loader.primaryPath, log: log)
        if let configWatch {
            loop.watch(configWatch.fd)
        } else {
            log.info("not watching \(loader.primaryPath) for changes; SIGHUP still reloads it")
        }
        runner = CommandRunner(reaper: reaper, log: log)
        menu = MenuSession(display: display, loop: loop, reaper: reaper, log: log)
        clicks = ClickSession(display: display, log: log)
        pointerPad = PointerSession(display: display, clicks: clicks, log: log)
        menu.publish = { [weak server] event in server?.publish(event) }
        self.places = places
        menu.perform = { [unowned self] action, name, instance, now in
            runAction(action, name: name, from: instance, now: now)
        }
        menu.tell = { [unowned self] input, instance in
            perform(instance.controller.handle(input), for: instance, now: input.time)
        }
        menu.instances = { [unowned self] in instances }
        menu.windows = { [unowned self] in self.display.windows?.windows }
        menu.editWriter.target = { [unowned self] in loader.editTarget }
        clicks.publish = { [unowned self] kind, key in server?.publish(ButtonEvent(kind, button: key.name)) }
        pointerPad.publish = { [weak server] kind, key in server?.publish(ButtonEvent(kind, button: key.name))
        }
        watchWindowsIfNeeded()
        makeKeyboardIfNeeded()
        sessionBus = SessionBus.connect(loop: loop, log: log)
        connectFeedbackIfNeeded()
    }

    /// Asks feedbackd on the session bus while a button may ask for
    /// feedback, and stops once none does.
    func connectFeedbackIfNeeded() {
        sessionBus?.wantFeedback(config.buttons.contains { $0.button.feedback != .off })
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
        pointerPad.close(now: now)
        for instance in instances.reversed() { instance.destroySurfaces() }
        instances = []
        if let configWatch {
            loop.unwatch(configWatch.fd)
            configWatch.close()
        }
        server?.close()
        sessionBus?.close()
    }

    // MARK: - One wakeup

    private func update(_ wakeup: Wakeup, now: Double) {
        var exited: [pid_t] = []
        for signal in wakeup.signals { exited += handle(signal: signal, now: now) }
        if exitStatus != nil { return }
        if let configWatch, configWatch.reloadDue(wakeup, now: now) { reload(now: now) }
        placeInstances(outputsChanged: display.takeOutputsChanged(), now: now)
        menu.followOwnersSurface(now: now)
        followTabletModeSwitch()
        // Every wakeup: a window's events wake the loop, and the rules are a few comparisons.
        applyVisibilityRules(now: now)
        followFocus(now: now)
        followAccessibility(wakeup, now: now)
        for record in display.takeInput() { route(record) }
        if let server {
            for request in server.update(wakeup, now: now) { handle(request, now: now) }
        }
        // Each controller fires what is due itself (gestures, the tuck).
        for instance in instances {
            perform(instance.controller.handle(.tick(at: now)), for: instance, now: now)
        }
        menu.update(wakeup, now: now)
        updateClicks(now: now)
        updatePointerPad(now: now)
        followScreenshot(exited: exited, now: now)
        menu.prepareAhead(for: instances, onlyButton: config.buttons.count == 1, now: now)
        for instance in instances {
            instance.updateFace(wakeup, now: now, clickGlyph: clicks.glyph(on: instance), log: log)
        }
        var committed: [ObjectIdentifier] = []
        for instance in instances
        where instance.render(
            now: now, menu: menu.frames(for: instance), offForScreenshot: screenshot.hidesButtons, log: log)
        {
            committed.append(ObjectIdentifier(instance))
        }
        confirmScreenshotHidden()
        followReadiness()
        publishAccessibleTree()
        armTimer(now: now, committed: committed)
    }

    /// Returns the pids of the commands that exited.
    private func handle(signal: Int32, now: Double) -> [pid_t] {
        switch signal {
        case SIGCHLD:
            return runner.reaped(reaper.reap())
        case SIGHUP:
            configWatch?.forgetChanges()
            reload(now: now)
        case SIGUSR1:
            // `buoy msg toggle`, for every button, with no one to answer.
            let plan = MessageDispatch.plan(ControlMessage(command: .toggle), facts: messageFacts, now: now)
            carryOut(plan, answering: nil, now: now)
        case SIGINT, SIGTERM:
            log.info("signal \(signal): saving state and exiting")
            places.save(instances)
            exitStatus = 0
        default: break
        }
        return []
    }

    // MARK: - Timer

    private func armTimer(now: Double, committed: [ObjectIdentifier]) {
        var deadline: Double?
        func consider(_ time: Double) { deadline = min(deadline ?? time, time) }
        if let at = configWatch?.deadline { consider(at) }
        if let at = menu.deadline { consider(at) }
        if let at = server?.deadline { consider(at) }
        if let at = screenshot.deadline { consider(at) }
        if let at = clicks.deadline { consider(at) }
        if let at = pointerPad.deadline { consider(at) }
        if let at = sessionBus?.deadline { consider(at) }
        for instance in instances {
            let committed = committed.contains(ObjectIdentifier(instance))
            if let at = instance.deadline(
                after: now, committed: committed, menu: menu.frames(for: instance))
            {
                consider(at)
            }
        }
        loop.arm(deadline: deadline)
    }
}

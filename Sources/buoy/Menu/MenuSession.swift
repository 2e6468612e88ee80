import BuoyButton
import BuoyConfig
import BuoyCore
import BuoyDrawing
import BuoyWayland
import SystemCalls

/// The adapter between the buttons and `MenuController`: it feeds the
/// controller what happened, and carries out its effects on the buttons,
/// on `MenuPresenter` (children, buffers, subsurfaces) and on those waiting
/// for `buoy msg menu`. The controller decides; this only routes.
final class MenuSession {
    private var controller = MenuController(drawTimeout: MenuArtist.timeoutSeconds)
    private let presenter: MenuPresenter
    private let statusChecks: StatusChecks
    private let log: Logger
    private let display: Display
    /// Edit mode's writes to the config file.
    let editWriter = MenuEditWriter()
    /// The installed applications for edit mode's picker, read as edit mode begins.
    private let applications: ApplicationScan
    /// The picker's groups, with the applications last read: edit mode's
    /// screens are drawn ahead of time with them.
    private var catalog = PickerCatalog.groups(applications: [])
    /// `buoy msg menu` requests answered once the menu has opened (or not).
    private var replies: [ControlRequest] = []
    /// The running buttons, to find the one a key names.
    var instances: () -> [ButtonInstance] = { [] }
    /// Tells `buoy msg subscribe` that the menu opened or closed.
    var publish: (ButtonEvent) -> Void = { _ in }
    /// Runs a chosen item's action from its button, as a gesture's runs;
    /// returns why it did not run.
    var perform: (Action, _ name: String, ButtonInstance, _ now: Double) -> String? = { _, _, _, _ in nil }
    /// Tells a button what became of its menu, and carries out its effects.
    var tell: (ButtonInput, ButtonInstance) -> Void = { _, _ in }
    /// The other clients' windows, for items' `show_for` and `hide_for`;
    /// nil where they are not watched (KWin), when every item shows.
    var windows: () -> [WindowFacts]? = { nil }

    init(display: Display, loop: EventLoop, reaper: ChildReaper, log: Logger) {
        presenter = MenuPresenter(display: display, loop: loop, reaper: reaper, log: log)
        statusChecks = StatusChecks(loop: loop, reaper: reaper, log: log)
        applications = ApplicationScan(loop: loop, reaper: reaper, log: log)
        self.log = log
        self.display = display
    }

    var isOpen: Bool { controller.isOpen }
    /// Every menu's levels are drawn ahead of time (`MenuController.drawnAhead`).
    var drawnAhead: Bool { controller.drawnAhead }
    var isOpening: Bool { controller.isOpening }
    /// The button the menu is open, opening or folding away from.
    var owner: ButtonInstance? { controller.owner.flatMap(instance) }

    /// The open level, as the menu shows it, and what is on screen of it, for the accessibility tree.
    var openLevel: (page: MenuPage, scene: MenuScene)? {
        guard controller.isOpen, let page = controller.page, let scene = controller.scene else { return nil }
        return (page, scene)
    }

    /// When the clock must wake the loop for the menu.
    var deadline: Double? {
        [controller.nextWake, statusChecks.deadline, applications.deadline].compactMap { $0 }.min()
    }

    /// `spec`'s menu as it opens now (`MenuSource.init(_:inFront:seats:catalog:)`).
    private func source(_ spec: ButtonSpec) -> MenuSource {
        let seats = SeatKinds(
            touchscreen: display.seats.contains(where: \.hasTouch),
            keyboard: display.seats.contains(where: \.hasKeyboard))
        let inFront = windows().map { windows in windows.first(where: \.activated)?.appID }
        return MenuSource(spec, inFront: inFront, seats: seats, catalog: catalog)
    }

    private func instance(_ key: ButtonInstance.Key) -> ButtonInstance? {
        instances().first { $0.key == key }
    }

    /// Starts opening `instance`'s menu at `path`, or closes it if open (or
    /// stops it opening). Another button's menu is closed first. Returns
    /// why it cannot open.
    func toggle(from instance: ButtonInstance, path: [String] = [], now: Double) -> String? {
        let effects = send(
            .toggle(
                instance.key, source(instance.spec), path: path, anchor: instance.menuAnchor,
                visible: instance.controller.isVisible), now: now)
        for effect in effects {
            switch effect {
            // Refused, or its child could not even start: said at once, to whoever asked.
            case .refused(let why), .notOpened(_, .failed(let why)): return why
            default: continue
            }
        }
        return nil
    }

    /// Has the menus drawn ahead of time, each where its button rests (or is
    /// going to), for the buttons whose gestures open one, or for the only
    /// button (which `buoy msg menu` opens): so a tap opens it at once.
    func prepareAhead(for instances: [ButtonInstance], onlyButton: Bool, now: Double) {
        let wanted = instances.filter {
            !$0.spec.menu.items.isEmpty && (onlyButton || $0.spec.actions.opensMenu)
        }
        send(
            .prepare(
                wanted.map {
                    MenuPreparation(
                        owner: $0.key, source: source($0.spec),
                        anchor: $0.controller.isVisible ? $0.menuAnchor : nil)
                }), now: now)
    }

    /// Answers `request` once the menu has opened, if it is opening.
    func answerWhenOpen(_ request: ControlRequest) -> Bool {
        guard controller.isOpening else { return false }
        replies.append(request)
        return true
    }

    /// Takes what the menu's children have done, gives up late ones, and
    /// keeps an open menu beside its button.
    func update(_ wakeup: Wakeup, now: Double) {
        for input in presenter.update(wakeup, now: now) + statusChecks.update(wakeup, now: now) {
            send(input, now: now)
        }
        if let found = applications.update(wakeup, now: now) {
            catalog = PickerCatalog.groups(applications: found) { action in
                if case .command = BuiltInTools.resolve(action) { return true }
                return false
            }
            send(.catalog(catalog), now: now)
        }
        send(.tick, now: now)
        if let owner { send(.moved(owner.key, owner.menuAnchor), now: now) }
    }

    func cancelOpening(_ why: String, now: Double) { send(.cancelOpening(why), now: now) }

    /// A reload gives `instance` `spec`: a menu open or opening from it with
    /// other items (or another look) closes.
    func reloaded(_ instance: ButtonInstance, as spec: ButtonSpec, now: Double) {
        send(.reloaded(instance.key, source(spec)), now: now)
    }

    /// The menu goes with its button's surface: when the compositor closed
    /// it, or its output went away, the button is placed again on a new
    /// surface, and a menu left on the old one would still count as open.
    /// A menu not shown yet has no surface to lose: its first frame goes
    /// on the button's surface of then (before it, the sprites on screen,
    /// if any, are another menu's).
    func followOwnersSurface(now: Double) {
        guard let owner, controller.scene != nil, let shownOn = presenter.shownOn, shownOn !== owner.layer
        else { return }
        send(.surfaceGone(owner.key), now: now)
    }

    /// Drops the menu at once, shown or opening (its button is going away,
    /// or hiding, or buoy is stopping).
    func drop(now: Double) { send(.drop(nil), now: now) }

    /// Drops the menu if it is `instance`'s (the controller checks).
    func drop(from instance: ButtonInstance, now: Double) { send(.drop(instance.key), now: now) }

    /// Drops everything the menus hold, drawn ahead of time too: buoy stops.
    func tearDown(now: Double) {
        send(.tearDown, now: now)
        presenter.tearDown()
    }

    /// Closes the open menu (a press outside it, `msg hide`).
    func close(now: Double) { send(.close, now: now) }

    /// Another surface took the keyboard from the open menu (a lock screen).
    func keyboardLost(now: Double) { send(.keyboardLost, now: now) }

    /// A press on the open menu ended at `point`.
    func release(at point: Point, now: Double) { send(.release(at: point), now: now) }

    /// A screen reader's activate on item `index` of the level on screen.
    func activateItem(_ index: Int, now: Double) { send(.activateItem(index), now: now) }

    /// In edit mode, removes or moves the item on row `row` (a screen reader's action).
    func editRow(_ row: Int, _ change: MenuRowEdit, now: Double) { send(.editRow(row, change), now: now) }

    /// The rows of edit mode's items screen that are the menu's items.
    var editableRows: [Int] { controller.editableRows }

    /// The pointer over `instance`'s surface: while its menu is open, resting on an item runs it.
    func pointer(_ event: InputEvent, over instance: ButtonInstance) {
        guard owner === instance else { return }
        switch event {
        case .pointerEnter(let point, let at): send(.pointerEntered(at: point), now: at)
        case .pointerMotion(let point, let at): send(.pointer(at: point), now: at)
        case .pointerLeave(let at): send(.pointer(at: nil), now: at)
        default: break
        }
        // Edit mode's long press and drag.
        switch event {
        case .pointerPress(let point, let at), .touchDown(let point, let at): send(.press(at: point), now: at)
        case .pointerMotion(let point, let at), .touchMotion(let point, let at):
            send(.drag(to: point), now: at)
        default: break
        }
    }

    /// A key while the menu is open.
    func handleKey(_ keysym: UInt32, at now: Double) {
        guard controller.isOpen, let key = MenuNavigation.key(forKeysym: keysym) else { return }
        send(.key(key), now: now)
    }

    // MARK: - Frames

    /// The menu's frames, for `instance` to draw with its own commit: its
    /// own menu, or sprites left on its surface.
    func frames(for instance: ButtonInstance) -> MenuSession? {
        instance.key == controller.scene?.owner
            || (presenter.hasSprites && presenter.parent === instance.layer)
            ? self : nil
    }

    /// Whether a frame must be placed at `now`.
    func needsFrame(at now: Double) -> Bool {
        controller.needsFrame(at: now) || presenter.hasSprites && controller.scene == nil
    }

    /// Whether the open menu has not been placed yet.
    var awaitsFirstFrame: Bool { controller.awaitsFirstFrame }

    /// Places the frame at `now` (plus the lead of a commit); the caller
    /// commits the parent.
    func render(now: Double) {
        let at = now + MenuPresenter.frameLead
        send(.frame, now: at)
        let scene = controller.scene
        if !presenter.render(scene, on: scene.flatMap { instance($0.owner)?.layer }, at: at) {
            send(.surfacesFailed, now: now)
        }
    }

    // MARK: - Effects

    @discardableResult
    private func send(_ input: MenuInput, now: Double) -> [MenuEffect] {
        var effects: [MenuEffect] = []
        var queue = [input]
        while !queue.isEmpty {
            let next = controller.handle(queue.removeFirst(), at: now)
            effects += next
            for effect in next { queue += carryOut(effect, now: now) }
        }
        presenter.keep(jobs: controller.jobs, images: controller.liveImages)
        return effects
    }

    /// Carries out `effect`; returns what the controller is to hear of it.
    private func carryOut(_ effect: MenuEffect, now: Double) -> [MenuInput] {
        switch effect {
        case .refused: break
        case .opening(let key): if let owner = instance(key) { tell(.menuOpening(at: now), owner) }
        case .draw(let job):
            if let why = presenter.draw(job) { return [.drawFailed(id: job.id, couldNotStart: why)] }
        case .opened(let key, let path):
            log.info("menu opened")
            if let owner = instance(key) {
                tell(.menuOpened(at: now), owner)
                owner.holdForMenu(true, log: log)
            }
            publish(ButtonEvent(MenuPage.shownEvent(path), button: key.name))
            answerReplies(ok: true)
            logItems()
        case .navigated(let key, let path):
            let level =
                path.first == MenuPage.editPath(.items).first
                ? "edit mode" : path.isEmpty ? "its top level" : path.joined(separator: " > ")
            log.info("menu: showing \(level)")
            publish(ButtonEvent(MenuPage.shownEvent(path), button: key.name))
            logItems()
        case .notOpened(_, .failed(let problem)):
            log.warning("cannot open the menu: \(problem)")
            answerReplies(ok: false, message: "cannot open the menu: \(problem)")
        case .notOpened(_, .cancelled(let why)):
            log.info("menu: no longer opening it: \(why)")
            answerReplies(ok: true, message: "the menu was closed before it opened: \(why)")
        case .notOpened(_, .dropped):
            answerReplies(ok: false, message: "the menu could not open: the button went away")
        case .closed(let key, let chosen, let why):
            if let why { log.error("menu closed: \(why)") } else { log.info("menu closed") }
            publish(ButtonEvent(.menuClosed(chosen: chosen?.label, path: chosen?.path), button: key.name))
            if let owner = instance(key) {
                tell(.menuClosed(at: now), owner)
                owner.holdForMenu(false, log: log)
            }
        case .run(let key, let item, let choice):
            let level = choice.path.isEmpty ? "" : " of \(choice.path.joined(separator: " > "))"
            guard let owner = instance(key) else { break }
            let name = "menu item \(choice.index + 1) (\(item.label))\(level)"
            let problem = perform(item.action, name, owner, now)
            if case .builtIn(let action) = item.action {
                return [.ranBuiltIn(key, choice, missing: problem.map { _ in BuiltInTools.note(action) })]
            }
        case .writeConfig(_, let edit): return [.configWritten(refusal: editWriter.write(edit))]
        case .undoConfigWrite: return [.configWritten(refusal: editWriter.undo())]
        case .findApplications: applications.request(now: now)
        case .checkStatus(let key, let path, let checks):
            statusChecks.start(checks, of: key, path: path, now: now)
        case .debug(let text): log.debug(text)
        case .info(let text): log.info(text)
        case .warning(let text): log.warning(text)
        }
        return []
    }

    /// Where each item of the level shown is, for whoever reads the debug
    /// log (edit mode's rows move with every change).
    private func logItems() {
        guard let page = controller.page, let layout = controller.scene?.images.layout else { return }
        let places = zip(page.items, layout.items).map { item, place in
            let (circle, label) = (place.circle.center, place.label.center)
            return "\(item.label)@\(Int(circle.x)),\(Int(circle.y)),\(Int(label.x)),\(Int(label.y))"
        }
        log.debug("menu: items at " + places.joined(separator: " | "))
    }

    private func answerReplies(ok: Bool, message: String? = nil) {
        for request in replies { request.reply(ok: ok, message: message) }
        replies = []
    }
}

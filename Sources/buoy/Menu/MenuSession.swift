import BuoyButton
import BuoyConfig
import BuoyCore
import BuoyWayland

/// The menu between the buttons and `MenuPresenter`: which button it is
/// open (or opening) from, the `buoy msg menu` requests waiting for it to
/// open, and what an open menu holds (the keyboard, the scrim, the button's
/// full opacity). There is one menu at a time, whichever button opened it.
final class MenuSession {
    private let presenter: MenuPresenter
    private let log: Logger
    /// The instance the menu is open (or opening) from.
    private(set) weak var owner: ButtonInstance?
    /// `buoy msg menu` requests answered once the menu has opened (or not).
    private var replies: [ControlRequest] = []
    /// Tells `buoy msg subscribe` that the menu opened or closed.
    var publish: (ButtonEvent) -> Void = { _ in }
    /// Runs a chosen item's action from its button, as a gesture's runs.
    var perform: (Action, _ name: String, ButtonInstance, _ now: Double) -> Void = { _, _, _, _ in }

    init(display: Display, loop: EventLoop, log: Logger) {
        presenter = MenuPresenter(display: display, loop: loop, log: log)
        self.log = log
    }

    var isOpen: Bool { presenter.isOpen }
    var isOpening: Bool { presenter.isOpening }
    /// When the child drawing the menu is given up.
    var deadline: Double? { presenter.deadline }

    /// Starts opening the menu from `instance`, or closes it if open (or
    /// stops it opening) from `instance`. Another button's menu is closed
    /// first. Returns why it cannot open.
    func toggle(from instance: ButtonInstance, now: Double) -> String? {
        for step in ownership.toggle(from: instance.key) {
            if step == .open { return open(from: instance, now: now) }
            carryOut(step, now: now)
        }
        return nil
    }

    /// What the menu is doing, and for which button, for `MenuOwnership` to decide.
    private var ownership: MenuOwnership<ButtonInstance.Key> {
        guard let owner else { return .closed }
        if presenter.isOpen { return .open(owner.key) }
        if presenter.isOpening { return .opening(owner.key) }
        return presenter.isShown ? .closing(owner.key) : .closed
    }

    private func carryOut(_ step: MenuOwnership<ButtonInstance.Key>.Step, now: Double) {
        switch step {
        case .close: close(now: now)
        case .cancelOpening(let why): cancelOpening(why)
        case .drop: drop(now: now)
        // Only `toggle` opens, and it does so itself: it needs the instance.
        case .open: break
        }
    }

    /// Starts opening `instance`'s menu; returns why it cannot.
    private func open(from instance: ButtonInstance, now: Double) -> String? {
        let settings = instance.spec.menu
        guard !settings.items.isEmpty else { return "no [[menu.item]] is configured" }
        guard instance.controller.isVisible else { return "the button is hidden" }
        _ = instance.controller.handle(.menuOpening(at: now))
        guard let anchor = instance.menuAnchor else { return "the button is not on screen yet" }
        if let problem = presenter.open(
            settings.items, of: instance.key, settings: settings, buttonColor: instance.spec.button.color,
            anchor: anchor, now: now)
        {
            return problem
        }
        owner = instance
        return nil
    }

    /// Has the menus drawn ahead of time, each where its button rests (or is
    /// going to), for the buttons whose gestures open one, or for the only
    /// button (which `buoy msg menu` opens): so a tap opens it at once.
    func prepareAhead(for instances: [ButtonInstance], onlyButton: Bool, now: Double) {
        let owners = instances.filter {
            !$0.spec.menu.items.isEmpty && (onlyButton || $0.spec.actions.opensMenu)
        }
        presenter.keepPrepared(only: owners.map(\.key))
        for instance in owners where instance.controller.isVisible {
            guard let anchor = instance.menuAnchor else { continue }
            presenter.prepareAhead(
                instance.spec.menu.items, of: instance.key, settings: instance.spec.menu,
                buttonColor: instance.spec.button.color, anchor: anchor, now: now)
        }
    }

    /// Answers `request` once the menu has opened, if it is opening.
    func answerWhenOpen(_ request: ControlRequest) -> Bool {
        guard presenter.isOpening else { return false }
        replies.append(request)
        return true
    }

    /// Takes what the menu's child has done: the menu opens once its images
    /// are drawn. Keeps an open menu beside its button.
    func update(_ wakeup: Wakeup, now: Double) {
        let wasOpen = presenter.isOpen
        switch presenter.update(wakeup, now: now, anchor: owner?.menuAnchor, parent: owner?.layer) {
        case nil, .working: break
        case .opened:
            opened(now: now)
        case .failed(let problem):
            log.warning("cannot open the menu: \(problem)")
            answerReplies(ok: false, message: "cannot open the menu: \(problem)")
        case .dropped(let problem):
            if wasOpen { releaseHolds(now: now) }
            log.error("menu closed: \(problem)")
        }
        presenter.follow(owner?.menuAnchor, now: now)
    }

    /// The menu has opened from `owner`: it holds the keyboard and the
    /// button, and those who asked are told.
    private func opened(now: Double) {
        if let owner {
            _ = owner.controller.handle(.menuOpened(at: now))
            owner.holdForMenu(true, log: log)
        }
        log.info("menu opened")
        if let owner { publish(ButtonEvent(.menuOpened, button: owner.key.name)) }
        answerReplies(ok: true)
    }

    /// Stops the menu from opening; its children are killed.
    func cancelOpening(_ why: String) {
        presenter.cancelOpening()
        log.info("menu: no longer opening it: \(why)")
        answerReplies(ok: true, message: "the menu was closed before it opened: \(why)")
    }

    /// A reload gives `instance` `spec`: a menu open or opening from it with
    /// other items (or another look) closes, so that no item the running
    /// config no longer has can run.
    func reloaded(_ instance: ButtonInstance, as spec: ButtonSpec, now: Double) {
        let changed = spec.menu != instance.spec.menu || spec.button.color != instance.spec.button.color
        for step in ownership.reloaded(instance.key, menuChanged: changed) {
            if step == .close { log.info("menu: closing it, the config gave it other items") }
            carryOut(step, now: now)
        }
    }

    /// The menu goes with its button's surface: when the compositor closed
    /// it, or its output went away, the button is placed again on a new
    /// surface, and a menu left on the old one would still count as open.
    func followOwnersSurface(now: Double) {
        guard let owner, presenter.isShown, presenter.shownOn !== owner.layer else { return }
        for step in ownership.surfaceGone(of: owner.key) {
            log.info("menu closed: the button's surface went away")
            carryOut(step, now: now)
        }
    }

    /// Drops the menu at once, shown or opening (its button is going away,
    /// or hiding, or buoy is stopping).
    func drop(now: Double) {
        if presenter.isOpening {
            answerReplies(ok: false, message: "the menu could not open: the button went away")
        }
        if presenter.isOpen { releaseHolds(now: now) }
        presenter.reset()
        owner = nil
    }

    /// Drops everything the menus hold, drawn ahead of time too: buoy stops.
    func tearDown(now: Double) {
        drop(now: now)
        presenter.dropPrepared()
    }

    /// Closes the open menu; `chosen` is the label of the item it ran.
    func close(now: Double, chosen: String? = nil) {
        guard presenter.isOpen else { return }
        presenter.close(now: now)
        releaseHolds(now: now, chosen: chosen)
        log.info("menu closed")
    }

    /// A press on the open menu ended at `point`: run the item there, or
    /// close unless it is on the panel between its items.
    func release(at point: Point, now: Double) {
        switch presenter.touch(at: point) {
        case .item(let index): run(index, now: now)
        case .backdrop: break
        case .outside: close(now: now)
        }
    }

    /// A key while the menu is open.
    func handleKey(_ keysym: UInt32, at now: Double) {
        guard presenter.isOpen, let key = MenuNavigation.key(forKeysym: keysym) else { return }
        switch key {
        case .dismiss: close(now: now)
        case .activate: if let index = presenter.handle(.activate) { run(index, now: now) }
        case .next, .previous, .up, .down, .left, .right: _ = presenter.handle(key)
        }
    }

    /// The presenter, for the owner to draw with its own commit.
    func presenter(for instance: ButtonInstance) -> MenuPresenter? {
        instance === owner ? presenter : nil
    }

    /// Gives back what an open menu holds: it has closed.
    private func releaseHolds(now: Double, chosen: String? = nil) {
        guard let owner else { return }
        publish(ButtonEvent(.menuClosed(chosen: chosen), button: owner.key.name))
        _ = owner.controller.handle(.menuClosed(at: now))
        owner.holdForMenu(false, log: log)
    }

    private func answerReplies(ok: Bool, message: String? = nil) {
        for request in replies { request.reply(ok: ok, message: message) }
        replies = []
    }

    private func run(_ index: Int, now: Double) {
        let item = presenter.command(of: index)
        if let item, let owner { perform(item.action, "menu item \(index + 1) (\(item.label))", owner, now) }
        if item?.keepOpen == true { return }
        close(now: now, chosen: item?.label)
    }
}

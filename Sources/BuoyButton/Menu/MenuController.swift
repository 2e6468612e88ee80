import BuoyConfig
import BuoyCore

/// The menu's whole life, as data: which button's menu is open (or opening,
/// or folding away), the level it shows, its focus, and each button's
/// images drawn ahead of time. There is one menu at a time, whichever
/// button opened it. No clock, no I/O: the shell feeds `handle` its inputs
/// with their time, carries out the effects, starts and kills the drawing
/// children that `jobs` lists, keeps the buffers of `liveImages`, and
/// shows `scene` when it renders.
///
/// The images are drawn by a child at full size; the frames of an
/// animation only move and scale them. They are drawn ahead of time for
/// every level, so that opening one only shows buffers already drawn.
public struct MenuController: Sendable {
    /// How long a child may draw before it is given up, in seconds.
    public let drawTimeout: Double

    // Not private: the controller's other files (MenuStock.swift,
    // MenuStatuses.swift) step these too.
    var phase = Phase.closed
    var stock = MenuStock()
    /// Where each button's menu would unfold, as last told.
    var anchors: [InstanceKey: MenuAnchor] = [:]
    var statuses = MenuStatuses()
    var nextJob = 1
    /// The item the pointer rests on, which it runs (`MenuController+Dwell`).
    var dwelling: ItemDwell?
    /// Edit mode, while the menu shows it (`MenuController+Edit`).
    var editing: Editing?
    /// Whether every level of every menu that the last `.prepare` wanted
    /// is drawn ahead of time where its button rests (or could not be
    /// drawn there), so that a tap opens it at once: part of buoy's
    /// readiness (`Readiness`). False until the first `.prepare`.
    public internal(set) var drawnAhead = false

    /// How long a note shows under its item's label, in seconds.
    public static let noteDuration = 2.0

    /// A closed menu, nothing drawn; a child may draw for `drawTimeout` seconds.
    public init(drawTimeout: Double) {
        self.drawTimeout = drawTimeout
    }

    // MARK: - What the shell reads

    /// The button whose menu is open, opening or folding away.
    public var owner: InstanceKey? {
        switch phase {
        case .closed: nil
        case .preparing(let opening), .reopening(let opening, _, _): opening.owner
        case .open(let shown, _), .closing(let shown, _): shown.owner
        }
    }

    /// Open, as scripts see it (`menu_open`): it holds the keys and the
    /// button, also while it changes level.
    public var isOpen: Bool {
        switch phase {
        case .open: true
        case .preparing(let opening), .reopening(let opening, _, _): opening.held
        case .closed, .closing: false
        }
    }

    /// Asked to open, its images not drawn yet.
    public var isOpening: Bool {
        switch phase {
        case .preparing(let opening), .reopening(let opening, _, _): !opening.held
        case .closed, .open, .closing: false
        }
    }

    /// The level shown (or to be shown), while it is open: its items as
    /// the menu has them, those for the app in front only.
    public var page: MenuPage? {
        guard isOpen else { return nil }
        switch phase {
        case .open(let shown, _): return shown.page
        case .preparing(let opening), .reopening(let opening, _, _): return opening.page
        case .closed, .closing: return nil
        }
    }

    /// `page`'s path.
    public var path: [String]? { page?.path }

    /// What a frame placed now shows; nil when nothing is on screen.
    public var scene: MenuScene? {
        guard let (shown, animation) = onScreen else { return nil }
        return MenuScene(
            owner: shown.owner, images: shown.images, animation: animation,
            ring: shown.focusVisible ? shown.focused : restingItem(of: shown))
    }

    /// Whether a frame must be placed at `now`: until one has been placed at
    /// or after the animation's end (so a late frame still lands on the last
    /// one, and a finished close still hides it), or when something changed.
    public func needsFrame(at now: Double) -> Bool {
        guard let (shown, animation) = onScreen else { return false }
        if shown.drawnAt < animation.end || !animation.opening { return true }
        return shown.dirty
    }

    /// Whether the open menu has not been placed yet: its first frame need
    /// not wait for the button's frame callback.
    public var awaitsFirstFrame: Bool {
        guard case .open(let shown, _) = phase else { return false }
        return shown.drawnAt == -Double.infinity
    }

    /// Every child at work: the shell kills any other.
    public var jobs: [MenuJob] {
        var jobs = stock.jobs
        switch phase {
        case .closed, .closing: break
        case .preparing(let opening), .reopening(let opening, _, _): jobs.append(opening.job)
        case .open(let shown, _): if let redraw = shown.redraw { jobs.append(redraw) }
        }
        return jobs.sorted { $0.id < $1.id }
    }

    /// The images whose buffers are still needed: the shell drops the others.
    /// A job's count too, until its answer is heard: the shell makes its
    /// buffers as it reads the child's end, and tells of several children
    /// ended in one wakeup one at a time.
    public var liveImages: Set<Int> {
        var ids = stock.imageIDs.union(jobs.map(\.id))
        if let (shown, _) = onScreen { ids.insert(shown.images.id) }
        return ids
    }

    /// When the clock must wake the shell (`.tick`): the next child's
    /// deadline, or the end of a note.
    public var nextWake: Double? {
        (jobs.map(\.deadline) + statuses.noteEnds
            + [dwelling?.rest.deadline, editing?.editor.nextWake, leaveDeadline].compactMap { $0 })
            .min()
    }

    // MARK: - Inputs

    /// Takes `input`, which happened at `now`; returns what the shell is to do, in order.
    public mutating func handle(_ input: MenuInput, at now: Double) -> [MenuEffect] {
        if case .activateItem(let index) = input {
            guard case .open(let shown, _) = phase, shown.images.layout.items.indices.contains(index) else {
                return []
            }
            return handle(.release(at: shown.images.layout.items[index].target.center), at: now)
        }
        if let effects = editInput(input, now: now) { return effects }
        switch input {
        case .toggle(let owner, let source, let path, let anchor, let visible):
            return toggle(owner, source, path: path, anchor: anchor, visible: visible, now: now)
        case .moved(let owner, let anchor): return follow(owner, to: anchor, now: now)
        case .prepare(let wanted): return prepare(wanted, now: now)
        case .drawn(let id, let sizes): return drawn(id, labels: sizes, now: now)
        case .drawFailed(let id, let why):
            return failed(id, why.map { .couldNotStart($0) } ?? .failed, now: now)
        case .tick:
            let late = jobs.filter { $0.deadline <= now }.flatMap { failed($0.id, .timedOut, now: now) }
            return late + endNotes(at: now) + dwellDue(at: now) + editTick(now: now)
        case .release(let point): return release(at: point, now: now)
        case .activateItem: return []
        case .pointer(let point): return pointer(at: point, now: now)
        case .pointerEntered(let point): return pointer(at: point, entered: true, now: now)
        case .key(let key): return press(key, now: now)
        case .close: return close(now: now)
        case .keyboardLost:
            guard isOpen else { return [] }
            return [.info("menu: another surface took the keyboard (a lock screen, a launcher)")]
                + close(now: now)
        case .cancelOpening(let why): return cancelOpening(why)
        case .drop(let owner): return owner == nil || owner == self.owner ? drop(why: nil) : []
        case .tearDown:
            stock.removeAll()
            return drop(why: nil)
        case .reloaded(let owner, let source): return reloaded(owner, source, now: now)
        case .surfaceGone(let owner):
            return ownership.surfaceGone(of: owner).flatMap {
                carryOut($0, why: "the button's surface went away", now: now)
            }
        case .surfacesFailed: return drop(why: "its surfaces could not be created")
        case .frame: return frame(at: now)
        case .status(let owner, let path, let index, let command, let status):
            return heard(status, of: index, command: command, at: PageKey(owner: owner, path: path), now: now)
        case .ranBuiltIn(let owner, let choice, let missing):
            return ranBuiltIn(owner, choice, missing: missing, now: now)
        // Only edit mode takes these (`editInput`).
        case .press, .drag, .editRow, .configWritten, .catalog: return []
        }
    }

    /// What the menu is doing, and for which button, for `MenuOwnership`.
    private var ownership: MenuOwnership<InstanceKey> {
        switch phase {
        case .closed: .closed
        case .preparing(let opening), .reopening(let opening, _, _):
            opening.held ? .open(opening.owner) : .opening(opening.owner)
        case .open(let shown, _): .open(shown.owner)
        case .closing(let shown, _): .closing(shown.owner)
        }
    }

    private mutating func carryOut(
        _ step: MenuOwnership<InstanceKey>.Step, why: String? = nil, now: Double
    ) -> [MenuEffect] {
        switch step {
        case .close: close(now: now)
        case .cancelOpening(let why): cancelOpening(why)
        case .drop: drop(why: why)
        // Only `toggle` opens, and it does so itself.
        case .open: []
        }
    }

    private mutating func toggle(
        _ owner: InstanceKey, _ source: MenuSource, path: [String], anchor: MenuAnchor?, visible: Bool,
        now: Double
    ) -> [MenuEffect] {
        var effects: [MenuEffect] = []
        for step in ownership.toggle(from: owner) {
            guard step == .open else {
                effects += carryOut(step, now: now)
                continue
            }
            // Every item hidden for the app in front: Edit stays, to show them again.
            guard !source.menu.items.isEmpty || (source.hiddenFor != nil && source.menu.edit == .touch) else {
                return effects + [.refused(source.noItems)]
            }
            guard visible else { return effects + [.refused("the button is hidden")] }
            guard let page = source.page(at: path) else {
                return effects + [.refused("there is no [submenu.\(path.last ?? "")]")]
            }
            effects.append(.opening(owner))
            guard let anchor else { return effects + [.refused("the button is not on screen yet")] }
            anchors[owner] = anchor
            let target = Target(owner: owner, source: source, page: page, showFocus: false, held: false)
            effects += begin(target, at: anchor, now: now)
        }
        return effects
    }

    /// Starts opening `page`: at once if its images were drawn ahead of
    /// time for `anchor` (or for another scale, shown stretched while they
    /// are drawn again), otherwise once a child has drawn them. An open
    /// menu folds away meanwhile.
    mutating func begin(_ target: Target, at anchor: MenuAnchor, now: Double) -> [MenuEffect] {
        let (owner, page) = (target.owner, target.page)
        switch phase {
        case .open(let shown, _): phase = .closing(shown, since: now)
        // A child still preparing another menu is killed before the next starts.
        case .preparing: phase = .closed
        case .reopening(_, let shown, let since): phase = .closing(shown, since: since)
        case .closed, .closing: break
        }
        let key = PageKey(owner: owner, path: page.path)
        var effects: [MenuEffect] = []
        let job: MenuJob
        var shownAtOnce: MenuImages?
        switch stock[key] {
        case .ready(let stocked, let images)? where stocked == page:
            if let images = stock.moved(images, of: page, to: anchor) {
                return [.debug("menu: opening with the images drawn ahead of time")]
                    + open(target, images, redraw: nil, now: now)
            }
            job = newJob(owner, page, anchor, now: now)
            effects.append(.draw(job))
        case .drawing(let stocked, let drawing, let previous)?
        where stocked == page && drawing.anchor == anchor:
            // The child drawing it ahead of time goes on, for this opening.
            job = drawing
            shownAtOnce = previous.flatMap { stock.moved($0, of: page, to: anchor, stretching: true) }
        case .ready?, .drawing?, .failed?, nil:
            job = newJob(owner, page, anchor, now: now)
            effects.append(.draw(job))
        }
        if case .drawing? = stock[key] { stock[key] = nil }
        if let shownAtOnce {
            return effects + [.debug("menu: opening with the images drawn ahead of time, stretched")]
                + open(target, shownAtOnce, redraw: job, now: now)
        }
        let opening = Opening(target: target, job: job)
        switch phase {
        case .closing(let shown, let since): phase = .reopening(opening, closing: shown, since: since)
        case .closed, .preparing, .open, .reopening: phase = .preparing(opening)
        }
        return effects
    }

    mutating func open(
        _ target: Target, _ images: MenuImages, redraw: MenuJob?, now: Double
    ) -> [MenuEffect] {
        phase = .open(ShownMenu(target, images: images, redraw: redraw), since: now)
        let path = target.page.path
        let checks = target.page.items.indices.compactMap { index in
            target.page.items[index].status.map {
                MenuStatusCheck(index: index, command: $0, toggle: target.page.items[index].toggle)
            }
        }
        return [target.held ? .navigated(target.owner, path: path) : .opened(target.owner, path: path)]
            + (checks.isEmpty ? [] : [.checkStatus(target.owner, path: path, checks)])
    }

    // MARK: The open menu

    /// Keeps the open menu beside its button when the output changes under
    /// it (its size, scale or usable area): a child draws it again, and
    /// until then the old images stay, stretched if the scale changed.
    private mutating func follow(_ owner: InstanceKey, to anchor: MenuAnchor?, now: Double) -> [MenuEffect] {
        guard let anchor else { return [] }
        anchors[owner] = anchor
        guard case .open(var shown, let since) = phase, shown.owner == owner, shown.redraw == nil,
            anchor != shown.anchor
        else { return [] }
        shown.anchor = anchor
        shown.redraw = newJob(owner, shown.page, anchor, now: now)
        phase = .open(shown, since: since)
        return shown.redraw.map { [.draw($0)] } ?? []
    }

    mutating func release(at point: Point, now: Double) -> [MenuEffect] {
        guard case .open(let shown, _) = phase else { return [] }
        switch shown.images.layout.touch(at: point) {
        case .item(let index): return choose(index, in: shown, byKey: false, now: now)
        case .backdrop: return []
        case .outside: return close(now: now)
        }
    }

    private mutating func press(_ key: MenuKey, now: Double) -> [MenuEffect] {
        guard case .open(var shown, let since) = phase else { return [] }
        let inSubmenu = !shown.page.path.isEmpty
        switch key {
        case .dismiss: return inSubmenu ? up(from: shown, byKey: true, now: now) : close(now: now)
        case .back: return inSubmenu ? up(from: shown, byKey: true, now: now) : []
        case .delete: return []
        case .left where inSubmenu: return up(from: shown, byKey: true, now: now)
        case .activate: return shown.focused.map { choose($0, in: shown, byKey: true, now: now) } ?? []
        case .next, .previous, .up, .down, .left, .right:
            let moved = MenuNavigation.move(from: shown.focused, key, in: shown.images.layout)
            if moved != shown.focused || !shown.focusVisible {
                shown.focused = moved
                shown.focusVisible = true
                shown.dirty = true
                phase = .open(shown, since: since)
            }
            return []
        }
    }

    private mutating func choose(_ index: Int, in shown: ShownMenu, byKey: Bool, now: Double) -> [MenuEffect]
    {
        guard shown.page.items.indices.contains(index) else { return [] }
        let item = shown.page.items[index]
        if item == MenuPage.editEntry, shown.page.path.isEmpty { return enterEditMode(from: shown, now: now) }
        switch item.action {
        case .back: return up(from: shown, byKey: byKey, now: now)
        case .submenu(let name): return go(to: shown.page.path + [name], from: shown, byKey: byKey, now: now)
        case .command, .menu, .builtIn, .keys, .click, .pointer:
            let choice = MenuChoice(path: shown.page.path, index: index, label: item.label)
            let run = MenuEffect.run(shown.owner, item, choice)
            // A built-in action left is one whose tool was missing: it stays open until
            // the shell says whether the tool is there now (`ranBuiltIn`).
            if case .builtIn = item.action { return [run] }
            // Keys go once `.closed` has given the window in front the
            // keyboard back: sent while the menu holds it, they would drive
            // the menu (the config refuses keep_open for keys).
            if case .keys = item.action { return close(now: now, chosen: choice) + [run] }
            return item.keepOpen ? [run] : [run] + close(now: now, chosen: choice)
        }
    }

    /// Goes up a level, its focus on the item that opened the one left.
    private mutating func up(from shown: ShownMenu, byKey: Bool, now: Double) -> [MenuEffect] {
        go(to: Array(shown.page.path.dropLast()), from: shown, byKey: byKey, now: now)
    }

    /// Shows the level at `path` in place of `shown`'s, unfolding as the
    /// menu does.
    mutating func go(to path: [String], from shown: ShownMenu, byKey: Bool, now: Double)
        -> [MenuEffect]
    {
        guard let page = shown.source.page(at: path), !page.items.isEmpty else { return [] }
        let left = shown.page.path.count > path.count ? shown.page.path.last : nil
        let opener = left.flatMap { name in page.items.firstIndex { $0.action == .submenu(name) } }
        let target = Target(
            owner: shown.owner, source: shown.source, page: page, showFocus: byKey, held: true, focus: opener)
        return begin(target, at: anchors[shown.owner] ?? shown.anchor, now: now)
    }

    /// Folds the open menu away; `chosen` is the item it ran.
    mutating func close(now: Double, chosen: MenuChoice? = nil) -> [MenuEffect] {
        editing = nil
        switch phase {
        case .open(let shown, _):
            phase = .closing(shown, since: now)
            return [.closed(shown.owner, chosen: chosen, why: nil)]
        case .reopening(let opening, let shown, let since) where opening.held:
            phase = .closing(shown, since: since)
            return [.closed(opening.owner, chosen: chosen, why: nil)]
        case .preparing(let opening) where opening.held:
            phase = .closed
            return [.closed(opening.owner, chosen: chosen, why: nil)]
        case .closed, .preparing, .closing, .reopening:
            return []
        }
    }

    /// Stops the menu opening. It is not drawn ahead of time again for the
    /// same page and place (a child that hangs would only hang again).
    private mutating func cancelOpening(_ why: String) -> [MenuEffect] {
        switch phase {
        case .preparing(let opening) where !opening.held, .reopening(let opening, _, _) where !opening.held:
            stock[PageKey(owner: opening.owner, path: opening.page.path)] = .failed(
                opening.page, anchor: opening.job.anchor)
            phase = phase.withoutOpening
            return [.notOpened(opening.owner, .cancelled(why))]
        case .closed, .preparing, .open, .closing, .reopening:
            return []
        }
    }

    /// Takes the menu off the screen at once, shown or opening.
    private mutating func drop(why: String?) -> [MenuEffect] {
        defer { (phase, editing) = (.closed, nil) }
        switch phase {
        case .preparing(let opening), .reopening(let opening, _, _):
            return [
                opening.held
                    ? .closed(opening.owner, chosen: nil, why: why) : .notOpened(opening.owner, .dropped)
            ]
        case .open(let shown, _): return [.closed(shown.owner, chosen: nil, why: why)]
        case .closed, .closing: return []
        }
    }

    /// A menu open or opening from `owner` with other items (or another
    /// look) goes, so that no item the running config no longer has can run.
    private mutating func reloaded(_ owner: InstanceKey, _ source: MenuSource, now: Double) -> [MenuEffect] {
        let current: MenuSource? =
            switch phase {
            case .closed: nil
            case .preparing(let opening), .reopening(let opening, _, _): opening.source
            case .open(let shown, _), .closing(let shown, _): shown.source
            }
        let steps = ownership.reloaded(
            owner, menuChanged: current.map { !$0.showsTheSame(as: source) } ?? false)
        return steps.flatMap { step in
            (step == .close ? [.info("menu: closing it, the config gave it other items")] : [])
                + carryOut(step, now: now)
        }
    }

    /// Steps the animation to a frame placed at `now`: a menu folded away
    /// is gone (or the next one, still being drawn, is on its way).
    private mutating func frame(at now: Double) -> [MenuEffect] {
        guard let (_, animation) = onScreen else { return [] }
        if !animation.opening, animation.isFinished(at: now) {
            switch phase {
            case .reopening(let opening, _, _): phase = .preparing(opening)
            case .closed, .preparing, .open, .closing: phase = .closed
            }
            return []
        }
        switch phase {
        case .open(var shown, let since):
            shown.drawnAt = now
            shown.dirty = false
            phase = .open(shown, since: since)
        case .closing(var shown, let since):
            shown.drawnAt = now
            phase = .closing(shown, since: since)
        case .reopening(let opening, var shown, let since):
            shown.drawnAt = now
            phase = .reopening(opening, closing: shown, since: since)
        case .closed, .preparing: break
        }
        return []
    }

    private var onScreen: (ShownMenu, MenuAnimation)? {
        switch phase {
        case .closed, .preparing: nil
        case .open(let shown, let since): (shown, shown.page.animation(opening: true, since: since))
        case .closing(let shown, let since), .reopening(_, let shown, let since):
            (shown, shown.page.animation(opening: false, since: since))
        }
    }
}

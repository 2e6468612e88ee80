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

    /// A level of a button's menu asked to open.
    struct Target: Sendable {
        var owner: InstanceKey
        var source: MenuSource
        var page: MenuPage
        /// Whether the focus ring shows once it opens (a key chose it).
        var showFocus: Bool
        /// Another level of the open menu: the menu still holds the keys
        /// and the button meanwhile, and scripts still see it open.
        var held: Bool
        /// The item focused once it opens; nil: the first.
        var focus: Int? = nil
    }

    /// A menu being prepared to open: a child draws its page.
    struct Opening: Sendable {
        var target: Target
        var job: MenuJob

        var owner: InstanceKey { target.owner }
        var source: MenuSource { target.source }
        var page: MenuPage { target.page }
        var held: Bool { target.held }
    }

    /// A menu on screen: opening, open or folding away.
    struct Shown: Sendable {
        var owner: InstanceKey
        var source: MenuSource
        var page: MenuPage
        var images: MenuImages
        /// Where its images were last asked to be drawn for (once, even if
        /// that could not start): a change asks again.
        var anchor: MenuAnchor
        /// A child drawing it again for a changed output.
        var redraw: MenuJob?
        var focused: Int?
        /// Whether the focus ring shows: only once a key has been pressed
        /// (CSS's `:focus-visible`), so a menu used by finger never shows one.
        var focusVisible: Bool
        /// Something changed that the next frame must show.
        var dirty = true
        /// When its last frame was placed.
        var drawnAt = -Double.infinity

        init(_ target: Target, images: MenuImages, redraw: MenuJob?) {
            owner = target.owner
            source = target.source
            page = target.page
            self.images = images
            anchor = images.anchor
            self.redraw = redraw
            focused = target.focus ?? MenuNavigation.visualOrder(images.layout).first
            focusVisible = target.showFocus
        }
    }

    /// Where the menu is in its life. Each case holds what it alone has, so
    /// a child, the images on screen and the animation cannot disagree.
    enum Phase: Sendable {
        case closed
        /// Nothing on screen yet; a child draws it.
        case preparing(Opening)
        /// Opening since `since`, then open: it takes input and keys.
        case open(Shown, since: Double)
        /// Folding away since `since`; gone when that animation ends.
        case closing(Shown, since: Double)
        /// Folding `closing` away while a child draws the next.
        case reopening(Opening, closing: Shown, since: Double)
    }

    /// One level of one button's menu, as drawn ahead of time.
    struct PageKey: Hashable, Sendable {
        var owner: InstanceKey
        var path: [String]
    }

    enum Stock: Sendable {
        /// A child draws it. `previous` are its images from before (at
        /// another scale, say), shown stretched by an opening meanwhile.
        case drawing(MenuPage, MenuJob, previous: MenuImages?)
        /// Drawn: opening it shows these buffers. Never drawn into again.
        case ready(MenuPage, MenuImages)
        /// It could not be drawn at `anchor`; not tried again until the
        /// page or the anchor changes (a child that hangs would hang again).
        case failed(MenuPage, anchor: MenuAnchor)

        var job: MenuJob? {
            guard case .drawing(_, let job, _) = self else { return nil }
            return job
        }
    }

    /// A label's text in a font.
    struct Label: Hashable, Sendable {
        var text: String
        var font: String
        /// Where it wraps (`MenuArrangement.labelWrapWidth`): a panel's
        /// labels measure otherwise than a column's.
        var wrapWidth: Double?
    }

    private(set) var phase = Phase.closed
    private var stocks: [PageKey: Stock] = [:]
    /// Where each button's menu would unfold, as last told.
    private var anchors: [InstanceKey: MenuAnchor] = [:]
    /// Label sizes, as the children measured them: the layout of images
    /// drawn elsewhere needs them to move.
    private var labels: [Label: Size] = [:]
    /// What each level's `status` items last said, with the command that
    /// said it (a reload may give the item another).
    private var statuses: [PageKey: [Int: (command: String, status: MenuStatus)]] = [:]
    /// What an item whose tool is missing says under its label after a
    /// tap, and until when (`noteDuration`).
    private var notes: [PageKey: [Int: (text: String, until: Double)]] = [:]
    private var nextJob = 1

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

    /// The level shown (or to be shown), while it is open.
    public var path: [String]? {
        guard isOpen else { return nil }
        switch phase {
        case .open(let shown, _): return shown.page.path
        case .preparing(let opening), .reopening(let opening, _, _): return opening.page.path
        case .closed, .closing: return nil
        }
    }

    /// What a frame placed now shows; nil when nothing is on screen.
    public var scene: MenuScene? {
        guard let (shown, animation) = onScreen else { return nil }
        return MenuScene(
            owner: shown.owner, images: shown.images, animation: animation,
            ring: shown.focusVisible ? shown.focused : nil)
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
        var jobs = stocks.values.compactMap(\.job)
        switch phase {
        case .closed, .closing: break
        case .preparing(let opening), .reopening(let opening, _, _): jobs.append(opening.job)
        case .open(let shown, _): if let redraw = shown.redraw { jobs.append(redraw) }
        }
        return jobs.sorted { $0.id < $1.id }
    }

    /// The images whose buffers are still needed: the shell drops the others.
    public var liveImages: Set<Int> {
        var ids: Set<Int> = []
        for stock in stocks.values {
            switch stock {
            case .ready(_, let images), .drawing(_, _, previous: let images?): ids.insert(images.id)
            case .drawing, .failed: break
            }
        }
        if let (shown, _) = onScreen { ids.insert(shown.images.id) }
        return ids
    }

    /// When the clock must wake the shell (`.tick`): the next child's
    /// deadline, or the end of a note.
    public var nextWake: Double? {
        (jobs.map(\.deadline) + notes.values.flatMap { $0.values.map(\.until) }).min()
    }

    // MARK: - Inputs

    /// Takes `input`, which happened at `now`; returns what the shell is to do, in order.
    public mutating func handle(_ input: MenuInput, at now: Double) -> [MenuEffect] {
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
            return late + endNotes(at: now)
        case .release(let point): return release(at: point, now: now)
        case .key(let key): return press(key, now: now)
        case .close: return close(now: now)
        case .cancelOpening(let why): return cancelOpening(why)
        case .drop(let owner): return owner == nil || owner == self.owner ? drop(why: nil) : []
        case .tearDown:
            stocks = [:]
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
            guard !source.menu.items.isEmpty else {
                return effects + [.refused("no [[menu.item]] is configured")]
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
    private mutating func begin(_ target: Target, at anchor: MenuAnchor, now: Double) -> [MenuEffect] {
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
        switch stocks[key] {
        case .ready(let stocked, let images)? where stocked == page:
            if let images = moved(images, of: page, to: anchor) {
                return [.debug("menu: opening with the images drawn ahead of time")]
                    + open(target, images, redraw: nil, now: now)
            }
            job = newJob(owner, page, anchor, now: now)
            effects.append(.draw(job))
        case .drawing(let stocked, let drawing, let previous)?
        where stocked == page && drawing.anchor == anchor:
            // The child drawing it ahead of time goes on, for this opening.
            job = drawing
            shownAtOnce = previous.flatMap { moved($0, of: page, to: anchor, stretching: true) }
        case .ready?, .drawing?, .failed?, nil:
            job = newJob(owner, page, anchor, now: now)
            effects.append(.draw(job))
        }
        if case .drawing? = stocks[key] { stocks[key] = nil }
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

    private mutating func open(
        _ target: Target, _ images: MenuImages, redraw: MenuJob?, now: Double
    ) -> [MenuEffect] {
        phase = .open(Shown(target, images: images, redraw: redraw), since: now)
        let path = target.page.path
        let checks = target.page.items.indices.compactMap { index in
            target.page.items[index].status.map {
                MenuStatusCheck(index: index, command: $0, toggle: target.page.items[index].toggle)
            }
        }
        return [target.held ? .navigated(target.owner, path: path) : .opened(target.owner, path: path)]
            + (checks.isEmpty ? [] : [.checkStatus(target.owner, path: path, checks)])
    }

    private mutating func newJob(
        _ owner: InstanceKey, _ page: MenuPage, _ anchor: MenuAnchor, ahead: Bool = false, now: Double
    ) -> MenuJob {
        defer { nextJob += 1 }
        return MenuJob(
            id: nextJob, owner: owner, page: page, anchor: anchor, deadline: now + drawTimeout, ahead: ahead,
            statuses: known(for: PageKey(owner: owner, path: page.path), page))
    }

    /// `images` of `page` laid out at `anchor` instead, if they show that
    /// layout as they are: every image the same, at the same scale unless
    /// `stretching` (the compositor then scales them).
    private func moved(
        _ images: MenuImages, of page: MenuPage, to anchor: MenuAnchor, stretching: Bool = false
    )
        -> MenuImages?
    {
        if anchor == images.anchor { return images }
        guard stretching || anchor.scale == images.anchor.scale else { return nil }
        let sizes = page.items.indices.map {
            labels[page.measured(page.label(of: $0, status: images.statuses[$0]))]
                ?? Size(width: 0, height: 0)
        }
        let layout = page.layout(at: anchor, labels: sizes)
        guard MenuSprite.drawsTheSame(layout, as: images.layout) else { return nil }
        return MenuImages(id: images.id, layout: layout, anchor: anchor, statuses: images.statuses)
    }

    /// The statuses `page`'s status items last gave, by item, from their
    /// commands as `page` has them now.
    private func known(for key: PageKey, _ page: MenuPage) -> [Int: MenuStatus] {
        var known = (statuses[key] ?? [:]).filter {
            page.items.indices.contains($0.key) && page.items[$0.key].status == $0.value.command
        }.mapValues(\.status)
        // A note shows in place of a status line while it lasts.
        for (index, note) in notes[key] ?? [:] where page.items.indices.contains(index) {
            known[index] = MenuStatus(text: note.text, on: known[index]?.on)
        }
        return known
    }

    // MARK: Children

    private enum Failure: Equatable {
        case couldNotStart(String)
        case failed
        case timedOut
    }

    private mutating func drawn(_ id: Int, labels sizes: [Size], now: Double) -> [MenuEffect] {
        guard let job = jobs.first(where: { $0.id == id }) else { return [] }
        for (index, size) in zip(job.page.items.indices, sizes) {
            labels[job.page.measured(job.label(of: index))] = size
        }
        let images = MenuImages(
            id: id, layout: job.page.layout(at: job.anchor, labels: sizes), anchor: job.anchor,
            statuses: job.statuses)
        if let partial = job.partial {
            // Its other images are the base's: only with the same layout.
            guard case .open(var shown, let since) = phase, shown.redraw?.id == id else { return [] }
            let before = MenuSprite.sprites(for: shown.images.layout)
            let after = MenuSprite.sprites(for: images.layout)
            guard shown.images.id == partial.base, before.count == after.count,
                zip(before, after).allSatisfy({ $1.shows(anyOf: partial.items) || $0 == $1 })
            else {
                // A label that changed size moved the others: all are drawn again.
                let full = newJob(shown.owner, shown.page, shown.anchor, now: now)
                shown.redraw = full
                phase = .open(shown, since: since)
                return [.draw(full)]
            }
        }
        stocks[PageKey(owner: job.owner, path: job.page.path)] = .ready(job.page, images)
        switch phase {
        // `let`, copied into a `var`: binding `var` in two patterns of one case crashes the
        // SILGen of Debian's swiftlang 6.0.3 and 6.2.3, which are built with assertions on.
        case .preparing(let preparing) where preparing.job.id == id,
            .reopening(let preparing, _, _) where preparing.job.id == id:
            var opening = preparing
            if let anchor = anchors[opening.owner], anchor != job.anchor {
                // The button moved, or its output changed, while it was drawn.
                opening.job = newJob(opening.owner, opening.page, anchor, now: now)
                phase = phase.preparing(opening)
                return [.draw(opening.job)]
            }
            return open(opening.target, images, redraw: nil, now: now)
        case .open(var shown, let since) where shown.redraw?.id == id:
            shown.images = images
            shown.redraw = nil
            shown.dirty = true
            phase = .open(shown, since: since)
            // A status that came meanwhile.
            return redrawForStatuses(now: now)
        case .closed, .preparing, .open, .closing, .reopening:
            return []
        }
    }

    private mutating func failed(_ id: Int, _ failure: Failure, now: Double) -> [MenuEffect] {
        guard let job = jobs.first(where: { $0.id == id }) else { return [] }
        let late = failure == .timedOut ? " within \(Int(drawTimeout)) s" : ""
        let key = PageKey(owner: job.owner, path: job.page.path)
        switch phase {
        case .preparing(let opening) where opening.job.id == id,
            .reopening(let opening, _, _) where opening.job.id == id:
            stocks[key] = .failed(job.page, anchor: job.anchor)
            phase = phase.withoutOpening
            let problem: String
            if case .couldNotStart(let why) = failure {
                problem = why
            } else {
                problem = "its images could not be drawn\(late)"
            }
            if opening.held { return [.closed(opening.owner, chosen: nil, why: problem)] }
            return [.notOpened(opening.owner, .failed(problem))]
        case .open(var shown, let since) where shown.redraw?.id == id:
            shown.redraw = nil
            if case .couldNotStart(let why) = failure {
                // The old images stay, stretched if the scale changed.
                phase = .open(shown, since: since)
                return [.warning("menu: it cannot be drawn again for the changed output: \(why)")]
            }
            phase = .closed
            return [.closed(shown.owner, chosen: nil, why: "its images could not be drawn again\(late)")]
        case .closed, .preparing, .open, .closing, .reopening:
            stocks[key] = .failed(job.page, anchor: job.anchor)
            if case .couldNotStart(let why) = failure {
                return [.warning("menu: cannot draw it ahead of time: \(why)")]
            }
            return [.warning("menu: its images could not be drawn ahead of time\(late)")]
        }
    }

    /// Has the menus drawn ahead of time, every level of each, where its
    /// button rests: so that a tap opens them at once. Children draw one
    /// menu at a time, and none while a menu is being opened or drawn
    /// again; the others wait for a later call (the shell makes one on
    /// every wakeup).
    private mutating func prepare(_ wanted: [MenuPreparation], now: Double) -> [MenuEffect] {
        var pages: [PageKey: MenuPage] = [:]
        var effects: [MenuEffect] = []
        for preparation in wanted {
            let source = preparation.source
            let reachable = MenuPage.reachable(in: source.menu, buttonColor: source.buttonColor)
            for page in reachable where !page.items.isEmpty {
                pages[PageKey(owner: preparation.owner, path: page.path)] = page
            }
            guard let anchor = preparation.anchor else { continue }
            anchors[preparation.owner] = anchor
            for page in reachable where !page.items.isEmpty {
                effects += prepareAhead(page, of: preparation.owner, at: anchor, now: now)
            }
        }
        stocks = stocks.filter { pages[$0.key] != nil }
        return effects
    }

    private mutating func prepareAhead(
        _ page: MenuPage, of owner: InstanceKey, at anchor: MenuAnchor, now: Double
    )
        -> [MenuEffect]
    {
        let key = PageKey(owner: owner, path: page.path)
        var previous: MenuImages?
        switch stocks[key] {
        case .ready(let stocked, let images)? where stocked == page:
            // Drawn again with the statuses that came since, for the next opening.
            if moved(images, of: page, to: anchor) != nil, images.statuses == known(for: key, page) {
                return []
            }
            previous = images
        case .drawing(let stocked, let job, let before)? where stocked == page:
            if job.anchor == anchor { return [] }
            previous = before
        case .failed(let stocked, let at)? where stocked == page && at == anchor:
            return []
        case .ready?, .drawing?, .failed?, nil:
            break
        }
        // One child at a time, and none beside one opening (or redrawing) the menu.
        let phaseJobs = jobs.filter { job in !stocks.values.contains { $0.job == job } }
        guard phaseJobs.isEmpty, !jobs.contains(where: { $0.owner != owner || $0.page.path != page.path })
        else {
            return []
        }
        let job = newJob(owner, page, anchor, ahead: true, now: now)
        stocks[key] = .drawing(page, job, previous: previous)
        return [.draw(job)]
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

    private mutating func release(at point: Point, now: Double) -> [MenuEffect] {
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

    private mutating func choose(_ index: Int, in shown: Shown, byKey: Bool, now: Double) -> [MenuEffect] {
        guard shown.page.items.indices.contains(index) else { return [] }
        let item = shown.page.items[index]
        switch item.action {
        case .back: return up(from: shown, byKey: byKey, now: now)
        case .submenu(let name): return go(to: shown.page.path + [name], from: shown, byKey: byKey, now: now)
        case .command, .menu, .builtIn, .click:
            let choice = MenuChoice(path: shown.page.path, index: index, label: item.label)
            let run = MenuEffect.run(shown.owner, item, choice)
            // A built-in action left is one whose tool was missing: it stays open until
            // the shell says whether the tool is there now (`ranBuiltIn`).
            if case .builtIn = item.action { return [run] }
            return item.keepOpen ? [run] : [run] + close(now: now, chosen: choice)
        }
    }

    /// The shell ran `choice`'s built-in action, or found its tool missing
    /// still: then its note shows under its label for `noteDuration`, and
    /// the menu stays open; else it closes as any item does.
    private mutating func ranBuiltIn(
        _ owner: InstanceKey, _ choice: MenuChoice, missing: String?, now: Double
    )
        -> [MenuEffect]
    {
        guard case .open(let shown, _) = phase, shown.owner == owner, shown.page.path == choice.path,
            shown.page.items.indices.contains(choice.index)
        else { return [] }
        guard let missing else {
            return shown.page.items[choice.index].keepOpen ? [] : close(now: now, chosen: choice)
        }
        notes[PageKey(owner: owner, path: choice.path), default: [:]][choice.index] = (
            missing, now + Self.noteDuration
        )
        return redrawForStatuses(now: now)
    }

    /// Drops the notes whose time is up, and has the menu drawn without them.
    private mutating func endNotes(at now: Double) -> [MenuEffect] {
        let before = notes.values.map(\.count).reduce(0, +)
        notes = notes.mapValues { $0.filter { $0.value.until > now } }.filter { !$0.value.isEmpty }
        return notes.values.map(\.count).reduce(0, +) == before ? [] : redrawForStatuses(now: now)
    }

    /// Goes up a level, its focus on the item that opened the one left.
    private mutating func up(from shown: Shown, byKey: Bool, now: Double) -> [MenuEffect] {
        go(to: Array(shown.page.path.dropLast()), from: shown, byKey: byKey, now: now)
    }

    /// Shows the level at `path` in place of `shown`'s, unfolding as the
    /// menu does.
    private mutating func go(to path: [String], from shown: Shown, byKey: Bool, now: Double)
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
    private mutating func close(now: Double, chosen: MenuChoice? = nil) -> [MenuEffect] {
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
            stocks[PageKey(owner: opening.owner, path: opening.page.path)] = .failed(
                opening.page, anchor: opening.job.anchor)
            phase = phase.withoutOpening
            return [.notOpened(opening.owner, .cancelled(why))]
        case .closed, .preparing, .open, .closing, .reopening:
            return []
        }
    }

    /// Takes the menu off the screen at once, shown or opening.
    private mutating func drop(why: String?) -> [MenuEffect] {
        defer { phase = .closed }
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
        let steps = ownership.reloaded(owner, menuChanged: current != nil && current != source)
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

    /// Keeps what a status command said; the level on screen shows it.
    private mutating func heard(
        _ status: MenuStatus?, of index: Int, command: String, at key: PageKey, now: Double
    )
        -> [MenuEffect]
    {
        guard var status else { return [] }
        // A toggle cut off before it exited keeps the state it had.
        if status.on == nil, let last = statuses[key]?[index], last.command == command {
            status.on = last.status.on
        }
        statuses[key, default: [:]][index] = (command, status)
        return redrawForStatuses(now: now)
    }

    /// Has the level on screen drawn again when its statuses changed since
    /// its images were drawn; until then they stay.
    private mutating func redrawForStatuses(now: Double) -> [MenuEffect] {
        guard case .open(var shown, let since) = phase, shown.redraw == nil,
            known(for: PageKey(owner: shown.owner, path: shown.page.path), shown.page)
                != shown.images.statuses
        else { return [] }
        var job = newJob(shown.owner, shown.page, shown.anchor, now: now)
        // Only the items whose statuses changed, over the images on screen,
        // when those are drawn for where the menu is and no label gains or
        // loses its status line (which changes every row).
        let page = shown.page
        let changed = page.items.indices.filter { job.statuses[$0] != shown.images.statuses[$0] }
        let lines = { (index: Int, statuses: [Int: MenuStatus]) in
            page.label(of: index, status: statuses[index]).utf8.filter { $0 == UInt8(ascii: "\n") }.count
        }
        if shown.images.anchor == shown.anchor,
            changed.allSatisfy({ lines($0, job.statuses) == lines($0, shown.images.statuses) })
        {
            job.partial = MenuJob.Partial(base: shown.images.id, items: changed)
        }
        shown.redraw = job
        phase = .open(shown, since: since)
        return [.draw(job)]
    }

    private var onScreen: (Shown, MenuAnimation)? {
        switch phase {
        case .closed, .preparing: nil
        case .open(let shown, let since): (shown, shown.page.animation(opening: true, since: since))
        case .closing(let shown, let since), .reopening(_, let shown, let since):
            (shown, shown.page.animation(opening: false, since: since))
        }
    }
}

extension MenuPage {
    /// How the children measure `label` on this level.
    fileprivate func measured(_ label: String) -> MenuController.Label {
        MenuController.Label(
            text: label, font: look.font,
            wrapWidth: MenuLayout.labelWrapWidth(settings.layout, itemSize: settings.itemSize))
    }
}

extension MenuController.Phase {
    /// The same, without the menu being prepared: a closing one goes on.
    var withoutOpening: Self {
        switch self {
        case .preparing: .closed
        case .reopening(_, let shown, let since): .closing(shown, since: since)
        case .closed, .open, .closing: self
        }
    }

    /// The same, preparing `opening` instead.
    func preparing(_ opening: MenuController.Opening) -> Self {
        switch self {
        case .preparing: .preparing(opening)
        case .reopening(_, let shown, let since): .reopening(opening, closing: shown, since: since)
        case .closed, .open, .closing: self
        }
    }
}

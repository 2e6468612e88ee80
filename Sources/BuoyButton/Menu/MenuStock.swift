import BuoyCore

/// Each button's menu levels drawn ahead of time, which a tap opens at
/// once, and the label sizes the children measured, which lay out those
/// images again when the menu is to unfold elsewhere.
struct MenuStock: Sendable {
    enum Entry: Sendable {
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
        /// The widest it wraps at (`MenuLayout.labelWrapWidth`): a panel's
        /// labels measure otherwise than a column's.
        var wrapWidth: Double?
    }

    private var entries: [MenuController.PageKey: Entry] = [:]
    /// Label sizes, as the children measured them: the layout of images
    /// drawn elsewhere needs them to move.
    private var labels: [Label: Size] = [:]

    subscript(key: MenuController.PageKey) -> Entry? {
        get { entries[key] }
        set { entries[key] = newValue }
    }

    /// The children drawing ahead of time.
    var jobs: [MenuJob] { entries.values.compactMap(\.job) }

    /// The images whose buffers the stock holds.
    var imageIDs: Set<Int> {
        var ids: Set<Int> = []
        for entry in entries.values {
            switch entry {
            case .ready(_, let images), .drawing(_, _, previous: let images?): ids.insert(images.id)
            case .drawing, .failed: break
            }
        }
        return ids
    }

    /// Forgets every level but those in `kept`.
    mutating func keep(only kept: [MenuController.PageKey: MenuPage]) {
        entries = entries.filter { kept[$0.key] != nil }
    }

    /// Forgets every level; the label sizes stay.
    mutating func removeAll() {
        entries = [:]
    }

    /// Keeps the label sizes that the child drawing `job` measured.
    mutating func measured(_ sizes: [Size], by job: MenuJob) {
        for (index, size) in zip(job.page.items.indices, sizes) {
            labels[job.page.measured(job.label(of: index))] = size
        }
    }

    /// `images` of `page` laid out at `anchor` instead, if they show that
    /// layout as they are: every image the same, at the same scale unless
    /// `stretching` (the compositor then scales them).
    func moved(
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
}

extension MenuPage {
    /// How the children measure `label` on this level.
    fileprivate func measured(_ label: String) -> MenuStock.Label {
        MenuStock.Label(
            text: label, font: look.font,
            wrapWidth: MenuLayout.labelWrapWidth(settings.layout, itemSize: settings.itemSize))
    }
}

extension MenuController {
    // MARK: Children

    /// Why a child drew nothing.
    enum Failure: Equatable {
        case couldNotStart(String)
        case failed
        case timedOut
    }

    mutating func newJob(
        _ owner: InstanceKey, _ page: MenuPage, _ anchor: MenuAnchor, ahead: Bool = false, now: Double
    ) -> MenuJob {
        defer { nextJob += 1 }
        return MenuJob(
            id: nextJob, owner: owner, page: page, anchor: anchor, deadline: now + drawTimeout, ahead: ahead,
            statuses: statuses.known(for: PageKey(owner: owner, path: page.path), page))
    }

    mutating func drawn(_ id: Int, labels sizes: [Size], now: Double) -> [MenuEffect] {
        guard let job = jobs.first(where: { $0.id == id }) else { return [] }
        stock.measured(sizes, by: job)
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
        stock[PageKey(owner: job.owner, path: job.page.path)] = .ready(job.page, images)
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

    mutating func failed(_ id: Int, _ failure: Failure, now: Double) -> [MenuEffect] {
        guard let job = jobs.first(where: { $0.id == id }) else { return [] }
        let late = failure == .timedOut ? " within \(Int(drawTimeout)) s" : ""
        let key = PageKey(owner: job.owner, path: job.page.path)
        switch phase {
        case .preparing(let opening) where opening.job.id == id,
            .reopening(let opening, _, _) where opening.job.id == id:
            stock[key] = .failed(job.page, anchor: job.anchor)
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
            stock[key] = .failed(job.page, anchor: job.anchor)
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
    mutating func prepare(_ wanted: [MenuPreparation], now: Double) -> [MenuEffect] {
        var pages: [PageKey: MenuPage] = [:]
        var effects: [MenuEffect] = []
        var drawn = true
        for preparation in wanted {
            let source = preparation.source
            let reachable =
                MenuPage.reachable(in: source.menu, buttonColor: source.buttonColor)
                + MenuPage.editAhead(source)
            for page in reachable where !page.items.isEmpty {
                pages[PageKey(owner: preparation.owner, path: page.path)] = page
            }
            guard let anchor = preparation.anchor else { continue }
            anchors[preparation.owner] = anchor
            for page in reachable where !page.items.isEmpty {
                let (done, drawing) = prepareAhead(page, of: preparation.owner, at: anchor, now: now)
                effects += drawing
                drawn = drawn && done
            }
        }
        stock.keep(only: pages)
        drawnAhead = drawn
        return effects
    }

    /// Has `page` drawn ahead of time at `anchor` unless it is (or could
    /// not be: it is not tried again there); `done` says whether it is.
    private mutating func prepareAhead(
        _ page: MenuPage, of owner: InstanceKey, at anchor: MenuAnchor, now: Double
    )
        -> (done: Bool, effects: [MenuEffect])
    {
        let key = PageKey(owner: owner, path: page.path)
        var previous: MenuImages?
        switch stock[key] {
        case .ready(let stocked, let images)? where stocked == page:
            // Drawn again with the statuses that came since, for the next opening.
            if stock.moved(images, of: page, to: anchor) != nil,
                images.statuses == statuses.known(for: key, page)
            {
                return (true, [])
            }
            previous = images
        case .drawing(let stocked, let job, let before)? where stocked == page:
            if job.anchor == anchor { return (false, []) }
            previous = before
        case .failed(let stocked, let at)? where stocked == page && at == anchor:
            return (true, [])
        case .ready?, .drawing?, .failed?, nil:
            break
        }
        // One child at a time, and none beside one opening (or redrawing) the menu.
        let phaseJobs = jobs.filter { !stock.jobs.contains($0) }
        guard phaseJobs.isEmpty, !jobs.contains(where: { $0.owner != owner || $0.page.path != page.path })
        else {
            return (false, [])
        }
        let job = newJob(owner, page, anchor, ahead: true, now: now)
        stock[key] = .drawing(page, job, previous: previous)
        return (false, [.draw(job)])
    }
}

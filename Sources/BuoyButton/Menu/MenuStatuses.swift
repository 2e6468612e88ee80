import BuoyCore

/// What each level's `status` items last said, and the notes shown in
/// their place for a while: what the next images of a level show under
/// its labels.
struct MenuStatuses: Sendable {
    /// What each level's `status` items last said, with the command that
    /// said it (a reload may give the item another).
    private var said: [MenuController.PageKey: [Int: (command: String, status: MenuStatus)]] = [:]
    /// What an item whose tool is missing says under its label after a
    /// tap, and until when (`MenuController.noteDuration`).
    private var notes: [MenuController.PageKey: [Int: (text: String, until: Double)]] = [:]

    /// When each note ends.
    var noteEnds: [Double] { notes.values.flatMap { $0.values.map(\.until) } }

    /// The statuses `page`'s status items last gave, by item, from their
    /// commands as `page` has them now.
    func known(for key: MenuController.PageKey, _ page: MenuPage) -> [Int: MenuStatus] {
        var known = (said[key] ?? [:]).filter {
            page.items.indices.contains($0.key) && page.items[$0.key].status == $0.value.command
        }.mapValues(\.status)
        // A note shows in place of a status line while it lasts.
        for (index, note) in notes[key] ?? [:] where page.items.indices.contains(index) {
            known[index] = MenuStatus(text: note.text, on: known[index]?.on)
        }
        return known
    }

    /// Keeps what `command` said of item `index`.
    mutating func heard(_ status: MenuStatus, of index: Int, command: String, at key: MenuController.PageKey)
    {
        var status = status
        // A toggle cut off before it exited keeps the state it had.
        if status.on == nil, let last = said[key]?[index], last.command == command {
            status.on = last.status.on
        }
        said[key, default: [:]][index] = (command, status)
    }

    /// Shows `text` under item `index`'s label until `until`.
    mutating func note(_ text: String, of index: Int, at key: MenuController.PageKey, until: Double) {
        notes[key, default: [:]][index] = (text, until)
    }

    /// Drops the notes whose time is up; whether there were any.
    mutating func endNotes(at now: Double) -> Bool {
        let before = notes.values.map(\.count).reduce(0, +)
        notes = notes.mapValues { $0.filter { $0.value.until > now } }.filter { !$0.value.isEmpty }
        return notes.values.map(\.count).reduce(0, +) != before
    }
}

extension MenuController {
    /// The shell ran `choice`'s built-in action, or found its tool missing
    /// still: then its note shows under its label for `noteDuration`, and
    /// the menu stays open; else it closes as any item does.
    mutating func ranBuiltIn(
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
        statuses.note(
            missing, of: choice.index, at: PageKey(owner: owner, path: choice.path),
            until: now + Self.noteDuration)
        return redrawForStatuses(now: now)
    }

    /// Drops the notes whose time is up, and has the menu drawn without them.
    mutating func endNotes(at now: Double) -> [MenuEffect] {
        statuses.endNotes(at: now) ? redrawForStatuses(now: now) : []
    }

    /// Keeps what a status command said; the level on screen shows it.
    mutating func heard(
        _ status: MenuStatus?, of index: Int, command: String, at key: PageKey, now: Double
    )
        -> [MenuEffect]
    {
        guard let status else { return [] }
        statuses.heard(status, of: index, command: command, at: key)
        return redrawForStatuses(now: now)
    }

    /// Has the level on screen drawn again when its statuses changed since
    /// its images were drawn; until then they stay.
    mutating func redrawForStatuses(now: Double) -> [MenuEffect] {
        guard case .open(var shown, let since) = phase, shown.redraw == nil,
            statuses.known(for: PageKey(owner: shown.owner, path: shown.page.path), shown.page)
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
}

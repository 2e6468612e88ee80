import BuoyCore

/// Dwell clicking in the open menu (`Dwell`, `MenuSource.dwell`): the
/// pointer resting on an item runs it, as a click there would (a submenu
/// opens, Back goes back).
///
/// Decisions:
/// - A visit is the time the pointer spends on one item of one level:
///   moving to another item starts a new one, and off every item (the
///   backdrop, outside) ends it. Coming onto the surface is not a move: an
///   item that appears under a pointer that stayed (`msg menu`), or that the
///   pointer jumped onto, rests from the pointer's next move.
/// - A dwell that changes the level leaves the pointer over an item of
///   the new one: while the pointer stays within `Dwell.tolerance` of
///   where it ran, that visit counts as spent, so a pointer that stays
///   put does not run that item too. Moving to another item dwells again.
/// - Only the open menu dwells: not while it opens, changes level or
///   closes.
/// - The item rested on shows the focus ring while its time runs (unless
///   the keys show the focus): the menu's images are drawn ahead by a
///   child, so the ring does not fill as the button's does.
extension MenuController {
    /// The pointer's rest on item `index` of the level at `path`.
    struct ItemDwell: Sendable, Equatable {
        var path: [String]
        var index: Int
        var rest: Dwell
        /// Where a dwell ran an item, which the next level's visit there does not repeat.
        var ranAt: Point?
    }

    /// The pointer at `point` (nil: off the surface); `entered`: it just
    /// came onto the surface there, which is not a move (`Dwell`).
    mutating func pointer(at point: Point?, entered: Bool = false, now: Double) -> [MenuEffect] {
        let ringBefore = scene?.ring
        defer { redrawIfRingMoved(from: ringBefore) }
        guard case .open(let shown, _) = phase, let point,
            case .item(let index) = shown.images.layout.touch(at: point), shown.source.dwell > 0
        else {
            if case .open = phase { dwelling = nil }
            return []
        }
        let path = shown.page.path
        if let current = dwelling, current.path == path, current.index == index {
            dwelling?.rest.moved(to: point, now: now)
            return []
        }
        var rest = Dwell(seconds: shown.source.dwell)
        if entered { rest.entered(at: point) } else { rest.moved(to: point, now: now) }
        // The level a dwell opened: the pointer that stayed is not visiting afresh.
        let ranAt = dwelling.flatMap { $0.path != path ? $0.ranAt : nil }
        if let ranAt, ranAt.distance(to: point) <= Dwell.tolerance { rest.spend() }
        dwelling = ItemDwell(path: path, index: index, rest: rest, ranAt: ranAt)
        return []
    }

    /// Runs the item rested on, if its time has come.
    mutating func dwellDue(at now: Double) -> [MenuEffect] {
        guard var current = dwelling else { return [] }
        let ringBefore = scene?.ring
        defer { redrawIfRingMoved(from: ringBefore) }
        let fired = current.rest.fire(at: now)
        if let fired { current.ranAt = fired }
        dwelling = current
        guard let point = fired, case .open(let shown, _) = phase,
            shown.page.path == current.path
        else { return [] }
        // In edit mode a rest is a tap on the row, as the editor takes one.
        if isEditing, let edited = editInput(.release(at: point), now: now) { return edited }
        return release(at: point, now: now)
    }

    /// The item whose rest is running on `shown`'s level, if one is.
    func restingItem(of shown: ShownMenu) -> Int? {
        guard let dwelling, dwelling.path == shown.page.path, dwelling.rest.isRunning else { return nil }
        return dwelling.index
    }

    /// The open menu is drawn again when the ring moved to, off or onto an item.
    private mutating func redrawIfRingMoved(from before: Int?) {
        guard case .open(var shown, let since) = phase, scene?.ring != before else { return }
        shown.dirty = true
        phase = .open(shown, since: since)
    }
}

/// What the one menu is doing, and for which button: the decisions about
/// who opens, closes or drops it. `MenuController` derives it from its phase
/// and carries out the steps; the decisions are here, so that each has a table row.
public enum MenuOwnership<Owner: Equatable & Sendable>: Equatable, Sendable {
    case closed
    /// Asked to open from this button; its images are not drawn yet.
    case opening(Owner)
    case open(Owner)
    /// Folding away: it takes no input, and a new menu may open meanwhile.
    case closing(Owner)

    /// One thing the shell does to the menu, in order.
    public enum Step: Equatable, Sendable {
        /// Fold the open menu away.
        case close
        /// Stop it opening, and answer those waiting with `why`.
        case cancelOpening(why: String)
        /// Take it off the screen at once: its surface is gone.
        case drop
        /// Open the requester's menu.
        case open
    }

    private var owner: Owner? {
        switch self {
        case .closed: nil
        case .opening(let owner), .open(let owner), .closing(let owner): owner
        }
    }

    /// A gesture's "menu" action or `buoy msg menu` from `requester`: its own
    /// menu closes (or stops opening); another button's closes first, and
    /// then the requester's opens.
    public func toggle(from requester: Owner) -> [Step] {
        switch self {
        case .closed, .closing: return [.open]
        case .open(let owner): return owner == requester ? [.close] : [.close, .open]
        case .opening(let owner):
            return owner == requester
                ? [.cancelOpening(why: "asked again")]
                : [.cancelOpening(why: "another button's menu was asked for"), .open]
        }
    }

    /// A reload gave `button` other menu items or another look: a menu open or
    /// opening from it goes, so that no item the running config no longer has
    /// can run.
    public func reloaded(_ button: Owner, menuChanged: Bool) -> [Step] {
        guard menuChanged, owner == button else { return [] }
        switch self {
        case .opening: return [.cancelOpening(why: "the config was reloaded")]
        case .open: return [.close]
        case .closed, .closing: return []
        }
    }

    /// `button`'s surface was made again (the compositor closed it, or its
    /// output went away): the menu on the old one goes with it.
    public func surfaceGone(of button: Owner) -> [Step] {
        switch self {
        case .open(let owner), .closing(let owner): return owner == button ? [.drop] : []
        case .closed, .opening: return []
        }
    }
}

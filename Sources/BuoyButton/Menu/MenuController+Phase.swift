import BuoyCore

extension MenuController {
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
    struct ShownMenu: Sendable {
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
    /// Indirect: its menus are kilobytes, which a switch over the phase
    /// copied onto the stack inline (`jobs` had a 15.5 KiB frame).
    indirect enum Phase: Sendable {
        case closed
        /// Nothing on screen yet; a child draws it.
        case preparing(Opening)
        /// Opening since `since`, then open: it takes input and keys.
        case open(ShownMenu, since: Double)
        /// Folding away since `since`; gone when that animation ends.
        case closing(ShownMenu, since: Double)
        /// Folding `closing` away while a child draws the next.
        case reopening(Opening, closing: ShownMenu, since: Double)
    }

    /// One level of one button's menu, as drawn ahead of time.
    struct PageKey: Hashable, Sendable {
        var owner: InstanceKey
        var path: [String]
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

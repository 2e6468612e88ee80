import BuoyConfig
import BuoyCore

/// What a button's menu is made from: its `[menu]` (with its submenus) and
/// the button's colour, which its focus ring takes.
public struct MenuSource: Sendable, Equatable {
    /// The menu, its submenus included.
    public var menu: Menu
    /// The button's colour.
    public var buttonColor: Color
    /// Seconds the pointer rests on an item before that runs it (`Dwell`);
    /// 0 is off. The menu's own `dwell`, or its button's.
    public var dwell: Double
    /// What edit mode edits, where `[menu] edit` is "touch" (`MenuEditContext`).
    public var editing: MenuEditContext?
    /// The app in front, when its `show_for` and `hide_for` took items out
    /// of `menu`: `.some(nil)` when no window is in front.
    public var hiddenFor: String??

    /// `menu` for a button of `buttonColor`.
    public init(
        menu: Menu, buttonColor: Color, dwell: Double = 0, editing: MenuEditContext? = nil,
        hiddenFor: String?? = nil
    ) {
        self.menu = menu
        self.buttonColor = buttonColor
        self.dwell = dwell
        self.editing = editing
        self.hiddenFor = hiddenFor
    }

    /// Why it has no item to show: none configured, or every one hidden
    /// for the app in front (which `buoy msg menu` names).
    var noItems: String {
        switch hiddenFor {
        case nil: "no [[menu.item]] is configured"
        case .some(let app?): "every [[menu.item]] is hidden for \(app) (show_for, hide_for)"
        case .some(nil): "every [[menu.item]] is hidden while no window is in front (show_for)"
        }
    }

    /// Whether `other` shows what this shows: the same menu, colour, dwell
    /// and edit mode, whatever its picker offers. The picker's applications
    /// are found after edit mode first builds the menu, and a reload must
    /// not close a menu over them.
    func showsTheSame(as other: MenuSource) -> Bool {
        var mine = self
        var theirs = other
        mine.editing?.catalog = []
        theirs.editing?.catalog = []
        return mine == theirs
    }

    /// The level at `path`; nil if `path` names a submenu it does not have.
    public func page(at path: [String]) -> MenuPage? {
        MenuPage(menu, buttonColor: buttonColor, path: path)
    }
}

/// A child's work for the menu: drawing `page`'s images for `anchor`.
public struct MenuJob: Sendable, Equatable {
    /// Also the id of the images it draws (`MenuImages.id`).
    public var id: Int
    /// The button whose menu it is.
    public var owner: InstanceKey
    /// The level it draws.
    public var page: MenuPage
    /// Where it is laid out for.
    public var anchor: MenuAnchor
    /// When it is given up: the child is killed.
    public var deadline: Double
    /// Drawn ahead of time, for an opening to come.
    public var ahead: Bool
    /// What the `status` items show, by item: the last each said.
    public var statuses: [Int: MenuStatus]
    /// Set when only some items are drawn again (statuses came for them):
    /// the rest keep the images of job `base`, which this job's must match
    /// in layout to be used.
    public var partial: Partial? = nil

    /// The items a partial job draws, over the images of job `base`.
    public struct Partial: Sendable, Equatable {
        /// The job whose images the items not drawn keep.
        public var base: Int
        /// The items drawn.
        public var items: [Int]

        /// Items `items` drawn over job `base`'s images.
        public init(base: Int, items: [Int]) {
            self.base = base
            self.items = items
        }
    }

    /// Item `index`'s label as drawn: with its status as a second line
    /// once one is known.
    public func label(of index: Int) -> String {
        page.label(of: index, status: statuses[index])
    }
}

/// One page's images, in the buffers that job `id` drew, laid out for
/// `anchor` (where they may have moved since without a redraw).
public struct MenuImages: Sendable, Equatable {
    /// The job whose buffers hold them.
    public var id: Int
    /// Where each item is.
    public var layout: MenuLayout
    /// Where it is laid out for.
    public var anchor: MenuAnchor
    /// The statuses they show (`MenuJob.statuses`).
    public var statuses: [Int: MenuStatus]
}

/// An item chosen in the open menu.
public struct MenuChoice: Sendable, Equatable {
    /// The level it was on (`MenuPage.path`).
    public var path: [String]
    /// The item's place in its level.
    public var index: Int
    /// Its label.
    public var label: String

    /// Item `index` of the level at `path`, labelled `label`.
    public init(path: [String], index: Int, label: String) {
        self.path = path
        self.index = index
        self.label = label
    }
}

/// What became of a menu asked to open that did not.
public enum MenuOpeningEnd: Sendable, Equatable {
    /// It could not be drawn or shown: why.
    case failed(String)
    /// Stopped before it opened: why (asked again, dragged, reloaded).
    case cancelled(String)
    /// Its button went away.
    case dropped
}

/// A button whose menu is to be drawn ahead of time.
public struct MenuPreparation: Sendable, Equatable {
    /// The button whose menu it is.
    public var owner: InstanceKey
    /// Its menu.
    public var source: MenuSource
    /// Where it would unfold; nil while the button is not on screen.
    public var anchor: MenuAnchor?

    /// `owner`'s menu from `source`, to unfold at `anchor`.
    public init(owner: InstanceKey, source: MenuSource, anchor: MenuAnchor?) {
        self.owner = owner
        self.source = source
        self.anchor = anchor
    }
}

/// What drives the menu, besides the clock.
public enum MenuInput: Sendable, Equatable {
    /// A gesture's "menu" action, or `buoy msg menu [NAME]`: open `InstanceKey`'s
    /// menu at `path`, or close it if it is open (or opening).
    case toggle(InstanceKey, MenuSource, path: [String], anchor: MenuAnchor?, visible: Bool)
    /// Where `InstanceKey`'s menu unfolds from now; nil while it is not on screen.
    case moved(InstanceKey, MenuAnchor?)
    /// The menus to have drawn ahead of time, and where each would unfold
    /// (nil: its button is not on screen); others are forgotten.
    case prepare([MenuPreparation])
    /// Job `id` drew its images; its labels measured `labels`, per item.
    case drawn(id: Int, labels: [Size])
    /// Job `id` could not start (why), or ended without its images (nil).
    case drawFailed(id: Int, couldNotStart: String?)
    /// A press on the open menu ended at `point` (layer-surface coordinates).
    case release(at: Point)
    /// A screen reader's activate on item `index` of the level on screen:
    /// a release on the middle of its target, as a pointer's click gives it.
    case activateItem(Int)
    /// The pointer is at `point` over the open menu's surface (layer-surface
    /// coordinates), or left it (nil): resting on an item runs it (`Dwell`).
    case pointer(at: Point?)
    /// The pointer came onto the open menu's surface at `point` (or the
    /// surface appeared under it): not a move, so no rest starts there
    /// until it moves (`Dwell`).
    case pointerEntered(at: Point)
    case key(MenuKey)
    /// In edit mode, this to the item on row `row` (a screen reader's action).
    case editRow(Int, MenuRowEdit)
    /// A press outside the menu (on another button, say), or `msg hide`.
    case close
    /// Another surface took the keyboard from the open menu: a lock screen
    /// (on sway 1.7 swaylock's input inhibitor takes it, and a client is
    /// told nothing else of the lock) or a launcher. The menu closes, as no
    /// key or press can reach it now.
    case keyboardLost
    /// Stop it opening: why.
    case cancelOpening(String)
    /// Take it off the screen at once (its button is going away or hiding),
    /// if it is `InstanceKey`'s, or whoever's if nil.
    case drop(InstanceKey?)
    /// buoy stops: the menus drawn ahead of time go too.
    case tearDown
    /// A reload gave `InstanceKey` this menu.
    case reloaded(InstanceKey, MenuSource)
    /// `InstanceKey`'s surface was made again (closed by the compositor, or its
    /// output went away): a menu shown on the old one goes with it.
    case surfaceGone(InstanceKey)
    /// The shell could not make the surfaces to show it.
    case surfacesFailed
    /// A frame is placed now: the animation steps.
    case frame
    /// The clock passed a deadline (`nextWake`): late children are given up.
    case tick
    /// What the `status` command of item `index` of `InstanceKey`'s level at
    /// `path` said (`MenuStatus.read`; nil: nothing, the last status stays).
    case status(InstanceKey, path: [String], index: Int, command: String, MenuStatus?)
    /// The shell ran the built-in action of `MenuChoice` (its tool was
    /// missing when the config was read), or found it still `missing`: a
    /// short note of what to install.
    case ranBuiltIn(InstanceKey, MenuChoice, missing: String?)
    /// A press began on the open menu at `point` (edit mode: a long press moves an item).
    case press(at: Point)
    /// The press moved to `point` (edit mode: an item being moved follows).
    case drag(to: Point)
    /// The last `.writeConfig` or `.undoConfigWrite` was written, or refused: why.
    case configWritten(refusal: String?)
    /// The picker's contents, as found (edit mode).
    case catalog([PickerGroup])
}

/// What the shell does for the menu.
public enum MenuEffect: Sendable, Equatable {
    /// It cannot open: why (the reply to whoever asked).
    case refused(String)
    /// `InstanceKey`'s menu starts opening: its button is told.
    case opening(InstanceKey)
    /// Start a child for this job; answer with `.drawn` or `.drawFailed`.
    case draw(MenuJob)
    /// The menu opened at `path`: it holds the keys and the button, and
    /// whoever asked is told.
    case opened(InstanceKey, path: [String])
    /// The open menu shows another level now.
    case navigated(InstanceKey, path: [String])
    /// It was asked to open and did not.
    case notOpened(InstanceKey, MenuOpeningEnd)
    /// The open menu went, `chosen` having been run, or `why` it was
    /// dropped: it gives back the keys and the button.
    case closed(InstanceKey, chosen: MenuChoice?, why: String?)
    /// Run this item's action, from `InstanceKey`. An item's keys come
    /// after the `.closed` that gives the window in front the keyboard back.
    case run(InstanceKey, MenuItem, MenuChoice)
    /// Edit mode changed `InstanceKey`'s menu: write this to the config
    /// file now, refusing if the file changed since it was read; answer
    /// `.configWritten`.
    case writeConfig(InstanceKey, ConfigEdit)
    /// Edit mode's Undo: put the config file back as it was before the last
    /// `.writeConfig` (a removal), refusing if the file changed since that
    /// write; answer `.configWritten`.
    case undoConfigWrite(InstanceKey)
    /// Edit mode began: find the applications its picker offers; answer
    /// `.catalog`.
    case findApplications
    /// Run these items' `status` commands, all at once, each for at most
    /// `MenuStatus.deadline`; answer each with `.status`.
    case checkStatus(InstanceKey, path: [String], [MenuStatusCheck])
    /// Worth a line in the log.
    case debug(String)
    case info(String)
    case warning(String)
}

/// One item's `status` command to run.
public struct MenuStatusCheck: Sendable, Equatable {
    /// The item's place in its level.
    public var index: Int
    /// Its `status` command line.
    public var command: String
    /// Whether its exit status says on or off.
    public var toggle: Bool
}

/// What to show of the menu in a frame.
public struct MenuScene: Sendable, Equatable {
    /// The button whose menu it is.
    public var owner: InstanceKey
    /// The images on screen.
    public var images: MenuImages
    /// Opening or closing, and since when.
    public var animation: MenuAnimation
    /// The item the focus ring is on; nil while it does not show.
    public var ring: Int?
}

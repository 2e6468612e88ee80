import BuoyCore

/// Everything buoy reads from its config file. Each section is a `[table]`
/// of the file; a missing key keeps its default.
public struct Config: Sendable, Equatable {
    /// `[button]`; the defaults when the file uses the `[[button]]` form.
    public var button: Button
    /// The top-level `[snap]`, `[gestures]`, `[actions]` and `[menu]`: what
    /// every button has unless its own sub-tables say otherwise.
    public var snap: Snap
    public var gestures: Gestures
    public var actions: Actions
    public var menu: Menu
    /// `[visibility]`: when buttons hide by themselves.
    public var visibility: VisibilityRules
    /// `[pointer]`: the pointer pad, when `{ action = "pointer" }` opens it.
    public var pointer = PointerPadConfig()
    /// Every button, in file order, with the top-level tables applied: one
    /// (named "main") for `[button]` or none, up to `Config.maxButtons` for
    /// `[[button]]`.
    public var buttons: [ButtonSpec]

    public static let maxButtons = 16

    /// The config file's size limit: far above any real config, low enough
    /// that a wrong path (a log, a binary) fails fast. `--check` refuses a
    /// longer file, and an edit never makes one.
    public static let fileSizeLimit = 1 << 20

    /// Without `buttons`, the one button these tables describe.
    public init(
        button: Button = Button(), snap: Snap = Snap(), gestures: Gestures = Gestures(),
        actions: Actions = Actions(), menu: Menu = Menu(), visibility: VisibilityRules = VisibilityRules(),
        buttons: [ButtonSpec]? = nil
    ) {
        self.button = button
        self.snap = snap
        self.gestures = gestures
        self.actions = actions
        self.menu = menu
        self.visibility = visibility
        self.buttons =
            buttons ?? [
                ButtonSpec(
                    button: button, snap: snap, gestures: gestures, actions: actions, menu: menu,
                    visibility: visibility)
            ]
    }

    /// What an empty config file means: one default button named "main".
    public static let defaults = Config()
}

/// One button as it will be shown: its `[button]` or `[[button]]` keys, and
/// the top-level tables overridden key by key by its own sub-tables
/// (`[button.snap]`, ...). Its `[[button.menu.item]]`s, if any, replace the
/// top-level items as a whole.
public struct ButtonSpec: Sendable, Equatable {
    public var button: Button
    public var snap: Snap
    public var gestures: Gestures
    public var actions: Actions
    public var menu: Menu
    public var visibility: VisibilityRules
    /// Where its menu's items are written: the top-level `[[menu.item]]`s, or
    /// its own `[[button.menu.item]]`s; nil where `--button` cannot name
    /// its table (a `[[button]]` after the first, without a `name`).
    public var itemList: ItemList? = ItemList()
    /// `actions` as the file writes them, where the shell has turned built-in
    /// actions into their tools' commands (`Config.resolvingBuiltIns`).
    var unresolvedActions: Actions?

    /// Its actions as the file writes them: a built-in action by its name,
    /// not its tool's command line (edit mode shows its label).
    public var writtenActions: Actions { unresolvedActions ?? actions }

    /// Unique among a config's buttons.
    public var name: String { button.name }

    /// Seconds the pointer rests on a menu item before that runs it: the
    /// menu's `dwell`, or, when that is 0, the button's.
    public var menuDwell: Double { menu.dwell > 0 ? menu.dwell : button.dwell }

    public init(
        button: Button = Button(), snap: Snap = Snap(), gestures: Gestures = Gestures(),
        actions: Actions = Actions(), menu: Menu = Menu(), visibility: VisibilityRules = VisibilityRules()
    ) {
        self.button = button
        self.snap = snap
        self.gestures = gestures
        self.actions = actions
        self.menu = menu
        self.visibility = visibility
    }

    /// Whether the two show the same button, whichever list the file
    /// writes its items in and whatever its built-in actions resolved to
    /// (edit mode's to know, not the button's).
    public static func == (lhs: ButtonSpec, rhs: ButtonSpec) -> Bool {
        lhs.button == rhs.button && lhs.snap == rhs.snap && lhs.gestures == rhs.gestures
            && lhs.actions == rhs.actions && lhs.menu == rhs.menu && lhs.visibility == rhs.visibility
    }
}

/// `[button] output`: which outputs a button shows on.
public enum OutputChoice: Sendable, Equatable {
    /// Unset: the one the compositor chooses.
    case compositorsChoice
    /// The output with this connector name.
    case named(String)
    /// `"*"`: one instance of the button on every output.
    case every
    /// `"focused"`: the output of the focused window, following it.
    case focused
}

/// `[button]` or one `[[button]]`: the floating button itself.
public struct Button: Sendable, Equatable {
    /// `[a-z0-9_-]{1,32}`; "main" for `[button]` and the first `[[button]]`,
    /// "button-N" for the Nth otherwise.
    public var name: String
    /// Diameter in logical pixels, 16...512.
    public var size: Double
    /// Where the button rests at start.
    public var position: Placement
    /// Gap to the output's edge in logical pixels, 0...500.
    public var margin: Double
    public var color: Color
    /// The colour of the default glyph, of a label's text and of a symbolic
    /// icon (`glyph_color`): white, slightly translucent, by default.
    public var glyphColor: Color
    public var draggable: Bool
    /// Whether a drag shows the remove target, and a drop on it removes the button until Undo,
    /// `buoy msg show` or a restart.
    public var removable: Bool
    /// Opacity while in use, 0...1.
    public var opacity: Double
    /// Opacity after `idleDelay` without input, 0...1 (`idle_opacity`).
    public var idleOpacity: Double
    /// Seconds without input before fading to `idleOpacity`, 0...60 (`idle_delay`).
    public var idleDelay: Double
    /// Seconds a fade between opacities takes, 0...5.
    public var fade: Double
    /// Whether the button tucks half out of view at the edge when idle.
    public var tuck: Bool
    /// When a press asks feedbackd for a vibration (`feedback`).
    public var feedback: HapticFeedback
    public var output: OutputChoice
    /// `shape`, with `corner_radius` (0...256) for `.rounded`.
    public var shape: ButtonShape
    /// `icon` or `label`; the ring-and-dot glyph without either.
    public var face: ButtonFace
    /// The fill of a badge (`buoy msg badge`) and of its text (`badge_color`,
    /// `badge_text_color`).
    public var badgeColor: Color
    public var badgeTextColor: Color
    /// Whether the badge fades with the button (`badge_fades`); by default
    /// it stays at full opacity, so that a count stays readable.
    public var badgeFades: Bool
    /// Seconds the pointer rests on the button before that taps it (`dwell`),
    /// for those who point with their head or eyes; 0 is off.
    public var dwell: Double
    /// What a screen reader calls it (`accessible_name`), up to
    /// `maxAccessibleName` characters; nil: its label, else what tap does.
    public var accessibleName: String? = nil

    /// The longest `accessible_name`, in characters.
    public static let maxAccessibleName = 128

    /// The corner radius of `shape = "rounded"` without `corner_radius`.
    static let defaultCornerRadius: Double = 14

    /// The name of the button at `index` (from 0) that writes none.
    static func defaultName(at index: Int) -> String {
        index == 0 ? "main" : "button-\(index + 1)"
    }

    public init(
        name: String = "main", size: Double = ButtonShape.defaultSize, position: Placement = .right,
        margin: Double = 8,
        color: Color = Color(red: 0x35 / 255, green: 0x84 / 255, blue: 0xE4 / 255),
        draggable: Bool = true, removable: Bool = true, opacity: Double = 1, idleOpacity: Double = 0.4,
        idleDelay: Double = 1.5, fade: Double = 0.3, tuck: Bool = false, feedback: HapticFeedback = .auto,
        output: OutputChoice = .compositorsChoice,
        shape: ButtonShape = .circle, glyphColor: Color = Button.defaultGlyphColor, face: ButtonFace = .glyph,
        badgeColor: Color = Button.defaultBadgeColor, badgeTextColor: Color = Button.defaultBadgeTextColor,
        badgeFades: Bool = false, dwell: Double = 0
    ) {
        self.name = name
        self.size = size
        self.position = position
        self.margin = margin
        self.color = color
        self.draggable = draggable
        self.removable = removable
        self.opacity = opacity
        self.idleOpacity = idleOpacity
        self.idleDelay = idleDelay
        self.fade = fade
        self.tuck = tuck
        self.feedback = feedback
        self.output = output
        self.shape = shape
        self.glyphColor = glyphColor
        self.face = face
        self.badgeColor = badgeColor
        self.badgeTextColor = badgeTextColor
        self.badgeFades = badgeFades
        self.dwell = dwell
    }

    /// "#ffffffeb".
    public static let defaultGlyphColor = Color(red: 1, green: 1, blue: 1, alpha: 235 / 255)
    /// "#e01b24", GNOME's red, under "#ffffff": 4.8:1, above WCAG's 4.5 for text.
    public static let defaultBadgeColor = Color(red: 0xE0 / 255, green: 0x1B / 255, blue: 0x24 / 255)
    public static let defaultBadgeTextColor = Color(red: 1, green: 1, blue: 1)
}

/// `[snap]`: where the button goes when released.
public struct Snap: Sendable, Equatable {
    public var to: SnapMode
    /// Seconds the snapping animation takes, 0...5.
    public var duration: Double

    public init(to: SnapMode = .edge, duration: Double = 0.25) {
        self.to = to
        self.duration = duration
    }
}

/// `[gestures]`: how pointer and touch input is told apart.
public struct Gestures: Sendable, Equatable {
    /// Logical pixels a press may move before it is a drag, 0...100 (`drag_threshold`).
    public var dragThreshold: Double
    /// Seconds within which a second tap makes a double tap, 0...5 (`double_tap_window`).
    public var doubleTapWindow: Double
    /// Seconds a press must be held to be a long press, 0...5 (`long_press_delay`).
    public var longPressDelay: Double
    /// `drag_threshold` for a touch press, 0...100 (`touch_drag_threshold`).
    public var touchDragThreshold: Double
    /// `double_tap_window` after a touch, 0...5 (`touch_double_tap_window`).
    public var touchDoubleTapWindow: Double
    /// Seconds a click type stays armed without a tap, 1...60 (`click_timeout`).
    public var clickTimeout: Double

    public init(
        dragThreshold: Double = 6, doubleTapWindow: Double = 0.25, longPressDelay: Double = 0.5,
        touchDragThreshold: Double = 8, touchDoubleTapWindow: Double = 0.3, clickTimeout: Double = 5
    ) {
        self.dragThreshold = dragThreshold
        self.doubleTapWindow = doubleTapWindow
        self.longPressDelay = longPressDelay
        self.touchDragThreshold = touchDragThreshold
        self.touchDoubleTapWindow = touchDoubleTapWindow
        self.clickTimeout = clickTimeout
    }
}

/// What a gesture does.
public enum Action: Sendable, Equatable {
    /// Run this shell command line.
    case command(String)
    /// Open the button's menu (its `[[button.menu.item]]`s, else the `[[menu.item]]`s);
    /// written `"menu"` in the file.
    case menu
    /// One of buoy's own (`{ action = "NAME" }`, a menu item's `action`). The
    /// shell turns it into the `command` of its tool when the config is read;
    /// one left is one whose tool was not found then.
    case builtIn(BuiltInAction)
    /// Arm this click type for the next tap anywhere (`{ action =
    /// "right-click" }` and the like): buoy itself delivers it.
    case click(ClickType)
    /// Open or close the pointer pad (`{ action = "pointer" }`, `PointerAction`).
    case pointer
    /// Open this submenu in place of the menu's items: a menu item's
    /// `submenu`, naming a `[submenu.NAME]`.
    case submenu(String)
    /// Go up one level of the open menu: a submenu's last item, Back, which
    /// buoy adds (a file cannot write it).
    case back
    /// Send these keys, in order, to the focused window (`{ keys = "ctrl+z" }`).
    case keys([KeyChord])
}

/// `[actions]`: what each gesture does; nil does nothing.
public struct Actions: Sendable, Equatable {
    public var tap: Action?
    /// `double_tap`
    public var doubleTap: Action?
    /// `long_press`
    public var longPress: Action?
    /// `swipe_up`, `swipe_down`, `swipe_left`, `swipe_right`: a flick that
    /// way. Unset, a flick that way is a drag.
    public var swipeUp: Action?
    public var swipeDown: Action?
    public var swipeLeft: Action?
    public var swipeRight: Action?
    /// How many commands may run at once, 1...64 (`max_running`).
    public var maxRunning: Int

    public init(
        tap: Action? = nil, doubleTap: Action? = nil, longPress: Action? = nil, swipeUp: Action? = nil,
        swipeDown: Action? = nil, swipeLeft: Action? = nil, swipeRight: Action? = nil, maxRunning: Int = 8
    ) {
        self.tap = tap
        self.doubleTap = doubleTap
        self.longPress = longPress
        self.swipeUp = swipeUp
        self.swipeDown = swipeDown
        self.swipeLeft = swipeLeft
        self.swipeRight = swipeRight
        self.maxRunning = maxRunning
    }

    /// Whether a gesture opens the menu.
    public var opensMenu: Bool {
        Self.gestures.contains { self[keyPath: $0] == .menu }
    }

    /// Every gesture's action.
    static var gestures: [WritableKeyPath<Actions, Action?>] { ButtonGesture.allCases.map { \.[$0] } }

    /// The action configured for a gesture: the one map from a gesture to its key's property.
    public subscript(gesture: ButtonGesture) -> Action? {
        get {
            switch gesture {
            case .tap: return tap
            case .doubleTap: return doubleTap
            case .longPress: return longPress
            case .swipeUp: return swipeUp
            case .swipeDown: return swipeDown
            case .swipeLeft: return swipeLeft
            case .swipeRight: return swipeRight
            }
        }
        set {
            switch gesture {
            case .tap: tap = newValue
            case .doubleTap: doubleTap = newValue
            case .longPress: longPress = newValue
            case .swipeUp: swipeUp = newValue
            case .swipeDown: swipeDown = newValue
            case .swipeLeft: swipeLeft = newValue
            case .swipeRight: swipeRight = newValue
            }
        }
    }
}

/// One `[[menu.item]]`.
public struct MenuItem: Sendable, Equatable {
    public var label: String
    /// An icon name looked up in the icon theme, or a path.
    public var icon: String?
    /// What choosing it runs: its `command`, or its built-in `action`.
    public var action: Action
    /// Whether the menu stays open after it runs (`keep_open`).
    public var keepOpen: Bool
    /// A command run when the item shows, whose first line of output shows
    /// under its label (`status`).
    public var status: String?
    /// Whether `status`'s exit status draws the item on (0) or off (`toggle`).
    public var toggle: Bool
    /// `show_for` and `hide_for`: the focused window's app ids it shows for.
    public var apps: AppRule

    public init(
        label: String, icon: String? = nil, action: Action, keepOpen: Bool = false, status: String? = nil,
        toggle: Bool = false, apps: AppRule = AppRule()
    ) {
        self.label = label
        self.icon = icon
        self.action = action
        self.keepOpen = keepOpen
        self.status = status
        self.toggle = toggle
        self.apps = apps
    }

    /// An item that runs a shell command line.
    public init(label: String, icon: String? = nil, command: String, keepOpen: Bool = false) {
        self.init(label: label, icon: icon, action: .command(command), keepOpen: keepOpen)
    }

    /// `builtIn`'s item, its label and icon, running `command`.
    init(_ builtIn: BuiltInAction, command: String) {
        self.init(label: builtIn.label, icon: builtIn.icon, command: command, keepOpen: builtIn.keepOpen)
    }
}

/// `[menu]`: the radial menu that `"menu"` actions open.
public struct Menu: Sendable, Equatable {
    /// At most `Menu.maxItems`, in file order.
    public var items: [MenuItem]
    /// Diameter of an item in logical pixels, 16...256 (`item_size`).
    public var itemSize: Double
    /// `icon_theme`; nil for none (only hicolor and Adwaita are searched).
    public var iconTheme: String?
    /// Seconds the menu takes to open, 0...5 (`open_duration`).
    public var openDuration: Double
    /// Seconds the menu takes to close, 0...5 (`close_duration`).
    public var closeDuration: Double
    /// How much to darken the screen behind the open menu, 0...0.6.
    public var dim: Double
    /// Gap between items in logical pixels, 0...100.
    public var spacing: Double
    /// The least height of an item's row, a finger's target, in logical
    /// pixels, 16...256 (`row_height`).
    public var rowHeight: Double
    /// The labels' font, a Pango font description such as "Sans 13" or
    /// "Noto Sans Bold 11" (`font`).
    public var font: String
    /// `layout`: a column beside the button, or a panel.
    public var layout: MenuLayout.Kind
    /// `background`, `label_color`, `label_background`, `focus_color`.
    public var colors: MenuColors
    /// `[submenu.NAME]`s, by name: what an item's `submenu` opens.
    public var submenus: [String: Submenu]
    /// Seconds the pointer rests on an item before that runs it (`dwell`);
    /// 0 takes the button's `dwell`.
    public var dwell: Double
    /// `edit`: what the Edit entry does; nil lets the session decide
    /// (`MenuEditing.sessionDefault`).
    public var edit: MenuEditing?

    /// Within what a panel shows (`MenuLayout.panelCapacity`), so that
    /// every menu can be a panel.
    public static let maxItems = 8

    public init(
        items: [MenuItem] = [], itemSize: Double = 40, iconTheme: String? = nil, openDuration: Double = 0.3,
        closeDuration: Double = 0.15, dim: Double = 0, spacing: Double = 12, rowHeight: Double = 48,
        font: String = "Sans 13", layout: MenuLayout.Kind = .column, colors: MenuColors = MenuColors(),
        submenus: [String: Submenu] = [:], dwell: Double = 0, edit: MenuEditing? = nil
    ) {
        self.items = items
        self.itemSize = itemSize
        self.iconTheme = iconTheme
        self.openDuration = openDuration
        self.closeDuration = closeDuration
        self.dim = dim
        self.spacing = spacing
        self.rowHeight = rowHeight
        self.font = font
        self.layout = layout
        self.colors = colors
        self.submenus = submenus
        self.dwell = dwell
        self.edit = edit
    }

    /// The submenus may nest this deep below the top level.
    public static let maxDepth = 3
    /// A submenu's items, Back not counted: with Back they fit a panel.
    public static var maxSubmenuItems: Int { maxItems - 1 }
}

/// `[submenu.NAME]`: items that a menu item's `submenu = "NAME"` opens in
/// place of the menu's, with Back added last.
public struct Submenu: Sendable, Equatable {
    /// `[[submenu.NAME.item]]`, at most `Menu.maxSubmenuItems`.
    public var items: [MenuItem]
    /// `layout`; nil lays it out as the menu it is opened from.
    public var layout: MenuLayout.Kind?

    public init(items: [MenuItem], layout: MenuLayout.Kind? = nil) {
        self.items = items
        self.layout = layout
    }
}

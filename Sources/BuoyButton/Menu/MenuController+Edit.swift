import BuoyConfig
import BuoyCore

/// Edit mode in the open menu (`[menu] edit = "touch"`, `MenuEditor`).
///
/// Decisions:
/// - The top level ends with an Edit entry (`MenuPage.editEntry`); choosing
///   it turns the open menu into the editor's screens. Each screen is a
///   level of the menu like any other: its rows are items, drawn by a
///   child, in a column that appears at once (no unfolding between screens).
/// - An item's circle is its "−" badge (`list-remove-symbolic`): a tap
///   there removes it, a tap on its label does nothing, and a long press
///   anywhere on its row picks it up to be dragged.
/// - A change is a `.writeConfig` effect, Undo an `.undoConfigWrite`; the
///   shell answers `.configWritten`. Undo's time is up at `nextWake`.
///   A reload of the button's menu keeps edit mode on the same screen with
///   the items the file now has, where a menu not in edit mode would close.
/// - Done goes back to the top level of the menu, showing the changes;
///   closing the menu (a press outside, Escape from the items) ends edit mode.
/// - With dwell, a rest on a row is a tap there: on an item's "−" it
///   removes it, on Done it leaves. A rest is used once, so the item that
///   moves under a pointer resting on is not removed too.
extension MenuController {
    /// The editor and the menu it edits.
    struct Editing: Sendable {
        var owner: InstanceKey
        var source: MenuSource
        var editor: MenuEditor
        /// A write was answered whose reload has not come yet: `source` is
        /// the file before it.
        var unread = false
        /// When Done was chosen while a write was unread: the top level
        /// shows once the file is read again, or `reloadWait` after.
        var leavingSince: Double?
    }

    /// How long Done waits for the file it wrote to be read again, in
    /// seconds: a config watch answers within a wakeup or two.
    public static let reloadWait = 1.0

    /// When Done stops waiting for the file to be read again.
    var leaveDeadline: Double? { editing?.leavingSince.map { $0 + Self.reloadWait } }

    /// Whether the menu shows edit mode (the screen may still be drawn).
    public var isEditing: Bool { editing != nil }

    /// The editor, while in edit mode: what its screen shows.
    public var editor: MenuEditor? { editing?.editor }

    /// The rows of the screen shown that are the menu's items, in order,
    /// while edit mode shows its items: a screen reader may remove or move them.
    public var editableRows: [Int] {
        guard let editor, case .open(let shown, _) = phase, shown.page.isEditScreen else { return [] }
        return editor.rows.indices.filter { if case .item = editor.rows[$0] { true } else { false } }
    }

    /// Edit mode begins, on the items screen.
    mutating func enterEditMode(from shown: ShownMenu, now: Double) -> [MenuEffect] {
        editing = Editing(owner: shown.owner, source: shown.source, editor: MenuEditor(editing: shown.source))
        return [.info("menu: edit mode"), .findApplications]
            + showEditScreen(byKey: shown.focusVisible, now: now)
    }

    /// Takes an input meant for edit mode; nil when not editing, or for
    /// the inputs the menu takes as always (children, frames, the clock).
    mutating func editInput(_ input: MenuInput, now: Double) -> [MenuEffect]? {
        guard let editing else { return nil }
        switch input {
        case .configWritten(let refusal):
            if refusal == nil { self.editing?.unread = true }
            return edit(.written(refusal: refusal), now: now)
        case .catalog(let groups): return edit(.catalog(groups), now: now)
        case .reloaded(let owner, let source) where owner == editing.owner:
            return reloadedWhileEditing(source, now: now)
        // A rest on a row is a tap there (`MenuController+Dwell`).
        case .pointer, .pointerEntered: return nil
        case .press, .release:
            // A real press or tap uses up the rest it met: the rows may move under it.
            dwelling?.rest.spend()
        case .drag, .key, .editRow: break
        default: return nil
        }
        let layout: MenuLayout
        switch phase {
        case .open(let shown, _) where shown.page.isEditScreen: layout = shown.images.layout
        // While a child draws a dragged item's next place, the rows stay where they are: the
        // screen it replaces still says which row the pointer is over, however long the child
        // takes on a loaded machine.
        case .reopening(_, let shown, _) where shown.page.isEditScreen && editing.editor.drag != nil:
            layout = shown.images.layout
        default:
            // Between other screens there are no rows to hit; a drag let go then drops its
            // item where it shows.
            guard case .release = input, editing.editor.drag != nil else { return [] }
            return edit(.release(row: nil, badge: false), now: now)
        }
        switch input {
        case .press(let point):
            return layout.hitTest(point).map { edit(.press(row: $0), now: now) } ?? []
        case .drag(let point): return edit(.over(row: layout.hitTest(point)), now: now)
        case .release(let point):
            switch layout.touch(at: point) {
            case .item(let row):
                return edit(.release(row: row, badge: layout.items[row].circle.contains(point)), now: now)
            case .backdrop: return edit(.release(row: nil, badge: false), now: now)
            // A drag let go off the menu still moves its item.
            case .outside where editing.editor.drag != nil:
                return edit(.release(row: nil, badge: false), now: now)
            case .outside: return close(now: now)
            }
        case .key(let key): return Self.editKey(key).map { edit(.key($0), now: now) } ?? []
        // What a tap on the "−" and a long press and drag do by touch.
        case .editRow(let row, .remove):
            guard case .item = editing.editor.rows[safe: row] else { return [] }
            return edit(.release(row: row, badge: true), now: now)
        case .editRow(let row, .moveUp): return edit(.move(row: row, by: -1), now: now)
        case .editRow(let row, .moveDown): return edit(.move(row: row, by: 1), now: now)
        default: return []
        }
    }

    /// The editor's next deadline (a press becoming a drag), if it is due at `now`.
    mutating func editTick(now: Double) -> [MenuEffect] {
        if let deadline = leaveDeadline, deadline <= now { return leaveEditMode(now: now, waited: true) }
        guard let wake = editing?.editor.nextWake, wake <= now else { return [] }
        return edit(.tick, now: now)
    }

    /// Passes `input` to the editor and carries out what it decides.
    private mutating func edit(_ input: MenuEditor.Input, now: Double) -> [MenuEffect] {
        guard var current = editing else { return [] }
        let decided = current.editor.handle(input, at: now)
        editing = current
        var effects: [MenuEffect] = []
        for effect in decided {
            switch effect {
            case .write(let change): effects.append(.writeConfig(current.owner, change))
            case .undoLastWrite: effects.append(.undoConfigWrite(current.owner))
            case .redraw:
                if let message = current.editor.message, message != MenuEditor.moveHint {
                    effects.append(.warning("menu: \(message)"))
                }
                effects += showEditScreen(byKey: current.editor.focused != nil, now: now)
            case .leave: effects += leaveEditMode(now: now)
            }
        }
        return effects
    }

    private mutating func reloadedWhileEditing(_ source: MenuSource, now: Double) -> [MenuEffect] {
        guard var current = editing else { return [] }
        current.source = source
        let context = source.editing ?? MenuEditContext(source.menu)
        current.editor.list = context.list
        current.editor.button = context.button
        current.unread = false
        editing = current
        let effects = edit(.reloaded(items: context.items, gestures: context.gestures), now: now)
        return current.leavingSince == nil ? effects : effects + leaveEditMode(now: now, waited: true)
    }

    /// Done: back to the menu's top level, as the file has it now: once
    /// the last write has been read again (a top level from the file before
    /// it would be closed by that reload), or `reloadWait` after Done.
    private mutating func leaveEditMode(now: Double, waited: Bool = false) -> [MenuEffect] {
        if !waited, var current = editing, current.unread {
            current.leavingSince = current.leavingSince ?? now
            editing = current
            return [.debug("menu: edit mode done once the file is read again")]
        }
        guard let current = editing, case .open(let shown, _) = phase else {
            editing = nil
            return []
        }
        editing = nil
        var top = shown
        top.source = current.source
        return [.info("menu: edit mode done")] + go(to: [], from: top, byKey: shown.focusVisible, now: now)
    }

    /// Shows the editor's screen in place of what the menu shows.
    private mutating func showEditScreen(byKey: Bool, now: Double) -> [MenuEffect] {
        guard let current = editing else { return [] }
        let page = MenuPage(
            editing: current.editor, menu: current.source.menu, buttonColor: current.source.buttonColor)
        let target = Target(
            owner: current.owner, source: current.source, page: page, showFocus: byKey, held: true,
            focus: current.editor.focused)
        guard let anchor = anchors[current.owner] else { return [] }
        return begin(target, at: anchor, now: now)
    }

    private static func editKey(_ key: MenuKey) -> MenuEditor.Key? {
        switch key {
        case .up, .left, .previous: .up
        case .down, .right, .next: .down
        case .activate: .activate
        case .dismiss, .back: .dismiss
        case .delete: .delete
        }
    }
}

extension MenuEditor {
    /// Edit mode as it begins for `source`'s menu: on its items screen.
    init(editing source: MenuSource) {
        let context = source.editing ?? MenuEditContext(source.menu)
        self.init(
            items: context.items, gestures: context.gestures, list: context.list,
            button: context.button, longPressDelay: context.longPressDelay)
        groups = context.catalog
    }
}

extension MenuPage {
    /// The screen that edit mode begins on, and the picker's groups, for
    /// `source`: drawn ahead of time with the menu's levels, so that Edit and
    /// "+" show them at once. None where `[menu] edit` is not "touch".
    static func editAhead(_ source: MenuSource) -> [MenuPage] {
        guard source.menu.edit == .touch else { return [] }
        let items = MenuEditor(editing: source)
        var picker = items
        picker.screen = .groups(.newItem)
        return [items, picker].map {
            MenuPage(editing: $0, menu: source.menu, buttonColor: source.buttonColor)
        }
    }

    /// The first name on the path of edit mode's screens, which no
    /// `[submenu.NAME]` can have.
    static let editMarker = "\u{1}edit"

    /// The path of edit mode's `screen`: one per screen, so that each is
    /// drawn (and drawn ahead) on its own.
    public static func editPath(_ screen: MenuEditor.Screen) -> [String] {
        let name =
            switch screen {
            case .items: "items"
            case .groups(.newItem): "groups"
            case .groups(.gesture(let gesture)): "groups for \(gesture.rawValue)"
            case .choices(.newItem, let group): "group \(group)"
            case .choices(.gesture(let gesture), let group): "group \(group) for \(gesture.rawValue)"
            case .button: "button"
            case .gesture(let gesture): gesture.rawValue
            }
        return [editMarker, name]
    }

    /// What `buoy msg subscribe` says of the level shown at `path`: edit
    /// mode's screen by its name, a level of the menu by its submenus.
    public static func shownEvent(_ path: [String]) -> ButtonEvent.Kind {
        guard path.first == editMarker, let screen = path.last else { return .menuOpened(path: path) }
        return .editMode(screen: screen)
    }

    /// Whether it is one of edit mode's screens.
    public var isEditScreen: Bool { path.first == Self.editMarker }

    /// The top level's last item where `[menu] edit` is "touch".
    public static let editEntry = MenuItem(
        label: "Edit", icon: "document-edit-symbolic", action: .submenu(editMarker))

    /// `editor`'s screen as a level of `menu`: its rows as items (an item's
    /// circle its "−" badge), in a column, shown at once.
    init(editing editor: MenuEditor, menu: Menu, buttonColor: Color) {
        var settings = menu
        settings.layout = .column
        settings.openDuration = 0
        settings.closeDuration = 0
        let message = editor.message.map {
            let icon = $0 == MenuEditor.moveHint ? "dialog-information-symbolic" : "dialog-warning-symbolic"
            return [MenuItem(label: $0, icon: icon, action: .back)]
        }
        path = Self.editPath(editor.screen)
        items =
            editor.rowsAsDragged.map { row in
                let entry = editor.entry(of: row)
                return MenuItem(
                    label: entry.label, icon: editor.hasBadge(row) ? "list-remove-symbolic" : entry.icon,
                    action: .back)
            } + (message ?? [])
        self.settings = settings
        look = MenuLook(colors: menu.colors, buttonColor: buttonColor, font: menu.font)
        // The held item is drawn where it would go (`rowsAsDragged`), lifted.
        lifted = editor.drag.map(\.over)
    }
}

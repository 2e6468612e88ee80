import BuoyConfig
import BuoyCore

extension MenuEditor {
    /// The rows of the screen shown, top to bottom.
    public var rows: [Row] {
        switch screen {
        case .items:
            let add: Row = items.count < Menu.maxItems ? .add : .full
            return items.indices.map { .item($0) } + [add, .button, .done] + (undo == nil ? [] : [.undo])
        case .groups:
            return groups.indices.map { .group($0) } + [.back]
        case .choices(_, let group):
            let count = groups[safe: group]?.entries.count ?? 0
            let shown = firstChoice..<min(firstChoice + Self.choicesShown, count)
            return shown.map { .choice(group: group, $0) } + (count > Self.choicesShown ? [.more] : []) + [
                .back
            ]
        case .button:
            return Self.gestures.map { .gesture($0) } + [.done]
        case .gesture(let gesture):
            return [.gestureMenu(gesture), .gestureAction(gesture), .gestureNothing(gesture), .back]
        }
    }

    /// What `row` shows: its label and icon (an icon-theme name).
    public func entry(of row: Row) -> Entry {
        switch row {
        case .item(let index): return items[safe: index] ?? Entry(label: "")
        case .add: return Entry(label: "Add", icon: "list-add-symbolic")
        case .full: return Entry(label: Self.fullLabel, icon: "dialog-information-symbolic")
        case .button: return Entry(label: "Button", icon: "emblem-system-symbolic")
        case .done: return Entry(label: "Done", icon: "object-select-symbolic")
        case .back: return Entry(label: "Back", icon: Glyph.up.iconName)
        case .more: return Entry(label: "More", icon: "go-down-symbolic")
        case .group(let group): return Entry(label: groups[safe: group]?.title ?? "")
        case .choice(let group, let index):
            let choice = groups[safe: group]?.entries[safe: index]
            let label = choice?.label ?? ""
            let current: Bool
            var marks: [String] = []
            if case .choices(.gesture(let gesture), _) = screen {
                current = gestures[gesture] == .action(label)
            } else {
                current = false
                if items.contains(where: { $0.label == label }) { marks.append(Self.inTheMenu) }
            }
            if choice?.installed == false { marks.append(Self.notInstalled) }
            let marked = marks.isEmpty ? label : "\(label) (\(marks.joined(separator: ", ")))"
            return Entry(label: Self.marked(marked, current), icon: choice?.icon)
        case .gesture(let gesture):
            return Entry(
                label: "\(Self.title(of: gesture)): \((gestures[gesture] ?? .nothing).label)",
                icon: Glyph(gesture).iconName)
        case .gestureMenu(let gesture):
            return Entry(label: Self.marked("Menu", gestures[gesture] == .menu), icon: "open-menu-symbolic")
        case .gestureAction(let gesture):
            let current: Bool
            if case .action = gestures[gesture] { current = true } else { current = false }
            return Entry(label: Self.marked("An action…", current), icon: "list-add-symbolic")
        case .gestureNothing(let gesture):
            return Entry(
                label: Self.marked("Nothing", (gestures[gesture] ?? .nothing) == .nothing),
                icon: "action-unavailable-symbolic")
        case .undo: return Entry(label: "Undo", icon: "edit-undo-symbolic")
        }
    }

    /// What shows where "+" was when the menu is full (issue 43: the "+"
    /// just disappeared, and nothing said why).
    public static let fullLabel = "\(Menu.maxItems) of \(Menu.maxItems): remove one to add"

    /// What a tap on an item's label says (issue 43: nothing on screen
    /// told that a long press moves an item).
    public static let moveHint = "Hold an item, then drag it to move it"

    /// What the picker says after an item's label when the menu has one of
    /// that label already, and when none of its tools is here (issue 43).
    public static let inTheMenu = "in the menu"
    /// See `inTheMenu`.
    public static let notInstalled = "not installed"

    /// What marks the current choice in a list of them: after the label,
    /// so that an item without an icon keeps its initial (issue 43: nothing
    /// said which choice was in force).
    public static let currentMark = " ✓"

    /// `label`, marked as the choice in force if `current`.
    static func marked(_ label: String, _ current: Bool) -> String {
        current ? label + currentMark : label
    }

    /// Whether `row` shows a "−" badge that removes its item.
    public func hasBadge(_ row: Row) -> Bool {
        if case .item = row { return true }
        return false
    }

    /// The rows in the order drawn while an item is dragged: the dragged
    /// one where it would go.
    public var rowsAsDragged: [Row] {
        guard let drag, drag.from != drag.over else { return rows }
        var order = rows
        let dragged = order.remove(at: drag.from)
        order.insert(dragged, at: drag.over)
        return order
    }

    /// What each gesture of `actions` does, for the "Button" screen and
    /// for keeping a way into the menu.
    public static func whatGesturesDo(_ actions: Actions) -> [ButtonGesture: Does] {
        var does: [ButtonGesture: Does] = [:]
        for gesture in ButtonGesture.allCases {
            switch actions[gesture] {
            case nil: does[gesture] = .nothing
            case .menu: does[gesture] = .menu
            case .builtIn(let action): does[gesture] = .action(action.label)
            case .command(let command): does[gesture] = .action(command)
            case .keys, .click, .pointer, .submenu, .back: does[gesture] = .action("An action")
            }
        }
        return does
    }
}

extension Array {
    /// The element at `index`, or nil past either end.
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

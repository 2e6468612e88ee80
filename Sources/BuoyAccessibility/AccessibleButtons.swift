import BuoyButton
import BuoyConfig
import BuoyCore
import BuoyServices

/// One button instance as a screen reader sees it.
package struct AccessibleButtonFacts: Sendable, Equatable {
    /// `[button] accessible_name`.
    package var accessibleName: String?
    package var face: ButtonFace
    /// Each gesture with an action, in `ButtonGesture.allCases`' order.
    package var actions: [GestureAction]
    package var hidden: Bool
    /// Where it is on its output; nil while it is on none.
    package var extents: Rect?

    /// A gesture and what it does.
    package struct GestureAction: Sendable, Equatable {
        package var gesture: ButtonGesture
        package var action: Action

        package init(_ gesture: ButtonGesture, _ action: Action) {
            self.gesture = gesture
            self.action = action
        }
    }

    package init(
        accessibleName: String? = nil, face: ButtonFace = .glyph, actions: [GestureAction] = [],
        hidden: Bool = false, extents: Rect? = nil
    ) {
        self.accessibleName = accessibleName
        self.face = face
        self.actions = actions
        self.hidden = hidden
        self.extents = extents
    }
}

/// The open menu as a screen reader sees it.
package struct AccessibleMenuFacts: Sendable, Equatable {
    /// The index of the button it opened from.
    package var owner: Int
    /// The level shown.
    package var page: MenuPage
    /// Each item's place, in the owner's output coordinates.
    package var targets: [Rect]
    /// What the `status` items say, by item.
    package var statuses: [Int: MenuStatus]
    /// The item the keyboard focus is on.
    package var focused: Int?
    /// In edit mode, the rows that are the menu's items, in order: each
    /// may be removed or moved.
    package var editableRows: [Int]

    package init(
        owner: Int, page: MenuPage, targets: [Rect], statuses: [Int: MenuStatus] = [:], focused: Int? = nil,
        editableRows: [Int] = []
    ) {
        self.owner = owner
        self.page = page
        self.targets = targets
        self.statuses = statuses
        self.focused = focused
        self.editableRows = editableRows
    }
}

/// Everything the tree is built from, so that the shell can tell whether
/// anything changed before it builds.
package struct AccessibleFacts: Sendable, Equatable {
    /// In instance order.
    package var buttons: [AccessibleButtonFacts]
    package var menu: AccessibleMenuFacts?

    package init(buttons: [AccessibleButtonFacts], menu: AccessibleMenuFacts?) {
        self.buttons = buttons
        self.menu = menu
    }
}

/// Builds the `AccessibleTree` from the buttons and the open menu: a push
/// button per button, with the actions Android's floating button gives
/// TalkBack, and under its button the open menu with its items.
package enum AccessibleButtons {
    /// The menu's node id; its items are `item0`, `item1`, ...
    static let menuID = "menu"

    /// The tree for `buttons` (in instance order) and `menu`.
    package static func tree(buttons: [AccessibleButtonFacts], menu: AccessibleMenuFacts?) -> AccessibleTree {
        let ids = buttons.indices.map { "button" + decimal($0) }
        var nodes = [
            AccessibleNode(
                id: AccessibleNode.rootID, role: .application, name: "buoy", children: ids)
        ]
        for (index, button) in buttons.enumerated() {
            var states: AccessibleStates = [.enabled, .sensitive, .focusable]
            if !button.hidden { states.formUnion([.showing, .visible]) }
            let menuHere = menu?.owner == index
            nodes.append(
                AccessibleNode(
                    id: ids[index], role: .pushButton, name: name(of: button),
                    description: description(of: button),
                    states: states, extents: button.extents ?? Rect(x: 0, y: 0, width: 0, height: 0),
                    actions: actions(of: button, index: index), children: menuHere ? [menuID] : [],
                    parent: AccessibleNode.rootID))
        }
        if let menu, buttons.indices.contains(menu.owner) {
            nodes += menuNodes(menu, parent: ids[menu.owner])
        }
        return AccessibleTree(nodes: nodes)
    }

    /// `n` in decimal (`ASCIIDecimal`: no integer printing paged in).
    static func decimal(_ n: Int) -> String {
        String(decoding: ASCIIDecimal.digits(of: UInt(n)), as: UTF8.self)
    }

    /// `accessible_name`; else the face's label; else what tap does.
    static func name(of button: AccessibleButtonFacts) -> String {
        if let name = button.accessibleName { return name }
        if case .label(let text) = button.face { return text }
        guard let tap = button.actions.first(where: { $0.gesture == .tap }) else { return "buoy" }
        return "buoy: \(words(for: tap.action))"
    }

    /// Each gesture and what it does: "tap: open menu, long press: foot".
    static func description(of button: AccessibleButtonFacts) -> String {
        button.actions.map { "\($0.gesture.spokenName): \(words(for: $0.action))" }.joined(separator: ", ")
    }

    /// What an action does, in a few words: a command's program, a built-in's label.
    static func words(for action: Action) -> String {
        switch action {
        case .menu: return "open menu"
        case .builtIn(let builtIn): return builtIn.label
        case .submenu(let name): return name
        case .back: return "back"
        case .click(let type): return type.label
        case .pointer: return "pointer pad"
        case .keys(let chords): return "keys " + chords.map(\.text).joined(separator: ", ")
        case .command(let line):
            // Bytes, not `split`, whose grapheme code would be paged in for this alone.
            let program = line.utf8.split(separator: UInt8(ascii: " ")).first ?? line.utf8[...]
            let name = program.split(separator: UInt8(ascii: "/")).last ?? program
            return String(decoding: name, as: UTF8.self)
        }
    }

    /// `activate` (a tap), then each other gesture that is set, `open menu`
    /// where a gesture opens it, the four corners and `hide`.
    static func actions(of button: AccessibleButtonFacts, index: Int) -> [AccessibleAction] {
        var actions = [AccessibleAction("activate", description: "tap", command: .tap(button: index))]
        for entry in button.actions where entry.gesture != .tap {
            actions.append(
                AccessibleAction(
                    entry.gesture.spokenName, description: words(for: entry.action),
                    command: .gesture(button: index, name: entry.gesture.rawValue)))
        }
        if button.actions.contains(where: { $0.action == .menu }) {
            actions.append(AccessibleAction("open menu", command: .openMenu(button: index)))
        }
        for corner in Corner.allCases {
            actions.append(
                AccessibleAction("move to \(corner.rawValue)", command: .move(button: index, corner)))
        }
        actions.append(AccessibleAction("hide", command: .hide(button: index)))
        return actions
    }

    private static func menuNodes(_ menu: AccessibleMenuFacts, parent: String) -> [AccessibleNode] {
        let items = menu.page.items.indices.map { "item" + decimal($0) }
        let bounds = menu.targets.reduce(nil as Rect?) { union, rect in union.map { $0.union(rect) } ?? rect }
        var nodes = [
            AccessibleNode(
                id: menuID, role: .menu, name: "menu", states: [.enabled, .sensitive, .showing, .visible],
                extents: bounds, children: items, parent: parent)
        ]
        for (index, item) in menu.page.items.enumerated() {
            var states: AccessibleStates = [.enabled, .sensitive, .focusable, .showing, .visible]
            if menu.focused == index { states.insert(.focused) }
            var role = AccessibleNode.Role.menuItem
            if case .submenu = item.action { role = .menu }
            nodes.append(
                AccessibleNode(
                    id: items[index], role: role, name: item.label,
                    description: menu.statuses[index]?.text ?? "",
                    states: states,
                    extents: menu.targets.indices.contains(index)
                        ? menu.targets[index] : Rect(x: 0, y: 0, width: 0, height: 0),
                    actions: rowActions(menu, index), parent: menuID)
            )
        }
        return nodes
    }

    /// `activate`, as a press released on it; in edit mode an item's row
    /// has instead what touch does to it, `remove` and each move it can make.
    static func rowActions(_ menu: AccessibleMenuFacts, _ index: Int) -> [AccessibleAction] {
        guard let place = menu.editableRows.firstIndex(of: index) else {
            return [AccessibleAction("activate", command: .menuItem(index: index))]
        }
        let possible = MenuRowEdit.allCases.filter {
            switch $0 {
            case .remove: true
            case .moveUp: place > 0
            case .moveDown: place < menu.editableRows.count - 1
            }
        }
        return possible.map { AccessibleAction($0.rawValue, command: .editRow(index: index, $0)) }
    }
}

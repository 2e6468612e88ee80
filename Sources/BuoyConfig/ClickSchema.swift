import BuoyCore

extension SchemaReader {
    /// The click type `{ action = "right-click" }` (and a menu item's
    /// `action`) names, if it names one; any other name is a built-in
    /// action's, which `builtInAction` reads.
    func clickType(_ entry: TOMLEntry) -> ClickType? {
        guard case .string(let text) = entry.node.value else { return nil }
        return ClickType(actionName: text)
    }
}

extension Config {
    /// The click types the buttons' gestures and menu items arm, each once,
    /// in `ClickType`'s order: what `--check` and `buoy doctor` report on.
    public var clickTypes: [ClickType] {
        var used: Set<ClickType> = []
        for spec in buttons {
            let actions =
                Actions.gestures.compactMap { spec.actions[keyPath: $0] } + spec.menu.everyItem.map(\.action)
            for case .click(let type) in actions { used.insert(type) }
        }
        return ClickType.allCases.filter(used.contains)
    }

    /// The actions that click or move the pointer through a protocol of the
    /// compositor's: the click types' names, then `pointer` if a gesture or
    /// a menu item opens the pointer pad. What `--check` and `buoy doctor`
    /// report on.
    public var pointerActions: [String] {
        let pad = buttons.contains { spec in
            Actions.gestures.contains { spec.actions[keyPath: $0] == .pointer }
                || spec.menu.everyItem.contains { $0.action == .pointer }
        }
        return clickTypes.map(\.actionName) + (pad ? [PointerAction.name] : [])
    }
}

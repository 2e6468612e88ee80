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

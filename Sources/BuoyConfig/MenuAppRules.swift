import BuoyCore

/// A menu item's `show_for` and `hide_for` (`AppRule`), applied when the menu opens.
extension Menu {
    /// The menu as it opens while `focused` is the focused window's app
    /// id: the items whose rules show them, in its submenus too.
    public func showing(forApp focused: String?) -> Menu {
        var menu = self
        menu.items = items.filter { $0.apps.shows(forApp: focused) }
        menu.submenus = submenus.mapValues { submenu in
            Submenu(items: submenu.items.filter { $0.apps.shows(forApp: focused) }, layout: submenu.layout)
        }
        return menu
    }

    /// Whether an item's rules need the windows.
    public var needsWindows: Bool { everyItem.contains { $0.apps.needsWindows } }
}

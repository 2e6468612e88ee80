import BuoyConfig
import BuoyCore

/// One level of a button's menu: the top level, or a submenu reached by
/// `path`, with everything its images show.
public struct MenuPage: Sendable, Equatable {
    /// The submenus descended to reach it: [] for the top level.
    public var path: [String]
    /// Its items, in order; a submenu's last is `back`.
    public var items: [MenuItem]
    /// The menu it belongs to, with the layout this level is shown in.
    public var settings: Menu
    /// Its colours and font.
    public var look: MenuLook
    /// The item held and being moved in edit mode, drawn lifted (a deeper
    /// shadow); nil for none.
    public var lifted: Int?

    /// The item that ends every submenu, and goes up a level.
    public static let back = MenuItem(label: "Back", icon: Glyph.up.iconName, action: .back)

    /// `menu`'s level at `path`, for a button of `buttonColor`; nil if a name
    /// on `path` is not one of its submenus. A submenu is laid out as the
    /// level it opens from unless it names a layout.
    public init?(_ menu: Menu, buttonColor: Color, path: [String] = []) {
        var settings = menu
        var items = menu.items
        for name in path {
            guard let submenu = menu.submenus[name] else { return nil }
            items = submenu.items + [Self.back]
            settings.layout = submenu.layout ?? settings.layout
        }
        if path.isEmpty, menu.edit == .touch { items.append(Self.editEntry) }
        self.path = path
        self.items = items
        self.settings = settings
        look = MenuLook(colors: menu.colors, buttonColor: buttonColor, font: menu.font)
    }

    /// Every level that `menu` opens through its items, top first, each
    /// once, at the path it is first reached by (breadth first): what is
    /// drawn ahead of time.
    public static func reachable(in menu: Menu, buttonColor: Color) -> [MenuPage] {
        var pages: [MenuPage] = []
        var seen: Set<String> = []
        var queue: [[String]] = [[]]
        while !queue.isEmpty {
            let path = queue.removeFirst()
            guard let page = MenuPage(menu, buttonColor: buttonColor, path: path) else { continue }
            pages.append(page)
            for case .submenu(let name) in page.items.map(\.action)
            where path.count < Menu.maxDepth && seen.insert(name).inserted {
                queue.append(path + [name])
            }
        }
        return pages
    }

    /// Everything its layout at `anchor` depends on but the labels' sizes,
    /// which the drawing helper measures and lays it out from as buoy does.
    public func arrangement(at anchor: MenuAnchor) -> MenuArrangement {
        MenuArrangement(
            kind: settings.layout, button: anchor.button, usable: anchor.usable, count: items.count,
            itemSize: settings.itemSize, spacing: settings.spacing, minRowHeight: settings.rowHeight)
    }

    /// `items` laid out beside the button at `anchor`, their labels (per
    /// item) `labels` in size.
    public func layout(at anchor: MenuAnchor, labels: [Size]) -> MenuLayout {
        arrangement(at: anchor).arrange(labels: labels)
    }

    /// Item `index`'s label as drawn: `status`'s text under it, if any.
    public func label(of index: Int, status: MenuStatus?) -> String {
        guard let text = status?.text, !text.isEmpty else { return items[index].label }
        return items[index].label + "\n" + text
    }

    /// Its animation, opening or closing from `start`.
    func animation(opening: Bool, since start: Double) -> MenuAnimation {
        MenuAnimation(
            opening: opening, start: start, count: items.count, openDuration: settings.openDuration,
            closeDuration: settings.closeDuration)
    }
}

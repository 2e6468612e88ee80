/// What a key does in the open menu.
public enum MenuKey: Sendable, Equatable {
    /// Tab and Shift+Tab: along the items in reading order.
    case next, previous
    /// The arrow keys: in a column, along it (left is up, right is down);
    /// in a panel, across its grid.
    case up, down, left, right
    case activate, dismiss
    /// BackSpace: up a level of a submenu.
    case back
    /// Delete: in edit mode, removes the focused item.
    case delete
}

/// Keyboard navigation of the open menu: keysyms in, focus moves out.
public enum MenuNavigation {
    // xkbcommon keysyms (xkbcommon-keysyms.h); the core stays free of C.
    static let escape: UInt32 = 0xff1b
    static let backSpace: UInt32 = 0xff08
    static let delete: UInt32 = 0xffff
    static let returnKey: UInt32 = 0xff0d
    static let keypadEnter: UInt32 = 0xff8d
    static let space: UInt32 = 0x0020
    static let tab: UInt32 = 0xff09
    static let leftTab: UInt32 = 0xfe20  // Shift+Tab
    static let leftArrow: UInt32 = 0xff51
    static let upArrow: UInt32 = 0xff52
    static let rightArrow: UInt32 = 0xff53
    static let downArrow: UInt32 = 0xff54

    /// The menu action of a keysym, or nil for keys the menu ignores.
    public static func key(forKeysym keysym: UInt32) -> MenuKey? {
        switch keysym {
        case tab: return .next
        case leftTab: return .previous
        case upArrow: return .up
        case downArrow: return .down
        case leftArrow: return .left
        case rightArrow: return .right
        case returnKey, keypadEnter, space: return .activate
        case escape: return .dismiss
        case backSpace: return .back
        case delete: return .delete
        default: return nil
        }
    }

    /// The item focused after `key` from `focus` in `layout`. In a column
    /// every move goes along `visualOrder`, wrapping at the ends (up and
    /// left are previous). In a panel, next and previous go along the
    /// reading order; left and right along the row, wrapping within it;
    /// up and down to the row above or below, wrapping from the last row
    /// to the first, onto the item nearest across (a short last row is
    /// centred). With no focus yet, down, right and next start at the
    /// first item, the others at the last.
    public static func move(from focus: Int?, _ key: MenuKey, in layout: MenuLayout) -> Int? {
        let order = visualOrder(layout)
        let forward: Bool
        switch key {
        case .activate, .dismiss, .back, .delete: return focus
        case .next, .down, .right: forward = true
        case .previous, .up, .left: forward = false
        }
        guard layout.panel != nil, key != .next, key != .previous, let focus, order.contains(focus) else {
            return move(from: focus, forward ? .next : .previous, order: order)
        }
        let rows = rows(of: layout)
        guard let row = rows.firstIndex(where: { $0.contains(focus) }) else { return focus }
        switch key {
        case .left, .right:
            return move(from: focus, forward ? .next : .previous, order: rows[row])
        default:
            let target = rows[(row + (forward ? 1 : -1) + rows.count) % rows.count]
            let x = layout.items[focus].circle.center.x
            return target.min {
                abs(layout.items[$0].circle.center.x - x) < abs(layout.items[$1].circle.center.x - x)
            }
        }
    }

    /// The item focused after moving one step from `focus` along `order`
    /// (item indices top to bottom on screen), wrapping at the ends. With no
    /// focus yet, next starts at the top and previous at the bottom; every
    /// other key keeps the focus.
    public static func move(from focus: Int?, _ key: MenuKey, order: [Int]) -> Int? {
        guard !order.isEmpty else { return nil }
        let step: Int
        switch key {
        case .next: step = 1
        case .previous: step = -1
        case .up, .down, .left, .right, .activate, .dismiss, .back, .delete: return focus
        }
        guard let focus, let position = order.firstIndex(of: focus) else {
            return step > 0 ? order.first : order.last
        }
        return order[(position + step + order.count) % order.count]
    }

    /// Item indices in reading order: top to bottom by their circles'
    /// centres, and left to right within a row.
    public static func visualOrder(_ layout: MenuLayout) -> [Int] {
        layout.items.indices.sorted {
            let (a, b) = (layout.items[$0].circle.center, layout.items[$1].circle.center)
            return abs(a.y - b.y) > rowTolerance ? a.y < b.y : a.x < b.x
        }
    }

    /// Centres closer than this in y are on one row.
    private static let rowTolerance = 0.5

    /// The items row by row, each left to right.
    private static func rows(of layout: MenuLayout) -> [[Int]] {
        var rows: [[Int]] = []
        for index in visualOrder(layout) {
            if let last = rows.last?.last,
                abs(layout.items[last].circle.center.y - layout.items[index].circle.center.y) <= rowTolerance
            {
                rows[rows.count - 1].append(index)
            } else {
                rows.append([index])
            }
        }
        return rows
    }
}

/// What a key does in the open menu.
public enum MenuKey: Sendable, Equatable {
    case next, previous, activate, dismiss
}

/// Keyboard navigation of the open menu: keysyms in, focus moves out.
public enum MenuNavigation {
    // xkbcommon keysyms (xkbcommon-keysyms.h); the core stays free of C.
    static let escape: UInt32 = 0xff1b
    static let returnKey: UInt32 = 0xff0d
    static let keypadEnter: UInt32 = 0xff8d
    static let space: UInt32 = 0x0020
    static let tab: UInt32 = 0xff09
    static let leftTab: UInt32 = 0xfe20  // Shift+Tab
    static let left: UInt32 = 0xff51
    static let up: UInt32 = 0xff52
    static let right: UInt32 = 0xff53
    static let down: UInt32 = 0xff54

    /// The menu action of a keysym, or nil for keys the menu ignores.
    public static func key(forKeysym keysym: UInt32) -> MenuKey? {
        switch keysym {
        case down, right, tab: return .next
        case up, left, leftTab: return .previous
        case returnKey, keypadEnter, space: return .activate
        case escape: return .dismiss
        default: return nil
        }
    }

    /// The item focused after moving one step from `focus` along `order`
    /// (item indices top to bottom on screen), wrapping at the ends. With no
    /// focus yet, next starts at the top and previous at the bottom.
    public static func move(from focus: Int?, _ key: MenuKey, order: [Int]) -> Int? {
        guard !order.isEmpty else { return nil }
        let step: Int
        switch key {
        case .next: step = 1
        case .previous: step = -1
        case .activate, .dismiss: return focus
        }
        guard let focus, let position = order.firstIndex(of: focus) else {
            return step > 0 ? order.first : order.last
        }
        return order[(position + step + order.count) % order.count]
    }

    /// Item indices sorted top to bottom by their circles' centres.
    public static func visualOrder(_ layout: MenuLayout) -> [Int] {
        layout.items.indices.sorted { layout.items[$0].circle.center.y < layout.items[$1].circle.center.y }
    }
}

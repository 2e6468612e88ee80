import BuoyConfig
import BuoyCore

/// What edit mode needs of a button beyond its menu, which the shell
/// knows: the items as the file has them (a per-app rule hides some from
/// the menu, not from the file), what each gesture does, and the picker.
public struct MenuEditContext: Sendable, Equatable {
    /// The items, in file order.
    public var items: [MenuEditor.Entry]
    /// What each gesture does (`MenuEditor.whatGesturesDo`).
    public var gestures: [ButtonGesture: MenuEditor.Does]
    /// Which items the edits change.
    public var list: ItemList
    /// How long an item is held before it moves, in seconds (the button's `long_press_delay`).
    public var longPressDelay: Double
    /// The picker's groups.
    public var catalog: [PickerGroup]

    /// A context of these facts.
    public init(
        items: [MenuEditor.Entry], gestures: [ButtonGesture: MenuEditor.Does], list: ItemList = ItemList(),
        longPressDelay: Double, catalog: [PickerGroup]
    ) {
        self.items = items
        self.gestures = gestures
        self.list = list
        self.longPressDelay = longPressDelay
        self.catalog = catalog
    }

    /// What `menu` alone tells: its items, and the defaults for the rest.
    init(_ menu: Menu) {
        self.init(
            items: menu.items.map { MenuEditor.Entry(label: $0.label, icon: $0.icon) },
            gestures: MenuEditor.whatGesturesDo(Actions()), longPressDelay: Gestures().longPressDelay,
            catalog: [])
    }
}

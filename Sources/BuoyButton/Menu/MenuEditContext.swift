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
    /// The button whose gestures the edits change, by name (`buoy config
    /// --button`); nil for the top-level `[actions]`.
    public var button: String?
    /// How long an item is held before it moves, in seconds (the button's `long_press_delay`).
    public var longPressDelay: Double
    /// The picker's groups.
    public var catalog: [PickerGroup]

    /// A context of these facts.
    public init(
        items: [MenuEditor.Entry], gestures: [ButtonGesture: MenuEditor.Does], list: ItemList = ItemList(),
        button: String? = nil, longPressDelay: Double, catalog: [PickerGroup]
    ) {
        self.items = items
        self.gestures = gestures
        self.list = list
        self.button = button
        self.longPressDelay = longPressDelay
        self.catalog = catalog
    }

    /// What edit mode edits of `spec`, a button of the config: its items,
    /// written in `list`, and its gestures, written where `buoy config
    /// --button` writes them for its name (`ConfigEdit.setting`).
    public init(_ spec: ButtonSpec, list: ItemList, catalog: [PickerGroup]) {
        self.init(
            items: spec.menu.items.map { MenuEditor.Entry(label: $0.label, icon: $0.icon) },
            gestures: MenuEditor.whatGesturesDo(spec.writtenActions), list: list, button: spec.button.name,
            longPressDelay: spec.gestures.longPressDelay, catalog: catalog)
    }

    /// What `menu` alone tells: its items, and the defaults for the rest.
    init(_ menu: Menu) {
        self.init(
            items: menu.items.map { MenuEditor.Entry(label: $0.label, icon: $0.icon) },
            gestures: MenuEditor.whatGesturesDo(Actions()), longPressDelay: Gestures().longPressDelay,
            catalog: [])
    }
}

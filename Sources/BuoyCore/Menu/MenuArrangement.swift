/// Everything `MenuLayout.arrange` lays a menu out from but its labels'
/// sizes, which only the drawing helper can measure: it lays the menu out
/// from these as buoy does from the sizes it reports.
public struct MenuArrangement: Sendable, Equatable {
    /// A column or a panel.
    public var kind: MenuLayout.Kind
    /// The button's rect and the usable area (layer-surface coordinates).
    public var button: Rect
    /// The area the menu stays in.
    public var usable: Rect
    /// How many items.
    public var count: Int
    /// An item's diameter, in logical px.
    public var itemSize: Double
    /// The gap between items, in logical px.
    public var spacing: Double
    /// The least height of an item's row, in logical px.
    public var minRowHeight: Double

    /// An arrangement of these.
    public init(
        kind: MenuLayout.Kind, button: Rect, usable: Rect, count: Int, itemSize: Double, spacing: Double,
        minRowHeight: Double
    ) {
        self.kind = kind
        self.button = button
        self.usable = usable
        self.count = count
        self.itemSize = itemSize
        self.spacing = spacing
        self.minRowHeight = minRowHeight
    }

    /// The widths its labels may wrap at, pill included, best first: a
    /// panel's (`MenuLayout.panelLabelWidths`); none for a column's one-line
    /// labels.
    public var labelWrapWidths: [Double] {
        guard kind == .panel else { return [] }
        return MenuLayout.panelLabelWidths(
            button: button, usable: usable, count: count, itemSize: itemSize, spacing: spacing,
            minRowHeight: minRowHeight)
    }

    /// The menu laid out with its labels (per item) this size. A panel's
    /// cells are as high as its tallest label; a column's rows as its
    /// shortest (one line), so that a status line under one label moves no
    /// row.
    public func arrange(labels: [Size]) -> MenuLayout {
        let heights = labels.map(\.height)
        let rowLabel =
            kind == .column ? heights.filter { $0 > 0 }.min() ?? 0 : heights.max() ?? 0
        return MenuLayout.arrange(
            kind, button: button, usable: usable, count: count, itemSize: itemSize, spacing: spacing,
            labelWidths: labels.map(\.width), labelHeight: rowLabel, minRowHeight: minRowHeight,
            labelHeights: kind == .column ? heights : [])
    }
}

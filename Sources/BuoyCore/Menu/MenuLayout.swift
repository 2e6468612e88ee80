/// Which way the menu's items stack from the main button.
public enum MenuDirection: Sendable, Equatable {
    /// Above the button (it rests in the lower third of the usable area).
    case up
    /// Below the button (it rests in the upper third).
    case down
    /// Above and below the button, alternately (it rests in the middle third,
    /// on the left or right edge).
    case column
}

/// The side of its item that a label is on: in a column, the side facing
/// the horizontal centre of the usable area, where there is room for text;
/// in a panel, below the icon.
public enum LabelSide: Sendable, Equatable {
    case left, right, below
}

/// Where the open menu's items and labels go, in output coordinates (logical px).
///
/// Items form one column centred on the main button's centre x. Going up or
/// down, item 0 is the nearest to the button, item 1 the next, and so on; in a
/// `.column` the first half goes above the button and the rest below, so the
/// items read top to bottom in the config's order. Rows never overlap each
/// other or the button, and everything stays inside the usable area.
public struct MenuLayout: Sendable, Equatable {
    /// One item: its circle, its label's pill and the side the pill is on.
    public struct Item: Sendable, Equatable {
        /// The bounding square of the item's circle.
        public var circle: Rect
        /// The label's pill. Zero width when there is no label or no room.
        public var label: Rect
        /// Which side of the circle the pill is on.
        public var labelSide: LabelSide
        /// What a press on the item hits: from the far side of its pill (or
        /// its circle) to the far side of its circle, the gap between them
        /// included, over the row's height and half the spacing on each side.
        public var target: Rect

        /// `target` defaults to the circle and the pill and what lies between them.
        public init(circle: Rect, label: Rect, labelSide: LabelSide, target: Rect? = nil) {
            self.circle = circle
            self.label = label
            self.labelSide = labelSide
            self.target = target ?? (label.width > 0 ? circle.union(label) : circle)
        }
    }

    /// `[menu] layout`: how the items are arranged.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// A speed-dial column above and below the button (`layout`).
        case column
        /// A rounded panel beside the button with the items in a grid of up
        /// to 3 × 3, each label under its icon (`panel(...)`).
        case panel

        /// How much of an item's circle its icon takes: in a column the icon
        /// sits on a disc inside its rim; a panel draws no disc, so there the
        /// icon fills most of the circle, as AssistiveTouch's tiles do.
        public var iconFraction: Double {
            switch self {
            case .column: 0.6
            case .panel: 0.8
            }
        }
    }

    /// A panel's backdrop and its grid.
    public struct Panel: Sendable, Equatable {
        /// The panel's rect, on whole px.
        public var frame: Rect
        /// How many cells a row of the grid has.
        public var columns: Int
        /// The radius of the panel's rounded corners.
        public var cornerRadius: Double

        /// A panel at `frame` with `columns` cells a row.
        public init(frame: Rect, columns: Int, cornerRadius: Double) {
            self.frame = frame
            self.columns = columns
            self.cornerRadius = cornerRadius
        }
    }

    /// In the config's order.
    public var items: [Item]
    /// Where the items go from the button.
    public var direction: MenuDirection
    /// The union of every circle and non-empty pill, or the panel. For no
    /// items, an empty rect at the button's centre.
    public var bounds: Rect
    /// The panel the items sit on; nil for a column.
    public var panel: Panel?
    /// The button's centre, which a panel grows out of and shrinks into.
    public var origin: Point

    /// A layout of `items`; `origin` defaults to the middle of `bounds`.
    public init(
        items: [Item], direction: MenuDirection, bounds: Rect, panel: Panel? = nil, origin: Point? = nil
    ) {
        self.items = items
        self.direction = direction
        self.bounds = bounds
        self.panel = panel
        self.origin = origin ?? bounds.center
    }

    /// The most items a panel shows (3 × 3); `Menu.maxItems` stays within it.
    public static let panelCapacity = 9

    /// The gap between an item's circle and its pill, for an item of `diameter`.
    public static func labelGap(diameter: Double) -> Double { diameter * 0.2 }

    /// Lays out `count` items for a button occupying `button`.
    ///
    /// - `itemSize`: the items' diameter; `spacing`: the gap between rows and
    ///   between the button and the nearest row; `minRowHeight`: the least
    ///   height of a row, a finger's target (the circle is centred in it).
    /// - `labelWidths[i]`, `labelHeight`: the size of each label's pill (from
    ///   `MenuPainter.measureLabel`); a missing or zero width means no pill.
    ///   `labelHeights[i]`, where given, is a pill taller than `labelHeight`
    ///   (a status line under the label), centred on its item and up to the
    ///   row's pitch high: it moves no row (issue 43: a greyed item's hint
    ///   made every pill two lines and shifted the column).
    ///
    /// Direction: the button's centre in the lower third of `usable` stacks
    /// items up, in the upper third down, otherwise the first half above it
    /// and the rest below (`.column`), top to bottom in item order. A row that does not fit on its side moves to
    /// the other side of the button (which is how a column near an end shifts).
    /// When the rows cannot all fit at `spacing`, the spacing shrinks, and
    /// then the rows (circles and pills) shrink, rather than leave `usable`.
    /// A pill that does not fit beside its item is cut to the room there is,
    /// which ends `spacing` (at least `MenuSprite.panelPad`, its rim and
    /// shadow) from the edge of `usable`: on a 360 px phone edit mode's
    /// "Double tap: …" ran into the screen's edge (issue 43).
    public static func layout(
        button: Rect, usable: Rect, count: Int, itemSize: Double, spacing: Double,
        labelWidths: [Double], labelHeight: Double, minRowHeight: Double = 0, labelHeights: [Double] = []
    ) -> MenuLayout {
        let center = button.center
        let direction = direction(for: center, in: usable)
        let side: LabelSide = center.x < usable.center.x ? .right : .left
        let n = max(0, count)
        guard n > 0 else { return empty(at: center, direction: direction) }

        let rowHeight = max(nonNegative(itemSize), nonNegative(labelHeight), nonNegative(minRowHeight))
        let room = (
            above: nonNegative(button.minY - usable.minY), below: nonNegative(usable.maxY - button.maxY)
        )
        let pitch = min(rowHeight + nonNegative(spacing), widestPitch(rows: n, room: room))
        // Rows shrink only when even zero spacing cannot fit them.
        let row = min(rowHeight, pitch)
        let gap = pitch - row
        let slots = assignSlots(count: n, direction: direction, room: room, pitch: pitch)

        let diameter = max(0, min(nonNegative(itemSize), row, usable.width))
        let pillHeight = min(nonNegative(labelHeight), row)
        let edge = min(max(nonNegative(spacing), MenuSprite.panelPad), usable.width / 4)
        let labelGap = labelGap(diameter: diameter)
        var items: [Item] = []
        items.reserveCapacity(n)
        for (i, slot) in slots.enumerated() {
            let rowMinY: Double
            switch slot {
            case .above(let k): rowMinY = button.minY - gap - Double(k) * pitch - row
            case .below(let k): rowMinY = button.maxY + gap + Double(k) * pitch
            }
            let cy = rowMinY + row / 2
            let cx = clampValue(center.x, usable.minX + diameter / 2, usable.maxX - diameter / 2)
            let circle = Rect(x: cx - diameter / 2, y: cy - diameter / 2, width: diameter, height: diameter)

            let wanted = i < labelWidths.count ? nonNegative(labelWidths[i]) : 0
            let own = i < labelHeights.count ? nonNegative(labelHeights[i]) : 0
            let pillHeight = max(pillHeight, min(own, pitch))
            let pillY = cy - pillHeight / 2
            var label: Rect
            if side == .left {
                let maxX = circle.minX - labelGap
                let minX = max(usable.minX + edge, maxX - wanted)
                label = Rect(x: minX, y: pillY, width: max(0, maxX - minX), height: pillHeight)
            } else {
                let minX = circle.maxX + labelGap
                let maxX = min(usable.maxX - edge, minX + wanted)
                label = Rect(x: minX, y: pillY, width: max(0, maxX - minX), height: pillHeight)
            }
            if label.width == 0 || label.height == 0 {
                label.size = Size(width: 0, height: 0)
            }
            let across = label.width > 0 ? circle.union(label) : circle
            let target = Rect(x: across.minX, y: rowMinY - gap / 2, width: across.width, height: row + gap)
            items.append(Item(circle: circle, label: label, labelSide: side, target: target))
        }

        var bounds = items[0].circle
        for item in items {
            bounds = bounds.union(item.circle)
            if item.label.width > 0 { bounds = bounds.union(item.label) }
        }
        return MenuLayout(items: items, direction: direction, bounds: bounds, origin: center)
    }

    /// No items: an empty rect at the button's centre.
    static func empty(at center: Point, direction: MenuDirection) -> MenuLayout {
        MenuLayout(
            items: [], direction: direction, bounds: Rect(x: center.x, y: center.y, width: 0, height: 0),
            origin: center)
    }

    /// The direction `layout` takes for a button centred at `center`: by
    /// the third of `usable` it is in. A panel reports the same.
    static func direction(for center: Point, in usable: Rect) -> MenuDirection {
        if center.y > usable.minY + usable.height * 2 / 3 { return .up }
        if center.y < usable.minY + usable.height / 3 { return .down }
        return .column
    }

    /// What the focus ring goes round for item `index`: its circle's
    /// centre in a column, its cell's in a panel.
    public func focusCenter(of index: Int) -> Point {
        panel == nil ? items[index].circle.center : items[index].target.center
    }

    /// The item whose row (`Item.target`) is under `point`, or nil. Rows
    /// never overlap; where two touch, the upper one has the shared edge.
    public func hitTest(_ point: Point) -> Int? {
        items.firstIndex { $0.circle.width > 0 && $0.target.contains(point) }
    }

    /// What a press that ends at `point` is on.
    public enum Touch: Sendable, Equatable {
        case item(Int)
        /// A panel's backdrop between and around its cells: nothing happens
        /// (AssistiveTouch's panel stays open, so a finger that misses an
        /// icon by a little can try again).
        case backdrop
        /// Not on the menu: it closes.
        case outside
    }

    /// What a press that ends at `point` is on: an item, a panel's backdrop, or outside.
    public func touch(at point: Point) -> Touch {
        if let item = hitTest(point) { return .item(item) }
        return panel?.frame.contains(point) == true ? .backdrop : .outside
    }

    private enum Slot {
        /// The k-th row above the button (0 is the nearest).
        case above(Int)
        /// The k-th row below the button.
        case below(Int)
    }

    /// Rows in item order. Going up or down, each row goes to its
    /// direction's side while that side has room for another row of
    /// `pitch`, else to the other side. A column puts the first half of the
    /// items above the button and the rest below, so that top to bottom on
    /// screen is the config's order (and the arrow keys' order).
    private static func assignSlots(
        count: Int, direction: MenuDirection, room: (above: Double, below: Double), pitch: Double
    ) -> [Slot] {
        let capacity = (above: rowsFitting(room.above, pitch), below: rowsFitting(room.below, pitch))
        if direction == .column {
            let fewestAbove = max(0, count - capacity.below)
            let above = min(max((count + 1) / 2, fewestAbove), min(capacity.above, count))
            return (0..<count).map { $0 < above ? .above(above - 1 - $0) : .below($0 - above) }
        }
        var used = (above: 0, below: 0)
        var slots: [Slot] = []
        slots.reserveCapacity(count)
        for _ in 0..<count {
            let preferAbove = direction == .up
            let aboveHasRoom = used.above < capacity.above
            let belowHasRoom = used.below < capacity.below
            let goesAbove = preferAbove ? aboveHasRoom || !belowHasRoom : aboveHasRoom && !belowHasRoom
            if goesAbove {
                slots.append(.above(used.above))
                used.above += 1
            } else {
                slots.append(.below(used.below))
                used.below += 1
            }
        }
        return slots
    }

    /// The largest pitch at which `rows` rows fit into the room above and
    /// below the button together, trying every split between the two sides.
    private static func widestPitch(rows: Int, room: (above: Double, below: Double)) -> Double {
        var best = 0.0
        for above in 0...rows {
            let below = rows - above
            let a = above == 0 ? Double.infinity : room.above / Double(above)
            let b = below == 0 ? Double.infinity : room.below / Double(below)
            best = max(best, min(a, b))
        }
        return best
    }

    private static func rowsFitting(_ room: Double, _ pitch: Double) -> Int {
        guard pitch > 0 else { return Int.max }
        // The tolerance absorbs the rounding in `widestPitch`'s division.
        let rows = (room / pitch + 1e-9).rounded(.down)
        return rows < Double(Int.max) ? Int(rows) : Int.max
    }
}

/// `value`, or 0 if it is negative or NaN.
func nonNegative(_ value: Double) -> Double {
    value > 0 ? value : 0
}

extension MenuLayout {
    /// Whether every item's pill is as large as its label, `labels` (per
    /// item): no label is cut short by the room the layout gave it.
    public func holds(labels: [Size]) -> Bool {
        zip(items, labels).allSatisfy { item, label in
            label.width == 0 || label.height == 0
                || (item.label.width >= label.width - 1e-9 && item.label.height >= label.height - 1e-9)
        }
    }
}

extension MenuLayout {
    /// `layout` for a column, `panel` for a panel.
    public static func arrange(
        _ kind: Kind, button: Rect, usable: Rect, count: Int, itemSize: Double, spacing: Double,
        labelWidths: [Double], labelHeight: Double, minRowHeight: Double = 0
    ) -> MenuLayout {
        switch kind {
        case .column:
            layout(
                button: button, usable: usable, count: count, itemSize: itemSize, spacing: spacing,
                labelWidths: labelWidths, labelHeight: labelHeight, minRowHeight: minRowHeight)
        case .panel:
            panel(
                button: button, usable: usable, count: count, itemSize: itemSize, spacing: spacing,
                labelWidths: labelWidths, labelHeight: labelHeight, minRowHeight: minRowHeight)
        }
    }

    /// Lays out `count` items (at most `panelCapacity`) on a panel beside a
    /// button occupying `button`, AssistiveTouch's look.
    ///
    /// The grid has up to 3 columns (4 items make 2 × 2), filled row by
    /// row; a last row that is not full is centred. A cell is
    /// `minRowHeight` square at least, wide enough for the widest label up
    /// to `widestPanelLabel` (the labels were measured wrapped to it, on up
    /// to `panelLabelLines` lines), and as high as its icon, the gap and
    /// the label under it, with `rowGap` to part the rows; the label's width is cut to the cell (the
    /// painter ends it in "…"). The cells are the touch targets. `spacing`
    /// pads the panel, parts it from the button and keeps it from the
    /// edges of `usable` (at least `MenuSprite.panelPad`, so that its rim
    /// and shadow stay on screen).
    ///
    /// The panel goes on the side away from the edge the button rests on
    /// (the nearest; between a side and a top or bottom edge, the side
    /// wins), centred on the button across and moved along that side to
    /// stay inside `usable`. If it does not fit there, it takes the other
    /// axis's sides, then the opposite one; if it fits nowhere, it shrinks
    /// on the side with the most room. It never covers the button.
    public static func panel(
        button: Rect, usable: Rect, count: Int, itemSize: Double, spacing: Double,
        labelWidths: [Double], labelHeight: Double, minRowHeight: Double = 0
    ) -> MenuLayout {
        let center = button.center
        let direction = direction(for: center, in: usable)
        let n = min(max(0, count), panelCapacity)
        guard n > 0 else { return empty(at: center, direction: direction) }
        let columns = n == 4 ? 2 : min(n, 3)
        let rows = (n + columns - 1) / columns
        let item = nonNegative(itemSize)
        let gap = nonNegative(spacing)
        let widest = labelWidths.prefix(n).map(nonNegative).max() ?? 0
        let narrowest = max(nonNegative(minRowHeight), item + gap)
        let margin = min(max(gap, MenuSprite.panelPad), usable.width / 2, usable.height / 2)
        let usable = Rect(
            x: usable.minX + margin, y: usable.minY + margin, width: usable.width - 2 * margin,
            height: usable.height - 2 * margin)
        var cell = Size(
            width: max(narrowest, min(widest, widestPanelLabel(itemSize: item))),
            height: max(
                nonNegative(minRowHeight),
                item + labelGap(diameter: item) + nonNegative(labelHeight) + rowGap(diameter: item))
        )
        let order = panelSides(button: button, usable: usable)
        // Narrower cells (shorter labels) rather than another side or a smaller panel.
        let beside = order[0] == .left || order[0] == .right
        let room = beside ? sideRoom(order[0], button: button, usable: usable, gap: gap) : usable.width
        cell.width = max(narrowest, min(cell.width, (room - 2 * gap) / Double(columns)))
        let full = Size(
            width: Double(columns) * cell.width + 2 * gap, height: Double(rows) * cell.height + 2 * gap)

        func fit(_ side: PanelSide) -> Double {
            let room = sideRoom(side, button: button, usable: usable, gap: gap)
            let (along, across): (Double, Double)
            switch side {
            case .left, .right: (along, across) = (room / full.width, usable.height / full.height)
            case .above, .below: (along, across) = (room / full.height, usable.width / full.width)
            }
            return max(0, min(1, along, across))
        }
        // The first side it fits on; if none, the one it shrinks least on.
        let side = order.first { fit($0) >= 1 } ?? order.max { fit($0) < fit($1) }!
        let shrink = fit(side)
        let size = Size(
            width: (full.width * shrink).rounded(.down), height: (full.height * shrink).rounded(.down))
        let origin: Point
        switch side {
        case .left, .right:
            let x = side == .right ? button.maxX + gap : button.minX - gap - size.width
            origin = Point(
                x: x.rounded(side == .right ? .up : .down),
                y: across(center.y, size.height, usable.minY, usable.maxY))
        case .above, .below:
            let y = side == .below ? button.maxY + gap : button.minY - gap - size.height
            origin = Point(
                x: across(center.x, size.width, usable.minX, usable.maxX),
                y: y.rounded(side == .below ? .up : .down))
        }
        let frame = Rect(origin: origin, size: size)

        let k = size.width / full.width
        let cellWidth = cell.width * k
        let cellHeight = cell.height * k
        let padding = gap * k
        let diameter = item * k
        let pillHeight = nonNegative(labelHeight) * k
        let iconGap = labelGap(diameter: diameter)
        var items: [Item] = []
        items.reserveCapacity(n)
        for i in 0..<n {
            let row = i / columns
            let inRow = min(columns, n - row * columns)
            let indent = Double(columns - inRow) * cellWidth / 2
            let target = Rect(
                x: frame.minX + padding + indent + Double(i % columns) * cellWidth,
                y: frame.minY + padding + Double(row) * cellHeight, width: cellWidth, height: cellHeight)
            let wanted = i < labelWidths.count ? min(nonNegative(labelWidths[i]) * k, cellWidth) : 0
            let content = diameter + (wanted > 0 ? iconGap + pillHeight : 0)
            let top = target.minY + (cellHeight - content) / 2
            let circle = Rect(x: target.center.x - diameter / 2, y: top, width: diameter, height: diameter)
            var label = Rect(
                x: target.center.x - wanted / 2, y: circle.maxY + iconGap, width: wanted, height: pillHeight)
            if label.width == 0 || label.height == 0 {
                label = Rect(x: label.minX, y: label.minY, width: 0, height: 0)
            }
            items.append(Item(circle: circle, label: label, labelSide: .below, target: target))
        }
        let panel = Panel(frame: frame, columns: columns, cornerRadius: (min(item, 20) * k).rounded())
        return MenuLayout(items: items, direction: direction, bounds: frame, panel: panel, origin: center)
    }

    /// The widest a panel's cell grows for its label, for items of
    /// `itemSize`: three and a half times the item, room at the default
    /// size for the longest word of every built-in action's label in the
    /// default font ("Notifications" in DejaVu Sans 13).
    public static func widestPanelLabel(itemSize: Double) -> Double { 3.5 * nonNegative(itemSize) }

    /// How many lines a panel's label, and its status line, may take each
    /// before it is cut, as AssistiveTouch's wrap.
    public static let panelLabelLines = 2

    /// The width `kind`'s labels wrap at, pill included, for items of
    /// `itemSize`: a panel's widest cell; nil for a column, whose labels
    /// take one line each.
    public static func labelWrapWidth(_ kind: Kind, itemSize: Double) -> Double? {
        kind == .panel ? widestPanelLabel(itemSize: itemSize) : nil
    }

    /// The room a panel's cell keeps above and below its icon and label,
    /// together, so that one row's label stands clear of the next row's icon.
    public static func rowGap(diameter: Double) -> Double { diameter * 0.3 }

    /// Where a panel goes beside the button.
    private enum PanelSide {
        case left, right, above, below
    }

    /// The sides a panel may go on, best first: away from the edge the
    /// button rests on, then the other axis's (the nearer edge's far side
    /// first), then the opposite.
    private static func panelSides(button: Rect, usable: Rect) -> [PanelSide] {
        let distance = (
            left: button.minX - usable.minX, right: usable.maxX - button.maxX,
            top: button.minY - usable.minY, bottom: usable.maxY - button.maxY
        )
        let horizontal: [PanelSide] = distance.left <= distance.right ? [.right, .left] : [.left, .right]
        let vertical: [PanelSide] = distance.top < distance.bottom ? [.below, .above] : [.above, .below]
        let onASide = min(distance.left, distance.right) <= min(distance.top, distance.bottom)
        return onASide
            ? [horizontal[0]] + vertical + [horizontal[1]] : [vertical[0]] + horizontal + [vertical[1]]
    }

    /// The room beside the button on `side`, less the gap.
    private static func sideRoom(_ side: PanelSide, button: Rect, usable: Rect, gap: Double) -> Double {
        switch side {
        case .left: button.minX - gap - usable.minX
        case .right: usable.maxX - button.maxX - gap
        case .above: button.minY - gap - usable.minY
        case .below: usable.maxY - button.maxY - gap
        }
    }

    /// A panel `length` long centred on `center`, moved into `min...max`;
    /// on a whole px.
    private static func across(_ center: Double, _ length: Double, _ min: Double, _ max: Double) -> Double {
        let start = (center - length / 2).rounded()
        return Swift.max(min.rounded(.up), Swift.min(start, (max - length).rounded(.down)))
    }
}

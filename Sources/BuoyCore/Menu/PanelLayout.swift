extension MenuLayout {
    /// `layout` for a column (with each pill's own height, `labelHeights`),
    /// `panel` for a panel.
    public static func arrange(
        _ kind: Kind, button: Rect, usable: Rect, count: Int, itemSize: Double, spacing: Double,
        labelWidths: [Double], labelHeight: Double, minRowHeight: Double = 0, labelHeights: [Double] = []
    ) -> MenuLayout {
        switch kind {
        case .column:
            layout(
                button: button, usable: usable, count: count, itemSize: itemSize, spacing: spacing,
                labelWidths: labelWidths, labelHeight: labelHeight, minRowHeight: minRowHeight,
                labelHeights: labelHeights)
        case .panel:
            panel(
                button: button, usable: usable, count: count, itemSize: itemSize, spacing: spacing,
                labelWidths: labelWidths, labelHeight: labelHeight, minRowHeight: minRowHeight)
        }
    }

    /// Lays out `count` items (at most `panelCapacity`) on a panel beside a
    /// button occupying `button`, AssistiveTouch's look.
    ///
    /// The grid has up to 3 columns (4 items make 2 × 2; 7 or more make
    /// 4 × 2 where 3 rows do not fit, as on a phone on its side), filled row by
    /// row; a last row that is not full is centred. A cell is
    /// `minRowHeight` square at least, as wide as the room beside the button
    /// gives each column (up to `widestPanelLabel`), and as high as its
    /// icon, the gap and the label under it, with `rowGap` to part the rows.
    /// The labels were measured wrapped to one of `panelLabelWidths` (on up
    /// to `panelLabelLines` lines): the grid takes the first side and number
    /// of columns, in that order, whose cells are as wide as the widest
    /// label and which fits, so that no label is cut on a narrow output
    /// (fewer columns, or the roomier side); only if none does, the
    /// label's width is cut to the cell (the painter ends it in "…"). The
    /// cells are the touch targets. `spacing` pads the panel, parts it from
    /// the button and keeps it from the edges of `usable` (at least
    /// `MenuSprite.panelPad`, so that its rim and shadow stay on screen).
    ///
    /// The panel goes on the side away from the edge the button rests on
    /// (the nearest; between a side and a top or bottom edge, the side
    /// wins), centred on the button across and moved along that side to
    /// stay inside `usable`. If it does not fit there, it takes the other
    /// axis's sides, then the opposite one; if it fits nowhere, it shrinks
    /// on the side with the most room, across and down apart, its icons
    /// before its labels. It never covers the button.
    public static func panel(
        button: Rect, usable: Rect, count: Int, itemSize: Double, spacing: Double,
        labelWidths: [Double], labelHeight: Double, minRowHeight: Double = 0
    ) -> MenuLayout {
        let center = button.center
        let direction = direction(for: center, in: usable)
        let n = min(max(0, count), panelCapacity)
        guard n > 0 else { return empty(at: center, direction: direction) }
        let grid = PanelGrid(
            button: button, usable: usable, count: n, itemSize: itemSize, spacing: spacing,
            minRowHeight: minRowHeight)
        let item = nonNegative(itemSize)
        let gap = grid.gap
        let usable = grid.usable
        let widest = labelWidths.prefix(n).map(nonNegative).max() ?? 0
        let rowHeight = max(
            nonNegative(minRowHeight),
            item + labelGap(diameter: item) + nonNegative(labelHeight) + rowGap(diameter: item))
        func full(_ choice: PanelGrid.Choice) -> Size {
            let rows = (n + choice.columns - 1) / choice.columns
            let cellWidth = max(grid.narrowest, min(widest, choice.cellWidth))
            return Size(
                width: Double(choice.columns) * cellWidth + 2 * gap,
                height: Double(rows) * rowHeight + 2 * gap)
        }
        // How much the grid shrinks across and down to fit; 1 where it fits.
        func scales(_ choice: PanelGrid.Choice) -> (x: Double, y: Double) {
            let full = full(choice)
            let room = sideRoom(choice.side, button: button, usable: usable, gap: gap)
            switch choice.side {
            case .left, .right:
                return (max(0, min(1, room / full.width)), max(0, min(1, usable.height / full.height)))
            case .above, .below:
                return (max(0, min(1, usable.width / full.width)), max(0, min(1, room / full.height)))
            }
        }
        func fit(_ choice: PanelGrid.Choice) -> Double {
            let (x, y) = scales(choice)
            return min(x, y)
        }
        // Whole labels first: the first side and columns whose cells hold the widest label and
        // which fits; or, a little short of room, the one that shrinks least (its icons shrink,
        // not its labels). Else the most columns on the first side they fit on, or shrunk.
        let whole = grid.choices.filter { $0.cellWidth >= widest }
        let most = grid.choices.filter { $0.columns == grid.choices[0].columns }
        let closest = whole.max { fit($0) < fit($1) }.flatMap { fit($0) >= 0.8 ? $0 : nil }
        let chosen =
            whole.first { fit($0) >= 1 } ?? closest ?? most.first { fit($0) >= 1 }
            ?? most.max { fit($0) < fit($1) }!
        let side = chosen.side
        let columns = chosen.columns
        let full = full(chosen)
        let cell = Size(width: (full.width - 2 * gap) / Double(columns), height: rowHeight)
        let shrink = scales(chosen)
        let size = Size(
            width: (full.width * shrink.x).rounded(.down), height: (full.height * shrink.y).rounded(.down))
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

        let kx = size.width / full.width
        let ky = size.height / full.height
        let k = min(kx, ky)
        let cellWidth = cell.width * kx
        let cellHeight = cell.height * ky
        let padding = (x: gap * kx, y: gap * ky)
        // Short of room, the icon shrinks before the label: the content (icon, gap, label) keeps
        // its row gap, and the label its height while the icon can give way.
        let room = cellHeight - rowGap(diameter: item) * ky
        let labelGapPerDiameter = labelGap(diameter: 1)
        let diameter = max(0, min(item * k, (room - nonNegative(labelHeight)) / (1 + labelGapPerDiameter)))
        let iconGap = labelGap(diameter: diameter)
        let left = room - diameter - iconGap
        // (Rounding must not cut a label that fits.)
        let pillHeight = left >= nonNegative(labelHeight) - 1e-6 ? nonNegative(labelHeight) : max(0, left)
        var items: [Item] = []
        items.reserveCapacity(n)
        for i in 0..<n {
            let row = i / columns
            let inRow = min(columns, n - row * columns)
            let indent = Double(columns - inRow) * cellWidth / 2
            let target = Rect(
                x: frame.minX + padding.x + indent + Double(i % columns) * cellWidth,
                y: frame.minY + padding.y + Double(row) * cellHeight, width: cellWidth, height: cellHeight)
            let wanted = i < labelWidths.count ? min(nonNegative(labelWidths[i]), cellWidth) : 0
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

    /// The widest `kind`'s labels wrap at, pill included, for items of
    /// `itemSize`: a panel's widest cell (`panelLabelWidths` says where on
    /// a given output); nil for a column, whose labels take one line each.
    public static func labelWrapWidth(_ kind: Kind, itemSize: Double) -> Double? {
        kind == .panel ? widestPanelLabel(itemSize: itemSize) : nil
    }

    /// The room a panel's cell keeps above and below its icon and label,
    /// together, so that one row's label stands clear of the next row's icon.
    public static func rowGap(diameter: Double) -> Double { diameter * 0.3 }

    /// The widths a panel's labels are measured wrapped to, pill included,
    /// best first: its cells' widest on each side and number of columns it
    /// may take (`panel(...)`'s order), each once. The drawing helper
    /// measures the labels at the first width that cuts none of them, so
    /// that the panel takes that grid, and at the widest if every width
    /// cuts some.
    public static func panelLabelWidths(
        button: Rect, usable: Rect, count: Int, itemSize: Double, spacing: Double, minRowHeight: Double
    ) -> [Double] {
        let n = min(max(1, count), panelCapacity)
        let grid = PanelGrid(
            button: button, usable: usable, count: n, itemSize: itemSize, spacing: spacing,
            minRowHeight: minRowHeight)
        return grid.choices.map(\.cellWidth).reduce(into: []) { widths, width in
            if !widths.contains(width) { widths.append(width) }
        }
    }

    /// The grids a panel may take, best first, before its labels are known.
    private struct PanelGrid {
        /// A side of the button and a number of columns, with the widest a
        /// cell may be there.
        struct Choice {
            var side: PanelSide
            var columns: Int
            var cellWidth: Double
        }

        /// The gap between the button, the panel and its cells.
        let gap: Double
        /// The area the panel stays in, less its margin.
        let usable: Rect
        /// The narrowest a cell is.
        let narrowest: Double
        /// On each side in `panelSides`' order, from the most columns (3; 2
        /// for 4 items) to 2 (1 for a single item); then, for 7 items or
        /// more, 4 columns on each side, two rows for a phone on its side,
        /// where three rows of whole labels do not fit.
        let choices: [Choice]

        init(button: Rect, usable: Rect, count: Int, itemSize: Double, spacing: Double, minRowHeight: Double)
        {
            let item = nonNegative(itemSize)
            gap = nonNegative(spacing)
            let margin = min(max(gap, MenuSprite.panelPad), usable.width / 2, usable.height / 2)
            let usable = Rect(
                x: usable.minX + margin, y: usable.minY + margin, width: usable.width - 2 * margin,
                height: usable.height - 2 * margin)
            self.usable = usable
            let narrowest = max(nonNegative(minRowHeight), item + gap)
            self.narrowest = narrowest
            let most = count == 4 ? 2 : min(count, 3)
            let gap = gap
            let sides = panelSides(button: button, usable: usable)
            func grids(_ columns: [Int]) -> [Choice] {
                sides.flatMap { side in
                    let room: Double
                    switch side {
                    case .left, .right: room = sideRoom(side, button: button, usable: usable, gap: gap)
                    case .above, .below: room = usable.width
                    }
                    return columns.map { columns in
                        let cell = min(widestPanelLabel(itemSize: item), (room - 2 * gap) / Double(columns))
                        return Choice(side: side, columns: columns, cellWidth: max(narrowest, cell))
                    }
                }
            }
            choices =
                grids(Array(stride(from: most, through: min(most, 2), by: -1)))
                + (count >= 7 ? grids([4]) : [])
        }
    }

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

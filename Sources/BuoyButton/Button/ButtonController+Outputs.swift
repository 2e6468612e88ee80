import BuoyCore
import BuoyGestures

/// Drags across outputs: the other outputs' areas a drag may reach, and a
/// drop there that makes one of them the button's own.
extension ButtonController {
    /// While a drag holds it over another output: that output's name.
    public var otherOutputDraggedOver: String? {
        guard case .dragging(let drag) = phase else { return nil }
        return drag.over
    }

    func otherOutput(named name: String?) -> OtherOutput? {
        otherOutputs.first { $0.name == name }
    }

    /// The area of the output the pointer of `drag` is over, in the button's coordinates.
    func dragArea(_ drag: Drag) -> Rect? {
        otherOutput(named: drag.over)?.area ?? usable
    }

    /// Moves the dragged button under the pointer, clamped to the area the
    /// pointer is over: its own, another output's, or the last one it was on.
    mutating func drag(to pointer: Point) {
        guard case .dragging(var drag) = phase, let usable else { return }
        drag.pointer = pointer
        if usable.contains(pointer) {
            drag.over = nil
        } else if let other = otherOutputs.first(where: { $0.area.contains(pointer) }) {
            drag.over = other.name
        }
        // The output it was last over may have gone: it is back on its own then.
        let other = otherOutput(named: drag.over)
        drag.over = other?.name
        let area = other?.area ?? usable
        drag.origin = Snapping.clampOrigin(
            pointer - drag.grabOffset, size: settings.size, in: reach(of: area))
        phase = .dragging(drag)
    }

    /// `area`, grown by the button's size past each edge that another area
    /// (its own, or another output's) touches along it: how far a drag over
    /// `area` may carry the button, so that it straddles the two.
    func reach(of area: Rect) -> Rect {
        let all = ([usable].compactMap { $0 } + otherOutputs.map(\.area)).filter { $0 != area }
        func touches(_ edge: (Rect) -> Bool) -> Bool { all.contains(where: edge) }
        let size = settings.size
        let overlapsRows = { (r: Rect) in r.minY < area.maxY && r.maxY > area.minY }
        let overlapsColumns = { (r: Rect) in r.minX < area.maxX && r.maxX > area.minX }
        let left = touches { $0.maxX == area.minX && overlapsRows($0) } ? size : 0
        let right = touches { $0.minX == area.maxX && overlapsRows($0) } ? size : 0
        let top = touches { $0.maxY == area.minY && overlapsColumns($0) } ? size : 0
        let bottom = touches { $0.minY == area.maxY && overlapsColumns($0) } ? size : 0
        return Rect(
            x: area.minX - left, y: area.minY - top, width: area.width + left + right,
            height: area.height + top + bottom)
    }

    /// Ends the drag: `dropped` (released, not cancelled) on the remove
    /// target removes the button; anywhere else it snaps there.
    mutating func endDrag(at now: Double, dropped: Bool) -> [ButtonEffect] {
        guard case .dragging(let drag) = phase else { return [] }
        let other = otherOutput(named: drag.over)
        if dropped, settings.removable, let area = dragArea(drag),
            RemoveTarget.holds(center(of: drag.origin), in: area)
        {
            var effects: [ButtonEffect] = [.cursor(.hover)]
            // Removed there: its Undo shows there, and brings it back there.
            if let other {
                moveHome(to: other)
                effects.append(.crossed(to: other.name))
            }
            phase = .removed(Undo(deadline: now + RemoveTarget.undoDuration(after: drag.kind)))
            return effects + [.removed] + (drag.relocateWhenDone ? [.relocate] : [])
        }
        if let other { return cross(to: other, from: drag, at: now) }
        phase = .resting(.still(drag.origin), tucked: false)
        var effects: [ButtonEffect] = [.cursor(.hover)]
        if let usable {
            let size = settings.size
            let center = Point(x: drag.origin.x + size / 2, y: drag.origin.y + size / 2)
            let snapped = Snapping.rest(
                forCenter: center, mode: settings.snapMode, size: size, margin: settings.margin, in: usable)
            rest = resolved(snapped)
            glideToRest(at: now, animated: true)
            effects += choose()
        }
        if drag.relocateWhenDone { effects.append(.relocate) }
        return effects
    }

    /// Ends a drag over another output's area: the button snaps there, in
    /// that area's coordinates from now on; the shell gives it its new
    /// neighbours and other areas.
    mutating func cross(to other: OtherOutput, from drag: Drag, at now: Double) -> [ButtonEffect] {
        let origin = drag.origin - other.area.origin
        moveHome(to: other)
        phase = .resting(.still(origin), tucked: false)
        rest = Snapping.rest(
            forCenter: center(of: origin), mode: settings.snapMode, size: settings.size,
            margin: settings.margin, in: Rect(origin: .zero, size: other.area.size))
        glideToRest(at: now, animated: true)
        return [.cursor(.hover), .crossed(to: other.name)] + choose()
    }

    /// Makes `other`'s area its own, in that area's coordinates; the shell
    /// gives it its new neighbours and other outputs.
    mutating func moveHome(to other: OtherOutput) {
        usable = Rect(origin: .zero, size: other.area.size)
        output = other.name
        restOutput = other.name
        otherOutputs = []
        neighbours = []
    }

    /// Where `buoy msg state` says the button is: under the pointer while
    /// dragged; else where it rests or is going to, untucked, or where it
    /// comes back to when shown again. Nil before it has an area.
    public var reportedOrigin: Point? {
        switch phase {
        case .dragging(let drag): return drag.origin - (otherOutput(named: drag.over)?.area.origin ?? .zero)
        case .hidden, .removed, .unplaced:
            return usable.map { rest.origin(in: $0, size: settings.size, margin: settings.margin) }
        case .resting, .pressed, .menu: return restingOrigin
        }
    }

    /// The rest `buoy msg state` names: while dragged, where a drop there would snap to.
    public var reportedRest: RestPosition {
        guard case .dragging(let drag) = phase, let usable, let origin = reportedOrigin else { return rest }
        let area = otherOutput(named: drag.over).map { Rect(origin: .zero, size: $0.area.size) } ?? usable
        return Snapping.rest(
            forCenter: center(of: origin), mode: settings.snapMode, size: settings.size,
            margin: settings.margin, in: area)
    }
}

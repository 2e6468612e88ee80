import BuoyCore
import BuoyGestures

/// Visibility and removal: hidden on request or by a rule, and dropped on
/// the remove target, with its Undo.
extension ButtonController {
    /// Whether it is not hidden, by a rule or a request (an unplaced one is not).
    public var isVisible: Bool { !isHidden }

    /// Why it is hidden: `msg` (hidden on request), then `removed`, then a rule; nil while shown.
    public var hiddenBy: HiddenBy? { hiddenOnRequest ? .msg : isRemoved ? .removed : ruleHiding }

    var isRemoved: Bool {
        if case .removed = phase { return true }
        return false
    }

    var isHidden: Bool { phase == .hidden || isRemoved }

    /// What to show of drag-to-remove at `now`, at `RemoveTarget.bounds` of
    /// its own usable area, or with `output` of that other output's: the
    /// target during a drag, on the output the pointer is over; the Undo
    /// bubble after a removal, on its own; nil otherwise.
    public func removal(at now: Double, on output: String? = nil) -> RemovalScene? {
        switch phase {
        case .dragging(let drag):
            guard settings.removable, drag.over == output, let area = dragArea(drag) else { return nil }
            let opacity = min(1, max(0, (now - drag.began) / RemoveTarget.fadeIn))
            return .target(opacity: opacity, armed: RemoveTarget.holds(center(of: drag.origin), in: area))
        case .removed(let undo):
            guard output == nil else { return nil }
            return undo.map { .undo(pressed: $0.press != nil) }
        default:
            return nil
        }
    }

    /// Whether `point` is on the Undo bubble (its square, which is its input region).
    func isOnUndo(_ point: Point) -> Bool {
        guard let usable else { return false }
        return RemoveTarget.bounds(in: usable).contains(point)
    }

    mutating func setVisible(_ visible: Bool, at now: Double) -> [ButtonEffect] {
        if visible {
            guard phase == .hidden else { return [] }
            fade.wake(at: now)
            phase = .unplaced
            if let usable { _ = setArea(usable, at: now) }
            return []
        }
        guard !isHidden else { return [] }
        var effects = cancelPress(at: now)
        phase = .hidden
        effects.append(.hidden)
        return effects
    }
}

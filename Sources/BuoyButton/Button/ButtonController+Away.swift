/// A pointer that leaves while a press on the button is down.
///
/// The whole surface takes input while a press is down, so a compositor
/// that finds the surface under the pointer again gives it back with the
/// next motion. phoc 0.58 sends a leave right after a press now and then
/// (under load: the press, the leave and then nothing until the pointer
/// moves), and cancelling the press there lost the drag that followed.
/// So a leave keeps a press that has not moved for `pointerAwayLimit`, and
/// cancels it only if the pointer has not come back by then (a compositor
/// that took the pointer for good: a lock screen). A leave during a drag
/// ends it where it is, as before: sway 1.10 sends one when the layout
/// changes under the drag, and then no release.
extension ButtonController {
    /// How long a pointer press waits for the pointer to come back.
    static let pointerAwayLimit = 2.0

    /// The pointer left while a pointer press was down: a press that has not
    /// moved waits for it; a drag, a press on the menu or on Undo ends.
    mutating func pointerLeft(at now: Double) -> [ButtonEffect] {
        switch phase {
        case .pressed:
            pointerAway = now
            return []
        default:
            return cancelPress(at: now)
        }
    }

    /// Cancels the press the pointer left `pointerAwayLimit` ago, if it has
    /// not come back.
    mutating func pointerStayedAway(at now: Double) -> [ButtonEffect] {
        guard let away = pointerAway, now >= away + Self.pointerAwayLimit else { return [] }
        pointerAway = nil
        return pressKind == .pointer ? cancelPress(at: now) : []
    }
}

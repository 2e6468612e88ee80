import BuoyCore

/// Dwell clicking on the button (`Dwell`, `ButtonSettings.dwell`).
///
/// Decisions:
/// - Only a button at rest and in full view dwells: not while pressed,
///   dragged, tucked, hidden, removed or with its menu open. A visit that
///   meets any of those is spent, so the menu a dwell opened does not make
///   the button tap again once it closes under a pointer that stayed.
/// - A dwell runs exactly what a tap runs (`run(.tap)`), at once: it does
///   not wait for a second tap, as a double tap needs a second press.
/// - A press spends the visit: the user clicked.
/// - Only the pointer dwells (`wl_pointer`'s enter, motion and leave): a
///   touch never does.
extension ButtonController {
    mutating func followDwell(_ input: ButtonInput) -> [ButtonEffect] {
        switch input {
        case .settings(let new, _) where new.dwell != dwell.seconds:
            dwell = Dwell(seconds: new.dwell)
        case .hover(true, let now): dwell.entered(at: nil, now: now)
        case .hover(false, _): dwell.left()
        case .move(let point, .pointer, let now): dwell.moved(to: point, now: now)
        case .press: dwell.spend()
        case .tick(let now):
            if dwell.fire(at: now).clicked, canDwell {
                fade.wake(at: now)
                return [.run(.tap)]
            }
        default: break
        }
        if !canDwell { dwell.spend() }
        return []
    }

    /// At rest, untucked: where a dwell may tap it.
    private var canDwell: Bool {
        if case .resting(_, tucked: false) = phase { return true }
        return false
    }
}

import BuoyCore

/// Dwell clicking on the button (`Dwell`, `ButtonSettings.dwell`).
///
/// Decisions:
/// - Only a button at rest dwells: not while pressed, dragged, hidden,
///   removed or with its menu open. A visit that meets any of those is
///   spent, so the menu a dwell opened does not make the button tap again
///   once it closes under a pointer that stayed.
/// - A rest on a tucked button brings it back, as a press does, and runs
///   nothing; resting on for another `dwell` taps it.
/// - A dwell runs exactly what a tap runs (`run(.tap)`), at once: it does
///   not wait for a second tap, as a double tap needs a second press.
/// - A press spends the visit: the user clicked.
/// - Only the pointer dwells (`wl_pointer`'s enter, motion and leave): a
///   touch never does. An enter is not a move (`Dwell`): the button
///   shown, back on its output or unlocked under a pointer that stayed is
///   not rested on until the pointer moves.
extension ButtonController {
    mutating func followDwell(_ input: ButtonInput) -> [ButtonEffect] {
        switch input {
        case .settings(let new, _) where new.dwell != dwell.seconds:
            dwell = Dwell(seconds: new.dwell)
        case .hover(true, _, let point): dwell.entered(at: point)
        case .hover(false, _, _): dwell.left()
        case .move(let point, .pointer, let now): dwell.moved(to: point, now: now)
        case .press: dwell.spend()
        case .tick(let now):
            guard let rested = dwell.fire(at: now), canDwell else { break }
            fade.wake(at: now)
            guard !isTucked else {
                untuck()
                phase = .resting(currentMotion(at: now), tucked: false)
                glideToRest(at: now, animated: true)
                dwell.restAgain(at: rested, now: now)
                return []
            }
            return [.run(.tap)]
        default: break
        }
        if !canDwell { dwell.spend() }
        return []
    }

    /// At rest, tucked or not: where a dwell may tap it.
    private var canDwell: Bool {
        if case .resting = phase { return true }
        return false
    }
}

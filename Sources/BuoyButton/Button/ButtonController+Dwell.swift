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
/// - A visit is the pointer on the button itself, not elsewhere on its
///   surface (the open menu's, which sway keeps the pointer on after the
///   menu closes until it moves): `msg menu` opened and closed over a
///   pointer elsewhere does not spend the next move onto the button.
/// - Only the pointer dwells (`wl_pointer`'s enter, motion and leave): a
///   touch never does. An enter is not a move (`Dwell`): the button
///   shown, back on its output or unlocked under a pointer that stayed is
///   not rested on until the pointer moves.
extension ButtonController {
    mutating func followDwell(_ input: ButtonInput) -> [ButtonEffect] {
        switch input {
        case .settings(let new, _) where new.dwell != dwell.seconds:
            dwell = Dwell(seconds: new.dwell)
        case .hover(true, _, let point):
            if let point, !isOnButton(point) { dwell.left() } else { dwell.entered(at: point) }
        case .hover(false, _, _): dwell.left()
        case .move(let point, .pointer, let now):
            if isOnButton(point) { dwell.moved(to: point, now: now) } else { dwell.left() }
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

    /// Whether `point` of its surface is on the button itself: the surface
    /// takes the pointer everywhere while the menu is open, and sway keeps
    /// it there once the menu closes until the pointer moves, so a pointer
    /// elsewhere on it is off the button, and coming onto the button is a
    /// visit.
    private func isOnButton(_ point: Point) -> Bool {
        restingRect?.contains(point) ?? true
    }

    /// At rest, tucked or not: where a dwell may tap it.
    private var canDwell: Bool {
        if case .resting = phase { return true }
        return false
    }
}

import BuoyButton
import BuoyCore

/// The pointer pad: what `PointerSession` needs to know of the buttons.
extension App {
    /// Opens or closes the pad on `instance`'s output (`buoy msg pointer`,
    /// a gesture, a menu item); returns why it cannot open.
    func setPointerPad(_ turn: PointerSwitch, from instance: ButtonInstance, now: Double) -> String? {
        pointerPad.set(
            turn, owner: instance.key, output: instance.currentOutput, config: config.pointer,
            dwell: instance.spec.button.dwell, now: now)
    }

    /// Once a wakeup, after the click types: the pad closes when the button
    /// it was opened from hides or goes, and keeps its input off the buttons.
    func updatePointerPad(now: Double) {
        guard pointerPad.isOpen else { return }
        pointerPad.update(
            ownerShows: { [unowned self] key in
                instances.first { $0.key == key }.map { $0.controller.hiddenBy == nil } ?? false
            },
            buttons: { [unowned self] output in
                instances.compactMap { instance in
                    guard instance.currentOutput?.name == output, instance.controller.isVisible else {
                        return nil
                    }
                    return instance.controller.restingRect
                }
            }, armed: clicks.armed, now: now)
    }
}

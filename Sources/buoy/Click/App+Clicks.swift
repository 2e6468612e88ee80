import BuoyButton
import BuoyCore

/// Click types on the next tap anywhere: what `ClickSession` needs to know
/// of the buttons.
extension App {
    /// Arms `type` from `instance` (`buoy msg click`, a gesture, a menu
    /// item), or disarms for nil; returns why it cannot be armed.
    func armClick(_ type: ClickType?, from instance: ButtonInstance, now: Double) -> String? {
        guard let type else {
            clicks.cancel(.msg, now: now)
            return nil
        }
        if let refusal = ClickArming.refusal(
            arming: type, from: instance.key.name, hiddenBy: instance.controller.hiddenBy)
        {
            return refusal
        }
        return clicks.arm(
            type, from: instance, outputs: outputsWithButtons, timeout: instance.spec.gestures.clickTimeout,
            dwell: instance.spec.button.dwell, now: now)
    }

    /// Once a wakeup, after the input and the requests.
    func updateClicks(now: Double) {
        var buttons: [InstanceKey: HiddenBy?] = [:]
        for instance in instances { buttons[instance.key] = .some(instance.controller.hiddenBy) }
        clicks.update(
            outputs: outputsWithButtons, buttons: buttons, places: { [unowned self] in buttonRects(on: $0) },
            now: now)
    }

    /// The outputs that have a button, each once, in the buttons' order.
    private var outputsWithButtons: [String] {
        var names: [String] = []
        for instance in instances {
            if let name = instance.currentOutput?.name, !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// Where the buttons (and the pointer pad, whose next tap the armed
    /// type is) on `output` are, in its logical pixels, to be cut out of its
    /// overlay's input region (`OverlayCutouts`).
    private func buttonRects(on output: String) -> [Rect] {
        guard let whole = display.output(named: output)?.logicalSize else { return [] }
        var buttons = instances.compactMap { instance -> OverlayCutouts.Button? in
            guard instance.currentOutput?.name == output, instance.controller.isVisible,
                let rect = instance.controller.restingRect, let area = instance.layer?.size
            else { return nil }
            return OverlayCutouts.Button(rect: rect, area: area)
        }
        if let pad = pointerPad.frame(on: output), let area = pointerPad.area {
            buttons.append(OverlayCutouts.Button(rect: pad, area: area))
        }
        return OverlayCutouts.rects(on: whole, buttons: buttons)
    }
}

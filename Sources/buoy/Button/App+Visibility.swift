import BuoyCore
import BuoyWayland

/// Which buttons show: the windows the visibility rules read, the device
/// mode, and the tablet-mode switch that sets it.
extension App {
    /// Binds foreign-toplevel when a visibility rule or `output = "focused"`
    /// needs the windows.
    func watchWindowsIfNeeded() {
        let needed = config.buttons.contains {
            $0.visibility.needsWindows || $0.button.output == .focused || $0.menu.needsWindows
        }
        guard needed, !display.watchWindows(), !warnedNoWindows else { return }
        warnedNoWindows = true
        log.warning(
            "the compositor does not offer wlr-foreign-toplevel-management (KWin, GNOME): "
                + "[visibility] fullscreen, hide_for and show_for do nothing here, menu items show whatever "
                + "their show_for and hide_for, and a button with output = \"focused\" shows where the "
                + "compositor chooses")
    }

    /// Gives each controller what the visibility rules say now, and tells
    /// subscribers of each button that hides or shows by them.
    func applyVisibilityRules(now: Double) {
        let windows = display.windows?.windows ?? []
        for instance in instances {
            let rule = instance.spec.visibility.hiding(
                windows: windows, mode: mode, output: instance.currentOutput?.name)
            let before = instance.controller.ruleHiding
            guard rule != before else { continue }
            let wasVisible = instance.controller.isVisible
            perform(instance.controller.handle(.ruleHides(rule, at: now)), for: instance, now: now)
            if let rule, wasVisible {
                log.info("\(instance.label): hidden by [visibility] \(rule.rawValue)")
                publish(.hidden(reason: rule), for: instance)
            } else if let before, instance.controller.isVisible {
                log.info("\(instance.label): shown, [visibility] \(before.rawValue) no longer hides it")
                publish(.shown(reason: before), for: instance)
            }
        }
    }

    /// phoc's tablet-mode switch sets the mode, as `buoy msg mode` does;
    /// whichever spoke last holds.
    func followTabletModeSwitch() {
        guard let deviceState = display.deviceState else { return }
        let changed = deviceState.takeChanged()
        if changed.capabilities { log.info("phoc's device state: \(deviceState.capabilities.description)") }
        guard changed.capabilities || changed.tabletMode, let on = deviceState.tabletMode,
            DeviceMode(tabletModeSwitch: on) != mode
        else { return }
        mode = DeviceMode(tabletModeSwitch: on)
        log.info("mode: \(mode.rawValue), as the tablet-mode switch says")
    }
}

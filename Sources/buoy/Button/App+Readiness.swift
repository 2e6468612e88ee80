import BuoyButton
import BuoyCore

extension App {
    /// Tells the log and subscribers when buoy becomes ready (`Readiness`
    /// decides), and the debug log what it waits for meanwhile.
    func followReadiness() {
        let facts = instances.map(\.readiness)
        switch readiness.update(facts, menusDrawnAhead: menu.drawnAhead) {
        case .ready?:
            log.info("ready: every button on screen, every menu drawn")
            for spec in config.buttons { server?.publish(ButtonEvent(.ready, button: spec.name)) }
        case .waiting(let what)?:
            log.debug("not ready: waiting for \(what)")
        case nil:
            break
        }
    }
}

extension ButtonInstance {
    /// What `Readiness` decides from.
    var readiness: Readiness.Instance {
        Readiness.Instance(
            label: label, visible: controller.isVisible, configured: layer?.size != nil,
            committed: shown != nil,
            presented: layer?.presented ?? false,
            faceDrawing: faceDrawing.deadline != nil || badgeDrawing.deadline != nil)
    }
}

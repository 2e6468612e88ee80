import BuoyAccessibility
import BuoyButton
import BuoyCommandLine
import BuoyConfig
import BuoyCore
import BuoyServices
import BuoyWayland

/// AT-SPI: the tree a screen reader sees, built from the instances and the
/// open menu, and its actions carried out through the same inputs and
/// plans as a pointer's and `buoy msg`'s.
extension App {
    /// Reads what the buses sent and carries out the actions asked for.
    func followAccessibility(_ wakeup: Wakeup, now: Double) {
        guard let sessionBus else { return }
        for command in sessionBus.update(wakeup, now: now) { carryOut(command, now: now) }
    }

    /// Serves the tree as it is now, telling listeners what changed. Each
    /// wakeup gathers the facts; the tree is built from them only when they
    /// changed (SessionBus.publish).
    func publishAccessibleTree() {
        guard let sessionBus, sessionBus.isServing else { return }
        sessionBus.publish(accessibleFacts)
    }

    private var accessibleFacts: AccessibleFacts {
        let buttons = instances.map { instance in
            let size = Size(width: instance.spec.button.size, height: instance.spec.button.size)
            let place = layoutOrigin(of: instance)
            return AccessibleButtonFacts(
                accessibleName: instance.spec.button.accessibleName, face: instance.spec.button.face,
                actions: ButtonGesture.allCases.compactMap { gesture in
                    instance.spec.actions[gesture].map { .init(gesture, $0) }
                },
                hidden: !instance.controller.isVisible,
                extents: instance.shown.map { Rect(origin: $0.origin + place, size: size) })
        }
        var menuFacts: AccessibleMenuFacts?
        if let owner = menu.owner, let index = instances.firstIndex(where: { $0 === owner }),
            let (page, scene) = menu.openLevel
        {
            let place = layoutOrigin(of: owner)
            menuFacts = AccessibleMenuFacts(
                owner: index, page: page,
                targets: scene.images.layout.items.map {
                    Rect(origin: $0.target.origin + place, size: $0.target.size)
                },
                statuses: scene.images.statuses, focused: scene.ring, editableRows: menu.editableRows)
        }
        return AccessibleFacts(buttons: buttons, menu: menuFacts)
    }

    /// Where `instance`'s layer surface starts in the layout, in logical px,
    /// which is where a screen reader's desktop coordinates start: its
    /// output's place (xdg-output). The surface is anchored to every edge
    /// with no margins, so on its output it starts at the top-left of the
    /// area the compositor leaves it; a panel's exclusive zone at the top or
    /// left moves that, and no protocol tells a client by how much (README,
    /// Accessibility).
    private func layoutOrigin(of instance: ButtonInstance) -> Point {
        instance.currentOutput?.logicalRect?.origin ?? .zero
    }

    private func carryOut(_ command: AccessibleCommand, now: Double) {
        func message(_ index: Int, _ command: ControlCommand) {
            let plan = MessageDispatch.plan(
                ControlMessage(command: command), facts: messageFacts, now: now, instance: index)
            carryOut(plan, answering: nil, now: now)
        }
        switch command {
        case .tap(let index):
            log.info("accessibility: activate")
            guard instances.indices.contains(index) else { return }
            perform(instances[index].controller.handle(.activate(at: now)), for: instances[index], now: now)
        case .gesture(let index, let name):
            log.info("accessibility: " + name)
            guard instances.indices.contains(index), let gesture = ButtonGesture(rawValue: name) else {
                return
            }
            perform([.run(gesture)], for: instances[index], now: now)
        case .openMenu(let index):
            log.info("accessibility: open menu")
            guard instances.indices.contains(index), !(menu.isOpen && menu.owner === instances[index]) else {
                return
            }
            message(index, .menu(nil))
        case .move(let index, let corner):
            log.info("accessibility: move to " + corner.rawValue)
            guard instances.indices.contains(index), let placement = Placement(rawValue: corner.rawValue)
            else { return }
            message(index, .move(.placement(placement)))
        case .hide(let index):
            log.info("accessibility: hide")
            guard instances.indices.contains(index) else { return }
            message(index, .hide)
        case .menuItem(let index):
            log.info("accessibility: activate a menu item")
            menu.activateItem(index, now: now)
        case .editRow(let index, let change):
            log.info("accessibility: \(change.rawValue)")
            menu.editRow(index, change, now: now)
        }
    }
}

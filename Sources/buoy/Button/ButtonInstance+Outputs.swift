import BuoyButton
import BuoyCore
import BuoyWayland

/// A button dragged across outputs (issue 20 §5): where the other outputs
/// are, the handover surface that shows it on the one it reaches over, and
/// the drop there that makes that surface its own.
extension ButtonInstance {
    // MARK: - Across outputs

    /// Tells the controller where the other outputs are, for a drag to carry
    /// the button onto them (those `OutputReach` lets it reach), when they
    /// changed (during a drag too, which follows). The controller alone
    /// keeps them.
    func updateOtherOutputs() -> [ButtonEffect] {
        let own = currentOutput
        let others = display.outputs.compactMap { output -> OutputLayout.Other? in
            guard output.ready, output !== own, let name = output.name, let rect = output.logicalRect else {
                return nil
            }
            let known = handover?.output == name ? handover?.layer.size : nil
            return OutputLayout.Other(name: name, rect: rect, usable: known)
        }
        let next = OutputReach.others(
            others, output: spec.button.output, instanceOutput: key.instanceOutput, own: own?.logicalRect,
            usable: layer?.size)
        guard next != controller.otherOutputs else { return [] }
        return controller.handle(.otherOutputs(next))
    }

    /// Tells the controller the output the surface is on, when it changed
    /// (a drop's or a choice's output is the one it rests on).
    func updateOutput() -> [ButtonEffect] {
        let name = currentOutput?.name
        guard name != controller.output else { return [] }
        return controller.handle(.output(name))
    }

    /// The output `buoy msg state` names: during a drag over another output
    /// that one, whose coordinates the reported place is in; else its own.
    var reportedOutput: String? {
        controller.otherOutputDraggedOver ?? currentOutput?.name
    }

    /// The handover surface on the output named `name`, made now if there is
    /// none there (one on another output goes); nil if it cannot be made.
    private func handoverSurface(on name: String, log: Logger) -> Handover? {
        if let handover, handover.output == name { return handover }
        handover = nil
        guard let output = display.output(named: name) else { return nil }
        do {
            handover = try Handover(on: output, name: name, display: display, namespace: namespace)
        } catch {
            log.error("\(label): cannot show the button on \(name): \(error)")
        }
        return handover
    }

    /// A frame while a drag holds the button over another output, or partly:
    /// drawn there too, both committed in this wakeup, so no frame shows it
    /// twice or nowhere.
    func renderAcross(_ appearance: ButtonAppearance, now: Double, menu: MenuSession?, log: Logger) -> Bool {
        guard let layer, let usable, let other = appearance.otherOutput else { return false }
        guard let handover = handoverSurface(on: other.name, log: log), handover.configure() else {
            // Until the surface there is configured, the button waits at this output's edge.
            var here = appearance
            here.origin = Snapping.clampOrigin(appearance.origin, size: spec.button.size, in: usable)
            return renderHere(here, now: now, menu: menu, log: log)
        }
        let there = appearance.origin - other.area.origin
        guard appearance.onOwnArea else {
            hideHere(log: log)
            return renderThere(appearance, at: there, on: handover, now: now, log: log)
        }
        // Across the edge, both parts move in the same wakeup, or neither.
        guard !layer.framePending, !handover.layer.framePending else { return false }
        let drawnThere = renderThere(appearance, at: there, on: handover, now: now, log: log)
        return renderHere(appearance, now: now, menu: menu, log: log) || drawnThere
    }

    /// Takes the button and the remove target off the other output's
    /// surface, if it shows them there.
    func hideThere(log: Logger) {
        guard let handover, handover.face.isShown || handover.removal.shown != nil else { return }
        handover.face.hide()
        handover.removal.show(nil, label: label, log: log)
        handover.layer.commit()
    }

    /// Shows the button at `origin` on the other output's surface, and the
    /// remove target there while the pointer is over that output.
    private func renderThere(
        _ appearance: ButtonAppearance, at origin: Point, on handover: Handover, now: Double, log: Logger
    ) -> Bool {
        guard !handover.layer.framePending, let size = handover.layer.size else { return false }
        let look = self.look(appearance)
        guard let buffer = paintedFace(look, scale: scale, turns: 0, log: log) else { return false }
        let pad = look.shadowPadding
        let topLeft = Point(x: origin.x.rounded() - pad, y: origin.y.rounded() - pad)
        let next = Handover.ShownFace(look: look, topLeft: topLeft)
        let removalScene = removalShown(at: now, on: handover.output, in: Rect(origin: .zero, size: size))
        let removalChanged = removalScene != handover.removal.shown
        guard handover.shown != next || !handover.face.isShown || removalChanged else { return false }
        if removalChanged { handover.removal.show(removalScene, label: label, log: log) }
        handover.face.setBufferTransform(0)
        show(buffer, on: handover.face, look: look, at: topLeft)
        handover.shown = next
        handover.layer.requestFrame()
        handover.layer.commit()
        return true
    }

    /// What the remove target's view shows at `now` on the surface on
    /// `output` (nil: its own), whose usable area is `area` in its coordinates.
    func removalShown(at now: Double, on output: String? = nil, in area: Rect) -> RemovalView.ShownRemoval? {
        controller.removal(at: now, on: output).map {
            RemovalView.ShownRemoval(scene: $0, bounds: RemoveTarget.bounds(in: area), scale: scale)
        }
    }

    /// Takes the button (and the remove target) off this output while a drag
    /// shows it wholly on another; this surface keeps the drag's input.
    private func hideHere(log: Logger) {
        guard let layer, let face, face.isShown || removal.shown != nil else { return }
        face.hide()
        removal.show(nil, label: label, log: log)
        layer.commit()
        shown = nil
    }

    /// A drop on another output: its handover surface becomes this button's
    /// own, already showing it, and the old one goes. False if there is none
    /// (a drop in the wakeup that crossed), and the surface must be made anew.
    func adoptHandover() -> Bool {
        guard let handover else { return false }
        self.handover = nil
        if let layer { for seat in display.seats { seat.forget(layer.surface) } }
        removal.detach()
        removal = handover.removal
        face = handover.face
        layer = handover.layer
        requestedOutput = handover.output
        shown = nil
        return true
    }
}

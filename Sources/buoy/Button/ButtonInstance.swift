import BuoyButton
import BuoyCommandLine
import BuoyConfig
import BuoyCore
import BuoyDrawing
import BuoyWayland
import SystemCalls

/// One button on one output: its controller, which decides, and the
/// surfaces that show it. A button with `output = "*"` has one instance per
/// output; any other button has one.
final class ButtonInstance {
    /// The button's name and, for `output = "*"`, the output it belongs to:
    /// what the state file keeps its place by.
    typealias Key = InstanceKey

    /// What the compositor shows, so that commits that change nothing are skipped.
    struct ShownButton: Equatable {
        var look: ButtonLook
        /// The icon or label image, if the face shows one.
        var faceImage: FaceImage?
        var badge: ButtonBadge?
        var scale: BufferScale
        var origin: Point
        var wholeSurfaceInput: Bool

        /// Where the face's image covers the layer surface, its shadow included.
        var area: Rect {
            let pad = look.shadowPadding
            return Rect(x: origin.x - pad, y: origin.y - pad, width: look.imageSide, height: look.imageSide)
        }
    }

    let key: Key
    private(set) var spec: ButtonSpec
    var controller: ButtonController
    unowned let display: Display
    /// The instance's own surfaces: set here, and by `adoptHandover` (ButtonInstance+Outputs).
    var layer: LayerSurface?
    var face: Subsurface?
    /// Drag-to-remove's target, then its Undo bubble; below the face. Set
    /// here, and by `adoptHandover`.
    var removal: RemovalView
    /// While the menu is open from this instance: the surface that has the keyboard.
    private var keyboard: LayerSurface?
    let buffers: BufferPair
    /// The output the layer surface was asked for; nil is the compositor's choice.
    var requestedOutput: String?
    /// What the own surface shows; nil makes the next frame draw it.
    var shown: ShownButton?
    /// What the face's buffer was painted with: a configure or a reload
    /// commits again, but repaints (into the pool's second buffer) only
    /// when the look, the face's image or the scale changed.
    var painted:
        (
            look: ButtonLook, faceImage: FaceImage?, badge: ButtonBadge?, scale: BufferScale, turns: Int,
            buffer: ShmBuffer
        )?
    /// The icon or label on the face, drawn by a child.
    let faceDrawing: FaceDrawing
    /// The badge's text (`buoy msg badge`), drawn by a child like a label face.
    var badge: String?
    let badgeDrawing: FaceDrawing
    /// Keyboard interactivity or the scrim changed (the menu): commit them.
    private var surfaceChanged = false
    /// While a drag holds the button over another output: its surface there.
    var handover: Handover?

    init(
        key: Key, spec: ButtonSpec, rest: RestPosition, restOutput: String?, chosenOver: Placement?,
        display: Display, loop: EventLoop, reaper: ChildReaper, now: Double
    ) {
        self.key = key
        self.spec = spec
        self.display = display
        buffers = BufferPair(shm: display.shm!)
        removal = RemovalView(shm: display.shm!)
        faceDrawing = FaceDrawing(loop: loop, reaper: reaper)
        badgeDrawing = FaceDrawing(loop: loop, reaper: reaper)
        controller = ButtonController(
            settings: ButtonSettings(spec), rest: rest, restOutput: restOutput, chosenOver: chosenOver,
            now: now)
    }

    /// "main", or "main on HEADLESS-2" for an instance of an `output = "*"` button.
    var label: String { key.label }

    /// Takes a reloaded config's spec for this button.
    func update(_ new: ButtonSpec, now: Double) -> [ButtonEffect] {
        let old = spec
        spec = new
        shown = nil
        var effects = controller.handle(.settings(ButtonSettings(new), at: now))
        if new.button.output != old.button.output {
            effects += controller.handle(.preferredOutputReturned(at: now))
        }
        return effects
    }

    // MARK: - Surfaces

    /// The output this instance should be on, if any is named.
    private var preferredOutputName: String? {
        if let output = key.instanceOutput { return output }
        if case .named(let name) = spec.button.output { return name }
        return controller.restOutput
    }

    /// Creates the layer surface when there is none (at start, or after the
    /// compositor closed it), and tells the controller when the preferred
    /// output came back while the button shows elsewhere. Returns the
    /// controller's effects.
    func placeSurface(outputsChanged: Bool, now: Double, log: Logger) -> [ButtonEffect] {
        let preferred = preferredOutputName
        let preferredOutput = preferred.flatMap { display.output(named: $0) }
        if let layer, !layer.closed, !lostItsOutput(layer) {
            // Where the compositor chose an output, it may be the preferred one already: a
            // surface made again for nothing crashed phoc 0.24 after a drag and a reload.
            let shownOn = requestedOutput ?? currentOutput?.name
            let onPreferred = shownOn != nil && shownOn == preferredOutput?.name
            guard outputsChanged, preferredOutput != nil, !onPreferred else { return [] }
            log.info("\(label): output \(preferred ?? "") is there; moving the button to it")
            return controller.handle(.preferredOutputReturned(at: now))
        }
        if let layer {
            let why =
                layer.closed ? "the compositor closed the button's surface" : "the button's output is gone"
            log.info("\(label): \(why); placing it again")
        }
        let effects = dropSurface(now: now)
        guard display.outputs.contains(where: { $0.ready }) else { return effects }
        if let preferred, preferredOutput == nil, case .named = spec.button.output {
            log.warning("\(label): output \(preferred) is not connected; using the compositor's choice")
        }
        do {
            let layer = try LayerSurface(display: display, output: preferredOutput, namespace: namespace)
            // Made first, so it is stacked below the face dragged over it.
            try removal.attach(to: layer, display: display)
            face = try Subsurface(display: display, parent: layer, scalable: true, staysMapped: true)
            self.layer = layer
            requestedOutput = preferredOutput?.name
        } catch {
            log.error("\(label): cannot create the button's surface: \(error)")
        }
        return effects
    }

    /// Whether the output the surface was put on went away. sway 1.7 then
    /// closes the layer surface, but sway 1.10 only destroys the output (a
    /// `leave` first), so buoy cannot wait for `closed` alone.
    private func lostItsOutput(_ layer: LayerSurface) -> Bool {
        if let requestedOutput { return display.output(named: requestedOutput) == nil }
        guard let home = layer.homeOutput else { return false }
        return display.output(registryName: home) == nil
    }

    /// Destroys the surfaces, newest first; the controller forgets the area.
    func dropSurface(now: Double) -> [ButtonEffect] {
        destroySurfaces()
        return controller.handle(.area(nil, at: now))
    }

    /// Destroys the surfaces, newest first, and tells the controller
    /// nothing: the instance is going away, and its controller with it.
    func destroySurfaces() {
        if let layer { for seat in display.seats { seat.forget(layer.surface) } }
        if let keyboard { for seat in display.seats { seat.forget(keyboard.surface) } }
        keyboard = nil
        handover = nil
        face = nil
        removal.detach()
        layer = nil
        shown = nil
        painted = nil
        buffers.removeAll()
    }

    /// Acknowledges a configure and hands the controller the new area.
    func applyConfigure(now: Double) -> [ButtonEffect] {
        guard let layer, layer.takeChanged() else { return [] }
        shown = nil
        if layer.needsConfigureAck { layer.applyConfigure() }
        return controller.handle(.area(usable, at: now))
    }

    /// The usable area in layer-surface coordinates: the layer surface is
    /// stretched over exactly that area.
    var usable: Rect? {
        guard let size = layer?.size else { return nil }
        return Rect(origin: .zero, size: size)
    }

    var surface: OpaquePointer? { layer?.surface }
    /// The surface the open menu takes the keyboard with, if it is open from here.
    var menuKeyboardSurface: OpaquePointer? { keyboard?.surface }

    /// The output the surface is on, or was asked for.
    var currentOutput: Output? {
        if let entered = layer?.outputs.first, let output = display.output(registryName: entered) {
            return output
        }
        return requestedOutput.flatMap { display.output(named: $0) }
    }

    /// The scale the button and the menu are drawn at: the compositor's
    /// preferred one (fractional, or wl_surface v6's integer one) once it
    /// has said, else the highest wl_output.scale of the outputs the surface
    /// is on. The first frame comes before either says, so it assumes the
    /// requested output, or the highest scale of any output: a sharp first
    /// frame, rather than a blurry one redrawn a moment later.
    var scale: BufferScale {
        if let preferred = layer?.preferredScale { return preferred }
        let entered = layer?.outputs.compactMap { display.output(registryName: $0)?.scale } ?? []
        return BufferScale(
            integer: entered.max() ?? currentOutput?.scale ?? display.outputs.map(\.scale).max() ?? 1)
    }

    /// Where the menu unfolds from: the button where it rests.
    var menuAnchor: MenuAnchor? {
        guard let usable, let rect = controller.restingRect else { return nil }
        return MenuAnchor(button: rect, usable: usable, scale: scale)
    }

    var namespace: String {
        LayerNamespace.button(onKWin: display.isKWin, layerShellVersion: display.layerShellVersion)
    }

    /// Gives the keyboard to the menu (or back) and sets its scrim. The keys
    /// go to a surface of their own, made now and destroyed at the close.
    func holdForMenu(_ open: Bool, log: Logger) {
        if open, keyboard == nil {
            do {
                keyboard = try LayerSurface(
                    keyboardFor: display, output: requestedOutput.flatMap { display.output(named: $0) },
                    namespace: "buoy-menu")
            } catch {
                log.error("\(label): the menu gets no keyboard: \(error)")
            }
        } else if !open, let keyboard {
            for seat in display.seats { seat.forget(keyboard.surface) }
            self.keyboard = nil
        }
        layer?.setScrim(open ? spec.menu.dim : 0)
        surfaceChanged = true
    }

    /// Maps the menu's keyboard surface once the compositor has configured it.
    private func configureKeyboardSurface() {
        guard let keyboard, keyboard.takeChanged(), keyboard.needsConfigureAck else { return }
        keyboard.applyConfigure()
        keyboard.commit()
    }

    // MARK: - Frames

    /// When the loop must wake for this instance: its controller's next
    /// deadline, or, while something moves or fades (or `menu`, shown from
    /// it, animates), 16 ms from now if this wakeup drew nothing and no
    /// frame callback will come (a fade's first step can be too small to
    /// change a pixel). Frame callbacks pace the rest.
    func deadline(after now: Double, committed: Bool, menu: MenuSession?) -> Double? {
        let wake = controller.nextWake(after: now)
        var deadline = [faceDrawing.deadline, badgeDrawing.deadline].compactMap { $0 }.min()
        if case .timer(let at)? = wake { deadline = min(deadline ?? at, at) }
        let moving = wake == .frames || (menu?.needsFrame(at: now) ?? false)
        if moving, !committed, !(layer?.framePending ?? false) {
            deadline = min(deadline ?? .infinity, now + 0.016)
        }
        return deadline
    }

    /// Commits one frame if anything visible changed and the compositor is
    /// ready for one; `menu` is drawn with it when this instance shows it.
    /// `offForScreenshot` takes everything away at once instead, whatever
    /// the controller shows. Returns whether it committed.
    func render(now: Double, menu: MenuSession?, offForScreenshot: Bool, log: Logger) -> Bool {
        configureKeyboardSurface()
        guard layer?.size != nil else { return false }
        if offForScreenshot {
            hideThere(log: log)
            return hideForScreenshot(now: now, menu: menu, log: log)
        }
        let appearance = controller.frame(at: now)
        // The surface on another output goes with the drag, or with that output.
        if let handover, !controller.isDragging || display.output(named: handover.output) == nil {
            self.handover = nil
        }
        if let appearance, appearance.otherOutput != nil {
            return renderAcross(appearance, now: now, menu: menu, log: log)
        }
        hideThere(log: log)
        return renderHere(appearance, now: now, menu: menu, log: log)
    }

    /// Takes the button, its badge, the remove target and the menu off the
    /// surface in one commit, without waiting for a frame callback, and lets
    /// no input land there (it is meant for slurp, say). The next frame
    /// after it draws the button again, as `shown` is nil.
    private func hideForScreenshot(now: Double, menu: MenuSession?, log: Logger) -> Bool {
        guard let layer, let face else { return false }
        let menuFrame = menu?.needsFrame(at: now) ?? false
        guard shown != nil || face.isShown || menuFrame || surfaceChanged || removal.shown != nil else {
            return false
        }
        if let shown { layer.damage(shown.area) }
        face.hide()
        if menuFrame { menu?.render(now: now) }
        removal.show(nil, label: label, log: log)
        layer.setInputRegion([])
        surfaceChanged = false
        layer.commit()
        shown = nil
        return true
    }

    /// Draws a frame of the button and the menu on this instance's own surface.
    func renderHere(_ appearance: ButtonAppearance?, now: Double, menu: MenuSession?, log: Logger)
        -> Bool
    {
        guard let layer, let face, let usable else { return false }
        let removalScene = removalShown(at: now, in: usable)
        if layer.framePending {
            var changed = false
            // The input region follows a press at once, even between frames.
            if let appearance, var shown, shown.wholeSurfaceInput != appearance.wholeSurfaceInput {
                applyInputRegion(to: layer, at: shown.origin, whole: appearance.wholeSurfaceInput)
                shown.wholeSurfaceInput = appearance.wholeSurfaceInput
                self.shown = shown
                changed = true
            }
            // So does a menu that has just opened: its first frame goes out
            // at once, without waiting a frame for the callback.
            if let menu, menu.awaitsFirstFrame {
                menu.render(now: now)
                changed = true
            }
            if changed { layer.commit() }
            return false
        }
        guard let appearance else {
            // A menu dropped with its hidden button still has sprites to take away.
            let menuFrame = menu?.needsFrame(at: now) ?? false
            let removalChanged = removalScene != removal.shown
            guard shown != nil || face.isShown || menuFrame || removalChanged else { return false }
            // sway 1.7 repaints where a shrunk subsurface was only if the 1×1
            // it shrinks to lies on the output, and at the top or left edge
            // the shadow puts its corner past it: the button stayed drawn.
            // The layer surface repaints it, as the menu's images are for
            // phoc (MenuPresenter.repaint).
            if let shown { layer.damage(shown.area) }
            face.hide()
            if menuFrame { menu?.render(now: now) }
            if removalChanged { removal.show(removalScene, label: label, log: log) }
            // Only Undo, while it shows, takes input: a tap there brings the button back.
            if let removalScene, case .undo = removalScene.scene {
                layer.setInputRegion(RemovalView.undoRegion(removalScene.bounds))
            } else {
                layer.setInputRegion([])
            }
            layer.commit()
            shown = nil
            return true
        }
        let look = self.look(appearance)
        let scale = self.scale
        let faceImage = faceDrawing.image
        let badge = drawnBadge
        let origin = Point(
            x: place(appearance.origin.x, look, scale), y: place(appearance.origin.y, look, scale))
        let next = ShownButton(
            look: look, faceImage: faceImage, badge: badge, scale: scale, origin: origin,
            wholeSurfaceInput: appearance.wholeSurfaceInput)
        let menuFrame = menu?.needsFrame(at: now) ?? false
        let removalChanged = removalScene != removal.shown
        guard next != shown || menuFrame || surfaceChanged || removalChanged else { return false }
        if removalChanged { removal.show(removalScene, label: label, log: log) }

        // The compositor's preferred transform, when it is a turn (the face is
        // left-right symmetric, so a flipped one is drawn unturned).
        let turns = layer.preferredTransform < 4 ? Int(layer.preferredTransform) : 0
        guard let buffer = paintedFace(look, scale: scale, turns: turns, log: log) else { return false }
        face.setBufferTransform(UInt32(turns))
        // Every commit re-attaches the button, even unchanged: the damage
        // makes the compositor repaint, and so answer the frame callback
        // that paces the next commit.
        show(buffer, on: face, look: look, at: next.area.origin)
        // phoc 0.58 repaints neither where a moved subsurface was nor where it went: the
        // layer surface is damaged there (phoc 0.46 needed the same for the menu's images).
        layer.damage(shown.map { $0.area.union(next.area) } ?? next.area)
        if menuFrame { menu?.render(now: now) }
        applyInputRegion(to: layer, at: origin, whole: appearance.wholeSurfaceInput)
        surfaceChanged = false
        layer.requestFrame()
        layer.commit()
        shown = next
        return true
    }
}

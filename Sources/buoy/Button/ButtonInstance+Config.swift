import BuoyButton
import BuoyConfig
import BuoyCore
import BuoyDrawing
import BuoyGestures
import BuoyWayland

/// What a button instance takes from the config and from Wayland, and what it reports.
extension ButtonInstance {
    /// The controller's input for a Wayland input event on this instance's surface.
    static func input(for event: InputEvent) -> ButtonInput? {
        switch event {
        case .pointerEnter(let point, let at): return .hover(true, at: at, point: point)
        case .pointerLeave(let at): return .hover(false, at: at)
        case .pointerMotion(let point, let at): return .move(point, kind: .pointer, at: at)
        case .touchMotion(let point, let at): return .move(point, kind: .touch, at: at)
        case .pointerPress(let point, let at): return .press(point, kind: .pointer, at: at)
        case .touchDown(let point, let at): return .press(point, kind: .touch, at: at)
        case .pointerRelease(let point, let at): return .release(point, kind: .pointer, at: at)
        case .touchUp(let point, let at): return .release(point, kind: .touch, at: at)
        case .touchCancel(let at): return .cancel(kind: .touch, at: at)
        case .key, .keyboardFocus, .otherTouch: return nil
        }
    }
}

extension StateReport {
    /// What `buoy msg state` prints: the first instance at the top level,
    /// every instance in `buttons`. x and y are the top-left of the button,
    /// relative to its output's usable area (the whole output when no bar or
    /// keyboard reserves space), in whole px (`ButtonController.reportedOrigin`:
    /// during a glide, where it is going; during a drag, where it is, on the
    /// output the pointer is over). With no
    /// instance yet, the top level describes `first` as configured.
    init(
        instances: [ButtonInstance], first: ButtonSpec, menuOpen: Bool, mode: DeviceMode, config: String,
        now: Double
    ) {
        let buttons = instances.map { instance in
            let controller = instance.controller
            let position = controller.reportedOrigin
            return ButtonReport(
                name: instance.key.name, output: instance.reportedOutput, visible: controller.isVisible,
                hiddenBy: controller.hiddenBy, dragging: controller.isDragging, x: position?.x.rounded(),
                y: position?.y.rounded(),
                size: controller.settings.size, edge: controller.reportedRest.name,
                opacity: controller.opacity(at: now), badge: instance.badge)
        }
        let top =
            buttons.first
            ?? ButtonReport(
                name: first.name, output: nil, visible: false, x: nil, y: nil, size: first.button.size,
                edge: RestPosition(placement: first.button.position).name, opacity: 0)
        self.init(
            visible: top.visible, dragging: top.dragging, output: top.output, x: top.x, y: top.y,
            size: top.size, edge: top.edge, opacity: top.opacity, menuOpen: menuOpen, mode: mode,
            config: config,
            buttons: buttons)
    }
}

extension ButtonInstance {
    /// Where the button's edge goes, in whole logical px: at a fractional
    /// scale, where its face starts on a whole buffer pixel (see
    /// `BufferScale.aligned`), unless a drag has it follow the pointer px
    /// by px. The input region goes where the face does.
    func place(_ x: Double, _ look: ButtonLook, _ scale: BufferScale) -> Double {
        guard !controller.isDragging else { return x.rounded() }
        let pad = look.shadowPadding
        return Double(scale.aligned(x - pad)) + pad
    }

    /// Only the button's shape takes input, unless the controller wants the
    /// whole surface to (a press in progress, the open menu).
    func applyInputRegion(to layer: LayerSurface, at origin: Point, whole: Bool) {
        guard !whole else { return layer.setInputRegion(nil) }
        let strips = inputStrips(shape: spec.button.shape, size: spec.button.size)
        layer.setInputRegion(
            strips.map {
                Rect(x: $0.minX + origin.x, y: $0.minY + origin.y, width: $0.width, height: $0.height)
            })
    }
}

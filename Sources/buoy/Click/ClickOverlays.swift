import BuoyCore
import BuoyWayland
import CWaylandClient

/// The click types' overlays: one transparent layer surface over each
/// output that has a button, whose input region is the output but for the
/// buttons on it, so that the next tap anywhere else is buoy's. They exist
/// only while a click type is armed: nothing else keeps them, so no click,
/// disarm, helper crash or gone output can leave one taking input.
final class ClickOverlays {
    private struct Overlay {
        var output: String
        var layer: LayerSurface
        /// The buttons cut out of its input region, as last set.
        var cutOut: [Rect]?
    }

    private unowned let display: Display
    private let log: Logger
    private var overlays: [Overlay] = []

    init(display: Display, log: Logger) {
        self.display = display
        self.log = log
    }

    /// The output of the overlay `surface` is, if it is one.
    func output(of surface: OpaquePointer?) -> String? {
        overlays.first { $0.layer.surface == surface }?.output
    }

    /// Overlays on exactly `outputs`: the others go at once.
    func show(on outputs: [String]) {
        for overlay in overlays where !outputs.contains(overlay.output) { destroy(overlay.layer) }
        overlays.removeAll { !outputs.contains($0.output) }
        for name in outputs where !overlays.contains(where: { $0.output == name }) {
            guard let output = display.output(named: name) else { continue }
            do {
                let layer = try LayerSurface(overlayOn: display, output: output, namespace: Self.namespace)
                overlays.append(Overlay(output: name, layer: layer))
            } catch {
                log.error("cannot show the click overlay on \(name): \(error)")
            }
        }
    }

    /// The outputs whose overlay the compositor closed (its output went
    /// away): those overlays are gone.
    func takeClosed() -> [String] {
        let closed = overlays.filter(\.layer.closed)
        for overlay in closed { destroy(overlay.layer) }
        overlays.removeAll(where: \.layer.closed)
        return closed.map(\.output)
    }

    /// Answers configures, and cuts `buttons(output)` (output-local logical
    /// px) out of each overlay's input region when they moved.
    func update(buttons: (String) -> [Rect]) {
        for index in overlays.indices {
            let layer = overlays[index].layer
            var commit = false
            if layer.takeChanged(), layer.needsConfigureAck {
                layer.applyConfigure()
                commit = true
            }
            let cutOut = buttons(overlays[index].output)
            if let size = layer.size, cutOut != overlays[index].cutOut {
                if overlays[index].cutOut == nil {
                    log.info("click overlay on \(overlays[index].output) takes input")
                }
                overlays[index].cutOut = cutOut
                setInputRegion(of: layer, size: size, except: cutOut)
                commit = true
            }
            if commit { layer.commit() }
        }
    }

    private func setInputRegion(of layer: LayerSurface, size: Size, except buttons: [Rect]) {
        guard let compositor = display.compositor, let region = wl_compositor_create_region(compositor) else {
            return
        }
        wl_region_add(region, 0, 0, Int32(size.width.rounded(.up)), Int32(size.height.rounded(.up)))
        for rect in buttons {
            let x = rect.minX.rounded(.down)
            let y = rect.minY.rounded(.down)
            wl_region_subtract(
                region, Int32(x), Int32(y), Int32((rect.maxX - x).rounded(.up)),
                Int32((rect.maxY - y).rounded(.up)))
        }
        wl_surface_set_input_region(layer.surface, region)
        wl_region_destroy(region)
    }

    private func destroy(_ layer: LayerSurface) {
        for seat in display.seats { seat.forget(layer.surface) }
    }

    /// The layer namespace, for compositor rules.
    static let namespace = "buoy-click"
}

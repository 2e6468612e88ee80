import BuoyCore
import BuoyDrawing
import BuoyWayland

/// A layer surface on another output, which shows the button while a drag
/// holds it over that output, and the remove target there: a layer surface
/// lives on one output, and the button's own keeps the drag's implicit grab
/// until the release. A drop there makes it the button's own surface
/// (`ButtonInstance.adoptHandover`).
final class Handover {
    let output: String
    let layer: LayerSurface
    let removal: RemovalView
    let face: Subsurface
    /// What it last showed, so that a frame that would change nothing is not committed.
    var shown: ShownFace?

    struct ShownFace: Equatable {
        var look: ButtonLook
        var topLeft: Point
    }

    /// Made as the button's own surface is, with no input region: the
    /// drag's input keeps going to the button's own surface.
    init(on output: Output, name: String, display: Display, namespace: String) throws(WaylandError) {
        self.output = name
        layer = try LayerSurface(display: display, output: output, namespace: namespace)
        removal = RemovalView(shm: display.shm!)
        // Made first, so it is stacked below the face dragged over it.
        try removal.attach(to: layer, display: display)
        face = try Subsurface(display: display, parent: layer, scalable: true, staysMapped: true)
    }

    /// Acknowledges a configure, mapping the surface; true once it has a size to draw in.
    func configure() -> Bool {
        if layer.takeChanged(), layer.needsConfigureAck {
            layer.applyConfigure()
            layer.commit()
        }
        return layer.size != nil
    }
}

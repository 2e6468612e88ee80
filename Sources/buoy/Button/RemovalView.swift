import BuoyButton
import BuoyCore
import BuoyDrawing
import BuoyWayland

/// Drag to remove's target, then its Undo bubble (`ButtonController.removal`),
/// on a subsurface of an instance's layer surface, stacked below the face.
final class RemovalView {
    /// What it shows, and where: a frame that changes none of it repaints nothing.
    struct ShownRemoval: Equatable {
        var scene: RemovalScene
        var bounds: Rect
        var scale: BufferScale
    }

    private var surface: Subsurface?
    private let buffers: BufferPair
    private(set) var shown: ShownRemoval?

    init(shm: OpaquePointer) {
        buffers = BufferPair(shm: shm)
    }

    /// Makes its subsurface on `parent`, stacked below the face dragged over
    /// it: made before the face's, or placed below `face`.
    func attach(to parent: LayerSurface, display: Display, below face: Subsurface? = nil) throws(WaylandError)
    {
        let surface = try Subsurface(display: display, parent: parent, scalable: true, staysMapped: true)
        if let face { surface.placeBelow(face) }
        self.surface = surface
    }

    /// Its surface and buffers go with the layer surface.
    func detach() {
        surface = nil
        shown = nil
        buffers.removeAll()
    }

    /// Shows the target or the Undo bubble as `next` says, or hides it;
    /// applies with the layer surface's next commit.
    func show(_ next: ShownRemoval?, label: String, log: Logger) {
        guard let surface else { return }
        guard let next else {
            surface.hide()
            shown = nil
            return
        }
        let look: RemovalLook
        switch next.scene {
        case .target(let opacity, let armed):
            look = RemovalLook(.target(armed: armed), diameter: RemoveTarget.diameter, opacity: opacity)
        case .undo(let pressed):
            look = RemovalLook(.undo(pressed: pressed), diameter: RemoveTarget.diameter)
        }
        let side = look.bufferSide(scale: next.scale)
        let free: ShmBuffer?
        do { free = try buffers.free(width: side, height: side) } catch {
            log.error("\(label): \(error)")
            return
        }
        // Both buffers still on screen: try again on the next frame.
        guard let buffer = free else { return }
        RemovalPainter.paint(look, scale: next.scale, into: buffer.data, stride: buffer.stride)
        buffer.releasePages()
        let logical = Int(look.imageSide)
        surface.show(buffer, size: (logical, logical))
        let center = next.bounds.center
        surface.setPosition(x: Int(center.x) - logical / 2, y: Int(center.y) - logical / 2)
        shown = next
    }

    /// The Undo bubble's input region: its circle, at `bounds`.
    static func undoRegion(_ bounds: Rect) -> [Rect] {
        inputStrips(shape: .circle, size: bounds.width).map {
            Rect(x: $0.minX + bounds.minX, y: $0.minY + bounds.minY, width: $0.width, height: $0.height)
        }
    }
}

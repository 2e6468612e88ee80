import CWaylandClient

/// The button's own surface: a synchronized subsurface of the layer surface.
/// Its position and contents apply together with the parent's commit, so a
/// move and a redraw can never be seen half-done.
public final class Subsurface {
    public let surface: OpaquePointer
    private let role: OpaquePointer

    public init(display: Display, parent: LayerSurface) throws(WaylandError) {
        guard let compositor = display.compositor, let subcompositor = display.subcompositor,
            let region = wl_compositor_create_region(compositor)
        else { throw .system("globals are missing") }
        surface = wl_compositor_create_surface(compositor)!
        role = wl_subcompositor_get_subsurface(subcompositor, surface, parent.surface)!
        // Input goes to the parent, whose coordinates never move.
        wl_surface_set_input_region(surface, region)
        wl_region_destroy(region)
    }

    deinit {
        wl_subsurface_destroy(role)
        wl_surface_destroy(surface)
    }

    /// Top-left corner relative to the parent, in logical px.
    public func setPosition(x: Int, y: Int) {
        wl_subsurface_set_position(role, Int32(x), Int32(y))
    }

    /// Shows `buffer`, drawn at `scale` buffer pixels per logical pixel.
    public func show(_ buffer: ShmBuffer, scale: Int) {
        buffer.busy = true
        wl_surface_set_buffer_scale(surface, Int32(scale))
        wl_surface_attach(surface, buffer.proxy, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, Int32(buffer.width), Int32(buffer.height))
        wl_surface_commit(surface)
    }

    /// Removes the content, which hides the button.
    public func hide() {
        wl_surface_attach(surface, nil, 0, 0)
        wl_surface_commit(surface)
    }
}

import CWaylandClient
import CWaylandProtocols

/// A synchronized subsurface of the layer surface: the button, or one image
/// of the menu. Its position and contents apply together with the parent's
/// commit, so a move and a redraw can never be seen half-done.
package final class Subsurface {
    package let surface: OpaquePointer
    private let role: OpaquePointer
    /// For a scalable subsurface: the compositor stretches its buffer to
    /// the size `place` gives.
    private let viewport: OpaquePointer?
    /// For a fadable subsurface where wp_alpha_modifier_v1 is offered: its
    /// opacity factor, and the one last set.
    private let alpha: OpaquePointer?
    private var opacity = 1.0
    /// The buffer on screen, kept alive until it is replaced or the surface
    /// is gone: the compositor may read it until then.
    package private(set) var content: ShmBuffer?
    /// For one that stays mapped: the transparent pixel `hide` shows (the
    /// parent's own).
    private let blank: ShmBuffer?

    /// With `staysMapped`, `hide` shows one transparent pixel instead of
    /// unmapping it: phoc 0.24 crashes (in its unmap handler) when a
    /// subsurface made before its parent was first mapped is unmapped.
    package init(
        display: Display, parent: LayerSurface, scalable: Bool = false, fadable: Bool = false,
        staysMapped: Bool = false
    ) throws(WaylandError) {
        guard let compositor = display.compositor, let subcompositor = display.subcompositor,
            let viewporter = display.viewporter
        else { throw .system("globals are missing") }
        // Staged: whatever fails destroys what was made before it, newest first.
        var made = false
        guard let surface = display.createSurface() else { throw .system("cannot create a surface") }
        defer { if !made { wl_surface_destroy(surface) } }
        guard let role = wl_subcompositor_get_subsurface(subcompositor, surface, parent.surface) else {
            throw .system("cannot create a subsurface")
        }
        defer { if !made { wl_subsurface_destroy(role) } }
        guard let region = wl_compositor_create_region(compositor) else {
            throw .system("cannot create a region")
        }
        // Input goes to the parent, whose coordinates never move.
        wl_surface_set_input_region(surface, region)
        wl_region_destroy(region)
        made = true
        self.surface = surface
        self.role = role
        blank = staysMapped ? parent.transparentPixel : nil
        viewport = scalable ? wp_viewporter_get_viewport(viewporter, surface) : nil
        alpha =
            fadable ? display.alphaModifier.flatMap { wp_alpha_modifier_v1_get_surface($0, surface) } : nil
    }

    deinit {
        if let alpha { wp_alpha_modifier_surface_v1_destroy(alpha) }
        if let viewport { wp_viewport_destroy(viewport) }
        wl_subsurface_destroy(role)
        wl_surface_destroy(surface)
    }

    /// Stacks it right below `sibling`, a subsurface of the same parent,
    /// with the parent's next commit.
    package func placeBelow(_ sibling: Subsurface) {
        wl_subsurface_place_below(role, sibling.surface)
    }

    /// Whether a buffer is attached.
    package var isShown: Bool { content != nil }

    /// Top-left corner relative to the parent, in logical px.
    package func setPosition(x: Int, y: Int) {
        wl_subsurface_set_position(role, Int32(x), Int32(y))
    }

    /// Shows `buffer`. The buffer scale stays 1, whatever the output's:
    /// the viewport's destination, the logical size, decides how large it
    /// looks, so a buffer can be drawn at a fractional scale (and its size
    /// need not be a multiple of an integer one). A scalable subsurface
    /// gets its destination from `place`; pass `size` (logical px) to set
    /// it here.
    package func show(_ buffer: ShmBuffer, size: (width: Int, height: Int)? = nil) {
        buffer.busy = true
        content = buffer
        if let viewport, let size {
            wp_viewport_set_destination(viewport, Int32(max(1, size.width)), Int32(max(1, size.height)))
        }
        wl_surface_attach(surface, buffer.proxy, 0, 0)
        wl_surface_damage_buffer(surface, 0, 0, Int32(buffer.width), Int32(buffer.height))
        wl_surface_commit(surface)
    }

    /// A scalable subsurface: moves it and stretches its content to
    /// `width`×`height` logical px (at least 1 each).
    package func place(x: Int, y: Int, width: Int, height: Int) {
        setPosition(x: x, y: y)
        if let viewport { wp_viewport_set_destination(viewport, Int32(max(1, width)), Int32(max(1, height))) }
        wl_surface_commit(surface)
    }

    /// Sets how opaque it is, from 0 to 1, with its next commit (`place`,
    /// `show`), where the compositor can fade it; elsewhere it stays opaque.
    package func setOpacity(_ value: Double) {
        let value = min(max(value, 0), 1)
        guard let alpha, value != opacity else { return }
        opacity = value
        wp_alpha_modifier_surface_v1_set_multiplier(alpha, UInt32((value * Double(UInt32.max)).rounded()))
    }

    /// How the buffers shown from now on are turned (a wl_output_transform).
    package func setBufferTransform(_ transform: UInt32) {
        wl_surface_set_buffer_transform(surface, Int32(transform))
    }

    /// Removes the content, which hides the surface (and unmaps it, unless
    /// it stays mapped).
    package func hide() {
        if let blank {
            if let viewport { wp_viewport_set_destination(viewport, 1, 1) }
            wl_surface_attach(surface, blank.proxy, 0, 0)
            wl_surface_damage_buffer(surface, 0, 0, 1, 1)
        } else {
            wl_surface_attach(surface, nil, 0, 0)
        }
        wl_surface_commit(surface)
        content = nil
    }
}

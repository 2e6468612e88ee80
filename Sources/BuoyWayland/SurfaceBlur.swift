import BuoyCore
import CWaylandClient
import CWaylandProtocols

/// The blur behind one surface, through the protocol the compositor
/// offers: ext-background-effect-v1 (KWin 6.7 here) where it is
/// offered, else KWin's org_kde_kwin_blur (offered while KWin's blur effect
/// runs). A region set applies at the surface's next commit, as does
/// `remove`.
package final class SurfaceBlur {
    private enum Object {
        case background(OpaquePointer)
        case kwin(OpaquePointer, manager: OpaquePointer)
    }

    private let display: Display
    private let surface: OpaquePointer
    private var object: Object?
    private var region: [Rect]?

    /// The blur behind `surface`; nil where neither protocol is offered.
    /// A surface has at most one.
    package init?(display: Display, surface: OpaquePointer) {
        if let manager = display.backgroundEffects,
            let effect = ext_background_effect_manager_v1_get_background_effect(manager, surface)
        {
            object = .background(effect)
        } else if let manager = display.kwinBlurManager,
            let blur = org_kde_kwin_blur_manager_create(manager, surface)
        {
            object = .kwin(blur, manager: manager)
        } else {
            return nil
        }
        self.display = display
        self.surface = surface
    }

    deinit { remove() }

    /// Blurs behind `rects` (surface coordinates; empty for nowhere), sent
    /// only when they changed.
    package func setRegion(_ rects: [Rect]) {
        guard let object, rects != region else { return }
        region = rects
        if rects.isEmpty {
            // ext's null removes the blur; KWin reads an empty region as the
            // whole surface, so there the blur is unset (a commit sets it again).
            switch object {
            case .background(let effect): ext_background_effect_surface_v1_set_blur_region(effect, nil)
            case .kwin(_, let manager): org_kde_kwin_blur_manager_unset(manager, surface)
            }
            return
        }
        guard let wlRegion = display.makeRegion(rects) else { return }
        defer { wl_region_destroy(wlRegion) }
        switch object {
        case .background(let effect): ext_background_effect_surface_v1_set_blur_region(effect, wlRegion)
        case .kwin(let blur, _):
            org_kde_kwin_blur_set_region(blur, wlRegion)
            org_kde_kwin_blur_commit(blur)
        }
    }

    /// No more blur behind the surface, from its next commit.
    package func remove() {
        switch object {
        case .background(let effect): ext_background_effect_surface_v1_destroy(effect)
        case .kwin(let blur, let manager):
            org_kde_kwin_blur_manager_unset(manager, surface)
            org_kde_kwin_blur_release(blur)
        case nil: break
        }
        object = nil
    }
}

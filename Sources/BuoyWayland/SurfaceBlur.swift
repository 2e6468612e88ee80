import BuoyCore
import CWaylandClient
import CWaylandProtocols

/// The blur behind one surface, through the protocol the compositor
/// offers: ext-background-effect-v1 (KWin 6.5 and later) where it is
/// offered, else KWin's org_kde_kwin_blur (offered while KWin's blur effect
/// runs). A region set applies at the surface's next commit, as does
/// `remove`.
public final class SurfaceBlur {
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
    public init?(display: Display, surface: OpaquePointer) {
        if let manager = display.backgroundEffects?.proxy,
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
    public func setRegion(_ rects: [Rect]) {
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
        guard let compositor = display.compositor, let wlRegion = wl_compositor_create_region(compositor)
        else {
            return
        }
        defer { wl_region_destroy(wlRegion) }
        for rect in rects {
            wl_region_add(wlRegion, Int32(rect.minX), Int32(rect.minY), Int32(rect.width), Int32(rect.height))
        }
        switch object {
        case .background(let effect): ext_background_effect_surface_v1_set_blur_region(effect, wlRegion)
        case .kwin(let blur, _):
            org_kde_kwin_blur_set_region(blur, wlRegion)
            org_kde_kwin_blur_commit(blur)
        }
    }

    /// No more blur behind the surface, from its next commit.
    public func remove() {
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

/// ext_background_effect_manager_v1, where offered. Its capabilities say
/// whether the compositor blurs now (KWin: only while its blur effect runs,
/// which needs OpenGL); a region set while it does not takes effect once it
/// does. Handlers only record.
public final class BackgroundEffectManager {
    let proxy: OpaquePointer
    /// Whether the compositor applies blur now, as last announced.
    public private(set) var blurs = false

    init(proxy: OpaquePointer) {
        self.proxy = proxy
        ext_background_effect_manager_v1_add_listener(
            proxy, Self.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    func destroy() {
        ext_background_effect_manager_v1_destroy(proxy)
    }

    nonisolated(unsafe) private static let listener:
        UnsafeMutablePointer<ext_background_effect_manager_v1_listener> = {
            let listener = UnsafeMutablePointer<ext_background_effect_manager_v1_listener>.allocate(
                capacity: 1)
            listener.initialize(
                to: ext_background_effect_manager_v1_listener(
                    capabilities: { data, _, flags in
                        Unmanaged<BackgroundEffectManager>.fromOpaque(data!).takeUnretainedValue().blurs =
                            flags & EXT_BACKGROUND_EFFECT_MANAGER_V1_CAPABILITY_BLUR.rawValue != 0
                    }))
            return listener
        }()
}

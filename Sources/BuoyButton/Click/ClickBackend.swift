import BuoyCore

/// What buoy clicks with on a compositor, chosen from the globals it
/// offers: wlroots' virtual pointer where there is one (sway, labwc,
/// wayfire, Hyprland, phoc), else KWin's fake input.
public enum ClickBackend: Equatable, Sendable {
    /// zwlr_virtual_pointer_v1, v2: a pointer for one output, whose absolute
    /// motion is in that output's own extent.
    case virtualPointer
    /// org_kde_kwin_fake_input, v3 or later: absolute motion in the layout's
    /// global logical pixels (`globalSteps`).
    case fakeInput
    /// Neither: why, for the log, `msg click` and `buoy doctor`.
    case unavailable(String)

    /// The version of zwlr_virtual_pointer_manager_v1 that gives a pointer
    /// per output.
    public static let virtualPointerVersion: UInt32 = 2
    /// The version of org_kde_kwin_fake_input that has
    /// pointer_motion_absolute.
    public static let fakeInputVersion: UInt32 = 3

    /// The backend for a compositor that offers these versions of the two
    /// globals (nil: not offered to buoy).
    public static func choose(virtualPointer: UInt32?, fakeInput: UInt32?) -> ClickBackend {
        if let virtualPointer, virtualPointer >= virtualPointerVersion { return .virtualPointer }
        if let fakeInput, fakeInput >= fakeInputVersion { return .fakeInput }
        let pointer =
            virtualPointer.map {
                "the compositor's zwlr_virtual_pointer_manager_v1 is v\($0), without pointers for one output"
            } ?? "the compositor offers no zwlr_virtual_pointer_manager_v1"
        let kwin =
            fakeInput.map { "its org_kde_kwin_fake_input is v\($0), without absolute motion" }
            ?? "no org_kde_kwin_fake_input (KWin offers it only to a program its desktop file allows)"
        return .unavailable("\(pointer), and \(kwin)")
    }

    /// `steps`, whose points are in the logical pixels of an output whose
    /// top-left corner is at `origin` in the layout, with their points in
    /// the layout's: what fake input's absolute motion takes. A point is
    /// kept on the output, as the virtual pointer's extent keeps it: on an
    /// edge it would be on the neighbour's first pixel otherwise, by
    /// wl_fixed's least step (1/256) within it.
    public static func globalSteps(_ steps: [PointerStep], origin: Point, size: Size) -> [PointerStep] {
        steps.map { step in
            guard case .move(let point) = step else { return step }
            let x = min(max(0, point.x), max(0, size.width - 1 / 256))
            let y = min(max(0, point.y), max(0, size.height - 1 / 256))
            return .move(Point(x: origin.x + x, y: origin.y + y))
        }
    }
}

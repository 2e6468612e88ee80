import BuoyCore
import BuoyDrawing
import BuoyWayland
import SystemCalls

/// One instance's icon or label face (`[button] icon`, `label`): the child
/// that draws it (`FaceArtist`), whose pipe the loop polls, and the image it
/// drew, which every repaint of the button composites. A child runs once per
/// face, glyph colour and size (a reload that changes them, a scale
/// change), never for a press, a fade or a turn. Until its image is there,
/// and if it cannot be drawn, the button shows the ring and dot.
final class FaceDrawing {
    /// What an image is drawn for.
    struct Wanted: Equatable {
        var face: ButtonFace
        var color: Color
        /// In buffer px (`ButtonLook.faceSide`).
        var side: Int
        /// `[menu] icon_theme` and `font`, for an icon name and a label.
        var iconTheme: String?
        var font: String
        /// The integer scale the icon themes are searched at.
        var iconScale: Int
    }

    private enum Phase {
        /// The ring and dot: nothing to draw.
        case glyph
        /// A child drawing `wanted`, given up at `deadline`; meanwhile the
        /// image of the same face and colour at another size, if there was one.
        case drawing(Wanted, MenuArtist.Job<FaceArtist.Report>, deadline: Double, meanwhile: FaceImage?)
        /// The image for `wanted`; nil if it could not be drawn.
        case drawn(Wanted, FaceImage?)

        var wanted: Wanted? {
            switch self {
            case .glyph: nil
            case .drawing(let wanted, _, _, _), .drawn(let wanted, _): wanted
            }
        }
    }

    private var phase = Phase.glyph {
        didSet {
            if case .drawing(_, let job, _, _) = phase { children.keep([job.fd]) } else { children.keep([]) }
        }
    }
    private let children: ChildWatch
    /// What was already logged as missing or failed, so each is logged once.
    private var reported: Set<String> = []

    init(loop: EventLoop, reaper: ChildReaper) {
        children = ChildWatch(loop: loop, reaper: reaper)
    }

    /// The image to paint the face with; nil: the ring and dot.
    var image: FaceImage? {
        switch phase {
        case .glyph: nil
        case .drawing(_, _, _, let meanwhile): meanwhile
        case .drawn(_, let image): image
        }
    }

    /// When the child at work is given up; the app's timer wakes the loop then.
    var deadline: Double? {
        if case .drawing(_, _, let deadline, _) = phase { deadline } else { nil }
    }

    /// Takes the child's image once it has exited (or kills it at its
    /// deadline), then has a child draw `wanted` if it is not what is drawn
    /// or being drawn. Nil `wanted` (no surface yet) keeps what there is.
    func update(_ wakeup: Wakeup, wanted: Wanted?, now: Double, label: String, log: Logger) {
        if case .drawing(let drawing, let job, let deadline, _) = phase,
            let timedOut = job.isDone(in: wakeup, deadline: deadline, now: now)
        {
            let report = job.finish()
            phase = .drawn(drawing, report?.image)
            self.report(report, for: drawing, timedOut: timedOut, label: label, log: log)
        }
        guard let wanted, wanted != phase.wanted else { return }
        guard wanted.face != .glyph else {
            phase = .glyph
            return
        }
        // A scale change shows the old image stretched until the new one is there.
        let meanwhile =
            phase.wanted.map { $0.face == wanted.face && $0.color == wanted.color } == true ? image : nil
        let job: MenuArtist.Job<FaceArtist.Report>
        do {
            job = try FaceArtist.draw(
                FaceJob(
                    face: wanted.face, side: wanted.side, color: wanted.color, font: wanted.font,
                    query: IconQuery(theme: wanted.iconTheme, size: wanted.side, scale: wanted.iconScale)),
                reaping: children.reaping)
        } catch {
            phase = .drawn(wanted, nil)
            once(
                "start \(wanted.face)", log,
                "\(label): \(describe(wanted.face)) cannot be drawn: \(error); drawing the default glyph")
            return
        }
        log.debug("\(label): drawing \(describe(wanted.face)) at \(wanted.side) px in a child")
        phase = .drawing(wanted, job, deadline: now + FaceArtist.timeoutSeconds, meanwhile: meanwhile)
    }

    private func report(
        _ report: FaceArtist.Report?, for wanted: Wanted, timedOut: Bool, label: String, log: Logger
    ) {
        let face = describe(wanted.face)
        guard let report else {
            let late = timedOut ? " within \(Int(FaceArtist.timeoutSeconds)) s" : ""
            once(
                "failed \(wanted.face)", log,
                "\(label): \(face) could not be drawn\(late); drawing the default glyph")
            return
        }
        switch report.icon {
        case .none, .drawn, .unchanged:
            let from = if case .drawn(let path) = report.icon { " from \(path)" } else { "" }
            log.debug(
                "\(label): \(face) drawn at \(wanted.side) px\(from) by a child (peak RSS \(report.childPeakKiB) KiB)"
            )
        case .notFound:
            once(
                "missing \(wanted.face)", log,
                "\(label): \(face) is not in the icon themes; drawing the default glyph")
        case .failed(let path):
            let what = wanted.face == .icon(path) ? "icon \(path)" : "\(face) (\(path))"
            once(
                "missing \(wanted.face)", log,
                "\(label): \(what) could not be loaded; drawing the default glyph")
        }
    }

    /// Logs `message` as a warning the first time `key` comes, and only
    /// for debugging after.
    private func once(_ key: String, _ log: Logger, _ message: String) {
        if reported.insert(key).inserted { log.warning(message) } else { log.debug(message) }
    }

    private func describe(_ face: ButtonFace) -> String {
        switch face {
        case .glyph: "the ring and dot"
        case .icon(let icon): "icon \"\(icon)\""
        case .label(let text): "label \"\(text)\""
        }
    }
}

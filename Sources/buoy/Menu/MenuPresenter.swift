import BuoyConfig
import BuoyCore
import BuoyDrawing
import BuoyWayland

/// The menu: its layout, animation, keyboard focus, and one scalable
/// subsurface of a layer surface per image (never an xdg_popup: Hyprland
/// has touch bugs with layer popups). The app decides when it opens and
/// closes; this places it, a frame at a time, when the app renders.
///
/// The images (`MenuSprite`) are drawn by a child process (`MenuArtist`), at
/// full size; an animation frame only moves and stretches them, so it draws
/// nothing, and buoy never loads fonts or decodes icons. They are drawn
/// ahead of time (`prepareAhead`: after start, a reload, a move or a scale
/// change) into shared memory kept while the menu is closed, so that opening
/// it only attaches buffers. buoy never waits for a child: the presenter has
/// the loop poll its pipe, and `update`, called on every wakeup, takes what
/// it drew. The app folds `deadline` into its timer.
final class MenuPresenter {
    /// One image on its own subsurface. Its buffer is kept for as long as
    /// the subsurface, which may show it again after hiding it.
    private struct Sprite {
        var description: MenuSprite
        var surface: Subsurface
        var buffer: ShmBuffer
        /// Whether the parent has committed since the subsurface was made,
        /// which adds it: only then may a commit map it (phoc 0.24 crashes
        /// later when the commit that adds a subsurface also maps it).
        var added = false
    }

    /// How far ahead of `now` a frame is placed: a commit is seen at the
    /// compositor's next repaint, about one frame (at 60 Hz) later. So the
    /// first frame, committed as the menu opens, already shows it unfolding.
    static let frameLead = 1.0 / 60

    /// Where the menu unfolds from: the button's rect and the usable area
    /// (layer-surface coordinates), and the scale the images are drawn at.
    struct Anchor: Equatable {
        var button: Rect
        var usable: Rect
        var scale: BufferScale
    }

    /// What a menu is opened with, kept while its images are prepared:
    /// whose menu it is, and everything its images show.
    private struct Request: Equatable {
        var owner: ButtonInstance.Key
        var items: [MenuItem]
        var settings: Menu
        var look: MenuLook

        init(owner: ButtonInstance.Key, items: [MenuItem], settings: Menu, buttonColor: Color) {
            self.owner = owner
            self.items = items
            self.settings = settings
            look = MenuLook(colors: settings.colors, buttonColor: buttonColor, font: settings.font)
        }
    }

    /// Images a child is drawing into `buffers`.
    private struct Images {
        var layout: MenuLayout
        var descriptions: [MenuSprite]
        var buffers: [ShmBuffer]
        var iconSize: Int
        /// What the layout was made for, the scale included.
        var anchor: Anchor

        /// These images laid out at `anchor` instead, if they show that
        /// layout as they are: every image the same, at the same scale
        /// unless `stretching` (the compositor then scales them).
        func moved(to anchor: Anchor, layout: () -> MenuLayout, stretching: Bool = false) -> Images? {
            if anchor == self.anchor { return self }
            guard stretching || anchor.scale == self.anchor.scale else { return nil }
            let layout = layout()
            guard MenuPainter.drawsTheSame(layout, as: self.layout) else { return nil }
            return Images(
                layout: layout, descriptions: MenuPainter.sprites(for: layout), buffers: buffers,
                iconSize: iconSize, anchor: anchor)
        }
    }

    /// One button's menu drawn ahead of time.
    private enum Stock {
        /// A child draws it. `previous` are the images it had before, for
        /// the same request (at another scale, say), which an opening shows
        /// stretched until the new ones are drawn.
        case preparing(Request, Drawing, previous: Images?)
        /// Drawn: opening it attaches these buffers. Never drawn into again.
        case ready(Request, Images)
        /// It could not be drawn at `anchor`; not tried again until the
        /// request or the anchor changes.
        case failed(Request, anchor: Anchor)

        var child: Child? {
            guard case .preparing(_, let drawing, _) = self else { return nil }
            return drawing.child
        }
    }

    /// A child at work for the menu, and when it is given up (killed).
    private struct Child {
        var job: MenuArtist.Job<MenuArtist.Report>
        var deadline: Double

        /// Its pipe, readable once it has exited.
        var fd: Int32 { job.fd }

        /// Nil while it works, else whether it is to be killed at its deadline.
        func isDone(in wakeup: Wakeup, now: Double) -> Bool? {
            job.isDone(in: wakeup, deadline: deadline, now: now)
        }
    }

    /// A child drawing a menu laid out for `anchor` into `file`, over which
    /// the buffers are made once it is done (`images`).
    private struct Drawing {
        var child: Child
        var anchor: Anchor
        var file: MemoryFile
    }

    /// What prepares a menu to open.
    private enum Work {
        /// A child draws it.
        case drawing(Drawing)
        /// Nothing: the images were drawn ahead of time, and `update` opens
        /// them (with the rest of the wakeup, as a drawn menu opens). While
        /// `redraw` draws them again, they are shown stretched.
        case drawn(Images, redraw: Drawing?)

        /// Where the menu it prepares was to unfold from when it started.
        var anchor: Anchor {
            switch self {
            case .drawing(let drawing): drawing.anchor
            case .drawn(let images, _): images.anchor
            }
        }

        var child: Child? {
            switch self {
            case .drawing(let drawing): drawing.child
            case .drawn(_, let redraw): redraw?.child
            }
        }
    }

    /// A menu on screen: opening, open or folding away.
    private struct Shown {
        /// What it was opened with.
        var request: Request
        var layout: MenuLayout
        /// What its layout and images were made for, or, once `follow` has
        /// had them drawn again, last asked for (asked once, even if that
        /// could not start).
        var anchor: Anchor
        var sprites: [Sprite]
        /// The surface its sprites are subsurfaces of.
        weak var parent: LayerSurface?
        var focused: Int?
        /// Whether the focus ring shows: only once a key has been pressed in
        /// the open menu (CSS's `:focus-visible`), so a menu opened and
        /// chosen by finger or pointer never shows one.
        var focusVisible = false
        /// Something changed that the next frame must show.
        var dirty = true
        /// When its last frame was placed.
        var drawnAt = -Double.infinity
        /// What its images covered in that frame (layer-surface coordinates).
        var area: Rect?

        init(request: Request, images: Images, sprites: [Sprite], parent: LayerSurface) {
            self.request = request
            layout = images.layout
            anchor = images.anchor
            self.sprites = sprites
            self.parent = parent
            focused = MenuNavigation.visualOrder(images.layout).first
        }

        func animation(opening: Bool, since start: Double) -> MenuAnimation {
            MenuAnimation(
                opening: opening, start: start, count: request.items.count,
                openDuration: request.settings.openDuration, closeDuration: request.settings.closeDuration)
        }
    }

    /// Where the menu is in its life. Each case holds what it alone has, so
    /// a child, the images on screen and the animation cannot disagree.
    private enum Phase {
        /// Nothing on screen, no child at work.
        case closed
        /// A child draws `Request`'s menu; nothing is on screen.
        case preparing(Request, Work)
        /// Opening since `since`, then open: it takes input and keys. `redraw`
        /// is a child drawing it again for a changed output (`follow`).
        case open(Shown, since: Double, redraw: Drawing?)
        /// Folding away since `since`; it is gone when that animation ends.
        case closing(Shown, since: Double)
        /// Asked to open again while it folds away: a child prepares the new
        /// menu, the closing one goes on, and the new images take over its
        /// subsurfaces (or `preparing` follows if it is gone first).
        case reopening(Request, Work, closing: Shown, since: Double)

        /// The child at work.
        var child: Child? {
            switch self {
            case .closed, .closing, .open(_, _, redraw: .none): nil
            case .open(_, _, let drawing?): drawing.child
            case .preparing(_, let work), .reopening(_, let work, _, _): work.child
            }
        }

        /// The menu on screen and its animation.
        var onScreen: (shown: Shown, animation: MenuAnimation)? {
            switch self {
            case .closed, .preparing: nil
            case .open(let shown, let since, _): (shown, shown.animation(opening: true, since: since))
            case .closing(let shown, let since), .reopening(_, _, let shown, let since):
                (shown, shown.animation(opening: false, since: since))
            }
        }

        /// The menu being prepared, and the work at it.
        var preparation: (Request, Work)? {
            switch self {
            case .preparing(let request, let work), .reopening(let request, let work, _, _): (request, work)
            case .closed, .open, .closing: nil
            }
        }

        /// This phase without the menu being prepared (its child is killed).
        var withoutPreparation: Phase {
            switch self {
            case .preparing: .closed
            case .reopening(_, _, let shown, let since): .closing(shown, since: since)
            case .closed, .open, .closing: self
            }
        }

        /// This phase with `work` preparing the menu instead.
        func preparing(with work: Work) -> Phase {
            switch self {
            case .preparing(let request, _): .preparing(request, work)
            case .reopening(let request, _, let shown, let since):
                .reopening(request, work, closing: shown, since: since)
            case .closed, .open, .closing: self
            }
        }

        mutating func modifyShown(_ body: (inout Shown) -> Void) {
            switch self {
            case .closed, .preparing: break
            case .open(var shown, let since, let redraw):
                body(&shown)
                self = .open(shown, since: since, redraw: redraw)
            case .closing(var shown, let since):
                body(&shown)
                self = .closing(shown, since: since)
            case .reopening(let request, let work, var shown, let since):
                body(&shown)
                self = .reopening(request, work, closing: shown, since: since)
            }
        }
    }

    /// What `update` came to.
    enum Progress: Equatable {
        /// A child is done and the next one is at work, or the open menu
        /// has been drawn again for its new anchor.
        case working
        /// The menu is open (its animation has begun).
        case opened
        /// It could not open.
        case failed(String)
        /// The open menu could not be drawn for its new anchor and was dropped.
        case dropped(String)
    }

    /// Why a child could not be started.
    private struct Unable: Error {
        var why: String
    }

    private let display: Display
    private let log: Logger
    /// Icon names already reported missing, so each is logged once.
    private var missingIcons: Set<String> = []
    /// A label's text in a font (a Pango font description).
    private struct Label: Hashable {
        var text: String
        var font: String
    }
    /// Label sizes, as the children that drew menus measured them: the
    /// layout of images drawn ahead of time at another place needs them.
    private var labelSizes: [Label: Size] = [:]
    /// Icon themes already reported missing.
    private var warnedThemes: Set<String> = []
    /// Where icons were found at a size, in a theme: the next child drawing
    /// them need not look them up again.
    private struct IconSearch: Hashable {
        var theme: String?
        var size: Int
        var scale: Int
    }
    private var foundIcons: [IconSearch: [String: String]] = [:]

    private var phase = Phase.closed {
        didSet { pipes.keep(children.map(\.fd)) }
    }
    /// Each button's menu drawn ahead of time, or being drawn.
    private var stocks: [ButtonInstance.Key: Stock] = [:] {
        didSet { pipes.keep(children.map(\.fd)) }
    }
    private let pipes: ChildPipes

    init(display: Display, loop: EventLoop, log: Logger) {
        self.display = display
        self.log = log
        pipes = ChildPipes(loop: loop)
    }

    /// Open, or opening: it takes input and keys. A closing menu is not open,
    /// nor is one whose images are still being drawn.
    var isOpen: Bool {
        if case .open = phase { true } else { false }
    }
    /// On screen at all, including while it folds away.
    var isShown: Bool { phase.onScreen != nil }
    /// The surface the menu on screen is shown on.
    var shownOn: LayerSurface? { phase.onScreen?.shown.parent }
    /// Asked to open, its images not drawn yet.
    var isOpening: Bool {
        switch phase {
        case .preparing, .reopening: true
        case .closed, .open, .closing: false
        }
    }
    /// When the child at work is given up: the app's timer wakes the loop
    /// then, and `update` kills it.
    var deadline: Double? { children.map(\.deadline).min() }

    /// Every child at work: the one preparing the menu to open (or drawing
    /// the open one again), and the one drawing a menu ahead of time.
    private var children: [Child] {
        ([phase.child] + stocks.values.map(\.child)).compactMap { $0 }
    }

    /// Opens `owner`'s menu of `items` from `anchor` on `parent`: at once
    /// if its images were drawn ahead of time for this place (or for
    /// another scale, shown stretched while they are drawn again);
    /// otherwise a child measures the labels and draws the
    /// images, and `update` opens it when they are done. The loop goes on
    /// meanwhile. An open menu is folded away first; a closing one goes on
    /// closing meanwhile.
    func open(
        _ items: [MenuItem], of owner: ButtonInstance.Key, settings: Menu, buttonColor: Color, anchor: Anchor,
        now: Double
    ) -> String? {
        guard !items.isEmpty else { return "it has no items" }
        if case .open(let shown, _, _) = phase { phase = .closing(shown, since: now) }
        // A child still preparing another menu is killed before the next starts.
        phase = phase.withoutPreparation
        let request = Request(owner: owner, items: items, settings: settings, buttonColor: buttonColor)
        let work: Work
        if let stocked = stockedWork(for: request, at: anchor) {
            work = stocked
        } else {
            do throws(Unable) {
                work = .drawing(try startDrawing(request, anchor: anchor, now: now))
            } catch {
                return error.why
            }
        }
        switch phase {
        case .closing(let shown, let since): phase = .reopening(request, work, closing: shown, since: since)
        case .closed, .preparing, .open, .reopening: phase = .preparing(request, work)
        }
        if case .preparing? = stocks[owner] { stocks[owner] = nil }
        return nil
    }

    /// What the images drawn ahead of time give an opening of `request` at
    /// `anchor`: the images if they fit there; the child drawing them for it
    /// (with the last good ones, stretched, meanwhile, after a scale
    /// change); nil if neither.
    private func stockedWork(for request: Request, at anchor: Anchor) -> Work? {
        let layout = { self.layout(for: request, at: anchor) }
        switch stocks[request.owner] {
        case .ready(let stocked, let images)? where stocked == request:
            return images.moved(to: anchor, layout: layout).map { .drawn($0, redraw: nil) }
        case .preparing(let stocked, let drawing, let previous)?
        where stocked == request && drawing.anchor == anchor:
            // The child drawing it ahead of time goes on, for this opening.
            if let images = previous?.moved(to: anchor, layout: layout, stretching: true) {
                return .drawn(images, redraw: drawing)
            }
            return .drawing(drawing)
        case .ready?, .preparing?, .failed?, nil:
            return nil
        }
    }

    /// Opens `request`'s menu with drawn `images`, on the subsurfaces of a
    /// closing one if it has as many; `redraw` draws them again meanwhile.
    private func open(
        _ request: Request, _ images: Images, redraw: Drawing?, parent: LayerSurface?, now: Double
    ) -> Progress {
        guard let parent, let sprites = sprites(for: images, reusing: phase.onScreen?.shown, on: parent)
        else {
            return failOpening("its surfaces could not be created")
        }
        if case .drawn = phase.preparation?.1 {
            log.debug(
                "menu: opening with the images drawn ahead of time\(redraw == nil ? "" : ", stretched")")
        }
        phase = .open(
            Shown(request: request, images: images, sprites: sprites, parent: parent),
            since: now, redraw: redraw)
        return .opened
    }

    /// Has a child draw `owner`'s menu of `items` for `anchor` ahead of
    /// time, unless it is drawn (or being drawn) for it already, so that
    /// opening it only attaches its buffers. Children draw one menu at a
    /// time, and none while a menu is being opened or drawn again; the
    /// others wait for a later call (the app calls this on every wakeup).
    func prepareAhead(
        _ items: [MenuItem], of owner: ButtonInstance.Key, settings: Menu, buttonColor: Color, anchor: Anchor,
        now: Double
    ) {
        guard !items.isEmpty else {
            if stocks[owner] != nil { stocks[owner] = nil }
            return
        }
        let request = Request(owner: owner, items: items, settings: settings, buttonColor: buttonColor)
        var previous: Images?
        switch stocks[owner] {
        case .ready(let stocked, let images)? where stocked == request:
            if images.moved(to: anchor, layout: { self.layout(for: request, at: anchor) }) != nil { return }
            previous = images
        case .preparing(let stocked, let drawing, let before)? where stocked == request:
            if drawing.anchor == anchor { return }
            previous = before
        case .failed(let stocked, let at)? where stocked == request && at == anchor:
            return
        case .ready?, .preparing?, .failed?, nil:
            break
        }
        guard phase.child == nil, !stocks.contains(where: { $0.key != owner && $0.value.child != nil }) else {
            return
        }
        do throws(Unable) {
            stocks[owner] = .preparing(
                request, try startDrawing(request, anchor: anchor, now: now), previous: previous)
        } catch {
            stocks[owner] = .failed(request, anchor: anchor)
            log.warning("menu: cannot draw it ahead of time: \(error.why)")
        }
    }

    /// Drops the images drawn ahead of time for buttons not in `owners`.
    func keepPrepared(only owners: [ButtonInstance.Key]) {
        guard !stocks.isEmpty, stocks.keys.contains(where: { !owners.contains($0) }) else { return }
        stocks = stocks.filter { owners.contains($0.key) }
    }

    /// Stops opening the menu; its children are killed.
    /// It is not drawn ahead of time again for the same request and place
    /// (a child that hangs would only hang again).
    func cancelOpening() {
        if let (request, work) = phase.preparation {
            stocks[request.owner] = .failed(request, anchor: work.anchor)
        }
        phase = phase.withoutPreparation
    }

    /// Forgets the images drawn ahead of time; their buffers go before the
    /// display does.
    func dropPrepared() {
        stocks = [:]
    }

    /// Takes the result of the child at work, once its pipe is in
    /// `wakeup.readable` or its deadline has passed (it is killed then);
    /// nil if neither. `anchor` is where the menu would unfold now: if the
    /// button moved while its images were drawn, they are drawn again for
    /// the new place. `parent` is the surface it is shown on.
    func update(_ wakeup: Wakeup, now: Double, anchor: Anchor?, parent: LayerSurface?) -> Progress? {
        updateStocks(wakeup, now: now)
        if case (let request, .drawn(let images, let redraw))? = phase.preparation {
            return open(request, images, redraw: redraw, parent: parent, now: now)
        }
        guard let timedOut = phase.child?.isDone(in: wakeup, now: now) else {
            return nil
        }
        let late = Self.late(timedOut)
        switch phase {
        case .closed, .closing, .open(_, _, redraw: .none):
            return nil
        case .open(var shown, let since, let drawing?):
            phase = .open(shown, since: since, redraw: nil)
            guard let images = finish(drawing, of: shown.request, timedOut: timedOut) else {
                reset()
                return .dropped("its images could not be drawn again\(late)")
            }
            // Unless its surfaces cannot be made, the old images stay.
            if let parent, let sprites = sprites(for: images, reusing: shown, on: parent) {
                shown.layout = images.layout
                shown.anchor = images.anchor
                shown.sprites = sprites
                shown.parent = parent
                shown.dirty = true
                phase = .open(shown, since: since, redraw: nil)
            }
            return .working
        case .preparing(let request, let work), .reopening(let request, let work, _, _):
            return advance(
                request, work, now: now, timedOut: timedOut, late: late, anchor: anchor, parent: parent)
        }
    }

    /// `update` for the child preparing `request`'s menu.
    private func advance(
        _ request: Request, _ work: Work, now: Double, timedOut: Bool, late: String, anchor: Anchor?,
        parent: LayerSurface?
    ) -> Progress {
        switch work {
        case .drawn(let images, let redraw):
            return open(request, images, redraw: redraw, parent: parent, now: now)
        case .drawing(let drawing):
            guard let images = finish(drawing, of: request, timedOut: timedOut) else {
                return failOpening("its images could not be drawn\(late)")
            }
            if let anchor, anchor != images.anchor {
                // The button moved, or the output changed, while they were drawn.
                return draw(request, at: anchor, now: now)
            }
            return open(request, images, redraw: nil, parent: parent, now: now)
        }
    }

    /// Takes what the children drawing menus ahead of time have done.
    private func updateStocks(_ wakeup: Wakeup, now: Double) {
        for (owner, stock) in stocks {
            guard case .preparing(let request, let drawing, _) = stock,
                let timedOut = drawing.child.isDone(in: wakeup, now: now),
                finish(drawing, of: request, timedOut: timedOut, ahead: true) == nil
            else { continue }
            stocks[owner] = .failed(request, anchor: drawing.anchor)
            log.warning("menu: its images could not be drawn ahead of time\(Self.late(timedOut))")
        }
    }

    /// The images `drawing` drew for `request`, once its child is done (or
    /// killed, if `timedOut`; then nil): laid out as the child laid them
    /// out, from the label sizes it reports, in buffers over its file. Logs
    /// them and what became of their icons, and keeps them for the next
    /// opening. Nil if the child failed.
    private func finish(_ drawing: Drawing, of request: Request, timedOut: Bool, ahead: Bool = false)
        -> Images?
    {
        guard let report = drawing.child.job.finish(killing: timedOut) else { return nil }
        let font = request.look.font
        for (item, size) in zip(request.items, report.labelSizes) {
            labelSizes[Label(text: item.label, font: font)] = size
        }
        let layout = Self.arrange(request, at: drawing.anchor, labels: report.labelSizes)
        let descriptions = MenuPainter.sprites(for: layout)
        let (slots, bytes) = MenuArtist.slots(for: descriptions, scale: drawing.anchor.scale)
        guard let shm = display.shm, drawing.file.size == bytes,
            let pool = try? ShmPool(shm: shm, fd: drawing.file.fd, size: bytes)
        else { return nil }
        let search = Self.iconSearch(for: request, scale: drawing.anchor.scale)
        let images = Images(
            layout: layout, descriptions: descriptions,
            buffers: slots.map { pool.buffer(offset: $0.offset, width: $0.width, height: $0.height) },
            iconSize: search.size, anchor: drawing.anchor)
        logDrawn(images, report, ahead: ahead)
        reportIcons(report.icons, of: request.items, iconSize: images.iconSize)
        for (item, icon) in zip(request.items, report.icons) {
            if case .drawn(let path) = icon, let name = item.icon {
                foundIcons[search, default: [:]][name] = path
            }
        }
        if report.themeMissing { warnThemeMissing(request.settings.iconTheme) }
        stocks[request.owner] = .ready(request, images)
        return images
    }

    /// What a problem's message adds when a child was killed at its deadline.
    private static func late(_ timedOut: Bool) -> String {
        timedOut ? " within \(Int(MenuArtist.timeoutSeconds)) s" : ""
    }

    /// Has a child draw the menu being prepared, for `anchor`.
    private func draw(_ request: Request, at anchor: Anchor, now: Double) -> Progress {
        do throws(Unable) {
            phase = phase.preparing(with: .drawing(try startDrawing(request, anchor: anchor, now: now)))
            return .working
        } catch {
            return failOpening(error.why)
        }
    }

    /// Folds the menu away; it disappears when the animation ends. A child
    /// drawing it again for a changed output is killed.
    func close(now: Double) {
        guard case .open(let shown, _, _) = phase else { return }
        phase = .closing(shown, since: now)
    }

    /// Drops the menu at once, and any menu being opened (its surface is
    /// going away, or buoy is).
    func reset() {
        phase = .closed
    }

    private func failOpening(_ problem: String) -> Progress {
        cancelOpening()
        return .failed(problem)
    }

    /// What is under `point` (layer-surface coordinates).
    func touch(at point: Point) -> MenuLayout.Touch {
        phase.onScreen?.shown.layout.touch(at: point) ?? .outside
    }

    func command(of index: Int) -> MenuItem? {
        guard let items = phase.onScreen?.shown.request.items else { return nil }
        return items.indices.contains(index) ? items[index] : nil
    }

    /// Moves the keyboard focus of the open menu; returns the item to run
    /// for `.activate`.
    func handle(_ key: MenuKey) -> Int? {
        guard case .open(var shown, let since, let redraw) = phase else { return nil }
        if key == .activate { return shown.focused }
        let moved = MenuNavigation.move(from: shown.focused, key, in: shown.layout)
        if moved != shown.focused || !shown.focusVisible {
            shown.focused = moved
            shown.focusVisible = true
            shown.dirty = true
            phase = .open(shown, since: since, redraw: redraw)
        }
        return nil
    }

    /// Whether a frame must be placed at `now`: until one has been placed at
    /// or after the animation's end, so that a late frame callback still
    /// lands on its last frame (and a finished close still hides the menu).
    func needsFrame(at now: Double) -> Bool {
        guard case (let shown, let animation)? = phase.onScreen else { return false }
        if shown.drawnAt < animation.end || !animation.opening { return true }
        return shown.dirty
    }

    /// Whether the open menu has not been placed yet: its first frame need
    /// not wait for the button's frame callback.
    var awaitsFirstFrame: Bool {
        guard case .open(let shown, _, _) = phase else { return false }
        return shown.drawnAt == -Double.infinity
    }

    /// Keeps the open menu beside the button when the output changes under
    /// it (its size, scale or usable area): a child draws it again for
    /// `anchor`, and until then the old images stay, stretched if the scale
    /// changed.
    func follow(_ anchor: Anchor?, now: Double) {
        guard case .open(var shown, let since, redraw: .none) = phase, let anchor, anchor != shown.anchor
        else {
            return
        }
        shown.anchor = anchor  // tried once, even if it cannot start
        do throws(Unable) {
            phase = .open(
                shown, since: since, redraw: try startDrawing(shown.request, anchor: anchor, now: now))
        } catch {
            phase = .open(shown, since: since, redraw: nil)
            log.error("menu: it cannot be drawn again for the changed output: \(error.why)")
        }
    }

    /// Places the current frame's images; the caller commits the parent.
    func render(now: Double) {
        guard let animation = phase.onScreen?.animation else { return }
        let at = now + Self.frameLead
        if !animation.opening, animation.isFinished(at: at) {
            // Unmapped with this commit first, destroyed with the next: phoc
            // 0.24 crashes when a subsurface it still shows is destroyed (a
            // hidden synchronized one stays shown until its parent commits).
            if let shown = phase.onScreen?.shown, shown.sprites.contains(where: \.surface.isShown) {
                for sprite in shown.sprites { hide(sprite) }
                repaint(shown, from: nil)
                return
            }
            switch phase {
            case .reopening(let request, let work, _, _): phase = .preparing(request, work)
            case .closed, .preparing, .open, .closing: phase = .closed
            }
            return
        }
        phase.modifyShown { shown in
            if shown.sprites.contains(where: { !$0.added }) {
                // Adds the new subsurfaces, unmapped, so this frame may map them.
                shown.parent?.commit()
                for index in shown.sprites.indices { shown.sprites[index].added = true }
            }
            let area = Self.bounds(
                shown.sprites.compactMap { place($0, of: shown, animation: animation, at: at) })
            repaint(shown, from: area)
            shown.area = area
            shown.dirty = false
            shown.drawnAt = at
        }
    }

    /// Has the parent repaint where `shown`'s images were and now are
    /// (`area`, nil once hidden): phoc 0.46 leaves a subsurface's old pixels
    /// on screen where it shrank or was unmapped.
    private func repaint(_ shown: Shown, from area: Rect?) {
        if let damage = Self.bounds([shown.area, area].compactMap { $0 }) { shown.parent?.damage(damage) }
    }

    private static func bounds(_ rects: [Rect]) -> Rect? {
        rects.dropFirst().reduce(rects.first) { $0?.union($1) }
    }

    /// Places one image for the frame at `now`; returns where it shows,
    /// nil if hidden.
    private func place(_ sprite: Sprite, of shown: Shown, animation: MenuAnimation, at now: Double) -> Rect? {
        let layout = shown.layout
        var item = sprite.description.item
        var image = sprite.description.image
        if sprite.description.part == .focusRing {
            // One ring, moved to the focused item (all items are one size).
            // Moved by whole px so that it keeps its buffer's exact size.
            guard shown.focusVisible, let focused = shown.focused, layout.items.indices.contains(focused)
            else {
                hide(sprite)
                return nil
            }
            let from = layout.focusCenter(of: item)
            let to = layout.focusCenter(of: focused)
            item = focused
            image.origin = image.origin + Point(x: (to.x - from.x).rounded(), y: (to.y - from.y).rounded())
        }
        let part = sprite.description.part
        let transform = animation.transform(
            item: part == .panel ? nil : item, pill: part == .pill, in: layout, at: now)
        guard let rect = SpritePlacement.place(image, scaledBy: transform.scale, around: transform.center)
        else {
            hide(sprite)
            return nil
        }
        sprite.surface.setOpacity(animation.opacity(in: layout, at: now))
        if !sprite.surface.isShown { sprite.surface.show(sprite.buffer) }
        sprite.surface.place(
            x: Int(rect.minX), y: Int(rect.minY), width: Int(rect.width), height: Int(rect.height))
        return rect
    }

    private func hide(_ sprite: Sprite) {
        if sprite.surface.isShown { sprite.surface.hide() }
    }

    /// Starts a drawing helper that lays the menu out at `anchor`, once it
    /// has measured the labels, and draws its images.
    private func startDrawing(_ request: Request, anchor: Anchor, now: Double) throws(Unable) -> Drawing {
        guard display.shm != nil else { throw Unable(why: "the compositor has no wl_shm") }
        guard let file = MemoryFile(name: "buoy-menu") else {
            throw Unable(why: "no shared memory could be made for its images")
        }
        let scale = anchor.scale
        let search = Self.iconSearch(for: request, scale: scale)
        let settings = request.settings
        // What `arrange` lays it out with, but the labels' sizes, which the helper measures.
        let arrangement = MenuArrangement(
            kind: settings.layout, button: anchor.button, usable: anchor.usable, count: request.items.count,
            itemSize: settings.itemSize, spacing: settings.spacing, minRowHeight: settings.rowHeight)
        let job: MenuArtist.Job<MenuArtist.Report>
        do {
            job = try MenuArtist.draw(
                MenuJob(
                    labels: request.items.map(\.label), icons: request.items.map(\.icon),
                    arrangement: arrangement,
                    query: IconQuery(
                        theme: search.theme, size: search.size, scale: search.scale,
                        known: foundIcons[search] ?? [:]),
                    look: request.look, scale: scale),
                into: file.fd)
        } catch {
            throw Unable(why: "its images cannot be drawn: \(error)")
        }
        return Drawing(
            child: Child(job: job, deadline: now + MenuArtist.timeoutSeconds), anchor: anchor, file: file)
    }

    /// The theme, the icons' size in buffer px and the integer scale that
    /// `request`'s icons are looked up for at `scale`.
    private static func iconSearch(for request: Request, scale: BufferScale) -> IconSearch {
        IconSearch(
            theme: request.settings.iconTheme,
            size: IconLookup.pixelSize(itemSize: request.settings.itemSize, scale: scale),
            scale: scale.ceiling)
    }

    /// `request`'s menu laid out at `anchor`, with its labels as measured.
    private func layout(for request: Request, at anchor: Anchor) -> MenuLayout {
        let labels = request.items.map {
            labelSizes[Label(text: $0.label, font: request.look.font)] ?? Size(width: 0, height: 0)
        }
        return Self.arrange(request, at: anchor, labels: labels)
    }

    /// `request`'s menu laid out at `anchor`, its labels (per item) this
    /// size: what the drawing child and the parent both lay out.
    private static func arrange(_ request: Request, at anchor: Anchor, labels: [Size]) -> MenuLayout {
        MenuLayout.arrange(
            request.settings.layout, button: anchor.button, usable: anchor.usable, count: request.items.count,
            itemSize: request.settings.itemSize, spacing: request.settings.spacing,
            labelWidths: labels.map(\.width), labelHeight: labels.map(\.height).max() ?? 0,
            minRowHeight: request.settings.rowHeight)
    }

    /// The subsurfaces that show drawn `images` on `parent`: those of
    /// `shown` if it has as many on the same parent (reopened while
    /// closing, or drawn again), otherwise new ones. Nil if a subsurface
    /// could not be made.
    private func sprites(for images: Images, reusing shown: Shown?, on parent: LayerSurface) -> [Sprite]? {
        if let shown, shown.parent === parent, shown.sprites.count == images.descriptions.count {
            // A shown one shows its new buffer now, a hidden one when next placed.
            return zip(shown.sprites, zip(images.descriptions, images.buffers)).map { old, new in
                var sprite = old
                (sprite.description, sprite.buffer) = new
                if sprite.surface.isShown { sprite.surface.show(sprite.buffer) }
                return sprite
            }
        }
        var sprites: [Sprite] = []
        for (description, buffer) in zip(images.descriptions, images.buffers) {
            guard
                let surface = try? Subsurface(display: display, parent: parent, scalable: true, fadable: true)
            else {
                return nil
            }
            sprites.append(Sprite(description: description, surface: surface, buffer: buffer))
        }
        return sprites
    }

    private func logDrawn(_ images: Images, _ report: MenuArtist.Report, ahead: Bool = false) {
        log.debug(
            "menu: \(images.descriptions.count) images drawn at scale \(images.anchor.scale) by a child (peak RSS \(report.childPeakKiB) KiB)\(ahead ? ", ahead of time" : "")"
        )
    }

    /// Logs what became of each item's icon (a missing one once).
    private func reportIcons(_ icons: [MenuArtist.Icon], of items: [MenuItem], iconSize: Int) {
        for (item, icon) in zip(items, icons) {
            switch icon {
            case .none: break
            case .drawn(let path): log.debug("menu: icon \"\(item.icon ?? "")\" at \(iconSize) px: \(path)")
            case .notFound: reportMissingIcon(of: item, why: "not found in the icon themes")
            case .failed(let path): reportMissingIcon(of: item, why: "\(path) could not be loaded")
            }
        }
    }

    /// Says once per theme name that the configured theme was not found
    /// (the drawing child looked for its index.theme).
    private func warnThemeMissing(_ theme: String?) {
        guard let theme, warnedThemes.insert(theme).inserted else { return }
        log.warning("icon theme \"\(theme)\" has no readable index.theme; searching hicolor and Adwaita")
    }

    private func reportMissingIcon(of item: MenuItem, why: String) {
        guard let name = item.icon, missingIcons.insert(name).inserted else { return }
        log.warning("menu item \"\(item.label)\": icon \"\(name)\" \(why); drawing its first letter")
    }
}

import BuoyConfig
import BuoyCore
import BuoyDrawing
import BuoyWayland

/// The open menu: its layout, animation, keyboard focus, and one scalable
/// subsurface of buoy's layer surface per image (never an xdg_popup:
/// Hyprland has touch bugs with layer popups). The app decides when it
/// opens and closes; this places it, a frame at a time, when the app renders.
///
/// The images (`MenuSprite`) are drawn once per open by a child process
/// (`MenuArtist`), at full size; an animation frame only moves and stretches
/// them, so it draws nothing, and buoy never loads fonts or decodes icons.
/// buoy does not wait for that child: the app polls `workFD` with the rest
/// of the loop and calls `advance`, which opens the menu once it is drawn.
final class MenuPresenter {
    /// One image on its own subsurface. Its buffer is kept for as long as
    /// the subsurface, which may show it again after hiding it.
    private struct Sprite {
        var description: MenuSprite
        var surface: Subsurface
        var buffer: ShmBuffer
        /// The buffer scale it was drawn at.
        var scale: Int
    }

    /// Where the menu unfolds from: the button's rect and the usable area
    /// (layer-surface coordinates), and the buffer scale.
    struct Anchor: Equatable {
        var button: Rect
        var usable: Rect
        var scale: Int
    }

    /// What a menu is opened with, kept while its images are prepared.
    private struct Request {
        var items: [MenuItem]
        var settings: Menu
        var look: MenuLook
    }

    /// Images a child is drawing into `buffers`.
    private struct Images {
        var layout: MenuLayout
        var descriptions: [MenuSprite]
        var buffers: [ShmBuffer]
        var iconSize: Int
        /// What the layout was made for, the scale included.
        var anchor: Anchor
    }

    /// A child at work for the menu, and when it is given up (killed).
    private struct Work {
        enum Task {
            case measuring(MenuArtist.Job<[Size]>, labels: [String])
            case drawing(MenuArtist.Job<MenuArtist.Report>, Images)
        }

        var task: Task
        var deadline: Double
    }

    /// What `advance` came to.
    enum Progress: Equatable {
        /// Still at work, or the open menu has moved to a new anchor.
        case working
        /// The menu is open (its animation has begun).
        case opened
        /// It could not open.
        case failed(String)
        /// The open menu could not be drawn for its new anchor and was dropped.
        case dropped(String)
    }

    private let display: Display
    private let log: Logger
    /// Icon names already reported missing, so each is logged once.
    private var missingIcons: Set<String> = []
    /// Label sizes, measured by a child once per label text.
    private var labelSizes: [String: Size] = [:]
    /// Icon themes already reported missing.
    private var warnedThemes: Set<String> = []

    /// The menu being opened, while children measure and draw it.
    private var opening: Request?
    private var work: Work?

    private var sprites: [Sprite] = []
    /// What the shown menu was opened with.
    private var shown = Request(
        items: [], settings: Menu(), look: MenuLook(focusColor: Color(red: 1, green: 1, blue: 1)))
    private var layout: MenuLayout?
    /// What the shown menu's layout and images were made for, or, while
    /// `follow` has them drawn again, are being made for.
    private var anchor: Anchor?
    private var animation: MenuAnimation?
    private(set) var focused: Int?
    /// Something changed that the next frame must show.
    private var dirty = false
    /// When the last frame was placed.
    private var drawnAt = -Double.infinity

    init(display: Display, log: Logger) {
        self.display = display
        self.log = log
    }

    /// Open, or opening: it takes input and keys. A closing menu is not open,
    /// nor is one whose images are still being drawn.
    var isOpen: Bool { animation?.opening ?? false }
    /// On screen at all, including while it folds away.
    var isShown: Bool { layout != nil }
    /// Asked to open, its images not drawn yet.
    var isOpening: Bool { opening != nil }
    /// Readable when the child at work is done: the loop polls it.
    var workFD: Int32? {
        switch work?.task {
        case .measuring(let job, _): job.fd
        case .drawing(let job, _): job.fd
        case nil: nil
        }
    }
    /// When the child at work is given up: the loop's timer wakes it then.
    var workDeadline: Double? { work?.deadline }

    /// Starts opening `items` from `anchor`: children measure the labels
    /// (once per label text) and draw the images, and `advance` opens the
    /// menu when they are done. The loop goes on meanwhile. Returns why it
    /// cannot start.
    func open(_ items: [MenuItem], settings: Menu, buttonColor: Color, anchor: Anchor, now: Double) -> String?
    {
        guard !items.isEmpty else { return nil }
        work = nil
        let request = Request(items: items, settings: settings, look: MenuLook(focusColor: buttonColor))
        opening = request
        let unmeasured = Array(Set(items.map(\.label).filter { labelSizes[$0] == nil }))
        guard unmeasured.isEmpty else {
            guard let job = MenuArtist.measure(unmeasured, fontSize: request.look.fontSize) else {
                opening = nil
                return "no child could be started to measure its labels"
            }
            start(.measuring(job, labels: unmeasured), now: now)
            return nil
        }
        if let problem = startDrawing(request, anchor: anchor, now: now) {
            opening = nil
            return problem
        }
        return nil
    }

    /// Stops opening the menu; its children are killed.
    func cancelOpening() {
        guard opening != nil else { return }
        opening = nil
        work = nil
    }

    /// Takes the result of the child at work, once `workFD` is readable or,
    /// with `timedOut`, the deadline has passed (the child is killed).
    /// `anchor` is where the menu would unfold now: if the button moved while
    /// its images were drawn, they are drawn again for the new place.
    func advance(now: Double, timedOut: Bool, anchor: Anchor?, parent: LayerSurface?) -> Progress {
        guard let task = work?.task else { return .working }
        work = nil
        let late = timedOut ? " within \(Int(MenuArtist.timeoutSeconds)) s" : ""
        switch task {
        case .measuring(let job, let labels):
            guard let request = opening else { return .working }
            guard let sizes = job.finish(killing: timedOut) else {
                return failOpening("its labels could not be measured\(late)")
            }
            for (label, size) in zip(labels, sizes) { labelSizes[label] = size }
            guard let anchor else { return failOpening("the button is not on screen") }
            if let problem = startDrawing(request, anchor: anchor, now: now) { return failOpening(problem) }
            return .working
        case .drawing(let job, let images):
            guard let report = job.finish(killing: timedOut) else {
                guard opening != nil else {
                    reset()
                    return .dropped("its images could not be drawn again\(late)")
                }
                return failOpening("its images could not be drawn\(late)")
            }
            log.debug(
                "menu: \(images.descriptions.count) images drawn at scale \(images.anchor.scale) by a child (peak RSS \(report.childPeakKiB) KiB)"
            )
            guard let request = opening else {
                // The shown menu, for its new anchor, unless it has gone.
                if isShown, let parent, install(images, parent: parent) { dirty = true }
                return .working
            }
            if let anchor, anchor != images.anchor {
                // The button moved, or the output changed, while they were drawn.
                if let problem = startDrawing(request, anchor: anchor, now: now) {
                    return failOpening(problem)
                }
                return .working
            }
            reportIcons(report.icons, of: request.items, iconSize: images.iconSize)
            if report.themeMissing { warnThemeMissing(request.settings.iconTheme) }
            guard let parent, install(images, parent: parent) else {
                return failOpening("its surfaces could not be created")
            }
            opening = nil
            shown = request
            animation = MenuAnimation(
                opening: true, start: now, count: request.items.count,
                openDuration: request.settings.openDuration, closeDuration: request.settings.closeDuration)
            focused = MenuNavigation.visualOrder(images.layout).first
            dirty = true
            return .opened
        }
    }

    /// Folds the menu away; it disappears when the animation ends.
    func close(now: Double) {
        guard isOpen else { return }
        animation = MenuAnimation(
            opening: false, start: now, count: shown.items.count, openDuration: shown.settings.openDuration,
            closeDuration: shown.settings.closeDuration)
        dirty = true
    }

    /// Drops the menu at once, and any menu being opened (its surface is
    /// going away, or buoy is).
    func reset() {
        cancelOpening()
        removeFromScreen()
    }

    /// Takes the shown menu off the screen; a menu being opened goes on.
    private func removeFromScreen() {
        if opening == nil { work = nil }
        sprites = []
        layout = nil
        anchor = nil
        animation = nil
        focused = nil
    }

    private func failOpening(_ problem: String) -> Progress {
        cancelOpening()
        return .failed(problem)
    }

    private func start(_ task: Work.Task, now: Double) {
        work = Work(task: task, deadline: now + MenuArtist.timeoutSeconds)
    }

    /// The item under `point` (layer-surface coordinates), if any.
    func item(at point: Point) -> Int? {
        layout?.hitTest(point)
    }

    func command(of index: Int) -> MenuItem? {
        shown.items.indices.contains(index) ? shown.items[index] : nil
    }

    /// Moves the keyboard focus; returns the item to run for `.activate`.
    func handle(_ key: MenuKey) -> Int? {
        guard let layout else { return nil }
        if key == .activate { return focused }
        let moved = MenuNavigation.move(from: focused, key, order: MenuNavigation.visualOrder(layout))
        if moved != focused {
            focused = moved
            dirty = true
        }
        return nil
    }

    /// Whether a frame must be placed at `now`: until one has been placed at
    /// or after the animation's end, so that a late frame callback still
    /// lands on its last frame (and a finished close still hides the menu).
    func needsFrame(at now: Double) -> Bool {
        guard isShown else { return false }
        if let animation, drawnAt < animation.end || !animation.opening { return true }
        return dirty
    }

    /// Keeps the open menu beside the button when the output changes under
    /// it (its size, scale or usable area): a child draws it again for
    /// `anchor`, and until then the old images stay, stretched if the scale
    /// changed.
    func follow(_ anchor: Anchor?, now: Double) {
        guard isOpen, work == nil, let anchor, anchor != self.anchor else { return }
        self.anchor = anchor  // tried once, even if it cannot start
        if let problem = startDrawing(shown, anchor: anchor, now: now) {
            log.error("menu: it cannot be drawn again for the changed output: \(problem)")
        }
    }

    /// Places the current frame's images; the caller commits the parent.
    func render(now: Double) {
        guard let layout else { return }
        if let animation, !animation.opening, animation.isFinished(at: now) {
            // Destroying the subsurfaces unmaps them with the parent's commit.
            removeFromScreen()
            return
        }
        for sprite in sprites {
            place(sprite, in: layout, at: now)
        }
        dirty = false
        drawnAt = now
    }

    private func place(_ sprite: Sprite, in layout: MenuLayout, at now: Double) {
        var item = sprite.description.item
        var image = sprite.description.image
        if sprite.description.part == .focusRing {
            // One ring, moved to the focused item (all items are one size).
            // Moved by whole px so that it keeps its buffer's exact size.
            guard let focused, layout.items.indices.contains(focused) else { return hide(sprite) }
            let from = layout.items[item].circle.center
            let to = layout.items[focused].circle.center
            item = focused
            image.origin = image.origin + Point(x: (to.x - from.x).rounded(), y: (to.y - from.y).rounded())
        }
        let itemScale = animation?.scale(item: item, at: now) ?? 1
        // A pill never overshoots, so it never needs room outside the layout.
        let spriteScale = sprite.description.part == .pill ? min(itemScale, 1) : itemScale
        guard
            let rect = SpritePlacement.place(
                image, scaledBy: spriteScale, around: layout.items[item].circle.center)
        else { return hide(sprite) }
        if !sprite.surface.isShown { sprite.surface.show(sprite.buffer, scale: sprite.scale) }
        sprite.surface.place(
            x: Int(rect.minX), y: Int(rect.minY), width: Int(rect.width), height: Int(rect.height))
    }

    private func hide(_ sprite: Sprite) {
        if sprite.surface.isShown { sprite.surface.hide() }
    }

    /// Lays the menu out at `anchor` and starts a child drawing its images.
    /// Returns why it cannot.
    private func startDrawing(_ request: Request, anchor: Anchor, now: Double) -> String? {
        let labels = request.items.map { labelSizes[$0.label] ?? Size(width: 0, height: 0) }
        let layout = MenuLayout.layout(
            button: anchor.button, usable: anchor.usable, count: request.items.count,
            itemSize: request.settings.itemSize, spacing: request.settings.spacing,
            labelWidths: labels.map(\.width), labelHeight: labels.map(\.height).max() ?? 0)
        let scale = anchor.scale
        guard let shm = display.shm else { return "the compositor has no wl_shm" }
        let descriptions = MenuPainter.sprites(for: layout)
        var buffers: [ShmBuffer] = []
        for description in descriptions {
            let (width, height) = MenuPainter.bufferSize(of: description, scale: scale)
            do { buffers.append(try ShmBuffer(shm: shm, width: width, height: height)) } catch {
                return "\(error)"
            }
        }
        let iconSize = IconLookup.pixelSize(itemSize: request.settings.itemSize, scale: scale)
        guard
            let job = MenuArtist.draw(
                descriptions, on: buffers.map { MenuArtist.Canvas(data: $0.data, stride: $0.stride) },
                layout: layout, labels: request.items.map(\.label), icons: request.items.map(\.icon),
                locate: iconLocator(theme: request.settings.iconTheme, size: iconSize, scale: scale),
                iconSize: iconSize, look: request.look, scale: scale)
        else { return "no child could be started to draw its images" }
        let images = Images(
            layout: layout, descriptions: descriptions, buffers: buffers, iconSize: iconSize, anchor: anchor)
        start(.drawing(job, images), now: now)
        return nil
    }

    /// Puts drawn images on the subsurfaces there are (made on the first
    /// open), and their layout in force. False if a subsurface could not be
    /// made.
    private func install(_ images: Images, parent: LayerSurface) -> Bool {
        if sprites.count != images.descriptions.count {
            sprites = []
            for (description, buffer) in zip(images.descriptions, images.buffers) {
                guard let surface = try? Subsurface(display: display, parent: parent, scalable: true) else {
                    sprites = []
                    return false
                }
                sprites.append(
                    Sprite(
                        description: description, surface: surface, buffer: buffer, scale: images.anchor.scale
                    ))
            }
        } else {
            // As many images (reopened while closing, or moved): a shown
            // one shows its new buffer now, a hidden one when next placed.
            for i in sprites.indices {
                sprites[i].description = images.descriptions[i]
                sprites[i].buffer = images.buffers[i]
                sprites[i].scale = images.anchor.scale
                if sprites[i].surface.isShown {
                    sprites[i].surface.show(images.buffers[i], scale: images.anchor.scale)
                }
            }
        }
        layout = images.layout
        anchor = images.anchor
        return true
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

    /// The icon-theme lookup, to run in the drawing child: it reads the
    /// themes' index.theme files (hicolor's alone is 55 kB of text, whose
    /// parsed form would stay in buoy) and finds each icon at `size` buffer
    /// pixels at the output's `scale`.
    private func iconLocator(theme: String?, size: Int, scale: Int) -> ([String?]) -> MenuArtist.Located {
        let lookup = IconLookup(
            theme: theme,
            baseDirectories: IconLookup.baseDirectories(
                home: Environment.string("HOME"), dataHome: Environment.string("XDG_DATA_HOME"),
                dataDirs: Environment.string("XDG_DATA_DIRS")))
        return { icons in
            let themes = lookup.themes { path in
                guard Files.isReadableRegularFile(path),
                    case .success(let bytes) = Files.read(path, limit: 1 << 20)
                else { return nil }
                return String(decoding: bytes, as: UTF8.self)
            }
            let paths = icons.map { icon in
                icon.flatMap {
                    lookup.find(
                        $0, size: size, scale: scale, in: themes, exists: Files.isReadableFileOrDirectory)
                }
            }
            let missing = theme.map { name in !name.isEmpty && !themes.contains { $0.name == name } } ?? false
            return MenuArtist.Located(paths: paths, themeMissing: missing)
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

import BuoyButton
import BuoyConfig
import BuoyCore
import BuoyDrawing
import BuoyWayland
import SystemCalls

/// Carries out what `MenuController` decides: it runs the children that
/// draw the menu's images (`MenuArtist`), keeps their buffers, and shows a
/// `MenuScene` on one scalable subsurface of the owner's layer surface per
/// image (never an xdg_popup: Hyprland has touch bugs with layer popups).
/// It decides nothing about the menu's life.
///
/// A child draws every image at full size into shared memory; an animation
/// frame only moves and stretches the subsurfaces, so it draws nothing, and
/// buoy never loads fonts or decodes icons. buoy never waits for a child:
/// the loop polls its pipe, and `update` takes what it drew.
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

    /// The sprites of the images on screen, on their parent's subsurfaces.
    private struct ShownSprites {
        var images: Int
        var sprites: [Sprite]
        weak var parent: LayerSurface?
        /// What its images covered in the last frame (layer-surface coordinates).
        var area: Rect?
    }

    /// How far ahead of `now` a frame is placed: a commit is seen at the
    /// compositor's next repaint, about one frame (at 60 Hz) later. So the
    /// first frame, committed as the menu opens, already shows it unfolding.
    static let frameLead = 1.0 / 60

    /// A child at work for job `id`.
    private struct Drawing {
        var job: MenuArtist.Job<MenuArtist.Report>
        var request: MenuJob
        var file: MemoryFile
    }

    /// A drawn page's buffers, over its child's file.
    private struct Images {
        var buffers: [ShmBuffer]
    }

    private let display: Display
    private let log: Logger
    private let children: ChildWatch
    private var drawings: [Int: Drawing] = [:] {
        didSet { children.keep(drawings.keys.sorted().compactMap { drawings[$0]?.job.fd }) }
    }
    private var images: [Int: Images] = [:]
    private var shown: ShownSprites?
    /// Sprites hidden by the last commit, destroyed after it: phoc 0.24
    /// crashes when a subsurface it still shows is destroyed (a hidden
    /// synchronized one stays shown until its parent commits).
    private var hidden: (sprites: [Sprite], parent: LayerSurface?)?
    /// The blur behind a panel, on the surface it was made for, where the
    /// compositor offers one (`SurfaceBlur`).
    private var blur: (parent: LayerSurface, blur: SurfaceBlur)?
    /// What the children found of the icons, and which were reported missing.
    private var icons: MenuIcons

    init(display: Display, loop: EventLoop, reaper: ChildReaper, log: Logger) {
        self.display = display
        self.log = log
        icons = MenuIcons(log: log)
        children = ChildWatch(loop: loop, reaper: reaper)
    }

    /// The surface the menu's sprites are on, hidden ones included.
    var parent: LayerSurface? { shown?.parent ?? hidden?.parent }

    /// Whether sprites are shown, and the surface they are on then (nil:
    /// that surface is gone).
    var shownOn: LayerSurface?? { shown.map(\.parent) }

    /// Whether sprites are on screen, or hidden and still to be destroyed:
    /// taking them away takes a frame each.
    var hasSprites: Bool { shown != nil || hidden != nil }

    // MARK: - Children

    /// Starts a child that draws `request`'s page for its anchor; returns
    /// why it cannot.
    func draw(_ request: MenuJob) -> String? {
        guard display.shm != nil else { return "the compositor has no wl_shm" }
        guard let file = MemoryFile(name: "buoy-menu") else {
            return "no shared memory could be made for its images"
        }
        let page = request.page
        let anchor = request.anchor
        let job: MenuArtist.Job<MenuArtist.Report>
        do {
            job = try MenuArtist.draw(
                MenuDrawJob(
                    labels: page.items.indices.map(request.label(of:)), icons: page.items.map(\.icon),
                    arrangement: page.arrangement(at: anchor),
                    query: icons.query(for: page, scale: anchor.scale),
                    look: page.look, scale: anchor.scale,
                    on: page.items.indices.map { request.statuses[$0]?.on == true },
                    unavailable: page.items.map(\.isUnavailable),
                    lifted: page.items.indices.map { $0 == page.lifted },
                    only: request.partial?.items ?? []),
                into: file.fd, reaping: children.reaping)
        } catch {
            return "its images cannot be drawn: \(error)"
        }
        drawings[request.id] = Drawing(job: job, request: request, file: file)
        return nil
    }

    /// Kills the children and drops the buffers the controller no longer
    /// needs (`jobs`, `liveImages`).
    func keep(jobs: [MenuJob], images live: Set<Int>) {
        let ids = Set(jobs.map(\.id))
        if drawings.keys.contains(where: { !ids.contains($0) }) {
            // A dropped job kills and collects its child.
            drawings = drawings.filter { ids.contains($0.key) }
        }
        images = images.filter { live.contains($0.key) }
    }

    /// What the children that have exited by `wakeup` drew, as the
    /// controller's inputs. One exited by its deadline is taken, never killed.
    func update(_ wakeup: Wakeup, now: Double) -> [MenuInput] {
        var inputs: [MenuInput] = []
        for (id, drawing) in drawings.sorted(by: { $0.key < $1.key }) {
            // Its number may be a pipe that a child killed earlier in this
            // wakeup left to this one, hence `hasExited`.
            guard wakeup.readable.contains(drawing.job.fd) || now >= drawing.request.deadline,
                drawing.job.hasExited
            else { continue }
            drawings[id] = nil
            if let labels = finish(drawing) {
                inputs.append(.drawn(id: id, labels: labels))
            } else {
                inputs.append(.drawFailed(id: id, couldNotStart: nil))
            }
        }
        return inputs
    }

    /// Makes the buffers over a finished child's file, the page laid out
    /// from the label sizes it reports; logs what became of its icons.
    /// Nil if the child failed.
    private func finish(_ drawing: Drawing) -> [Size]? {
        guard let report = drawing.job.finish() else { return nil }
        let request = drawing.request
        let layout = request.page.layout(at: request.anchor, labels: report.labelSizes)
        let descriptions = MenuSprite.sprites(for: layout)
        let (slots, bytes) = MenuArtist.slots(for: descriptions, scale: request.anchor.scale)
        guard let shm = display.shm, drawing.file.size == bytes,
            let pool = try? ShmPool(shm: shm, fd: drawing.file.fd, size: bytes)
        else { return nil }
        // A job for some items only: the other images are the base's, on
        // screen already, so only the new ones are attached (`sprites(for:)`).
        let base = request.partial.flatMap { images[$0.base] }
        if request.partial != nil, base?.buffers.count != slots.count { return nil }
        images[request.id] = Images(
            buffers: zip(descriptions, slots).enumerated().map { index, pair in
                let (description, slot) = pair
                if let base, let partial = request.partial, !description.shows(anyOf: partial.items) {
                    return base.buffers[index]
                }
                return pool.buffer(offset: slot.offset, width: slot.width, height: slot.height)
            })
        let drawn =
            request.partial.map { partial in
                "\(descriptions.filter { $0.shows(anyOf: partial.items) }.count) of \(descriptions.count)"
            } ?? "\(descriptions.count)"
        log.debug(
            "menu: \(drawn) images drawn at scale \(request.anchor.scale) by a child (peak RSS \(report.childPeakKiB) KiB)\(request.ahead ? ", ahead of time" : "")"
        )
        icons.record(report, of: request.page, scale: request.anchor.scale)
        return report.labelSizes
    }

    // MARK: - Frames

    /// Places `scene`'s frame at `at` on `parent`; nil hides what is on
    /// screen (with this commit) and destroys it (with the next). The
    /// caller commits the parent. Returns false if the sprites could not
    /// be made.
    func render(_ scene: MenuScene?, on parent: LayerSurface?, at: Double) -> Bool {
        // Committed hidden by the last frame: now they may go.
        hidden = nil
        guard let scene, let parent, let drawn = images[scene.images.id] else {
            blur = nil
            if let shown {
                for sprite in shown.sprites { hide(sprite) }
                repaint(shown.parent, from: shown.area, to: nil)
                hidden = (shown.sprites, shown.parent)
                self.shown = nil
            }
            return true
        }
        guard var shown = sprites(for: scene.images, drawn, on: parent) else {
            return false
        }
        if shown.sprites.contains(where: { !$0.added }) {
            // Adds the new subsurfaces, unmapped, so this frame may map them.
            parent.commit()
            for index in shown.sprites.indices { shown.sprites[index].added = true }
        }
        let area = Self.bounds(
            shown.sprites.compactMap { place($0, of: scene, at: at) })
        repaint(parent, from: shown.area, to: area)
        shown.area = area
        self.shown = shown
        blurBehind(scene, on: parent, at: at)
        return true
    }

    /// Has the compositor blur behind the panel as it is placed at `at`;
    /// a column has none.
    private func blurBehind(_ scene: MenuScene, on parent: LayerSurface, at now: Double) {
        let region = scene.animation.blurRegion(of: scene.images.layout, at: now)
        if blur?.parent !== parent { blur = nil }
        if blur == nil, !region.isEmpty, let made = SurfaceBlur(display: display, surface: parent.surface) {
            blur = (parent, made)
        }
        blur?.blur.setRegion(region)
    }

    /// The sprites that show `images` on `parent`: those on screen if they
    /// are these images, or as many on the same parent (given these
    /// buffers); otherwise new ones, the old hidden. Nil if a subsurface
    /// could not be made.
    private func sprites(for images: MenuImages, _ drawn: Images, on parent: LayerSurface) -> ShownSprites? {
        let descriptions = MenuSprite.sprites(for: images.layout)
        if var shown, shown.parent === parent, shown.sprites.count == descriptions.count {
            if shown.images != images.id {
                // A shown one shows its new buffer now, a hidden one when next
                // placed; one whose buffer is the same (a redraw of other
                // items) is left alone.
                for (index, (description, buffer)) in zip(descriptions, drawn.buffers).enumerated() {
                    shown.sprites[index].description = description
                    guard shown.sprites[index].buffer !== buffer else { continue }
                    shown.sprites[index].buffer = buffer
                    if shown.sprites[index].surface.isShown { shown.sprites[index].surface.show(buffer) }
                }
                shown.images = images.id
            } else {
                for (index, description) in descriptions.enumerated() {
                    shown.sprites[index].description = description
                }
            }
            return shown
        }
        var sprites: [Sprite] = []
        for (description, buffer) in zip(descriptions, drawn.buffers) {
            guard
                let surface = try? Subsurface(display: display, parent: parent, scalable: true, fadable: true)
            else { return nil }
            sprites.append(Sprite(description: description, surface: surface, buffer: buffer))
        }
        if let old = shown {
            for sprite in old.sprites { hide(sprite) }
            hidden = (old.sprites, old.parent)
        }
        return ShownSprites(images: images.id, sprites: sprites, parent: parent, area: shown?.area)
    }

    /// Has the parent repaint where the images were and now are (`area`,
    /// nil once hidden): phoc 0.46 leaves a subsurface's old pixels on
    /// screen where it shrank or was unmapped.
    private func repaint(_ parent: LayerSurface?, from old: Rect?, to area: Rect?) {
        if let damage = Self.bounds([old, area].compactMap { $0 }) { parent?.damage(damage) }
    }

    private static func bounds(_ rects: [Rect]) -> Rect? {
        rects.dropFirst().reduce(rects.first) { $0?.union($1) }
    }

    /// Places one image for the frame at `now`; returns where it shows,
    /// nil if hidden.
    private func place(_ sprite: Sprite, of scene: MenuScene, at now: Double) -> Rect? {
        let layout = scene.images.layout
        let animation = scene.animation
        var item = sprite.description.item
        var image = sprite.description.image
        if sprite.description.part == .focusRing {
            // One ring, moved to the focused item (all items are one size).
            // Moved by whole px so that it keeps its buffer's exact size.
            guard let focused = scene.ring, layout.items.indices.contains(focused) else {
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

    /// Drops everything at once: buoy stops, and the buffers go before the
    /// display does.
    func tearDown() {
        blur = nil
        drawings = [:]
        images = [:]
        shown = nil
        hidden = nil
    }
}

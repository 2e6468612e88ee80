import BuoyConfig
import BuoyCore
import BuoyDrawing
import BuoyWayland
import Glibc

/// The open menu: its layout, animation, keyboard focus, and one scalable
/// subsurface of buoy's layer surface per image (never an xdg_popup:
/// Hyprland has touch bugs with layer popups). The app decides when it
/// opens and closes; this places it, a frame at a time, when the app renders.
///
/// The images (`MenuSprite`) are drawn once per open by a child process
/// (`MenuArtist`), at full size; an animation frame only moves and stretches
/// them, so it draws nothing, and buoy never loads fonts or decodes icons.
final class MenuPresenter {
    /// One image on its own subsurface. Its buffer is kept for as long as
    /// the subsurface, which may show it again after hiding it.
    private struct Sprite {
        var description: MenuSprite
        var surface: Subsurface
        var buffer: ShmBuffer
    }

    private let display: Display
    private let log: Logger
    /// Icon names already reported missing, so each is logged once.
    private var missingIcons: Set<String> = []
    /// Label sizes, measured by a child once per label text.
    private var labelSizes: [String: Size] = [:]
    /// Icon themes already reported missing.
    private var warnedThemes: Set<String> = []

    private var sprites: [Sprite] = []
    private var items: [MenuItem] = []
    private var layout: MenuLayout?
    private var animation: MenuAnimation?
    private var settings = Menu()
    private var look = MenuLook(focusColor: Color(red: 1, green: 1, blue: 1))
    private(set) var focused: Int?
    /// Something changed that the next frame must show.
    private var dirty = false
    private var drawnScale = 0
    /// When the last frame was placed.
    private var drawnAt = -Double.infinity

    init(display: Display, log: Logger) {
        self.display = display
        self.log = log
    }

    /// Open, or opening: it takes input and keys. A closing menu is not open.
    var isOpen: Bool { animation?.opening ?? false }
    /// On screen at all, including while it folds away.
    var isShown: Bool { layout != nil }

    /// Unfolds `items` from the button at `button` (layer-surface
    /// coordinates). Returns why it cannot, if the images could not be drawn.
    func open(
        _ items: [MenuItem], settings: Menu, button: Rect, usable: Rect, buttonColor: Color, scale: Int,
        parent: LayerSurface, now: Double
    ) -> String? {
        guard !items.isEmpty else { return nil }
        let look = MenuLook(focusColor: buttonColor)
        let unmeasured = Array(Set(items.map(\.label).filter { labelSizes[$0] == nil }))
        if !unmeasured.isEmpty {
            guard let sizes = MenuArtist.measure(unmeasured, fontSize: look.fontSize) else {
                return "the labels could not be measured"
            }
            for (label, size) in zip(unmeasured, sizes) { labelSizes[label] = size }
        }
        let labels = items.map { labelSizes[$0.label] ?? Size(width: 0, height: 0) }
        let layout = MenuLayout.layout(
            button: button, usable: usable, count: items.count, itemSize: settings.itemSize,
            spacing: settings.spacing, labelWidths: labels.map(\.width),
            labelHeight: labels.map(\.height).max() ?? 0)
        self.items = items
        self.settings = settings
        self.look = look
        self.layout = layout
        guard draw(scale: scale, parent: parent) else {
            reset()
            return "its images could not be drawn"
        }
        // It starts once its images are drawn (tens of ms in the child), so
        // that its first frames are not skipped.
        animation = MenuAnimation(
            opening: true, start: max(now, monotonicNow()), count: items.count,
            openDuration: settings.openDuration, closeDuration: settings.closeDuration)
        focused = MenuNavigation.visualOrder(layout).first
        dirty = true
        return nil
    }

    /// Folds the menu away; it disappears when the animation ends.
    func close(now: Double) {
        guard isOpen else { return }
        animation = MenuAnimation(
            opening: false, start: now, count: items.count, openDuration: settings.openDuration,
            closeDuration: settings.closeDuration)
        dirty = true
    }

    /// Drops the menu at once (its surface is going away, or it is done).
    func reset() {
        sprites = []
        layout = nil
        animation = nil
        focused = nil
    }

    /// The item under `point` (layer-surface coordinates), if any.
    func item(at point: Point) -> Int? {
        layout?.hitTest(point)
    }

    func command(of index: Int) -> MenuItem? {
        items.indices.contains(index) ? items[index] : nil
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
    func needsFrame(at now: Double, scale: Int) -> Bool {
        guard isShown else { return false }
        if let animation, drawnAt < animation.end || !animation.opening { return true }
        return dirty || scale != drawnScale
    }

    /// Places the current frame's images; the caller commits the parent.
    func render(now: Double, scale: Int, parent: LayerSurface) {
        guard let layout else { return }
        if let animation, !animation.opening, animation.isFinished(at: now) {
            // Destroying the subsurfaces unmaps them with the parent's commit.
            reset()
            return
        }
        if scale != drawnScale && !draw(scale: scale, parent: parent) {
            log.error("menu: its images could not be redrawn at scale \(scale); closing it")
            reset()
            return
        }
        for sprite in sprites {
            place(sprite, in: layout, at: now, scale: scale)
        }
        dirty = false
        drawnAt = now
    }

    private func place(_ sprite: Sprite, in layout: MenuLayout, at now: Double, scale: Int) {
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
        if !sprite.surface.isShown { sprite.surface.show(sprite.buffer, scale: scale) }
        sprite.surface.place(
            x: Int(rect.minX), y: Int(rect.minY), width: Int(rect.width), height: Int(rect.height))
    }

    private func hide(_ sprite: Sprite) {
        if sprite.surface.isShown { sprite.surface.hide() }
    }

    /// Draws every image at `scale` into new buffers, on the subsurfaces
    /// there are (made on the first draw of an open). False if it failed.
    private func draw(scale: Int, parent: LayerSurface) -> Bool {
        guard let layout, let shm = display.shm else { return false }
        let descriptions = MenuPainter.sprites(for: layout)
        var buffers: [ShmBuffer] = []
        for description in descriptions {
            let (width, height) = MenuPainter.bufferSize(of: description, scale: scale)
            guard let buffer = try? ShmBuffer(shm: shm, width: width, height: height) else { return false }
            buffers.append(buffer)
        }
        let iconSize = IconLookup.pixelSize(itemSize: settings.itemSize, scale: scale)
        warnIfThemeMissing()
        guard
            let report = MenuArtist.draw(
                descriptions, on: buffers.map { MenuArtist.Canvas(data: $0.data, stride: $0.stride) },
                layout: layout, labels: items.map(\.label), icons: items.map(\.icon),
                locate: iconLocator(size: iconSize, scale: scale), iconSize: iconSize, look: look,
                scale: scale)
        else { return false }
        log.debug(
            "menu: \(descriptions.count) images drawn at scale \(scale) by a child (peak RSS \(report.childPeakKiB) KiB)"
        )
        for (item, icon) in zip(items, report.icons) {
            switch icon {
            case .none: break
            case .drawn(let path): log.debug("menu: icon \"\(item.icon ?? "")\" at \(iconSize) px: \(path)")
            case .notFound: reportMissingIcon(of: item, why: "not found in the icon themes")
            case .failed(let path): reportMissingIcon(of: item, why: "\(path) could not be loaded")
            }
        }
        if sprites.count != descriptions.count {
            sprites = []
            for (description, buffer) in zip(descriptions, buffers) {
                guard let surface = try? Subsurface(display: display, parent: parent, scalable: true) else {
                    return false
                }
                sprites.append(Sprite(description: description, surface: surface, buffer: buffer))
            }
        } else {
            // Same images (a new scale, or reopened while closing): a shown
            // one shows its new buffer now, a hidden one when next placed.
            for i in sprites.indices {
                sprites[i].description = descriptions[i]
                sprites[i].buffer = buffers[i]
                if sprites[i].surface.isShown { sprites[i].surface.show(buffers[i], scale: scale) }
            }
        }
        drawnScale = scale
        return true
    }

    /// The icon-theme lookup, to run in the drawing child: it reads the
    /// themes' index.theme files (hicolor's alone is 55 kB of text, whose
    /// parsed form would stay in buoy) and finds each icon at `size` buffer
    /// pixels at the output's `scale`.
    private func iconLocator(size: Int, scale: Int) -> ([String?]) -> [String?] {
        let lookup = iconLookup()
        return { icons in
            let themes = lookup.themes { path in
                guard Files.isReadableRegularFile(path),
                    case .success(let bytes) = Files.read(path, limit: 1 << 20)
                else { return nil }
                return String(decoding: bytes, as: UTF8.self)
            }
            return icons.map { icon in
                icon.flatMap {
                    lookup.find(
                        $0, size: size, scale: scale, in: themes, exists: Files.isReadableFileOrDirectory)
                }
            }
        }
    }

    private func iconLookup() -> IconLookup {
        IconLookup(
            theme: settings.iconTheme,
            baseDirectories: IconLookup.baseDirectories(
                home: Environment.string("HOME"), dataHome: Environment.string("XDG_DATA_HOME"),
                dataDirs: Environment.string("XDG_DATA_DIRS")))
    }

    /// Says once per theme name when the configured theme has no index.theme
    /// in any base directory (then only hicolor and Adwaita are searched).
    private func warnIfThemeMissing() {
        guard let theme = settings.iconTheme, !theme.isEmpty, !warnedThemes.contains(theme) else { return }
        let found = iconLookup().baseDirectories.contains { access("\($0)/\(theme)/index.theme", R_OK) == 0 }
        guard !found else { return }
        warnedThemes.insert(theme)
        log.warning("icon theme \"\(theme)\" has no readable index.theme; searching hicolor and Adwaita")
    }

    private func reportMissingIcon(of item: MenuItem, why: String) {
        guard let name = item.icon, missingIcons.insert(name).inserted else { return }
        log.warning("menu item \"\(item.label)\": icon \"\(name)\" \(why); drawing its first letter")
    }
}

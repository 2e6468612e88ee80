import BuoyConfig
import BuoyCore
import BuoyDrawing
import BuoyWayland
import Glibc

/// The open menu: its layout, animation, keyboard focus and its own
/// subsurface of buoy's layer surface (never an xdg_popup: Hyprland has
/// touch bugs with layer popups). The app decides when it opens and closes;
/// this draws it, a frame at a time, when the app renders.
final class MenuPresenter {
    private let display: Display
    private let log: Logger
    private let icons = IconLoader()
    /// Icon names already reported missing, so each is logged once.
    private var missingIcons: Set<String> = []

    private var surface: Subsurface?
    private var buffers: BufferPool?
    private var items: [MenuItem] = []
    private var entries: [MenuEntry] = []
    private var layout: MenuLayout?
    private var animation: MenuAnimation?
    private var settings = Menu()
    private var look = MenuLook(focusColor: Color(red: 1, green: 1, blue: 1))
    private(set) var focused: Int?
    /// Something changed that the next frame must show.
    private var dirty = false
    private var drawnScale = 0
    /// When the last frame was drawn.
    private var drawnAt = -Double.infinity

    init(display: Display, log: Logger) {
        self.display = display
        self.log = log
    }

    /// Open, or opening: it takes input and keys. A closing menu is not open.
    var isOpen: Bool { animation?.opening ?? false }
    /// On screen at all, including while it folds away.
    var isShown: Bool { layout != nil }

    /// Unfolds `items` from the button at `button` (layer-surface coordinates).
    func open(
        _ items: [MenuItem], settings: Menu, button: Rect, usable: Rect, buttonColor: Color, scale: Int,
        parent: LayerSurface, now: Double
    ) {
        guard !items.isEmpty else { return }
        if surface == nil {
            surface = try? Subsurface(display: display, parent: parent)
            buffers = display.shm.map { BufferPool(shm: $0) }
        }
        self.items = items
        self.settings = settings
        look = MenuLook(focusColor: buttonColor)
        let labels = items.map { MenuPainter.measureLabel($0.label, fontSize: look.fontSize) }
        layout = MenuLayout.layout(
            button: button, usable: usable, count: items.count, itemSize: settings.itemSize,
            spacing: settings.spacing, labelWidths: labels.map(\.width),
            labelHeight: labels.map(\.height).max() ?? 0)
        let lookup = IconLookup(
            theme: settings.iconTheme,
            baseDirectories: IconLookup.baseDirectories(
                home: Environment.string("HOME"), dataHome: Environment.string("XDG_DATA_HOME"),
                dataDirs: Environment.string("XDG_DATA_DIRS")))
        entries = items.map { MenuEntry(label: $0.label, icon: icon(for: $0, lookup: lookup, scale: scale)) }
        animation = MenuAnimation(
            opening: true, start: now, count: items.count, openDuration: settings.openDuration,
            closeDuration: settings.closeDuration)
        focused = layout.map { MenuNavigation.visualOrder($0).first } ?? nil
        dirty = true
    }

    /// Folds the menu away; it disappears when the animation ends.
    func close(now: Double) {
        guard isOpen else { return }
        animation = MenuAnimation(
            opening: false, start: now, count: items.count, openDuration: settings.openDuration,
            closeDuration: settings.closeDuration)
        dirty = true
    }

    /// Drops the menu at once (its surface is going away).
    func reset() {
        surface = nil
        buffers = nil
        layout = nil
        animation = nil
        focused = nil
        icons.removeAll()
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

    /// Whether a frame must be drawn at `now`: until one has been drawn at
    /// or after the animation's end, so that a late frame callback still
    /// lands on its last frame (and a finished close still hides the menu).
    func needsFrame(at now: Double, scale: Int) -> Bool {
        guard isShown else { return false }
        if let animation, drawnAt < animation.end || !animation.opening { return true }
        return dirty || scale != drawnScale
    }

    /// Draws the current frame into the menu's subsurface; the caller
    /// commits the parent. Returns false when no buffer was free.
    func render(now: Double, scale: Int) -> Bool {
        guard let layout, let surface, let buffers else { return false }
        if let animation, !animation.opening, animation.isFinished(at: now) {
            surface.hide()
            self.layout = nil
            self.animation = nil
            focused = nil
            // The buffers are big at scale 2; give the memory back.
            self.buffers?.removeAll()
            icons.removeAll()
            return true
        }
        let (width, height) = MenuPainter.bufferSize(for: layout, scale: scale)
        guard width > 0, height > 0, let buffer = try? buffers.free(width: width, height: height) else {
            return false
        }
        let scales = layout.items.indices.map { animation?.scale(item: $0, at: now) ?? 1 }
        MenuPainter.paint(
            layout, entries: entries, scales: scales, focused: focused, look: look, scale: scale,
            into: buffer.data, stride: buffer.stride)
        let rect = MenuPainter.imageRect(for: layout)
        surface.setPosition(x: Int(rect.minX), y: Int(rect.minY))
        surface.show(buffer, scale: scale)
        dirty = false
        drawnScale = scale
        drawnAt = now
        return true
    }

    private func icon(for item: MenuItem, lookup: IconLookup, scale: Int) -> OpaquePointer? {
        guard let name = item.icon else { return nil }
        let size = IconLookup.pixelSize(itemSize: settings.itemSize, scale: scale)
        let path = lookup.find(name, size: size) { access($0, R_OK) == 0 }
        if let path, let surface = icons.load(path: path, size: size) { return surface }
        if missingIcons.insert(name).inserted {
            let why = path == nil ? "not found in the icon themes" : "\(path!) could not be loaded"
            log.warning("menu item \"\(item.label)\": icon \"\(name)\" \(why); drawing its first letter")
        }
        return nil
    }
}

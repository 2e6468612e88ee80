import BuoyButton
import BuoyConfig
import BuoyCore
import BuoyDrawing

/// What the menu's drawing children found of its icons: where each was
/// found, at a size in a theme, so that the next child need not look it up
/// again; and which icons and themes have been reported missing, so that
/// each is logged once.
struct MenuIcons {
    /// Where icons were found at a size, in a theme: the next child drawing
    /// them need not look them up again.
    struct Search: Hashable {
        var theme: String?
        var size: Int
        var scale: Int
    }

    private let log: Logger
    /// Icon names already reported missing, so each is logged once.
    private var missingIcons: Set<String> = []
    /// Icon themes already reported missing.
    private var warnedThemes: Set<String> = []
    /// Per search, what the helpers looked up: name: file, or "" for not
    /// found, and the icon directories' stamp then (`IconQuery`).
    private var found: [Search: (known: [String: String], stamp: Int)] = [:]

    init(log: Logger) {
        self.log = log
    }

    /// The theme, the icons' size in buffer px and the integer scale that
    /// `page`'s icons are looked up for at `scale`.
    static func search(for page: MenuPage, scale: BufferScale) -> Search {
        Search(
            theme: page.settings.iconTheme,
            size: IconLookup.pixelSize(
                itemSize: page.settings.itemSize, layout: page.settings.layout, scale: scale),
            scale: scale.ceiling)
    }

    /// What a child drawing `page` at `scale` is to look up, with what the
    /// children before it found.
    func query(for page: MenuPage, scale: BufferScale) -> IconQuery {
        let search = Self.search(for: page, scale: scale)
        return IconQuery(
            theme: search.theme, size: search.size, scale: search.scale,
            known: found[search]?.known ?? [:], stamp: found[search]?.stamp ?? 0)
    }

    /// Keeps and logs what the child that drew `page` at `scale` reports
    /// of its icons.
    mutating func record(_ report: MenuArtist.Report, of page: MenuPage, scale: BufferScale) {
        let search = Self.search(for: page, scale: scale)
        let items = page.items
        reportIcons(report.icons, of: items, iconSize: search.size)
        var looked = found[search] ?? (known: [:], stamp: report.stamp)
        if looked.stamp != report.stamp { looked = (known: [:], stamp: report.stamp) }
        for (item, icon) in zip(items, report.icons) {
            guard let name = item.icon else { continue }
            switch icon {
            case .drawn(let path): looked.known[name] = path
            case .notFound: looked.known[name] = ""
            case .none, .failed: looked.known[name] = nil
            case .unchanged: break
            }
        }
        found[search] = looked
        if report.themeMissing { warnThemeMissing(page.settings.iconTheme) }
    }

    /// Logs what became of each item's icon (a missing one once).
    private mutating func reportIcons(_ icons: [MenuArtist.Icon], of items: [MenuItem], iconSize: Int) {
        for (item, icon) in zip(items, icons) {
            if case .drawn(let path) = icon {
                log.debug("menu: icon \"\(item.icon ?? "")\" at \(iconSize) px: \(path)")
            }
            guard let warning = Self.iconWarning(icon, of: item), let name = item.icon,
                missingIcons.insert(name).inserted
            else { continue }
            log.warning(warning)
        }
    }

    /// What the log and `--check` say of `item`'s icon: nil when it was
    /// drawn, or there was none.
    static func iconWarning(_ icon: MenuArtist.Icon, of item: MenuItem) -> String? {
        let why: String
        switch icon {
        case .none, .unchanged, .drawn: return nil
        case .notFound: why = "not found in the icon themes"
        case .failed(let path): why = "\(path) could not be loaded"
        }
        return "menu item \"\(item.label)\": icon \"\(item.icon ?? "")\" \(why); drawing its first letter"
    }

    /// Says once per theme name that the configured theme was not found
    /// (the drawing child looked for its index.theme).
    private mutating func warnThemeMissing(_ theme: String?) {
        guard let theme, warnedThemes.insert(theme).inserted else { return }
        log.warning(Self.themeWarning(theme))
    }

    static func themeWarning(_ theme: String) -> String {
        "icon theme \"\(theme)\" has no readable index.theme; searching hicolor and Adwaita"
    }
}

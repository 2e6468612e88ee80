import BuoyButton
import BuoyConfig
import BuoyCore
import BuoyDrawing
import BuoyWayland

/// What `--check` says of the menus' icons, in the words the running buoy
/// logs when it draws a menu: each level every button's menu opens is
/// drawn once by the drawing helper, which looks its icons up as it does
/// for the menu on screen.
enum IconCheck {
    /// Where the menu is drawn: beside a button at the right edge of a
    /// 1280×720 output, at scale 1. The icons are looked up for that size.
    private static let anchor = MenuAnchor(
        button: Rect(x: 1216, y: 332, width: 56, height: 56),
        usable: Rect(x: 0, y: 0, width: 1280, height: 720),
        scale: 1)

    /// One line per icon name (not a path) that no theme has or whose file
    /// cannot be loaded, and per icon theme missing, each once, in menu order.
    static func warnings(_ config: Config) -> [String] {
        var warnings: [String] = []
        for spec in config.buttons {
            for page in MenuPage.reachable(in: spec.menu, buttonColor: spec.button.color)
            where page.items.contains(where: { $0.icon?.contains("/") == false }) {
                for warning in check(page) where !warnings.contains(warning) { warnings.append(warning) }
            }
        }
        return warnings
    }

    /// `page` drawn, and what became of its icons; a helper that cannot
    /// draw it says so.
    private static func check(_ page: MenuPage) -> [String] {
        guard let file = MemoryFile(name: "buoy-check") else { return [] }
        let search = MenuIcons.search(for: page, scale: anchor.scale)
        let job = MenuDrawJob(
            labels: page.items.map(\.label), icons: page.items.map(\.icon),
            arrangement: page.arrangement(at: anchor),
            query: IconQuery(theme: search.theme, size: search.size, scale: search.scale), look: page.look,
            scale: anchor.scale)
        let report: MenuArtist.Report?
        do {
            report = try MenuArtist.draw(job, into: file.fd, reaping: .blocking).wait()
        } catch {
            return ["the menu's icons were not looked up: \(error)"]
        }
        guard let report else { return ["the menu's icons were not looked up: the drawing helper failed"] }
        // A path the parser has checked already.
        var warnings = zip(page.items, report.icons).compactMap { item, icon in
            item.icon?.contains("/") == false ? MenuIcons.iconWarning(icon, of: item) : nil
        }
        if report.themeMissing, let theme = page.settings.iconTheme {
            warnings.insert(MenuIcons.themeWarning(theme), at: 0)
        }
        return warnings
    }
}

/// Finds a menu icon's file the freedesktop icon-theme way, without reading
/// any theme's `index.theme`: the caller injects whether a path exists.
///
/// For a name, the candidates are, in order:
/// 1. each theme in turn: the configured one, then `hicolor`, then `Adwaita`;
/// 2. within a theme, the size directories: the exact size (`48x48`), then
///    `scalable` (SVG only), then the larger standard sizes from the nearest
///    up, then the smaller ones from the nearest down;
/// 3. within a size, the categories `apps`, `actions`, `places`, `devices`,
///    `status`, `mimetypes`, `categories`, `emblems`;
/// 4. within a category, each base directory (user's first);
/// 5. `.png`, then `.svg`;
///
/// and last `<pixmaps>/name.png` and `.svg`. An absolute path is its own
/// only candidate.
public struct IconLookup: Sendable, Equatable {
    /// `icon_theme`; nil (or empty) for none beyond the fallbacks.
    public var theme: String?
    /// Where themes live: see `baseDirectories(home:dataHome:dataDirs:)`.
    public var baseDirectories: [String]
    /// Unthemed icons, searched last.
    public var pixmapDirectories: [String]

    public init(
        theme: String?, baseDirectories: [String], pixmapDirectories: [String] = ["/usr/share/pixmaps"]
    ) {
        self.theme = theme
        self.baseDirectories = baseDirectories
        self.pixmapDirectories = pixmapDirectories
    }

    /// The fallback themes, after the configured one.
    public static let fallbackThemes = ["hicolor", "Adwaita"]

    /// Context directories, most likely first. Adwaita 43 and later keep
    /// the classic names (utilities-terminal, ...) under `legacy`.
    public static let categories = [
        "apps", "actions", "places", "devices", "status", "mimetypes", "categories", "emblems", "legacy",
    ]

    /// The fixed-size directories themes commonly ship, in pixels.
    public static let standardSizes = [16, 22, 24, 32, 36, 48, 64, 72, 96, 128, 192, 256, 512]

    /// The icon theme base directories from the environment's values:
    /// `$HOME/.icons`, `$XDG_DATA_HOME/icons` (default `$HOME/.local/share`),
    /// then each of `$XDG_DATA_DIRS` (default `/usr/local/share:/usr/share`)
    /// with `/icons`. Relative entries are ignored, as the spec says, and
    /// duplicates dropped.
    public static func baseDirectories(home: String?, dataHome: String?, dataDirs: String?) -> [String] {
        var result: [String] = []
        func add(_ directory: String) {
            let d = trimmingTrailingSlashes(directory)
            if d.hasPrefix("/") && !result.contains(d) { result.append(d) }
        }
        let home = home.flatMap { $0.hasPrefix("/") ? trimmingTrailingSlashes($0) : nil }
        if let home { add(home + "/.icons") }
        if let dataHome, dataHome.hasPrefix("/") {
            add(trimmingTrailingSlashes(dataHome) + "/icons")
        } else if let home {
            add(home + "/.local/share/icons")
        }
        var dirs = (dataDirs ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        if dirs.isEmpty { dirs = ["/usr/local/share", "/usr/share"] }
        for dir in dirs { add(trimmingTrailingSlashes(dir) + "/icons") }
        return result
    }

    /// The icon size in buffer pixels for an item of `itemSize` logical px:
    /// icons take 60 % of the item's diameter.
    public static func pixelSize(itemSize: Double, scale: Int) -> Int {
        let px = (itemSize * 0.6 * Double(max(1, scale))).rounded()
        return px >= 1 && px < 65536 ? Int(px) : 1
    }

    /// The first candidate for `name` at `size` px that `exists`, or nil.
    public func find(_ name: String, size: Int, exists: (String) -> Bool) -> String? {
        var found: String?
        forEachCandidate(name, size: size) { path in
            if exists(path) {
                found = path
                return false
            }
            return true
        }
        return found
    }

    /// Every candidate for `name` at `size` px, in the order `find` tries them.
    public func candidates(for name: String, size: Int) -> [String] {
        var result: [String] = []
        forEachCandidate(name, size: size) { path in
            result.append(path)
            return true
        }
        return result
    }

    /// Calls `body` with each candidate until it returns false. Lazy, so that
    /// `find` checks only as many paths as it must.
    private func forEachCandidate(_ name: String, size: Int, _ body: (String) -> Bool) {
        if name.hasPrefix("/") {
            _ = body(name)
            return
        }
        let name = Self.strippingExtension(name)
        guard !name.isEmpty && !name.contains("/") else { return }

        var themes: [String] = []
        if let theme, !theme.isEmpty { themes.append(theme) }
        for fallback in Self.fallbackThemes where !themes.contains(fallback) { themes.append(fallback) }

        let exact = "\(size)x\(size)"
        let larger = Self.standardSizes.filter { $0 > size }.map { "\($0)x\($0)" }
        let smaller = Self.standardSizes.filter { $0 < size }.reversed().map { "\($0)x\($0)" }
        let sizeDirectories: [(String, [String])] =
            [(exact, ["png", "svg"]), ("scalable", ["svg"])]
            + (larger + smaller).map { ($0, ["png", "svg"]) }

        for theme in themes {
            for (sizeDirectory, extensions) in sizeDirectories {
                for category in Self.categories {
                    for base in baseDirectories {
                        let stem = "\(base)/\(theme)/\(sizeDirectory)/\(category)/\(name)."
                        for ext in extensions where !body(stem + ext) { return }
                    }
                }
            }
        }
        for directory in pixmapDirectories {
            let stem = "\(Self.trimmingTrailingSlashes(directory))/\(name)."
            for ext in ["png", "svg"] where !body(stem + ext) { return }
        }
    }

    /// Icon names carry no extension, but configs sometimes add one.
    private static func strippingExtension(_ name: String) -> String {
        for ext in [".png", ".svg"] where name.hasSuffix(ext) {
            return String(name.dropLast(ext.count))
        }
        return name
    }

    private static func trimmingTrailingSlashes(_ path: String) -> String {
        var p = Substring(path)
        while p.count > 1 && p.hasSuffix("/") { p = p.dropLast() }
        return String(p)
    }
}

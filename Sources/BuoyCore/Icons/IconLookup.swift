/// Finds a menu icon's file the way the freedesktop Icon Theme Specification
/// says, from each theme's `index.theme`. Pure: the caller injects file
/// access, as `readFile` (the text of an `index.theme`, or nil) and
/// `exists` (whether a path is readable).
///
/// For a name, the candidates are, in order:
/// 1. each theme of `themes(readFile:)` in turn: the configured one, the
///    themes it inherits (`Inherits=`, depth first, each once), then
///    `hicolor`, then `Adwaita` (and what they inherit, if not yet seen);
/// 2. within a theme, the spec's `LookupIcon`: first every directory that
///    matches the size and scale, in `Directories=` order, then the others
///    from the nearest size (`DirectorySizeDistance`) on, ties in
///    `Directories=` order;
/// 3. within a directory, each base directory (the user's first);
/// 4. `.png`, then `.svg` (`.xpm` is not supported);
///
/// then the unthemed `<base>/name.png` and `.svg` of each base directory
/// (the spec's `LookupFallbackIcon`), and last `<pixmaps>/name.png` and
/// `.svg`. An absolute path is its own only candidate.
///
/// Sizes are buffer pixels (`pixelSize(itemSize:scale:)`), with the
/// output's scale beside them: a directory matches when its `Scale` is that
/// scale and its range, times its `Scale`, holds the pixels. For a size
/// that is a whole number of logical pixels this is the spec's test
/// (size × scale); for one that is not (an item of 56 at scale 2 wants
/// 67 px) it still has an answer, where the spec's logical size has none.
public struct IconLookup: Sendable, Equatable {
    /// `icon_theme`; nil (or empty) for none beyond the fallbacks.
    public var theme: String?
    /// Where themes live: see `baseDirectories(home:dataHome:dataDirs:)`.
    public var baseDirectories: [String]
    /// Unthemed icons, searched last.
    public var pixmapDirectories: [String]

    /// A lookup of `theme` and the fallback themes under `baseDirectories`,
    /// then of unthemed icons in `pixmapDirectories`.
    public init(
        theme: String?, baseDirectories: [String], pixmapDirectories: [String] = ["/usr/share/pixmaps"]
    ) {
        self.theme = theme
        self.baseDirectories = baseDirectories
        self.pixmapDirectories = pixmapDirectories
    }

    /// The fallback themes, after the configured one and what it inherits.
    public static let fallbackThemes = ["hicolor", "Adwaita"]

    /// At most this many themes are searched, however long the chain of
    /// `Inherits=` is: each costs up to one read per base directory.
    public static let maxThemes = 32

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
        let colon: Character = ":"
        var dirs = (dataDirs ?? "").split(separator: colon).map(String.init).filter { $0.hasPrefix("/") }
        if dirs.isEmpty { dirs = ["/usr/local/share", "/usr/share"] }
        for dir in dirs { add(trimmingTrailingSlashes(dir) + "/icons") }
        return result
    }

    /// The icon size in buffer pixels for an item of `itemSize` logical px
    /// in a `layout`: its `iconFraction` of the item's diameter.
    public static func pixelSize(itemSize: Double, layout: MenuLayout.Kind, scale: BufferScale) -> Int {
        let px = (itemSize * layout.iconFraction * scale.factor).rounded()
        return px >= 1 && px < 65536 ? Int(px) : 1
    }

    /// The themes to search, in order, each with its `index.theme` read
    /// through `readFile`: the first of the base directories that has one
    /// that parses. A theme without one is skipped, but for `hicolor`,
    /// which stands in with `IconTheme.hicolorFallback`.
    public func themes(readFile: (String) -> String?) -> [IconTheme] {
        var result: [IconTheme] = []
        var seen: Set<String> = []
        func visit(_ name: String) {
            guard IconTheme.isValidName(name), result.count < Self.maxThemes, seen.insert(name).inserted
            else { return }
            var found: IconTheme?
            for base in baseDirectories {
                if let text = readFile("\(base)/\(name)/index.theme"),
                    let theme = IconTheme(name: name, indexTheme: text)
                {
                    found = theme
                    break
                }
            }
            // Apps install their icons under hicolor whether or not the
            // hicolor-icon-theme package (an index.theme and empty
            // directories) is installed, and a minimal sway system often
            // lacks it: a user there would still expect the app's own
            // icon to be found, so hicolor is never skipped.
            if found == nil && name == "hicolor" { found = IconTheme.hicolorFallback }
            guard let found else { return }
            result.append(found)
            for parent in found.inherits { visit(parent) }
        }
        if let theme, !theme.isEmpty { visit(theme) }
        for fallback in Self.fallbackThemes { visit(fallback) }
        return result
    }

    /// The first candidate for `name` at `size` px and `scale` that is
    /// there, or nil: `find(_:size:scale:in:listing:isReadable:)` for one name.
    public func find(
        _ name: String, size: Int, scale: Int = 1, in themes: [IconTheme],
        listing: (String) -> Set<String>?, isReadable: (String) -> Bool
    ) -> String? {
        find([name], size: size, scale: scale, in: themes, listing: listing, isReadable: isReadable)[0]
    }

    /// For each of `names`, the first candidate at `size` px and `scale`
    /// that its directory lists (`listing`: a directory's names, nil if it
    /// cannot be read) and that `isReadable`, or nil. `themes` is what
    /// `themes(readFile:)` gave, which the caller may keep. Directories are
    /// listed before their files are looked for, and a base directory
    /// without the theme, or a theme directory that is missing or empty, is
    /// passed over, once for all the names: hicolor's index lists 649
    /// directories, of which a system has a few with icons in them. In each
    /// theme, a name's symbolic variant (`name-symbolic`) is tried before
    /// the name itself.
    public func find(
        _ names: [String], size: Int, scale: Int = 1, in themes: [IconTheme],
        listing: (String) -> Set<String>?, isReadable: (String) -> Bool
    ) -> [String?] {
        // Not kept: the optional closures below only look like they escape.
        withoutActuallyEscaping(listing) { listing in
            let directories = searchPath(
                size: size, scale: scale, themes: themes,
                bases: { theme in baseDirectories.filter { listing($0)?.contains(theme) ?? false } },
                listing: { listing($0).flatMap { $0.isEmpty ? nil : $0 } })
            return names.map { name in
                var found: String?
                forEachCandidate(name, in: directories, listing: listing) { directory, file in
                    let path = "\(directory.path)/\(file)"
                    guard directory.names?.contains(file) ?? false, isReadable(path) else { return true }
                    found = path
                    return false
                }
                return found
            }
        }
    }

    /// Every candidate for `name` at `size` px and `scale`, in the order
    /// `find` tries them (there, less those in directories that do not list them).
    public func candidates(for name: String, size: Int, scale: Int = 1, in themes: [IconTheme]) -> [String] {
        var result: [String] = []
        let directories = searchPath(
            size: size, scale: scale, themes: themes, bases: { _ in baseDirectories }, listing: nil)
        forEachCandidate(name, in: directories, listing: nil) { directory, file in
            result.append("\(directory.path)/\(file)")
            return true
        }
        return result
    }

    /// A directory to look for icons in, and its names once it has been
    /// listed (nil when only the candidates are wanted).
    private struct Place {
        var path: String
        var names: Set<String>?
    }

    /// Per theme, the directories to search for icons at `size` px and
    /// `scale`, in order: its directories (first every one that matches, in
    /// `Directories=` order, then the others from the nearest size on,
    /// ties in that order), each in every base directory of `bases`; with
    /// `listing`, only those it lists.
    private func searchPath(
        size: Int, scale: Int, themes: [IconTheme], bases: (String) -> [String],
        listing: ((String) -> Set<String>?)?
    ) -> [[Place]] {
        let size = min(max(size, 1), 1 << 20)
        let scale = min(max(scale, 1), 64)
        return themes.map { theme in
            let bases = bases(theme.name)
            if bases.isEmpty { return [] }
            let matching = theme.directories.filter { $0.matches(pixels: size, scale: scale) }
            // By distance; ties in the index's order, as the spec's strict `<`.
            let others = theme.directories.filter { !$0.matches(pixels: size, scale: scale) }
                .enumerated().map {
                    (directory: $0.element, distance: $0.element.distance(pixels: size), order: $0.offset)
                }
                .sorted { ($0.distance, $0.order) < ($1.distance, $1.order) }
                .map(\.directory)
            var places: [Place] = []
            for directory in matching + others {
                for base in bases {
                    let path = "\(base)/\(theme.name)/\(directory.path)"
                    guard let listing else {
                        places.append(Place(path: path))
                        continue
                    }
                    if let names = listing(path) { places.append(Place(path: path, names: names)) }
                }
            }
            return places
        }
    }

    /// Calls `body` with each candidate for `name` (its directory and its
    /// file name) until it returns false: in each theme's `directories`
    /// (`searchPath`), the name's symbolic variant, then the name, each as
    /// .png and .svg; then the unthemed directories, listed with `listing`.
    /// Lazy, so that `find` looks at only as many as it must.
    private func forEachCandidate(
        _ name: String, in directories: [[Place]], listing: ((String) -> Set<String>?)?,
        _ body: (Place, String) -> Bool
    ) {
        let slash: Character = "/"
        if name.hasPrefix("/") {
            let cut = name.lastIndex(of: slash)!
            let directory = cut == name.startIndex ? "/" : String(name[..<cut])
            let file = String(name[name.index(after: cut)...])
            let path = directory == "/" ? "" : directory
            _ = body(Place(path: path, names: listing.map { $0(directory) ?? [] }), file)
            return
        }
        let names = Self.variants(of: name)
        guard !names.isEmpty else { return }
        let files = names.map { ["\($0).png", "\($0).svg"] }
        for theme in directories {
            for variant in files {
                for directory in theme {
                    for file in variant where !body(directory, file) { return }
                }
            }
        }
        for path in baseDirectories + pixmapDirectories.map(Self.trimmingTrailingSlashes) {
            let directory = Place(path: path, names: listing.map { $0(path) ?? [] })
            for file in files.last! where !body(directory, file) { return }
        }
    }

    /// The names a theme is searched for, in order, for the icon `name`
    /// (not a path): its symbolic variant first, since the painter
    /// recolours it to the labels' colour so that it reads on the menu's
    /// own background, then the name itself; an extension given is dropped.
    /// Empty for a name that cannot be in a theme.
    public static func variants(of name: String) -> [String] {
        let name = strippingExtension(name)
        guard !name.isEmpty && !name.contains("/") else { return [] }
        return name.hasSuffix(symbolicSuffix) ? [name] : [name + symbolicSuffix, name]
    }

    /// What a symbolic icon's name ends in (freedesktop's and GTK's convention).
    public static let symbolicSuffix = "-symbolic"

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

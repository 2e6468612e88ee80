import BuoyCore
import BuoyDrawing
import BuoyFiles
import Glibc
import SystemCalls

/// Where icons given by name are, looked up in the drawing helper (for the
/// menu and the button's face).
enum IconFiles {
    /// Where `locate` found the icons.
    struct Located {
        /// Per icon, its file, or nil if it was not found.
        var paths: [String?]
        /// The configured icon theme was not found (its index.theme is
        /// missing or unreadable), so only the fallback themes were searched.
        var themeMissing: Bool
        /// `stamp(of:)` of the query's base directories, as they were looked in.
        var stamp: Int
    }

    /// The icon-theme lookup: it reads the themes' index.theme files
    /// (hicolor's alone is 55 kB of text, whose parsed form would stay in
    /// buoy) and finds each icon at `query.size` buffer pixels, in the
    /// themes' directories for the integer `query.scale` (at a fractional
    /// one, the next integer up: an icon is better shrunk than grown).
    /// Icons in `query.known` (name: file) were found by an earlier helper
    /// for the same theme, size and scale: while their files are still
    /// readable, they are not looked up again, nor are the ones it did not
    /// find (known as "") while `stamp(of:)` is still `query.stamp`. With
    /// all of them known no theme is read at all (about 15 ms of a menu
    /// drawn when asked: a miss searches every directory of every theme).
    static func locate(_ icons: [String?], query: IconQuery) -> Located {
        let stamp = stamp(of: query.baseDirectories)
        let missesHold = stamp == query.stamp
        // Per icon: its file, known missing (.some(nil)), or to look up (nil).
        let earlier: [String??] = icons.map { icon in
            guard let icon, let file = query.known[icon] else { return nil }
            if file.isEmpty { return missesHold ? .some(nil) : nil }
            return Files.isReadableRegularFile(file) ? file : nil
        }
        let named = zip(icons, earlier).compactMap { icon, path in path == nil ? icon : nil }
        guard !named.isEmpty else {
            return Located(paths: earlier.map { $0 ?? nil }, themeMissing: false, stamp: stamp)
        }
        let lookup = IconLookup(theme: query.theme, baseDirectories: query.baseDirectories)
        let themes = lookup.themes { path in
            guard Files.isReadableRegularFile(path),
                case .success(let bytes) = Files.read(path, limit: 1 << 20)
            else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
        let listed = DirectoryListings(
            caches: ThemeCaches(
                themes: themes.map(\.name), in: query.baseDirectories,
                names: named.flatMap(IconLookup.variants(of:))))
        var found = lookup.find(
            named, size: query.size, scale: query.scale, in: themes, listing: listed.names(in:),
            isReadable: Files.isReadableRegularFile
        ).makeIterator()
        let paths = zip(icons, earlier).map { icon, path in
            icon == nil ? nil : path ?? found.next() ?? nil
        }
        let theme = query.theme
        let missing = theme.map { name in !name.isEmpty && !themes.contains { $0.name == name } } ?? false
        return Located(paths: paths, themeMissing: missing, stamp: stamp)
    }

    /// When a file or directory last changed, in nanoseconds.
    static func modified(_ status: stat) -> Int {
        status.st_mtim.tv_sec &* 1_000_000_000 &+ status.st_mtim.tv_nsec
    }

    /// The newest change, in nanoseconds, of the base directories and the
    /// theme directories in them: a package that installs icons updates
    /// its theme's icon-theme.cache, and so its directory. An icon copied
    /// by hand into a theme's subdirectory is not seen here.
    static func stamp(of baseDirectories: [String]) -> Int {
        func changed(_ path: String) -> Int {
            var status = stat()
            guard stat(path, &status) == 0 else { return 0 }
            return modified(status)
        }
        var newest = 0
        for base in baseDirectories {
            newest = max(newest, changed(base))
            for name in Files.names(in: base) ?? [] {
                newest = max(newest, changed(base + "/" + name))
            }
        }
        return newest
    }
}

/// Directories' names, each directory read once: an icon lookup looks in
/// hundreds of them (hicolor's index lists 649, which a system has mostly
/// empty), for several icons. Testing each candidate path instead, 21,168
/// of them for 8 icons, took 58 ms in a menu's drawing child, the one step
/// that made a menu late.
final class DirectoryListings {
    /// Per directory, its names, or nil if it cannot be read.
    private var listings: [String: Set<String>?] = [:]
    private let caches: ThemeCaches

    init(caches: ThemeCaches = ThemeCaches()) {
        self.caches = caches
    }

    /// What a theme's icon-theme.cache says is in `directory`, if it has one
    /// that is current; else the directory's listing.
    func names(in directory: String) -> Set<String>? {
        if let cached = caches.names(in: directory) { return cached }
        if let known = listings[directory] { return known }
        let names = Files.names(in: directory).map(Set.init)
        listings[directory] = names
        return names
    }
}

/// The themes' icon-theme.cache files, read for a few names: per theme
/// directory with a current cache (not older than the directory, as GTK
/// has it), which of those names' files each of its subdirectories holds.
/// A directory the cache names none of them in is empty here, so the
/// lookup passes over it without listing it.
struct ThemeCaches {
    /// Theme directory ("/usr/share/icons/Adwaita") → subdirectory → files.
    private var themes: [String: [String: Set<String>]] = [:]

    init() {}

    /// Reads the caches of `themes` in each of `bases` for `names` (names
    /// without extension, as `IconLookup.variants` gives them).
    init(themes: [String], in bases: [String], names: [String]) {
        for base in bases {
            for theme in themes {
                let directory = base + "/" + theme
                if let files = Self.read(directory, names: names) { self.themes[directory] = files }
            }
        }
    }

    /// The files of the names asked for in `directory`, if a cache covers it.
    func names(in directory: String) -> Set<String>? {
        // Subdirectories are "legacy", "scalable/actions", even "22x22/stock/chart".
        for (theme, files) in themes where directory.hasPrefix(theme + "/") {
            return files[String(directory.dropFirst(theme.count + 1))] ?? []
        }
        return nil
    }

    private static func read(_ directory: String, names: [String]) -> [String: Set<String>]? {
        let path = directory + "/icon-theme.cache"
        var cacheStatus = stat()
        var directoryStatus = stat()
        guard stat(path, &cacheStatus) == 0, stat(directory, &directoryStatus) == 0,
            IconFiles.modified(cacheStatus) >= IconFiles.modified(directoryStatus), cacheStatus.st_size > 0
        else { return nil }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { try? FileDescriptor(rawValue: fd).close() }
        let size = Int(cacheStatus.st_size)
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), mapped != MAP_FAILED else {
            return nil
        }
        defer { munmap(mapped, size) }
        guard let cache = IconThemeCache(bytes: UnsafeRawBufferPointer(start: mapped, count: size)) else {
            return nil
        }
        var files: [String: Set<String>] = [:]
        for name in names {
            for image in cache.images(of: name) {
                if image.suffixes.contains(.png) { files[image.directory, default: []].insert(name + ".png") }
                if image.suffixes.contains(.svg) { files[image.directory, default: []].insert(name + ".svg") }
            }
        }
        return files
    }

}

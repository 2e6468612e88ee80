import BuoyCore
import BuoyDrawing
import BuoyWayland

/// Where icons given by name are, for the children that draw them (the
/// menu's and the button's face).
enum IconFiles {
    /// The icon-theme lookup, to run in a drawing child: it reads the
    /// themes' index.theme files (hicolor's alone is 55 kB of text, whose
    /// parsed form would stay in buoy) and finds each icon at `size` buffer
    /// pixels, in the themes' directories for the integer `scale` (at a
    /// fractional one, the next integer up: an icon is better shrunk than grown).
    /// All of it runs in the child, so none of its code is paged into buoy.
    /// Icons in `known` (name: file) were found by an earlier child for the
    /// same theme, size and scale: while their files are still readable,
    /// they are not looked up again, and with all of them known no theme is
    /// read at all (about 15 ms of a menu drawn when asked).
    static func locator(theme: String?, size: Int, scale: Int, known: [String: String] = [:])
        -> ([String?]) -> MenuArtist.Located
    {
        { icons in
            let earlier = icons.map { icon in
                icon.flatMap { known[$0] }.flatMap { Files.isReadableRegularFile($0) ? $0 : nil }
            }
            let named = zip(icons, earlier).compactMap { icon, path in path == nil ? icon : nil }
            guard !named.isEmpty else { return MenuArtist.Located(paths: earlier, themeMissing: false) }
            let lookup = IconLookup(
                theme: theme,
                baseDirectories: IconLookup.baseDirectories(
                    home: Environment.string("HOME"), dataHome: Environment.string("XDG_DATA_HOME"),
                    dataDirs: Environment.string("XDG_DATA_DIRS")))
            let themes = lookup.themes { path in
                guard Files.isReadableRegularFile(path),
                    case .success(let bytes) = Files.read(path, limit: 1 << 20)
                else { return nil }
                return String(decoding: bytes, as: UTF8.self)
            }
            let listed = DirectoryListings()
            var found = lookup.find(
                named, size: size, scale: scale, in: themes, listing: listed.names(in:),
                isReadable: Files.isReadableRegularFile
            ).makeIterator()
            let paths = zip(icons, earlier).map { icon, path in
                icon == nil ? nil : path ?? found.next() ?? nil
            }
            let missing = theme.map { name in !name.isEmpty && !themes.contains { $0.name == name } } ?? false
            return MenuArtist.Located(paths: paths, themeMissing: missing)
        }
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

    func names(in directory: String) -> Set<String>? {
        if let known = listings[directory] { return known }
        let names = Files.names(in: directory).map(Set.init)
        listings[directory] = names
        return names
    }
}

/// The installed applications from the `.desktop` files found, decided
/// without touching a disk: the caller lists and reads the files (a child
/// of buoy's, so that the poll loop never waits on a disk) and passes what
/// it found here.
public enum ApplicationList {
    /// The `applications` directories to read, first wins:
    /// `$XDG_DATA_HOME` (default `~/.local/share`), then each of
    /// `$XDG_DATA_DIRS` (default `/usr/local/share:/usr/share`).
    public static func directories(environment: (String) -> String?) -> [String] {
        func set(_ name: String) -> String? { environment(name).flatMap { $0.isEmpty ? nil : $0 } }
        let home = set("XDG_DATA_HOME") ?? set("HOME").map { $0 + "/.local/share" }
        let system = (set("XDG_DATA_DIRS") ?? "/usr/local/share:/usr/share").split(separator: ":").map(
            String.init)
        return ((home.map { [$0] } ?? []) + system).map { $0 + "/applications" }
    }

    /// The desktop file ID of the file at `relativePath` under an
    /// `applications` directory (`kde/okular.desktop` is
    /// `kde-okular.desktop`); nil for a file that is not a `.desktop` one.
    public static func desktopFileID(relativePath: String) -> String? {
        guard relativePath.hasSuffix(".desktop"), !relativePath.hasPrefix(".") else { return nil }
        return relativePath.split(separator: "/").joined(separator: "-")
    }

    /// The applications to offer from `files` (desktop file ID and bytes),
    /// given in the order of `directories`: the first file of an ID decides
    /// it, so a user's `Hidden=true` copy hides the system's. Sorted by
    /// name, ignoring case, then by ID. `installed` says whether a
    /// `TryExec` program is there.
    public static func entries(
        _ files: [(id: String, bytes: [UInt8])], desktops: [String], locale: String?,
        installed: (String) -> Bool = { _ in true }
    ) -> [DesktopEntry] {
        var decided: Set<String> = []
        var entries: [DesktopEntry] = []
        for file in files where decided.insert(file.id).inserted {
            if let entry = DesktopEntryParser.parse(
                file.bytes, id: file.id, desktops: desktops, locale: locale, installed: installed)
            {
                entries.append(entry)
            }
        }
        return entries.sorted { ($0.name.lowercased(), $0.id) < ($1.name.lowercased(), $1.id) }
    }

    /// `entries` as the scanning child writes them: each field ended by a
    /// NUL (which no parsed value holds), four to an entry.
    public static func encoded(_ entries: [DesktopEntry]) -> [UInt8] {
        var bytes: [UInt8] = []
        for entry in entries {
            for field in [entry.id, entry.name, entry.icon ?? "", entry.command] {
                bytes += Array(field.utf8)
                bytes.append(0)
            }
        }
        return bytes
    }

    /// What `encoded` wrote; nil when it is cut short.
    public static func decoded(_ bytes: [UInt8]) -> [DesktopEntry]? {
        let fields = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        // The last NUL leaves one empty field after it.
        guard fields.last == "", (fields.count - 1) % 4 == 0 else { return nil }
        // A loop, not a closure: Swift 6.0 (trixie's swiftlang) cannot type-check the closure in time.
        var entries: [DesktopEntry] = []
        for start in stride(from: 0, to: fields.count - 1, by: 4) {
            let icon: String? = fields[start + 2].isEmpty ? nil : fields[start + 2]
            entries.append(
                DesktopEntry(
                    id: fields[start], name: fields[start + 1], icon: icon, command: fields[start + 3]))
        }
        return entries
    }
}

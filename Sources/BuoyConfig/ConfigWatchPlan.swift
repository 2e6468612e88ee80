/// Where to look for a change to the config file, decided from what the
/// paths on its way are. inotify watches directories, so each spot is a
/// directory and the one entry in it that matters:
///
/// - the file's own name in its directory, and, when the file is a symbolic
///   link (GNU stow, yadm and rcm link it into a dotfiles repository), the
///   target's name in the target's directory, link after link: an editor
///   that saves the target in place (vim, nano) writes only there;
/// - for a directory on the way that does not exist (yet, or any more: a
///   dotfiles script removed and made it again), its nearest existing
///   ancestor and the next name down toward it.
///
/// The shell watches the spots' directories, and makes a new plan whenever
/// an entry on the way changes or a watched directory goes.
public struct ConfigWatchPlan: Equatable, Sendable {
    /// A directory, and the entry in it that matters.
    public struct Spot: Hashable, Sendable {
        public var directory: String
        public var name: String
        /// True when `name` is the file itself or a link on the way to it: a
        /// change there may be a save. False when it is a missing directory
        /// on the way.
        public var isFile: Bool
    }

    /// What a change to a watched entry means.
    public enum Relevance: Equatable, Sendable {
        /// Not an entry on the way.
        case none
        /// A directory on the way appeared: look again.
        case way
        /// The file or a link to it was written, created, moved in or
        /// chmodded: read it, and look again (a link may point elsewhere now).
        case file
    }

    /// Links followed at most, as a guard against a loop of links.
    public static let maxLinks = 8

    public let spots: [Spot]

    /// `isDirectory` follows links (stat(2)); `linkTarget` is readlink(2) of
    /// a path, nil when it is not a link.
    public init(file: String, isDirectory: (String) -> Bool, linkTarget: (String) -> String?) {
        var spots: [Spot] = []
        var path = file
        for _ in 0...Self.maxLinks {
            var directory = PathName.directory(of: path)
            var name = PathName.baseName(of: path)
            var isFile = true
            while !isDirectory(directory), directory != "/", directory != "." {
                name = PathName.baseName(of: directory)
                directory = PathName.directory(of: directory)
                isFile = false
            }
            let spot = Spot(directory: directory, name: name, isFile: isFile)
            guard !spots.contains(spot) else { break }
            spots.append(spot)
            guard isFile, let target = linkTarget(path) else { break }
            path = target.hasPrefix("/") ? target : PathName.directory(of: path) + "/" + target
        }
        self.spots = spots
    }

    /// The directories to watch, each once, in the order of the spots.
    public var directories: [String] {
        var seen: Set<String> = []
        return spots.map(\.directory).filter { seen.insert($0).inserted }
    }

    /// What a change to the entry `name` of a watched directory means;
    /// `directories` are those the watch that saw it stands for (two paths
    /// of one directory share a watch).
    public func relevance(ofEntry name: String, in directories: [String]) -> Relevance {
        let matching = spots.filter { $0.name == name && directories.contains($0.directory) }
        if matching.contains(where: \.isFile) { return .file }
        return matching.isEmpty ? .none : .way
    }
}

/// The parts of a path, by its last slash, as dirname(1) and basename(1)
/// give them.
public enum PathName {
    /// "/a/b" for "/a/b/c", "/" for "/a", "." for "a".
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// "c" for "/a/b/c" and for "c".
    public static func baseName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}

import BuoyCore
import XCTest

/// A fake file tree in memory: files with their text, and the directories
/// above them, as `exists` and `readFile` would see them on disk.
private struct Tree {
    var files: [String: String]
    var directories: Set<String> = []

    init(_ files: [String: String]) {
        self.files = files
        for path in files.keys {
            var parts = path.split(separator: "/").dropLast()
            while !parts.isEmpty {
                directories.insert("/" + parts.joined(separator: "/"))
                parts = parts.dropLast()
            }
        }
    }

    /// Icons (empty files) and index.theme files.
    init(icons: [String], indexes: [String: String] = [:]) {
        var files = indexes
        for icon in icons { files[icon] = "" }
        self.init(files)
    }

    func exists(_ path: String) -> Bool { files[path] != nil || directories.contains(path) }

    /// A directory's names, as `IconLookup.find` lists it; nil if it is none.
    func listing(_ directory: String) -> Set<String>? {
        guard directories.contains(directory) else { return nil }
        let prefix = directory == "/" ? "/" : directory + "/"
        return Set(
            (Array(files.keys) + directories).filter { $0.hasPrefix(prefix) }
                .compactMap { $0.dropFirst(prefix.count).split(separator: "/").first.map(String.init) })
    }
    func read(_ path: String) -> String? { files[path] }
}

/// An index.theme listing `directories` (and `scaled` under
/// `ScaledDirectories=`), each its path and its keys, written
/// `Size=24 Type=Fixed`.
private func indexTheme(
    inherits: String? = nil, _ directories: [(String, String)], scaled: [(String, String)] = []
) -> String {
    var text = "[Icon Theme]\nName=Test\nComment=A test theme\n"
    if let inherits { text += "Inherits=\(inherits)\n" }
    text += "Directories=\(directories.map(\.0).joined(separator: ","))\n"
    if !scaled.isEmpty { text += "ScaledDirectories=\(scaled.map(\.0).joined(separator: ","))\n" }
    for (path, keys) in directories + scaled {
        text += "\n[\(path)]\n" + keys.split(separator: " ").joined(separator: "\n") + "\n"
    }
    return text
}

final class IconLookupTests: XCTestCase {
    private let bases = ["/home/u/.local/share/icons", "/usr/share/icons"]

    private func lookup(theme: String? = "T") -> IconLookup {
        IconLookup(theme: theme, baseDirectories: bases)
    }

    /// `find` on `tree`, with the themes read from it.
    private func find(
        _ name: String, size: Int, scale: Int = 1, theme: String? = "T", in tree: Tree
    ) -> String? {
        let lookup = lookup(theme: theme)
        return lookup.find(
            name, size: size, scale: scale, in: lookup.themes(readFile: tree.read), listing: tree.listing,
            isReadable: tree.exists)
    }

    // MARK: - Themes in order

    func testThemesAreTheConfiguredOneItsAncestorsThenHicolorThenAdwaita() {
        let plain = indexTheme([("48x48/apps", "Size=48")])
        let tree = Tree(
            icons: [],
            indexes: [
                "/usr/share/icons/Papirus-Dark/index.theme": indexTheme(inherits: "Papirus", []),
                "/usr/share/icons/Papirus/index.theme": indexTheme(inherits: "breeze , hicolor", []),
                "/usr/share/icons/breeze/index.theme": plain,
                "/usr/share/icons/hicolor/index.theme": plain,
                "/usr/share/icons/Adwaita/index.theme": indexTheme(inherits: "hicolor", []),
            ])
        func names(_ theme: String?) -> [String] {
            lookup(theme: theme).themes(readFile: tree.read).map(\.name)
        }
        XCTAssertEqual(names("Papirus-Dark"), ["Papirus-Dark", "Papirus", "breeze", "hicolor", "Adwaita"])
        XCTAssertEqual(names("breeze"), ["breeze", "hicolor", "Adwaita"])
        XCTAssertEqual(names("Adwaita"), ["Adwaita", "hicolor"], "inherits hicolor, each once")
        XCTAssertEqual(names("hicolor"), ["hicolor", "Adwaita"])
        XCTAssertEqual(names(nil), ["hicolor", "Adwaita"])
        XCTAssertEqual(names(""), ["hicolor", "Adwaita"])
        XCTAssertEqual(names("missing"), ["hicolor", "Adwaita"], "a theme without index.theme is skipped")
        XCTAssertEqual(names("../Papirus"), ["hicolor", "Adwaita"], "a name is one directory")
    }

    func testAThemeThatInheritsAdwaitaSearchesItBeforeHicolor() {
        let tree = Tree(
            icons: [],
            indexes: [
                "/usr/share/icons/T/index.theme": indexTheme(inherits: "Adwaita", []),
                "/usr/share/icons/Adwaita/index.theme": indexTheme(inherits: "hicolor", []),
            ])
        XCTAssertEqual(lookup().themes(readFile: tree.read).map(\.name), ["T", "Adwaita", "hicolor"])
    }

    func testFindFollowsTheThemeOrder() {
        let dirs = [("16x16/apps", "Size=16 Type=Fixed"), ("48x48/apps", "Size=48 Type=Fixed")]
        let indexes = [
            "/usr/share/icons/T/index.theme": indexTheme(inherits: "Parent", dirs),
            "/usr/share/icons/Parent/index.theme": indexTheme(dirs),
            "/usr/share/icons/hicolor/index.theme": indexTheme(dirs),
            "/usr/share/icons/Adwaita/index.theme": indexTheme(inherits: "hicolor", dirs),
        ]
        // Each found in turn: a theme is searched through, a far size
        // included, before the next.
        var icons = [
            "/usr/share/icons/T/16x16/apps/term.png",
            "/usr/share/icons/Parent/48x48/apps/term.png",
            "/usr/share/icons/hicolor/16x16/apps/term.png",
            "/usr/share/icons/Adwaita/48x48/apps/term.png",
            "/usr/share/icons/term.png",
            "/usr/share/pixmaps/term.png",
        ]
        while !icons.isEmpty {
            let tree = Tree(icons: icons, indexes: indexes)
            XCTAssertEqual(find("term", size: 48, in: tree), icons.first, "\(icons.first ?? "")")
            icons.removeFirst()
        }
    }

    func testAnInheritanceCycleEnds() {
        let tree = Tree(
            icons: ["/usr/share/icons/B/48x48/apps/term.png"],
            indexes: [
                "/usr/share/icons/A/index.theme": indexTheme(inherits: "B,A", [("48x48/apps", "Size=48")]),
                "/usr/share/icons/B/index.theme": indexTheme(inherits: "A,B,C", [("48x48/apps", "Size=48")]),
                "/usr/share/icons/C/index.theme": indexTheme(inherits: "A", []),
            ])
        XCTAssertEqual(
            lookup(theme: "A").themes(readFile: tree.read).map(\.name), ["A", "B", "C", "hicolor"])
        XCTAssertEqual(find("term", size: 48, theme: "A", in: tree), "/usr/share/icons/B/48x48/apps/term.png")
        XCTAssertNil(find("other", size: 48, theme: "A", in: tree))
    }

    func testAThemeWithoutIndexIsSkippedButHicolorIsNot() {
        let tree = Tree(icons: [
            "/usr/share/icons/T/48x48/apps/term.png",
            "/usr/share/icons/Adwaita/48x48/apps/term.png",
            "/usr/share/icons/hicolor/32x32/apps/term.png",
            "/usr/share/icons/hicolor/scalable/apps/other.svg",
        ])
        // Without index.theme, T and Adwaita cannot say what 48x48 holds;
        // hicolor stands in with the directories of its usual index.
        XCTAssertEqual(find("term", size: 48, in: tree), "/usr/share/icons/hicolor/32x32/apps/term.png")
        XCTAssertEqual(find("other", size: 48, in: tree), "/usr/share/icons/hicolor/scalable/apps/other.svg")
        XCTAssertEqual(lookup().themes(readFile: tree.read), [IconTheme.hicolorFallback])
        // With an index, hicolor is as it says.
        let indexed = Tree(
            icons: ["/usr/share/icons/hicolor/32x32/apps/term.png"],
            indexes: ["/usr/share/icons/hicolor/index.theme": indexTheme([("48x48/apps", "Size=48")])])
        XCTAssertNil(find("term", size: 48, in: indexed), "32x32/apps is not in hicolor's index")
    }

    func testTheFirstIndexFoundIsTheThemesAndItsDirectoriesAreInEveryBase() {
        let tree = Tree(
            icons: [
                "/home/u/.local/share/icons/T/32x32/apps/term.png",
                "/usr/share/icons/T/48x48/apps/term.png",
            ],
            indexes: [
                "/home/u/.local/share/icons/T/index.theme": indexTheme([("32x32/apps", "Size=32")]),
                "/usr/share/icons/T/index.theme": indexTheme([("48x48/apps", "Size=48")]),
            ])
        XCTAssertEqual(find("term", size: 48, in: tree), "/home/u/.local/share/icons/T/32x32/apps/term.png")
        let userIconOnly = Tree(
            icons: ["/home/u/.local/share/icons/T/48x48/apps/term.png"],
            indexes: ["/usr/share/icons/T/index.theme": indexTheme([("48x48/apps", "Size=48")])])
        XCTAssertEqual(
            find("term", size: 48, in: userIconOnly), "/home/u/.local/share/icons/T/48x48/apps/term.png")
        let unparsable = Tree(
            icons: ["/usr/share/icons/T/48x48/apps/term.png"],
            indexes: [
                "/home/u/.local/share/icons/T/index.theme": "not an index",
                "/usr/share/icons/T/index.theme": indexTheme([("48x48/apps", "Size=48")]),
            ])
        XCTAssertEqual(
            find("term", size: 48, in: unparsable), "/usr/share/icons/T/48x48/apps/term.png",
            "a file without [Icon Theme] is passed over")
    }

    // MARK: - Within a theme

    /// Each case: the theme's directories, the icons, the size (and
    /// scale) asked for, and the winner.
    func testDirectoryChoice() {
        let cases: [(String, [(String, String)], [String], Int, Int, String?, UInt)] = [
            (
                "an exact size beats an earlier near one",
                [("22x22", "Size=22 Type=Fixed"), ("24x24", "Size=24 Type=Fixed")],
                ["22x22", "24x24"], 24, 1, "24x24", #line
            ),
            (
                "the closest size otherwise",
                [
                    ("16x16", "Size=16 Type=Fixed"), ("48x48", "Size=48 Type=Fixed"),
                    ("32x32", "Size=32 Type=Fixed"),
                ],
                ["16x16", "48x48", "32x32"], 30, 1, "32x32", #line
            ),
            (
                "a tie goes to the index's order",
                [("32x32", "Size=32 Type=Fixed"), ("16x16", "Size=16 Type=Fixed")],
                ["16x16", "32x32"], 24, 1, "32x32", #line
            ),
            (
                "a tie goes to the index's order, the other way",
                [("16x16", "Size=16 Type=Fixed"), ("32x32", "Size=32 Type=Fixed")],
                ["16x16", "32x32"], 24, 1, "16x16", #line
            ),
            (
                "Scalable matches from MinSize to MaxSize",
                [
                    ("48x48", "Size=48 Type=Fixed"),
                    ("scalable", "Size=16 MinSize=8 MaxSize=32 Type=Scalable"),
                ],
                ["48x48", "scalable"], 32, 1, "scalable", #line
            ),
            (
                "and not beyond: then the closer wins",
                [
                    ("scalable", "Size=16 MinSize=8 MaxSize=32 Type=Scalable"),
                    ("48x48", "Size=48 Type=Fixed"),
                ],
                ["48x48", "scalable"], 64, 1, "48x48", #line
            ),
            (
                "Scalable without MinSize and MaxSize serves its Size only",
                [("scalable", "Size=16 Type=Scalable"), ("48x48", "Size=48 Type=Fixed")],
                ["scalable", "48x48"], 40, 1, "48x48", #line
            ),
            (
                "Threshold: within 2 by default, a match beats a closer miss",
                [("25x25", "Size=25 Type=Fixed"), ("22x22", "Size=22 Type=Threshold")],
                ["25x25", "22x22"], 24, 1, "22x22", #line
            ),
            (
                "Threshold: the default type",
                [("25x25", "Size=25 Type=Fixed"), ("22x22", "Size=22")],
                ["25x25", "22x22"], 24, 1, "22x22", #line
            ),
            (
                "Threshold: not beyond",
                [("22x22", "Size=22"), ("25x25", "Size=25 Type=Fixed")],
                ["22x22", "25x25"], 25, 1, "25x25", #line
            ),
            (
                "Threshold: beyond, a miss measured from Size + Threshold",
                [("31x31", "Size=31 Type=Fixed"), ("22x22", "Size=22")],
                ["22x22", "31x31"], 27, 1, "22x22", #line
            ),
            (
                "Threshold: its own",
                [("25x25", "Size=25 Type=Fixed"), ("16x16", "Size=16 Threshold=8")],
                ["25x25", "16x16"], 24, 1, "16x16", #line
            ),
            (
                "Fixed: exact only, so the closer miss",
                [("22x22", "Size=22 Type=Fixed"), ("25x25", "Size=25 Type=Fixed")],
                ["22x22", "25x25"], 24, 1, "25x25", #line
            ),
            (
                "Scale=2 at scale 2: 24x24@2 serves 48 px",
                [("48x48", "Size=48 Type=Fixed"), ("24x24@2", "Size=24 Scale=2 Type=Fixed")],
                ["48x48", "24x24@2"], 48, 2, "24x24@2", #line
            ),
            (
                "Scale=2 at scale 1: the 48 px directory",
                [("24x24@2", "Size=24 Scale=2 Type=Fixed"), ("48x48", "Size=48 Type=Fixed")],
                ["48x48", "24x24@2"], 48, 1, "48x48", #line
            ),
            (
                "Scale=2 at scale 1, nothing else: its 48 px are 0 away",
                [("24x24", "Size=24 Type=Fixed"), ("24x24@2", "Size=24 Scale=2 Type=Fixed")],
                ["24x24", "24x24@2"], 48, 1, "24x24@2", #line
            ),
            (
                "at scale 2 a 1× directory is measured in pixels",
                [("24x24", "Size=24 Type=Fixed"), ("48x48", "Size=48 Type=Fixed")],
                ["24x24", "48x48"], 48, 2, "48x48", #line
            ),
            (
                "Breeze's layout: apps/48",
                [
                    ("apps/16", "Size=16 Type=Fixed"), ("apps/22", "Size=22 Type=Fixed"),
                    ("apps/48", "Size=48 Type=Fixed"),
                ],
                ["apps/16", "apps/22", "apps/48"], 48, 1, "apps/48", #line
            ),
            (
                "Breeze's layout: closest of apps/16, apps/22, apps/48",
                [
                    ("apps/16", "Size=16 Type=Fixed"), ("apps/22", "Size=22 Type=Fixed"),
                    ("apps/48", "Size=48 Type=Fixed"),
                ],
                ["apps/16", "apps/22", "apps/48"], 24, 1, "apps/22", #line
            ),
            (
                "a directory not in Directories is not searched",
                [("48x48", "Size=48 Type=Fixed")],
                ["16x16"], 48, 1, nil, #line
            ),
        ]
        for (why, directories, iconDirectories, size, scale, winner, line) in cases {
            let index = indexTheme(
                directories.filter { !$0.0.hasSuffix("@2") },
                scaled: directories.filter { $0.0.hasSuffix("@2") })
            let tree = Tree(
                icons: iconDirectories.map { "/usr/share/icons/T/\($0)/term.png" },
                indexes: ["/usr/share/icons/T/index.theme": index])
            XCTAssertEqual(
                find("term", size: size, scale: scale, in: tree),
                winner.map { "/usr/share/icons/T/\($0)/term.png" },
                why, line: line)
        }
    }

    func testFilesWithinADirectory() {
        let index = ["/usr/share/icons/T/index.theme": indexTheme([("48x48/apps", "Size=48 Type=Fixed")])]
        let cases: [(String, [String], String?, UInt)] = [
            (
                "png before svg",
                ["/usr/share/icons/T/48x48/apps/term.svg", "/usr/share/icons/T/48x48/apps/term.png"],
                "/usr/share/icons/T/48x48/apps/term.png", #line
            ),
            (
                "svg", ["/usr/share/icons/T/48x48/apps/term.svg"], "/usr/share/icons/T/48x48/apps/term.svg",
                #line
            ),
            (
                "the user's base first",
                [
                    "/usr/share/icons/T/48x48/apps/term.png",
                    "/home/u/.local/share/icons/T/48x48/apps/term.svg",
                ],
                "/home/u/.local/share/icons/T/48x48/apps/term.svg", #line
            ),
            ("xpm is not supported", ["/usr/share/icons/T/48x48/apps/term.xpm"], nil, #line),
            ("not found", ["/usr/share/icons/T/48x48/apps/other.png"], nil, #line),
        ]
        for (why, icons, winner, line) in cases {
            XCTAssertEqual(
                find("term", size: 48, in: Tree(icons: icons, indexes: index)), winner, why, line: line)
        }
    }

    func testUnthemedIconsComeLastBaseDirectoriesThenPixmaps() {
        let index = ["/usr/share/icons/T/index.theme": indexTheme([("48x48/apps", "Size=48")])]
        var icons = [
            "/usr/share/icons/T/48x48/apps/term.svg",
            "/home/u/.local/share/icons/term.svg",
            "/usr/share/icons/term.png",
            "/usr/share/pixmaps/term.png",
            "/usr/share/pixmaps/term.svg",
        ]
        while !icons.isEmpty {
            XCTAssertEqual(find("term", size: 48, in: Tree(icons: icons, indexes: index)), icons.first)
            icons.removeFirst()
        }
        let all = lookup().candidates(for: "term", size: 48, in: [])
        XCTAssertEqual(
            all,
            [
                "/home/u/.local/share/icons/term.png", "/home/u/.local/share/icons/term.svg",
                "/usr/share/icons/term.png", "/usr/share/icons/term.svg",
                "/usr/share/pixmaps/term.png", "/usr/share/pixmaps/term.svg",
            ])
    }

    func testCandidates() {
        let theme = IconTheme(
            name: "T",
            directories: [
                .init(path: "16x16", size: 16, kind: .fixed),
                .init(path: "scalable", size: 16, kind: .scalable, minSize: 8, maxSize: 512),
                .init(path: "32x32", size: 32, kind: .fixed),
                .init(path: "24x24", size: 24, kind: .fixed),
            ])
        let all = lookup().candidates(for: "term.svg", size: 24, in: [theme, .hicolorFallback])
        // In each theme its symbolic variant first, in every directory, then the name.
        XCTAssertEqual(
            Array(all.prefix(6)),
            [
                "/home/u/.local/share/icons/T/scalable/term-symbolic.png",
                "/home/u/.local/share/icons/T/scalable/term-symbolic.svg",
                "/usr/share/icons/T/scalable/term-symbolic.png",
                "/usr/share/icons/T/scalable/term-symbolic.svg",
                "/home/u/.local/share/icons/T/24x24/term-symbolic.png",
                "/home/u/.local/share/icons/T/24x24/term-symbolic.svg",
            ])
        XCTAssertEqual(all[16], "/home/u/.local/share/icons/T/scalable/term.png")
        var order: [String] = []
        for path in all where path.hasPrefix("/usr/share/icons/T/") {
            let directory = String(path.split(separator: "/")[4])
            if order.last != directory { order.append(directory) }
        }
        XCTAssertEqual(order, ["scalable", "24x24", "16x16", "32x32", "scalable", "24x24", "16x16", "32x32"])
        XCTAssertEqual(Set(all).count, all.count, "no duplicates")
        XCTAssertEqual(all.count, (4 + IconTheme.hicolorFallback.directories.count) * 2 * 2 * 2 + 3 * 2)
        // hicolor's 22x22 is Threshold 2: it matches 24 px, and comes first.
        XCTAssertEqual(all[32], "/home/u/.local/share/icons/hicolor/22x22/apps/term-symbolic.png")
    }

    func testASymbolicVariantIsPreferredWithinItsThemeOnly() {
        let index = ["/usr/share/icons/T/index.theme": indexTheme([("48x48/apps", "Size=48")])]
        let cases: [([String], String?, UInt)] = [
            (
                [
                    "/usr/share/icons/T/48x48/apps/term.png",
                    "/usr/share/icons/T/48x48/apps/term-symbolic.svg",
                ],
                "/usr/share/icons/T/48x48/apps/term-symbolic.svg", #line
            ),
            // The configured theme's own icon beats a fallback theme's symbolic one.
            (
                [
                    "/usr/share/icons/T/48x48/apps/term.png",
                    "/usr/share/icons/hicolor/48x48/apps/term-symbolic.png",
                ],
                "/usr/share/icons/T/48x48/apps/term.png", #line
            ),
            (
                ["/usr/share/icons/hicolor/48x48/apps/term-symbolic.png"],
                "/usr/share/icons/hicolor/48x48/apps/term-symbolic.png", #line
            ),
        ]
        for (icons, expected, line) in cases {
            XCTAssertEqual(
                find("term", size: 48, in: Tree(icons: icons, indexes: index)), expected, line: line)
        }
        // A name that is symbolic already is not doubled.
        let tree = Tree(icons: ["/usr/share/icons/T/48x48/apps/term-symbolic.png"], indexes: index)
        XCTAssertEqual(
            find("term-symbolic", size: 48, in: tree), "/usr/share/icons/T/48x48/apps/term-symbolic.png")
        XCTAssertFalse(
            lookup().candidates(for: "term-symbolic", size: 48, in: []).contains {
                $0.contains("symbolic-symbolic")
            })
    }

    func testFindListsEachDirectoryOnceAndTestsOnlyTheFilesListed() {
        let tree = Tree(
            icons: ["/usr/share/icons/T/48x48/apps/term.png", "/usr/share/icons/T/scalable/apps/edit.svg"],
            indexes: [
                "/usr/share/icons/T/index.theme": indexTheme([
                    ("48x48/apps", "Size=48"), ("empty", "Size=48"),
                    ("scalable/apps", "Size=48 Type=Scalable"),
                    ("gone", "Size=48"),
                ])
            ])
        var emptyTree = tree
        emptyTree.directories.insert("/usr/share/icons/T/empty")
        let themes = lookup().themes(readFile: tree.read)
        var listed: [String] = []
        var tested: [String] = []
        let found = lookup().find(
            ["term", "edit", "none"], size: 48, in: themes,
            listing: { directory in
                listed.append(directory)
                return emptyTree.listing(directory)
            },
            isReadable: { path in
                tested.append(path)
                return tree.exists(path)
            })
        XCTAssertEqual(
            found,
            ["/usr/share/icons/T/48x48/apps/term.png", "/usr/share/icons/T/scalable/apps/edit.svg", nil])
        let themeDirectories = [
            "/usr/share/icons/T/48x48/apps", "/usr/share/icons/T/empty", "/usr/share/icons/T/scalable/apps",
            "/usr/share/icons/T/gone",
        ]
        for directory in themeDirectories {
            XCTAssertEqual(listed.filter { $0 == directory }.count, 1, "\(directory) is listed once")
        }
        XCTAssertFalse(
            listed.contains("/home/u/.local/share/icons/T/48x48/apps"),
            "a base without the theme is passed over")
        XCTAssertEqual(tested, found.compactMap { $0 }, "only files that are listed are tested")
    }

    func testFindTakesOnlyReadableFiles() {
        let tree = Tree(icons: [
            "/usr/share/icons/hicolor/48x48/apps/term.png", "/usr/share/icons/hicolor/scalable/apps/term.svg",
        ])
        let found = lookup().find(
            "term", size: 48, in: [.hicolorFallback], listing: tree.listing,
            isReadable: { !$0.hasSuffix(".png") })
        XCTAssertEqual(found, "/usr/share/icons/hicolor/scalable/apps/term.svg")
    }

    func testAbsolutePathsAreTakenAsTheyAre() {
        let tree = Tree(icons: ["/opt/icons/x.png", "/usr/share/icons/hicolor/48x48/apps/x.png"])
        XCTAssertEqual(find("/opt/icons/x.png", size: 48, in: tree), "/opt/icons/x.png")
        XCTAssertNil(find("/opt/icons/missing.svg", size: 48, in: tree), "no theme fallback")
        XCTAssertEqual(lookup().candidates(for: "/opt/icons/x.png", size: 48, in: []), ["/opt/icons/x.png"])
    }

    func testAnExtensionOnANameIsDropped() {
        let tree = Tree(icons: ["/usr/share/icons/hicolor/48x48/apps/firefox.png"])
        XCTAssertEqual(
            find("firefox.png", size: 48, in: tree), "/usr/share/icons/hicolor/48x48/apps/firefox.png")
        XCTAssertEqual(
            find("firefox.svg", size: 48, in: tree), "/usr/share/icons/hicolor/48x48/apps/firefox.png")
        XCTAssertNil(find("firefox.xpm", size: 48, in: tree))
        XCTAssertTrue(
            lookup().candidates(for: "a/b", size: 48, in: []).isEmpty, "a relative path is no icon name")
        XCTAssertTrue(lookup().candidates(for: "", size: 48, in: []).isEmpty)
    }

    // MARK: - Environment and sizes

    func testBaseDirectories() {
        let cases: [(String?, String?, String?, [String], UInt)] = [
            // (HOME, XDG_DATA_HOME, XDG_DATA_DIRS, base directories)
            (
                "/home/u", nil, nil,
                [
                    "/home/u/.icons", "/home/u/.local/share/icons", "/usr/local/share/icons",
                    "/usr/share/icons",
                ], #line
            ),
            (
                "/home/u/", "/data/", "/a:/b/",
                ["/home/u/.icons", "/data/icons", "/a/icons", "/b/icons"], #line
            ),
            (
                "/home/u", "relative", "::relative:/usr/share:/usr/share/",
                ["/home/u/.icons", "/home/u/.local/share/icons", "/usr/share/icons"], #line
            ),
            (
                "/home/u", "", "",
                [
                    "/home/u/.icons", "/home/u/.local/share/icons", "/usr/local/share/icons",
                    "/usr/share/icons",
                ], #line
            ),
            (nil, nil, nil, ["/usr/local/share/icons", "/usr/share/icons"], #line),
            (nil, "/x", "/y", ["/x/icons", "/y/icons"], #line),
        ]
        for (home, dataHome, dataDirs, expected, line) in cases {
            XCTAssertEqual(
                IconLookup.baseDirectories(home: home, dataHome: dataHome, dataDirs: dataDirs), expected,
                line: line)
        }
    }

    func testPixelSize() {
        let cases: [(Double, BufferScale, Int, UInt)] = [
            // (item size, scale, icon px)
            (40, 1, 24, #line),
            (40, 2, 48, #line),
            (40, 3, 72, #line),
            (56, 1, 34, #line),
            (56, BufferScale(numerator: 150), 42, #line),
            (56, BufferScale(numerator: 180), 50, #line),  // 50.4
            (56, BufferScale(numerator: 210), 59, #line),  // 58.8
            (16, 1, 10, #line),
            (1, 1, 1, #line),
            (.nan, 1, 1, #line),
        ]
        for (itemSize, scale, px, line) in cases {
            XCTAssertEqual(
                IconLookup.pixelSize(itemSize: itemSize, layout: .column, scale: scale), px, line: line)
        }
        // A panel draws no disc: its icons take 80 % of the item.
        let panel: [(Double, BufferScale, Int, UInt)] = [
            (40, 1, 32, #line),
            (40, 2, 64, #line),
            (56, BufferScale(numerator: 150), 56, #line),
        ]
        for (itemSize, scale, px, line) in panel {
            XCTAssertEqual(
                IconLookup.pixelSize(itemSize: itemSize, layout: .panel, scale: scale), px, line: line)
        }
    }
}

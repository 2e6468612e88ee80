import BuoyCore
import XCTest

final class IconLookupTests: XCTestCase {
    private let bases = ["/home/u/.local/share/icons", "/usr/share/icons"]

    private func lookup(theme: String? = "Papirus") -> IconLookup {
        IconLookup(theme: theme, baseDirectories: bases)
    }

    /// Each case is a fake file tree; the expected path wins over all the
    /// others in the tree, which is what proves the order.
    func testOrder() {
        let cases: [(String, [String], String?, UInt)] = [
            // (why, tree with the winner first, winner)
            (
                "the configured theme beats hicolor's exact size",
                [
                    "/usr/share/icons/Papirus/256x256/apps/term.png",
                    "/usr/share/icons/hicolor/24x24/apps/term.png",
                ],
                "/usr/share/icons/Papirus/256x256/apps/term.png", #line
            ),
            (
                "hicolor beats Adwaita",
                [
                    "/usr/share/icons/hicolor/16x16/emblems/term.png",
                    "/usr/share/icons/Adwaita/24x24/apps/term.png",
                ],
                "/usr/share/icons/hicolor/16x16/emblems/term.png", #line
            ),
            (
                "Adwaita beats pixmaps",
                ["/usr/share/icons/Adwaita/scalable/apps/term.svg", "/usr/share/pixmaps/term.png"],
                "/usr/share/icons/Adwaita/scalable/apps/term.svg", #line
            ),
            ("pixmaps last", ["/usr/share/pixmaps/term.svg"], "/usr/share/pixmaps/term.svg", #line),
            (
                "Adwaita's legacy directory, where Adwaita 43 keeps utilities-terminal",
                ["/usr/share/icons/Adwaita/24x24/legacy/term.png", "/usr/share/pixmaps/term.png"],
                "/usr/share/icons/Adwaita/24x24/legacy/term.png", #line
            ),
            (
                "the exact size beats scalable",
                [
                    "/usr/share/icons/hicolor/24x24/apps/term.svg",
                    "/usr/share/icons/hicolor/scalable/apps/term.svg",
                ],
                "/usr/share/icons/hicolor/24x24/apps/term.svg", #line
            ),
            (
                "scalable beats a larger size",
                [
                    "/usr/share/icons/hicolor/scalable/apps/term.svg",
                    "/usr/share/icons/hicolor/32x32/apps/term.png",
                ],
                "/usr/share/icons/hicolor/scalable/apps/term.svg", #line
            ),
            (
                "the nearest larger size beats a farther one",
                [
                    "/usr/share/icons/hicolor/32x32/apps/term.png",
                    "/usr/share/icons/hicolor/48x48/apps/term.png",
                ],
                "/usr/share/icons/hicolor/32x32/apps/term.png", #line
            ),
            (
                "any larger size beats a smaller one",
                [
                    "/usr/share/icons/hicolor/512x512/apps/term.png",
                    "/usr/share/icons/hicolor/22x22/apps/term.png",
                ],
                "/usr/share/icons/hicolor/512x512/apps/term.png", #line
            ),
            (
                "the nearest smaller size beats a farther one",
                [
                    "/usr/share/icons/hicolor/22x22/apps/term.png",
                    "/usr/share/icons/hicolor/16x16/apps/term.png",
                ],
                "/usr/share/icons/hicolor/22x22/apps/term.png", #line
            ),
            (
                "apps before actions",
                [
                    "/usr/share/icons/hicolor/24x24/apps/term.png",
                    "/usr/share/icons/hicolor/24x24/actions/term.png",
                ],
                "/usr/share/icons/hicolor/24x24/apps/term.png", #line
            ),
            (
                "every category is searched",
                ["/usr/share/icons/hicolor/24x24/emblems/term.png"],
                "/usr/share/icons/hicolor/24x24/emblems/term.png", #line
            ),
            (
                "the user's directory first, at the same size",
                [
                    "/home/u/.local/share/icons/hicolor/24x24/apps/term.svg",
                    "/usr/share/icons/hicolor/24x24/apps/term.png",
                ],
                "/home/u/.local/share/icons/hicolor/24x24/apps/term.svg", #line
            ),
            (
                "but a better size beats the user's directory",
                [
                    "/usr/share/icons/hicolor/24x24/apps/term.png",
                    "/home/u/.local/share/icons/hicolor/48x48/apps/term.png",
                ],
                "/usr/share/icons/hicolor/24x24/apps/term.png", #line
            ),
            (
                "png before svg in the same directory",
                [
                    "/usr/share/icons/hicolor/24x24/apps/term.png",
                    "/usr/share/icons/hicolor/24x24/apps/term.svg",
                ],
                "/usr/share/icons/hicolor/24x24/apps/term.png", #line
            ),
            ("not found", ["/usr/share/icons/hicolor/24x24/apps/other.png"], nil, #line),
            ("wrong extension", ["/usr/share/icons/hicolor/24x24/apps/term.xpm"], nil, #line),
        ]
        for (why, tree, winner, line) in cases {
            let files = Set(tree)
            XCTAssertEqual(lookup().find("term", size: 24, exists: files.contains), winner, why, line: line)
        }
    }

    func testAbsolutePathsAreTakenAsTheyAre() {
        let files: Set = ["/opt/icons/x.png", "/usr/share/icons/hicolor/24x24/apps/x.png"]
        let l = lookup()
        XCTAssertEqual(l.find("/opt/icons/x.png", size: 24, exists: files.contains), "/opt/icons/x.png")
        XCTAssertNil(l.find("/opt/icons/missing.svg", size: 24, exists: files.contains), "no theme fallback")
        XCTAssertEqual(l.candidates(for: "/opt/icons/x.png", size: 24), ["/opt/icons/x.png"])
    }

    func testAnExtensionOnANameIsDropped() {
        let files: Set = ["/usr/share/icons/hicolor/48x48/apps/firefox.png"]
        XCTAssertEqual(
            lookup().find("firefox.png", size: 48, exists: files.contains),
            "/usr/share/icons/hicolor/48x48/apps/firefox.png")
        XCTAssertEqual(
            lookup().find("firefox.svg", size: 48, exists: files.contains),
            "/usr/share/icons/hicolor/48x48/apps/firefox.png")
        XCTAssertTrue(lookup().candidates(for: "a/b", size: 48).isEmpty, "a relative path is no icon name")
        XCTAssertTrue(lookup().candidates(for: "", size: 48).isEmpty)
    }

    func testCandidatesStartAndEndAsDocumented() {
        let all = lookup().candidates(for: "term", size: 48)
        XCTAssertEqual(
            Array(all.prefix(5)),
            [
                "/home/u/.local/share/icons/Papirus/48x48/apps/term.png",
                "/home/u/.local/share/icons/Papirus/48x48/apps/term.svg",
                "/usr/share/icons/Papirus/48x48/apps/term.png",
                "/usr/share/icons/Papirus/48x48/apps/term.svg",
                "/home/u/.local/share/icons/Papirus/48x48/actions/term.png",
            ])
        XCTAssertEqual(Array(all.suffix(2)), ["/usr/share/pixmaps/term.png", "/usr/share/pixmaps/term.svg"])
        // Themes in turn, each once.
        let themes = all.dropLast(2).map { $0.split(separator: "/")[$0.hasPrefix("/home") ? 5 : 3] }
        var order: [Substring] = []
        for theme in themes where order.last != theme { order.append(theme) }
        XCTAssertEqual(order, ["Papirus", "hicolor", "Adwaita"])
        // Sizes within a theme: exact, scalable, larger ascending, smaller descending.
        var sizes: [Substring] = []
        for path in all where path.hasPrefix("/usr/share/icons/Papirus/") {
            let size = path.split(separator: "/")[4]
            if sizes.last != size { sizes.append(size) }
        }
        XCTAssertEqual(
            sizes,
            [
                "48x48", "scalable", "64x64", "72x72", "96x96", "128x128", "192x192", "256x256", "512x512",
                "36x36",
                "32x32", "24x24", "22x22", "16x16",
            ])
        XCTAssertFalse(
            all.contains { $0.contains("/scalable/") && $0.hasSuffix(".png") }, "scalable is SVG only")
        XCTAssertEqual(Set(all).count, all.count, "no duplicates")
    }

    func testFallbackThemesAreNotRepeated() {
        for theme in [nil, "", "hicolor", "Adwaita"] {
            let all = IconLookup(theme: theme, baseDirectories: ["/usr/share/icons"]).candidates(
                for: "x", size: 24)
            XCTAssertEqual(Set(all).count, all.count, "\(theme ?? "nil")")
            XCTAssertTrue(all[0].hasPrefix("/usr/share/icons/\(theme == "Adwaita" ? "Adwaita" : "hicolor")/"))
        }
    }

    func testFindStopsAtTheFirstHit() {
        var asked = 0
        let found = lookup(theme: nil).find("term", size: 24) { path in
            asked += 1
            return path == "/usr/share/icons/hicolor/24x24/apps/term.png"
        }
        XCTAssertEqual(found, "/usr/share/icons/hicolor/24x24/apps/term.png")
        XCTAssertEqual(asked, 3, "user png, user svg, system png")
    }

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
        let cases: [(Double, Int, Int, UInt)] = [
            // (item size, scale, icon px)
            (40, 1, 24, #line),
            (40, 2, 48, #line),
            (40, 3, 72, #line),
            (56, 1, 34, #line),
            (16, 1, 10, #line),
            (1, 1, 1, #line),
            (.nan, 1, 1, #line),
        ]
        for (itemSize, scale, px, line) in cases {
            XCTAssertEqual(IconLookup.pixelSize(itemSize: itemSize, scale: scale), px, line: line)
        }
    }
}

import XCTest

@testable import BuoyConfig

/// A file system of directories and links, for the plan to look at.
private struct FakeFiles {
    var directories: Set<String>
    var links: [String: String] = [:]

    /// `path` with "." and ".." resolved by name: no directory here is a link.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }

    func plan(_ file: String) -> ConfigWatchPlan {
        ConfigWatchPlan(
            file: file, isDirectory: { directories.contains(path($0)) }, linkTarget: { links[path($0)] })
    }

    private func path(_ path: String) -> String {
        path == "." ? "." : Self.normalized(path)
    }
}

private let home: Set<String> = ["/", "/h", "/h/.config", "/h/.config/buoy", "/h/dots", "/h/dots/buoy"]
private let file = "/h/.config/buoy/config.toml"

final class ConfigWatchPlanTests: XCTestCase {
    private typealias Spot = ConfigWatchPlan.Spot

    private func spot(_ directory: String, _ name: String, file: Bool = true) -> Spot {
        Spot(directory: directory, name: name, isFile: file)
    }

    func testTheSpotsFollowMissingDirectoriesAndLinks() {
        let cases: [(files: FakeFiles, file: String, spots: [Spot], line: UInt)] = [
            (FakeFiles(directories: home), file, [spot("/h/.config/buoy", "config.toml")], #line),
            // Issue 34 #3: the directory removed, then its parent's too.
            (
                FakeFiles(directories: ["/", "/h", "/h/.config"]), file,
                [spot("/h/.config", "buoy", file: false)], #line
            ),
            (FakeFiles(directories: ["/", "/h"]), file, [spot("/h", ".config", file: false)], #line),
            (FakeFiles(directories: []), file, [spot("/", "h", file: false)], #line),
            (FakeFiles(directories: ["."]), "x/y/config.toml", [spot(".", "x", file: false)], #line),
            // Issue 34 #4: a link into a dotfiles repository, absolute (yadm, rcm)...
            (
                FakeFiles(directories: home, links: [file: "/h/dots/buoy/config.toml"]), file,
                [spot("/h/.config/buoy", "config.toml"), spot("/h/dots/buoy", "config.toml")], #line
            ),
            // ... or relative (stow): the target's directory as the link's directory names it.
            (
                FakeFiles(directories: home, links: [file: "../../dots/buoy/config.toml"]), file,
                [
                    spot("/h/.config/buoy", "config.toml"),
                    spot("/h/.config/buoy/../../dots/buoy", "config.toml"),
                ],
                #line
            ),
            // A link to a link, each followed.
            (
                FakeFiles(
                    directories: home,
                    links: [file: "/h/dots/current.toml", "/h/dots/current.toml": "buoy/config.toml"]),
                file,
                [
                    spot("/h/.config/buoy", "config.toml"), spot("/h/dots", "current.toml"),
                    spot("/h/dots/buoy", "config.toml"),
                ], #line
            ),
            // In the link's own directory: one directory for both names.
            (
                FakeFiles(directories: home, links: [file: "real.toml"]), file,
                [spot("/h/.config/buoy", "config.toml"), spot("/h/.config/buoy", "real.toml")], #line
            ),
            // Dangling, into a directory that does not exist yet.
            (
                FakeFiles(directories: home, links: [file: "/h/dots/new/config.toml"]), file,
                [spot("/h/.config/buoy", "config.toml"), spot("/h/dots", "new", file: false)], #line
            ),
            // A loop of links ends where it repeats.
            (
                FakeFiles(directories: home, links: [file: "/h/dots/a", "/h/dots/a": file]), file,
                [spot("/h/.config/buoy", "config.toml"), spot("/h/dots", "a")], #line
            ),
        ]
        for c in cases {
            XCTAssertEqual(c.files.plan(c.file).spots, c.spots, line: c.line)
        }
    }

    func testALongChainOfLinksStopsAtTheLimit() {
        var links: [String: String] = [file: "/h/dots/0"]
        for i in 0..<100 { links["/h/dots/\(i)"] = "/h/dots/\(i + 1)" }
        let plan = FakeFiles(directories: home, links: links).plan(file)
        XCTAssertEqual(plan.spots.count, ConfigWatchPlan.maxLinks + 1)
        XCTAssertEqual(plan.directories, ["/h/.config/buoy", "/h/dots"])
    }

    func testWhatAChangeToAnEntryMeans() {
        let linked = FakeFiles(directories: home, links: [file: "/h/dots/buoy/config.toml"]).plan(file)
        let sameDirectory = FakeFiles(directories: home, links: [file: "real.toml"]).plan(file)
        let missing = FakeFiles(directories: ["/", "/h", "/h/.config"]).plan(file)
        let cases:
            [(plan: ConfigWatchPlan, name: String, in: [String], is: ConfigWatchPlan.Relevance, line: UInt)] =
                [
                    (linked, "config.toml", ["/h/.config/buoy"], .file, #line),  // the link, retargeted
                    (linked, "config.toml", ["/h/dots/buoy"], .file, #line),  // its target, saved in place
                    (linked, "config.toml.swp", ["/h/dots/buoy"], .none, #line),
                    (linked, "config.toml", ["/h/dots"], .none, #line),
                    (sameDirectory, "real.toml", ["/h/.config/buoy"], .file, #line),
                    // A watch that two paths of one directory share.
                    (linked, "config.toml", ["/elsewhere", "/h/dots/buoy"], .file, #line),
                    (missing, "buoy", ["/h/.config"], .way, #line),
                    (missing, "config.toml", ["/h/.config"], .none, #line),
                    (missing, "buoy", [], .none, #line),  // a watch already gone
                ]
        for c in cases {
            XCTAssertEqual(c.plan.relevance(ofEntry: c.name, in: c.in), c.is, line: c.line)
        }
    }

    func testPathNames() {
        let cases: [(path: String, directory: String, base: String, line: UInt)] = [
            ("/a/b/c", "/a/b", "c", #line),
            ("/a", "/", "a", #line),
            ("a", ".", "a", #line),
            ("a/b", "a", "b", #line),
        ]
        for c in cases {
            XCTAssertEqual(PathName.directory(of: c.path), c.directory, line: c.line)
            XCTAssertEqual(PathName.baseName(of: c.path), c.base, line: c.line)
        }
    }
}

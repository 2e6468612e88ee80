import BuoyCore
import XCTest

@testable import BuoyConfig

/// Edit mode's picker: the built-in actions, keys and click types under
/// their groups, and the installed applications from `.desktop` files.
final class PickerCatalogTests: XCTestCase {
    private let apps = [
        DesktopEntry(id: "foot.desktop", name: "Foot", icon: "foot", command: "foot"),
        DesktopEntry(id: "htop.desktop", name: "Htop", icon: nil, command: "htop"),
    ]

    func testTheGroupsInOrder() {
        XCTAssertEqual(
            PickerCatalog.groups(applications: []).map(\.title),
            ["Device", "Media", "Screen", "Windows", "Click types"])
        XCTAssertEqual(
            PickerCatalog.groups(applications: apps).map(\.title),
            ["Device", "Media", "Screen", "Windows", "Click types", "Applications"])
    }

    /// Each built-in action, built-in keys and click type is offered once,
    /// under its own group, with the label and icon its table gives.
    func testEveryBuiltInIsInExactlyOneGroup() {
        let groups = PickerCatalog.groups(applications: apps)
        func offered(_ runs: ConfigItem.Runs) -> [(String, PickerEntry)] {
            groups.flatMap { group in group.entries.filter { $0.runs == runs }.map { (group.title, $0) } }
        }
        for action in BuiltInAction.all {
            let found = offered(.action(action.name))
            XCTAssertEqual(found.map(\.0), [action.group.title], action.name)
            XCTAssertEqual(
                found.first?.1,
                PickerEntry(label: action.label, icon: action.icon, runs: .action(action.name)))
            XCTAssertNotEqual(action.group, .clickTypes, action.name)
        }
        for keys in BuiltInKeys.all {
            let found = offered(.keys(keys.name))
            XCTAssertEqual(found.map(\.0), [keys.group.title], keys.name)
            XCTAssertEqual(
                found.first?.1, PickerEntry(label: keys.label, icon: keys.icon, runs: .keys(keys.name)))
        }
        for type in ClickType.allCases {
            XCTAssertEqual(offered(.action(type.actionName)).map(\.0), ["Click types"], type.actionName)
        }
        // Issue 45: the pointer pad beside them.
        XCTAssertEqual(offered(.action(PointerAction.name)).map(\.0), ["Click types"])
        let count = groups.dropLast().map(\.entries.count).reduce(0, +)
        XCTAssertEqual(count, BuiltInAction.all.count + BuiltInKeys.all.count + ClickType.allCases.count + 1)
    }

    /// An action none of whose tools is here is offered, marked.
    func testAnActionWithoutAToolIsOfferedNotInstalled() {
        let groups = PickerCatalog.groups(applications: apps) { $0.name != "rotate" }
        let entries = groups.flatMap(\.entries)
        XCTAssertEqual(entries.filter { !$0.installed }.map(\.label), ["Rotate"])
        XCTAssertEqual(entries.count, PickerCatalog.groups(applications: apps).flatMap(\.entries).count)
    }

    func testApplicationsComeLastAsCommands() {
        XCTAssertEqual(
            PickerCatalog.groups(applications: apps).last,
            PickerGroup(
                title: "Applications",
                entries: [
                    PickerEntry(label: "Foot", icon: "foot", runs: .command("foot")),
                    PickerEntry(label: "Htop", icon: nil, runs: .command("htop")),
                ]))
    }

    /// Whatever the picker offers, adding it writes a file buoy accepts.
    func testEveryEntryAddsAnItemThatChecks() {
        for entry in PickerCatalog.groups(applications: apps).flatMap(\.entries) {
            switch ConfigEdit.addItem(entry.item, in: ItemList(), at: nil).applied(to: [], path: "c.toml") {
            case .success(let bytes):
                XCTAssertNoThrow(try Config.parse(bytes, path: "c.toml"), entry.label)
            case .failure(let error):
                XCTFail("\(entry.label): \(error)")
            }
        }
    }
}

/// Which `.desktop` files are read and which of them wins.
final class ApplicationListTests: XCTestCase {
    func testDirectories() {
        let cases: [([String: String], [String], UInt)] = [
            (
                ["HOME": "/home/u"],
                [
                    "/home/u/.local/share/applications", "/usr/local/share/applications",
                    "/usr/share/applications",
                ],
                #line
            ),
            (
                ["HOME": "/home/u", "XDG_DATA_HOME": "/d", "XDG_DATA_DIRS": "/nix/share:/usr/share"],
                ["/d/applications", "/nix/share/applications", "/usr/share/applications"], #line
            ),
            (
                ["HOME": "/home/u", "XDG_DATA_HOME": "", "XDG_DATA_DIRS": ""],
                [
                    "/home/u/.local/share/applications", "/usr/local/share/applications",
                    "/usr/share/applications",
                ],
                #line
            ),
            ([:], ["/usr/local/share/applications", "/usr/share/applications"], #line),
        ]
        for (environment, expected, line) in cases {
            XCTAssertEqual(
                ApplicationList.directories(environment: { environment[$0] }), expected, line: line)
        }
    }

    func testDesktopFileIDs() {
        let cases: [(String, String?, UInt)] = [
            ("foot.desktop", "foot.desktop", #line),
            ("kde/okular.desktop", "kde-okular.desktop", #line),
            ("a/b/c.desktop", "a-b-c.desktop", #line),
            ("mimeinfo.cache", nil, #line),
            ("foot.desktop~", nil, #line),
            ("org.freedesktop.Xwayland.directory", nil, #line),
        ]
        for (path, expected, line) in cases {
            XCTAssertEqual(ApplicationList.desktopFileID(relativePath: path), expected, line: line)
        }
    }

    private func file(_ id: String, _ name: String, _ extra: String = "") -> (id: String, bytes: [UInt8]) {
        (
            id,
            Array("[Desktop Entry]\nType=Application\nName=\(name)\nExec=\(name.lowercased())\n\(extra)".utf8)
        )
    }

    /// The first directory's file of an ID decides it, even to hide it.
    func testTheFirstFileOfAnIDWinsAndTheNamesSort() {
        let files = [
            file("foot.desktop", "Foot", "Hidden=true\n"),
            file("zed.desktop", "zed"),
            file("b.desktop", "Files"),
            file("foot.desktop", "Foot"),
            file("zed.desktop", "Zed2"),
            file("a.desktop", "Files"),
            file("c.desktop", "alacritty"),
        ]
        XCTAssertEqual(
            ApplicationList.entries(files, desktops: [], locale: nil).map(\.id),
            ["c.desktop", "a.desktop", "b.desktop", "zed.desktop"])
    }

    func testATryExecProgramMustBeInstalled() {
        let files = [file("a.desktop", "A", "TryExec=a\n"), file("b.desktop", "B", "TryExec=b\n")]
        XCTAssertEqual(
            ApplicationList.entries(files, desktops: [], locale: nil, installed: { $0 == "b" }).map(\.id),
            ["b.desktop"])
    }

    func testTheChildsOutputRoundTrips() {
        let entries = [
            DesktopEntry(id: "foot.desktop", name: "Foot", icon: "foot", command: "foot"),
            DesktopEntry(id: "x.desktop", name: "Ünïcode\tapp", icon: nil, command: "sh -c 'a\nb'"),
        ]
        let bytes = ApplicationList.encoded(entries)
        XCTAssertEqual(ApplicationList.decoded(bytes), entries)
        XCTAssertEqual(ApplicationList.decoded([]), [])
        XCTAssertNil(ApplicationList.decoded(Array(bytes.dropLast())))
        XCTAssertNil(ApplicationList.decoded(Array(bytes.dropLast(5))))
    }
}

import BuoyCore
import XCTest

final class IconThemeTests: XCTestCase {
    func testIndexThemeParsing() {
        let text = [
            "# a comment", "stray=before any group", "[Icon Theme]", "Name=Messy", "Name[de]=Unordentlich",
            "  Inherits = Papirus , , ../up, hicolor  ",
            "Directories=16x16/apps, apps/48 ,scalable/apps,,"
                + "bad/size,nosize,missing,16x16/apps,../escape,/abs,a//b,typo",
            "ScaledDirectories=16x16@2/apps", "Unknown=key", "no equals sign here", "",
            "\t[16x16/apps]  ", "Size = 16", "Context=Applications", "Type=Threshold", "Threshold=x",
            "[apps/48]", "Size=48", "Type=Fixed", "Scale=0", "MinSize=1",
            "[scalable/apps]", "Size=16", "Type=Scalable", "MinSize=8", "MaxSize=512", "Scale=1",
            "[16x16@2/apps]", "Size=16", "Scale=2", "Threshold=4",
            "[bad/size]", "Size=big",
            "[nosize]", "Type=Fixed",
            "[typo]", "Size=24", "Type=fixed", "Size=32",
            "[../escape]", "Size=16",
            "[/abs]", "Size=16",
            "[a//b]", "Size=16",
            "[broken", "Size=99",
        ].joined(separator: "\r\n")
        let theme = IconTheme(name: "Messy", indexTheme: text)
        XCTAssertEqual(theme?.name, "Messy")
        XCTAssertEqual(theme?.inherits, ["Papirus", "hicolor"])
        XCTAssertEqual(
            theme?.directories,
            [
                .init(path: "16x16/apps", size: 16, kind: .threshold, threshold: 2),
                .init(path: "apps/48", size: 48, scale: 1, kind: .fixed, minSize: 1),
                .init(path: "scalable/apps", size: 16, kind: .scalable, minSize: 8, maxSize: 512),
                .init(path: "typo", size: 32, kind: .threshold),
                .init(path: "16x16@2/apps", size: 16, scale: 2, threshold: 4),
            ])
        XCTAssertNil(IconTheme(name: "x", indexTheme: "[Desktop Entry]\nName=x\n"), "no [Icon Theme]")
        XCTAssertNil(IconTheme(name: "x", indexTheme: ""))
        XCTAssertEqual(IconTheme(name: "x", indexTheme: "[Icon Theme]")?.directories, [])
        XCTAssertEqual(
            IconTheme(name: "x", indexTheme: "[Icon Theme]\rDirectories=a\r[a]\rSize=8\r")?.directories,
            [.init(path: "a", size: 8)], "old Mac line ends")
    }

    func testDirectorySizes() {
        let fixed = IconTheme.Directory(path: "", size: 24, kind: .fixed)
        XCTAssertTrue(fixed.matches(pixels: 24, scale: 1))
        XCTAssertFalse(fixed.matches(pixels: 25, scale: 1))
        XCTAssertFalse(fixed.matches(pixels: 24, scale: 2), "scale must match")
        XCTAssertEqual([23, 24, 30].map(fixed.distance(pixels:)), [1, 0, 6])
        let scaled = IconTheme.Directory(path: "", size: 24, scale: 2, kind: .fixed)
        XCTAssertTrue(scaled.matches(pixels: 48, scale: 2))
        XCTAssertFalse(scaled.matches(pixels: 24, scale: 2))
        XCTAssertEqual([24, 48, 50].map(scaled.distance(pixels:)), [24, 0, 2])
        let threshold = IconTheme.Directory(path: "", size: 24, scale: 2)
        XCTAssertEqual(
            [43, 44, 52, 53].map { threshold.matches(pixels: $0, scale: 2) }, [false, true, true, false])
        XCTAssertEqual([40, 44, 52, 60].map(threshold.distance(pixels:)), [4, 0, 0, 8])
        let scalable = IconTheme.Directory(path: "", size: 16, kind: .scalable, minSize: 8, maxSize: 32)
        XCTAssertEqual(
            [7, 8, 32, 33].map { scalable.matches(pixels: $0, scale: 1) }, [false, true, true, false])
        XCTAssertEqual([4, 20, 40].map(scalable.distance(pixels:)), [4, 0, 8])
    }
}

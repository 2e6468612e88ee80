import BuoyCore
import XCTest

final class XcursorTests: XCTestCase {
    /// An Xcursor file: per image its nominal size and side, its pixels all
    /// `nominal` so a test can tell which was read; table entries of
    /// `otherType` chunks (a comment's) before them.
    private func file(_ images: [(nominal: Int, side: Int)], otherChunks: Int = 0) -> [UInt8] {
        var bytes: [UInt8] = []
        func word(_ value: Int) { bytes += withUnsafeBytes(of: UInt32(value).littleEndian, Array.init) }
        let count = images.count + otherChunks
        word(0x7275_6358)
        word(16)
        word(0x1_0000)
        word(count)
        var position = 16 + count * 12
        for _ in 0..<otherChunks {
            word(0xFFFE_0001)
            word(1)
            word(0)
        }
        for image in images {
            word(0xFFFD_0002)
            word(image.nominal)
            word(position)
            position += 36 + image.side * image.side * 4
        }
        for image in images {
            for value in [36, 0xFFFD_0002, image.nominal, 1, image.side, image.side, image.side / 2, 1, 0] {
                word(value)
            }
            for _ in 0..<image.side * image.side { word(image.nominal) }
        }
        return bytes
    }

    func testTheImageOfTheNearestNominalSizeIsRead() {
        let sizes = [
            (nominal: 24, side: 3), (nominal: 32, side: 4), (nominal: 48, side: 6), (nominal: 48, side: 5),
        ]
        let cases: [(asked: Int, nominal: Int?, side: Int?, line: UInt)] = [
            (24, 24, 3, #line),
            (48, 48, 6, #line),  // the first of two at that size: an animation's first frame
            (36, 32, 4, #line),  // as near 32 as 40: the first in the table
            (40, 32, 4, #line),
            (41, 48, 6, #line),
            (1, 24, 3, #line),
            (96, 48, 6, #line),
        ]
        for c in cases {
            let image = XcursorFile.image(in: file(sizes, otherChunks: 1), nearest: c.asked)
            XCTAssertEqual(image?.pixels.first.map(Int.init), c.nominal, "asked \(c.asked)", line: c.line)
            XCTAssertEqual(image?.width, c.side, line: c.line)
            XCTAssertEqual(image?.pixels.count, c.side.map { $0 * $0 }, line: c.line)
            XCTAssertEqual(image?.hotspotX, c.side.map { $0 / 2 }, line: c.line)
            XCTAssertEqual(image?.hotspotY, c.side.map { _ in 1 }, line: c.line)
        }
    }

    func testWhatIsNoWholeCursorFileGivesNoImage() {
        let whole = file([(nominal: 24, side: 4)])
        var wrongMagic = whole
        wrongMagic[0] = 0
        var hugeWidth = whole
        hugeWidth[16 + 12 + 16 + 2] = 0xFF
        let cases: [(bytes: [UInt8], line: UInt)] = [
            ([], #line),
            (Array(whole.prefix(15)), #line),
            (Array(whole.dropLast()), #line),  // a pixel short
            (wrongMagic, #line),
            (hugeWidth, #line),
            (file([], otherChunks: 2), #line),  // no image among its chunks
        ]
        for c in cases {
            XCTAssertNil(XcursorFile.image(in: c.bytes, nearest: 24), line: c.line)
        }
        XCTAssertNotNil(XcursorFile.image(in: whole, nearest: 24))
    }

    func testTheSearchPathIsXcursorPathOrLibwaylandCursorsList() {
        let cases:
            [(xcursorPath: String?, dataHome: String?, home: String?, directories: [String], line: UInt)] = [
                ("/tmp/icons", nil, "/home/u", ["/tmp/icons"], #line),
                ("/a:~/b::/c", nil, "/home/u", ["/a", "/home/u/b", "/c"], #line),
                (
                    nil, nil, "/home/u",
                    [
                        "/home/u/.local/share/icons", "/home/u/.icons", "/usr/share/icons",
                        "/usr/share/pixmaps",
                        "/home/u/.cursors", "/usr/share/cursors/xorg-x11", "/usr/X11R6/lib/X11/icons",
                    ], #line
                ),
                (
                    nil, "/data", nil,
                    [
                        "/data/icons", "/usr/share/icons", "/usr/share/pixmaps",
                        "/usr/share/cursors/xorg-x11",
                        "/usr/X11R6/lib/X11/icons",
                    ], #line
                ),
                (
                    nil, "relative", "/h",
                    [
                        "/h/.local/share/icons", "/h/.icons", "/usr/share/icons", "/usr/share/pixmaps",
                        "/h/.cursors",
                        "/usr/share/cursors/xorg-x11", "/usr/X11R6/lib/X11/icons",
                    ], #line
                ),
            ]
        for c in cases {
            XCTAssertEqual(
                XcursorSearch.directories(xcursorPath: c.xcursorPath, dataHome: c.dataHome, home: c.home),
                c.directories, line: c.line)
        }
    }

    func testInheritsIsTheInheritsLinesNames() {
        let cases: [(text: String, inherits: [String], line: UInt)] = [
            ("[Icon Theme]\nInherits=Adwaita\n", ["Adwaita"], #line),
            (
                "[Icon Theme]\nName=x\nInherits = core, Adwaita;hicolor\n", ["core", "Adwaita", "hicolor"],
                #line
            ),
            ("[Icon Theme]\nInheritsNot=x\n", [], #line),
            ("Inherits=\n", [], #line),
            ("", [], #line),
        ]
        for c in cases {
            XCTAssertEqual(XcursorSearch.inherits(indexTheme: c.text), c.inherits, line: c.line)
        }
    }
}

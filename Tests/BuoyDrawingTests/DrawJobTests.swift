import BuoyCore
import XCTest

@testable import BuoyDrawing

/// A job and a report come back from their bytes as they were written.
final class DrawJobTests: XCTestCase {
    private let query = IconQuery(
        theme: "Papirus", size: 48, scale: 2, baseDirectories: ["/usr/share/icons", "/home/me/.icons"],
        known: ["terminal": "/usr/share/icons/hicolor/48x48/apps/terminal.png", "gone": ""], stamp: 42)
    private let arrangement = MenuArrangement(
        kind: .panel, button: Rect(x: 1216.5, y: -3, width: 56, height: 56),
        usable: Rect(x: 0, y: 0, width: 1280, height: 720), count: 3, itemSize: 48, spacing: 12,
        minRowHeight: 44.25)

    private var jobs: [DrawJob] {
        [
            .menu(
                MenuDrawJob(
                    labels: [
                        "Terminal", "", "Ünïcødé ✓ 终端", "a\0b", String(repeating: "long ", count: 5000),
                    ],
                    icons: ["utilities-terminal", nil, "/tmp/x.svg", "", nil], arrangement: arrangement,
                    query: query,
                    look: MenuLook(
                        colors: MenuColors(focusColor: Color(red: 1, green: 0.5, blue: 0.25, alpha: 0.125)),
                        buttonColor: Color(red: 0.2, green: 0.4, blue: 0.6), font: "Serif Bold 26"),
                    scale: BufferScale(numerator: 150), on: [true, false, true, false, false])),
            .menu(
                MenuDrawJob(
                    labels: [], icons: [], arrangement: arrangement,
                    query: IconQuery(theme: nil, size: 0, scale: 1, baseDirectories: []),
                    look: MenuLook(buttonColor: Color(red: 0, green: 0, blue: 0)), scale: 1)),
            .face(
                FaceJob(
                    face: .label("👍🏽"), side: 66, color: Color(red: 1, green: 1, blue: 1), font: "Sans",
                    query: query)),
            .face(
                FaceJob(
                    face: .icon("/a b/c.png"), side: 1, color: Color(red: 0, green: 0, blue: 0), font: "",
                    query: query)),
            .face(
                FaceJob(
                    face: .glyph, side: -1, color: Color(red: -0.0, green: .infinity, blue: 0), font: "x",
                    query: query)),
            .svgs(SVGJob(paths: ["/a.svg", "/b.svg"], first: 1, size: 96)),
            .svgs(SVGJob(paths: [], first: 0, size: Int.max)),
        ]
    }

    func testEveryJobReadsBackAsItWasWritten() throws {
        for job in jobs {
            XCTAssertEqual(try DrawJob.decode(job.bytes), job)
        }
    }

    func testEveryReportReadsBackAsItWasWritten() throws {
        let reports = [
            MenuArtist.Drawn(
                labelSizes: [Size(width: 81, height: 27), Size(width: 0, height: 0)],
                icons: [.none, .notFound, .drawn(path: "/x.png"), .failed(path: "")], themeMissing: true,
                stamp: 1_796_217_028_761_361_300),
            MenuArtist.Drawn(labelSizes: [], icons: [], themeMissing: false, stamp: 0),
        ]
        for report in reports {
            XCTAssertEqual(try MenuArtist.Drawn.decode(report.bytes), report)
        }
        for icon in [MenuArtist.Icon.none, .notFound, .drawn(path: "/é.svg"), .failed(path: "/f")] {
            XCTAssertEqual(try MenuArtist.Icon.decode(icon.bytes), icon)
        }
    }

    /// Issue 44: a record's fields are listed once (`wireFields`), and both
    /// writing and reading follow the list. Each row differs from its
    /// record's `blank` in every field, so a field the list left out would
    /// read back as the blank's and fail its row.
    func testEveryRecordReadsBackAsItWasWritten() {
        let red = Color(red: 1, green: 0, blue: 0, alpha: 0.5)
        let rows: [(any WireRecord, UInt)] = [
            (Size(width: 81.5, height: -27), #line),
            (
                MenuColors(
                    background: red, labelColor: Color(red: 0, green: 1, blue: 0),
                    labelBackground: Color(red: 0, green: 0, blue: 1, alpha: 0.25), focusColor: red), #line
            ),
            (arrangement, #line),
            (query, #line),
            (
                MenuDrawJob(
                    labels: ["Terminal"], icons: ["utilities-terminal"], arrangement: arrangement,
                    query: query,
                    look: MenuLook(
                        colors: MenuColors(background: red),
                        buttonColor: Color(red: 0.2, green: 0.4, blue: 0.6),
                        font: "Serif Bold 26"),
                    scale: BufferScale(numerator: 150), on: [true], unavailable: [true], only: [0]), #line
            ),
            (FaceJob(face: .label("3"), side: 66, color: red, font: "Sans", query: query), #line),
            (SVGJob(paths: ["/a.svg"], first: 1, size: 96), #line),
            (
                MenuArtist.Drawn(
                    labelSizes: [Size(width: 81, height: 27)], icons: [.drawn(path: "/x.png")],
                    themeMissing: true,
                    stamp: 7), #line
            ),
        ]
        for (record, line) in rows { Self.check(record, line: line) }
    }

    private static func check<Record: WireRecord>(_ record: Record, line: UInt) {
        XCTAssertNotEqual(record, Record.blank, line: line)
        XCTAssertEqual(try Record.decode(record.bytes), record, line: line)
    }

    /// Every cut short, and every one with a byte more, is refused.
    func testBytesCutShortOrLeftOverAreRefused() {
        for job in jobs {
            let bytes = job.bytes
            for end in [0, 1, 7, 8, bytes.count / 2, bytes.count - 1] {
                XCTAssertThrowsError(try DrawJob.decode(Array(bytes.prefix(end))), "\(job) cut at \(end)")
            }
            XCTAssertThrowsError(try DrawJob.decode(bytes + [0]))
        }
    }

    func testValuesNoWriterWritesAreRefused() {
        var threeParts = WireWriter()
        threeParts.write([0.0, 1, 2])
        var keysOnly = WireWriter()
        keysOnly.write(["a"])
        keysOnly.write([String]())
        let cases: [(String, () throws -> Any)] = [
            ("no such job", { try DrawJob.decode(3.bytes) }),
            ("a Bool of 2", { try Bool.decode([2]) }),
            ("an array longer than its bytes", { try SVGJob.decode(Int.max.bytes + 1.bytes) }),
            ("a negative count", { try SVGJob.decode((-1).bytes) }),
            ("a scale of 0", { try BufferScale.decode(0.bytes) }),
            ("no such layout", { try MenuLayout.Kind.decode("grid".bytes) }),
            ("no such face", { try ButtonFace.decode(7.bytes) }),
            ("a colour of 3 parts", { try Color.decode(threeParts.bytes) }),
            ("keys without their values", { try [String: String].decode(keysOnly.bytes) }),
        ]
        for (what, decode) in cases {
            XCTAssertThrowsError(try decode(), what)
        }
    }
}

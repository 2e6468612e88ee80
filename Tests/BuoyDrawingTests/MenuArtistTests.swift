import BuoyCore
import CCairo
import CLinux
import Foundation
import SystemCalls
import XCTest

@testable import BuoyArtist
@testable import BuoyDrawing

final class MenuArtistTests: XCTestCase {
    private let look = MenuLook(buttonColor: Color(red: 0, green: 1, blue: 0))

    /// What a child drew: its report, the layout it drew, and each
    /// sprite's image as read from the file it drew into.
    private struct Drawn {
        var report: MenuArtist.Report
        var layout: MenuLayout
        var sprites: [MenuSprite]
        var images: [Pixels]
    }

    /// A 24 px red PNG in a new temporary directory.
    private func redIcon() throws -> (directory: URL, path: String) {
        let dir = try temporaryDirectory(self)
        let png = dir.appendingPathComponent("red.png").path
        writePNG(png, width: 24, height: 24, red: 1, green: 0, blue: 0)
        return (dir, png)
    }

    /// Draws `labels` (laid out as `menuLayout` lays them out, with the
    /// sizes the helper measured) in the drawing helper; `icons` are paths
    /// or names, looked up as `query` says.
    private func draw(
        labels: [String], icons: [String?], query: IconQuery? = nil, scale: BufferScale = 1,
        font: String = "Sans 13"
    ) throws -> Drawn {
        let file = buoy_memfd_create("buoy-test")
        XCTAssertGreaterThanOrEqual(file, 0)
        defer { try? FileDescriptor(rawValue: file).close() }
        let arrangement = MenuArrangement(
            kind: .column, button: Rect(x: 736, y: 272, width: 56, height: 56),
            usable: Rect(x: 0, y: 0, width: 800, height: 600), count: labels.count, itemSize: 40, spacing: 12,
            minRowHeight: 0)
        let job = MenuDrawJob(
            labels: labels, icons: icons, arrangement: arrangement,
            query: query
                ?? IconQuery(theme: nil, size: 24 * scale.ceiling, scale: scale.ceiling, baseDirectories: []),
            look: MenuLook(buttonColor: look.buttonColor, font: font), scale: scale)
        let report = try XCTUnwrap(MenuArtist.draw(job, into: file, reaping: .blocking).wait())
        let layout = menuLayout(labels, sizes: report.labelSizes)
        let sprites = MenuSprite.sprites(for: layout)
        let (slots, bytes) = MenuArtist.slots(for: sprites, scale: scale)
        var status = stat()
        XCTAssertEqual(fstat(file, &status), 0)
        XCTAssertEqual(Int(status.st_size), bytes, "the child sized the file for the sprites")
        XCTAssertEqual(ftruncate(file, off_t(bytes + 4096)), -1, "the child sealed its size")
        let mapped = try XCTUnwrap(mmap(nil, bytes, PROT_READ, MAP_SHARED, file, 0))
        XCTAssertNotEqual(mapped, MAP_FAILED)
        addTeardownBlock { munmap(mapped, bytes) }
        let images = slots.map {
            Pixels(
                width: $0.width, height: $0.height, stride: $0.width * 4,
                bytes: (mapped + $0.offset).assumingMemoryBound(to: UInt8.self))
        }
        return Drawn(report: report, layout: layout, sprites: sprites, images: images)
    }

    func testTheChildReportsTheLabelSizesItLaidTheMenuOutWith() throws {
        let labels = ["Terminal", "", "Files and folders", "Ünïcødé ✓", "a\0b", "W"]
        for font in ["Sans 13", "Serif Bold 26", "Sans 13px"] {
            let drawn = try draw(labels: labels, icons: labels.map { _ in nil }, font: font)
            XCTAssertEqual(drawn.report.labelSizes, labels.map { MenuPainter.measureLabel($0, font: font) })
            // The results came back: a label measured here is never empty.
            XCTAssertGreaterThan(drawn.report.labelSizes[0].width, 0)
            XCTAssertGreaterThan(drawn.report.labelSizes[0].height, 0)
        }
    }

    func testSlotsFollowOneAnother() {
        let sprites = MenuSprite.sprites(for: menuLayout(["Terminal", "Files"]))
        let (slots, bytes) = MenuArtist.slots(for: sprites, scale: 2)
        XCTAssertEqual(slots.count, sprites.count)
        var offset = 0
        for (slot, sprite) in zip(slots, sprites) {
            let (width, height) = MenuPainter.bufferSize(of: sprite, scale: 2)
            XCTAssertEqual(slot, MenuArtist.Slot(offset: offset, width: width, height: height))
            offset += width * 4 * height
        }
        XCTAssertEqual(bytes, offset)
    }

    /// Asserts that the child drew on `canvases` what `MenuPainter.paint`
    /// paints here, pixel for pixel.
    private func assertSamePixels(
        _ canvases: [Pixels], as sprites: [MenuSprite], layout: MenuLayout, entries: [MenuEntry],
        scale: BufferScale,
        line: UInt = #line
    ) {
        for (sprite, canvas) in zip(sprites, canvases) {
            let here = paintSprite(
                self, sprite, of: layout, entry: entries[sprite.item], look: look, scale: scale)
            let rows = (0..<canvas.height).filter { canvas.row($0) != here.row($0) }
            XCTAssertEqual(
                rows, [], "\(sprite.part) of item \(sprite.item), scale \(scale): rows differ", line: line)
        }
    }

    func testDrawingInAChildGivesThePixelsPaintedHere() throws {
        let dir = try temporaryDirectory(self)
        let png = dir.appendingPathComponent("red.png").path
        let svg = dir.appendingPathComponent("green.svg").path
        writePNG(png, width: 24, height: 24, red: 1, green: 0, blue: 0)
        try greenSVG.write(toFile: svg, atomically: true, encoding: .utf8)
        let labels = ["Terminal", "Files", "Browser"]
        let paths = [png, nil, svg]
        let layout = menuLayout(labels)
        let sprites = MenuSprite.sprites(for: layout)
        for scale in [1, 2] {
            let iconSize = 24 * scale
            let drawn = try draw(labels: labels, icons: paths, scale: BufferScale(integer: scale))
            XCTAssertEqual(drawn.report.icons, [.drawn(path: png), .none, .drawn(path: svg)])
            XCTAssertEqual(drawn.layout, layout, "laid out in the child as here")
            let canvases = drawn.images

            let loader = IconLoader()  // owns the icons: kept until the end of the loop body
            defer { withExtendedLifetime(loader) {} }
            let entries = labels.indices.map { i in
                MenuEntry(label: labels[i], icon: paths[i].flatMap { loader.load(path: $0, size: iconSize) })
            }
            XCTAssertNotNil(entries[0].icon)
            XCTAssertNotNil(entries[2].icon, "librsvg2-2 must be installed")
            assertSamePixels(
                canvases, as: sprites, layout: layout, entries: entries, scale: BufferScale(integer: scale))

            // The icons are there: red and green at their items' centres.
            for (i, colour) in [(0, [UInt8(255), 0, 0, 255]), (2, [0, 255, 0, 255])] {
                let index = try XCTUnwrap(sprites.firstIndex { $0.part == .circle && $0.item == i })
                let image = sprites[index].image
                let c = layout.items[i].circle.center
                let x = Int(((c.x - image.minX) * Double(scale)).rounded(.down))
                let y = Int(((c.y - image.minY) * Double(scale)).rounded(.down))
                XCTAssertEqual(canvases[index].at(x, y), colour, "item \(i), scale \(scale)")
            }
        }
    }

    func testAMissingIconIsReportedAndItsPlaceholderDrawn() throws {
        let (dir, png) = try redIcon()
        let labels = ["Terminal", "Files", "Browser", "Mail"]
        let missing = dir.appendingPathComponent("missing.png").path
        let broken = dir.appendingPathComponent("broken.png").path
        try "not a png".write(toFile: broken, atomically: true, encoding: .utf8)
        let drawn = try draw(labels: labels, icons: [png, broken, nil, missing])
        let (layout, sprites, canvases) = (drawn.layout, drawn.sprites, drawn.images)
        XCTAssertEqual(drawn.report.icons, [.drawn(path: png), .failed(path: broken), .none, .notFound])

        // Items 1 and 3 show the placeholder (their initial in a frame); item 2, which asked
        // for no icon, its plain initial. The loader owns its surfaces: it must outlive the painting.
        let loader = IconLoader()
        defer { withExtendedLifetime(loader) {} }
        let icon = try XCTUnwrap(loader.load(path: png, size: 24))
        let entries = [
            MenuEntry(label: labels[0], icon: icon), MenuEntry(label: labels[1], iconMissing: true),
            MenuEntry(label: labels[2]), MenuEntry(label: labels[3], iconMissing: true),
        ]
        assertSamePixels(canvases, as: sprites, layout: layout, entries: entries, scale: 1)
        let index = try XCTUnwrap(sprites.firstIndex { $0.part == .circle && $0.item == 1 })
        let image = sprites[index].image
        let inner = layout.items[1].circle.insetBy(12)
        XCTAssertGreaterThan(
            whitePixels(
                canvases[index], x0: Int(inner.minX - image.minX), y0: Int(inner.minY - image.minY),
                x1: Int(inner.maxX - image.minX), y1: Int(inner.maxY - image.minY)),
            5)
    }

    func testTheChildsPeakMemoryIsReported() throws {
        let report = try draw(labels: ["Terminal"], icons: [nil]).report
        XCTAssertGreaterThan(report.childPeakKiB, 0)
        XCTAssertEqual(report.icons, [.none])
    }

    func testKnownIconsAreTakenAndTheOthersLookedUpInTheHelper() throws {
        let png = try redIcon().path
        let report = try draw(
            labels: ["Terminal", "Files", "Browser"], icons: ["red", "nowhere", nil],
            query: IconQuery(theme: nil, size: 24, scale: 1, baseDirectories: [], known: ["red": png])
        ).report
        XCTAssertEqual(report.icons, [.drawn(path: png), .notFound, .none])
        XCTAssertFalse(report.themeMissing)
    }

    /// A miss is remembered while the icon directories stand as they were:
    /// an icon copied in by hand afterwards is not seen, one that comes with
    /// a change to its theme's directory (a package's icon-theme.cache) is.
    func testAKnownMissIsNotLookedUpAgainUntilTheIconDirectoriesChange() throws {
        let base = try temporaryDirectory(self).path
        let apps = base + "/hicolor/48x48/apps"
        try FileManager.default.createDirectory(atPath: apps, withIntermediateDirectories: true)
        try "[Icon Theme]\nName=Hicolor\nDirectories=48x48/apps\n[48x48/apps]\nSize=48\nType=Threshold\n"
            .write(toFile: base + "/hicolor/index.theme", atomically: true, encoding: .utf8)
        func draw(known: [String: String], stamp: Int) throws -> MenuArtist.Report {
            try self.draw(
                labels: ["Late"], icons: ["late"],
                query: IconQuery(
                    theme: nil, size: 48, scale: 1, baseDirectories: [base], known: known, stamp: stamp)
            ).report
        }
        let first = try draw(known: [:], stamp: 0)
        XCTAssertEqual(first.icons, [.notFound])
        XCTAssertNotEqual(first.stamp, 0)
        writePNG(apps + "/late.png", width: 48, height: 48, red: 1, green: 0, blue: 0)
        XCTAssertEqual(
            try draw(known: ["late": ""], stamp: first.stamp).icons, [.notFound],
            "the miss was looked up again")
        XCTAssertEqual(try draw(known: [:], stamp: first.stamp).icons, [.drawn(path: apps + "/late.png")])

        // What gtk-update-icon-cache does after a package's icons: the theme's directory changes.
        usleep(20_000)
        try Data().write(to: URL(fileURLWithPath: base + "/hicolor/icon-theme.cache"))
        let after = try draw(known: ["late": ""], stamp: first.stamp)
        XCTAssertEqual(after.icons, [.drawn(path: apps + "/late.png")])
        XCTAssertNotEqual(after.stamp, first.stamp)
    }

    func testTheHelperReportsAMissingIconTheme() throws {
        let report = try draw(
            labels: ["Terminal", "Files"], icons: ["a", "b"],
            query: IconQuery(theme: "NoSuchTheme", size: 24, scale: 1, baseDirectories: [])
        ).report
        XCTAssertTrue(report.themeMissing)
        XCTAssertEqual(report.icons, [.notFound, .notFound])
    }
}

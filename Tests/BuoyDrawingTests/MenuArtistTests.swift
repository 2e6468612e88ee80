import BuoyCore
import CCairo
import Foundation
import XCTest

@testable import BuoyDrawing

final class MenuArtistTests: XCTestCase {
    private let look = MenuLook(buttonColor: Color(red: 0, green: 1, blue: 0))

    func testMeasuringInAChildGivesTheSizesMeasuredHere() throws {
        let labels = ["Terminal", "", "Files and folders", "Ünïcødé ✓", "a\0b", "W"]
        for font in ["Sans 13", "Serif Bold 26", "Sans 13px"] {
            let sizes = try XCTUnwrap(MenuArtist.measure(labels, font: font)?.wait())
            XCTAssertEqual(sizes, labels.map { MenuPainter.measureLabel($0, font: font) })
            // The results came back: a label measured here is never empty.
            XCTAssertGreaterThan(sizes[0].width, 0)
            XCTAssertGreaterThan(sizes[0].height, 0)
        }
        XCTAssertEqual(MenuArtist.measure([], font: "Sans 13")?.wait(), [])
    }

    /// One garbage-filled `MAP_SHARED` canvas per sprite, as wl_shm buffers are.
    private func canvases(for sprites: [MenuSprite], scale: BufferScale) -> [Pixels] {
        sprites.map { sprite in
            let (width, height) = MenuPainter.bufferSize(of: sprite, scale: scale)
            return garbageImage(self, width: width, height: height, shared: true)
        }
    }

    /// A 24 px red PNG in a new temporary directory.
    private func redIcon() throws -> (directory: URL, path: String) {
        let dir = try temporaryDirectory(self)
        let png = dir.appendingPathComponent("red.png").path
        writePNG(png, width: 24, height: 24, red: 1, green: 0, blue: 0)
        return (dir, png)
    }

    /// Draws in a child; `iconPaths` are the icons, which `locate` (by
    /// default) takes for their own files.
    private func draw(
        _ sprites: [MenuSprite], on canvases: [Pixels], layout: MenuLayout, labels: [String],
        iconPaths: [String?],
        locate: @escaping ([String?]) -> MenuArtist.Located = {
            MenuArtist.Located(paths: $0, themeMissing: false)
        },
        iconSize: Int, scale: BufferScale
    ) throws -> MenuArtist.Report {
        try XCTUnwrap(
            MenuArtist.draw(
                sprites, on: canvases.map { MenuArtist.Canvas(data: $0.data, stride: $0.stride) },
                layout: layout, labels: labels, icons: iconPaths, locate: locate, iconSize: iconSize,
                look: look, scale: scale)?.wait())
    }

    /// What a child reports for a menu of `labels` drawn at scale 1, with
    /// 24 px icons, when only the report matters.
    private func report(
        labels: [String], iconPaths: [String?],
        locate: @escaping ([String?]) -> MenuArtist.Located = {
            MenuArtist.Located(paths: $0, themeMissing: false)
        }
    ) throws -> MenuArtist.Report {
        let layout = menuLayout(labels)
        let sprites = MenuPainter.sprites(for: layout)
        return try draw(
            sprites, on: canvases(for: sprites, scale: 1), layout: layout, labels: labels,
            iconPaths: iconPaths,
            locate: locate, iconSize: 24, scale: 1)
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
        let sprites = MenuPainter.sprites(for: layout)
        for scale in [1, 2] {
            let iconSize = 24 * scale
            let canvases = canvases(for: sprites, scale: BufferScale(integer: scale))
            let report = try draw(
                sprites, on: canvases, layout: layout, labels: labels, iconPaths: paths, iconSize: iconSize,
                scale: BufferScale(integer: scale))
            XCTAssertEqual(report.icons, [.drawn(path: png), .none, .drawn(path: svg)])

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

    func testAMissingIconIsReportedAndItsInitialDrawn() throws {
        let (dir, png) = try redIcon()
        let labels = ["Terminal", "Files", "Browser"]
        let layout = menuLayout(labels)
        let sprites = MenuPainter.sprites(for: layout)
        let canvases = canvases(for: sprites, scale: 1)
        let missing = dir.appendingPathComponent("missing.png").path
        let report = try draw(
            sprites, on: canvases, layout: layout, labels: labels, iconPaths: [png, missing, nil],
            iconSize: 24,
            scale: 1)
        XCTAssertEqual(report.icons, [.drawn(path: png), .failed(path: missing), .none])

        // Item 1 shows its initial, as an item without an icon does.
        // The loader owns its surfaces: it must outlive the painting.
        let loader = IconLoader()
        defer { withExtendedLifetime(loader) {} }
        let icon = try XCTUnwrap(loader.load(path: png, size: 24))
        let entries = [
            MenuEntry(label: labels[0], icon: icon), MenuEntry(label: labels[1]), MenuEntry(label: labels[2]),
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
        let report = try report(labels: ["Terminal"], iconPaths: [nil])
        XCTAssertGreaterThan(report.childPeakKiB, 0)
        XCTAssertEqual(report.icons, [.none])
    }

    func testIconsAreLocatedInTheChildAndThoseNotFoundAreReported() throws {
        let png = try redIcon().path
        var locatedHere = 0
        let report = try report(
            labels: ["Terminal", "Files", "Browser"], iconPaths: ["red", "nowhere", nil],
            locate: { names in
                locatedHere += 1
                return MenuArtist.Located(paths: names.map { $0 == "red" ? png : nil }, themeMissing: false)
            })
        XCTAssertEqual(report.icons, [.drawn(path: png), .notFound, .none])
        XCTAssertFalse(report.themeMissing)
        XCTAssertEqual(locatedHere, 0, "the lookup ran in the child, not here")
    }

    func testTheChildReportsAMissingIconTheme() throws {
        let report = try report(
            labels: ["Terminal", "Files"], iconPaths: ["a", "b"],
            locate: { MenuArtist.Located(paths: $0.map { _ in nil }, themeMissing: true) })
        XCTAssertTrue(report.themeMissing)
        XCTAssertEqual(report.icons, [.notFound, .notFound])
    }

    func testAPathLongerThanTheReportHoldsIsCutShortInTheReportOnly() throws {
        let long = "/" + String(repeating: "d", count: MenuArtist.pathCapacity + 100) + ".png"
        let report = try report(labels: ["Terminal"], iconPaths: [long])
        XCTAssertEqual(report.icons, [.failed(path: String(long.prefix(MenuArtist.pathCapacity - 1)))])
    }
}

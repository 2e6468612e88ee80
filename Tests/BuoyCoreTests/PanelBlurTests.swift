import BuoyCore
import XCTest

/// The blur behind an open panel: its rounded frame as it is placed, in
/// strips; nothing for a column.
final class PanelBlurTests: XCTestCase {
    private let usable = Rect(x: 0, y: 0, width: 800, height: 600)
    private let button = Rect(x: 736, y: 272, width: 56, height: 56)

    private func panel() throws -> (MenuLayout, MenuLayout.Panel) {
        let layout = MenuLayout.panel(
            button: button, usable: usable, count: 6, itemSize: 40, spacing: 12,
            labelWidths: Array(repeating: 50, count: 6), labelHeight: 17, minRowHeight: 48)
        return (layout, try XCTUnwrap(layout.panel))
    }

    private func covered(_ strips: [Rect]) -> Set<[Int]> {
        var pixels: Set<[Int]> = []
        for strip in strips {
            for y in Int(strip.minY)..<Int(strip.maxY) {
                for x in Int(strip.minX)..<Int(strip.maxX) { pixels.insert([x, y]) }
            }
        }
        return pixels
    }

    func testOpenItCoversThePanelButItsCorners() throws {
        let (layout, panel) = try panel()
        let animation = MenuAnimation(
            opening: true, start: 0, count: 6, openDuration: 0.2, closeDuration: 0.1)
        let strips = animation.blurRegion(of: layout, at: 1)
        let pixels = covered(strips)
        let frame = panel.frame
        let (left, top) = (Int(frame.minX), Int(frame.minY))
        let (right, bottom) = (Int(frame.maxX) - 1, Int(frame.maxY) - 1)
        // Every strip inside the frame; its centre row whole; its corners out.
        for strip in strips { XCTAssertEqual(frame.union(strip), frame, "\(strip) outside \(frame)") }
        XCTAssertTrue(pixels.contains([left, Int(frame.center.y)]))
        XCTAssertTrue(pixels.contains([right, Int(frame.center.y)]))
        XCTAssertTrue(pixels.contains([Int(frame.center.x), top]))
        for corner in [[left, top], [right, top], [left, bottom], [right, bottom]] {
            XCTAssertFalse(pixels.contains(corner), "corner \(corner)")
        }
        // The area lost to the four corners is about (4 - pi) r^2.
        let r = panel.cornerRadius
        let lost = Double(Int(frame.width) * Int(frame.height) - pixels.count)
        XCTAssertEqual(lost, (4 - Double.pi) * r * r, accuracy: 4 * r)
        // Strips of one span are merged: about two per corner row, one for the middle.
        XCTAssertLessThanOrEqual(strips.count, 2 * Int(r.rounded(.up)) + 1)
    }

    func testWhileItGrowsTheRegionIsThePanelAsPlacedThenNothingOnceClosed() throws {
        let (layout, panel) = try panel()
        let opening = MenuAnimation(opening: true, start: 0, count: 6, openDuration: 0.2, closeDuration: 0.1)
        XCTAssertEqual(opening.blurRegion(of: layout, at: 0), [])
        let half = opening.blurRegion(of: layout, at: 0.05)
        let placed = try XCTUnwrap(
            SpritePlacement.place(panel.frame, scaledBy: opening.panelScale(at: 0.05), around: layout.origin))
        let bounds = half.dropFirst().reduce(half[0]) { $0.union($1) }
        XCTAssertEqual(bounds, placed)
        XCTAssertLessThan(placed.width, panel.frame.width)
        let closing = MenuAnimation(opening: false, start: 1, count: 6, openDuration: 0.2, closeDuration: 0.1)
        XCTAssertEqual(closing.blurRegion(of: layout, at: 1.1), [])
    }

    func testAColumnHasNone() {
        let layout = MenuLayout.layout(
            button: button, usable: usable, count: 3, itemSize: 40, spacing: 12,
            labelWidths: [50, 50, 50], labelHeight: 17)
        let animation = MenuAnimation(
            opening: true, start: 0, count: 3, openDuration: 0.2, closeDuration: 0.1)
        XCTAssertEqual(animation.blurRegion(of: layout, at: 1), [])
    }

    /// A wide rounded rect (the panel), as the button's square is cut.
    func testRoundedStripsOfAWideRect() {
        let strips = roundedStrips(width: 100, height: 40, radius: 10)
        XCTAssertEqual(Double(covered(strips).count), 4000 - 86, accuracy: 12)
        XCTAssertEqual(strips.first?.minY, 0)
        XCTAssertEqual(strips.last?.maxY, 40)
        XCTAssertEqual(strips.map(\.width).max(), 100)
        XCTAssertEqual(
            roundedStrips(width: 100, height: 40, radius: 0), [Rect(x: 0, y: 0, width: 100, height: 40)])
        // A radius past half the shorter side is half of it: the ends are round.
        XCTAssertEqual(
            roundedStrips(width: 100, height: 40, radius: 90),
            roundedStrips(width: 100, height: 40, radius: 20))
        XCTAssertEqual(roundedStrips(width: 0, height: 40, radius: 5), [])
    }
}

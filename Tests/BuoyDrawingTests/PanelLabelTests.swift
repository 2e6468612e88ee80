import BuoyConfig
import BuoyCore
import XCTest

@testable import BuoyArtist
@testable import BuoyDrawing

/// A panel's labels: wrapped onto two lines before they are cut, as
/// AssistiveTouch's are.
final class PanelLabelTests: XCTestCase {
    private let defaults = Menu()
    private let usable = Rect(x: 0, y: 0, width: 1280, height: 720)
    /// At the right edge's middle, as a first run puts it.
    private let button = Rect(x: 1216, y: 332, width: 56, height: 56)

    /// `labels` measured as the drawing helper measures them, and laid out
    /// on a panel of the default sizes.
    private func panel(_ labels: [String]) -> (layout: MenuLayout, measured: [(size: Size, cut: Bool)]) {
        let arrangement = MenuArrangement(
            kind: .panel, button: button, usable: usable, count: labels.count, itemSize: defaults.itemSize,
            spacing: defaults.spacing, minRowHeight: defaults.rowHeight)
        let measured = labels.map {
            MenuPainter.measuredLabel($0, font: defaults.font, wrapWidth: arrangement.labelWrapWidths.first)
        }
        return (arrangement.arrange(labels: measured.map(\.size)), measured)
    }

    /// Issue 34: in a 3-wide panel the built-in actions read "Volume d…"
    /// and "Brightne…", and a status line "up 26 mi…". Every built-in
    /// action's label, and one with a status line, fits its cell whole.
    func testEveryBuiltInLabelFitsTheDefaultPanelUncut() {
        let labels = BuiltInAction.all.map(\.label) + ["Brightness down\nup 26 minutes"]
        // Three panels of two full rows.
        for start in stride(from: 0, to: labels.count, by: 6) {
            let shown = Array(labels[start..<min(start + 6, labels.count)])
            let (layout, measured) = panel(shown)
            XCTAssertEqual(layout.panel?.columns, 3, "\(shown)")
            for (i, label) in shown.enumerated() {
                let pill = layout.items[i].label
                XCTAssertFalse(measured[i].cut, "\(label): cut on \(MenuLayout.panelLabelLines) lines")
                XCTAssertGreaterThanOrEqual(pill.width, measured[i].size.width, "\(label): its width cut")
                XCTAssertGreaterThanOrEqual(pill.height, measured[i].size.height, "\(label): its height cut")
            }
        }
    }

    func testALongLabelWrapsOntoTwoLinesAndAShortOneTakesOne() {
        let one = MenuPainter.measuredLabel("Mute", font: defaults.font, wrapWidth: 140)
        let two = MenuPainter.measuredLabel("Brightness down", font: defaults.font, wrapWidth: 140)
        let line = one.size.height - 2 * MenuPainter.labelPadding.height
        XCTAssertEqual(two.size.height, one.size.height + line, accuracy: 1)
        XCTAssertLessThanOrEqual(two.size.width, 140)
        XCTAssertFalse(two.cut)
        // In a column it takes one line, as wide as it is.
        let column = MenuPainter.measureLabel("Brightness down", font: defaults.font)
        XCTAssertEqual(column.height, one.size.height)
        XCTAssertGreaterThan(column.width, 140)
        // A third line is cut.
        let three = MenuPainter.measuredLabel(
            "Brightness down and then some more", font: defaults.font, wrapWidth: 140)
        XCTAssertTrue(three.cut)
        XCTAssertEqual(three.size.height, two.size.height)
    }

    /// The painted label: two bands of text under the icon, the first at
    /// the pill's top.
    func testAWrappedLabelIsPaintedOnTwoLinesUnderItsIcon() throws {
        let (layout, _) = panel(["Brightness down", "Mute", "Lock"])
        let sprite = try XCTUnwrap(MenuSprite.sprites(for: layout).first { $0.part == .pill && $0.item == 0 })
        let pixels = paintSprite(
            self, sprite, of: layout, entry: MenuEntry(label: "Brightness down"),
            look: MenuLook(buttonColor: Color(red: 0, green: 1, blue: 0)), scale: 1)
        let inked = (0..<pixels.height).filter { y in
            (0..<pixels.width).contains { x in pixels.at(x, y)[3] > 128 }
        }
        let bands = inked.reduce(into: [[Int]]()) { bands, y in
            if let last = bands.last?.last, last == y - 1 {
                bands[bands.count - 1].append(y)
            } else {
                bands.append([y])
            }
        }
        XCTAssertEqual(bands.count, 2, "rows with text: \(inked)")
        let pillTop = Int(layout.items[0].label.minY - sprite.image.minY)
        XCTAssertLessThan(try XCTUnwrap(inked.first) - pillTop, 12, "the first line at the pill's top")
    }
}

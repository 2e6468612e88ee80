import BuoyCore
import CCairo
import XCTest

@testable import BuoyArtist
@testable import BuoyDrawing

/// The menu's default look reads on any wallpaper: WCAG's 3:1 non-text
/// contrast for every disc, pill and panel (1.4.11) and 4.5:1 for the
/// labels (1.4.3), on dark and light wallpapers, black and white included, from the colours the
/// painter paints (`MenuLook`'s defaults, which are the config's).
final class MenuContrastTests: XCTestCase {
    private let wallpapers = [
        ("#2e3440", Color(red: 0x2E / 255, green: 0x34 / 255, blue: 0x40 / 255)),
        ("#eceff4", Color(red: 0xEC / 255, green: 0xEF / 255, blue: 0xF4 / 255)),
        ("black", Color(red: 0, green: 0, blue: 0)),
        ("white", Color(red: 1, green: 1, blue: 1)),
    ]
    private let look = MenuLook(buttonColor: Color(red: 0x35 / 255, green: 0x84 / 255, blue: 0xE4 / 255))

    func testDiscsPillsAndPanelsReachThreeToOne() {
        let colors = look.colors
        for (name, wallpaper) in wallpapers {
            let shapes = [("disc and panel", colors.background), ("label pill", colors.labelBackground)]
            for (shape, fill) in shapes {
                let ratio = MenuColors.boundaryContrast(fill: fill, on: wallpaper)
                XCTAssertGreaterThanOrEqual(ratio, 3, "\(shape) on \(name): \(ratio)")
                print("contrast: \(shape) \(fill.hex) rimmed \(MenuColors.rim.hex) on \(name): \(ratio)")
            }
        }
    }

    func testLabelsReachFourPointFiveToOne() {
        let colors = look.colors
        for (name, wallpaper) in wallpapers {
            let backdrops = [("pill", colors.labelBackground), ("disc and panel", colors.background)]
            for (backdrop, fill) in backdrops {
                let ratio = Color.contrastRatio(colors.labelColor, fill.composited(over: wallpaper))
                XCTAssertGreaterThanOrEqual(ratio, 4.5, "label on its \(backdrop) on \(name): \(ratio)")
                print("contrast: label \(colors.labelColor.hex) on \(backdrop) on \(name): \(ratio)")
            }
        }
    }

    /// What the figures above rate is what is painted: a panel's rim and
    /// fill, each exactly its colour (premultiplied), whatever was below.
    func testThePanelIsPaintedInTheRatedColours() throws {
        let usable = Rect(x: 0, y: 0, width: 800, height: 600)
        let layout = MenuLayout.panel(
            button: Rect(x: 736, y: 272, width: 56, height: 56), usable: usable, count: 2, itemSize: 40,
            spacing: 12, labelWidths: [0, 0], labelHeight: 0, minRowHeight: 48)
        let panel = try XCTUnwrap(layout.panel)
        let sprite = try XCTUnwrap(MenuSprite.sprites(for: layout).first)
        XCTAssertEqual(sprite.part, .panel)
        let pixels = paintSprite(
            self, sprite, of: layout, entry: MenuEntry(label: ""), look: look, scale: BufferScale(integer: 1))
        let y = Int(panel.frame.center.y - sprite.image.minY)
        let rimX = Int(panel.frame.minX - sprite.image.minX) - 1
        XCTAssertEqual(pixels.at(rimX, y), premultiplied(MenuColors.rim))
        XCTAssertEqual(pixels.at(rimX + 3, y), premultiplied(look.colors.background))
    }

    /// And a column's label pill: its rim and fill, above the text, are
    /// exactly the rated colours; the rim is 1 px.
    func testAColumnsPillIsPaintedInTheRatedColours() throws {
        let size = MenuPainter.measureLabel("Files", font: look.font)
        let menu = MenuLayout.layout(
            button: Rect(x: 736, y: 272, width: 56, height: 56),
            usable: Rect(x: 0, y: 0, width: 800, height: 600),
            count: 1, itemSize: 40, spacing: 12, labelWidths: [size.width], labelHeight: size.height)
        let sprite = try XCTUnwrap(MenuSprite.sprites(for: menu).first { $0.part == .pill })
        let pill = menu.items[0].label
        let pixels = paintSprite(
            self, sprite, of: menu, entry: MenuEntry(label: "Files"), look: look,
            scale: BufferScale(integer: 1))
        let x = Int(pill.center.x - sprite.image.minX)
        let top = Int(pill.minY - sprite.image.minY)
        XCTAssertEqual(pixels.at(x, top - 1), premultiplied(MenuColors.rim))
        XCTAssertNotEqual(pixels.at(x, top - 2), premultiplied(MenuColors.rim))
        XCTAssertEqual(pixels.at(x, top + 1), premultiplied(look.colors.labelBackground))
    }

    private func premultiplied(_ c: Color) -> [UInt8] {
        let a = c.alpha
        func byte(_ v: Double) -> UInt8 { UInt8((v * a * 255).rounded()) }
        return [byte(c.red), byte(c.green), byte(c.blue), UInt8((a * 255).rounded())]
    }
}

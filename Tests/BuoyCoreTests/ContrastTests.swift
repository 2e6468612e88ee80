import BuoyCore
import XCTest

final class ContrastTests: XCTestCase {
    private func hex(_ text: String) -> Color {
        let v = Array(text.utf8.dropFirst()).map { b -> Double in
            Double(b <= 0x39 ? Int(b) - 0x30 : Int(b) - 0x61 + 10)
        }
        func byte(_ i: Int) -> Double { (v[i] * 16 + v[i + 1]) / 255 }
        return Color(red: byte(0), green: byte(2), blue: byte(4), alpha: v.count == 8 ? byte(6) : 1)
    }

    func testLuminanceAndContrastAreWCAGs() {
        let white = Color(red: 1, green: 1, blue: 1)
        let black = Color(red: 0, green: 0, blue: 0)
        XCTAssertEqual(white.relativeLuminance, 1, accuracy: 1e-12)
        XCTAssertEqual(black.relativeLuminance, 0, accuracy: 1e-12)
        XCTAssertEqual(Color.contrastRatio(white, black), 21, accuracy: 1e-9)
        XCTAssertEqual(Color.contrastRatio(black, white), 21, accuracy: 1e-9)
        // Known figures (WebAIM's checker): #777777 on white 4.48, #767676 4.54.
        XCTAssertEqual(Color.contrastRatio(hex("#777777"), white), 4.48, accuracy: 0.005)
        XCTAssertEqual(Color.contrastRatio(hex("#767676"), white), 4.54, accuracy: 0.005)
        // Each channel's weight, and the linear segment below 0.04045.
        XCTAssertEqual(hex("#ff0000").relativeLuminance, 0.2126, accuracy: 1e-12)
        XCTAssertEqual(hex("#00ff00").relativeLuminance, 0.7152, accuracy: 1e-12)
        XCTAssertEqual(hex("#0000ff").relativeLuminance, 0.0722, accuracy: 1e-12)
        XCTAssertEqual(
            Color(red: 0.04, green: 0.04, blue: 0.04).relativeLuminance, 0.04 / 12.92, accuracy: 1e-12)
        XCTAssertEqual(Color(red: 0.5, green: 0.5, blue: 0.5).relativeLuminance, 0.21404, accuracy: 1e-5)
    }

    func testTranslucentColoursAreCompositedFirst() {
        let wallpaper = hex("#2e3440")
        XCTAssertEqual(Color(red: 1, green: 1, blue: 1, alpha: 0).composited(over: wallpaper), wallpaper)
        let half = Color(red: 1, green: 1, blue: 1, alpha: 0.5).composited(
            over: Color(red: 0, green: 0, blue: 0))
        XCTAssertEqual(half, Color(red: 0.5, green: 0.5, blue: 0.5))
        let opaque = hex("#ff8000")
        XCTAssertEqual(opaque.composited(over: wallpaper), opaque)
        // The old disc, #303030 at 0.92, on #2e3440: about 1.05:1.
        let oldDisc = Color(red: 0x30 / 255, green: 0x30 / 255, blue: 0x30 / 255, alpha: 0.92)
        XCTAssertEqual(
            Color.contrastRatio(oldDisc.composited(over: wallpaper), wallpaper), 1.05, accuracy: 0.01)
    }

    func testHexIsHowTheConfigWritesColours() {
        XCTAssertEqual(hex("#2e3440").hex, "#2e3440")
        XCTAssertEqual(hex("#303030eb").hex, "#303030eb")
    }

    /// A rim carries the contrast on a dark wallpaper, the fill against the
    /// rim on a light one; without a rim that differs, a dark fill fails on dark.
    func testBoundaryContrastTakesTheBetterEdge() {
        let dark = hex("#2e3440")
        let light = hex("#eceff4")
        let fill = hex("#303030eb")
        let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
        XCTAssertLessThan(MenuColors.boundaryContrast(fill: fill, rim: clear, on: dark), 3)
        XCTAssertGreaterThan(MenuColors.boundaryContrast(fill: fill, rim: clear, on: light), 3)
        XCTAssertGreaterThan(MenuColors.boundaryContrast(fill: fill, on: dark), 3)
    }
}

extension ContrastTests {
    /// One calm style: a pill has its disc's fill, and the rim is the
    /// faintest white that still stands out 3:1 from black.
    func testPillsShareTheDiscsFillAndTheRimIsTheFaintestThatHolds() {
        let colors = MenuColors()
        XCTAssertEqual(colors.labelBackground, colors.background)
        let black = Color(red: 0, green: 0, blue: 0)
        let rim = MenuColors.rim
        XCTAssertGreaterThanOrEqual(Color.contrastRatio(rim.composited(over: black), black), 3)
        let fainter = Color(red: 1, green: 1, blue: 1, alpha: rim.alpha - 1 / 255)
        XCTAssertLessThan(Color.contrastRatio(fainter.composited(over: black), black), 3)
        XCTAssertEqual(MenuColors.rimWidth, 1)
    }

    /// The focus ring holds 3:1 against the panel: the button's colour when it
    /// does, else white or black; a configured focus_color as it is.
    func testTheFocusRingHoldsThreeToOneAgainstThePanel() {
        let colors = MenuColors()
        let blue = Color(red: 0x35 / 255, green: 0x84 / 255, blue: 0xE4 / 255)
        let yellow = Color(red: 1, green: 0xCC / 255, blue: 0)
        // A dark button on the dark default panel: its ring would vanish.
        let dark = Color(red: 0x24 / 255, green: 0x1F / 255, blue: 0x31 / 255, alpha: 0xCC / 255)
        XCTAssertEqual(colors.focusRing(buttonColor: yellow), yellow)
        XCTAssertEqual(colors.focusRing(buttonColor: dark), Color(red: 1, green: 1, blue: 1))
        XCTAssertEqual(MenuColors(focusColor: blue).focusRing(buttonColor: dark), blue)
        // On a light panel, black.
        let light = MenuColors(background: Color(red: 0.95, green: 0.95, blue: 0.95))
        XCTAssertEqual(
            light.focusRing(buttonColor: Color(red: 1, green: 1, blue: 0.9)), Color(red: 0, green: 0, blue: 0)
        )
        for button in [blue, yellow, dark] {
            for wallpaper in [Color(red: 0, green: 0, blue: 0), Color(red: 1, green: 1, blue: 1)] {
                let panel = colors.background.composited(over: wallpaper)
                let ring = colors.focusRing(buttonColor: button).composited(over: panel)
                if colors.focusRing(buttonColor: button) != button {
                    XCTAssertGreaterThanOrEqual(
                        Color.contrastRatio(ring, panel), 3, "\(button) on \(wallpaper)")
                }
            }
        }
    }
}

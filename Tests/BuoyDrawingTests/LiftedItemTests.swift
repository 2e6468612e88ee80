import BuoyCore
import XCTest

@testable import BuoyArtist
@testable import BuoyDrawing

/// Issue 43 §3: the item held and moved in edit mode did not look lifted.
/// Its circle and pill cast a deeper shadow, inside the same images.
final class LiftedItemTests: XCTestCase {
    /// The alpha summed over the rows of `pixels` (an image of `sprite` at
    /// scale 2) below `shape`, and the alpha on the image's edges.
    private func shadow(_ pixels: Pixels, below shape: Rect, in sprite: MenuSprite) -> (
        below: Int, edges: Int
    ) {
        let top = Int(((shape.maxY - sprite.image.minY) * 2).rounded(.up)) + 1
        var below = 0
        for y in top..<pixels.height {
            for x in 0..<pixels.width { below += Int(pixels.at(x, y)[3]) }
        }
        var edges = 0
        for x in 0..<pixels.width {
            edges += Int(pixels.at(x, 0)[3]) + Int(pixels.at(x, pixels.height - 1)[3])
        }
        for y in 0..<pixels.height {
            edges += Int(pixels.at(0, y)[3]) + Int(pixels.at(pixels.width - 1, y)[3])
        }
        return (below, edges)
    }

    func testTheLiftedItemsCircleAndPillCastADeeperShadowWithinTheirImages() {
        let menu = menuLayout(["One", "Two", "Three"])
        let look = MenuLook(buttonColor: Color(red: 0, green: 1, blue: 0))
        let item = menu.items[1]
        for part in [MenuSprite.Part.circle, .pill] {
            let sprite = MenuSprite(part: part, item: 1, image: MenuSprite.image(of: part, for: item))
            func painted(lifted: Bool) -> (below: Int, edges: Int) {
                var entry = MenuEntry(label: "Two")
                entry.lifted = lifted
                let pixels = paintSprite(self, sprite, of: menu, entry: entry, look: look, scale: 2)
                return shadow(pixels, below: part == .circle ? item.circle : item.label, in: sprite)
            }
            let (rest, lifted) = (painted(lifted: false), painted(lifted: true))
            XCTAssertGreaterThan(Double(lifted.below), 1.2 * Double(rest.below), "\(part): \(rest) \(lifted)")
            XCTAssertEqual(lifted.edges, 0, "\(part): the shadow stays inside its image")
        }
    }
}

import BuoyCore
import XCTest

/// Issue 43: the click types showed letters ("Drag" and "Double click"
/// both D, an armed double click "2"), and edit mode's gestures T, D, L.
final class GlyphTests: XCTestCase {
    func testEachClickTypeAndGestureHasAGlyphOfItsOwn() {
        let clicks = ClickType.allCases.map(\.glyph)
        XCTAssertEqual(clicks, [.rightClick, .middleClick, .doubleClick, .drag, .scroll])
        let gestures = ButtonGesture.allCases.map(Glyph.init)
        XCTAssertEqual(
            gestures, [.tap, .doubleTap, .longPress, .flickUp, .flickDown, .flickLeft, .flickRight])
        XCTAssertEqual(Set(clicks + gestures + [.up]).count, Glyph.allCases.count, "one each, and no other")
    }

    func testAGlyphTravelsAsAnIconName() {
        let cases: [(String, Glyph?, UInt)] = [
            ("buoy-glyph:right-click", .rightClick, #line), ("buoy-glyph:up", .up, #line),
            ("buoy-glyph:nope", nil, #line), ("right-click", nil, #line), ("go-previous", nil, #line),
            ("/usr/share/icons/buoy-glyph:up", nil, #line),
        ]
        for (name, glyph, line) in cases {
            XCTAssertEqual(Glyph(iconName: name), glyph, name, line: line)
        }
        for glyph in Glyph.allCases { XCTAssertEqual(Glyph(iconName: glyph.iconName), glyph) }
    }
}

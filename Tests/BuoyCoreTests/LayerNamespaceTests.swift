import BuoyCore
import XCTest

final class LayerNamespaceTests: XCTestCase {
    func testOnlyKWinWithLayerShellV3OrLessGetsTheDock() {
        let cases: [(kwin: Bool, version: UInt32, expected: String)] = [
            (true, 3, "dock"),  // KWin 5.27
            (true, 4, "buoy"),  // KWin 6.3 and 6.7 (v5, bound at 4)
            (true, 5, "buoy"),
            (false, 3, "buoy"),  // phoc 0.46
            (false, 4, "buoy"),  // sway, labwc, wayfire
        ]
        for c in cases {
            XCTAssertEqual(
                LayerNamespace.button(onKWin: c.kwin, layerShellVersion: c.version), c.expected,
                "KWin \(c.kwin), layer shell v\(c.version)")
        }
    }
}

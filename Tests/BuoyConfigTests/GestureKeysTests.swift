import BuoyCore
import XCTest

@testable import BuoyConfig

/// `ButtonGesture.allCases` is the one list of gestures: each is a key of
/// `[actions]` (and so documented, see DocumentationTests), read into that
/// gesture's action and no other.
final class GestureKeysTests: XCTestCase {
    func testEachGesturesKeyIsReadIntoItsAction() throws {
        for gesture in ButtonGesture.allCases {
            let config = try parseConfig("[actions]\n\(gesture.rawValue) = \"run \(gesture.rawValue)\"\n")
                .config
            for other in ButtonGesture.allCases {
                let expected: Action? = other == gesture ? .command("run \(gesture.rawValue)") : nil
                XCTAssertEqual(
                    config.actions[other], expected, "\(gesture.rawValue) read as \(other.rawValue)")
            }
        }
    }

}

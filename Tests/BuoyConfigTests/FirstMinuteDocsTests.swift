import BuoyCore
import Foundation
import XCTest

@testable import BuoyConfig

/// What a new user reads first says what buoy does today (issue 43 §4).
final class FirstMinuteDocsTests: XCTestCase {
    private func text(of relativePath: String) throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8)
    }

    /// A double tap makes every tap wait to be told from one: README's first
    /// config, which sets one, says so beside it, by the key that sets the wait.
    func testTheFirstConfigSaysWhatADoubleTapCostsTheTap() throws {
        let readme = try text(of: "README.md")
        let config = try XCTUnwrap(readme.split(separator: "```toml\n").dropFirst().first)
        let block = config.split(separator: "```")[0]
        XCTAssertTrue(Config.knownKeys.contains("gestures.double_tap_window"))
        for line in block.split(separator: "\n") where line.hasPrefix("double_tap ") {
            XCTAssertTrue(line.contains("[gestures] double_tap_window"), "README's first config: \(line)")
        }
    }

    /// README names the picker's groups as buoy(5) does: the built-in ones
    /// and Applications (issue 43: README left Applications out).
    func testTheReadmeNamesThePickersGroups() throws {
        let titles = ActionGroup.allCases.map(\.title) + [PickerCatalog.applicationsTitle]
        let named = titles.dropLast().joined(separator: ", ") + " and " + titles.last!
        for file in ["README.md", "docs/buoy.5.scd"] {
            let words = try text(of: file).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            XCTAssertTrue(words.contains(named), "\(file): \(named)")
        }
    }

    /// docs/compositors.md describes the haptics buoy has, by its key and values.
    func testThePhonesHapticsAreTheFeedbackKey() throws {
        let page = try text(of: "docs/compositors.md")
        let haptics = try XCTUnwrap(page.split(separator: "**Haptics").dropFirst().first)
        let paragraph = String(haptics.split(separator: "\n\n")[0])
        XCTAssertTrue(Config.knownKeys.contains("button.feedback"))
        XCTAssertTrue(paragraph.contains("`[button] feedback`"), paragraph)
        for value in HapticFeedback.allCases {
            XCTAssertTrue(paragraph.contains("`\"\(value.rawValue)\"`"), "\(value.rawValue): \(paragraph)")
        }
        XCTAssertFalse(paragraph.contains("not there yet"), paragraph)
    }
}

import XCTest

@testable import BuoyDrawing

/// Where buoy looks for its drawing helper.
final class DrawingHelperTests: XCTestCase {
    func testBesideTheProgramFirstThenWhereMakeInstallPutsIt() {
        let cases: [(executable: String, installed: Set<String>, expected: String?)] = [
            // The build tree: beside buoy.
            (
                "/src/buoy/.build/release/buoy", ["/src/buoy/.build/release/buoy-draw"],
                "/src/buoy/.build/release/buoy-draw"
            ),
            // `make install`: $(PREFIX)/bin/buoy and $(PREFIX)/libexec/buoy/buoy-draw.
            ("/usr/bin/buoy", ["/usr/bin/../libexec/buoy/buoy-draw"], "/usr/bin/../libexec/buoy/buoy-draw"),
            // Both: the one beside it, as a helper starting its own finds itself.
            (
                "/usr/local/bin/buoy",
                ["/usr/local/bin/buoy-draw", "/usr/local/bin/../libexec/buoy/buoy-draw"],
                "/usr/local/bin/buoy-draw"
            ),
            ("/usr/bin/buoy", ["/usr/libexec/buoy-draw", "/usr/lib/buoy/buoy-draw"], nil),
            ("buoy", ["buoy-draw"], nil),
        ]
        for (executable, installed, expected) in cases {
            XCTAssertEqual(
                DrawingHelper.locate(beside: executable, isExecutable: installed.contains), expected,
                executable)
        }
    }

    func testTheCandidatesAreNamedInTheOrderTried() {
        XCTAssertEqual(
            DrawingHelper.candidates(beside: "/opt/bin/buoy"),
            ["/opt/bin/buoy-draw", "/opt/bin/../libexec/buoy/buoy-draw"])
    }
}

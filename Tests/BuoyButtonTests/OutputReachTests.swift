import BuoyButton
import BuoyConfig
import BuoyCore
import XCTest

final class OutputReachTests: XCTestCase {
    /// Issue 44 §2: only a button no output pins may be dragged onto
    /// another output, once its own output's place and usable area are known.
    func testOnlyAnUnpinnedButtonReachesTheOthers() {
        let own = Rect(x: 0, y: 0, width: 1280, height: 720)
        let usable = Size(width: 1280, height: 690)
        let others = [
            OutputLayout.Other(name: "DP-1", rect: Rect(x: 1280, y: 0, width: 1920, height: 1080)),
            OutputLayout.Other(
                name: "HDMI-A-1", rect: Rect(x: -800, y: 0, width: 800, height: 600),
                usable: Size(width: 800, height: 600)),
        ]
        let reached = [
            OtherOutput(name: "DP-1", area: Rect(x: 1280, y: 0, width: 1920, height: 1050)),
            OtherOutput(name: "HDMI-A-1", area: Rect(x: -800, y: 0, width: 800, height: 600)),
        ]
        let rows: [(OutputChoice, instanceOutput: String?, own: Rect?, usable: Size?, [OtherOutput], UInt)] =
            [
                (.compositorsChoice, nil, own, usable, reached, #line),
                (.named("eDP-1"), nil, own, usable, [], #line),
                (.every, "eDP-1", own, usable, [], #line),
                (.focused, nil, own, usable, [], #line),
                // An instance of "*"'s, whatever its output says.
                (.compositorsChoice, "eDP-1", own, usable, [], #line),
                (.compositorsChoice, nil, nil, usable, [], #line),
                (.compositorsChoice, nil, own, nil, [], #line),
            ]
        for (output, instanceOutput, own, usable, expected, line) in rows {
            XCTAssertEqual(
                OutputReach.others(
                    others, output: output, instanceOutput: instanceOutput, own: own, usable: usable),
                expected, line: line)
        }
    }
}

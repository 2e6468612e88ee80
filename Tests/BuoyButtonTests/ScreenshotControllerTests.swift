import BuoyButton
import XCTest

final class ScreenshotControllerTests: XCTestCase {
    private typealias Shot = ScreenshotController

    /// Issue 34 §2.4: the screenshot action photographed buoy.
    func testShot() {
        let grim = "grim shot.png"
        let start = Shot.Input.start(command: grim, nothingShown: false, at: 10)
        let cases: [([Shot.Input], [Shot.Effect], Shot.Phase, UInt)] = [
            // Started: everything goes at once; the command waits for the hidden frame.
            ([start], [.hide], .hiding(command: grim, since: 10), #line),
            // The compositor has it: the command runs.
            ([start, .hidden(at: 10.02)], [.hide, .run(grim, late: false)], .running(since: 10.02), #line),
            // No answer in time: the command runs anyway.
            ([start, .tick(at: 10.2)], [.hide], .hiding(command: grim, since: 10), #line),
            ([start, .tick(at: 10.3)], [.hide, .run(grim, late: true)], .running(since: 10.3), #line),
            // The command exited: the buttons come back.
            (
                [start, .hidden(at: 10.02), .exited(at: 10.1)],
                [.hide, .run(grim, late: false), .show(late: false)],
                .idle, #line
            ),
            // It outlived the deadline (a region never chosen): they come back all the same.
            (
                [start, .hidden(at: 10), .tick(at: 39)], [.hide, .run(grim, late: false)],
                .running(since: 10), #line
            ),
            (
                [start, .hidden(at: 10), .tick(at: 40), .exited(at: 41)],
                [.hide, .run(grim, late: false), .show(late: true)], .idle, #line
            ),
            // A second shot while one is taken does not run.
            ([start, start], [.hide, .busy], .hiding(command: grim, since: 10), #line),
            (
                [start, .hidden(at: 10), start], [.hide, .run(grim, late: false), .busy], .running(since: 10),
                #line
            ),
            // Nothing on screen (locked, hidden): nothing to wait for.
            (
                [.start(command: grim, nothingShown: true, at: 10)], [.run(grim, late: false)],
                .running(since: 10),
                #line
            ),
            // Late answers change nothing.
            ([.hidden(at: 10), .exited(at: 10), .tick(at: 99)], [], .idle, #line),
            ([start, .exited(at: 10.1)], [.hide], .hiding(command: grim, since: 10), #line),
        ]
        for (inputs, effects, phase, line) in cases {
            var shot = Shot()
            XCTAssertEqual(inputs.flatMap { shot.handle($0) }, effects, line: line)
            XCTAssertEqual(shot.phase, phase, line: line)
            XCTAssertEqual(shot.hidesButtons, phase != .idle, line: line)
        }
    }

    func testDeadline() {
        var shot = Shot()
        XCTAssertNil(shot.deadline)
        _ = shot.handle(.start(command: "grim", nothingShown: false, at: 10))
        XCTAssertEqual(shot.deadline, 10 + Shot.frameWait)
        _ = shot.handle(.hidden(at: 10.1))
        XCTAssertEqual(shot.deadline, 10.1 + Shot.commandWait)
    }
}

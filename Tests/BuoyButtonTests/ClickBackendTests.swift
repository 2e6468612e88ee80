import BuoyButton
import BuoyCore
import XCTest

final class ClickBackendTests: XCTestCase {
    /// Issue 30 §1: the virtual pointer where offered, else KWin's fake input.
    func testChoose() {
        let rows: [(virtualPointer: UInt32?, fakeInput: UInt32?, ClickBackend, UInt)] = [
            (2, nil, .virtualPointer, #line),
            (2, 4, .virtualPointer, #line),
            (nil, 4, .fakeInput, #line),
            (nil, 5, .fakeInput, #line),
            (nil, 3, .fakeInput, #line),
            (1, 4, .fakeInput, #line),
            (
                nil, nil,
                .unavailable(
                    "the compositor offers no zwlr_virtual_pointer_manager_v1, and no org_kde_kwin_fake_input"
                        + " (KWin offers it only to a program its desktop file allows)"), #line
            ),
            (
                1, 2,
                .unavailable(
                    "the compositor's zwlr_virtual_pointer_manager_v1 is v1, without pointers for one output,"
                        + " and its org_kde_kwin_fake_input is v2, without absolute motion"), #line
            ),
        ]
        for (virtualPointer, fakeInput, expected, line) in rows {
            XCTAssertEqual(
                ClickBackend.choose(virtualPointer: virtualPointer, fakeInput: fakeInput), expected,
                line: line)
        }
    }

    /// Fake input moves in the layout's logical pixels: the output's place is added.
    func testGlobalSteps() {
        let size = Size(width: 1280, height: 720)
        let rows: [(origin: Point, [PointerStep], [PointerStep], UInt)] = [
            (
                Point(x: 0, y: 0), [.move(Point(x: 300, y: 200)), .press(.right), .release(.right)],
                [.move(Point(x: 300, y: 200)), .press(.right), .release(.right)], #line
            ),
            (
                Point(x: 1280, y: 0), [.move(Point(x: 300, y: 200)), .press(.left)],
                [.move(Point(x: 1580, y: 200)), .press(.left)], #line
            ),
            (
                Point(x: -640, y: 360), [.move(Point(x: 10.5, y: 0.25))],
                [.move(Point(x: -629.5, y: 360.25))], #line
            ),
            (
                Point(x: 1280, y: 0), [.move(Point(x: 1280, y: 720)), .move(Point(x: -3, y: -1))],
                [.move(Point(x: 2560 - 1 / 256, y: 720 - 1 / 256)), .move(Point(x: 1280, y: 0))], #line
            ),
        ]
        for (origin, steps, expected, line) in rows {
            XCTAssertEqual(ClickBackend.globalSteps(steps, origin: origin, size: size), expected, line: line)
        }
    }
}

import BuoyCore
import XCTest

final class KeyBackendTests: XCTestCase {
    /// Issue 44 §1: the virtual keyboard where offered, else KWin's fake
    /// input from v4 (keyboard_key) on; the app and `buoy doctor` both ask here.
    func testChoose() {
        let rows: [(virtualKeyboard: UInt32?, fakeInput: UInt32?, KeyBackend, UInt)] = [
            (1, nil, .virtualKeyboard, #line),
            (1, 4, .virtualKeyboard, #line),
            (nil, 4, .fakeInput, #line),
            (nil, 5, .fakeInput, #line),
            (nil, 3, .unavailable, #line),
            (nil, nil, .unavailable, #line),
        ]
        for (virtualKeyboard, fakeInput, expected, line) in rows {
            XCTAssertEqual(
                KeyBackend.choose(virtualKeyboard: virtualKeyboard, fakeInput: fakeInput), expected,
                line: line)
        }
    }
}

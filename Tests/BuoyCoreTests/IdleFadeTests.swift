import BuoyCore
import XCTest

final class IdleFadeTests: XCTestCase {
    func testDefaultSchedule() {
        let fade = IdleFade(now: 0)
        XCTAssertEqual(
            fade.settings,
            IdleFade.Settings(activeOpacity: 1, idleOpacity: 0.4, idleDelay: 1.5, fadeDuration: 0.3))
        let cases: [(Double, Double, IdleFade.Wake?, UInt)] = [
            (0, 1, .timer(at: 1.5), #line),
            (1, 1, .timer(at: 1.5), #line),
            (1.499, 1, .timer(at: 1.5), #line),
            (1.5, 1, .frames, #line),
            (1.575, 0.85, .frames, #line),
            (1.65, 0.7, .frames, #line),
            (1.79, 0.42, .frames, #line),
            (1.8, 0.4, nil, #line),
            (100, 0.4, nil, #line),
            // Before the start (a stale timestamp): fully visible.
            (-1, 1, .timer(at: 1.5), #line),
        ]
        for (now, opacity, wake, line) in cases {
            XCTAssertEqual(fade.opacity(at: now), opacity, accuracy: 1e-9, "at \(now)", line: line)
            XCTAssertEqual(fade.nextWake(after: now), wake, "at \(now)", line: line)
        }
    }

    func testWakeRestoresAtOnce() {
        var fade = IdleFade(now: 0)
        XCTAssertEqual(fade.opacity(at: 5), 0.4)
        fade.wake(at: 5)
        XCTAssertEqual(fade.opacity(at: 5), 1)
        XCTAssertEqual(fade.nextWake(after: 5), .timer(at: 6.5))
        // Woken mid-fade.
        fade.wake(at: 6.6)
        XCTAssertEqual(fade.opacity(at: 6.6), 1)
        XCTAssertEqual(fade.nextWake(after: 6.6), .timer(at: 8.1))
    }

    func testHoldKeepsItAwake() {
        var fade = IdleFade(now: 0)
        fade.hold(true, at: 1)
        XCTAssertTrue(fade.isHeld)
        for now in [1.0, 1.6, 10, 1000] {
            XCTAssertEqual(fade.opacity(at: now), 1)
            XCTAssertNil(fade.nextWake(after: now))
        }
        // The idle delay counts from the release, not from the press.
        fade.hold(false, at: 10)
        XCTAssertFalse(fade.isHeld)
        let cases: [(Double, Double, IdleFade.Wake?)] = [
            (10, 1, .timer(at: 11.5)),
            (11.4, 1, .timer(at: 11.5)),
            (11.65, 0.7, .frames),
            (12, 0.4, nil),
        ]
        for (now, opacity, wake) in cases {
            XCTAssertEqual(fade.opacity(at: now), opacity, accuracy: 1e-9, "at \(now)")
            XCTAssertEqual(fade.nextWake(after: now), wake, "at \(now)")
        }
    }

    func testCustomAndDegenerateSettings() {
        let instant = IdleFade(
            settings: IdleFade.Settings(activeOpacity: 0.9, idleOpacity: 0.2, idleDelay: 2, fadeDuration: 0),
            now: 0)
        let cases: [(Double, Double, IdleFade.Wake?)] = [
            (1.99, 0.9, .timer(at: 2)),
            (2, 0.2, nil),
            (3, 0.2, nil),
        ]
        for (now, opacity, wake) in cases {
            XCTAssertEqual(instant.opacity(at: now), opacity, "at \(now)")
            XCTAssertEqual(instant.nextWake(after: now), wake, "at \(now)")
        }
        // Nothing to animate: never wake.
        let constant = IdleFade(settings: IdleFade.Settings(activeOpacity: 0.8, idleOpacity: 0.8), now: 0)
        for now in [0.0, 1.5, 1.6, 5] {
            XCTAssertEqual(constant.opacity(at: now), 0.8)
            XCTAssertNil(constant.nextWake(after: now))
        }
        XCTAssertEqual(IdleFade(now: 0).opacity(at: .nan), 1)
    }

    func testEventLoopSimulationEndsAsleep() {
        // Drive the fade as the loop would: sleep until timers, step frames at
        // 64 Hz (exact in binary), and stop when nothing is left. The last frame drawn is faded.
        let fade = IdleFade(now: 0)
        var now = 0.0
        var timers = 0
        var frames = 0
        while let wake = fade.nextWake(after: now) {
            switch wake {
            case .timer(let at):
                XCTAssertGreaterThan(at, now)
                now = at
                timers += 1
            case .frames:
                now += 1.0 / 64
                frames += 1
            }
            XCTAssertLessThan(timers + frames, 100)
        }
        XCTAssertEqual(timers, 1)
        XCTAssertEqual(frames, 20)
        XCTAssertEqual(fade.opacity(at: now), 0.4)
    }
}

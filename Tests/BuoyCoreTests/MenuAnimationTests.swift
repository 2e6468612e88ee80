import BuoyCore
import XCTest

final class MenuAnimationTests: XCTestCase {
    func testOpeningFourItemsAtSampledTimes() {
        // 0.3 s for 4 items: a 0.15 s curve per item, one every 0.05 s.
        let animation = MenuAnimation(
            opening: true, start: 10, count: 4, openDuration: 0.3, closeDuration: 0.15)
        XCTAssertEqual(animation.end, 10.3, accuracy: 1e-12)
        let cases: [(Int, Double, Double, UInt)] = [
            // (item, now, scale)
            (0, 9, 0, #line),
            (0, 10, 0, #line),
            (0, 10.0375, 0.825, #line),  // halfway to the peak: ease-out, 1.1 × (1 - 0.5²)
            (0, 10.075, 1.1, #line),  // the overshoot
            (0, 10.09375, 1.0, #line),  // halfway down: smoothstep's midpoint
            (0, 10.1125, 0.9, #line),  // the undershoot
            (0, 10.13125, 0.95, #line),
            (0, 10.15, 1, #line),
            (0, 10.2, 1, #line),
            (1, 10.05, 0, #line),  // item 1 starts one stagger later
            (1, 10.125, 1.1, #line),
            (1, 10.1625, 0.9, #line),
            (1, 10.2, 1, #line),
            (3, 10.15, 0, #line),
            (3, 10.225, 1.1, #line),
            (3, 10.2625, 0.9, #line),
            (3, 10.3, 1, #line),
            (3, 11, 1, #line),
            (4, 10.2, 0, #line),  // no such item
            (-1, 10.2, 0, #line),
        ]
        for (item, now, scale, line) in cases {
            XCTAssertEqual(
                animation.scale(item: item, at: now), scale, accuracy: 1e-9, "item \(item) at \(now)",
                line: line)
        }
    }

    func testFinishedExactlyAtTheEnd() {
        for count in [1, 2, 4, 7, 8] {
            let animation = MenuAnimation(
                opening: true, start: 0.1, count: count, openDuration: 0.3, closeDuration: 0.15)
            XCTAssertFalse(animation.isFinished(at: animation.end.nextDown))
            XCTAssertTrue(animation.isFinished(at: animation.end))
            for item in 0..<count {
                XCTAssertEqual(animation.scale(item: item, at: animation.end), 1, "\(count) items")
                XCTAssertEqual(animation.scale(item: item, at: 100), 1)
                XCTAssertEqual(animation.scale(item: item, at: 0.1), 0)
            }
            // The last item lands at the end, not before.
            XCTAssertNotEqual(animation.scale(item: count - 1, at: animation.end - 0.01), 1, "\(count) items")
        }
    }

    func testItemsAppearInOrderAndPeakAtExactlyTheKeyframes() {
        for count in [1, 4, 8] {
            let animation = MenuAnimation(
                opening: true, start: 0, count: count, openDuration: 0.3, closeDuration: 0)
            var firstVisible: [Double] = []
            for item in 0..<count {
                var peak = 0.0
                var trough = 2.0
                var seenPeak = false
                var first = Double.infinity
                for step in 0...3000 {
                    let now = Double(step) * 0.0001
                    let s = animation.scale(item: item, at: now)
                    if s > 0 && first == .infinity { first = now }
                    peak = max(peak, s)
                    if s >= 1.1 - 1e-6 { seenPeak = true }
                    if seenPeak { trough = min(trough, s) }
                }
                XCTAssertEqual(peak, 1.1, accuracy: 1e-6, "\(count) items, item \(item)")
                XCTAssertLessThanOrEqual(peak, 1.1 + 1e-12)
                XCTAssertEqual(trough, 0.9, accuracy: 1e-6, "\(count) items, item \(item)")
                firstVisible.append(first)
            }
            XCTAssertEqual(firstVisible, firstVisible.sorted(), "item 0 first")
            if count > 1 { XCTAssertLessThan(firstVisible[0], firstVisible[1]) }
        }
    }

    func testStaggerScalesWithCount() {
        // One item: the whole duration is its curve; 8 items: 0.09 s curves every 0.03 s.
        let one = MenuAnimation(opening: true, start: 0, count: 1, openDuration: 0.3, closeDuration: 0.15)
        XCTAssertEqual(one.scale(item: 0, at: 0.15), 1.1, accuracy: 1e-9)
        let eight = MenuAnimation(opening: true, start: 0, count: 8, openDuration: 0.3, closeDuration: 0.15)
        XCTAssertEqual(eight.end, 0.3)
        XCTAssertEqual(eight.scale(item: 0, at: 0.045), 1.1, accuracy: 1e-9)
        XCTAssertEqual(eight.scale(item: 0, at: 0.09), 1, accuracy: 1e-9)
        XCTAssertEqual(eight.scale(item: 7, at: 0.21), 0)
        XCTAssertEqual(eight.scale(item: 7, at: 0.255), 1.1, accuracy: 1e-9)
    }

    func testClosingShrinksInReverseToExactlyZero() {
        // 0.15 s for 4 items: a 0.075 s curve each, one every 0.025 s, last item first.
        let animation = MenuAnimation(
            opening: false, start: 5, count: 4, openDuration: 0.3, closeDuration: 0.15)
        XCTAssertEqual(animation.end, 5.15, accuracy: 1e-12)
        let cases: [(Int, Double, Double, UInt)] = [
            // (item, now, scale)
            (0, 4, 1, #line),
            (3, 5, 1, #line),
            (3, 5.0375, 0.75, #line),  // ease-in: 1 - 0.5²
            (3, 5.075, 0, #line),
            (2, 5.025, 1, #line),
            (2, 5.0625, 0.75, #line),
            (0, 5.075, 1, #line),
            (0, 5.1125, 0.75, #line),
            (0, 5.15, 0, #line),
            (0, 6, 0, #line),
        ]
        for (item, now, scale, line) in cases {
            XCTAssertEqual(
                animation.scale(item: item, at: now), scale, accuracy: 1e-9, "item \(item) at \(now)",
                line: line)
        }
        for item in 0..<4 { XCTAssertEqual(animation.scale(item: item, at: animation.end), 0) }
        XCTAssertTrue(animation.isFinished(at: 5.15))
        XCTAssertFalse(animation.isFinished(at: 5.1))
    }

    func testClosingIsMonotone() {
        let animation = MenuAnimation(
            opening: false, start: 0, count: 8, openDuration: 0.3, closeDuration: 0.15)
        for item in 0..<8 {
            var previous = 1.0
            for step in 0...150 {
                let s = animation.scale(item: item, at: Double(step) * 0.001)
                XCTAssertLessThanOrEqual(s, previous)
                XCTAssertGreaterThanOrEqual(s, 0)
                previous = s
            }
            XCTAssertEqual(previous, 0)
        }
    }

    func testDegenerateDurations() {
        let cases: [(Bool, Double, Double, Double, Bool, UInt)] = [
            // (opening, duration, now, scale, finished)
            (true, 0, 1, 1, true, #line),
            (true, 0, 0.5, 0, false, #line),
            (true, -1, 1, 1, true, #line),
            (true, .nan, 1, 1, true, #line),
            (false, 0, 1, 0, true, #line),
            (false, .nan, 1, 0, true, #line),
            (true, 0.3, .nan, 1, true, #line),
        ]
        for (opening, duration, now, scale, finished, line) in cases {
            let animation = MenuAnimation(
                opening: opening, start: 1, count: 4, openDuration: duration, closeDuration: duration)
            XCTAssertEqual(animation.scale(item: 2, at: now), scale, line: line)
            XCTAssertEqual(animation.isFinished(at: now), finished, line: line)
        }
        let empty = MenuAnimation(opening: true, start: 0, count: 0, openDuration: 0.3, closeDuration: 0.15)
        XCTAssertEqual(empty.scale(item: 0, at: 0.1), 0)
        XCTAssertTrue(empty.isFinished(at: 0.3))
    }

    /// A panel grows out of the button and shrinks back into it as one:
    /// every image at one scale around the button's centre.
    func testAPanelScalesAsOneAroundTheButton() {
        let usable = Rect(x: 0, y: 0, width: 1280, height: 720)
        let button = Rect(x: 1216, y: 332, width: 56, height: 56)
        let panel = MenuLayout.panel(
            button: button, usable: usable, count: 5, itemSize: 40, spacing: 12,
            labelWidths: [60, 60, 60, 60, 60], labelHeight: 26, minRowHeight: 48)
        let opening = MenuAnimation(
            opening: true, start: 10, count: 5, openDuration: 0.3, closeDuration: 0.15)
        let closing = MenuAnimation(
            opening: false, start: 10, count: 5, openDuration: 0.3, closeDuration: 0.15)
        let cases: [(MenuAnimation, Double, Double, UInt)] = [
            (opening, 10, 0, #line), (opening, 10.15, 0.875, #line), (opening, 10.3, 1, #line),
            (opening, 11, 1, #line), (closing, 10, 1, #line), (closing, 10.075, 0.75, #line),
            (closing, 10.15, 0, #line), (closing, 9, 1, #line),
        ]
        for (animation, now, expected, line) in cases {
            XCTAssertEqual(animation.panelScale(at: now), expected, accuracy: 1e-9, line: line)
            for item in [nil, 0, 4] as [Int?] {
                for pill in [false, true] {
                    let t = animation.transform(item: item, pill: pill, in: panel, at: now)
                    XCTAssertEqual(t.scale, expected, accuracy: 1e-9, line: line)
                    XCTAssertEqual(t.center, button.center, line: line)
                }
            }
        }
        // Monotonic: no overshoot, so nothing needs room outside the panel.
        var last = 0.0
        for step in 0...30 {
            let s = opening.panelScale(at: 10 + Double(step) * 0.01)
            XCTAssertGreaterThanOrEqual(s, last)
            XCTAssertLessThanOrEqual(s, 1)
            last = s
        }
    }

    func testAPanelFadesInAsItGrowsAndOutAsItShrinksAColumnNever() {
        let usable = Rect(x: 0, y: 0, width: 1280, height: 720)
        let button = Rect(x: 1216, y: 332, width: 56, height: 56)
        let panel = MenuLayout.panel(
            button: button, usable: usable, count: 5, itemSize: 40, spacing: 12,
            labelWidths: [60, 60, 60, 60, 60], labelHeight: 26, minRowHeight: 48)
        let column = MenuLayout.layout(
            button: button, usable: usable, count: 5, itemSize: 40, spacing: 12,
            labelWidths: [60, 60, 60, 60, 60], labelHeight: 26)
        let opening = MenuAnimation(
            opening: true, start: 10, count: 5, openDuration: 0.3, closeDuration: 0.15)
        let closing = MenuAnimation(
            opening: false, start: 10, count: 5, openDuration: 0.3, closeDuration: 0.15)
        let cases: [(MenuAnimation, Double, Double, UInt)] = [
            (opening, 9, 0, #line), (opening, 10, 0, #line), (opening, 10.1, 0.75, #line),
            (opening, 10.2, 1, #line), (opening, 10.3, 1, #line), (opening, 11, 1, #line),
            (closing, 9, 1, #line), (closing, 10.075, 0.5, #line), (closing, 10.15, 0, #line),
            (closing, 11, 0, #line), (opening, .nan, 1, #line), (closing, .nan, 0, #line),
        ]
        for (animation, now, expected, line) in cases {
            XCTAssertEqual(animation.opacity(in: panel, at: now), expected, accuracy: 1e-9, line: line)
            XCTAssertEqual(animation.opacity(in: column, at: now), 1, line: line)
        }
        var last = 0.0
        for step in 0...30 {
            let o = opening.panelOpacity(at: 10 + Double(step) * 0.01)
            XCTAssertGreaterThanOrEqual(o, last)
            last = o
        }
    }

    func testAColumnScalesEachItemAroundItsCentreAndHoldsPillsAtOne() {
        let column = MenuLayout.layout(
            button: Rect(x: 1216, y: 332, width: 56, height: 56),
            usable: Rect(x: 0, y: 0, width: 1280, height: 720),
            count: 4, itemSize: 40, spacing: 12, labelWidths: [60, 60, 60, 60], labelHeight: 26)
        let opening = MenuAnimation(opening: true, start: 0, count: 4, openDuration: 0.3, closeDuration: 0.15)
        var overshot = false
        for step in 0...30 {
            let now = Double(step) * 0.01
            for item in 0..<4 {
                let circle = opening.transform(item: item, pill: false, in: column, at: now)
                let pill = opening.transform(item: item, pill: true, in: column, at: now)
                XCTAssertEqual(circle.scale, opening.scale(item: item, at: now))
                XCTAssertEqual(pill.scale, min(circle.scale, 1))
                XCTAssertEqual(circle.center, column.items[item].circle.center)
                XCTAssertEqual(pill.center, column.items[item].circle.center)
                overshot = overshot || circle.scale > 1
            }
        }
        XCTAssertTrue(overshot, "the circles pop")
        XCTAssertEqual(opening.transform(item: 9, pill: false, in: column, at: 0.1).scale, 0)
    }
}

import BuoyCore
import XCTest

final class SavedStateTests: XCTestCase {
    func testEncodingTable() {
        let cases: [(SavedState, String)] = [
            (
                SavedState(output: "HEADLESS-1", rest: .edge(.left, fraction: 0.5)),
                "buoy-state 1\noutput HEADLESS-1\nrest edge left 0.5\n"
            ),
            (SavedState(output: nil, rest: .center), "buoy-state 1\nrest center\n"),
            (
                SavedState(output: "DP-1", rest: .corner(.bottomRight)),
                "buoy-state 1\noutput DP-1\nrest corner bottom-right\n"
            ),
            (SavedState(output: nil, rest: .free(fx: 0.25, fy: 1)), "buoy-state 1\nrest free 0.25 1.0\n"),
            (
                SavedState(output: "a\\b\nc\rd e", rest: .edge(.top, fraction: 0)),
                "buoy-state 1\noutput a\\\\b\\nc\\rd e\nrest edge top 0.0\n"
            ),
            // Out-of-range values are written as origin(in:) reads them.
            (
                SavedState(output: nil, rest: .edge(.right, fraction: 2)),
                "buoy-state 1\nrest edge right 1.0\n"
            ),
            (
                SavedState(output: nil, rest: .free(fx: .nan, fy: -1)),
                "buoy-state 1\nrest free 0.5 0.0\n"
            ),
        ]
        for (state, text) in cases {
            XCTAssertEqual(state.encoded(), text)
            XCTAssertNotNil(SavedState.decode(text))
        }
    }

    func testRoundTrip() {
        let outputs: [String?] = [
            nil, "HEADLESS-1", "", "eDP-1", "Dell Inc. U2720Q 1234", "back\\slash", "new\nline", "cr\r\nlf",
            "\u{301}combining first", "\\n literally", "trailing\\", "ünïcødé 🛟",
        ]
        var rests: [RestPosition] = [
            .center, .free(fx: 0, fy: 1), .free(fx: 1.0 / 3, fy: .leastNonzeroMagnitude),
        ]
        rests += Corner.allCases.map { .corner($0) }
        for edge in Edge.allCases {
            for f in [0, 1, 0.5, 0.1, 2.0 / 3, 1e-300, 0.999_999_999_999_999_9] {
                rests.append(.edge(edge, fraction: f))
            }
        }
        for output in outputs {
            for rest in rests {
                let state = SavedState(output: output, rest: rest)
                let decoded = SavedState.decode(state.encoded())
                XCTAssertEqual(decoded, state, "\(state.encoded())")
                // Byte-exact, not just canonically equivalent.
                XCTAssertEqual(
                    decoded.map { Array(($0.output ?? "").unicodeScalars) },
                    Array((output ?? "").unicodeScalars))
            }
        }
    }

    func testMalformedIsRejected() {
        let cases: [(String, UInt)] = [
            ("", #line),
            ("\n", #line),
            ("garbage", #line),
            ("buoy-state 1\n", #line),
            ("buoy-state 1", #line),
            ("buoy-state 2\nrest center\n", #line),
            ("buoy-state 1 \nrest center\n", #line),
            ("buoy-state\nrest center\n", #line),
            ("rest center\n", #line),
            ("rest center\nbuoy-state 1\n", #line),
            ("buoy-state 1\nrest center", #line),
            ("buoy-state 1\nrest edge left 0.5", #line),
            ("buoy-state 1\r\nrest center\r\n", #line),
            ("buoy-state 1\nrest center\r\n", #line),
            ("buoy-state 1\n\nrest center\n", #line),
            ("buoy-state 1\nrest center\n\n", #line),
            ("buoy-state 1\nrest center\nrest center\n", #line),
            ("buoy-state 1\noutput A\noutput B\nrest center\n", #line),
            ("buoy-state 1\nrest center\nfoo bar\n", #line),
            ("buoy-state 1\nrest\n", #line),
            ("buoy-state 1\nrest \n", #line),
            ("buoy-state 1\noutput\nrest center\n", #line),
            ("buoy-state 1\nrest center 1\n", #line),
            ("buoy-state 1\nrest middle\n", #line),
            ("buoy-state 1\nrest edge left\n", #line),
            ("buoy-state 1\nrest edge left 0.5 0.5\n", #line),
            ("buoy-state 1\nrest edge middle 0.5\n", #line),
            ("buoy-state 1\nrest edge Left 0.5\n", #line),
            ("buoy-state 1\nrest  edge left 0.5\n", #line),
            ("buoy-state 1\nrest edge left  0.5\n", #line),
            ("buoy-state 1\nrest edge left 0.5 \n", #line),
            ("buoy-state 1\nrest edge left 1.5\n", #line),
            ("buoy-state 1\nrest edge left -0.1\n", #line),
            ("buoy-state 1\nrest edge left nan\n", #line),
            ("buoy-state 1\nrest edge left NaN\n", #line),
            ("buoy-state 1\nrest edge left inf\n", #line),
            ("buoy-state 1\nrest edge left -inf\n", #line),
            ("buoy-state 1\nrest edge left 1e400\n", #line),
            ("buoy-state 1\nrest edge left 0.5x\n", #line),
            ("buoy-state 1\nrest edge left .\n", #line),
            ("buoy-state 1\nrest edge left \n", #line),
            ("buoy-state 1\nrest corner top\n", #line),
            ("buoy-state 1\nrest corner\n", #line),
            ("buoy-state 1\nrest corner top-left 0.5\n", #line),
            ("buoy-state 1\nrest free 0.5\n", #line),
            ("buoy-state 1\nrest free 0.5 1.01\n", #line),
            ("buoy-state 1\nrest free nan 0.5\n", #line),
            ("buoy-state 1\noutput bad\\x\nrest center\n", #line),
            ("buoy-state 1\noutput trailing\\\nrest center\n", #line),
            ("\u{0}\u{FFFF}\u{1F6DF}\n", #line),
            ("buoy-state 1\nrest center\n\u{301}", #line),
        ]
        for (text, line) in cases {
            XCTAssertNil(SavedState.decode(text), "\(text.debugDescription)", line: line)
        }
    }

    func testEveryTruncationIsRejected() {
        let states = [
            SavedState(output: "HEADLESS-1", rest: .edge(.left, fraction: 0.55)),
            SavedState(output: nil, rest: .free(fx: 0.125, fy: 0.75)),
            SavedState(output: "x", rest: .corner(.topLeft)),
        ]
        for text in states.flatMap({ truncations(of: $0.encoded()) }) {
            XCTAssertNil(SavedState.decode(text), "\(text.debugDescription)")
        }
    }

    func testMutatedTextNeverCrashes() {
        // Anything that still decodes must re-encode to something that decodes the same.
        let bases = [
            SavedState(output: "HEADLESS-1", rest: .edge(.left, fraction: 0.5)).encoded(),
            SavedState(output: nil, rest: .free(fx: 0.25, fy: 0.75)).encoded(),
            SavedState(output: "DP-2", rest: .corner(.bottomLeft)).encoded(),
        ]
        var decodedCount = 0
        for text in mutations(
            of: bases, alphabet: "buoy-stae1 \n\\.0123456789edgfrcnlmt-\r\u{0}é", count: 3000)
        {
            if let state = SavedState.decode(text) {
                decodedCount += 1
                XCTAssertEqual(SavedState.decode(state.encoded()), state)
            }
        }
        // Some mutations (e.g. in the output name) are still valid files.
        XCTAssertGreaterThan(decodedCount, 0)
    }
}

/// Every proper prefix of `text`, cut between scalars.
func truncations(of text: String) -> [String] {
    let scalars = Array(text.unicodeScalars)
    return (0..<scalars.count).map { length in
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[..<length])
        return String(view)
    }
}

/// `count` deterministic scalar-level mutations of `bases`, taken in turn:
/// each has one to four scalars replaced, removed or inserted from `alphabet`.
func mutations(of bases: [String], alphabet: String, count: Int) -> [String] {
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((seed >> 33) % UInt64(bound))
    }
    let alphabet = Array(alphabet.unicodeScalars)
    return (0..<count).map { iteration in
        var scalars = Array(bases[iteration % bases.count].unicodeScalars)
        for _ in 0...next(3) {
            let i = next(scalars.count)
            switch next(3) {
            case 0: scalars[i] = alphabet[next(alphabet.count)]
            case 1: scalars.remove(at: i)
            default: scalars.insert(alphabet[next(alphabet.count)], at: i)
            }
            if scalars.isEmpty { break }
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }
}

import BuoyCore
import XCTest

private typealias Place = SavedPlaces.Place

private func place(
    _ button: String, each: String? = nil, output: String? = nil, overrode: Placement? = nil,
    _ rest: RestPosition = .center
) -> Place {
    Place(button: button, instanceOutput: each, output: output, overrode: overrode, rest: rest)
}

final class SavedPlacesTests: XCTestCase {
    func testEncodingTable() {
        let cases: [(SavedPlaces, String, UInt)] = [
            (SavedPlaces(), "buoy-state 2\nend\n", #line),
            (
                SavedPlaces(places: [
                    place("keyboard", output: "HEADLESS-1", .corner(.bottomLeft)),
                    place("main", each: "HEADLESS-2", output: "HEADLESS-2", .edge(.right, fraction: 0.5)),
                ]),
                "buoy-state 2\nbutton keyboard\noutput HEADLESS-1\nrest corner bottom-left\n"
                    + "button main\neach HEADLESS-2\noutput HEADLESS-2\nrest edge right 0.5\nend\n", #line
            ),
            (SavedPlaces(places: [place("a")]), "buoy-state 2\nbutton a\nrest center\nend\n", #line),
            (
                SavedPlaces(places: [place("a", each: "X", output: "Y", overrode: .bottomRight)]),
                "buoy-state 2\nbutton a\neach X\noutput Y\nconfig bottom-right\nrest center\nend\n", #line
            ),
            (
                SavedPlaces(places: [place("a", overrode: .right)]),
                "buoy-state 2\nbutton a\nconfig right\nrest center\nend\n", #line
            ),
            (
                SavedPlaces(places: [place("x_9-z", each: "DP-1", .free(fx: 0.25, fy: 1))]),
                "buoy-state 2\nbutton x_9-z\neach DP-1\nrest free 0.25 1.0\nend\n", #line
            ),
            (
                SavedPlaces(places: [place("a", each: "a\\b\nc\rd e", output: "\\", .edge(.top, fraction: 0))]
                ),
                "buoy-state 2\nbutton a\neach a\\\\b\\nc\\rd e\noutput \\\\\nrest edge top 0.0\nend\n", #line
            ),
            // Written as origin(in:) reads them.
            (
                SavedPlaces(places: [
                    place("a", .edge(.right, fraction: 2)), place("b", .free(fx: .nan, fy: -1)),
                ]),
                "buoy-state 2\nbutton a\nrest edge right 1.0\nbutton b\nrest free 0.5 0.0\nend\n", #line
            ),
            // Only what decodes is written: no invalid names, one place per key (the last).
            (
                SavedPlaces(places: [
                    place("Main"), place(""), place(String(repeating: "a", count: 33)), place("a b"),
                    place("a", .corner(.topLeft)), place("b"), place("a", .corner(.topRight)),
                ]),
                "buoy-state 2\nbutton b\nrest center\nbutton a\nrest corner top-right\nend\n", #line
            ),
        ]
        for (places, text, line) in cases {
            XCTAssertEqual(places.encoded(), text, line: line)
            XCTAssertNotNil(SavedPlaces.decode(text), line: line)
        }
    }

    func testRoundTrip() {
        let outputs: [String?] = [
            nil, "HEADLESS-1", "", "Dell Inc. U2720Q 1234", "back\\slash", "new\nline", "cr\r\nlf",
            "\u{301}combining first", "\\n literally", "trailing\\", "ünïcødé 🛟", "end", "button main",
        ]
        let rests: [RestPosition] = [
            .center, .free(fx: 1.0 / 3, fy: .leastNonzeroMagnitude), .corner(.bottomRight),
            .edge(.bottom, fraction: 0.999_999_999_999_999_9), .edge(.left, fraction: 1e-300),
        ]
        var places = SavedPlaces()
        for (i, output) in outputs.enumerated() {
            for (j, each) in outputs.enumerated() {
                let rest = rests[(i + j) % rests.count]
                places.set(
                    place(
                        i == 0 ? String(repeating: "z", count: 32) : "b\(i)", each: each, output: output,
                        overrode: [nil, .right, .bottomLeft][(i + j) % 3], rest))
                let decoded = SavedPlaces.decode(places.encoded())
                XCTAssertEqual(decoded, places, places.encoded().debugDescription)
                // Byte-exact, not just canonically equivalent.
                XCTAssertEqual(
                    decoded?.places.map {
                        Array(($0.output ?? "").unicodeScalars + ($0.instanceOutput ?? "").unicodeScalars)
                    },
                    places.places.map {
                        Array(($0.output ?? "").unicodeScalars + ($0.instanceOutput ?? "").unicodeScalars)
                    })
            }
        }
        XCTAssertEqual(places.places.count, SavedPlaces.capacity)
    }

    func testAChosenPlaceWinsUntilTheConfigsPositionChanges() {
        let cases: [(Placement?, Placement, Bool, UInt)] = [
            (.right, .right, true, #line),
            (.right, .left, false, #line),
            (.bottomRight, .right, false, #line),
            // Files from before `config` was kept: the place wins, as it did.
            (nil, .left, true, #line),
        ]
        for (overrode, configured, wins, line) in cases {
            XCTAssertEqual(place("a", overrode: overrode).wins(over: configured), wins, line: line)
        }
    }

    func testRemoveForgetsOnlyThatInstance() {
        var places = SavedPlaces(places: [place("a"), place("a", each: "X"), place("b")])
        places.remove(button: "a", instanceOutput: nil)
        XCTAssertEqual(places.places, [place("a", each: "X"), place("b")])
    }

    func testVersionOneIsThePlaceOfMain() {
        let cases: [(String, Place, UInt)] = [
            (
                "buoy-state 1\noutput HEADLESS-1\nrest edge left 0.5\n",
                place("main", output: "HEADLESS-1", .edge(.left, fraction: 0.5)), #line
            ),
            ("buoy-state 1\nrest center\n", place("main"), #line),
            (
                "buoy-state 1\noutput a\\nb\nrest free 0.25 0.75\n",
                place("main", output: "a\nb", .free(fx: 0.25, fy: 0.75)), #line
            ),
        ]
        for (text, expected, line) in cases {
            let decoded = SavedPlaces.decode(text)
            XCTAssertEqual(decoded, SavedPlaces(places: [expected]), line: line)
            XCTAssertEqual(decoded?.place(button: "main", instanceOutput: nil), expected, line: line)
            XCTAssertNil(decoded?.place(button: "main", instanceOutput: "HEADLESS-1"), line: line)
        }
        let old = SavedState(output: "DP-1", rest: .corner(.topLeft))
        XCTAssertEqual(
            SavedPlaces.decode(old.encoded())?.places, [place("main", output: "DP-1", .corner(.topLeft))])
        // A malformed version 1 file is nil as well.
        XCTAssertNil(SavedPlaces.decode("buoy-state 1\n"))
        XCTAssertNil(SavedPlaces.decode("buoy-state 1\nrest center\nend\n"))
    }

    func testLookupIsByExactKey() {
        let places = SavedPlaces(places: [
            place("main", each: "DP-1", .corner(.topLeft)), place("main", each: "DP-2", .corner(.topRight)),
            place("dock", .center),
        ])
        XCTAssertEqual(places.place(button: "main", instanceOutput: "DP-2")?.rest, .corner(.topRight))
        XCTAssertEqual(places.place(button: "main", instanceOutput: "DP-1")?.rest, .corner(.topLeft))
        XCTAssertNil(places.place(button: "main", instanceOutput: nil), "no fallback to an instance")
        XCTAssertNil(places.place(button: "main", instanceOutput: "DP-3"))
        XCTAssertNil(places.place(button: "dock", instanceOutput: "DP-1"), "no fallback to the single one")
        XCTAssertEqual(places.place(button: "dock", instanceOutput: nil)?.rest, .center)
    }

    func testSetReplacesAndKeepsTheNewestSixtyFour() {
        var places = SavedPlaces()
        places.set(place("a", .center))
        places.set(place("b", .center))
        places.set(place("a", each: "DP-1", .center))
        places.set(place("a", output: "DP-2", .corner(.topLeft)))
        XCTAssertEqual(
            places.places,
            [
                place("b", .center), place("a", each: "DP-1", .center),
                place("a", output: "DP-2", .corner(.topLeft)),
            ])
        for i in 0..<70 { places.set(place("n\(i)")) }
        XCTAssertEqual(places.places.count, 64)
        XCTAssertEqual(places.places.first?.button, "n6", "the oldest-set went first")
        XCTAssertNil(places.place(button: "a", instanceOutput: nil))
        // Setting an old one again makes it the newest, so it survives.
        places.set(place("n6", .corner(.bottomLeft)))
        places.set(place("x"))
        XCTAssertEqual(places.places.first?.button, "n8")
        XCTAssertEqual(places.places.suffix(2).map(\.button), ["n6", "x"])
        XCTAssertEqual(SavedPlaces.decode(places.encoded()), places)
        // A file never holds more than 64.
        var many = "buoy-state 2\n"
        for i in 0..<65 { many += "button n\(i)\nrest center\n" }
        XCTAssertNil(SavedPlaces.decode(many + "end\n"))
        // Too many set by hand: the newest 64 are written.
        let written = SavedPlaces.decode(SavedPlaces(places: (0..<65).map { place("n\($0)") }).encoded())
        XCTAssertEqual(written?.places, (1..<65).map { place("n\($0)") })
    }

    func testMalformedIsRejected() {
        let v2 = "buoy-state 2\n"
        let cases: [(String, UInt)] = [
            ("", #line),
            ("\n", #line),
            ("buoy-state 2", #line),
            ("buoy-state 2\n", #line),
            ("buoy-state 2\nend", #line),
            ("buoy-state 3\nend\n", #line),
            ("buoy-state 2 \nend\n", #line),
            ("buoy-state\nend\n", #line),
            ("end\n", #line),
            ("end\nbuoy-state 2\n", #line),
            (v2 + "end\nend\n", #line),
            (v2 + "end \n", #line),
            (v2 + "end\n\n", #line),
            (v2 + "\nend\n", #line),
            (v2 + "end\r\n", #line),
            (v2 + "end\nbutton a\nrest center\n", #line),
            (v2 + "button a\nrest center\nend\nbutton b\nrest center\nend\n", #line),
            (v2 + "button a\nrest center\n", #line),
            (v2 + "button a\nrest center\nend", #line),
            (v2 + "button a\nend\n", #line),
            (v2 + "button a\nbutton b\nrest center\nend\n", #line),
            (v2 + "button a\neach X\nend\n", #line),
            (v2 + "button a\noutput X\nend\n", #line),
            (v2 + "rest center\nend\n", #line),
            (v2 + "each X\nbutton a\nrest center\nend\n", #line),
            (v2 + "output X\nbutton a\nrest center\nend\n", #line),
            (v2 + "button a\noutput X\neach X\nrest center\nend\n", #line),
            (v2 + "button a\neach X\neach Y\nrest center\nend\n", #line),
            (v2 + "button a\noutput X\noutput Y\nrest center\nend\n", #line),
            (v2 + "button a\nrest center\nrest center\nend\n", #line),
            (v2 + "button a\nrest center\neach X\nend\n", #line),
            (v2 + "button a\nrest center\noutput X\nend\n", #line),
            (v2 + "button a\nfoo bar\nrest center\nend\n", #line),
            (v2 + "button a\nrest center\nfoo bar\nend\n", #line),
            (v2 + "button a\n\nrest center\nend\n", #line),
            // config: a known position, once, after each and output, before rest.
            (v2 + "button a\nconfig up\nrest center\nend\n", #line),
            (v2 + "button a\nconfig \nrest center\nend\n", #line),
            (v2 + "button a\nconfig right\nconfig left\nrest center\nend\n", #line),
            (v2 + "button a\nconfig right\noutput X\nrest center\nend\n", #line),
            (v2 + "button a\nconfig right\neach X\nrest center\nend\n", #line),
            (v2 + "button a\nconfig right\nend\n", #line),
            (v2 + "button a\nrest center\nconfig right\nend\n", #line),
            // Two places of one button and instance.
            (v2 + "button a\nrest center\nbutton a\nrest center\nend\n", #line),
            (v2 + "button a\neach X\nrest center\nbutton a\neach X\noutput Y\nrest center\nend\n", #line),
            // Button names.
            (v2 + "button\nrest center\nend\n", #line),
            (v2 + "button \nrest center\nend\n", #line),
            (v2 + "button Main\nrest center\nend\n", #line),
            (v2 + "button a b\nrest center\nend\n", #line),
            (v2 + "button a.b\nrest center\nend\n", #line),
            (v2 + "button a\\n\nrest center\nend\n", #line),
            (v2 + "button é\nrest center\nend\n", #line),
            (v2 + "button " + String(repeating: "a", count: 33) + "\nrest center\nend\n", #line),
            (v2 + "button  a\nrest center\nend\n", #line),
            (v2 + "button a \nrest center\nend\n", #line),
            // Rests, as in version 1.
            (v2 + "button a\nrest\nend\n", #line),
            (v2 + "button a\nrest \nend\n", #line),
            (v2 + "button a\nrest middle\nend\n", #line),
            (v2 + "button a\nrest center 1\nend\n", #line),
            (v2 + "button a\nrest edge left\nend\n", #line),
            (v2 + "button a\nrest edge left 1.5\nend\n", #line),
            (v2 + "button a\nrest edge left nan\nend\n", #line),
            (v2 + "button a\nrest edge left 0.5 \nend\n", #line),
            (v2 + "button a\nrest corner top\nend\n", #line),
            (v2 + "button a\nrest free 0.5\nend\n", #line),
            (v2 + "button a\nrest free 0.5 -1\nend\n", #line),
            // Escapes.
            (v2 + "button a\neach bad\\x\nrest center\nend\n", #line),
            (v2 + "button a\neach trailing\\\nrest center\nend\n", #line),
            (v2 + "button a\noutput bad\\t\nrest center\nend\n", #line),
            (v2 + "button a\neach\nrest center\nend\n", #line),
            (v2 + "button a\noutput\nrest center\nend\n", #line),
            ("\u{0}\u{FFFF}\u{1F6DF}\n", #line),
            (v2 + "end\n\u{301}", #line),
        ]
        for (text, line) in cases {
            XCTAssertNil(SavedPlaces.decode(text), "\(text.debugDescription)", line: line)
        }
        // Empty names are allowed for outputs, as in version 1.
        XCTAssertEqual(
            SavedPlaces.decode(v2 + "button a\neach \noutput \nrest center\nend\n"),
            SavedPlaces(places: [place("a", each: "", output: "")]))
    }

    func testEveryTruncationIsRejected() {
        let places = SavedPlaces(places: [
            place("keyboard", output: "HEADLESS-1", .corner(.bottomLeft)),
            place("main", each: "HEADLESS-2", output: "HEADLESS-2", .edge(.right, fraction: 0.55)),
            place("b", .free(fx: 0.125, fy: 0.75)),
        ])
        for text in truncations(of: places.encoded()) {
            XCTAssertNil(SavedPlaces.decode(text), "\(text.debugDescription)")
        }
    }

    func testMutatedTextNeverCrashes() {
        // Anything that still decodes must re-encode to something that decodes the same.
        let base = SavedPlaces(places: [
            place("keyboard", output: "HEADLESS-1", .corner(.bottomLeft)),
            place("main", each: "HEADLESS-2", output: "DP-1", .edge(.right, fraction: 0.5)),
        ]).encoded()
        var decodedCount = 0
        for text in mutations(
            of: [base], alphabet: "buoy-stae12 \n\\.0123456789edgfrcnlmthx_-\r\u{0}é", count: 3000)
        {
            if let places = SavedPlaces.decode(text) {
                decodedCount += 1
                XCTAssertEqual(SavedPlaces.decode(places.encoded()), places)
            }
        }
        XCTAssertGreaterThan(decodedCount, 0)
    }
}

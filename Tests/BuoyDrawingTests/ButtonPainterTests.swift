import BuoyCore
import XCTest

@testable import BuoyDrawing

final class ButtonPainterTests: XCTestCase {
    /// Renders into plain memory, as buoy does into shm, and returns a pixel
    /// reader (premultiplied ARGB, as stored little-endian: B, G, R, A).
    private func render(
        _ look: ButtonLook, badge: ButtonBadge? = nil, scale: BufferScale, quarterTurns: Int = 0
    ) -> (side: Int, pixel: (Int, Int) -> [UInt8]) {
        let side = look.bufferSide(scale: scale)
        let stride = side * 4
        let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * side, alignment: 16)
        addTeardownBlock { memory.deallocate() }
        memset(memory, 0xAB, stride * side)  // garbage: painting must clear it
        ButtonPainter.paint(
            look, badge: badge, scale: scale, quarterTurns: quarterTurns, into: memory, stride: stride)
        let bytes = memory.assumingMemoryBound(to: UInt8.self)
        return (
            side,
            { x, y in
                let base = y * stride + x * 4
                return [bytes[base + 2], bytes[base + 1], bytes[base], bytes[base + 3]]  // R, G, B, A
            }
        )
    }

    private let blue = Color(red: 0x35 / 255.0, green: 0x84 / 255.0, blue: 0xe4 / 255.0)

    func testCentreIsTheWhiteGlyphAndTheBodyIsTheColour() {
        let look = ButtonLook(diameter: 56, color: blue, opacity: 1)
        let (side, pixel) = render(look, scale: 1)
        XCTAssertEqual(side, 56 + 2 * 11)
        let c = side / 2
        let centre = pixel(c, c)
        XCTAssertGreaterThan(centre[0], 220, "the glyph's dot is white")
        XCTAssertGreaterThan(centre[3], 240)
        // Between the ring (radius 0.55 r) and the rim: the fill colour.
        let body = pixel(c + Int(28 * 0.8), c)
        XCTAssertEqual(Int(body[0]), 0x35, accuracy: 3)
        XCTAssertEqual(Int(body[1]), 0x84, accuracy: 3)
        XCTAssertEqual(Int(body[2]), 0xe4, accuracy: 3)
        XCTAssertEqual(body[3], 255)
    }

    func testABadgeIsADiscAtTheTopRightOfTheButtonsSquare() {
        let red = Color(red: 0xE0 / 255, green: 0x1B / 255, blue: 0x24 / 255)
        let badge = ButtonBadge(color: red, text: nil)
        for scale in [1, 2] {
            let look = ButtonLook(diameter: 56, color: blue, opacity: 1)
            let (side, pixel) = render(look, badge: badge, scale: BufferScale(integer: scale))
            let (without, plain) = render(look, scale: BufferScale(integer: scale))
            XCTAssertEqual(side, without)
            // Up and right from the centre, the disc touching the square's sides: its centre.
            let c = Double(side) / 2
            let offset = 28 * (1 - ButtonLook.badgeFraction) * Double(scale)
            let (x, y) = (Int(c + offset), Int(c - offset))
            XCTAssertEqual(pixel(x, y), [0xE0, 0x1B, 0x24, 255])
            XCTAssertNotEqual(plain(x, y), pixel(x, y))
            // The disc (0.42 of the diameter) ends inside the image, which keeps its size.
            let r = Int(56 * ButtonLook.badgeFraction / 2 * Double(scale))
            XCTAssertLessThan(x + r, side)
            XCTAssertGreaterThan(y - r, 0)
            // The rest of the button is as without a badge.
            XCTAssertEqual(pixel(side / 2, side / 2), plain(side / 2, side / 2))
        }
    }

    /// Issue 43: flush in a corner (`msg move 5000 5000`) the badge was cut
    /// at the output's edge, and at `margin = 8` the dwell's ring. Both stay
    /// inside the button's own square, which never leaves the output: past
    /// it only the faint shadow.
    func testTheBadgeAndTheDwellRingStayInsideTheButtonsSquare() {
        let red = Color(red: 0xE0 / 255, green: 0x1B / 255, blue: 0x24 / 255)
        let cases: [(ButtonShape, Double, UInt)] = [
            (.circle, 56, #line), (.rounded(cornerRadius: 14), 56, #line), (.circle, 72, #line),
            (.circle, 40, #line),
        ]
        for (shape, diameter, line) in cases {
            for scale in [1, 2] {
                let look = ButtonLook(diameter: diameter, color: blue, opacity: 1, shape: shape, dwell: 0.999)
                let badge = ButtonBadge(color: red, text: nil)
                let (side, pixel) = render(look, badge: badge, scale: BufferScale(integer: scale))
                var plainLook = look
                plainLook.dwell = 0
                let (_, plain) = render(plainLook, scale: BufferScale(integer: scale))
                let k = Double(side) / look.imageSide
                let square = (
                    min: Int((look.shadowPadding * k).rounded(.down)),
                    max: Int(((look.shadowPadding + diameter) * k).rounded(.up))
                )
                var badgePixels = 0
                var ringPixels = 0
                for y in 0..<side {
                    for x in 0..<side {
                        let p = pixel(x, y)
                        let outside = x < square.min || x >= square.max || y < square.min || y >= square.max
                        if outside {
                            XCTAssertLessThan(
                                p[3], 128, "\(shape) \(diameter) ×\(scale): (\(x), \(y)) \(p)", line: line)
                        }
                        if p[0] > 200 && p[1] < 60 { badgePixels += 1 }
                        if p[0] > 220 && p[1] > 220 && plain(x, y)[1] < 200 { ringPixels += 1 }
                    }
                }
                let what = "\(shape) \(diameter) ×\(scale)"
                // Drawn all the same: the disc, and the ring nearly all the way round.
                XCTAssertGreaterThan(
                    Double(badgePixels),
                    0.5 * pow(diameter * ButtonLook.badgeFraction * Double(scale) / 2, 2) * .pi, what,
                    line: line)
                XCTAssertGreaterThan(
                    Double(ringPixels), 1.5 * .pi * diameter * 0.8 * Double(scale * scale), what, line: line)
            }
        }
    }

    /// A faded button keeps its badge readable, unless `badge_fades`.
    func testAFadedButtonsBadgeStaysOpaqueUnlessItFades() {
        let red = Color(red: 0xE0 / 255, green: 0x1B / 255, blue: 0x24 / 255)
        for scale in [1, 2] {
            let look = ButtonLook(diameter: 56, color: blue, opacity: 0.4)
            let c = Double(look.bufferSide(scale: BufferScale(integer: scale))) / 2
            let offset = 28 * 0.5.squareRoot() * Double(scale)
            let disc = (x: Int(c + offset), y: Int(c - offset))
            let body = (x: Int(c) + Int(28 * 0.8 * Double(scale)), y: Int(c))
            let (_, kept) = render(
                look, badge: ButtonBadge(color: red, text: nil), scale: BufferScale(integer: scale))
            XCTAssertEqual(kept(disc.x, disc.y), [0xE0, 0x1B, 0x24, 255], "scale \(scale)")
            XCTAssertEqual(Int(kept(body.x, body.y)[3]), 102, accuracy: 1, "the button itself fades")
            let (_, faded) = render(
                look, badge: ButtonBadge(color: red, text: nil, fades: true),
                scale: BufferScale(integer: scale))
            XCTAssertEqual(Int(faded(disc.x, disc.y)[3]), 102, accuracy: 1, "badge_fades: it fades too")
            XCTAssertEqual(faded(body.x, body.y), kept(body.x, body.y))
        }
    }

    func testTheGlyphTakesItsColour() {
        let green = Color(red: 0, green: 1, blue: 0)
        for scale in [1, 2] {
            let look = ButtonLook(diameter: 56, color: blue, opacity: 1, glyphColor: green)
            let (side, pixel) = render(look, scale: BufferScale(integer: scale))
            let c = side / 2
            // The dot and the ring (radius 0.55 r, its line 0.12 r wide).
            for p in [pixel(c, c), pixel(c + Int(28 * 0.55 * Double(scale)), c)] {
                XCTAssertEqual(p, [0, 255, 0, 255])
            }
        }
    }

    func testCornerOfTheImageIsFullyTransparent() {
        let (side, pixel) = render(ButtonLook(diameter: 56, color: blue, opacity: 1), scale: 1)
        XCTAssertEqual(pixel(0, 0), [0, 0, 0, 0])
        XCTAssertEqual(pixel(side - 1, 0), [0, 0, 0, 0])
        // The corner of the circle's own bounding square lies outside the
        // circle: at most a faint shadow, never the button's colour.
        let pad = Int(ButtonLook(diameter: 56, color: blue, opacity: 1).shadowPadding)
        XCTAssertLessThan(pixel(pad + 1, pad + 1)[3], 60)
    }

    func testShadowIsBelowTheCircle() {
        let look = ButtonLook(diameter: 56, color: blue, opacity: 1)
        let (side, pixel) = render(look, scale: 1)
        let c = side / 2
        let justBelow = pixel(c, c + 28 + 3)
        let justAbove = pixel(c, c - 28 - 3)
        XCTAssertGreaterThan(justBelow[3], 0)
        XCTAssertGreaterThan(justBelow[3], justAbove[3], "light comes from above")
        XCTAssertEqual(justBelow[0], 0, "the shadow is black")
    }

    func testScaleTwoDoublesThePixelsAndKeepsTheLook() {
        let look = ButtonLook(diameter: 56, color: blue, opacity: 1)
        let (side1, pixel1) = render(look, scale: 1)
        let (side2, pixel2) = render(look, scale: 2)
        XCTAssertEqual(side2, side1 * 2)
        XCTAssertEqual(pixel2(side2 / 2 + 44, side2 / 2), pixel1(side1 / 2 + 22, side1 / 2))
    }

    func testAFractionalScaleFillsItsRoundedBufferAndKeepsTheRimCentred() {
        let look = ButtonLook(diameter: 56, color: blue, opacity: 1)
        let cases: [(numerator: Int, side: Int, line: UInt)] = [
            (150, 98, #line), (180, 117, #line), (210, 137, #line),
        ]
        for c in cases {
            let (side, pixel) = render(look, scale: BufferScale(numerator: c.numerator))
            XCTAssertEqual(side, c.side, line: c.line)
            // The rim is as far in from the left as from the right (blue, byte 0: the
            // black shadow has none): the circle is drawn in the middle of the buffer.
            let middle = side / 2
            let row = (0..<side).map { Int(pixel($0, middle)[0]) }
            let left = row.firstIndex { $0 > 0 }!
            let right = row.lastIndex { $0 > 0 }!
            XCTAssertEqual(left, side - 1 - right, line: c.line)
            XCTAssertEqual(row[left], row[right], accuracy: 2, line: c.line)
            XCTAssertEqual(
                Double(right + 1 - left), 56 * Double(c.numerator) / 120, accuracy: 2, line: c.line)
        }
    }

    func testQuarterTurnsTurnTheImageCounterClockwise() {
        let look = ButtonLook(diameter: 56, color: blue, opacity: 1)
        let (side, upright) = render(look, scale: 2)
        let n = side - 1
        // Where upright pixel (x, y) goes after 1, 2 and 3 turns counter-clockwise.
        let cases: [(turns: Int, place: (Int, Int) -> (Int, Int), line: UInt)] = [
            (1, { x, y in (y, n - x) }, #line),
            (2, { x, y in (n - x, n - y) }, #line),
            (3, { x, y in (n - y, x) }, #line),
        ]
        // Below the disc (the shadow's side), beside it, and on its rim.
        let probes = [(side / 2, side - 12), (8, side / 2), (side / 2, 30), (40, 41)]
        for c in cases {
            let (_, turned) = render(look, scale: 2, quarterTurns: c.turns)
            for (x, y) in probes {
                let (tx, ty) = c.place(x, y)
                XCTAssertEqual(turned(tx, ty), upright(x, y), "(\(x), \(y))", line: c.line)
            }
        }
    }

    func testOpacityScalesAlpha() {
        let (side, pixel) = render(ButtonLook(diameter: 56, color: blue, opacity: 0.4), scale: 1)
        let body = pixel(side / 2 + 22, side / 2)
        XCTAssertEqual(Int(body[3]), 102, accuracy: 2)
        // The dot over the body fades as one with it: the body does not show through.
        let dot = pixel(side / 2, side / 2)
        XCTAssertEqual(Int(dot[3]), 102, accuracy: 2)
        XCTAssertGreaterThan(
            Int(dot[0]) + Int(dot[1]) + Int(dot[2]), Int(body[0]) + Int(body[1]) + Int(body[2]))
    }

    func testPressedShrinksItAroundItsCentreAndDarkensIt() {
        let rest = ButtonLook(diameter: 56, color: blue, opacity: 1)
        var pushed = rest
        pushed.pressed = 1
        let (side, atRest) = render(rest, scale: 1)
        let (pushedSide, pressed) = render(pushed, scale: 1)
        XCTAssertEqual(pushedSide, side, "the buffer keeps its size")
        let c = side / 2
        // 27 px right of the centre: inside the rim at rest (28), outside
        // once shrunk to 0.92 (25.8).
        XCTAssertGreaterThan(atRest(c + 27, c)[3], 245)
        XCTAssertLessThan(pressed(c + 27, c)[3], 200)
        let body = pressed(c + 20, c)
        XCTAssertEqual(Int(body[0]), Int(0x35 * 0.85), accuracy: 3)
        XCTAssertEqual(Int(body[1]), Int(0x84 * 0.85), accuracy: 3)
        XCTAssertEqual(Int(body[2]), Int(0xe4 * 0.85), accuracy: 3)
        XCTAssertGreaterThan(pressed(c, c)[0], 220, "the glyph stays white")
        var halfway = rest
        halfway.pressed = 0.5
        let between = render(halfway, scale: 1).pixel(c + 20, c)
        XCTAssertLessThan(between[2], atRest(c + 20, c)[2])
        XCTAssertGreaterThan(between[2], body[2])
    }

    func testCircleIsTheDefaultShape() {
        let circle = ButtonLook(diameter: 56, color: blue, opacity: 1)
        XCTAssertEqual(circle, ButtonLook(diameter: 56, color: blue, opacity: 1, shape: .circle))
        // Where a rounded square (below) has its colour, the circle has none.
        let pad = Int(circle.shadowPadding)
        XCTAssertEqual(render(circle, scale: 1).pixel(pad + 5, pad + 5)[2], 0)
    }

    func testRoundedSquareCutsItsCornersAndFillsItsEdges() {
        let look = ButtonLook(diameter: 56, color: blue, opacity: 1, shape: .rounded(cornerRadius: 14))
        let (side, pixel) = render(look, scale: 1)
        let pad = Int(look.shadowPadding)
        XCTAssertEqual(side, 56 + 2 * 11)
        func isFill(_ p: [UInt8]) -> Bool {
            abs(Int(p[0]) - 0x35) <= 3 && abs(Int(p[1]) - 0x84) <= 3 && abs(Int(p[2]) - 0xe4) <= 3
                && p[3] == 255
        }
        // The square's own corner is cut off: at most shadow, never the colour.
        XCTAssertLessThan(pixel(pad, pad)[3], 60)
        XCTAssertLessThan(pixel(pad + 1, pad + 1)[3], 60)
        XCTAssertEqual(pixel(pad + 1, pad + 1)[2], 0, "only black shadow")
        // 12 px from the corner's centre, 2 px inside its arc; outside a circle.
        XCTAssertTrue(isFill(pixel(pad + 5, pad + 5)))
        XCTAssertTrue(isFill(pixel(pad + 50, pad + 50)))
        // The straight edges reach the square's sides.
        XCTAssertTrue(isFill(pixel(pad, side / 2 + 10)))
        XCTAssertTrue(isFill(pixel(pad + 55, side / 2 + 10)))
        XCTAssertTrue(isFill(pixel(pad + 20, pad)))
        XCTAssertTrue(isFill(pixel(pad + 20, pad + 55)))
        // Outside it: no colour.
        XCTAssertEqual(pixel(pad - 1, side / 2)[2], 0)
        XCTAssertEqual(pixel(0, 0), [0, 0, 0, 0])
        // The glyph is centred, as on the circle.
        let (_, circle) = render(ButtonLook(diameter: 56, color: blue, opacity: 1), scale: 1)
        XCTAssertEqual(pixel(side / 2, side / 2), circle(side / 2, side / 2))
        XCTAssertEqual(pixel(side / 2 + 15, side / 2), circle(side / 2 + 15, side / 2), "on the ring")
        // The shadow falls below, as for the circle.
        let justBelow = pixel(side / 2, pad + 56 + 3)
        let justAbove = pixel(side / 2, pad - 3)
        XCTAssertGreaterThan(justBelow[3], 0)
        XCTAssertGreaterThan(justBelow[3], justAbove[3])
        XCTAssertEqual(justBelow[0], 0, "the shadow is black")
    }

    func testRoundedCornerRadiusClamps() {
        // Radius 0: a plain square, filled to its corner pixel.
        let square = ButtonLook(diameter: 56, color: blue, opacity: 1, shape: .rounded(cornerRadius: 0))
        let pad = Int(square.shadowPadding)
        XCTAssertEqual(render(square, scale: 1).pixel(pad, pad)[3], 255)
        // Half the side or more: the circle's outline.
        let round = ButtonLook(diameter: 56, color: blue, opacity: 1, shape: .rounded(cornerRadius: 40))
        let (side, pixel) = render(round, scale: 1)
        let (_, circle) = render(ButtonLook(diameter: 56, color: blue, opacity: 1), scale: 1)
        for (x, y) in [(pad + 1, pad + 1), (pad + 5, pad + 5), (pad + 9, pad + 9), (side / 2, pad + 1)] {
            XCTAssertEqual(Int(pixel(x, y)[2]), Int(circle(x, y)[2]), accuracy: 2, "(\(x), \(y))")
        }
    }
}

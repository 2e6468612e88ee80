import XCTest

@testable import BuoyCore

final class ControlFramingTests: XCTestCase {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    /// Pieces as a non-blocking read hands them over, and what the framer
    /// says after each.
    func testPiecesInTurn() {
        let cases: [(String, [String], [RequestFramer.Outcome])] = [
            ("one read", ["state\n"], [.line(bytes("state"))]),
            ("split line", ["sh", "o", "w\n"], [.incomplete, .incomplete, .line(bytes("show"))]),
            ("empty line", ["\n"], [.line([])]),
            ("bytes after the newline are ignored", ["hide\nshow\n"], [.line(bytes("hide"))]),
            ("silent so far", ["", ""], [.incomplete, .incomplete]),
            ("nine bytes fill a limit of 8", ["12345", "6789"], [.incomplete, .tooLong(limit: 8)]),
            ("a newline past the limit is too long", ["12345678\n"], [.tooLong(limit: 8)]),
            ("the newline is the limit's last byte", ["1234567\n"], [.line(bytes("1234567"))]),
        ]
        for (name, pieces, expected) in cases {
            var framer = RequestFramer(limit: 8)
            let outcomes = pieces.map { framer.append(bytes($0)) }
            XCTAssertEqual(outcomes, expected, name)
        }
    }

    func testEndOfFile() {
        let cases: [(String, [String], RequestFramer.Outcome)] = [
            ("nothing sent: a probe", [], .closed),
            ("a line without its newline", ["sta", "te"], .line(bytes("state"))),
        ]
        for (name, pieces, expected) in cases {
            var framer = RequestFramer(limit: 4096)
            for piece in pieces { _ = framer.append(bytes(piece)) }
            XCTAssertEqual(framer.end(), expected, name)
        }
    }

    func testOutgoingBufferIsBounded() {
        var buffer = OutgoingBuffer(limit: 10)
        XCTAssertTrue(buffer.isEmpty)
        XCTAssertTrue(buffer.enqueue(bytes("abcdef")))
        XCTAssertFalse(buffer.enqueue(bytes("ghijk")), "11 bytes would be over the limit")
        XCTAssertEqual(buffer.pending, bytes("abcdef"), "a refused piece is not queued in part")
        XCTAssertTrue(buffer.enqueue(bytes("ghij")))
        buffer.consume(4)
        XCTAssertEqual(buffer.pending, bytes("efghij"))
        XCTAssertTrue(buffer.enqueue(bytes("klmn")), "what was written makes room")
        buffer.consume(100)
        XCTAssertTrue(buffer.isEmpty)
        buffer.consume(-1)
        XCTAssertTrue(buffer.isEmpty)
    }

    func testOutgoingBufferHoldingBytes() {
        var buffer = OutgoingBuffer(holding: bytes("a reply"), limit: 3)
        XCTAssertEqual(buffer.pending, bytes("a reply"), "what it starts with is not bounded")
        XCTAssertFalse(buffer.enqueue(bytes("!")), "what comes after is")
        buffer.consume(5)
        XCTAssertTrue(buffer.enqueue(bytes("!")))
        XCTAssertEqual(buffer.pending, bytes("ly!"))
    }
}

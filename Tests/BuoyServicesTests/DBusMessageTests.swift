import BuoyCore
import XCTest

@testable import BuoyServices

private func hex(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    var index = text.startIndex
    while index < text.endIndex {
        let next = text.index(index, offsetBy: 2)
        bytes.append(UInt8(text[index..<next], radix: 16)!)
        index = next
    }
    return bytes
}

/// Messages `busctl --address=... call --expect-reply=no --allow-interactive-authorization=no`
/// (systemd 252, Debian 12) wrote to a relay in front of a dbus-daemon, serial 2 after its
/// Hello: the known-good bytes the encoder must reproduce.
private let busctlMessages: [(name: String, message: DBusMessage, bytes: String, line: UInt)] = [
    (
        "TriggerFeedback button-pressed, no hints, --auto-start=no",
        FeedbackSession.triggerFeedback(serial: 2, event: .buttonPressed, autoStart: false),
        "6c0103012c000000020000008600000001016f00150000002f6f72672f736967786370752f466565646261636b"
            + "000000030173000f00000054726967676572466565646261636b0002017300140000006f72672e73696778"
            + "6370752e466565646261636b0000000006017300140000006f72672e736967786370752e46656564626163"
            + "6b0000000008016700087373617b73767d690000000400000062756f79000000000e000000627574746f6e"
            + "2d7072657373656400000000000000000000ffffffff",
        #line
    ),
    (
        "TriggerFeedback button-released, hint profile=quiet, may start feedbackd",
        FeedbackSession.triggerFeedback(
            serial: 2, event: .buttonReleased, autoStart: true, hints: [("profile", "quiet")]),
        "6c01010148000000020000008600000001016f00150000002f6f72672f736967786370752f466565646261636b"
            + "000000030173000f00000054726967676572466565646261636b0002017300140000006f72672e73696778"
            + "6370752e466565646261636b0000000006017300140000006f72672e736967786370752e46656564626163"
            + "6b0000000008016700087373617b73767d690000000400000062756f79000000000f000000627574746f6e"
            + "2d72656c6561736564001a000000000000000700000070726f66696c650001730000050000007175696574"
            + "000000ffffffff",
        #line
    ),
    (
        "NameHasOwner, no reply expected",
        DBusMessage.call(
            serial: 2, destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
            interface: "org.freedesktop.DBus", member: "NameHasOwner", signature: "s",
            body: {
                var writer = DBusWriter()
                writer.string("org.sigxcpu.Feedback")
                return writer.bytes
            }(), flags: [.noReplyExpected]),
        "6c01010119000000020000007f00000001016f00150000002f6f72672f667265656465736b746f702f444275"
            + "73000000030173000c0000004e616d654861734f776e65720000000002017300140000006f72672e667265"
            + "656465736b746f702e444275730000000006017300140000006f72672e667265656465736b746f702e4442"
            + "757300000000080167000173000014000000" + "6f72672e736967786370752e466565646261636b00",
        #line
    ),
    (
        "Hello",
        DBusMessage.call(
            serial: 1, destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
            interface: "org.freedesktop.DBus", member: "Hello"),
        "6c01000100000000010000006d00000001016f00150000002f6f72672f667265656465736b746f702f444275"
            + "73000000030173000500000048656c6c6f00000002017300140000006f72672e667265656465736b746f70"
            + "2e444275730000000006017300140000006f72672e667265656465736b746f702e4442757300000000",
        #line
    ),
]

final class DBusMessageTests: XCTestCase {
    func testEncodingMatchesBusctl() {
        for c in busctlMessages {
            XCTAssertEqual(c.message.encoded(), hex(c.bytes), c.name, line: c.line)
        }
    }

    func testDecodingGivesBackWhatWasEncoded() {
        for c in busctlMessages {
            let bytes = hex(c.bytes)
            XCTAssertEqual(
                DBusMessage.decode(bytes + [0x6c, 1]), .message(c.message, length: bytes.count), c.name,
                line: c.line)
            XCTAssertEqual(DBusMessage.decode(Array(bytes.dropLast())), .incomplete, c.name, line: c.line)
        }
    }

    func testDecodingRefusesWhatIsNotAMessage() {
        let cases: [(bytes: [UInt8], limit: Int, expected: DBusMessage.Decoded, line: UInt)] = [
            (
                Array("OK 1234\r\n0123456789".utf8), 1 << 20, .invalid("not a D-Bus message (byte order 79)"),
                #line
            ),
            (
                [0x6c, 2, 0, 1, 0, 0, 0x10, 0, 1, 0, 0, 0, 0, 0, 0, 0], 1 << 20,
                .invalid("a 1048592-byte message, over the 1048576-byte limit"), #line
            ),
            (
                [0x6c, 9, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0], 1 << 20, .invalid("message type 9"),
                #line
            ),
            (
                [0x6c, 2, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 8, 0, 0, 0, 5, 1, 0x78, 0, 0, 0, 0, 0], 1 << 20,
                .invalid("header field 5 of type x"), #line
            ),
        ]
        for c in cases {
            XCTAssertEqual(DBusMessage.decode(c.bytes, limit: c.limit), c.expected, line: c.line)
        }
    }

    func testArgumentsOfABigEndianSignal() {
        // NameOwnerChanged("org.sigxcpu.Feedback", "", ":1.7") from a big-endian bus.
        var message = DBusMessage(kind: .signal, serial: 9, signature: "sss", bigEndian: true)
        // In parts: one long sum of array literals takes Swift 6.0.3 too long to type-check.
        let first: [UInt8] = [0, 0, 0, 20] + Array("org.sigxcpu.Feedback".utf8) + [0]
        let second: [UInt8] = [0, 0, 0] + [0, 0, 0, 0, 0]
        let third: [UInt8] = [0, 0, 0] + [0, 0, 0, 4] + Array(":1.7".utf8) + [0]
        message.body = first + second + third
        XCTAssertEqual(message.arguments(), [.string("org.sigxcpu.Feedback"), .string(""), .string(":1.7")])
        message.signature = "ssb"
        XCTAssertNil(message.arguments(), "a boolean is 0 or 1")
    }
}

final class DBusAddressTests: XCTestCase {
    func testParse() {
        let cases: [(text: String, expected: Result<DBusAddress, DBusAddressError>, line: UInt)] = [
            ("unix:path=/run/user/1000/bus", .success(.path("/run/user/1000/bus")), #line),
            ("unix:abstract=/tmp/dbus-Ab12,guid=0123abcd", .success(.abstract("/tmp/dbus-Ab12")), #line),
            ("unix:guid=0123,path=/tmp/a%20b%2c", .success(.path("/tmp/a b,")), #line),
            ("tcp:host=localhost,port=1;unix:path=/run/bus", .success(.path("/run/bus")), #line),
            ("tcp:host=localhost,port=1", .failure(.unsupported(["tcp"])), #line),
            ("unix:tmpdir=/tmp", .failure(.unsupported(["unix without path= or abstract="])), #line),
            ("", .failure(.unsupported([])), #line),
            ("nowhere", .failure(.malformed("nowhere")), #line),
            ("unix:path=/tmp/%zz", .failure(.malformed("unix:path=/tmp/%zz")), #line),
        ]
        for c in cases {
            XCTAssertEqual(DBusAddress.parse(c.text), c.expected, c.text, line: c.line)
        }
    }
}

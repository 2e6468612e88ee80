import BuoyAccessibility
import BuoyCore
import XCTest

@testable import BuoyServices

private func reply(to serial: UInt32, _ present: Bool) -> [UInt8] {
    var body = DBusWriter()
    body.uint32(present ? 1 : 0)
    return DBusMessage(
        kind: .methodReturn, serial: 7, replySerial: serial, sender: "org.freedesktop.DBus", signature: "b",
        body: body.bytes
    ).encoded()
}

private func ownerChanged(_ name: String, to owner: String, sender: String = "org.freedesktop.DBus")
    -> [UInt8]
{
    var body = DBusWriter()
    body.string(name)
    body.string(owner.isEmpty ? ":1.5" : "")
    body.string(owner)
    return DBusMessage(
        kind: .signal, serial: 8, path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
        member: "NameOwnerChanged", sender: sender, signature: "sss", body: body.bytes
    ).encoded()
}

private func error(to serial: UInt32, _ name: String) -> [UInt8] {
    DBusMessage(kind: .error, serial: 9, errorName: name, replySerial: serial, sender: "org.freedesktop.DBus")
        .encoded()
}

/// Hello's reply: the unique name, which buoy has no use for.
private let helloReply: [UInt8] = {
    var body = DBusWriter()
    body.string(":1.4")
    return DBusMessage(
        kind: .methodReturn, serial: 1, replySerial: 1, sender: "org.freedesktop.DBus", signature: "s",
        body: body.bytes
    ).encoded()
}()

private let ok = Array("OK 0123456789abcdef0123456789abcdef\r\n".utf8)

/// feedbackd's side on a link of its own, routed as `AccessibilitySession`
/// routes it on the session bus's shared link, so that these tables see its
/// calls alone (the sharing has its own tests in AccessibilitySessionTests).
private struct FeedbackOnItsLink {
    var link: DBusLink
    var feedback = FeedbackSession()
    var outgoing: OutgoingBuffer { link.outgoing }

    init(uid: UInt32) {
        link = DBusLink(uid: uid, outgoingLimit: AccessibilitySession.outgoingLimit)
    }

    mutating func wrote(_ count: Int) { link.wrote(count) }

    mutating func received(_ bytes: [UInt8]) -> [FeedbackSession.Event] {
        link.received(bytes).flatMap { event -> [FeedbackSession.Event] in
            switch event {
            case .authenticated:
                feedback.start(on: &link)
                return []
            case .connected: return []
            case .message(let message): return feedback.handle(message, on: &link)
            case .failed(let reason): return [.failed(reason)]
            }
        }
    }

    mutating func trigger(_ event: FeedbackEvent, autoStart: Bool) -> Bool {
        feedback.trigger(event, autoStart: autoStart, on: &link)
    }
}

/// One read from the bus, what it must bring, and what may be sent after it.
private struct Step {
    var received: [UInt8]
    var events: [FeedbackSession.Event]
    /// Whether a touch press's `TriggerFeedback` ("auto") is sent now, and one that may start feedbackd ("on").
    var sends: (auto: Bool, on: Bool)
}

private let cases: [(name: String, steps: [Step], line: UInt)] = [
    (
        "feedbackd there: nothing is sent before NameHasOwner answers",
        [
            Step(received: [], events: [], sends: (false, false)),
            Step(received: ok, events: [], sends: (false, true)),
            Step(received: helloReply, events: [], sends: (false, true)),
            Step(received: reply(to: 3, true), events: [.feedbackd(present: true)], sends: (true, true)),
        ], #line
    ),
    (
        "feedbackd absent, then it comes and goes",
        [
            Step(
                received: ok + helloReply + reply(to: 3, false), events: [.feedbackd(present: false)],
                sends: (false, true)),
            Step(
                received: ownerChanged(FeedbackSession.service, to: ":1.9"),
                events: [.feedbackd(present: true)],
                sends: (true, true)),
            Step(
                received: ownerChanged(FeedbackSession.service, to: ""), events: [.feedbackd(present: false)],
                sends: (false, true)),
        ], #line
    ),
    (
        "another name's owner, or a signal not from the bus, changes nothing",
        [
            Step(received: ok + reply(to: 3, true), events: [.feedbackd(present: true)], sends: (true, true)),
            Step(received: ownerChanged("org.example.Other", to: ""), events: [], sends: (true, true)),
            Step(
                received: ownerChanged(FeedbackSession.service, to: "", sender: ":1.66"), events: [],
                sends: (true, true)),
        ], #line
    ),
    (
        "an error in reply to NameHasOwner counts as absent",
        [
            Step(
                received: ok + error(to: 3, "org.freedesktop.DBus.Error.AccessDenied"),
                events: [.feedbackd(present: false)], sends: (false, true))
        ],
        #line
    ),
    (
        "the bus refuses EXTERNAL",
        [
            Step(
                received: Array("REJECTED DBUS_COOKIE_SHA1\r\n".utf8),
                events: [.failed("the bus refused EXTERNAL authentication (REJECTED DBUS_COOKIE_SHA1)")],
                sends: (false, false))
        ], #line
    ),
    (
        "the bus refuses Hello",
        [
            Step(
                received: ok + error(to: 1, "org.freedesktop.DBus.Error.LimitsExceeded"),
                events: [.failed("the bus refused Hello: org.freedesktop.DBus.Error.LimitsExceeded")],
                sends: (false, false))
        ], #line
    ),
    (
        "nonsense after OK ends the session",
        [
            Step(
                received: ok + Array("HTTP/1.1 400 Bad Request\r\n".utf8),
                events: [.failed("the bus sent not a D-Bus message (byte order 72)")], sends: (false, false))
        ], #line
    ),
]

final class FeedbackSessionTests: XCTestCase {
    func testAuthenticatesWithTheUidInHex() {
        XCTAssertEqual(
            FeedbackOnItsLink(uid: 1000).outgoing.pending, [0] + Array("AUTH EXTERNAL 31303030\r\n".utf8))
        XCTAssertEqual(FeedbackOnItsLink(uid: 0).outgoing.pending, [0] + Array("AUTH EXTERNAL 30\r\n".utf8))
    }

    func testTable() {
        for c in cases {
            var session = FeedbackOnItsLink(uid: 1000)
            for (index, step) in c.steps.enumerated() {
                let context = "\(c.name), step \(index + 1)"
                XCTAssertEqual(session.received(step.received), step.events, context, line: c.line)
                var auto = session
                XCTAssertEqual(
                    auto.trigger(.buttonPressed, autoStart: false), step.sends.auto, "\(context): auto",
                    line: c.line)
                var on = session
                XCTAssertEqual(
                    on.trigger(.buttonPressed, autoStart: true), step.sends.on, "\(context): on", line: c.line
                )
            }
        }
    }

    /// After OK: BEGIN, Hello, the match on feedbackd's owner (no reply), then
    /// NameHasOwner; a trigger follows them with the next serial.
    func testWhatIsSentAfterOK() throws {
        var session = FeedbackOnItsLink(uid: 1000)
        session.wrote(session.outgoing.pending.count)
        XCTAssertEqual(session.received(ok), [])
        let begin = Array("BEGIN\r\n".utf8)
        XCTAssertEqual(Array(session.outgoing.pending.prefix(begin.count)), begin)
        var rest = Array(session.outgoing.pending.dropFirst(begin.count))
        XCTAssertEqual(session.received(reply(to: 3, true)), [.feedbackd(present: true)])
        XCTAssertTrue(session.trigger(.buttonReleased, autoStart: false))
        rest += FeedbackSession.triggerFeedback(serial: 4, event: .buttonReleased, autoStart: false).encoded()
        XCTAssertEqual(session.outgoing.pending, begin + rest)

        var sent: [(UInt32, String?, DBusMessage.Flags, [DBusValue]?)] = []
        while case .message(let message, let length) = DBusMessage.decode(rest) {
            sent.append((message.serial, message.member, message.flags, message.arguments()))
            rest.removeFirst(length)
        }
        XCTAssertEqual(rest, [])
        XCTAssertEqual(sent.map(\.0), [1, 2, 3, 4])
        XCTAssertEqual(sent.map(\.1), ["Hello", "AddMatch", "NameHasOwner", "TriggerFeedback"])
        XCTAssertEqual(sent.map(\.2), [[], [.noReplyExpected], [], [.noReplyExpected, .noAutoStart]])
        XCTAssertEqual(
            sent[1].3,
            [
                .string(
                    "type='signal',sender='org.freedesktop.DBus',path='/org/freedesktop/DBus',"
                        + "interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='org.sigxcpu.Feedback'"
                )
            ])
        XCTAssertEqual(sent[2].3, [.string("org.sigxcpu.Feedback")])
    }

    func testBytesInPiecesMakeTheSameEvents() {
        var session = FeedbackOnItsLink(uid: 1000)
        var events: [FeedbackSession.Event] = []
        for byte in ok + helloReply + reply(to: 3, true) + ownerChanged(FeedbackSession.service, to: "") {
            events += session.received([byte])
        }
        XCTAssertEqual(events, [.feedbackd(present: true), .feedbackd(present: false)])
    }

    func testABusThatStopsReadingDropsCallsRatherThanQueueingWithoutEnd() {
        var session = FeedbackOnItsLink(uid: 1000)
        XCTAssertEqual(session.received(ok + reply(to: 3, true)), [.feedbackd(present: true)])
        var sent = 0
        while session.trigger(.buttonPressed, autoStart: false) { sent += 1 }
        XCTAssertLessThanOrEqual(session.outgoing.pending.count, FeedbackSession.outgoingLimit)
        XCTAssertGreaterThan(sent, 100)
        session.wrote(session.outgoing.pending.count)
        XCTAssertTrue(session.trigger(.buttonPressed, autoStart: false), "sent again once the bus has read")
    }
}

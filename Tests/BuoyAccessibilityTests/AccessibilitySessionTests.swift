import BuoyCore
import BuoyServices
import XCTest

@testable import BuoyAccessibility

private let ok = Array("OK 0123456789abcdef0123456789abcdef\r\n".utf8)
private let tree = AccessibleTree(nodes: [
    AccessibleNode(id: AccessibleNode.rootID, role: .application, name: "buoy", children: ["button0"]),
    AccessibleNode(
        id: "button0", role: .pushButton, name: "b",
        actions: [AccessibleAction("activate", command: .tap(button: 0))], parent: AccessibleNode.rootID),
])

private func message(_ message: DBusMessage) -> [UInt8] { message.encoded() }

/// `template`'s bytes with the body `write` marshals.
private func message(_ template: DBusMessage, body write: (inout DBusWriter) -> Void) -> [UInt8] {
    var message = template
    var body = DBusWriter()
    write(&body)
    message.body = body.bytes
    return message.encoded()
}

private func hello(_ name: String) -> [UInt8] {
    message(
        DBusMessage(
            kind: .methodReturn, serial: 1, replySerial: 1, sender: "org.freedesktop.DBus", signature: "s")
    ) { $0.string(name) }
}

/// The launcher's reply to call `serial`, of `signature`.
private func launcherReply(to serial: UInt32, _ signature: String, _ write: (inout DBusWriter) -> Void)
    -> [UInt8]
{
    message(
        DBusMessage(
            kind: .methodReturn, serial: 90, replySerial: serial, sender: ":1.1", signature: signature),
        body: write)
}

/// A `Get` reply: `v` holding a `b`.
private func switchReply(to serial: UInt32, _ on: Bool) -> [UInt8] {
    launcherReply(to: serial, "v") { body in body.variant("b") { $0.boolean(on) } }
}

private func addressReply(to serial: UInt32, _ address: String) -> [UInt8] {
    launcherReply(to: serial, "s") { $0.string(address) }
}

private func changed(_ name: String, _ on: Bool) -> [UInt8] {
    message(
        DBusMessage(
            kind: .signal, serial: 92, path: "/org/a11y/bus", interface: "org.freedesktop.DBus.Properties",
            member: "PropertiesChanged", sender: ":1.1", signature: "sa{sv}as")
    ) { body in
        body.string("org.a11y.Status")
        body.array(alignment: 8) { entries in
            entries.align(8)
            entries.string(name)
            entries.variant("b") { $0.boolean(on) }
        }
        body.array(alignment: 4) { _ in }
    }
}

private func launcherOwner(_ owner: String) -> [UInt8] {
    message(
        DBusMessage(
            kind: .signal, serial: 93, path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "NameOwnerChanged", sender: "org.freedesktop.DBus", signature: "sss")
    ) { body in
        body.string("org.a11y.Bus")
        body.string(owner.isEmpty ? ":1.1" : "")
        body.string(owner)
    }
}

private func embedReply(to serial: UInt32) -> [UInt8] {
    message(
        DBusMessage(kind: .methodReturn, serial: 94, replySerial: serial, sender: ":1.0", signature: "(so)")
    ) { $0.objectReference(bus: ":1.0", path: "/org/a11y/atspi/accessible/root") }
}

private func doAction(_ index: Int32) -> [UInt8] {
    message(
        DBusMessage(
            kind: .methodCall, serial: 95, path: AtspiObjects.prefix + "button0",
            interface: "org.a11y.atspi.Action",
            member: "DoAction", sender: ":1.3", signature: "i")
    ) { $0.int32(index) }
}

/// The first read of a session that is on: its address comes in GetAddress's reply (serial 6).
private func joined(_ address: String, line: UInt) -> Step {
    Step(
        link: .session, received: ok + switchReply(to: 4, true) + addressReply(to: 6, address),
        events: [.connect(address)], line: line)
}

/// Serials on the session bus: Hello 1, the two AddMatch 2 and 3, the switches 4 and 5, GetAddress 6.
/// On the accessibility bus: Hello 1, Embed 2.
private struct Step {
    var link: AccessibilitySession.Link
    var received: [UInt8]
    var events: [AccessibilitySession.Event]
    var line: UInt
}

private let cases: [(name: String, fixed: String?, steps: [Step])] = [
    (
        "on from the start: GetAddress, connect, Embed, serve",
        nil,
        [
            Step(link: .session, received: ok + hello(":1.5"), events: [], line: #line),
            Step(link: .session, received: switchReply(to: 4, true), events: [], line: #line),
            Step(link: .session, received: switchReply(to: 5, false), events: [], line: #line),
            Step(
                link: .session, received: addressReply(to: 6, "unix:path=/a11y"),
                events: [.connect("unix:path=/a11y")], line: #line),
            Step(link: .atspi, received: ok + hello(":1.7"), events: [], line: #line),
            Step(link: .atspi, received: embedReply(to: 2), events: [.embedded], line: #line),
            Step(link: .atspi, received: doAction(0), events: [.command(.tap(button: 0))], line: #line),
            Step(link: .session, received: changed("IsEnabled", false), events: [.leave], line: #line),
            // Back on: asked anew.
            Step(link: .session, received: changed("IsEnabled", true), events: [], line: #line),
            Step(
                link: .session, received: addressReply(to: 7, "unix:path=/b"),
                events: [.connect("unix:path=/b")], line: #line),
        ]
    ),
    (
        "off: nothing is joined, a screen reader's switch is enough",
        nil,
        [
            Step(
                link: .session, received: ok + hello(":1.5") + switchReply(to: 4, false), events: [],
                line: #line),
            Step(link: .session, received: switchReply(to: 5, false), events: [], line: #line),
            Step(link: .session, received: changed("ScreenReaderEnabled", true), events: [], line: #line),
            Step(
                link: .session, received: addressReply(to: 6, "unix:path=/a11y"),
                events: [.connect("unix:path=/a11y")], line: #line),
        ]
    ),
    (
        "AT_SPI_BUS_ADDRESS names the bus without asking",
        "unix:path=/fixed",
        [
            Step(
                link: .session, received: ok + hello(":1.5") + switchReply(to: 4, true),
                events: [.connect("unix:path=/fixed")], line: #line)
        ]
    ),
    (
        "the launcher going away turns it off; coming back asks again",
        nil,
        [
            joined("unix:path=/a", line: #line),
            Step(link: .atspi, received: ok + hello(":1.7"), events: [], line: #line),
            Step(link: .session, received: launcherOwner(""), events: [.leave], line: #line),
            Step(link: .session, received: launcherOwner(":1.9"), events: [], line: #line),
            Step(link: .session, received: switchReply(to: 7, true), events: [], line: #line),
            Step(
                link: .session, received: addressReply(to: 9, "unix:path=/c"),
                events: [.connect("unix:path=/c")], line: #line),
        ]
    ),
    (
        "a registry that refuses Embed: the link fails (the shell warns once and leaves)",
        nil,
        [
            joined("unix:path=/a", line: #line),
            Step(
                link: .atspi,
                received: ok + hello(":1.7")
                    + message(
                        DBusMessage(
                            kind: .error, serial: 3, errorName: "org.freedesktop.DBus.Error.ServiceUnknown",
                            replySerial: 2,
                            sender: "org.freedesktop.DBus")),
                events: [
                    .failed(.atspi, "the registry refused Embed: org.freedesktop.DBus.Error.ServiceUnknown")
                ],
                line: #line),
        ]
    ),
]

final class AccessibilitySessionTests: XCTestCase {
    func testTable() {
        for c in cases {
            var session = AccessibilitySession(uid: 1000, version: "0", fixedAddress: c.fixed)
            for step in c.steps {
                if step.link == .atspi, session.atspi == nil { session.atspiConnected(at: 0) }
                XCTAssertEqual(
                    session.received(step.received, on: step.link, tree: tree), step.events, c.name,
                    line: step.line)
            }
        }
    }

    func testARegistryThatDoesNotAnswerIsGivenUp() {
        var session = AccessibilitySession(uid: 1000, version: "0", fixedAddress: "unix:path=/a")
        XCTAssertEqual(session.deadline, nil)
        session.atspiConnected(at: 10)
        _ = session.received(ok + hello(":1.7"), on: .atspi, tree: tree)
        XCTAssertEqual(session.deadline, 15)
        XCTAssertEqual(session.tick(at: 14.9), [])
        XCTAssertEqual(
            session.tick(at: 15), [.failed(.atspi, "the registry did not answer Embed within 5 s")])
        session.atspiClosed()
        XCTAssertEqual(session.deadline, nil)
        session.atspiConnected(at: 20)
        _ = session.received(ok + hello(":1.8") + embedReply(to: 2), on: .atspi, tree: tree)
        XCTAssertEqual(session.deadline, nil, "answered")
        XCTAssertEqual(session.tick(at: 30), [])
    }

    func testWhatTheSessionBusIsAsked() {
        var session = AccessibilitySession(uid: 1000, version: "0", fixedAddress: nil)
        session.wrote(session.session.outgoing.pending.count, on: .session)
        _ = session.received(ok, on: .session, tree: tree)
        var calls: [String] = []
        var bytes = session.session.outgoing.pending
        bytes.removeFirst("BEGIN\r\n".utf8.count)
        while case .message(let call, let length) = DBusMessage.decode(bytes) {
            calls.append(
                "\(call.serial) \(call.destination ?? "") \(call.member ?? "") \(call.flags.contains(.noAutoStart))"
            )
            bytes.removeFirst(length)
        }
        XCTAssertEqual(
            calls,
            [
                "1 org.freedesktop.DBus Hello false", "2 org.freedesktop.DBus AddMatch false",
                "3 org.freedesktop.DBus AddMatch false", "4 org.a11y.Bus Get true", "5 org.a11y.Bus Get true",
            ])
    }

    func testDoActionIsAnsweredOnTheAccessibilityBus() {
        var session = AccessibilitySession(uid: 1000, version: "0", fixedAddress: "unix:path=/a")
        _ = session.received(ok + switchReply(to: 4, true), on: .session, tree: tree)
        session.atspiConnected(at: 0)
        _ = session.received(ok + hello(":1.7"), on: .atspi, tree: tree)
        session.wrote(session.atspi!.outgoing.pending.count, on: .atspi)
        XCTAssertEqual(session.received(doAction(7), on: .atspi, tree: tree), [])
        guard case .message(let reply, _) = DBusMessage.decode(session.atspi!.outgoing.pending) else {
            return XCTFail("no reply")
        }
        XCTAssertEqual(reply.kind, .error)
        XCTAssertEqual(reply.replySerial, 95)
        XCTAssertEqual(reply.destination, ":1.3")
    }

    /// feedbackd's calls ride on the session bus's one connection: its match
    /// and question right behind Hello, then the switches'; each reply goes
    /// to the side that asked, and a NameOwnerChanged for feedbackd does not
    /// touch the accessibility watch.
    func testFeedbackSharesTheSessionBusConnection() {
        var session = AccessibilitySession(uid: 1000, version: "0", fixedAddress: "unix:path=/a")
        session.wantFeedback(true)
        XCTAssertFalse(session.trigger(.buttonPressed, autoStart: true), "not connected yet")
        session.wrote(session.session.outgoing.pending.count, on: .session)
        XCTAssertEqual(session.received(ok, on: .session, tree: tree), [])
        var bytes = session.session.outgoing.pending
        bytes.removeFirst("BEGIN\r\n".utf8.count)
        var calls: [String] = []
        while case .message(let call, let length) = DBusMessage.decode(bytes) {
            calls.append("\(call.serial) \(call.member ?? "")")
            bytes.removeFirst(length)
        }
        XCTAssertEqual(
            calls, ["1 Hello", "2 AddMatch", "3 NameHasOwner", "4 AddMatch", "5 AddMatch", "6 Get", "7 Get"])
        var present = DBusWriter()
        present.uint32(1)
        let owner = DBusMessage(
            kind: .methodReturn, serial: 9, replySerial: 3, sender: "org.freedesktop.DBus", signature: "b",
            body: present.bytes)
        XCTAssertEqual(
            session.received(owner.encoded() + switchReply(to: 6, true), on: .session, tree: tree),
            [.feedbackd(present: true), .connect("unix:path=/a")])
        XCTAssertTrue(session.trigger(.buttonPressed, autoStart: false))
        session.wantFeedback(false)
        XCTAssertFalse(session.trigger(.buttonPressed, autoStart: true), "no button asks for feedback")
    }

    /// A button that asks for feedback after the connection is up starts
    /// feedbackd's side on it at once, with no second connection.
    func testFeedbackWantedLaterStartsOnTheRunningConnection() {
        var session = AccessibilitySession(uid: 1000, version: "0", fixedAddress: nil)
        _ = session.received(ok, on: .session, tree: tree)
        session.wrote(session.session.outgoing.pending.count, on: .session)
        session.wantFeedback(true)
        var bytes = session.session.outgoing.pending
        var calls: [String] = []
        while case .message(let call, let length) = DBusMessage.decode(bytes) {
            calls.append("\(call.serial) \(call.member ?? "")")
            bytes.removeFirst(length)
        }
        XCTAssertEqual(calls, ["6 AddMatch", "7 NameHasOwner"])
    }
}

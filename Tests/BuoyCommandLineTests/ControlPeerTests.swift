import BuoyCommandLine
import BuoyCore
import XCTest

/// One control-socket peer's exchange: what its bytes call for, what is
/// written back, and when it is given up.
final class ControlPeerTests: XCTestCase {
    private enum Step {
        /// What one read returned.
        case send(String)
        /// The peer shut its end.
        case end
    }

    private let accepted = 10.0
    private let later = 11.0

    private func peer(
        _ admission: ControlPeer.Admission = .admitted, _ steps: [Step], subscribers: Int = 0
    ) -> (ControlPeer, [ControlPeer.Reaction]) {
        var peer = ControlPeer(admission, now: accepted)
        let reactions = steps.map { step in
            switch step {
            case .send(let text): return peer.received(Array(text.utf8), subscribers: subscribers, now: later)
            case .end: return peer.ended(subscribers: subscribers, now: later)
            }
        }
        return (peer, reactions)
    }

    private func message(_ line: String) -> ControlMessage {
        guard case .success(let message) = ControlMessage.parse(line.split(separator: " ").map(String.init))
        else {
            preconditionFailure(line)
        }
        return message
    }

    private func parseError(_ line: String) -> ControlCommandError {
        guard case .failure(let error) = ControlMessage.parse(line.split(separator: " ").map(String.init))
        else {
            preconditionFailure(line)
        }
        return error
    }

    func testExchanges() {
        let long = String(repeating: "x", count: ControlPeer.requestLimit)
        let rows:
            [(
                String, ControlPeer.Admission, [Step], [ControlPeer.Reaction], ControlPeer.Phase, String,
                Double?, UInt
            )] = [
                (
                    "one read", .admitted, [.send("state\n")], [.request(message("state"))], .awaiting, "",
                    nil, #line
                ),
                (
                    "in pieces", .admitted, [.send("hi"), .send("de\n")],
                    [.waiting, .request(message("hide"))],
                    .awaiting, "", nil, #line
                ),
                (
                    "hand-written: tabs, two spaces, a CR", .admitted, [.send("--button  kbd\thide\r\n")],
                    [.request(message("--button kbd hide"))], .awaiting, "", nil, #line
                ),
                (
                    "printf 'state' | nc -U: the end is the line's", .admitted, [.send("state"), .end],
                    [.waiting, .request(message("state"))], .awaiting, "", nil, #line
                ),
                ("a probe", .admitted, [.end], [.close], .reading, "", accepted + 2, #line),
                ("silent so far", .admitted, [], [], .reading, "", accepted + 2, #line),
                (
                    "too long", .admitted, [.send(long)], [.refused(.tooLong(limit: 4096))], .replying,
                    "error: request longer than 4096 bytes\n", later + 2, #line
                ),
                (
                    "not a command", .admitted, [.send("dance\n")],
                    [.refused(.badRequest(parseError("dance")))],
                    .replying, "error: \(parseError("dance").message)\n", later + 2, #line
                ),
                (
                    "another user's", .stranger(uid: 1001), [.send("state\n")], [.refused(.permissionDenied)],
                    .replying, "error: permission denied\n", later + 2, #line
                ),
                (
                    "another user's probe", .stranger(uid: 1001), [.end], [.close], .reading, "",
                    accepted + 2,
                    #line
                ),
                (
                    "subscribe", .admitted, [.send("subscribe\n")], [.subscribed], .subscribed, "ok\n", nil,
                    #line
                ),
                (
                    "subscribe --button", .admitted, [.send("--button main subscribe\n")],
                    [.refused(.wrongTarget(.takesNoButton(command: "subscribe")))], .replying,
                    "error: subscribe takes no --button\n", later + 2, #line
                ),
                (
                    "what follows the request is ignored", .admitted,
                    [.send("state\nhide\n"), .send("show\n"), .end],
                    [.request(message("state")), .waiting, .waiting], .awaiting, "", nil, #line
                ),
            ]
        for (name, admission, steps, reactions, phase, outgoing, deadline, line) in rows {
            let (peer, got) = peer(admission, steps)
            XCTAssertEqual(got, reactions, name, line: line)
            XCTAssertEqual(peer.phase, phase, name, line: line)
            XCTAssertEqual(String(decoding: peer.outgoing.pending, as: UTF8.self), outgoing, name, line: line)
            XCTAssertEqual(peer.deadline, deadline, name, line: line)
            XCTAssertEqual(peer.wantsOutput, !outgoing.isEmpty, name, line: line)
        }
    }

    /// Polled for input while its request comes and after it, for the end;
    /// not while the app holds the request, nor once the peer shut its end.
    func testWhatItIsPolledFor() {
        let rows: [(String, [Step], Bool, UInt)] = [
            ("its request comes", [.send("sta")], true, #line),
            ("the app holds its request", [.send("state\n")], false, #line),
            ("a refusal is written", [.send("dance\n")], true, #line),
            ("a subscriber", [.send("subscribe\n")], true, #line),
            ("a subscriber that shut its end", [.send("subscribe\n"), .end], false, #line),
        ]
        for (name, steps, wantsInput, line) in rows {
            XCTAssertEqual(peer(.admitted, steps).0.wantsInput, wantsInput, name, line: line)
        }
    }

    /// Subscribers do not count here: they have their own limit.
    func testAdmission() {
        let full = "control socket: 64 requests open; refusing a new connection"
        let told = "error: too many connections: at most 64 requests at once\n"
        let rows: [(Int64, Int64, Int, ControlPeer.Admission, String?, String?, UInt)] = [
            (1000, 1000, 0, .admitted, nil, nil, #line),
            (1000, 1000, 63, .admitted, nil, nil, #line),
            (1000, 1000, 64, .full, full, told, #line),
            (0, 1000, 64, .full, full, told, #line),
            (0, 1000, 3, .stranger(uid: 0), "control socket: refused a connection from uid 0", nil, #line),
            (-1, 1000, 3, .stranger(uid: -1), "control socket: refused a connection from uid -1", nil, #line),
        ]
        for (peerUID, ownUID, requestsOpen, admission, warning, reply, line) in rows {
            let got = ControlPeer.admission(peerUID: peerUID, ownUID: ownUID, requestsOpen: requestsOpen)
            XCTAssertEqual(got, admission, line: line)
            XCTAssertEqual(got.warning, warning, line: line)
            XCTAssertEqual(got.reply, reply, line: line)
        }
    }

    /// Idle subscribers have no deadline, so they have a limit of their own;
    /// one past it is told so, and other requests are served as ever.
    func testSubscriberLimit() {
        let rows: [(String, Int, [ControlPeer.Reaction], ControlPeer.Phase, String, UInt)] = [
            ("none yet", 0, [.subscribed], .subscribed, "ok\n", #line),
            ("the last one", 31, [.subscribed], .subscribed, "ok\n", #line),
            (
                "one too many", 32, [.refused(.tooManySubscribers(limit: 32))], .replying,
                "error: too many connections: at most 32 subscribers at once\n", #line
            ),
        ]
        for (name, subscribers, reactions, phase, outgoing, line) in rows {
            let (peer, got) = peer(.admitted, [.send("subscribe\n")], subscribers: subscribers)
            XCTAssertEqual(got, reactions, name, line: line)
            XCTAssertEqual(peer.phase, phase, name, line: line)
            XCTAssertEqual(String(decoding: peer.outgoing.pending, as: UTF8.self), outgoing, name, line: line)
        }
        XCTAssertEqual(
            ControlPeer.Refusal.tooManySubscribers(limit: 32).log,
            "control socket: 32 subscribers open; refusing another")
        let (request, got) = peer(.admitted, [.send("state\n")], subscribers: 32)
        XCTAssertEqual(got, [.request(message("state"))])
        XCTAssertEqual(request.phase, .awaiting)
    }

    func testDeadlines() {
        let noRequest = "control socket: dropped a peer that sent no request within 2.0 s"
        let replyNotTaken = "control socket: dropped a peer that did not take its reply within 2.0 s"
        let rows: [(String, [Step], Double, String?, UInt)] = [
            ("silent, within 2 s", [], accepted + 1.999, nil, #line),
            ("silent for 2 s", [], accepted + 2, noRequest, #line),
            ("half a request", [.send("sta")], accepted + 3, noRequest, #line),
            ("with the app", [.send("state\n")], accepted + 100, nil, #line),
            ("a subscriber", [.send("subscribe\n")], accepted + 100, nil, #line),
            ("a refusal not taken", [.send("dance\n")], later + 2, replyNotTaken, #line),
            ("a refusal, within 2 s", [.send("dance\n")], later + 1, nil, #line),
        ]
        for (name, steps, now, log, line) in rows {
            XCTAssertEqual(peer(.admitted, steps).0.overdue(at: now)?.log, log, name, line: line)
        }
    }

    /// The app's reply goes to a request it holds, once; written in full, it
    /// ends the connection.
    func testReply() {
        var (awaiting, _) = peer(.admitted, [.send("state\n")])
        XCTAssertTrue(awaiting.reply("ok\n{}\n", now: 20))
        XCTAssertEqual(awaiting.phase, .replying)
        XCTAssertEqual(awaiting.deadline, 22)
        XCTAssertTrue(awaiting.wantsInput, "its end is read, so that a hangup is seen")
        XCTAssertFalse(awaiting.reply("ok\n", now: 20), "only the first reply counts")
        XCTAssertEqual(awaiting.outgoing.pending, Array("ok\n{}\n".utf8))
        awaiting.wrote(3)
        XCTAssertFalse(awaiting.isDone)
        awaiting.wrote(3)
        XCTAssertTrue(awaiting.isDone)

        for steps: [Step] in [[], [.send("sta")], [.send("subscribe\n")], [.send("dance\n")]] {
            var other = peer(.admitted, steps).0
            XCTAssertFalse(other.reply("ok\n", now: 20), "\(steps)")
        }
        var subscriber = peer(.admitted, [.send("subscribe\n")]).0
        subscriber.wrote(3)
        XCTAssertFalse(subscriber.isDone, "a subscriber stays")
    }

    func testASubscriberMayFallBehindSoFar() {
        var subscriber = peer(.admitted, [.send("subscribe\n")]).0
        subscriber.wrote(3)
        let line = [UInt8](repeating: UInt8(ascii: "x"), count: 1024)
        for index in 0..<64 { XCTAssertTrue(subscriber.publish(line), "line \(index)") }
        XCTAssertFalse(subscriber.publish([UInt8(ascii: "\n")]), "64 KiB behind")
        subscriber.wrote(1024)
        XCTAssertTrue(subscriber.publish(line), "what was written makes room")
    }
}

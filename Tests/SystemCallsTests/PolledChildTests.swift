import Foundation
import Glibc
import XCTest

@testable import SystemCalls

/// Issue 44: one polled child (a pipe, an output cap, a deadline, its group
/// killed) and one reaper, for every child buoy starts.
final class PolledChildTests: XCTestCase {
    /// `script` run by /bin/sh in a session of its own, its stdout polled.
    private func start(_ script: String, limit: Int, deadline: Double?, reaper: ChildReaper) throws
        -> PolledChild
    {
        try PolledChild(
            "/bin/sh", arguments: ["sh", "-c", script],
            files: [nil, nil, FileDescriptor(rawValue: STDERR_FILENO)],
            outputNumber: 1, outputLimit: limit, deadline: deadline, newSession: true, reaper: reaper)
    }

    /// Runs `child` as buoy's loop does, the clock in seconds since `start`:
    /// polls its pipe, reads it, cuts it off when late, reaps, until it has
    /// ended (at most 10 s).
    private func drive(_ child: PolledChild, reaper: ChildReaper, line: UInt) -> ChildExit? {
        let start = Date()
        while Date().timeIntervalSince(start) < 10 {
            if let output = child.output {
                var pollfd = Glibc.pollfd(fd: output.rawValue, events: Int16(POLLIN), revents: 0)
                if poll(&pollfd, 1, 20) > 0 { child.read() }
            } else {
                usleep(20_000)
            }
            child.cutOffIfLate(now: Date().timeIntervalSince(start))
            reaper.reap()
            if let ended = child.ended { return ended }
        }
        XCTFail("the child never ended", line: line)
        return nil
    }

    func testOutputExitCapAndDeadline() throws {
        let rows:
            [(
                script: String, limit: Int, deadline: Double?, ChildExit, written: String,
                PolledChild.CutOff?, UInt
            )] = [
                ("printf hello; exit 3", 100, nil, ChildExit(code: 3), "hello", nil, #line),
                ("printf hello; exit 0", 100, 5, ChildExit(code: 0), "hello", nil, #line),
                // A flood: cut off at the limit, though it would write on.
                (
                    "printf 0123456789; printf more; sleep 30", 10, nil,
                    ChildExit(code: nil, signal: SIGKILL), "0123456789", .flood, #line
                ),
                // Its stdout closed, it works on: cut off at its deadline all the same.
                (
                    "printf ab; exec >&-; sleep 30", 100, 0.3, ChildExit(code: nil, signal: SIGKILL), "ab",
                    .deadline, #line
                ),
                ("sleep 30", 100, 0.3, ChildExit(code: nil, signal: SIGKILL), "", .deadline, #line),
                ("kill -TERM $$", 100, nil, ChildExit(code: nil, signal: SIGTERM), "", nil, #line),
            ]
        for (script, limit, deadline, exit, written, cutOff, line) in rows {
            let reaper = ChildReaper()
            let child = try start(script, limit: limit, deadline: deadline, reaper: reaper)
            var ended = drive(child, reaper: reaper, line: line)
            ended?.peakKiB = 0
            XCTAssertEqual(ended, exit, script, line: line)
            XCTAssertEqual(child.cutOff, cutOff, script, line: line)
            XCTAssertEqual(
                String(decoding: child.written.prefix(written.utf8.count), as: UTF8.self), written, script,
                line: line)
            XCTAssertNil(child.output, "the pipe is closed once it ended", line: line)
        }
    }

    /// A child cut off is killed with its group: what its shell started too.
    func testACutOffKillsTheWholeGroup() throws {
        let reaper = ChildReaper()
        let child = try start("sleep 30 & echo $!; sleep 30", limit: 100, deadline: 0.2, reaper: reaper)
        _ = drive(child, reaper: reaper, line: #line)
        let grandchild = try XCTUnwrap(
            Int32(
                String(decoding: child.written, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            ))
        let start = Date()
        while Date().timeIntervalSince(start) < 5, Self.isAlive(grandchild) { usleep(20_000) }
        XCTAssertFalse(Self.isAlive(grandchild), "what the shell started outlived the cut-off")
    }

    /// Alive: it exists and is no zombie (a zombie's parent, init here, may not collect it at once).
    private static func isAlive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }

    /// The reaper collects its own children only, keeps an exit until it is
    /// taken, and forgets an abandoned child once collected.
    func testTheReaperTakesOnlyItsOwnAndForgetsTheAbandoned() throws {
        let reaper = ChildReaper()
        let other = try spawn("/bin/sh", arguments: ["sh", "-c", "exit 5"], files: [])
        let kept = try spawn("/bin/sh", arguments: ["sh", "-c", "exit 4"], files: [])
        let abandoned = try spawn("/bin/sh", arguments: ["sh", "-c", "sleep 30"], files: [])
        reaper.adopt(kept)
        reaper.adopt(abandoned)
        XCTAssertEqual(reaper.pending, [kept, abandoned].sorted())
        kill(abandoned, SIGKILL)
        reaper.abandon(abandoned)
        var collected: [pid_t: ChildExit] = [:]
        let start = Date()
        while Date().timeIntervalSince(start) < 10, !reaper.pending.isEmpty {
            usleep(10_000)
            for (pid, exit) in reaper.reap() { collected[pid] = exit }
        }
        XCTAssertEqual(reaper.pending, [])
        XCTAssertEqual(Array(collected.keys), [kept], "an abandoned child's exit is not handed on")
        XCTAssertEqual(collected[kept]?.code, 4)
        XCTAssertEqual(reaper.take(kept)?.code, 4)
        XCTAssertFalse(reaper.isRunning(kept))
        var status: Int32 = 0
        XCTAssertEqual(waitpid(other, &status, 0), other, "the reaper took a child that was not its own")
        XCTAssertEqual((status >> 8) & 0xff, 5)
    }

    /// Dropped before it ended, a child is killed; a blocking reaper has
    /// collected it by then: not even a zombie is left.
    func testDroppingAChildKillsIt() throws {
        var child: PolledChild? = try start(
            "sleep 30", limit: 100, deadline: nil, reaper: ChildReaper(blocking: true))
        let pid = try XCTUnwrap(child?.pid)
        XCTAssertEqual(kill(pid, 0), 0, "the child is not running")
        child = nil
        XCTAssertEqual(kill(pid, 0), -1)
        XCTAssertEqual(errno, ESRCH)
    }

    /// A fork runs `body`, whose exit the reaper gives, and ends the pipe as it exits.
    func testAForkRunsItsBody() throws {
        let reaper = ChildReaper(blocking: true)
        let child = try PolledChild(forking: { 9 }, outputLimit: 1, deadline: nil, reaper: reaper)
        var pollfd = Glibc.pollfd(fd: try XCTUnwrap(child.output).rawValue, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&pollfd, 1, 10_000), 1, "the pipe did not end as the fork exited")
        XCTAssertTrue(child.read())
        XCTAssertEqual(child.ended?.code, 9)
    }
}

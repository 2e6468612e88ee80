import Foundation
import Glibc
import XCTest

@testable import BuoyDrawing

final class ChildJobTests: XCTestCase {
    func testItsDescriptorTurnsReadableWhenTheChildExitsAndFinishGivesItsCode() throws {
        let job = try XCTUnwrap(ChildJob { 7 })
        var pollfd = Glibc.pollfd(fd: job.fd, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&pollfd, 1, 10_000), 1, "the pipe did not end when the child exited")
        XCTAssertEqual(job.finish(killing: false).exitCode, 7)
        // Collected once; later calls give the same outcome.
        XCTAssertEqual(job.finish(killing: true).exitCode, 7)
    }

    func testItsDescriptorStaysQuietWhileTheChildRuns() throws {
        let job = try XCTUnwrap(ChildJob { sleep(30) == 0 ? 0 : 1 })
        var pollfd = Glibc.pollfd(fd: job.fd, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&pollfd, 1, 200), 0)
        XCTAssertNil(job.finish(killing: true).exitCode, "a killed child has no exit code")
    }

    func testHasExitedSaysWhetherTheChildHasExitedWithoutWaiting() throws {
        let running = try XCTUnwrap(ChildJob { sleep(30) == 0 ? 0 : 1 })
        XCTAssertFalse(running.hasExited)
        _ = running.finish(killing: true)
        let done = try XCTUnwrap(ChildJob { 0 })
        _ = done.wait(timeoutMilliseconds: 10_000)
        XCTAssertTrue(done.hasExited)
    }

    func testWaitKillsAChildThatTakesTooLong() throws {
        let job = try XCTUnwrap(ChildJob { sleep(30) == 0 ? 0 : 1 })
        let start = Date()
        XCTAssertNil(job.wait(timeoutMilliseconds: 100).exitCode)
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
    }

    func testDroppingAJobKillsAndCollectsItsChild() throws {
        var job = ChildJob { sleep(30) == 0 ? 0 : 1 }
        let pid = try XCTUnwrap(job?.pid)
        XCTAssertEqual(kill(pid, 0), 0, "the child is not running")
        job = nil
        // Killed and waited for: not even a zombie is left.
        XCTAssertEqual(kill(pid, 0), -1)
        XCTAssertEqual(errno, ESRCH)
    }

    func testCommandsStartedMeanwhileDoNotHoldThePipe() throws {
        let job = try XCTUnwrap(ChildJob { 0 })
        let flags = fcntl(job.fd, F_GETFD)
        XCTAssertNotEqual(flags & FD_CLOEXEC, 0)
        _ = job.wait(timeoutMilliseconds: 10_000)
    }
}

import Foundation
import Glibc
import XCTest

@testable import BuoyDrawing

extension ChildJob {
    /// `script` run by /bin/sh.
    convenience init(shell script: String) throws {
        try self.init(program: "/bin/sh", arguments: ["-c", script], input: [], files: [])
    }
}

final class ChildJobTests: XCTestCase {
    func testItsDescriptorTurnsReadableWhenTheChildExitsAndFinishGivesItsCode() throws {
        let job = try ChildJob(shell: "exit 7")
        var pollfd = Glibc.pollfd(fd: job.fd, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&pollfd, 1, 10_000), 1, "the pipe did not end when the child exited")
        XCTAssertEqual(job.finish(killing: false).exitCode, 7)
        // Collected once; later calls give the same outcome.
        XCTAssertEqual(job.finish(killing: true).exitCode, 7)
    }

    func testItsDescriptorStaysQuietWhileTheChildRuns() throws {
        let job = try ChildJob(shell: "sleep 30")
        var pollfd = Glibc.pollfd(fd: job.fd, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&pollfd, 1, 200), 0)
        XCTAssertNil(job.finish(killing: true).exitCode, "a killed child has no exit code")
    }

    func testHasExitedSaysWhetherTheChildHasExitedWithoutWaiting() throws {
        let running = try ChildJob(shell: "sleep 30")
        XCTAssertFalse(running.hasExited)
        running.finish(killing: true)
        let done = try ChildJob(shell: "exit 0")
        XCTAssertEqual(done.wait(timeoutMilliseconds: 10_000).exitCode, 0)
        XCTAssertTrue(done.hasExited)
    }

    func testWaitKillsAChildThatTakesTooLong() throws {
        let job = try ChildJob(shell: "sleep 30")
        let start = Date()
        XCTAssertNil(job.wait(timeoutMilliseconds: 100).exitCode)
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
    }

    func testDroppingAJobKillsAndCollectsItsChild() throws {
        var job: ChildJob? = try ChildJob(shell: "sleep 30")
        let pid = try XCTUnwrap(job?.pid)
        XCTAssertEqual(kill(pid, 0), 0, "the child is not running")
        job = nil
        // Killed and waited for: not even a zombie is left.
        XCTAssertEqual(kill(pid, 0), -1)
        XCTAssertEqual(errno, ESRCH)
    }

    func testCommandsStartedMeanwhileDoNotHoldThePipe() throws {
        let job = try ChildJob(shell: "exit 0")
        let flags = fcntl(job.fd, F_GETFD)
        XCTAssertNotEqual(flags & FD_CLOEXEC, 0)
        XCTAssertEqual(job.wait(timeoutMilliseconds: 10_000).exitCode, 0)
    }
}

final class ChildJobHandoverTests: XCTestCase {
    /// The child gets its job on stdin, and holds only the descriptors it is
    /// handed: not one of this process's, even one not close-on-exec.
    func testTheChildHoldsOnlyItsJobItsPipesAndItsFiles() throws {
        let stray = dup(STDIN_FILENO)
        XCTAssertGreaterThan(stray, HelperFiles.first + 1)
        defer { close(stray) }
        let memory = try XCTUnwrap(SharedMemory<UInt8>(count: 16))
        let job = try ChildJob(
            program: "/bin/sh",
            arguments: [
                "-c",
                "read job; printf %s \"$job\" >&4; for n in 0 1 2 3 4 5 6 7 \(stray); do"
                    + " [ -e /proc/$$/fd/$n ] && printf ' %s' $n >&4; done; echo >&4",
            ],
            input: Array("the job\n".utf8), files: [memory.fd])
        let outcome = job.wait(timeoutMilliseconds: 10_000)
        XCTAssertEqual(outcome.exitCode, 0)
        XCTAssertEqual(String(decoding: outcome.report, as: UTF8.self), "the job 0 1 2 3 4 5\n")
    }

    func testAMissingProgramIsAnErrorThatNamesIt() {
        XCTAssertThrowsError(try ChildJob(program: "/no/such/buoy-draw", arguments: [], input: [], files: []))
        {
            XCTAssertTrue("\($0)".contains("cannot start /no/such/buoy-draw"), "\($0)")
        }
    }
}

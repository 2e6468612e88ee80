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

    /// A command buoy starts while a drawing child runs (`CommandRunner`:
    /// posix_spawn of /bin/sh -c, with no file actions) must hold neither
    /// end of the child's pipe, and the pipe still ends when the child does,
    /// though the command outlives it. Written against that behaviour, not
    /// `ChildJob`'s flags, so that it holds whatever starts the child.
    func testCommandsStartedMeanwhileDoNotHoldThePipe() throws {
        let job = try XCTUnwrap(ChildJob { usleep(300_000) == 0 ? 0 : 1 })
        var pid: pid_t = 0
        let words: [String] = ["/bin/sh", "-c", "exec sleep 30"]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for word in argv { free(word) } }
        XCTAssertEqual(posix_spawn(&pid, "/bin/sh", nil, nil, argv, environ), 0)
        defer {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }

        var pipe = stat()
        XCTAssertEqual(fstat(job.fd, &pipe), 0)
        // The command's descriptors, once sh has exec'd sleep.
        var held: [String] = []
        for _ in 0..<100 {
            usleep(10_000)
            guard
                (try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8))?.hasPrefix("sleep")
                    == true
            else { continue }
            held = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
            break
        }
        XCTAssertFalse(held.isEmpty, "the command did not start")
        let pipes = held.compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")
        }
        XCTAssertFalse(
            pipes.contains("pipe:[\(pipe.st_ino)]"), "the command holds the child's pipe: \(pipes)")

        XCTAssertTrue(job.exits(within: 10_000), "the pipe did not end while the command runs")
        XCTAssertEqual(kill(pid, 0), 0, "the command should still run")
        XCTAssertEqual(job.finish(killing: false).exitCode, 0)
    }
}

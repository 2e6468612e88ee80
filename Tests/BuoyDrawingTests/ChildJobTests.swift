import Foundation
import Glibc
import SystemCalls
import XCTest

@testable import BuoyDrawing

extension ChildJob {
    /// `script` run by /bin/sh.
    convenience init(shell script: String) throws {
        try self.init(
            program: "/bin/sh", arguments: ["-c", script], input: [], files: [], reaping: .blocking)
    }
}

final class ChildJobTests: XCTestCase {
    func testItsDescriptorTurnsReadableWhenTheChildExitsAndFinishGivesItsCode() throws {
        let job = try ChildJob(shell: "exit 7")
        var pollfd = Glibc.pollfd(fd: job.fd, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&pollfd, 1, 10_000), 1, "the pipe did not end when the child exited")
        XCTAssertEqual(job.finish().exitCode, 7)
        // Collected once; later calls give the same outcome.
        XCTAssertEqual(job.finish().exitCode, 7)
    }

    func testItsDescriptorStaysQuietWhileTheChildRuns() throws {
        let job = try ChildJob(shell: "sleep 30")
        var pollfd = Glibc.pollfd(fd: job.fd, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&pollfd, 1, 200), 0)
        XCTAssertNil(job.finish().exitCode, "a killed child has no exit code")
    }

    func testHasExitedSaysWhetherTheChildHasExitedWithoutWaiting() throws {
        let running = try ChildJob(shell: "sleep 30")
        XCTAssertFalse(running.hasExited)
        running.finish()
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

    /// In buoy's loop a job is dropped or timed out without waiting: the
    /// killed child goes to the reaper, which collects it on SIGCHLD, and
    /// only it (a command's child stays for its own owner).
    func testAJobKilledInTheLoopIsLeftToTheReaperWhichCollectsOnlyIt() throws {
        let reaper = ChildReaper()
        var other: pid_t = 0
        let words: [String] = ["/bin/sh", "-c", "exit 3"]
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for word in argv { free(word) } }
        XCTAssertEqual(posix_spawn(&other, "/bin/sh", nil, nil, argv, environ), 0)
        var job: ChildJob? = try ChildJob(
            program: "/bin/sh", arguments: ["-c", "sleep 30"], input: [], files: [],
            reaping: .onSignal(reaper))
        let pid = try XCTUnwrap(job?.pid)
        XCTAssertNil(job?.finish().exitCode, "a killed child has no exit code")
        job = nil
        for _ in 0..<1000 where !reaper.pending.isEmpty {
            usleep(10_000)
            reaper.reap()
        }
        XCTAssertEqual(reaper.pending, [], "the killed child was never collected")
        XCTAssertEqual(kill(pid, 0), -1, "the killed child is still a zombie")
        XCTAssertEqual(errno, ESRCH)
        var status: Int32 = 0
        XCTAssertEqual(waitpid(other, &status, 0), other, "the reaper took a child that was not its own")
        XCTAssertEqual((status >> 8) & 0xff, 3)
    }

    /// A command buoy starts while a drawing child runs (`CommandRunner`:
    /// posix_spawn of /bin/sh -c, with no file actions) must hold neither
    /// end of the child's pipe, and the pipe still ends when the child does,
    /// though the command outlives it. Written against that behaviour, not
    /// `ChildJob`'s flags, so that it holds whatever starts the child.
    func testCommandsStartedMeanwhileDoNotHoldThePipe() throws {
        let job = try ChildJob(shell: "sleep 0.3")
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
        XCTAssertEqual(job.finish().exitCode, 0)
    }
}

final class ChildJobHandoverTests: XCTestCase {
    /// The child gets its job on stdin, and holds only the descriptors it is
    /// handed: not one of this process's, even one not close-on-exec.
    func testTheChildHoldsOnlyItsJobItsPipesAndItsFiles() throws {
        let stray = dup(STDIN_FILENO)
        XCTAssertGreaterThan(stray, HelperFiles.first + 1)
        defer { try? FileDescriptor(rawValue: stray).close() }
        let memory = try XCTUnwrap(SharedMemory<UInt8>(count: 16))
        let job = try ChildJob(
            program: "/bin/sh",
            arguments: [
                "-c",
                "read job; printf %s \"$job\" >&4; for n in 0 1 2 3 4 5 6 7 \(stray); do"
                    + " [ -e /proc/$$/fd/$n ] && printf ' %s' $n >&4; done; echo >&4",
            ],
            input: Array("the job\n".utf8), files: [memory.fd], reaping: .blocking)
        let outcome = job.wait(timeoutMilliseconds: 10_000)
        XCTAssertEqual(outcome.exitCode, 0)
        XCTAssertEqual(String(decoding: outcome.report, as: UTF8.self), "the job 0 1 2 3 4 5\n")
    }

    func testAMissingProgramIsAnErrorThatNamesIt() {
        XCTAssertThrowsError(
            try ChildJob(
                program: "/no/such/buoy-draw", arguments: [], input: [], files: [], reaping: .blocking)
        ) {
            XCTAssertTrue("\($0)".contains("cannot start /no/such/buoy-draw"), "\($0)")
        }
    }
}

import Glibc
import XCTest

@testable import SystemCalls

final class SpawnTests: XCTestCase {
    /// Runs `script` with `sh -c`, its stdout and stderr the write end of a
    /// pipe, its stdin `/dev/null`; returns its pid and what it wrote.
    private func run(_ script: String, newSession: Bool) throws -> (pid: pid_t, output: String) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw Errno.current }
        let (read, write) = (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
        defer { try? read.close() }
        // Held without close-on-exec, as a careless library might: it must not reach the child.
        let stray = dup(write.rawValue)
        defer { try? FileDescriptor(rawValue: stray).close() }
        let pid: pid_t
        do {
            defer { try? write.close() }
            pid = try spawn(
                "/bin/sh", arguments: ["sh", "-c", script], files: [nil, write, write], newSession: newSession
            )
        }
        try? FileDescriptor(rawValue: stray).close()
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while case let count = try read.read(into: &chunk), count > 0 { output += chunk[0..<count] }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return (pid, String(decoding: output, as: UTF8.self))
    }

    func testTheChildHasTheFilesHandedOverAndNoOther() throws {
        // ls's own directory is the 3.
        let (_, output) = try run("read line; echo \"read $?\"; echo $(ls /proc/self/fd)", newSession: false)
        XCTAssertEqual(output, "read 1\n0 1 2 3\n")
    }

    func testANewSessionIsTheChildsOwn() throws {
        let script = "cut -d ' ' -f 6 /proc/$$/stat"
        let (pid, own) = try run(script, newSession: true)
        XCTAssertEqual(own, "\(pid)\n")
        let (_, inherited) = try run(script, newSession: false)
        XCTAssertEqual(inherited, "\(getsid(0))\n")
    }

    func testAMissingProgramIsNoSuchFile() {
        XCTAssertThrowsError(try spawn("/nonexistent/program", arguments: ["program"], files: [])) { error in
            XCTAssertEqual(error as? Errno, Errno(rawValue: ENOENT))
        }
    }
}

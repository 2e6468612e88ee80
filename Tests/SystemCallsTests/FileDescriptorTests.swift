import Foundation
import Glibc
import XCTest

@testable import SystemCalls

final class FileDescriptorTests: XCTestCase {
    /// A pipe whose ends are closed when the test ends (unless it closed them).
    private func makePipe() throws -> (read: FileDescriptor, write: FileDescriptor) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw Errno.current }
        let ends = (read: FileDescriptor(rawValue: fds[0]), write: FileDescriptor(rawValue: fds[1]))
        addTeardownBlock {
            try? ends.read.close()
            try? ends.write.close()
        }
        return ends
    }

    private func readAll(_ fd: FileDescriptor) throws -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = try fd.read(into: &chunk)
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }

    /// One read of at most one byte: how many came (0 at EOF), and the byte.
    private func readByte(_ fd: FileDescriptor) throws -> (count: Int, byte: UInt8) {
        var byte: UInt8 = 0
        let count = try withUnsafeMutableBytes(of: &byte) { try fd.read(into: $0) }
        return (count, byte)
    }

    func testWriteAllThenReadToEndOfFile() throws {
        let ends = try makePipe()
        try ends.write.writeAll("one line\n")
        try ends.write.close()
        XCTAssertEqual(try readAll(ends.read), Array("one line\n".utf8))
        // Still at the end: EOF is 0 again, not an error.
        XCTAssertEqual(try readByte(ends.read).count, 0)
    }

    func testAFullNonBlockingPipeThrowsWouldBlock() throws {
        let ends = try makePipe()
        try ends.write.setNonBlocking()
        // Far more than a pipe holds (64 KiB by default).
        let bytes = [UInt8](repeating: 7, count: 1 << 20)
        XCTAssertThrowsError(try ends.write.writeAll(bytes)) { error in
            XCTAssertEqual(error as? Errno, .wouldBlock)
        }
        // What went in before it filled is there to read.
        var chunk = [UInt8](repeating: 0, count: 4096)
        XCTAssertGreaterThan(try ends.read.read(into: &chunk), 0)
    }

    func testWhenFullMakesRoomAndTheWriteGoesOnAfterPartialWrites() throws {
        let ends = try makePipe()
        try ends.write.setNonBlocking()
        let bytes = (0..<(1 << 18)).map { UInt8(truncatingIfNeeded: $0 * 31) }
        var received: [UInt8] = []
        var fullCount = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 14)
        try ends.write.writeAll(bytes) { () throws(Errno) in
            fullCount += 1
            let count = try ends.read.read(into: &chunk)
            received += chunk[0..<count]
        }
        try ends.write.close()
        received += try readAll(ends.read)
        XCTAssertGreaterThan(fullCount, 0, "the pipe never filled")
        XCTAssertEqual(received, bytes)
    }

    func testWhenFullMayGiveUp() throws {
        let ends = try makePipe()
        try ends.write.setNonBlocking()
        let bytes = [UInt8](repeating: 1, count: 1 << 20)
        XCTAssertThrowsError(try ends.write.writeAll(bytes) { () throws(Errno) in throw Errno.timedOut }) {
            error in
            XCTAssertEqual(error as? Errno, .timedOut)
        }
    }

    func testSetNonBlockingOnAndOff() throws {
        let ends = try makePipe()
        try ends.read.setNonBlocking()
        XCTAssertNotEqual(fcntl(ends.read.rawValue, F_GETFL) & O_NONBLOCK, 0)
        XCTAssertThrowsError(try readByte(ends.read)) {
            XCTAssertEqual($0 as? Errno, .wouldBlock)
        }
        try ends.read.setNonBlocking(false)
        XCTAssertEqual(fcntl(ends.read.rawValue, F_GETFL) & O_NONBLOCK, 0)
    }

    func testClosingTwiceIsBadFileDescriptor() throws {
        let ends = try makePipe()
        try ends.write.close()
        XCTAssertThrowsError(try ends.write.close()) { XCTAssertEqual($0 as? Errno, .badFileDescriptor) }
        XCTAssertThrowsError(try ends.write.writeAll("x")) {
            XCTAssertEqual($0 as? Errno, .badFileDescriptor)
        }
    }

    func testASocketWithoutAPeerIsBrokenPipeNotSIGPIPE() throws {
        var fds: [Int32] = [-1, -1]
        XCTAssertEqual(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds), 0)
        let ours = FileDescriptor(socket: fds[0])
        defer { try? ours.close() }
        try FileDescriptor(rawValue: fds[1]).close()
        // A write(2) here would raise SIGPIPE and end the test process.
        XCTAssertThrowsError(try ours.writeAll("anyone?\n")) { XCTAssertEqual($0 as? Errno, .brokenPipe) }
    }

    /// A signal whose handler was installed without SA_RESTART interrupts a
    /// blocked read(2) with EINTR; the seam reads on. Another thread sends
    /// the signal to this one, then the byte.
    func testAnInterruptedReadIsRetried() throws {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var previous = sigaction()
        XCTAssertEqual(sigaction(SIGUSR2, &action, &previous), 0)
        defer { sigaction(SIGUSR2, &previous, nil) }

        // The setup provokes EINTR: a bare read(2) fails with it.
        let control = try makePipe()
        interruptThenWrite(to: control.write)
        var byte: UInt8 = 0
        XCTAssertEqual(Glibc.read(control.read.rawValue, &byte, 1), -1)
        XCTAssertEqual(Errno.current, .interrupted)
        XCTAssertEqual(try readByte(control.read).count, 1)

        let ends = try makePipe()
        interruptThenWrite(to: ends.write)
        let read = try readByte(ends.read)
        XCTAssertEqual(read.count, 1)
        XCTAssertEqual(read.byte, UInt8(ascii: "*"))
    }

    /// Sends SIGUSR2 to the calling thread in 100 ms, and a byte to `fd` 200 ms later.
    private func interruptThenWrite(to fd: FileDescriptor) {
        let reader = pthread_self()
        Thread.detachNewThread {
            usleep(100_000)
            pthread_kill(reader, SIGUSR2)
            usleep(200_000)
            try? fd.writeAll("*")
        }
    }
}

import BuoyFiles
import CLinux
import Glibc

/// How a child ended.
package struct ChildOutcome {
    /// The exit code; nil when it was killed (timed out) or crashed.
    package var exitCode: Int32?
    /// Its peak resident memory (ru_maxrss), in KiB.
    var peakKiB: Int
    /// What it wrote to its report file (`HelperFiles.report`).
    var report: [UInt8]
}

/// The descriptors a child started by `ChildJob` has, and no other: its job
/// on standard input, buoy's standard error as its output too, the pipe
/// that tells buoy it has exited, a file for its report, and the files
/// it draws into.
public enum HelperFiles {
    /// The write end of the pipe whose end tells the parent it has exited.
    public static let exited: Int32 = 3
    /// An empty file it writes its report to.
    public static let report: Int32 = 4
    /// The first of the files it is given to draw into, in order.
    public static let first: Int32 = 5
}

/// Why a child could not be started.
public struct SpawnError: Error, CustomStringConvertible {
    public var description: String
}

/// A program started with `input` on its standard input and `files` as its
/// descriptors from `HelperFiles.first` on, watched through `fd`: the read
/// end of a pipe whose write end only the child holds, so `fd` turns
/// readable (end of file) when the child exits, and the parent can poll it
/// with everything else. The child holds nothing else of the parent's (its
/// Wayland socket, its signalfd): every other descriptor is closed.
///
/// The parent collects the child with `finish`, by its pid, so
/// `CommandRunner`'s reaping (which waits only for its own commands) never
/// takes it.
package final class ChildJob {
    package let pid: pid_t
    package let fd: Int32
    private let report: Int32
    private var outcome: ChildOutcome?

    package init(program: String, arguments: [String], input: [UInt8], files: [Int32]) throws(SpawnError) {
        func failure(_ what: String) -> SpawnError {
            SpawnError(description: "\(what): \(String(cString: strerror(errno)))")
        }
        let job = input.withUnsafeBytes { buoy_pipe_holding($0.baseAddress, $0.count) }
        guard job >= 0 else { throw failure("no pipe for its job of \(input.count) bytes") }
        defer { close(job) }
        // Close-on-exec: commands started while the child runs must not
        // hold either end (the write end would keep `fd` from ending).
        var exited: [Int32] = [-1, -1]
        guard buoy_pipe_cloexec(&exited, 0) == 0 else { throw failure("no close-on-exec pipe") }
        defer { close(exited[1]) }
        report = buoy_memfd_create("buoy-draw-report")
        guard report >= 0 else {
            close(exited[0])
            throw failure("no file for its report")
        }
        let handed = [job, STDERR_FILENO, STDERR_FILENO, exited[1], report] + files
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for arg in argv { free(arg) } }
        pid = handed.withUnsafeBufferPointer { buoy_spawn(program, argv, $0.baseAddress, Int32($0.count)) }
        guard pid > 0 else {
            let error = failure("cannot start \(program)")
            close(exited[0])
            close(report)
            throw error
        }
        fd = exited[0]
    }

    /// A job dropped before it was finished is killed and collected.
    deinit {
        finish(killing: true)
        close(fd)
        close(report)
    }

    /// Waits until the child exits, at most `timeoutMilliseconds` (then
    /// kills it), and collects it.
    package func wait(timeoutMilliseconds: Int32) -> ChildOutcome {
        finish(killing: !exits(within: timeoutMilliseconds))
    }

    /// Whether the child has exited (`fd` has ended), without waiting: a
    /// descriptor number reported readable may since have been closed and
    /// given to another child's pipe.
    package var hasExited: Bool { exits(within: 0) }

    /// Whether the child exits within `timeoutMilliseconds`; it is not collected.
    package func exits(within timeoutMilliseconds: Int32) -> Bool {
        var pollfd = Glibc.pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        var ready: Int32
        repeat {
            ready = poll(&pollfd, 1, timeoutMilliseconds)
        } while ready < 0 && errno == EINTR
        return ready > 0
    }

    /// Collects the child, killing it first if `killing`; without killing,
    /// this blocks until it exits, so call it once `fd` is readable. Later
    /// calls return the same outcome.
    @discardableResult
    package func finish(killing: Bool) -> ChildOutcome {
        if let outcome { return outcome }
        if killing { kill(pid, SIGKILL) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        // Exited normally (not by a signal), and with which code.
        let exitCode = status & 0x7f == 0 ? (status >> 8) & 0xff : nil
        let written = exitCode != nil && lseek(report, 0, SEEK_SET) == 0 ? Files.readAll(report) : nil
        let outcome = ChildOutcome(exitCode: exitCode, peakKiB: usage.ru_maxrss, report: written ?? [])
        self.outcome = outcome
        return outcome
    }
}

/// Memory the parent and a child share: `count` values of `T` in a memory
/// file mapped shared, zeroed, unmapped when this goes away. The parent
/// hands `fd` to the child (`ChildJob`'s `files`), which maps it with
/// `init(file:count:)`.
public final class SharedMemory<T> {
    package let pointer: UnsafeMutablePointer<T>
    package let count: Int
    /// The memory file, close-on-exec.
    package let fd: Int32

    package init?(count: Int) {
        let bytes = count * MemoryLayout<T>.stride
        let fd = count > 0 ? buoy_memfd_create_sized("buoy-shared", bytes) : -1
        guard fd >= 0 else { return nil }
        guard let pointer = Self.map(fd, bytes: bytes) else {
            close(fd)
            return nil
        }
        (self.pointer, self.count, self.fd) = (pointer, count, fd)
    }

    /// The memory of a file the parent handed over, which must hold `count` values.
    public init?(file: Int32, count: Int) {
        let bytes = count * MemoryLayout<T>.stride
        var status = stat()
        guard count > 0, fstat(file, &status) == 0, Int(status.st_size) >= bytes,
            let pointer = Self.map(file, bytes: bytes)
        else { return nil }
        (self.pointer, self.count, fd) = (pointer, count, file)
    }

    private static func map(_ fd: Int32, bytes: Int) -> UnsafeMutablePointer<T>? {
        guard let mapped = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mapped != MAP_FAILED
        else { return nil }
        return mapped.bindMemory(to: T.self, capacity: bytes / MemoryLayout<T>.stride)
    }

    deinit {
        munmap(pointer, count * MemoryLayout<T>.stride)
        close(fd)
    }
}

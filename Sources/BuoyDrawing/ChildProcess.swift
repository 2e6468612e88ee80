import BuoyFiles
import CLinux
import Glibc
import SystemCalls

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
/// that tells buoy it is exiting, a file for its report, and the files it
/// draws into.
package enum HelperFiles {
    /// The write end of the pipe whose end tells the parent it is exiting.
    package static let exited: Int32 = 3
    /// An empty file it writes its report to.
    package static let report: Int32 = 4
    /// The first of the files it is given to draw into, in order.
    package static let first: Int32 = 5
}

/// Why a child could not be started.
package struct ChildStartError: Error, CustomStringConvertible {
    package var description: String
}

/// How a child that is killed, or dropped, before it exited is collected.
package enum ChildReaping {
    /// Waited for there and then: for callers that may block (`buoy
    /// doctor`, the drawing helper's own helpers, tests), and must know the
    /// child is gone before they read what it shared.
    case blocking
    /// Handed to `ChildReaper`, which collects it on SIGCHLD: buoy's loop
    /// never waits.
    case onSignal(ChildReaper)

    /// The reaper that collects it.
    var reaper: ChildReaper {
        switch self {
        case .blocking: ChildReaper(blocking: true)
        case .onSignal(let reaper): reaper
        }
    }
}

/// A program started with `input` on its standard input and `files` as its
/// descriptors from `HelperFiles.first` on, watched through `fd`: the read
/// end of its `PolledChild` pipe, whose write end only the child holds and
/// never writes, so `fd` turns readable (end of file) as the child exits,
/// and the parent can poll it with everything else. A child started from a
/// `program` holds nothing else of the parent's (its Wayland socket, its
/// signalfd): every other descriptor is closed. A forked one
/// (`init(forking:reaping:)`, the drawing helper's SVG renderer) holds all
/// the parent holds.
///
/// The parent collects the child with `finish`, through the reaper
/// `reaping` names, which also collects it once killed.
package final class ChildJob {
    private let child: PolledChild
    package let fd: Int32
    private let report: Int32
    private var outcome: ChildOutcome?

    package var pid: pid_t { child.pid }

    package init(program: String, arguments: [String], input: [UInt8], files: [Int32], reaping: ChildReaping)
        throws(ChildStartError)
    {
        let job = input.withUnsafeBytes { buoy_pipe_holding($0.baseAddress, $0.count) }
        guard job >= 0 else { throw Self.failure("no pipe for its job of \(input.count) bytes") }
        defer { try? FileDescriptor(rawValue: job).close() }
        report = try Self.reportFile()
        let handed =
            [job, STDERR_FILENO, STDERR_FILENO].map { FileDescriptor(rawValue: $0) } + [nil]
            + ([report] + files).map { FileDescriptor(rawValue: $0) }
        do {
            child = try PolledChild(
                program, arguments: [program] + arguments, files: handed,
                outputNumber: Int(HelperFiles.exited),
                outputLimit: 1, deadline: nil, newSession: false, reaper: reaping.reaper)
        } catch {
            try? FileDescriptor(rawValue: report).close()
            throw ChildStartError(description: "cannot start \(program): \(error)")
        }
        fd = child.output?.rawValue ?? -1
    }

    private static func failure(_ what: String) -> ChildStartError {
        ChildStartError(description: "\(what): \(String(cString: strerror(errno)))")
    }

    /// The empty file for its report. Close-on-exec: commands started while
    /// the child runs must not hold it.
    private static func reportFile() throws(ChildStartError) -> Int32 {
        let report = buoy_memfd_create("buoy-draw-report")
        guard report >= 0 else { throw failure("no file for its report") }
        return report
    }

    /// `body` run in a fork of this process, which exits with what it
    /// returns and dies with this one: no new program and libraries to
    /// start (about 20 ms for buoy-draw). Only while the process runs one
    /// thread (`runsOneThread`): a lock that another thread held at the fork
    /// would stay locked in the child.
    package init(forking body: () -> Int32, reaping: ChildReaping) throws(ChildStartError) {
        report = try Self.reportFile()
        do {
            child = try PolledChild(forking: body, outputLimit: 1, deadline: nil, reaper: reaping.reaper)
        } catch {
            try? FileDescriptor(rawValue: report).close()
            throw ChildStartError(description: "cannot fork: \(error)")
        }
        fd = child.output?.rawValue ?? -1
    }

    /// Whether this process runs one thread, so that `init(forking:reaping:)` may be used.
    package static var runsOneThread: Bool {
        // /proc/self/stat: "pid (comm) state ...", num_threads the 18th field after comm.
        guard case .success(let bytes) = Files.read("/proc/self/stat", limit: 4096),
            let close = bytes.lastIndex(of: UInt8(ascii: ")"))
        else { return false }
        let fields = bytes[(close + 1)...].split(separator: UInt8(ascii: " "))
        return fields.count > 17 && Array(fields[17]) == Array("1".utf8)
    }

    /// A job dropped before it was finished is killed and collected.
    deinit {
        finish()
        try? FileDescriptor(rawValue: report).close()
    }

    /// Waits until the child exits, at most `timeoutMilliseconds` (then
    /// kills it), and collects it.
    package func wait(timeoutMilliseconds: Int32) -> ChildOutcome {
        exits(within: timeoutMilliseconds)
        return finish()
    }

    /// Whether the child has exited and can be collected without waiting:
    /// `fd` has ended (a number reported readable may since have been
    /// closed and given to another child's pipe), and the kernel has made
    /// it a zombie, which comes a moment after it closed its files.
    package var hasExited: Bool { exits(within: 0) && buoy_child_exited(pid) != 0 }

    /// Whether `fd` ends within `timeoutMilliseconds`: the child is exiting.
    /// It is not collected.
    @discardableResult
    package func exits(within timeoutMilliseconds: Int32) -> Bool {
        guard fd >= 0 else { return true }
        var pollfd = Glibc.pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        var ready: Int32
        repeat {
            ready = poll(&pollfd, 1, timeoutMilliseconds)
        } while ready < 0 && errno == EINTR
        return ready > 0
    }

    /// Collects the child. One still at work is killed, and its outcome has
    /// no exit code; its reaper collects it. Later calls return the same
    /// outcome.
    @discardableResult
    package func finish() -> ChildOutcome {
        if let outcome { return outcome }
        let exited = child.reaperBlocks ? exits(within: 0) : hasExited
        // A zombie is collected at once; only a blocking reaper waits out an exit under way.
        guard exited, let exit = child.collect() else {
            child.kill(.deadline)
            let killed = ChildOutcome(exitCode: nil, peakKiB: 0, report: [])
            outcome = killed
            return killed
        }
        let written = exit.code != nil && lseek(report, 0, SEEK_SET) == 0 ? Files.readAll(report) : nil
        let outcome = ChildOutcome(exitCode: exit.code, peakKiB: exit.peakKiB, report: written ?? [])
        self.outcome = outcome
        return outcome
    }
}

/// Memory the parent and a child share: `count` values of `T` in a memory
/// file mapped shared, zeroed, unmapped when this goes away. The parent
/// hands `fd` to the child (`ChildJob`'s `files`), which maps it with
/// `init(file:count:)`.
package final class SharedMemory<T> {
    package let pointer: UnsafeMutablePointer<T>
    package let count: Int
    /// The memory file, close-on-exec.
    package let fd: Int32

    package init?(count: Int) {
        let bytes = count * MemoryLayout<T>.stride
        let fd = count > 0 ? buoy_memfd_create_sized("buoy-shared", bytes) : -1
        guard fd >= 0 else { return nil }
        guard let pointer = Self.map(fd, bytes: bytes) else {
            try? FileDescriptor(rawValue: fd).close()
            return nil
        }
        (self.pointer, self.count, self.fd) = (pointer, count, fd)
    }

    /// The memory of a file the parent handed over, which must hold `count` values.
    package init?(file: Int32, count: Int) {
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
        try? FileDescriptor(rawValue: fd).close()
    }
}

import CLinux
import Glibc

/// How a child ended, as `wait4` said.
public struct ChildExit: Equatable, Sendable {
    /// Its exit code; nil when a signal ended it.
    public var code: Int32?
    /// The signal that ended it; nil when it exited.
    public var signal: Int32?
    /// Its peak resident memory (ru_maxrss), in KiB.
    public var peakKiB: Int

    /// An exit of `code` or by `signal`, with this peak memory.
    public init(code: Int32?, signal: Int32? = nil, peakKiB: Int = 0) {
        self.code = code
        self.signal = signal
        self.peakKiB = peakKiB
    }
}

/// Collects the children its owners started: the one place that waits for
/// a child (`wait4`). Each child is `adopt`ed as it starts. In buoy's loop
/// SIGCHLD calls `reap` (signals merge: one may stand for several), which
/// waits for the adopted pids only, never blocking, and keeps each exit
/// until its owner `take`s it; a child its owner `abandon`s (killed, or
/// dropped) is collected and forgotten. A reaper made `blocking` waits
/// instead, for callers that may block (`buoy doctor`, the drawing
/// helper's own helpers, tests) and must know a child is gone.
public final class ChildReaper {
    private enum Child {
        case running(kept: Bool)
        case exited(ChildExit)
    }

    /// Whether `take` and `abandon` wait for a child still running.
    public let blocking: Bool
    private var children: [pid_t: Child] = [:]

    /// A reaper that never waits, or (`blocking`) one that does.
    public init(blocking: Bool = false) {
        self.blocking = blocking
    }

    /// The pids adopted and not yet collected.
    public var pending: [pid_t] {
        children.compactMap { pid, child in
            if case .running = child { pid } else { nil }
        }.sorted()
    }

    /// Whether `pid` was adopted and is not collected yet: only then may it
    /// be sent a signal (a collected pid may be another process's by now).
    public func isRunning(_ pid: pid_t) -> Bool {
        if case .running = children[pid] { true } else { false }
    }

    /// Takes a child just started.
    public func adopt(_ pid: pid_t) {
        children[pid] = .running(kept: true)
    }

    /// Collects every adopted child that has exited; returns those whose
    /// owner still wants their exit, which `take` then gives.
    @discardableResult
    public func reap() -> [(pid: pid_t, exit: ChildExit)] {
        var exited: [(pid: pid_t, exit: ChildExit)] = []
        for (pid, child) in children.sorted(by: { $0.key < $1.key }) {
            guard case .running(let kept) = child, let exit = Self.collect(pid, waiting: false) else {
                continue
            }
            if kept {
                children[pid] = .exited(exit)
                exited.append((pid, exit))
            } else {
                children[pid] = nil
            }
        }
        return exited
    }

    /// `pid`'s exit, collected now if it has exited (waited for, when
    /// `blocking`), and forgotten; nil while it runs.
    public func take(_ pid: pid_t) -> ChildExit? {
        switch children[pid] {
        case .exited(let exit):
            children[pid] = nil
            return exit
        case .running, nil:
            guard let exit = Self.collect(pid, waiting: blocking) else { return nil }
            children[pid] = nil
            return exit
        }
    }

    /// Its owner wants nothing more of `pid` (killed, or dropped): it is
    /// collected now if it can be (waited for, when `blocking`), else by a
    /// later `reap`, and its exit is forgotten.
    public func abandon(_ pid: pid_t) {
        if case .exited = children[pid] {
            children[pid] = nil
        } else if Self.collect(pid, waiting: blocking) != nil {
            children[pid] = nil
        } else {
            children[pid] = .running(kept: false)
        }
    }

    /// Collects `pid` if it has exited (or, `waiting`, once it has); nil
    /// while it runs. A pid that is no child of this process (ECHILD) counts
    /// as collected, with no exit code.
    private static func collect(_ pid: pid_t, waiting: Bool) -> ChildExit? {
        var status: Int32 = 0
        var usage = rusage()
        var collected: pid_t
        repeat {
            collected = wait4(pid, &status, waiting ? 0 : WNOHANG, &usage)
        } while collected < 0 && errno == EINTR
        if collected < 0 { return ChildExit(code: nil) }
        guard collected == pid else { return nil }
        // Exited normally (not by a signal), and with which code; else the signal.
        let signal = status & 0x7f
        return ChildExit(
            code: signal == 0 ? (status >> 8) & 0xff : nil, signal: signal == 0 ? nil : signal,
            peakKiB: usage.ru_maxrss)
    }
}

/// A child the poll loop watches, one more descriptor in its poll, as mako
/// treats its children: started by `spawn`, with the write end of a pipe as
/// its descriptor `outputNumber`, whose read end (`output`, non-blocking)
/// the loop polls and `read` drains, up to `outputLimit` bytes. Past them,
/// or past its `deadline`, it is cut off: killed, with its process group
/// when it has one of its own (`newSession`: a shell and what it started).
/// Its `reaper` collects it; dropped before it was collected, it is killed.
public final class PolledChild {
    /// Why a child was killed before it finished.
    public enum CutOff: Equatable, Sendable {
        /// It wrote more than `outputLimit` bytes.
        case flood
        /// It was still at work at its deadline.
        case deadline
    }

    public let pid: pid_t
    /// When it is cut off, in the loop's seconds; nil: never.
    public let deadline: Double?
    /// The most bytes of output read: a child that has written that many is
    /// cut off, for it may have more.
    public let outputLimit: Int
    /// What it has written so far.
    public private(set) var written: [UInt8] = []
    /// The read end of its output pipe while open: the loop polls it.
    public private(set) var output: FileDescriptor?
    /// Why it was killed, if it was.
    public private(set) var cutOff: CutOff?
    private let ownGroup: Bool
    private let reaper: ChildReaper
    private var exit: ChildExit?

    /// Starts `program` (`arguments`: its argv, its name first) with
    /// `files` as its descriptors (`spawn`), and the write end of a new pipe
    /// as its descriptor `outputNumber`, which `files` holds nil at or does
    /// not reach.
    public init(
        _ program: String, arguments: [String], files: [FileDescriptor?], outputNumber: Int,
        outputLimit: Int, deadline: Double?, newSession: Bool, reaper: ChildReaper
    ) throws(Errno) {
        var ends: [Int32] = [-1, -1]
        // Close-on-exec, so that no other child holds the write end open.
        guard buoy_pipe_cloexec(&ends, 1) == 0 else { throw Errno.current }
        let (read, write) = (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
        defer { try? write.close() }
        var handed = files + Array(repeating: nil, count: max(0, outputNumber + 1 - files.count))
        handed[outputNumber] = write
        do {
            pid = try spawn(program, arguments: arguments, files: handed, newSession: newSession)
        } catch {
            try? read.close()
            throw error
        }
        reaper.adopt(pid)
        (self.deadline, self.outputLimit, ownGroup, self.reaper, output) = (
            deadline, outputLimit, newSession, reaper, read
        )
    }

    /// `body` run in a fork of this process, which exits with what it
    /// returns and dies with this one (PR_SET_PDEATHSIG); the write end of
    /// the pipe is the fork's, which it may write to. Only while the process
    /// runs one thread: a lock that another thread held at the fork would
    /// stay locked in the child.
    public init(forking body: () -> Int32, outputLimit: Int, deadline: Double?, reaper: ChildReaper)
        throws(Errno)
    {
        var ends: [Int32] = [-1, -1]
        guard buoy_pipe_cloexec(&ends, 1) == 0 else { throw Errno.current }
        let (read, write) = (FileDescriptor(rawValue: ends[0]), FileDescriptor(rawValue: ends[1]))
        let parent = getpid()
        pid = fork()
        if pid == 0 {
            try? read.close()
            _exit(buoy_die_with_parent(parent) == 0 ? body() : 1)
        }
        let forkError = Errno.current
        try? write.close()
        guard pid > 0 else {
            try? read.close()
            throw forkError
        }
        reaper.adopt(pid)
        (self.deadline, self.outputLimit, ownGroup, self.reaper, output) = (
            deadline, outputLimit, false, reaper, read
        )
    }

    /// Whether its reaper waits for a child still running (`ChildReaper.blocking`).
    public var reaperBlocks: Bool { reaper.blocking }

    /// Reads what its output has, without waiting; at the pipe's end (the
    /// child closed it, or exited) the pipe is closed, and past
    /// `outputLimit` the child is cut off. Returns whether the pipe was
    /// closed: its owner stops polling it.
    @discardableResult
    public func read() -> Bool {
        guard let output else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count: Int
            do { count = try output.read(into: &buffer) } catch {
                if error == .wouldBlock { return false }
                break
            }
            guard count > 0 else { break }
            written += buffer.prefix(count)
            if written.count >= outputLimit {
                kill(.flood)
                return true
            }
        }
        closeOutput()
        return true
    }

    /// Cuts it off if it is still at work at `now`, past its deadline;
    /// returns whether it did.
    @discardableResult
    public func cutOffIfLate(now: Double) -> Bool {
        guard let deadline, now >= deadline, exit == nil, cutOff == nil else { return false }
        kill(.deadline)
        return true
    }

    /// How it ended, once its output is closed and its reaper has collected
    /// it; nil while either is not so. One cut off has ended, by SIGKILL.
    public var ended: ChildExit? {
        output == nil ? collect() : nil
    }

    /// How it ended, once its reaper has collected it (waited for, when the
    /// reaper blocks), whatever is left in its output; nil while it runs.
    public func collect() -> ChildExit? {
        if exit == nil { exit = reaper.take(pid) }
        return exit
    }

    /// Kills it, and its group (`newSession`), for `why`; its reaper
    /// collects it and forgets it, and its pipe is closed.
    public func kill(_ why: CutOff) {
        guard exit == nil, cutOff == nil else { return }
        cutOff = why
        stop()
    }

    private func stop() {
        if reaper.isRunning(pid) { Glibc.kill(ownGroup ? -pid : pid, SIGKILL) }
        reaper.abandon(pid)
        exit = ChildExit(code: nil, signal: SIGKILL)
        closeOutput()
    }

    private func closeOutput() {
        try? output?.close()
        output = nil
    }

    /// Dropped before it ended, it is killed.
    deinit {
        if exit == nil { stop() }
        closeOutput()
    }
}

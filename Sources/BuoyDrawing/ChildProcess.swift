import Glibc

/// How a child ended.
struct ChildOutcome {
    /// The exit code; nil when it was killed (timed out) or crashed.
    var exitCode: Int32?
    /// Its peak resident memory (ru_maxrss), in KiB.
    var peakKiB: Int
}

/// A forked child running `body`, watched through `fd`: the read end of a
/// pipe whose write end only the child holds, so `fd` turns readable (end
/// of file) when the child exits, and the parent can poll it with
/// everything else. The child leaves with `_exit` and `body`'s result, so it
/// runs no exit handlers and flushes nothing of the parent's.
///
/// buoy has one thread, so the child may call into the C libraries; `body`
/// must touch nothing of the parent's (the Wayland socket, stdio) and can
/// hand results back only through shared memory made before the fork
/// (`MAP_SHARED`). The parent collects the child with `finish`, by its
/// pid, so `CommandRunner`'s reaping (which waits only for its own
/// commands) never takes it.
final class ChildJob {
    let pid: pid_t
    let fd: Int32
    private var outcome: ChildOutcome?

    init?(_ body: () -> Int32) {
        // Close-on-exec: commands started while the child runs must not
        // hold either end (the write end would keep `fd` from ending).
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let pid = fork()
        if pid == 0 {
            close(fds[0])
            _exit(body())
        }
        close(fds[1])
        guard pid > 0 else {
            close(fds[0])
            return nil
        }
        self.pid = pid
        fd = fds[0]
    }

    /// A job dropped before it was finished is killed and collected.
    deinit {
        _ = finish(killing: true)
        close(fd)
    }

    /// Waits until the child exits, at most `timeoutMilliseconds` (then
    /// kills it), and collects it.
    func wait(timeoutMilliseconds: Int32) -> ChildOutcome {
        finish(killing: !exits(within: timeoutMilliseconds))
    }

    /// Whether the child has exited (`fd` has ended), without waiting: a
    /// descriptor number reported readable may since have been closed and
    /// given to another child's pipe.
    var hasExited: Bool { exits(within: 0) }

    /// Whether the child exits within `timeoutMilliseconds`; it is not collected.
    func exits(within timeoutMilliseconds: Int32) -> Bool {
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
    func finish(killing: Bool) -> ChildOutcome {
        if let outcome { return outcome }
        if killing { kill(pid, SIGKILL) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        // Exited normally (not by a signal), and with which code.
        let exitCode = status & 0x7f == 0 ? (status >> 8) & 0xff : nil
        let outcome = ChildOutcome(exitCode: exitCode, peakKiB: usage.ru_maxrss)
        self.outcome = outcome
        return outcome
    }
}

/// Memory the parent and a child share: `count` values of `T` in an
/// anonymous `MAP_SHARED` mapping, zeroed, unmapped when this goes away.
final class SharedMemory<T> {
    let pointer: UnsafeMutablePointer<T>
    let count: Int

    init?(count: Int) {
        guard count > 0,
            let mapped = mmap(
                nil, count * MemoryLayout<T>.stride, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0
            ),
            mapped != MAP_FAILED
        else { return nil }
        pointer = mapped.bindMemory(to: T.self, capacity: count)
        self.count = count
    }

    deinit {
        munmap(pointer, count * MemoryLayout<T>.stride)
    }
}

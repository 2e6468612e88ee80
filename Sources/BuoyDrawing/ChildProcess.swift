import Glibc

/// How a child from `runInChild` ended.
struct ChildOutcome {
    /// The exit code; nil when it was killed (timed out) or crashed.
    var exitCode: Int32?
    /// Its peak resident memory (ru_maxrss), in KiB.
    var peakKiB: Int
}

/// Runs `body` in a forked child and waits for it, at most
/// `timeoutMilliseconds` (then kills it). The child leaves with `_exit` and
/// `body`'s result, so it runs no exit handlers and flushes nothing of the
/// parent's.
///
/// buoy has one thread, so the child may call into the C libraries; `body`
/// must touch nothing of the parent's (the Wayland socket, stdio) and can
/// hand results back only through shared memory made before the fork
/// (`MAP_SHARED`). The parent waits synchronously, so `CommandRunner`'s
/// SIGCHLD reaping never sees the child, only a spurious SIGCHLD.
func runInChild(timeoutMilliseconds: Int32, _ body: () -> Int32) -> ChildOutcome? {
    // The child holds the pipe's write end; its exit closes it, which is
    // what the parent polls for, with a timeout. Both ends are closed
    // before anything else can run, so they need no close-on-exec.
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { return nil }
    let pid = fork()
    if pid == 0 {
        close(fds[0])
        _exit(body())
    }
    close(fds[1])
    defer { close(fds[0]) }
    guard pid > 0 else { return nil }
    var pollfd = Glibc.pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)
    var ready: Int32
    repeat {
        ready = poll(&pollfd, 1, timeoutMilliseconds)
    } while ready < 0 && errno == EINTR
    if ready <= 0 { kill(pid, SIGKILL) }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    // Exited normally (not by a signal), and with which code.
    let exitCode = status & 0x7f == 0 ? (status >> 8) & 0xff : nil
    return ChildOutcome(exitCode: exitCode, peakKiB: usage.ru_maxrss)
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

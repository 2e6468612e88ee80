import BuoyDrawing
import BuoyWayland
import SystemCalls

/// The pipes of the children at work (a drawing child's turns readable
/// once it is exiting, a status command's and the application scan's as
/// they write), kept polled by the loop: those `keep` was last given, and
/// only those. It unwatches before it watches, so a number the kernel has
/// already reused for the next child's pipe stays watched.
final class ChildWatch {
    private let loop: EventLoop
    /// buoy's one reaper, which collects its children on SIGCHLD.
    let reaper: ChildReaper
    private var watched: [Int32] = []

    init(loop: EventLoop, reaper: ChildReaper) {
        self.loop = loop
        self.reaper = reaper
    }

    /// How a child killed before it exited is collected: on SIGCHLD, never by waiting.
    var reaping: ChildReaping { .onSignal(reaper) }

    deinit {
        for fd in watched { loop.unwatch(fd) }
    }

    func keep(_ fds: [Int32]) {
        guard fds != watched else { return }
        for fd in watched where !fds.contains(fd) { loop.unwatch(fd) }
        for fd in fds where !watched.contains(fd) { loop.watch(fd) }
        watched = fds
    }
}

extension MenuArtist.Job {
    /// Whether the child is done, as of `wakeup` at `now`: nil while it
    /// works, else whether it is to be killed, past its `deadline`. One that
    /// has exited by then is taken, never killed. Its number in
    /// `wakeup.readable` may be a pipe's that a child killed earlier in this
    /// wakeup left to this one, hence `hasExited`.
    func isDone(in wakeup: Wakeup, deadline: Double, now: Double) -> Bool? {
        guard wakeup.readable.contains(fd) || now >= deadline else { return nil }
        if hasExited { return false }
        return now >= deadline ? true : nil
    }
}

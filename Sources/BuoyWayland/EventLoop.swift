import CLinux
import CWaylandClient
import Glibc
import SystemCalls

/// What woke the loop, handed to the app once per iteration after every
/// Wayland event has been dispatched.
package struct Wakeup {
    package var signals: [Int32] = []
    /// Extra descriptors (IPC, inotify) that are readable, or have hung up
    /// or failed.
    package var readable: [Int32] = []
    /// Extra descriptors watched for `POLLOUT` that can be written.
    package var writable: [Int32] = []
}

/// The single poll loop: the Wayland socket, one timerfd for every deadline
/// and a signalfd, plus whatever descriptors the app adds. Nothing else
/// blocks and no other thread touches Wayland.
package final class EventLoop {
    private let display: Display
    private let timerFD: Int32
    private let signalFD: Int32
    /// The extra descriptors and the poll events each is watched for.
    private var extraFDs: [(fd: Int32, events: Int16)] = []
    private var armedDeadline: Double?

    /// Blocks `signals` process-wide and routes them through a signalfd.
    package init(display: Display, signals: [Int32]) throws(WaylandError) {
        self.display = display
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in signals { sigaddset(&mask, signal) }
        signalFD = buoy_signalfd_create(&mask)
        timerFD = buoy_timerfd_create()
        guard signalFD >= 0, timerFD >= 0 else {
            for fd in [signalFD, timerFD] where fd >= 0 { try? FileDescriptor(rawValue: fd).close() }
            throw .system("cannot create the event loop's descriptors")
        }
    }

    deinit {
        try? FileDescriptor(rawValue: timerFD).close()
        try? FileDescriptor(rawValue: signalFD).close()
    }

    /// Adds `fd` to the poll, or changes what it is polled for. `POLLOUT`
    /// asks for write readiness (a socket whose peer reads slowly); `0`
    /// still reports a hangup or an error. Either lands in the `Wakeup`.
    package func watch(_ fd: Int32, events: Int16 = Int16(POLLIN)) {
        if let index = extraFDs.firstIndex(where: { $0.fd == fd }) {
            extraFDs[index].events = events
        } else {
            extraFDs.append((fd, events))
        }
    }

    package func unwatch(_ fd: Int32) {
        extraFDs.removeAll { $0.fd == fd }
    }

    /// Arms the timer at a CLOCK_MONOTONIC deadline in seconds, or disarms it
    /// for nil. Re-arming to the same deadline costs no syscall.
    package func arm(deadline: Double?) {
        guard deadline != armedDeadline else { return }
        armedDeadline = deadline
        buoy_timerfd_arm(timerFD, deadline ?? -1)
    }

    /// Runs until `body` returns false. `body` runs once per wakeup, after
    /// all pending Wayland events are dispatched, and before the flush.
    package func run(_ body: (Wakeup) -> Bool) throws(WaylandError) {
        let proxy = display.proxy
        var wakeup = Wakeup()
        while true {
            // prepare_read fails while events are queued; dispatch them first
            // so that nothing read by an earlier call waits in the queue
            // while we sleep in poll.
            while wl_display_prepare_read(proxy) != 0 {
                if wl_display_dispatch_pending(proxy) < 0 {
                    throw display.connectionError()
                }
            }
            if !body(wakeup) {
                wl_display_cancel_read(proxy)
                return
            }
            wakeup = Wakeup()
            // Flush after the app has issued this iteration's requests.
            // EAGAIN means the socket is full; poll for POLLOUT and retry.
            var wantWrite = false
            if wl_display_flush(proxy) < 0 {
                if errno == EAGAIN {
                    wantWrite = true
                } else {
                    wl_display_cancel_read(proxy)
                    throw display.connectionError()
                }
            }
            var fds = [
                pollfd(fd: display.fd, events: Int16(POLLIN) | (wantWrite ? Int16(POLLOUT) : 0), revents: 0),
                pollfd(fd: timerFD, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0),
            ]
            for extra in extraFDs { fds.append(pollfd(fd: extra.fd, events: extra.events, revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), -1)
            if ready < 0 {
                wl_display_cancel_read(proxy)
                if errno == EINTR { continue }
                throw .system("poll failed: \(String(cString: strerror(errno)))")
            }
            if fds[0].revents & Int16(POLLIN) != 0 {
                if wl_display_read_events(proxy) < 0 { throw display.connectionError() }
            } else {
                wl_display_cancel_read(proxy)
                if fds[0].revents & Int16(POLLHUP | POLLERR) != 0 {
                    throw .connectionLost("the compositor closed the connection")
                }
            }
            if wl_display_dispatch_pending(proxy) < 0 { throw display.connectionError() }
            if fds[1].revents & Int16(POLLIN) != 0, buoy_timerfd_consume(timerFD) != 0 {
                armedDeadline = nil
            }
            if fds[2].revents & Int16(POLLIN) != 0 {
                while case let signal = buoy_signalfd_read(signalFD), signal != 0 {
                    wakeup.signals.append(signal)
                }
            }
            for pollFD in fds.dropFirst(3) {
                if pollFD.revents & ~Int16(POLLOUT) != 0 { wakeup.readable.append(pollFD.fd) }
                if pollFD.revents & Int16(POLLOUT) != 0 { wakeup.writable.append(pollFD.fd) }
            }
        }
    }
}

/// Seconds on CLOCK_MONOTONIC: the clock every deadline in buoy is on.
package func monotonicNow() -> Double {
    buoy_monotonic_now()
}

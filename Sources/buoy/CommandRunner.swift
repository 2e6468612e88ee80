import Glibc

/// Starts the user's commands with `/bin/sh -c` through posix_spawn and
/// reaps them on SIGCHLD, so no child is ever left a zombie.
final class CommandRunner {
    private let log: Logger
    /// Children still running, by pid, with the command they run.
    private(set) var running: [pid_t: String] = [:]
    private(set) var started = 0

    init(log: Logger) {
        self.log = log
    }

    /// Starts `command`; returns why it did not (logged too): it could not
    /// start, or `limit` commands are still running (a stuck command and a
    /// burst of taps must not become a spawn storm).
    @discardableResult
    func run(_ command: String, reason: String, limit: Int) -> String? {
        if running.count >= limit {
            let refusal =
                "\(reason): refused; \(running.count) commands still running ([actions] max_running = \(limit))"
            log.warning(refusal)
            return refusal
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // buoy blocks the signals it reads through its signalfd; a child must
        // start with none blocked and default handlers, or Ctrl-C and kill
        // would not reach it.
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // A session of its own: signals sent to buoy's process group (a
        // terminal's Ctrl-C, a service manager) don't hit the user's commands.
        let setsid: Int32 = 0x80  // POSIX_SPAWN_SETSID (glibc 2.26+)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | setsid))

        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("sh"), strdup("-c"), strdup(command), nil]
        defer { for arg in argv { free(arg) } }
        let status = posix_spawn(&pid, "/bin/sh", nil, &attributes, argv, environ)
        guard status == 0 else {
            let failure = "\(reason): cannot start \"\(command)\": \(String(cString: strerror(status)))"
            log.error(failure)
            return failure
        }
        running[pid] = command
        started += 1
        log.info("\(reason): started pid \(pid): \(command)")
        return nil
    }

    /// Collects every command that has exited. Called on SIGCHLD; signals
    /// merge, so one SIGCHLD may stand for several children. It waits for
    /// its own pids only: the menu's drawing children are collected by
    /// their owner, which needs their status.
    func reap() {
        for pid in Array(running.keys) {
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid, let command = running.removeValue(forKey: pid) else {
                continue
            }
            let exitCode = (status >> 8) & 0xff
            let signal = status & 0x7f
            if signal != 0 {
                log.warning("pid \(pid) killed by signal \(signal): \(command)")
            } else if exitCode != 0 {
                log.warning("pid \(pid) exited with status \(exitCode): \(command)")
            } else {
                log.info("pid \(pid) exited with status 0")
            }
        }
    }
}

import BuoyCore
import Glibc
import SystemCalls

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

    /// What `start` did.
    enum Started {
        /// The child's pid, which `reap` names once it exits.
        case pid(pid_t)
        /// Why it did not start (logged too).
        case refused(String)
    }

    /// Starts `command`; returns why it did not (logged too): it could not
    /// start, or `limit` commands are still running (a stuck command and a
    /// burst of taps must not become a spawn storm).
    @discardableResult
    func run(_ command: String, reason: String, limit: Int) -> String? {
        if case .refused(let why) = start(command, reason: reason, limit: limit) { return why }
        return nil
    }

    /// Starts `command` as `run` does, and says which child runs it.
    func start(_ command: String, reason: String, limit: Int) -> Started {
        if running.count >= limit {
            let refusal =
                "\(reason): refused; \(running.count) commands still running ([actions] max_running = \(limit))"
            log.warning(refusal)
            return .refused(refusal)
        }
        let journal = log.toJournal ? CommandOutput.journalStream(for: reason) : nil
        let spawned = ShellCommand.spawn(command, stdout: journal, stderr: journal)
        if let journal { try? FileDescriptor(rawValue: journal).close() }
        let pid: pid_t
        switch spawned {
        case .success(let started): pid = started
        case .failure(let error):
            let failure = "\(reason): cannot start \"\(command)\": \(error.description)"
            log.error(failure)
            return .refused(failure)
        }
        running[pid] = command
        started += 1
        let output =
            journal == nil ? "" : " (its output: journalctl -t \"\(JournalStream.identifier(for: reason))\")"
        log.info("\(reason): started pid \(pid): \(command)\(output)")
        return .pid(pid)
    }

    /// Collects every command that has exited. Called on SIGCHLD; signals
    /// merge, so one SIGCHLD may stand for several children. It waits for
    /// its own pids only: the drawing children are collected by their
    /// owner, which needs their status, or by `ChildReaper` once killed.
    /// Returns the pids collected.
    @discardableResult
    func reap() -> [pid_t] {
        var exited: [pid_t] = []
        for pid in Array(running.keys) {
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid, let command = running.removeValue(forKey: pid) else {
                continue
            }
            exited.append(pid)
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
        return exited
    }
}

import BuoyCore
import BuoyServices
import Glibc
import SystemCalls

/// Starts the user's commands with `/bin/sh -c` through posix_spawn; buoy's
/// one reaper collects them on SIGCHLD, so no child is ever left a zombie,
/// and `reaped` logs how each ended.
final class CommandRunner {
    private let log: Logger
    private let reaper: ChildReaper
    /// Children still running, by pid, with the command they run.
    private(set) var running: [pid_t: String] = [:]
    private(set) var started = 0

    init(reaper: ChildReaper, log: Logger) {
        self.reaper = reaper
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
        reaper.adopt(pid)
        running[pid] = command
        started += 1
        let output =
            journal == nil ? "" : " (its output: journalctl -t \"\(JournalStream.identifier(for: reason))\")"
        log.info("\(reason): started pid \(pid): \(command)\(output)")
        return .pid(pid)
    }

    /// Takes the commands among the children the reaper `collected` (on
    /// SIGCHLD) and logs how each ended; the others are their owners'.
    /// Returns the pids of the commands.
    func reaped(_ collected: [(pid: pid_t, exit: ChildExit)]) -> [pid_t] {
        var exited: [pid_t] = []
        for (pid, exit) in collected {
            guard let command = running.removeValue(forKey: pid) else { continue }
            _ = reaper.take(pid)
            exited.append(pid)
            if let signal = exit.signal {
                log.warning("pid \(pid) killed by signal \(signal): \(command)")
            } else if let code = exit.code, code != 0 {
                log.warning("pid \(pid) exited with status \(code): \(command)")
            } else {
                log.info("pid \(pid) exited with status 0")
            }
        }
        return exited
    }
}

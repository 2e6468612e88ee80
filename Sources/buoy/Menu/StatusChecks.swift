import BuoyButton
import BuoyWayland
import CLinux
import Glibc
import SystemCalls

/// The menu items' `status` commands at work: each started with
/// `/bin/sh -c`, its stdout on a pipe the loop polls, read up to
/// `MenuStatus.maxOutput` and killed then or at its deadline. buoy never
/// waits for one: `update`, on every wakeup, takes what they wrote and
/// collects those that have exited.
final class StatusChecks {
    /// One command and where its status goes.
    private struct Check {
        var owner: ButtonInstance.Key
        var path: [String]
        var item: MenuStatusCheck
        var pid: pid_t
        var pipe: FileDescriptor?
        var output: [UInt8] = []
        var deadline: Double
        /// Cut off (a flood, or its deadline): killed, its exit status unknown.
        var cutOff = false
    }

    private let loop: EventLoop
    private let log: Logger
    private var checks: [Check] = []

    init(loop: EventLoop, log: Logger) {
        self.loop = loop
        self.log = log
    }

    deinit {
        for index in checks.indices { stop(index) }
    }

    /// When the next one is given up.
    var deadline: Double? { checks.filter { !$0.cutOff }.map(\.deadline).min() }

    /// Starts `items`' commands for `owner`'s level at `path`, but for one
    /// still running from the last time it showed.
    func start(_ items: [MenuStatusCheck], of owner: ButtonInstance.Key, path: [String], now: Double) {
        for item in items
        where !checks.contains(where: { $0.owner == owner && $0.path == path && $0.item == item }) {
            guard let (pid, pipe) = spawn(item.command) else { continue }
            loop.watch(pipe.rawValue)
            checks.append(
                Check(
                    owner: owner, path: path, item: item, pid: pid, pipe: pipe,
                    deadline: now + MenuStatus.deadline))
        }
    }

    /// What the commands said by `wakeup`, as the menu's inputs.
    func update(_ wakeup: Wakeup, now: Double) -> [MenuInput] {
        var inputs: [MenuInput] = []
        for index in checks.indices.reversed() {
            if let pipe = checks[index].pipe, wakeup.readable.contains(pipe.rawValue) { read(index) }
            if checks[index].pipe != nil, now >= checks[index].deadline, !checks[index].cutOff {
                log.warning(
                    "menu status \"\(checks[index].item.command)\": killed after \(MenuStatus.deadline) s")
                cutOff(index)
            }
            guard checks[index].pipe == nil else { continue }
            var status: Int32 = 0
            guard waitpid(checks[index].pid, &status, WNOHANG) == checks[index].pid else { continue }
            let check = checks.remove(at: index)
            let exited = status & 0x7f == 0 && !check.cutOff
            let said = MenuStatus.read(
                output: check.output, exitCode: exited ? (status >> 8) & 0xff : nil, toggle: check.item.toggle
            )
            inputs.append(
                .status(
                    check.owner, path: check.path, index: check.item.index, command: check.item.command, said)
            )
        }
        return inputs
    }

    /// Reads what the pipe has; at its end, or past `MenuStatus.maxOutput`, it is done with.
    private func read(_ index: Int) {
        guard let pipe = checks[index].pipe else { return }
        var buffer = [UInt8](repeating: 0, count: 1024)
        while true {
            let count: Int
            do { count = try pipe.read(into: &buffer) } catch {
                if error == .wouldBlock { return }
                break
            }
            guard count > 0 else { break }
            checks[index].output += buffer.prefix(count)
            if checks[index].output.count >= MenuStatus.maxOutput {
                log.warning(
                    "menu status \"\(checks[index].item.command)\": cut off after \(MenuStatus.maxOutput) bytes"
                )
                cutOff(index)
                return
            }
        }
        closePipe(index)
    }

    /// Kills a command that said too much or took too long (its whole
    /// session: the shell and what it started).
    private func cutOff(_ index: Int) {
        checks[index].cutOff = true
        kill(-checks[index].pid, SIGKILL)
        closePipe(index)
    }

    private func closePipe(_ index: Int) {
        guard let pipe = checks[index].pipe else { return }
        loop.unwatch(pipe.rawValue)
        try? pipe.close()
        checks[index].pipe = nil
    }

    /// buoy stops: each is killed and collected.
    private func stop(_ index: Int) {
        closePipe(index)
        kill(-checks[index].pid, SIGKILL)
        var status: Int32 = 0
        waitpid(checks[index].pid, &status, WNOHANG)
    }

    /// Starts `command` with its stdout on a new pipe; nil (logged) if it cannot.
    private func spawn(_ command: String) -> (pid_t, FileDescriptor)? {
        var ends: [Int32] = [-1, -1]
        // Close-on-exec, so that no other command holds the write end open;
        // the read end polled, never waited on.
        guard buoy_pipe_cloexec(&ends, 1) == 0 else {
            log.error("menu status \"\(command)\": no pipe: \(String(cString: strerror(errno)))")
            return nil
        }
        // Its errors, like a command's output, go to a journal stream of their own.
        let journal = log.toJournal ? CommandOutput.journalStream(for: "status \(command)") : nil
        let started = ShellCommand.spawn(command, stdout: ends[1], stderr: journal)
        try? FileDescriptor(rawValue: ends[1]).close()
        if let journal { try? FileDescriptor(rawValue: journal).close() }
        guard case .success(let pid) = started else {
            try? FileDescriptor(rawValue: ends[0]).close()
            if case .failure(let error) = started {
                log.error("menu status \"\(command)\": cannot start: \(error.description)")
            }
            return nil
        }
        log.debug("menu status \"\(command)\": started pid \(pid)")
        return (pid, FileDescriptor(rawValue: ends[0]))
    }
}

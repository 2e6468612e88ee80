import BuoyButton
import BuoyWayland
import Glibc
import SystemCalls

/// The menu items' `status` commands at work: each started with
/// `/bin/sh -c` as a `PolledChild`, its stdout read up to
/// `MenuStatus.maxOutput` and cut off then or at its deadline. buoy never
/// waits for one: `update`, on every wakeup, takes what they wrote and
/// those that have ended.
final class StatusChecks {
    /// One command and where its status goes.
    private struct Check {
        var owner: ButtonInstance.Key
        var path: [String]
        var item: MenuStatusCheck
        var child: PolledChild
    }

    private let watch: ChildWatch
    private let log: Logger
    private var checks: [Check] = []

    init(loop: EventLoop, reaper: ChildReaper, log: Logger) {
        watch = ChildWatch(loop: loop, reaper: reaper)
        self.log = log
    }

    /// When the next one is given up.
    var deadline: Double? { checks.filter { $0.child.cutOff == nil }.compactMap(\.child.deadline).min() }

    /// Starts `items`' commands for `owner`'s level at `path`, but for one
    /// still running from the last time it showed.
    func start(_ items: [MenuStatusCheck], of owner: ButtonInstance.Key, path: [String], now: Double) {
        for item in items
        where !checks.contains(where: { $0.owner == owner && $0.path == path && $0.item == item }) {
            // Its errors, like a command's output, go to a journal stream of their own.
            let journal = log.toJournal ? CommandOutput.journalStream(for: "status \(item.command)") : nil
            let started = ShellCommand.polled(
                item.command, stderr: journal, outputLimit: MenuStatus.maxOutput,
                deadline: now + MenuStatus.deadline, reaper: watch.reaper)
            if let journal { try? FileDescriptor(rawValue: journal).close() }
            switch started {
            case .success(let child):
                log.debug("menu status \"\(item.command)\": started pid \(child.pid)")
                checks.append(Check(owner: owner, path: path, item: item, child: child))
            case .failure(let error):
                log.error("menu status \"\(item.command)\": cannot start: \(error.description)")
            }
        }
        watchOutputs()
    }

    /// The loop polls the pipes still open, and only those.
    private func watchOutputs() {
        watch.keep(checks.compactMap { $0.child.output?.rawValue })
    }

    /// What the commands said by `wakeup`, as the menu's inputs.
    func update(_ wakeup: Wakeup, now: Double) -> [MenuInput] {
        var inputs: [MenuInput] = []
        for index in checks.indices.reversed() {
            let check = checks[index]
            if let output = check.child.output, wakeup.readable.contains(output.rawValue), check.child.read(),
                check.child.cutOff == .flood
            {
                log.warning(
                    "menu status \"\(check.item.command)\": cut off after \(MenuStatus.maxOutput) bytes")
            }
            if check.child.cutOffIfLate(now: now) {
                log.warning("menu status \"\(check.item.command)\": killed after \(MenuStatus.deadline) s")
            }
            guard let ended = check.child.ended else { continue }
            checks.remove(at: index)
            let said = MenuStatus.read(
                output: check.child.written, exitCode: ended.code, toggle: check.item.toggle)
            inputs.append(
                .status(
                    check.owner, path: check.path, index: check.item.index, command: check.item.command, said)
            )
        }
        watchOutputs()
        return inputs
    }
}

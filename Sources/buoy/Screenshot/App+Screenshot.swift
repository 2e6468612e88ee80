import BuoyButton
import BuoyWayland
import Glibc

/// The screenshot actions: buoy takes its buttons and menu off the screen,
/// runs the command once the compositor has that frame, and shows them
/// again when the command exits (ScreenshotController decides).
extension App {
    /// The command a screenshot action resolved to, started when the
    /// buttons are off the screen; returns why it cannot be taken now.
    func takeScreenshot(_ command: String, reason: String, limit: Int, now: Double) -> String? {
        let nothingShown = !instances.contains { $0.shown != nil || menu.frames(for: $0) != nil }
        if !screenshot.hidesButtons { screenshotRun = (reason, limit) }
        return carryOut(
            screenshot.handle(.start(command: command, nothingShown: nothingShown, at: now)), now: now)
    }

    /// Each wakeup: the hidden frame handled, a deadline passed, or the
    /// command exited (`exited`, the pids SIGCHLD collected).
    func followScreenshot(exited: [pid_t], now: Double) {
        if let pid = screenshotPid, exited.contains(pid) {
            screenshotPid = nil
            carryOut(screenshot.handle(.exited(at: now)), now: now)
        }
        if let sync = screenshotSync, sync.answered {
            screenshotSync = nil
            carryOut(screenshot.handle(.hidden(at: now)), now: now)
        }
        carryOut(screenshot.handle(.tick(at: now)), now: now)
        if screenshot.hidesButtons {
            // Whatever a menu item's run left folding goes at once.
            menu.drop(now: now)
        }
    }

    /// After the wakeup's commits: while buoy waits to be off the screen,
    /// a round trip tells when the compositor has handled them.
    func confirmScreenshotHidden() {
        guard case .hiding = screenshot.phase, screenshotSync == nil else { return }
        screenshotSync = SyncPoint(display: display)
    }

    @discardableResult
    private func carryOut(_ effects: [ScreenshotController.Effect], now: Double) -> String? {
        let reason = screenshotRun?.reason ?? "screenshot"
        for effect in effects {
            switch effect {
            case .hide:
                log.info("\(reason): taking buoy off the screen for it")
            case .run(let command, let late):
                if late {
                    log.warning(
                        "\(reason): the compositor did not confirm the frame without buoy; taking it anyway")
                }
                switch runner.start(command, reason: reason, limit: screenshotRun?.limit ?? 1) {
                case .pid(let pid): screenshotPid = pid
                case .refused: carryOut(screenshot.handle(.exited(at: now)), now: now)
                }
            case .show(let late):
                if late {
                    log.warning(
                        "\(reason): still running after \(Int(ScreenshotController.commandWait)) s; showing buoy again"
                    )
                } else {
                    log.info("\(reason): done; showing buoy again")
                }
                screenshotPid = nil
                screenshotSync = nil
                screenshotRun = nil
            case .busy:
                let problem = "a screenshot is being taken"
                log.warning("\(reason): \(problem)")
                return problem
            }
        }
        return nil
    }
}

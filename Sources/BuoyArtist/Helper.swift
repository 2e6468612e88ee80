import BuoyCore
import BuoyDrawing
import BuoyFiles
import CLinux
import Glibc

/// The drawing helper's program (`buoy-draw PARENT`): it reads one
/// `DrawJob` from its standard input, draws it into the files it was handed
/// (`HelperFiles`), writes its report and exits. It dies with `PARENT`,
/// buoy or the helper that started it.
public enum Helper {
    /// Exit codes: drawn; the job failed; not started as buoy starts it.
    static let drawn: Int32 = 0
    static let failed: Int32 = 1
    static let misused: Int32 = 2

    public static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 2, let parent = pid_t(arguments[1]) else {
            printError("usage: \(DrawingHelper.name) PARENT-PID, with a job on stdin: buoy starts it")
            return misused
        }
        guard buoy_die_with_parent(parent) == 0 else { return failed }
        guard let input = Files.readAll(STDIN_FILENO) else { return failed }
        let job: DrawJob
        do {
            job = try DrawJob.decode(input)
        } catch {
            printError("\(DrawingHelper.name): \(error)")
            return misused
        }
        switch job {
        case .menu(let job):
            guard let drawn = MenuArtist.draw(job, into: HelperFiles.first) else { return failed }
            return report(drawn)
        case .face(let job):
            guard let icon = FaceArtist.draw(job, into: HelperFiles.first) else { return failed }
            return report(icon)
        case .svgs(let job):
            return renderSVGs(job, into: HelperFiles.first) ? drawn : failed
        }
    }

    private static func report(_ value: some Wire) -> Int32 {
        Files.writeAll(HelperFiles.report, value.bytes) ? drawn : failed
    }

    private static func printError(_ line: String) {
        // Nowhere else to say it if this fails.
        Files.writeAll(STDERR_FILENO, Array((line + "\n").utf8))
    }
}

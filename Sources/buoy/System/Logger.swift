import BuoyWayland
import Glibc
import SystemCalls

/// Levelled, timestamped logging to stderr. `-d` shows info, `-dd` debug;
/// warnings and errors always show.
struct Logger {
    enum Level: Int, Comparable {
        case error, warning, info, debug

        static func < (a: Level, b: Level) -> Bool { a.rawValue < b.rawValue }

        var label: String {
            switch self {
            case .error: return "error"
            case .warning: return "warning"
            case .info: return "info"
            case .debug: return "debug"
            }
        }
    }

    var threshold: Level
    /// stderr is the journal, which stamps each line itself: no timestamp,
    /// and the level as a syslog prefix that journald reads.
    var toJournal: Bool

    init(verbosity: Int, toJournal: Bool = Self.stderrIsTheJournal()) {
        threshold = verbosity >= 2 ? .debug : verbosity == 1 ? .info : .warning
        self.toJournal = toJournal
    }

    /// Whether stderr is the stream that `JOURNAL_STREAM` names ("dev:inode"),
    /// as systemd sets it for a service; a program started from such a
    /// service with stderr elsewhere inherits the variable, hence the check.
    static func stderrIsTheJournal() -> Bool {
        guard let stream = Environment.string("JOURNAL_STREAM") else { return false }
        var info = stat()
        guard fstat(2, &info) == 0 else { return false }
        return stream == "\(info.st_dev):\(info.st_ino)"
    }

    func error(_ message: @autoclosure () -> String) { log(.error, message()) }
    func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }

    /// Always printed: lines the user asked for or must see (start-up info
    /// such as "no config file, using defaults").
    func notice(_ message: String) { write(.info, message) }

    private func log(_ level: Level, _ message: String) {
        guard level <= threshold else { return }
        write(level, message)
    }

    private func write(_ level: Level, _ message: String) {
        if toJournal {
            // sd-daemon(3) priorities: journald strips the prefix.
            let priority = [Level.error: 3, .warning: 4, .info: 6, .debug: 7][level] ?? 6
            return printError("<\(priority)>[\(level.label)] \(message)")
        }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var parts = tm()
        var seconds = now.tv_sec
        localtime_r(&seconds, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let millis = now.tv_nsec / 1_000_000
        let ms = millis < 10 ? "00\(millis)" : millis < 100 ? "0\(millis)" : "\(millis)"
        let stamp = "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(ms)"
        printError("buoy \(stamp) [\(level.label)] \(message)")
    }
}

/// One line to stderr, unbuffered. A stderr that takes nothing leaves nowhere to say so.
func printError(_ line: String) {
    try? FileDescriptor.standardError.writeAll(line + "\n")
}

import Glibc

/// Levelled, timestamped logging to stderr. `-v` shows info, `-vv` debug;
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

    init(verbosity: Int) {
        threshold = verbosity >= 2 ? .debug : verbosity == 1 ? .info : .warning
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

/// One line to stderr, unbuffered.
func printError(_ line: String) {
    var text = line
    text.append("\n")
    text.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(2, bytes.baseAddress! + offset, bytes.count - offset)
            if written <= 0 { break }
            offset += written
        }
    }
}

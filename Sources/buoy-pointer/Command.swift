import DriverSupport

/// One line of the stdin protocol.
enum Command: Sendable, Equatable {
    case move(Position)
    case down
    case up
    case click(Position)
    /// Moves to `from`, presses, then moves to `to` in `steps` moves spread over `durationMs`.
    /// The button stays pressed.
    case drag(from: Position, to: Position, steps: Int, durationMs: Int)
    case sleep(ms: Int)
    case size
    case quit
}

/// Parses one stdin line. Returns nil for a blank line or a `#` comment.
func parseCommand(_ line: String) -> Result<Command, CommandError>? {
    guard let args = Arguments(line) else { return nil }
    let verb = args.verb
    switch verb {
    case "move", "click":
        if let error = args.expect(2, "\(verb) X Y") { return .failure(error) }
        guard let p = args.positions(1) else { return .failure(CommandError(message: "bad coordinates")) }
        return .success(verb == "move" ? .move(p[0]) : .click(p[0]))
    case "down", "up", "size", "quit":
        if let error = args.expect(0, String(verb)) { return .failure(error) }
        switch verb {
        case "down": return .success(.down)
        case "up": return .success(.up)
        case "size": return .success(.size)
        default: return .success(.quit)
        }
    case "drag":
        if let error = args.expect(6, "drag X1 Y1 X2 Y2 STEPS DURATION_MS") { return .failure(error) }
        guard let p = args.positions(2) else { return .failure(CommandError(message: "bad coordinates")) }
        guard let steps = args.count(4), steps >= 1, let duration = args.count(5) else {
            return .failure(CommandError(message: "STEPS must be >= 1 and DURATION_MS >= 0"))
        }
        return .success(.drag(from: p[0], to: p[1], steps: steps, durationMs: duration))
    case "sleep":
        if let error = args.expect(1, "sleep MS") { return .failure(error) }
        guard let ms = args.count(0) else { return .failure(CommandError(message: "bad duration")) }
        return .success(.sleep(ms: ms))
    default:
        return .failure(CommandError(message: "unknown command '\(verb)'"))
    }
}

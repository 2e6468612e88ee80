/// A position in logical output coordinates.
struct Position: Sendable, Equatable {
    var x: Double
    var y: Double

    /// The point `fraction` of the way from `self` to `other`.
    func interpolated(to other: Position, fraction: Double) -> Position {
        Position(x: x + (other.x - x) * fraction, y: y + (other.y - y) * fraction)
    }
}

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

struct CommandError: Error, Equatable {
    var message: String
}

/// Parses one stdin line. Returns nil for a blank line or a `#` comment.
func parseCommand(_ line: String) -> Result<Command, CommandError>? {
    let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
    guard let verb = words.first, !verb.hasPrefix("#") else { return nil }
    let args = Array(words.dropFirst())

    func expect(_ count: Int, _ usage: String) -> CommandError? {
        args.count == count ? nil : CommandError(message: "usage: \(usage)")
    }
    func number(_ i: Int) -> Double? {
        guard let value = Double(args[i]), value.isFinite else { return nil }
        return value
    }
    func count(_ i: Int) -> Int? {
        guard let value = Int(args[i]), value >= 0 else { return nil }
        return value
    }
    func positions(_ n: Int) -> [Position]? {
        var result: [Position] = []
        for i in 0..<n {
            guard let x = number(2 * i), let y = number(2 * i + 1) else { return nil }
            result.append(Position(x: x, y: y))
        }
        return result
    }

    switch verb {
    case "move", "click":
        if let error = expect(2, "\(verb) X Y") { return .failure(error) }
        guard let p = positions(1) else { return .failure(CommandError(message: "bad coordinates")) }
        return .success(verb == "move" ? .move(p[0]) : .click(p[0]))
    case "down", "up", "size", "quit":
        if let error = expect(0, String(verb)) { return .failure(error) }
        switch verb {
        case "down": return .success(.down)
        case "up": return .success(.up)
        case "size": return .success(.size)
        default: return .success(.quit)
        }
    case "drag":
        if let error = expect(6, "drag X1 Y1 X2 Y2 STEPS DURATION_MS") { return .failure(error) }
        guard let p = positions(2) else { return .failure(CommandError(message: "bad coordinates")) }
        guard let steps = count(4), steps >= 1, let duration = count(5) else {
            return .failure(CommandError(message: "STEPS must be >= 1 and DURATION_MS >= 0"))
        }
        return .success(.drag(from: p[0], to: p[1], steps: steps, durationMs: duration))
    case "sleep":
        if let error = expect(1, "sleep MS") { return .failure(error) }
        guard let ms = count(0) else { return .failure(CommandError(message: "bad duration")) }
        return .success(.sleep(ms: ms))
    default:
        return .failure(CommandError(message: "unknown command '\(verb)'"))
    }
}

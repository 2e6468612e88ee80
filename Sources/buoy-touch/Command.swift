import DriverSupport

/// One line of the stdin protocol. Touch points are numbered by the caller; `down`,
/// `motion`, `up` and `cancel` are grouped by an explicit `frame`, as wl_touch groups them.
enum Command: Sendable, Equatable {
    case down(id: UInt32, Position)
    case motion(id: UInt32, Position)
    case up(id: UInt32)
    case cancel
    case frame
    /// Touch point 0 down and up at one place, each with its frame.
    case tap(Position)
    /// Touch point 0 down at `from`, then `steps` motions to `to` spread over `durationMs`,
    /// each with its frame. The finger stays down.
    case drag(from: Position, to: Position, steps: Int, durationMs: Int)
    case move(Position)
    case pointerDown
    case pointerUp
    case click(Position)
    /// Like `drag`, with the pointer and its left button, which stays pressed.
    case pointerDrag(from: Position, to: Position, steps: Int, durationMs: Int)
    /// Presses and releases a key (an evdev code, e.g. 30 for A).
    case key(UInt32)
    case sleep(ms: Int)
    case quit
}

/// Parses one stdin line. Returns nil for a blank line or a `#` comment.
func parseCommand(_ line: String) -> Result<Command, CommandError>? {
    guard let args = Arguments(line) else { return nil }
    let verb = args.verb
    let badCoordinates = CommandError(message: "bad coordinates")

    func touchPoint(_ usage: String, positions: Int) -> Result<(UInt32, [Position]), CommandError> {
        if let error = args.expect(1 + 2 * positions, usage) { return .failure(error) }
        guard let id = args.count(0), let id32 = UInt32(exactly: id) else {
            return .failure(CommandError(message: "bad touch point id"))
        }
        guard let p = args.positions(positions, from: 1) else { return .failure(badCoordinates) }
        return .success((id32, p))
    }
    func glide(_ usage: String) -> Result<(Position, Position, Int, Int), CommandError> {
        if let error = args.expect(6, usage) { return .failure(error) }
        guard let p = args.positions(2) else { return .failure(badCoordinates) }
        guard let steps = args.count(4), steps >= 1, let duration = args.count(5) else {
            return .failure(CommandError(message: "STEPS must be >= 1 and DURATION_MS >= 0"))
        }
        return .success((p[0], p[1], steps, duration))
    }

    switch verb {
    case "down", "motion":
        return touchPoint("\(verb) ID X Y", positions: 1).map { id, p in
            verb == "down" ? .down(id: id, p[0]) : .motion(id: id, p[0])
        }
    case "up":
        return touchPoint("up ID", positions: 0).map { id, _ in .up(id: id) }
    case "tap", "move", "click":
        if let error = args.expect(2, "\(verb) X Y") { return .failure(error) }
        guard let p = args.positions(1) else { return .failure(badCoordinates) }
        switch verb {
        case "tap": return .success(.tap(p[0]))
        case "move": return .success(.move(p[0]))
        default: return .success(.click(p[0]))
        }
    case "drag", "pointer-drag":
        return glide("\(verb) X1 Y1 X2 Y2 STEPS DURATION_MS").map { from, to, steps, ms in
            verb == "drag"
                ? .drag(from: from, to: to, steps: steps, durationMs: ms)
                : .pointerDrag(from: from, to: to, steps: steps, durationMs: ms)
        }
    case "cancel", "frame", "pointer-down", "pointer-up", "quit":
        if let error = args.expect(0, String(verb)) { return .failure(error) }
        let simple: [Substring: Command] = [
            "cancel": .cancel, "frame": .frame, "pointer-down": .pointerDown, "pointer-up": .pointerUp,
            "quit": .quit,
        ]
        return .success(simple[verb]!)
    case "key":
        if let error = args.expect(1, "key CODE") { return .failure(error) }
        guard let code = args.count(0), let code32 = UInt32(exactly: code) else {
            return .failure(CommandError(message: "bad key code"))
        }
        return .success(.key(code32))
    case "sleep":
        if let error = args.expect(1, "sleep MS") { return .failure(error) }
        guard let ms = args.count(0) else { return .failure(CommandError(message: "bad duration")) }
        return .success(.sleep(ms: ms))
    default:
        return .failure(CommandError(message: "unknown command '\(verb)'"))
    }
}

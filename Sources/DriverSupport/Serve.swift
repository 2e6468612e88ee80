// The stdin protocol the e2e input drivers (buoy-pointer, buoy-touch) share: one command
// per line, each answered with `ok` (after any lines it prints) or `error: ...`, once a
// roundtrip shows the compositor has processed it.
import CWaylandClient
import Glibc
import SystemCalls

/// The caller's mistake: a bad line, or a command the driver cannot run now.
public struct CommandError: Error, Equatable {
    public var message: String

    public init(message: String) {
        self.message = message
    }
}

/// The connection is gone, or a required global is missing: the driver must exit.
public struct DriverError: Error {
    public var message: String

    public init(message: String) {
        self.message = message
    }
}

/// A driver that `serve` feeds with stdin lines.
public protocol LineDriver: AnyObject {
    associatedtype Command: Equatable
    var display: OpaquePointer { get }
    init(display: OpaquePointer)
    /// Binds globals and creates the device; throws if the compositor lacks something.
    func setUp() throws(DriverError)
    /// Destroys proxies in reverse order of creation.
    func tearDown()
    /// Parses one line; nil for a blank line or a `#` comment.
    func parse(_ line: String) -> Result<Command, CommandError>?
    /// Runs one command and returns the lines to print before `ok`.
    func execute(_ command: Command) throws(DriverError) -> Result<[String], CommandError>
    func isQuit(_ command: Command) -> Bool
}

public func roundtrip(_ display: OpaquePointer) throws(DriverError) {
    if wl_display_roundtrip(display) < 0 { throw connectionLost(display) }
}

/// Sends what is queued. EAGAIN only means the socket is full for now; the next roundtrip
/// flushes the rest.
public func flush(_ display: OpaquePointer) throws(DriverError) {
    if wl_display_flush(display) < 0 && errno != EAGAIN { throw connectionLost(display) }
}

public func connectionLost(_ display: OpaquePointer) -> DriverError {
    let code = wl_display_get_error(display)
    return DriverError(message: "Wayland connection lost: \(String(cString: strerror(code)))")
}

/// The words of a command line, and the checks every verb needs.
public struct Arguments {
    public let verb: Substring
    public let words: [Substring]

    /// Nil for a blank line or a `#` comment.
    public init?(_ line: String) {
        let all = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        guard let verb = all.first, !verb.hasPrefix("#") else { return nil }
        self.verb = verb
        words = Array(all.dropFirst())
    }

    public func expect(_ count: Int, _ usage: String) -> CommandError? {
        words.count == count ? nil : CommandError(message: "usage: \(usage)")
    }

    public func number(_ i: Int) -> Double? {
        guard let value = Double(words[i]), value.isFinite else { return nil }
        return value
    }

    public func count(_ i: Int) -> Int? {
        guard let value = Int(words[i]), value >= 0 else { return nil }
        return value
    }

    /// `n` positions from consecutive X Y pairs starting at word `from`.
    public func positions(_ n: Int, from: Int = 0) -> [Position]? {
        var result: [Position] = []
        for i in 0..<n {
            guard let x = number(from + 2 * i), let y = number(from + 2 * i + 1) else { return nil }
            result.append(Position(x: x, y: y))
        }
        return result
    }
}

/// A position in logical pixels.
public struct Position: Sendable, Equatable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The point `fraction` of the way from `self` to `other`.
    public func interpolated(to other: Position, fraction: Double) -> Position {
        Position(x: x + (other.x - x) * fraction, y: y + (other.y - y) * fraction)
    }
}

/// Calls `move` for each of `steps` points from `from` (exclusive) to `to`, spread over
/// `durationMs` against absolute deadlines so the steps do not drift, flushing after each.
public func glide(
    _ display: OpaquePointer, from: Position, to: Position, steps: Int, durationMs: Int,
    move: (Position) -> Void
) throws(DriverError) {
    try flush(display)
    let start = monotonicNanoseconds()
    for step in 1...steps {
        let fraction = Double(step) / Double(steps)
        sleep(untilNanoseconds: start + UInt64(Double(durationMs) * 1_000_000 * fraction))
        move(from.interpolated(to: to, fraction: fraction))
        try flush(display)
    }
}

/// Splits what read(2) returns into lines.
struct LineBuffer {
    private var pending: [UInt8] = []

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        pending.append(contentsOf: bytes)
    }

    mutating func nextLine() -> String? {
        guard let newline = pending.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let line = String(decoding: pending[..<newline], as: UTF8.self)
        pending.removeSubrange(...newline)
        return line
    }

    /// What is left after EOF: a last line without a newline.
    mutating func remainder() -> String? {
        guard !pending.isEmpty else { return nil }
        defer { pending = [] }
        return String(decoding: pending, as: UTF8.self)
    }
}

/// Writes a whole line with write(2): unbuffered, so the test sees each reply at once.
func writeLine(_ line: String, to fd: FileDescriptor) {
    do {
        try fd.writeAll(line + "\n")
    } catch {
        exit(1)  // nobody is listening any more
    }
}

/// Exits with a one-line message on stderr, named after the program.
public func fail(_ message: String) -> Never {
    let name = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? ""
    writeLine("\(name): \(message)", to: .standardError)
    exit(1)
}

private func reply(_ line: String) {
    writeLine(line, to: .standardOutput)
}

private enum Step {
    case more
    case quit
}

/// Parses and runs one line, printing its reply.
private func handle<D: LineDriver>(_ line: String, driver: D) -> Step {
    guard let parsed = driver.parse(line) else { return .more }
    switch parsed {
    case .failure(let error):
        reply("error: \(error.message)")
        return .more
    case .success(let command):
        do {
            switch try driver.execute(command) {
            case .success(let lines):
                for line in lines { reply(line) }
                reply("ok")
            case .failure(let error):
                reply("error: \(error.message)")
            }
        } catch {
            fail(error.message)
        }
        return driver.isQuit(command) ? .quit : .more
    }
}

/// Serves stdin until EOF or a quit command. Waits on stdin and the Wayland socket together,
/// so a dead compositor is noticed even while no command is running. Returns the exit status.
public func serve<D: LineDriver>(_ driver: D) -> Int32 {
    // A closed pipe should end us through write's EPIPE, with a status, rather than a signal.
    signal(SIGPIPE, SIG_IGN)
    let display = driver.display
    let waylandFd = wl_display_get_fd(display)
    var input = LineBuffer()
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        // The read must be prepared before poll; otherwise events another call already read
        // into the queue would sit undispatched while we block.
        while wl_display_prepare_read(display) != 0 {
            if wl_display_dispatch_pending(display) < 0 { fail(connectionLost(display).message) }
        }
        if wl_display_flush(display) < 0 && errno != EAGAIN {
            wl_display_cancel_read(display)
            fail(connectionLost(display).message)
        }
        var fds = [
            pollfd(fd: waylandFd, events: Int16(POLLIN), revents: 0),
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
        ]
        if poll(&fds, nfds_t(fds.count), -1) < 0 {
            wl_display_cancel_read(display)
            if errno == EINTR { continue }
            fail("poll: \(String(cString: strerror(errno)))")
        }
        if fds[0].revents != 0 {
            if wl_display_read_events(display) < 0 { fail(connectionLost(display).message) }
        } else {
            wl_display_cancel_read(display)
        }
        if wl_display_dispatch_pending(display) < 0 { fail(connectionLost(display).message) }

        guard fds[1].revents != 0 else { continue }
        let count: Int
        do {
            count = try FileDescriptor.standardInput.read(into: &chunk)
        } catch .wouldBlock {
            continue
        } catch {
            fail("read stdin: \(error)")
        }
        if count == 0 {
            if let last = input.remainder() { _ = handle(last, driver: driver) }
            return 0
        }
        chunk.withUnsafeBytes { input.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        while let line = input.nextLine() {
            if handle(line, driver: driver) == .quit { return 0 }
        }
    }
}

/// The whole life of a driver: connects to $WAYLAND_DISPLAY, sets the driver up, serves
/// stdin, tears down and exits.
public func runDriver<D: LineDriver>(_ type: D.Type) -> Never {
    guard let display = wl_display_connect(nil) else {
        let name = getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"
        fail("cannot connect to Wayland display '\(name)'")
    }
    let driver = D(display: display)
    do {
        try driver.setUp()
    } catch {
        fail(error.message)
    }
    let status = serve(driver)
    driver.tearDown()
    wl_display_disconnect(display)
    exit(status)
}

/// The wl_registry, reporting globals to closures. Handlers only record.
public final class Registry {
    private var proxy: OpaquePointer?
    private let onGlobal: (_ name: UInt32, _ interface: String, _ version: UInt32) -> Void
    private let onRemove: (_ name: UInt32) -> Void

    public init(
        display: OpaquePointer, onGlobal: @escaping (UInt32, String, UInt32) -> Void,
        onRemove: @escaping (UInt32) -> Void = { _ in }
    ) {
        self.onGlobal = onGlobal
        self.onRemove = onRemove
        proxy = wl_display_get_registry(display)
        wl_registry_add_listener(proxy, Registry.listener, Unmanaged.passUnretained(self).toOpaque())
    }

    /// `interface` comes from the `buoy_*_interface()` accessors: libwayland keeps the pointer
    /// in the proxy, so it must be the C global's real address, never a copy.
    public func bind(_ name: UInt32, _ interface: UnsafePointer<wl_interface>, version: UInt32)
        -> OpaquePointer?
    {
        wl_registry_bind(proxy, name, interface, version).map(OpaquePointer.init)
    }

    public func destroy() {
        if let proxy { wl_registry_destroy(proxy) }
        proxy = nil
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> Registry {
        Unmanaged<Registry>.fromOpaque(data!).takeUnretainedValue()
    }

    nonisolated(unsafe) private static let listener = allocateListener(
        wl_registry_listener(
            global: { data, _, name, interface, version in
                guard let interface else { return }
                Registry.from(data).onGlobal(name, String(cString: interface), version)
            },
            global_remove: { data, _, name in Registry.from(data).onRemove(name) }
        ))
}

/// A listener table at a stable address for the life of the process.
public func allocateListener<T>(_ table: T) -> UnsafeMutablePointer<T> {
    let pointer = UnsafeMutablePointer<T>.allocate(capacity: 1)
    pointer.initialize(to: table)
    return pointer
}

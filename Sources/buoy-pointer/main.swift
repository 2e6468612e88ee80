// buoy-pointer: a virtual pointer the e2e tests steer through stdin.
//
// One command per line (move, down, up, click, drag, sleep, size, quit); each is answered
// with `ok` or `error: ...` once a roundtrip shows the compositor has processed it.
import CWaylandClient
import Glibc

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
func writeLine(_ line: String, to fd: Int32) {
    let bytes = Array((line + "\n").utf8)
    var offset = 0
    while offset < bytes.count {
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
        if written < 0 && errno == EINTR { continue }
        if written <= 0 { exit(1) }  // nobody is listening any more
        offset += written
    }
}

/// Exits with a one-line message on stderr.
func fail(_ message: String) -> Never {
    writeLine("buoy-pointer: \(message)", to: STDERR_FILENO)
    exit(1)
}

func reply(_ line: String) {
    writeLine(line, to: STDOUT_FILENO)
}

enum Step {
    case more
    case quit
}

/// Parses and runs one line, printing its reply.
func handle(_ line: String, driver: Driver) -> Step {
    guard let parsed = parseCommand(line) else { return .more }
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
        return command == .quit ? .quit : .more
    }
}

/// Waits on stdin and the Wayland socket together, so a dead compositor is noticed even while
/// no command is running.
func run(driver: Driver) -> Int32 {
    let display = driver.display
    let waylandFd = wl_display_get_fd(display)
    var input = LineBuffer()
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        // The read must be prepared before poll; otherwise events another call already read
        // into the queue would sit undispatched while we block.
        while wl_display_prepare_read(display) != 0 {
            if wl_display_dispatch_pending(display) < 0 { fail(driver.connectionLost().message) }
        }
        if wl_display_flush(display) < 0 && errno != EAGAIN {
            wl_display_cancel_read(display)
            fail(driver.connectionLost().message)
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
            if wl_display_read_events(display) < 0 { fail(driver.connectionLost().message) }
        } else {
            wl_display_cancel_read(display)
        }
        if wl_display_dispatch_pending(display) < 0 { fail(driver.connectionLost().message) }

        guard fds[1].revents != 0 else { continue }
        let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR || errno == EAGAIN { continue }
            fail("read stdin: \(String(cString: strerror(errno)))")
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

// A closed pipe should end us through write's EPIPE, with a status, rather than a signal.
signal(SIGPIPE, SIG_IGN)
guard let display = wl_display_connect(nil) else {
    let name = getenv("WAYLAND_DISPLAY").map { String(cString: $0) } ?? "wayland-0"
    fail("cannot connect to Wayland display '\(name)'")
}
let driver = Driver(display: display)
do {
    try driver.setUp()
} catch {
    fail(error.message)
}
let status = run(driver: driver)
driver.tearDown()
wl_display_disconnect(display)
exit(status)

import Glibc

/// A failed system call's errno, as a typed error.
public struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The errno the last failed call left.
    public static var current: Errno { Errno(rawValue: errno) }

    public static let interrupted = Errno(rawValue: EINTR)
    /// EAGAIN (EWOULDBLOCK on Linux): a non-blocking descriptor has no data, or no room.
    public static let wouldBlock = Errno(rawValue: EAGAIN)
    public static let badFileDescriptor = Errno(rawValue: EBADF)
    public static let brokenPipe = Errno(rawValue: EPIPE)
    public static let connectionReset = Errno(rawValue: ECONNRESET)
    public static let timedOut = Errno(rawValue: ETIMEDOUT)

    public var description: String { String(cString: strerror(rawValue)) }
}

/// An open file descriptor: every read, write and close of buoy and its
/// test drivers goes through here, as in swift-system, so EINTR is retried
/// in one place and a failure is an `Errno`, never a -1 to check.
public struct FileDescriptor: Hashable, Sendable {
    public let rawValue: Int32
    /// Written with send(2) and MSG_NOSIGNAL: a peer that has gone away is
    /// EPIPE, never a SIGPIPE that would kill the process.
    private let isSocket: Bool

    public init(rawValue: Int32) {
        self.rawValue = rawValue
        isSocket = false
    }

    /// A connected socket.
    public init(socket: Int32) {
        rawValue = socket
        isSocket = true
    }

    public static let standardInput = FileDescriptor(rawValue: STDIN_FILENO)
    public static let standardOutput = FileDescriptor(rawValue: STDOUT_FILENO)
    public static let standardError = FileDescriptor(rawValue: STDERR_FILENO)

    /// Reads at most `buffer.count` bytes; 0 at end of file.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try retryingInterrupts { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// Reads at most `buffer.count` bytes into the start of `buffer`; 0 at end of file.
    public func read(into buffer: inout [UInt8]) throws(Errno) -> Int {
        try buffer.withUnsafeMutableBytes { bytes in
            Result { () throws(Errno) in try read(into: bytes) }
        }.get()
    }

    /// Writes what the descriptor takes now, at least one byte unless
    /// `bytes` is empty; returns how many.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(Errno) -> Int {
        try retryingInterrupts {
            isSocket
                ? send(rawValue, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
                : Glibc.write(rawValue, bytes.baseAddress, bytes.count)
        }
    }

    /// `write` for an array's bytes.
    public func write(_ bytes: [UInt8]) throws(Errno) -> Int {
        try bytes.withUnsafeBytes { buffer in Result { () throws(Errno) in try write(buffer) } }.get()
    }

    /// Writes all of `bytes`. When a non-blocking descriptor is full, `whenFull`
    /// decides: it returns once there may be room (a poll), or throws; by
    /// default EAGAIN is thrown. A write that returns 0 is EIO, so this never spins.
    public func writeAll(
        _ bytes: UnsafeRawBufferPointer,
        whenFull: () throws(Errno) -> Void = { () throws(Errno) in throw Errno.wouldBlock }
    ) throws(Errno) {
        var offset = 0
        while offset < bytes.count {
            let written: Int
            do {
                written = try write(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
            } catch .wouldBlock {
                try whenFull()
                continue
            }
            guard written > 0 else { throw Errno(rawValue: EIO) }
            offset += written
        }
    }

    /// `writeAll` for an array's bytes.
    public func writeAll(
        _ bytes: [UInt8],
        whenFull: () throws(Errno) -> Void = { () throws(Errno) in throw Errno.wouldBlock }
    ) throws(Errno) {
        // withUnsafeBytes rethrows untyped errors: a Result carries the typed one out.
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(Errno) in try writeAll(buffer, whenFull: whenFull) }
        }.get()
    }

    /// `writeAll` for the UTF-8 of `text`.
    public func writeAll(
        _ text: String,
        whenFull: () throws(Errno) -> Void = { () throws(Errno) in throw Errno.wouldBlock }
    ) throws(Errno) {
        try writeAll(Array(text.utf8), whenFull: whenFull)
    }

    /// Closes the descriptor. EINTR is not retried: Linux has closed it
    /// anyway, and a second close could close a descriptor opened since.
    public func close() throws(Errno) {
        guard Glibc.close(rawValue) == 0 else {
            let error = Errno.current
            if error == .interrupted { return }
            throw error
        }
    }

    /// Makes reads and writes return EAGAIN rather than wait (`on`), or wait again.
    public func setNonBlocking(_ on: Bool = true) throws(Errno) {
        let flags = try retryingInterrupts { fcntl(rawValue, F_GETFL) }
        let wanted = on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK
        guard wanted != flags else { return }
        try retryingInterrupts { fcntl(rawValue, F_SETFL, wanted) }
    }
}

/// Runs `call` again while a signal interrupts it: the one place EINTR is handled.
@discardableResult
private func retryingInterrupts<Result: BinaryInteger>(_ call: () -> Result) throws(Errno) -> Result {
    while true {
        let result = call()
        if result >= 0 { return result }
        let error = Errno.current
        guard error == .interrupted else { throw error }
    }
}

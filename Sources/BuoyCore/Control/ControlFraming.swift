/// The bytes of one control-socket request as they arrive: a line ending in
/// "\n", read in whatever pieces the socket hands over. Nothing here waits;
/// the server feeds it what a non-blocking read returned.
public struct RequestFramer: Sendable, Equatable {
    /// What the bytes so far amount to.
    public enum Outcome: Sendable, Equatable {
        /// No newline yet: keep reading.
        case incomplete
        /// The line, without its newline (and without anything after it).
        case line([UInt8])
        /// `limit` bytes without a newline.
        case tooLong(limit: Int)
        /// The peer closed before sending a byte (a client that only probed).
        case closed
    }

    /// The longest line, newline included.
    public let limit: Int
    /// Bytes read that do not yet end in a newline.
    public private(set) var buffered: [UInt8] = []

    /// A framer that refuses a line longer than `limit` bytes, newline included.
    public init(limit: Int) {
        self.limit = limit
    }

    /// Adds what a read returned.
    public mutating func append(_ bytes: some Sequence<UInt8>) -> Outcome {
        buffered += bytes
        if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
            return newline < limit ? .line(Array(buffered[..<newline])) : .tooLong(limit: limit)
        }
        return buffered.count >= limit ? .tooLong(limit: limit) : .incomplete
    }

    /// The peer closed its end (a read returned 0): a partial line counts as
    /// the line, as `printf 'state' | nc -U` sends it.
    public func end() -> Outcome {
        buffered.isEmpty ? .closed : .line(buffered)
    }
}

/// Bytes waiting to be written to a peer that is not reading fast enough,
/// with a bound: a peer that falls `limit` bytes behind is given up rather
/// than waited for.
public struct OutgoingBuffer: Sendable, Equatable {
    /// The most bytes that may wait; more gives the peer up.
    public let limit: Int
    /// The bytes still to write, oldest first.
    public private(set) var pending: [UInt8] = []

    /// An empty buffer that holds at most `limit` bytes.
    public init(limit: Int) {
        self.limit = limit
    }

    /// A buffer holding `bytes` already, whatever `limit` says: the limit
    /// bounds what is queued after them.
    public init(holding bytes: [UInt8], limit: Int) {
        self.limit = limit
        pending = bytes
    }

    /// Whether everything has been written.
    public var isEmpty: Bool { pending.isEmpty }

    /// Queues `bytes`; false (and nothing queued) when that would exceed
    /// `limit`.
    public mutating func enqueue(_ bytes: some Collection<UInt8>) -> Bool {
        guard pending.count + bytes.count <= limit else { return false }
        pending += bytes
        return true
    }

    /// Forgets the first `count` bytes, which a write has taken.
    public mutating func consume(_ count: Int) {
        pending.removeFirst(min(max(count, 0), pending.count))
    }
}

import Glibc

/// CLOCK_MONOTONIC in nanoseconds.
public func monotonicNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// The millisecond timestamp input events carry; it wraps like the protocol's uint.
public func eventTimestamp() -> UInt32 {
    UInt32(truncatingIfNeeded: monotonicNanoseconds() / 1_000_000)
}

/// Sleeps until an absolute CLOCK_MONOTONIC deadline, so a drag's steps do not drift.
public func sleep(untilNanoseconds deadline: UInt64) {
    var ts = timespec(
        tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
    while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
}

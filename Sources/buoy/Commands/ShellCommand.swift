import Glibc
import SystemCalls

/// Starts a command line with `/bin/sh -c`: the one way buoy starts the
/// user's commands (`CommandRunner`, `StatusChecks`).
enum ShellCommand {
    /// Starts `command`, its stdin /dev/null, its stdout and stderr on
    /// `stdout` and `stderr` if given (else buoy's), in a session of its own
    /// (`SystemCalls.spawn`); returns its pid, or the errno of why it could
    /// not start.
    static func spawn(_ command: String, stdout: Int32? = nil, stderr: Int32? = nil) -> Result<pid_t, Errno> {
        let files = [
            nil, FileDescriptor(rawValue: stdout ?? STDOUT_FILENO),
            FileDescriptor(rawValue: stderr ?? STDERR_FILENO),
        ]
        return Result { () throws(Errno) in
            try SystemCalls.spawn("/bin/sh", arguments: arguments(command), files: files, newSession: true)
        }
    }

    /// Starts `command` as `spawn` does, its stdout on a pipe the loop polls
    /// (`PolledChild`), read up to `outputLimit` bytes and cut off then or
    /// at `deadline`, with its session.
    static func polled(
        _ command: String, stderr: Int32?, outputLimit: Int, deadline: Double, reaper: ChildReaper
    ) -> Result<PolledChild, Errno> {
        let files = [nil, nil, FileDescriptor(rawValue: stderr ?? STDERR_FILENO)]
        return Result { () throws(Errno) in
            try PolledChild(
                "/bin/sh", arguments: arguments(command), files: files, outputNumber: Int(STDOUT_FILENO),
                outputLimit: outputLimit, deadline: deadline, newSession: true, reaper: reaper)
        }
    }

    private static func arguments(_ command: String) -> [String] {
        ["sh", "-c", command]
    }
}

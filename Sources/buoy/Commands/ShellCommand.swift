import Glibc

/// Starts a command line with `/bin/sh -c` through posix_spawn: the one
/// way buoy starts the user's commands (`CommandRunner`, `StatusChecks`).
enum ShellCommand {
    /// Starts `command`, its stdout and stderr on `stdout` and `stderr` if
    /// given (else buoy's), its stdin /dev/null when either is; returns its
    /// pid, or the errno of why it could not start.
    static func spawn(_ command: String, stdout: Int32? = nil, stderr: Int32? = nil) -> Result<
        pid_t, SpawnError
    > {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if stdout != nil || stderr != nil {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        // dup2 clears close-on-exec on the copy: the command writes to it.
        if let stdout { posix_spawn_file_actions_adddup2(&actions, stdout, 1) }
        if let stderr { posix_spawn_file_actions_adddup2(&actions, stderr, 2) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // buoy blocks the signals it reads through its signalfd; a child must
        // start with none blocked and default handlers, or Ctrl-C and kill
        // would not reach it.
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // A session of its own: signals sent to buoy's process group (a
        // terminal's Ctrl-C, a service manager) don't hit the user's commands,
        // and killing its group kills what it started.
        let setsid: Int32 = 0x80  // POSIX_SPAWN_SETSID (glibc 2.26+)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | setsid))

        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("sh"), strdup("-c"), strdup(command), nil]
        defer { for arg in argv { free(arg) } }
        let status = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ)
        return status == 0 ? .success(pid) : .failure(SpawnError(code: status))
    }

    /// Why a command could not start: an errno.
    struct SpawnError: Error {
        var code: Int32
        var description: String { String(cString: strerror(code)) }
    }
}

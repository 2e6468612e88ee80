import CLinux
import Glibc

/// Starts the program at `path` with `arguments` (its argv, its name first)
/// and this process's environment, through posix_spawn: the one way buoy
/// starts a process (the user's commands, its drawing helper).
///
/// Its descriptors are `files`, each inherited as its index (nil: /dev/null
/// there), and no other: a descriptor buoy holds without close-on-exec stays
/// out too. It starts with no signal blocked and every handler at its
/// default: buoy blocks the signals it reads through its signalfd, and a
/// child that kept them blocked would not die of Ctrl-C or kill.
/// `newSession` gives it a session (and process group) of its own, so that
/// signals sent to buoy's group (a terminal's Ctrl-C, a service manager)
/// miss it, and killing its group kills what it started.
///
/// Returns its pid; ENOENT: no such program.
public func spawn(_ path: String, arguments: [String], files: [FileDescriptor?], newSession: Bool = false)
    throws(Errno) -> pid_t
{
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Each file is first copied above every number handed out, so that no
    // dup2 into place overwrites another's source (stderr handed as 1 and 2).
    var copies: [FileDescriptor] = []
    defer { for copy in copies { try? copy.close() } }
    for (number, file) in files.enumerated() {
        guard let file else {
            posix_spawn_file_actions_addopen(&actions, Int32(number), "/dev/null", O_RDWR, 0)
            continue
        }
        let copy = fcntl(file.rawValue, F_DUPFD_CLOEXEC, Int32(files.count))
        guard copy >= 0 else { throw Errno.current }
        copies.append(FileDescriptor(rawValue: copy))
        // dup2 clears close-on-exec on the copy it makes.
        posix_spawn_file_actions_adddup2(&actions, copy, Int32(number))
    }
    buoy_spawn_close_from(&actions, Int32(files.count))

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigdefault(&attributes, &all)
    let flags = Int32(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | (newSession ? buoy_spawn_setsid() : 0)
    posix_spawnattr_setflags(&attributes, Int16(flags))

    let argv = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
    guard status == 0 else { throw Errno(rawValue: status) }
    return pid
}

import BuoyCore
import BuoyServices
import BuoyWayland
import CLinux
import Glibc
import SystemCalls

/// Where a command's output goes. While buoy's own stderr is the journal,
/// each command gets a journal stream of its own (`JournalStream`), so its
/// lines are tagged with what ran it (`journalctl -t "buoy/tap"`) instead
/// of mixed into buoy's; otherwise it writes to buoy's stderr, inherited.
enum CommandOutput {
    /// `BUOY_JOURNAL_SOCKET` stands in for journald's socket in the tests.
    private static var socketPath: String {
        Environment.string("BUOY_JOURNAL_SOCKET") ?? JournalStream.socketPath
    }

    /// A descriptor connected to journald's stdout socket with its header
    /// sent, blocking again for the command to write to; nil if journald
    /// does not take the connection at once. It never waits: a full backlog
    /// or a full socket gives up, and the command writes to buoy's stderr.
    static func journalStream(for reason: String) -> Int32? {
        let fd = buoy_unix_socket()
        guard fd >= 0 else { return nil }
        let socket = FileDescriptor(socket: fd)
        do {
            guard buoy_unix_connect(fd, socketPath) == 0 else { throw Errno.current }
            try socket.writeAll(JournalStream.header(identifier: JournalStream.identifier(for: reason)))
            // The command only writes; a shell's writes must wait rather than fail.
            shutdown(fd, Int32(SHUT_RD))
            try socket.setNonBlocking(false)
            return fd
        } catch {
            try? FileDescriptor(rawValue: fd).close()
            return nil
        }
    }
}

import BuoyCommandLine
import BuoyConfig
import BuoyFiles
import BuoyWayland
import CLinux
import Glibc
import SystemCalls

/// The installed applications for edit mode's picker, read by a child
/// (`buoy __list-applications`) whose stdout the loop polls: hundreds of
/// `.desktop` files on a cold disk must not hold up a frame. Nothing is read
/// before the picker asks, and buoy keeps no copy: each `request` reads
/// again, so an application installed meanwhile shows up. The app calls
/// `request` when the picker opens, `update` on every wakeup (whose result
/// goes to `PickerCatalog.groups(applications:)`), and arms its timer for
/// `deadline`.
final class ApplicationScan {
    /// The child at work, and what it has written so far.
    private struct Child {
        var pid: pid_t
        var pipe: FileDescriptor
        var output: [UInt8] = []
        var deadline: Double
    }

    /// How long the child may take, and how much it may write (a few
    /// hundred bytes per application).
    static let timeout = 10.0
    static let maxOutput = 4 << 20

    private let loop: EventLoop
    private let log: Logger
    private var child: Child?
    /// A finished child still to be collected.
    private var exited: pid_t?

    init(loop: EventLoop, log: Logger) {
        self.loop = loop
        self.log = log
    }

    deinit {
        if let child { stop(child, killing: true) }
    }

    /// When the child is given up.
    var deadline: Double? { child?.deadline }

    /// Starts reading the applications, unless a read is under way; `update`
    /// hands them over.
    func request(now: Double) {
        guard child == nil else { return }
        var ends: [Int32] = [-1, -1]
        guard buoy_pipe_cloexec(&ends, 1) == 0 else {
            log.error("applications: no pipe: \(String(cString: strerror(errno)))")
            return
        }
        let write = FileDescriptor(rawValue: ends[1])
        defer { try? write.close() }
        do {
            let pid = try spawn(
                Files.executablePath, arguments: ["buoy", Invocation.applicationListWord],
                files: [nil, write, FileDescriptor(rawValue: STDERR_FILENO)], newSession: true)
            child = Child(pid: pid, pipe: FileDescriptor(rawValue: ends[0]), deadline: now + Self.timeout)
            loop.watch(ends[0])
            log.debug("applications: reading the .desktop files in pid \(pid)")
        } catch {
            try? FileDescriptor(rawValue: ends[0]).close()
            log.error("applications: cannot start a child: \(error.description)")
        }
    }

    /// The applications, once, when the child has written them all by
    /// `wakeup`; none (logged) if it failed or took too long.
    func update(_ wakeup: Wakeup, now: Double) -> [DesktopEntry]? {
        collect()
        guard var current = child else { return nil }
        if now >= current.deadline {
            log.warning("applications: no list after \(Self.timeout) s; none offered")
            stop(current, killing: true)
            return []
        }
        guard wakeup.readable.contains(current.pipe.rawValue) else { return nil }
        var buffer = [UInt8](repeating: 0, count: 16384)
        while true {
            let count: Int
            do { count = try current.pipe.read(into: &buffer) } catch {
                if error == .wouldBlock {
                    child = current
                    return nil
                }
                break
            }
            guard count > 0 else { break }
            current.output += buffer.prefix(count)
            if current.output.count > Self.maxOutput {
                log.warning("applications: more than \(Self.maxOutput) bytes; none offered")
                stop(current, killing: true)
                return []
            }
        }
        stop(current, killing: false)
        guard let entries = ApplicationList.decoded(current.output) else {
            log.warning("applications: the list was cut short; none offered")
            return []
        }
        log.info("applications: \(entries.count) to offer")
        return entries
    }

    /// Closes the child's pipe; kills it when it is still at work.
    private func stop(_ stopped: Child, killing: Bool) {
        loop.unwatch(stopped.pipe.rawValue)
        try? stopped.pipe.close()
        if killing { kill(-stopped.pid, SIGKILL) }
        child = nil
        exited = stopped.pid
        collect()
    }

    /// Collects the finished child without waiting: it has closed its
    /// stdout, so it exits at once, by this wakeup or by a later one.
    private func collect() {
        guard let pid = exited else { return }
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) != 0 { exited = nil }
    }

    /// `buoy __list-applications`: reads the `.desktop` files where the
    /// environment says and writes `ApplicationList.encoded` to stdout. A
    /// child of buoy's, so it may block.
    static func listApplications() -> Int32 {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap(Environment.string).first
        let desktops = Environment.string("XDG_CURRENT_DESKTOP")?.split(separator: ":").map(String.init) ?? []
        var files: [(id: String, bytes: [UInt8])] = []
        for directory in ApplicationList.directories(environment: Environment.string) {
            for relative in desktopFiles(under: directory, prefix: "", depth: 0) {
                guard let id = ApplicationList.desktopFileID(relativePath: relative),
                    case .success(let bytes) = Files.read(directory + "/" + relative, limit: 256 << 10)
                else { continue }
                files.append((id, bytes))
            }
        }
        let entries = ApplicationList.entries(
            files, desktops: desktops, locale: locale, installed: Files.isOnPath)
        return Files.writeAll(STDOUT_FILENO, ApplicationList.encoded(entries)) ? 0 : 1
    }

    /// The paths, relative to `directory`, of the `.desktop` files in it and
    /// in its subdirectories (a few levels: a link loop ends there).
    private static func desktopFiles(under directory: String, prefix: String, depth: Int) -> [String] {
        guard depth < 4, let names = Files.names(in: directory + "/" + prefix) else { return [] }
        return names.sorted().flatMap { name -> [String] in
            guard !name.hasPrefix(".") else { return [] }
            let relative = prefix + name
            if name.hasSuffix(".desktop") { return [relative] }
            guard Files.isDirectory(directory + "/" + relative) else { return [] }
            return desktopFiles(under: directory, prefix: relative + "/", depth: depth + 1)
        }
    }
}

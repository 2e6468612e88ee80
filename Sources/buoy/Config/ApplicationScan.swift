import BuoyCommandLine
import BuoyConfig
import BuoyFiles
import BuoyWayland
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
    /// How long the child may take, and how much it may write (a few
    /// hundred bytes per application): reaching it, the child is cut off.
    static let timeout = 10.0
    static let maxOutput = 4 << 20

    private let watch: ChildWatch
    private let log: Logger
    /// The child at work.
    private var child: PolledChild? {
        didSet { watch.keep(child?.output.map { [$0.rawValue] } ?? []) }
    }

    init(loop: EventLoop, reaper: ChildReaper, log: Logger) {
        watch = ChildWatch(loop: loop, reaper: reaper)
        self.log = log
    }

    /// When the child is given up.
    var deadline: Double? { child?.deadline }

    /// Starts reading the applications, unless a read is under way; `update`
    /// hands them over.
    func request(now: Double) {
        guard child == nil else { return }
        do {
            let started = try PolledChild(
                Files.executablePath, arguments: ["buoy", Invocation.applicationListWord],
                files: [nil, nil, FileDescriptor(rawValue: STDERR_FILENO)], outputNumber: Int(STDOUT_FILENO),
                outputLimit: Self.maxOutput, deadline: now + Self.timeout, newSession: true,
                reaper: watch.reaper)
            child = started
            log.debug("applications: reading the .desktop files in pid \(started.pid)")
        } catch {
            log.error("applications: cannot start a child: \(error.description)")
        }
    }

    /// The applications, once, when the child has written them all by
    /// `wakeup`; none (logged) if it failed or took too long.
    func update(_ wakeup: Wakeup, now: Double) -> [DesktopEntry]? {
        guard let current = child else { return nil }
        if current.cutOffIfLate(now: now) {
            log.warning("applications: no list after \(Self.timeout) s; none offered")
            child = nil
            return []
        }
        guard let output = current.output, wakeup.readable.contains(output.rawValue), current.read() else {
            return nil
        }
        // Its stdout has ended: it exits at once, and its reaper collects it.
        child = nil
        if current.cutOff == .flood {
            log.warning("applications: \(Self.maxOutput) bytes or more; none offered")
            return []
        }
        guard let entries = ApplicationList.decoded(current.written) else {
            log.warning("applications: the list was cut short; none offered")
            return []
        }
        log.info("applications: \(entries.count) to offer")
        return entries
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

import BuoyConfig
import BuoyWayland
import CLinux
import Glibc
import SystemCalls

/// inotify on the directories of the config file's `ConfigWatchPlan`, so
/// that saving the file reloads it: its own directory, the directory of
/// each link's target, and for a directory on the way that does not exist,
/// its nearest existing ancestor, one level at a time down as the missing
/// ones are made. A newcomer who starts buoy and then writes
/// `~/.config/buoy/config.toml` needs no reload by hand, nor does a
/// dotfiles script that removes and makes `~/.config/buoy` again.
final class ConfigWatch {
    let fd: Int32
    private let file: String
    private let log: Logger
    private var plan: ConfigWatchPlan
    /// Each watch descriptor and the watched directories it stands for: two
    /// paths of one directory get one descriptor from inotify.
    private var watches: [Int32: [String]] = [:]
    /// When a burst of file events has settled and the reload should run.
    private(set) var deadline: Double?
    /// Editors save in bursts (write, rename, chmod): reload once it settles.
    static let settle = 0.15

    /// Nil when inotify is not available or nothing on the way can be watched.
    init?(file: String, log: Logger) {
        fd = buoy_inotify_create()
        guard fd >= 0 else { return nil }
        self.file = file
        self.log = log
        plan = Self.plan(for: file)
        _ = watchPlan()
        guard !watches.isEmpty else {
            try? FileDescriptor(rawValue: fd).close()
            return nil
        }
    }

    /// Drains the events; true when the file may have changed: it or a link
    /// to it was written, moved in, created or chmodded, or the way to it
    /// changed (a missing directory was made, a watched one went) and the
    /// file is there now.
    private func takeChanged() -> Bool {
        var fileTouched = false
        var wayChanged = false
        for event in drain() {
            if event.mask & UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
                wayChanged = true
                continue
            }
            switch plan.relevance(ofEntry: event.name, in: watches[event.watch] ?? []) {
            case .none: break
            case .way: wayChanged = true
            case .file:
                fileTouched = true
                wayChanged = true
            }
        }
        guard wayChanged else { return false }
        // A new way may lead to a file written before its watch began.
        let moved = watchPlan()
        var info = stat()
        return fileTouched || (moved && stat(file, &info) == 0)
    }

    /// Whether the config should be read again now: the file changed, and
    /// `settle` seconds have passed without another change.
    func reloadDue(_ wakeup: Wakeup, now: Double) -> Bool {
        if wakeup.readable.contains(fd), takeChanged() { deadline = now + Self.settle }
        guard let due = deadline, now >= due else { return false }
        deadline = nil
        return true
    }

    /// The file was read by other means (`buoy msg reload`, SIGHUP): the
    /// changes seen so far need no reload of their own.
    func forgetChanges() {
        deadline = nil
    }

    func close() {
        try? FileDescriptor(rawValue: fd).close()
    }

    /// Watches the directories of the plan made from the paths as they are
    /// now, and stops watching the others; true when a watch changed.
    private func watchPlan() -> Bool {
        var changed = false
        while true {
            var now: [Int32: [String]] = [:]
            for directory in plan.directories {
                // Again for a directory watched already: one removed and made
                // again under the same name is a new directory.
                let descriptor = buoy_inotify_watch_dir(fd, directory)
                if descriptor >= 0 { now[descriptor, default: []].append(directory) }
            }
            for descriptor in watches.keys where now[descriptor] == nil {
                _ = buoy_inotify_unwatch(fd, descriptor)
            }
            changed = changed || now != watches
            watches = now
            // A directory made or a link changed between the look and the
            // watch sent no event to it (`mkdir -p` races this): look again.
            let again = Self.plan(for: file)
            guard again != plan else { break }
            plan = again
        }
        if changed { logWatches() }
        return changed
    }

    private func logWatches() {
        guard let first = plan.spots.first else { return }
        if !first.isFile {
            log.info("watching \(first.directory) for \(file) to appear")
        } else if plan.directories.count > 1 {
            log.info("watching \(plan.directories.joined(separator: " and ")) for changes to \(file)")
        } else {
            log.debug("watching \(first.directory) for changes to \(file)")
        }
    }

    private static func plan(for file: String) -> ConfigWatchPlan {
        ConfigWatchPlan(file: file, isDirectory: Files.isDirectory, linkTarget: Files.linkTarget)
    }

    /// The events pending: each one's watch, what it says, and the name of
    /// the entry it is about ("" for the watched directory itself).
    private func drain() -> [(watch: Int32, mask: UInt32, name: String)] {
        var events: [(watch: Int32, mask: UInt32, name: String)] = []
        // Room for at least one event with the longest name.
        var buffer = [UInt8](repeating: 0, count: 4096)
        let header = MemoryLayout<inotify_event>.size
        while let count = try? FileDescriptor(rawValue: fd).read(into: &buffer), count > 0 {
            var offset = 0
            while offset + header <= count {
                let event = buffer.withUnsafeBytes {
                    $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                }
                let name = buffer[(offset + header)..<min(offset + header + Int(event.len), count)]
                events.append(
                    (event.wd, event.mask, String(decoding: name.prefix { $0 != 0 }, as: UTF8.self)))
                offset += header + Int(event.len)
            }
        }
        return events
    }
}

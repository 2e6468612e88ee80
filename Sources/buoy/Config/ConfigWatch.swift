import BuoyWayland
import CLinux
import Glibc

/// inotify on the config file's directory so that saving the file reloads
/// it. While that directory does not exist, its nearest existing ancestor
/// is watched instead, one level at a time down as the missing ones are
/// made: a newcomer who starts buoy and then writes
/// `~/.config/buoy/config.toml` needs no reload by hand.
final class ConfigWatch {
    let fd: Int32
    private let file: String
    private var watched: (descriptor: Int32, directory: String)?
    /// When a burst of file events has settled and the reload should run.
    private(set) var deadline: Double?
    /// Editors save in bursts (write, rename, chmod): reload once it settles.
    static let settle = 0.15

    /// Nil when inotify is not available or nothing on the way can be watched.
    init?(file: String) {
        fd = buoy_inotify_create()
        guard fd >= 0 else { return nil }
        self.file = file
        _ = watchNearest()
        guard watched != nil else {
            Glibc.close(fd)
            return nil
        }
    }

    /// The directory watched now.
    var directory: String? { watched?.directory }

    /// Drains the events; true when the file may have changed: it was
    /// written, moved in, created or chmodded, or a missing directory on its
    /// way was made and the file is already in it.
    private func takeChanged() -> Bool {
        guard let watched else { return false }
        let target = Files.directory(of: file)
        let name: String
        if watched.directory == target {
            name = Files.baseName(of: file)
        } else {
            name = Self.nextComponent(from: watched.directory, toward: target)
        }
        guard buoy_inotify_drain(fd, name) != 0 else { return false }
        if watched.directory == target { return true }
        // The next directory down was made (perhaps with more below it, by
        // `mkdir -p`): watch the deepest that exists, and look for the file
        // itself, which may have been written before that watch began.
        guard watchNearest() else { return false }
        var info = stat()
        return stat(file, &info) == 0
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
        Glibc.close(fd)
    }

    /// Watches the file's directory or its nearest existing ancestor; true
    /// when that changed the directory watched.
    private func watchNearest() -> Bool {
        var changed = false
        while true {
            var directory = Files.directory(of: file)
            while !Self.isDirectory(directory), directory != "/" {
                directory = Files.directory(of: directory)
            }
            guard directory != watched?.directory else { return changed }
            let descriptor = buoy_inotify_watch_dir(fd, directory)
            guard descriptor >= 0 else { return changed }
            if let old = watched, old.descriptor != descriptor {
                _ = buoy_inotify_unwatch(fd, old.descriptor)
            }
            watched = (descriptor, directory)
            changed = true
            // A directory made inside it between the look and the watch sent
            // no event to either: look again (`mkdir -p` races this).
        }
    }

    /// "buoy" for "/home/u/.config" toward "/home/u/.config/buoy/x".
    static func nextComponent(from ancestor: String, toward path: String) -> String {
        let rest = path.dropFirst(ancestor == "/" ? 1 : ancestor.count + 1)
        return String(rest.prefix { $0 != "/" })
    }

    private static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}

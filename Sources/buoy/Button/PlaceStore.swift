import BuoyCore
import BuoyFiles

/// The state file: where each button rested, by its name (and output, for
/// `output = "*"`). Read once at start, before the event loop blocks the
/// signals it takes through its signalfd: a read that hangs (a stuck NFS or
/// FUSE home) then leaves SIGTERM able to stop buoy. Written whole and
/// atomically, so a buoy killed mid-save leaves the old file or the new
/// one, never half.
final class PlaceStore {
    /// Nil when there is nowhere to keep it (no HOME, see `BuoyPaths`):
    /// places then last as long as buoy runs.
    let path: String?
    private let log: Logger
    /// Every button's place, as last read or written.
    private(set) var places = SavedPlaces()

    init(path: String?, log: Logger) {
        self.path = path
        self.log = log
        guard let path else { return }
        switch Files.read(path, limit: 64 * 1024) {
        case .success(let bytes):
            // Version 1 files, of a single button, read as the place of main.
            guard let saved = SavedPlaces.decode(String(decoding: bytes, as: UTF8.self)) else {
                log.warning("ignoring the unreadable state file \(path)")
                return
            }
            places = saved
        case .failure(.missing): break
        case .failure(.unreadable(let why)):
            log.warning("ignoring the unreadable state file \(path): \(why)")
        case .failure(.tooLarge(let limit, _)):
            log.warning("ignoring the state file \(path): larger than \(limit / 1024) KiB")
        }
    }

    /// Writes the place of every instance whose place the user chose, and
    /// forgets those of the instances that follow the config; the places of
    /// instances not here now (an unplugged output's) stay as they were.
    func save(_ instances: [ButtonInstance]) {
        for instance in instances {
            let key = instance.key
            if let place = instance.controller.savedPlace(of: key) {
                places.set(place)
            } else {
                places.remove(button: key.name, instanceOutput: key.instanceOutput)
            }
        }
        guard let path else { return }
        let directory = Files.directory(of: path)
        Files.makeDirectories(directory)
        // Not synced: fsync would hold the loop for as long as the disk
        // takes, and after a power cut an empty file reads as no saved place.
        if let problem = AtomicFile.replace(
            Files.baseName(of: path), in: directory, with: Array(places.encoded().utf8),
            keeping: AtomicFile.Ownership(of: path), durable: false)
        {
            log.warning("cannot save the buttons' places to \(path): \(problem)")
        }
    }
}

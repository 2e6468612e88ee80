import BuoyButton
import BuoyConfig
import BuoyCore

/// Edit mode's writes, each refused when the file is no longer the bytes
/// the menu was built from (`ConfigFileWriter`), and its Undo.
final class MenuEditWriter {
    /// The file an edit changes (`ConfigLoader.editTarget`): a system-wide
    /// file's edits start the user's own.
    var target: () -> Result<ConfigEditTarget, ConfigWriteRefusal> = { .failure(.systemWide(path: "")) }
    /// The bytes the config in use was read from (empty for no file, which
    /// a write expects to find missing or empty), or as edit mode last wrote
    /// them: what the menu shows.
    private var base: [UInt8] = []
    /// The last write's bytes before and after it, for Undo.
    private var undoable: (before: [UInt8], after: [UInt8])?

    /// The config was read from `bytes`, at start or on a reload: what the
    /// menu shows from then on is what a write expects to find.
    func read(_ bytes: [UInt8]) {
        base = bytes
    }

    /// Writes `edit` now; why not, if it was refused, without the file's
    /// path (a row of the menu shows it, on a phone's width). It never
    /// waits, neither for another writer's lock (it says so, as for a
    /// read-only file) nor for the disk: the file is not synced, as the
    /// state file is not, and its rename replaces it whole.
    func write(_ edit: ConfigEdit) -> String? {
        let before = base
        let refusal = write(edit, expecting: base)
        undoable = refusal == nil ? (before, base) : nil
        return refusal
    }

    /// Puts the file back as it was before the last write, if it is still
    /// as that write left it; why not, as `write` says it.
    func undo() -> String? {
        guard let (before, after) = undoable else { return "there is nothing to undo" }
        undoable = nil
        return write(.restore(before), expecting: after)
    }

    private func write(_ edit: ConfigEdit, expecting original: [UInt8]) -> String? {
        let target = target()
        switch target.flatMap({
            ConfigFileWriter.write(edit, to: $0, expecting: original, wait: 0, durable: false)
        }) {
        case .success(let written):
            base = written.bytes
            return nil
        case .failure(let refusal):
            let why = refusal.description
            let path = (try? target.get().path) ?? ""
            return why.hasPrefix(path + ": ") ? String(why.dropFirst(path.count + 2)) : why
        }
    }
}

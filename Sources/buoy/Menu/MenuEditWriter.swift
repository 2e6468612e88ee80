import BuoyButton
import BuoyConfig
import BuoyCore
import BuoyWayland

/// Edit mode's side in the shell: which session it is (a touch-first one
/// gets edit mode by default), what it edits, and its writes, each refused
/// when the file changed since buoy read it (`ConfigFileWriter`).
final class MenuEditWriter {
    /// The config file buoy reads now.
    var path: () -> String = { "" }
    /// The file's bytes as edit mode last read or wrote them; nil for no file.
    private var base: [UInt8]?

    /// Reads the file as edit mode begins, and as the config is read again:
    /// what the menu shows from then on is what a write expects to find.
    func readBase() {
        base = try? ConfigFileWriter.read(path(), named: path()).get()
    }

    /// Writes `edit` now; why not, if it was refused, without the file's
    /// path (a row of the menu shows it, on a phone's width).
    func write(_ edit: ConfigEdit) -> String? {
        let path = path()
        switch ConfigFileWriter.write(edit, to: path, expecting: base) {
        case .success(let bytes):
            base = bytes
            return nil
        case .failure(let refusal):
            let why = refusal.description
            return why.hasPrefix(path + ": ") ? String(why.dropFirst(path.count + 2)) : why
        }
    }

    /// `source` with its Edit entry as `spec`'s `[menu] edit` (or the
    /// session's default) wants, and what edit mode would edit (the list
    /// its menu shows; no Edit entry where that list cannot be named), with
    /// `catalog` in its picker.
    static func editable(_ source: MenuSource, _ spec: ButtonSpec, seats: [Seat], catalog: [PickerGroup])
        -> MenuSource
    {
        var source = source
        let editing =
            spec.menu.edit
            ?? .sessionDefault(
                touchscreen: seats.contains(where: \.hasTouch), keyboard: seats.contains(where: \.hasKeyboard)
            )
        source.menu.edit = editing == .touch && spec.itemList == nil ? .off : editing
        guard source.menu.edit == .touch, let list = spec.itemList else { return source }
        source.editing = MenuEditContext(spec, list: list, catalog: catalog)
        return source
    }
}

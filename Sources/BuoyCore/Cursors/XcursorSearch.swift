/// Where an Xcursor theme's cursors are, as libwayland-cursor looks for
/// them: `<directory>/<theme>/cursors/<name>` in each directory of the
/// search path, then in the themes that the theme's `index.theme` inherits.
public enum XcursorSearch {
    /// The search path: $XCURSOR_PATH's directories, or libwayland-cursor's
    /// own list ($XDG_DATA_HOME/icons, ~/.icons, /usr/share/icons and the
    /// older places), `~` being `home`.
    public static func directories(xcursorPath: String?, dataHome: String?, home: String?) -> [String] {
        let dataHome = dataHome.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "~/.local/share"
        let path =
            xcursorPath
            ?? "\(dataHome)/icons:~/.icons:/usr/share/icons:/usr/share/pixmaps:~/.cursors:"
            + "/usr/share/cursors/xorg-x11:/usr/X11R6/lib/X11/icons"
        return path.split(separator: ":").compactMap { directory in
            guard directory.hasPrefix("~") else { return String(directory) }
            return home.map { $0 + directory.dropFirst() }
        }
    }

    /// The themes an `index.theme` inherits: its `Inherits=` line's names,
    /// split at commas, semicolons and blanks.
    public static func inherits(indexTheme text: String) -> [String] {
        for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("Inherits") {
            let value = line.dropFirst("Inherits".count).drop(while: { $0 == " " || $0 == "\t" })
            guard value.first == "=" else { continue }
            return value.dropFirst().split(whereSeparator: { ",; \t".contains($0) }).map(String.init)
        }
        return []
    }
}

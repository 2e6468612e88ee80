/// An installed application as edit mode's picker offers it: what one
/// `.desktop` file (freedesktop.org's Desktop Entry Specification) says
/// that buoy can run.
public struct DesktopEntry: Equatable, Sendable {
    /// Its desktop file ID: the path under `applications/`, with `/` as `-`
    /// (`org.gnome.Nautilus.desktop`, `kde-okular.desktop`).
    public var id: String
    /// `Name`, or the `Name[xx]` of the user's language.
    public var name: String
    /// `Icon`: a theme name or an absolute path.
    public var icon: String?
    /// `Exec` without its field codes, as a shell command line buoy runs.
    public var command: String

    public init(id: String, name: String, icon: String?, command: String) {
        self.id = id
        self.name = name
        self.icon = icon
        self.command = command
    }
}

/// Reads one `.desktop` file's `[Desktop Entry]` group into a
/// `DesktopEntry`, or says it is not one to offer.
public enum DesktopEntryParser {
    /// The entry in `bytes`, whose desktop file ID is `id`; nil when it is no
    /// application to offer: `Type` is not `Application`, it is `Hidden` or
    /// `NoDisplay`, its `OnlyShowIn`/`NotShowIn` leave out every one of
    /// `desktops` (`XDG_CURRENT_DESKTOP`, split at `:`), it has no `Name`
    /// or no `Exec` (D-Bus activated only), or its `Exec` is malformed. A
    /// `Terminal=true` one is left out too: buoy starts commands with no
    /// terminal, so a terminal program would start and end unseen. So is
    /// one whose `TryExec` program `installed` does not find (a leftover
    /// file of an application removed), and a helper that starts a server
    /// or daemon with no window of its own (`Exec=foot --server`: "Foot
    /// Server", issue 43). `locale` (`LC_ALL`, `LC_MESSAGES`
    /// or `LANG`) picks `Name[xx]` as the specification matches it.
    public static func parse(
        _ bytes: [UInt8], id: String, desktops: [String] = [], locale: String? = nil,
        installed: (String) -> Bool = { _ in true }
    ) -> DesktopEntry? {
        guard !bytes.contains(0), let keys = entryGroup(String(decoding: bytes, as: UTF8.self)) else {
            return nil
        }
        func flag(_ key: String) -> Bool { keys[key] == "true" }
        guard keys["Type"] == "Application", !flag("Hidden"), !flag("NoDisplay"), !flag("Terminal"),
            shown(onlyIn: keys["OnlyShowIn"], notIn: keys["NotShowIn"], desktops: desktops),
            keys["TryExec"].map({ installed(unescaped($0)) }) ?? true
        else { return nil }
        let localized = localeSuffixes(locale).lazy.compactMap { keys["Name[\($0)]"] }.first
        guard let name = (localized ?? keys["Name"]).map(unescaped), !name.isEmpty,
            let exec = keys["Exec"], let command = DesktopExec.command(unescaped(exec)),
            !startsAService(command)
        else { return nil }
        let icon = keys["Icon"].map(unescaped)
        return DesktopEntry(id: id, name: name, icon: icon?.isEmpty == false ? icon : nil, command: command)
    }

    /// Whether `command` starts a server or daemon rather than a window:
    /// an argument `--server` or `--daemon`.
    static func startsAService(_ command: String) -> Bool {
        command.split(separator: " ").dropFirst().contains { $0 == "--server" || $0 == "--daemon" }
    }

    /// The keys of the `[Desktop Entry]` group, which must come first; the
    /// first of a key given twice. Raw values: not unescaped.
    static func entryGroup(_ text: String) -> [String: String]? {
        var keys: [String: String] = [:]
        var inEntry = false
        // A Character "\r\n" is a newline too.
        for line in text.split(whereSeparator: \.isNewline) {
            if line.hasPrefix("#") { continue }
            if line.hasPrefix("[") {
                if inEntry { break }
                guard line == "[Desktop Entry]" else { return nil }
                inEntry = true
                continue
            }
            guard inEntry, let equals = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<equals].drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
            let value = String(line[line.index(after: equals)...].drop { $0 == " " })
            if keys[key] == nil { keys[key] = value }
        }
        return inEntry ? keys : nil
    }

    /// Whether an entry with these `OnlyShowIn` and `NotShowIn` lists is
    /// shown in a session of `desktops`.
    static func shown(onlyIn: String?, notIn: String?, desktops: [String]) -> Bool {
        func list(_ value: String?) -> [String] { value?.split(separator: ";").map(String.init) ?? [] }
        if list(notIn).contains(where: desktops.contains) { return false }
        guard let onlyIn else { return true }
        return list(onlyIn).contains(where: desktops.contains)
    }

    /// The `xx` of `Name[xx]` to try for `locale`, best first, as the
    /// specification orders them: `lang_COUNTRY@MODIFIER`, `lang_COUNTRY`,
    /// `lang@MODIFIER`, `lang`. The encoding (`.UTF-8`) plays no part.
    static func localeSuffixes(_ locale: String?) -> [String] {
        guard let locale, case var rest = Substring(locale), !rest.isEmpty, rest != "C", rest != "POSIX",
            !rest.hasPrefix("C.")
        else { return [] }
        var modifier: Substring?
        if let at = rest.firstIndex(of: "@") {
            modifier = rest[rest.index(after: at)...]
            rest = rest[..<at]
        }
        if let dot = rest.firstIndex(of: ".") { rest = rest[..<dot] }
        let parts = rest.split(separator: "_", maxSplits: 1)
        guard let language = parts.first else { return [] }
        let country = parts.count > 1 ? parts[1] : nil
        var suffixes: [String] = []
        if let country, let modifier { suffixes.append("\(language)_\(country)@\(modifier)") }
        if let country { suffixes.append("\(language)_\(country)") }
        if let modifier { suffixes.append("\(language)@\(modifier)") }
        suffixes.append(String(language))
        return suffixes
    }

    /// A string value with the specification's escapes (`\s`, `\n`, `\t`,
    /// `\r`, `\\`) replaced; another backslash stays as it is.
    static func unescaped(_ value: String) -> String {
        guard value.contains("\\") else { return value }
        var result = ""
        var escaping = false
        for character in value {
            if escaping {
                switch character {
                case "s": result.append(" ")
                case "n": result.append("\n")
                case "t": result.append("\t")
                case "r": result.append("\r")
                case "\\": result.append("\\")
                default: result.append("\\\(character)")
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        if escaping { result.append("\\") }
        return result
    }
}

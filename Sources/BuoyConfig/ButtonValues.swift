import BuoyCore

/// The values only a button's own keys take: its name, icon, label and
/// accessible name.
extension SchemaReader {
    /// A button's `name`: `[a-z0-9_-]{1,32}`, so that other tools can
    /// use it as a word (`buoy msg`, file names).
    mutating func buttonName(_ entry: TOMLEntry) -> String? {
        guard let text = string(entry) else { return nil }
        let allowed = text.utf8.allSatisfy { b in
            (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x2D
        }
        guard allowed, (1...32).contains(text.utf8.count) else {
            error(
                "name must be 1 to 32 of a-z, 0-9, \"_\" and \"-\" ([a-z0-9_-]{1,32}), got \(quoted(text))",
                at: entry.node.offset)
            return nil
        }
        return text
    }

    /// `[button] icon`: an icon name, or an absolute path; when `fileExists`
    /// is given, a path where there is no file is a warning (the button
    /// shows its default glyph), as for a menu item's icon.
    mutating func buttonIcon(_ entry: TOMLEntry) -> String? {
        guard let icon = nonEmptyString(entry).map(expandingHome) else { return nil }
        if icon.hasPrefix("/") {
            if let fileExists, !fileExists(icon) {
                warning("no icon file at \(icon); the button shows its default glyph", at: entry.node.offset)
            }
        } else if icon.contains("/") {
            // A theme name has no slash, and a relative path would depend on
            // the directory buoy happens to start in.
            error("icon must be an icon name or an absolute path, got \(quoted(icon))", at: entry.node.offset)
            return nil
        }
        return icon
    }

    /// `[button] label`: 1 to `ButtonFace.maxLabelCharacters` characters.
    mutating func buttonLabel(_ entry: TOMLEntry) -> String? {
        guard let label = nonEmptyString(entry) else { return nil }
        guard label.count <= ButtonFace.maxLabelCharacters else {
            error(
                "label must be at most \(ButtonFace.maxLabelCharacters) characters, got \(quoted(label))"
                    + " (\(label.count))", at: entry.node.offset)
            return nil
        }
        return label
    }

    /// `accessible_name`: not empty, at most `Button.maxAccessibleName` characters.
    mutating func accessibleName(_ entry: TOMLEntry) -> String? {
        guard let name = nonEmptyString(entry) else { return nil }
        guard name.count <= Button.maxAccessibleName else {
            error(
                "accessible_name must be at most \(Button.maxAccessibleName) characters, got \(name.count)",
                at: entry.node.offset)
            return nil
        }
        return name
    }
}

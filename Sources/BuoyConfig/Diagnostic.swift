/// A problem found in a config file, located by 1-based line and column.
///
/// Columns count Unicode scalars (not bytes) from the start of the line; a
/// UTF-8 byte-order mark at the start of the file is not counted.
public struct ConfigDiagnostic: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: Sendable, Equatable {
        case error
        case warning
    }

    public var severity: Severity
    /// The file's path as given to `Config.parse`.
    public var path: String
    public var line: Int
    public var column: Int
    public var message: String
    /// The text of the offending line, without its line break. Empty when the
    /// problem is with the file as a whole (for example its size).
    public var sourceLine: String

    public init(
        severity: Severity, path: String, line: Int, column: Int, message: String, sourceLine: String
    ) {
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.sourceLine = sourceLine
    }

    /// "path:line:col: message" then the offending line and a caret under the
    /// column, e.g.
    ///
    ///     config.toml:3:8: size expects a number, got string
    ///         size = "big"
    ///                ^
    ///
    /// Warnings look the same; callers that print both tell them apart by
    /// `severity`. Lines longer than 120 characters are cut to a window
    /// around the column.
    public var rendered: String {
        var text = "\(path):\(line):\(column): \(message)"
        if sourceLine.isEmpty { return text }

        var scalars = Array(sourceLine.unicodeScalars)
        var caretIndex = max(column - 1, 0)
        let window = 120
        if scalars.count > window {
            let first = max(0, min(caretIndex - window / 3, scalars.count - window))
            let last = min(scalars.count, first + window)
            var excerpt: [Unicode.Scalar] = []
            if first > 0 { excerpt += "...".unicodeScalars }
            excerpt += scalars[first..<last]
            if last < scalars.count { excerpt += "...".unicodeScalars }
            caretIndex = caretIndex - first + (first > 0 ? 3 : 0)
            scalars = excerpt
        }
        var line = ""
        line.unicodeScalars.append(contentsOf: scalars)
        // Copy tabs into the caret's padding so the caret lines up with the
        // column whatever the terminal's tab width.
        var padding = ""
        for index in 0..<caretIndex {
            padding += index < scalars.count && scalars[index] == "\t" ? "\t" : " "
        }
        text += "\n    " + line + "\n    " + padding + "^"
        return text
    }

    public var description: String { rendered }
}

/// The first error in a config file. The parser stops at it.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    public var diagnostic: ConfigDiagnostic

    public init(diagnostic: ConfigDiagnostic) {
        self.diagnostic = diagnostic
    }

    public var description: String { diagnostic.rendered }
}

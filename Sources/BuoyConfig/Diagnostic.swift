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
    /// 0 for a line that `buoy config` would add, which the file on disk
    /// has not: then the message names no line.
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
    public var rendered: String { render(label: "") }

    /// `rendered` with "error: " or "warning: " before the message, as
    /// compilers write it and editors parse it (`buoy --check`).
    public var labelled: String { render(label: severity == .error ? "error: " : "warning: ") }

    private func render(label: String) -> String {
        var text = line > 0 ? "\(path):\(line):\(column): \(label)\(message)" : "\(path): \(label)\(message)"
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

/// Why a config file cannot be used: its errors, earliest first, and the
/// warnings found beside them. A syntax error stops the parser, so it comes
/// alone; value errors are all collected, up to `ConfigError.maxErrors`.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    /// How many errors are kept; `omitted` counts the rest.
    public static let maxErrors = 20

    /// Never empty.
    public var errors: [ConfigDiagnostic]
    public var warnings: [ConfigDiagnostic]
    /// Errors found beyond the first `maxErrors`.
    public var omitted: Int

    /// The earliest error.
    public var diagnostic: ConfigDiagnostic { errors[0] }

    public init(diagnostic: ConfigDiagnostic) {
        self.init(errors: [diagnostic], warnings: [])
    }

    /// `errors` must not be empty; only the first `maxErrors` are kept.
    public init(errors: [ConfigDiagnostic], warnings: [ConfigDiagnostic]) {
        precondition(!errors.isEmpty, "a ConfigError needs an error")
        self.errors = Array(errors.prefix(Self.maxErrors))
        self.warnings = warnings
        omitted = max(errors.count - Self.maxErrors, 0)
    }

    /// The earliest error, rendered; `buoy --check` prints them all.
    public var description: String { diagnostic.rendered }
}

/// One change to a config file, made on its bytes: `buoy config` and the
/// menu's edit mode both describe what the user asked for as a `ConfigEdit`
/// and call `applied(to:path:)`, which returns the new bytes or why not.
///
/// The edit is lossless: every byte outside the changed value, the changed
/// line or the item moved stays as it was (comments, blank lines, order,
/// quoting, spacing), as toml_edit and tomlkit do. The result is validated
/// as `--check` validates a file, so an edit that is applied never leaves a
/// file buoy refuses.
public enum ConfigEdit: Equatable, Sendable {
    /// `set KEY VALUE`: replace the value in place, or add the key after the
    /// last key of its table (a missing top-level table goes at the end).
    case set(ConfigKey, ConfigValue)
    /// `unset KEY`: remove the key's line.
    case unset(ConfigKey)
    /// `item add`: a new `[[...item]]` before item `at` (from 1), or last.
    case addItem(ConfigItem, in: ItemList, at: Int?)
    /// `item remove N`: the item with the comment lines directly above it,
    /// and one blank line.
    case removeItem(Int, in: ItemList)
    /// `item move N M`: item N, with its comments, becomes item M.
    case moveItem(Int, to: Int, in: ItemList)
    /// Edit mode's Undo: the file's bytes as they were before its last write.
    case restore([UInt8])

    /// The new bytes, or why the edit is refused; `path` names the file in
    /// messages. A file that does not parse cannot be edited.
    public func applied(to bytes: [UInt8], path: String) -> Result<[UInt8], ConfigEditError> {
        do throws(ConfigEditError) {
            let edited: Splice
            var removal: Splice?
            switch self {
            case .set(let key, let value):
                let candidates = try value.literals(for: key)
                var firstRefusal: ConfigEditError?
                for literal in candidates {
                    do throws(ConfigEditError) {
                        let splice = try Self.setting(
                            key, to: literal.bytes, in: try Self.layout(bytes, path),
                            keepingQuotes: value.isText)
                        try Self.validate(splice, from: bytes, path: path)
                        return .success(splice.result)
                    } catch {
                        guard literal.isReadAsTOML else {
                            firstRefusal = firstRefusal ?? error
                            continue
                        }
                        // The key takes no table or array: the text is a string.
                        if error.refusesType { continue }
                        throw .refused(
                            "\(error)\nThe value was read as TOML, as \(key) takes one; to write it as a"
                                + " string, give it with --toml in quotes.")
                    }
                }
                throw firstRefusal ?? .refused("\(path): no value to write")
            case .unset(let key):
                edited = try Self.unsetting(key, in: try Self.layout(bytes, path))
            case .addItem(let item, let list, let at):
                edited = try ItemEditor(try Self.layout(bytes, path), list).adding(item, at: at)
            case .removeItem(let number, let list):
                edited = try ItemEditor(try Self.layout(bytes, path), list).removing(number).splice
            case .moveItem(let number, let target, let list):
                let editor = try ItemEditor(try Self.layout(bytes, path), list)
                // Counted before the item leaves: "there are 3" of 3.
                try editor.checked(target, upTo: editor.items.count)
                let removed = try editor.removing(number)
                let rest = try Self.layout(removed.splice.result, path)
                edited = try ItemEditor(rest, list).inserting(removed.text, at: target)
                removal = removed.splice
            case .restore(let before):
                // The file as it was, warnings and all: only bytes that no longer parse (buoy
                // changed meanwhile) are refused.
                do {
                    _ = try Config.parse(before, path: path)
                } catch {
                    throw .invalid(error)
                }
                return .success(before)
            }
            try Self.validate(edited, from: bytes, path: path, after: removal)
            return .success(edited.result)
        } catch {
            return .failure(error)
        }
    }

    static func layout(_ bytes: [UInt8], _ path: String) throws(ConfigEditError) -> TOMLLayout {
        do {
            return TOMLLayout(try TOMLParser.parse(bytes, path: path))
        } catch {
            throw .invalid(error)
        }
    }

    /// Refuses a result that `--check` would refuse, or that has a new
    /// warning on the lines written (an unknown key: a typo, not a wish).
    /// A warning the file had before (an item moved with its unknown key)
    /// is not new. `removal`, for a move, was made before `splice`. The
    /// refusal names the lines of `original`, the file on disk.
    static func validate(_ splice: Splice, from original: [UInt8], path: String, after removal: Splice? = nil)
        throws(ConfigEditError)
    {
        let warnings: [ConfigDiagnostic]
        do {
            warnings = try Config.parse(splice.result, path: path).warnings
        } catch {
            throw .invalid(onDisk(error, splice, after: removal, original: original))
        }
        // Most edits warn of nothing: no need for the lines' places.
        guard !warnings.isEmpty else { return }
        var file = SourceFile(path: path, bytes: splice.result)
        try? file.validate()  // it parsed, so this only records the lines
        let lines = splice.insertedLines(in: file)
        let written = warnings.filter { lines.contains($0.line) }
        // Only then is the file as it was parsed.
        guard !written.isEmpty else { return }
        let known = Set(((try? Config.parse(original, path: path))?.warnings ?? []).map(\.message))
        if let warning = written.first(where: { !known.contains($0.message) }) {
            var refused = warning
            refused.severity = .error
            throw .invalid(
                onDisk(ConfigError(diagnostic: refused), splice, after: removal, original: original))
        }
    }

    /// `error`, found in `splice.result`, with the lines of `original`: a
    /// line the edit adds has none (0), and one it changes keeps its own.
    private static func onDisk(
        _ error: ConfigError, _ splice: Splice, after removal: Splice?, original: [UInt8]
    )
        -> ConfigError
    {
        var result = SourceFile(path: "", bytes: splice.result)
        try? result.validate()  // only the lines
        var disk = SourceFile(path: "", bytes: original)
        try? disk.validate()
        func placed(_ diagnostic: ConfigDiagnostic) -> ConfigDiagnostic {
            guard diagnostic.line > 0 else { return diagnostic }
            var placed = diagnostic
            let offset = result.offset(line: diagnostic.line, column: diagnostic.column)
            let lineStart = result.offset(line: diagnostic.line, column: 1)
            let before = splice.source(of: offset, onLineFrom: lineStart)
            placed.line =
                before.map { disk.location(of: removal?.source(of: $0, onLineFrom: $0) ?? $0).line } ?? 0
            return placed
        }
        var mapped = error
        mapped.errors = error.errors.map(placed)
        mapped.warnings = error.warnings.map(placed)
        return mapped
    }
}

/// Why an edit was refused: the file's own diagnostics (file:line:col), or
/// a message that starts with the file's path.
public enum ConfigEditError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalid(ConfigError)
    case refused(String)

    /// Whether the file's value was refused for its type: a table or an
    /// array where the key takes neither.
    var refusesType: Bool {
        guard case .invalid(let error) = self else { return false }
        return error.errors.contains {
            SchemaReader.isTypeError($0.message, got: "table")
                || SchemaReader.isTypeError($0.message, got: "array")
        }
    }

    /// What `buoy config` prints, one diagnostic after another.
    public var description: String {
        switch self {
        case .invalid(let error): (error.errors + error.warnings).map(\.labelled).joined(separator: "\n")
        case .refused(let message): message
        }
    }
}

/// Bytes replaced in one place: the result, and the span written.
struct Splice {
    var result: [UInt8]
    /// The new bytes' span in `result`.
    var written: Range<Int>
    /// The span they replaced, in the bytes the splice was made on.
    var replaced: Range<Int>

    init(_ bytes: [UInt8], replacing range: Range<Int>, with new: [UInt8]) {
        var result = bytes
        result.replaceSubrange(range, with: new)
        self.result = result
        written = range.lowerBound..<(range.lowerBound + new.count)
        replaced = range
    }

    /// Where `offset` of `result`, on the line that starts at `lineStart`,
    /// was in the bytes the splice was made on. A written byte on a line
    /// that began before them is where the writing began; one on a line
    /// the splice added was nowhere (nil).
    func source(of offset: Int, onLineFrom lineStart: Int) -> Int? {
        if offset < written.lowerBound { return offset }
        if offset >= written.upperBound { return offset - written.count + replaced.count }
        return lineStart < written.lowerBound ? replaced.lowerBound : nil
    }

    /// The 1-based lines the written bytes are on.
    func insertedLines(in file: SourceFile) -> Range<Int> {
        guard !written.isEmpty else { return 0..<0 }
        let first = file.location(of: written.lowerBound).line
        let last = file.location(of: written.upperBound - 1).line
        return first..<(last + 1)
    }
}

extension ConfigEdit {
    /// The first line of a file `buoy config` makes where there was none.
    public static let newFileHeader = "# buoy's config (see buoy(5)), started by `buoy config`.\n"
}

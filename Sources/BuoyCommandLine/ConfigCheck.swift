/// What checking the config found: what `buoy --check` prints and `buoy
/// doctor` reports, in the same words.
package enum ConfigCheck: Equatable, Sendable {
    /// The file can be used; `warnings` are its diagnostics, labelled
    /// (`path:line:col: warning: ...`), in file order.
    case ok(path: String, warnings: [String])
    /// No file at any of `candidates`: the built-in defaults are in use.
    case noFile(candidates: [String])
    /// The file cannot be used: every diagnostic, or why the file as a whole is refused.
    case failed(message: String)

    /// `--check`'s verdict on standard output; nil for a failure, which
    /// only its diagnostics (on standard error) tell.
    package var verdict: String? {
        switch self {
        case .ok(let path, let warnings):
            let count = warnings.count
            return count == 0 ? "\(path): ok" : "\(path): ok, with \(count) warning\(count == 1 ? "" : "s")"
        case .noFile(let candidates):
            return "no config file (looked for \(candidates.joined(separator: ", "))): defaults in use"
        case .failed:
            return nil
        }
    }

    package var passed: Bool {
        if case .failed = self { return false }
        return true
    }
}

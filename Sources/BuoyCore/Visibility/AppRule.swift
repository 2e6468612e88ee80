/// `show_for` and `hide_for`, of `[visibility]` and of a menu item: shell
/// globs of app ids, matched against the focused window's (foreign-toplevel).
public struct AppRule: Sendable, Equatable {
    /// If set, it shows only while the focused window's app id matches one.
    public var showFor: [String]?
    /// It hides while the focused window's app id matches one.
    public var hideFor: [String]

    /// A rule that shows for every app unless given globs.
    public init(showFor: [String]? = nil, hideFor: [String] = []) {
        self.showFor = showFor
        self.hideFor = hideFor
    }

    /// Whether it asks which window is focused.
    public var needsWindows: Bool { showFor != nil || !hideFor.isEmpty }

    /// Whether what has this rule shows while `focused` is the focused
    /// window's app id (nil: no window is focused).
    public func shows(forApp focused: String?) -> Bool {
        if let focused, hideFor.contains(where: { Glob.matches($0, focused) }) { return false }
        guard let showFor else { return true }
        return focused.map { app in showFor.contains { Glob.matches($0, app) } } ?? false
    }
}

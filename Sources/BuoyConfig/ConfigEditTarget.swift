/// The file an edit (`buoy config`, edit mode) changes. It is the file
/// buoy reads, except that a system-wide file (a distribution's, under
/// `$XDG_CONFIG_DIRS`) is never edited: the user's own file is started from
/// its bytes, so that no item or gesture it had is lost to a one-key file
/// that hides it. Without a user's directory there is nothing to start.
public struct ConfigEditTarget: Equatable, Sendable {
    /// The file written.
    public var path: String
    /// The system-wide file whose bytes a missing `path` starts from.
    public var startingFrom: String?

    public init(path: String, startingFrom: String? = nil) {
        self.path = path
        self.startingFrom = startingFrom
    }

    /// The target for an edit: `explicitPath` (`--config`) when given, else
    /// the user's own file (`BuoyPaths.userConfig`), started from `reading`
    /// (the file buoy reads now) when that is another, system-wide, file.
    public static func choose(explicitPath: String?, userConfig: String?, reading: String)
        -> Result<ConfigEditTarget, ConfigWriteRefusal>
    {
        if let explicitPath { return .success(ConfigEditTarget(path: explicitPath)) }
        guard let userConfig else { return .failure(.systemWide(path: reading)) }
        return .success(
            ConfigEditTarget(path: userConfig, startingFrom: reading == userConfig ? nil : reading))
    }
}

import BuoyConfig
import BuoyCore
import BuoyWayland

/// Where the built-in actions find their tools in this session: on PATH,
/// searched as for the first run's menu, and in the compositor buoy's
/// environment names.
enum BuiltInTools {
    static func resolve(_ action: BuiltInAction) -> BuiltInAction.Resolution {
        action.resolve(found: Files.isOnPath, compositor: Compositor.detect(Environment.string))
    }

    /// What an item whose tool is missing says on screen after a tap.
    static func note(_ action: BuiltInAction) -> String {
        action.note(found: Files.isOnPath, compositor: Compositor.detect(Environment.string))
    }

    /// What `--check` prints: one line per built-in action `config` uses.
    static func report(_ config: Config) -> [String] {
        config.builtInActions.map { "action \($0.name): \(resolve($0).summary)" }
            + config.pointerActions.map { "action \($0): \(clickSummary)" }
    }

    /// How the click types click in this session: `--check` has no
    /// connection to ask the compositor, so it says what it needs: in KDE
    /// Plasma, KWin's fake input, which KWin offers only to the programs a
    /// desktop file allows.
    private static var clickSummary: String {
        guard Compositor.detect(Environment.string) != .kde else {
            return "buoy's own, through KWin's org_kde_kwin_fake_input, which KWin offers to buoy through"
                + " buoy's desktop file (buoy(5), CLICK TYPES; buoy doctor says whether it is offered)"
        }
        return "buoy's own, through the compositor's zwlr_virtual_pointer_manager_v1 v2 (buoy doctor says"
            + " whether it is offered)"
    }
}

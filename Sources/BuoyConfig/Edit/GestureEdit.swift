import BuoyCore

/// What edit mode's "Button" entry makes a gesture do.
public enum GestureChoice: Equatable, Sendable {
    /// Open the menu (`"menu"`).
    case menu
    /// Run a command, a built-in action or keys, as a picked item would.
    case runs(ConfigItem.Runs)
    /// Nothing, even where a table the key overrides sets an action:
    /// `false`.
    case nothing
}

extension ConfigEdit {
    /// The edit that makes `gesture` do `choice`: in `[actions]`, or for
    /// the button named `button`, where `buoy config --button` would write
    /// it (`TOMLDocument.placing`): the button's own `[button.actions]`
    /// where it has the gesture or there are several buttons.
    public static func setting(_ gesture: ButtonGesture, to choice: GestureChoice, button: String? = nil)
        -> ConfigEdit
    {
        let key = ConfigKey(parts: ["actions", gesture.rawValue], button: button)
        switch choice {
        case .nothing: return .set(key, .toml("false"))
        case .menu: return .set(key, .text("menu"))
        // TOML literals: a command is written as a string whatever it spells.
        case .runs(.command(let command)): return .set(key, .toml(quoted(command, limit: .max)))
        case .runs(.action(let name)): return .set(key, .toml("{ action = \(quoted(name, limit: .max)) }"))
        case .runs(.keys(let keys)): return .set(key, .toml("{ keys = \(quoted(keys, limit: .max)) }"))
        }
    }
}

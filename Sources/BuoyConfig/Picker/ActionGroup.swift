/// The heading a built-in action, built-in keys or click type is listed
/// under in edit mode's picker, as AssistiveTouch groups its actions. Each
/// action's group is a fact of its own table (`BuiltInAction.all`,
/// `BuiltInKeys.all`); click types are a group of their own.
public enum ActionGroup: String, CaseIterable, Sendable, Equatable {
    case device = "Device"
    case media = "Media"
    case screen = "Screen"
    case windows = "Windows"
    case clickTypes = "Click types"

    /// The picker's heading.
    public var title: String { rawValue }
}

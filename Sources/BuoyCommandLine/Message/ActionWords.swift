/// How the log and `buoy msg`'s answers name a gesture's action, and why it did not run.
public enum ActionWords {
    /// What ran it: "tap" with one button, whose name then says nothing;
    /// "keyboard tap" with several.
    public static func reason(button: String, action: String, buttonCount: Int) -> String {
        buttonCount > 1 ? "\(button) \(action)" : action
    }

    /// A built-in action whose tool is missing: "action screenshot: <why>".
    public static func missingTool(action: String, why: String) -> String {
        "action \(action): \(why)"
    }

    /// Why `menu`, or a gesture whose action is the menu, did not open it.
    public static func cannotOpenMenu(_ problem: String) -> String {
        "cannot open the menu: \(problem)"
    }
}

/// How the log and `buoy msg`'s answers name a gesture's action, and why it did not run.
package enum ActionWords {
    /// What ran it: "tap" with one button, whose name then says nothing;
    /// "keyboard tap" with several.
    package static func reason(button: String, action: String, buttonCount: Int) -> String {
        buttonCount > 1 ? "\(button) \(action)" : action
    }

    /// A built-in action whose tool is missing: "action screenshot: <why>".
    package static func missingTool(action: String, why: String) -> String {
        "action \(action): \(why)"
    }

    /// Why `menu`, or a gesture whose action is the menu, did not open it.
    package static func cannotOpenMenu(_ problem: String) -> String {
        "cannot open the menu: \(problem)"
    }
}

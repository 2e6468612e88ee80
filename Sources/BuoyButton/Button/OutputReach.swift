import BuoyConfig
import BuoyCore

/// Which other outputs a drag may carry a button onto (issue 20 §5), and
/// where their usable areas are from its own.
public enum OutputReach {
    /// The outputs a drag may carry the button onto, with their areas in
    /// its coordinates (`OutputLayout.areas`): none for a button an output
    /// pins (`output` set: `"*"`, a name or `"focused"`, or an instance of
    /// `"*"`'s, `instanceOutput`), nor before its own output's place
    /// (`own`) and its usable area's size (`usable`) are known.
    public static func others(
        _ others: [OutputLayout.Other], output: OutputChoice, instanceOutput: String?, own: Rect?,
        usable: Size?
    ) -> [OtherOutput] {
        guard output == .compositorsChoice, instanceOutput == nil, let own, let usable else { return [] }
        return zip(others, OutputLayout.areas(own: own, usable: usable, others: others)).map {
            OtherOutput(name: $0.name, area: $1)
        }
    }
}

/// One button on one output: the button's name and, for `output = "*"`, the
/// output that instance belongs to. The state file keeps places by it.
public struct InstanceKey: Hashable, Sendable {
    /// The button's `name`.
    public var name: String
    /// The output of an `output = "*"` button's instance; nil for any other.
    public var instanceOutput: String?

    /// Button `name`'s instance on `instanceOutput`.
    public init(name: String, instanceOutput: String?) {
        self.name = name
        self.instanceOutput = instanceOutput
    }

    /// "main", or "main on HEADLESS-2" for an instance of an `output = "*"` button.
    public var label: String {
        instanceOutput.map { "\(name) on \($0)" } ?? name
    }
}

/// One button on one output: the button's name and, for `output = "*"`, the
/// output that instance belongs to. The state file keeps places by it.
public struct InstanceKey: Hashable, Sendable {
    public var name: String
    public var instanceOutput: String?

    public init(name: String, instanceOutput: String?) {
        self.name = name
        self.instanceOutput = instanceOutput
    }

    /// "main", or "main on HEADLESS-2" for an instance of an `output = "*"` button.
    public var label: String {
        instanceOutput.map { "\(name) on \($0)" } ?? name
    }
}

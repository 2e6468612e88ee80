/// What `buoy msg pointer` does to the pointer pad (issue 45).
public enum PointerSwitch: String, CaseIterable, Sendable, Equatable {
    case on, off, toggle

    /// Whether the pad is open after this, given whether it is now.
    public func opens(whenOpen open: Bool) -> Bool {
        switch self {
        case .on: true
        case .off: false
        case .toggle: !open
        }
    }
}

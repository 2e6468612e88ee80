/// Whether buoy has finished starting: every button that shows is on screen
/// (the compositor has shown a frame of it) with its face and badge drawn,
/// and every menu is drawn ahead of time, so that a tap now opens it at
/// once. Scripts and tests wait for it (`buoy msg state`'s `ready`, the
/// `ready` event, the log) instead of guessing how long starting takes. It
/// goes back to waiting when something new is to be drawn: an output, a
/// reload, a face or a menu drawn again.
public struct Readiness: Sendable, Equatable {
    /// What the shell knows of one instance (button × output).
    public struct Instance: Sendable, Equatable {
        /// Its name, for the log: "main", "main on HEADLESS-2".
        public var label: String
        /// It shows (not hidden by `hide`, a rule or the remove target).
        public var visible: Bool
        /// The compositor has configured its layer surface.
        public var configured: Bool
        /// A frame showing the button is committed.
        public var committed: Bool
        /// The compositor has answered a frame callback of its surface, so
        /// it has shown what was committed before it.
        public var presented: Bool
        /// A child still draws its face's icon or label, or its badge.
        public var faceDrawing: Bool

        /// The facts of one instance.
        public init(
            label: String, visible: Bool, configured: Bool, committed: Bool, presented: Bool,
            faceDrawing: Bool
        ) {
            self.label = label
            self.visible = visible
            self.configured = configured
            self.committed = committed
            self.presented = presented
            self.faceDrawing = faceDrawing
        }

        /// What it waits for, nil when it is ready.
        var waitingFor: String? {
            guard visible else { return nil }
            if !configured { return "the compositor to configure its surface" }
            if !committed { return "its first frame" }
            if faceDrawing { return "its face or badge to be drawn" }
            if !presented { return "the compositor to show its first frame" }
            return nil
        }
    }

    /// A change of readiness, for the log and subscribers.
    public enum Change: Sendable, Equatable {
        /// Every instance is on screen and every menu drawn ahead.
        case ready
        /// No longer (or not yet) ready: what it waits for.
        case waiting(String)
    }

    /// Ready now, as `update` last decided.
    public private(set) var isReady = false
    private var waitingFor: String?

    /// Not ready: nothing is on screen yet.
    public init() {}

    /// Decides from this wakeup's facts; returns a change when readiness, or
    /// what it waits for, changed. With no instance at all (no output yet),
    /// buoy waits for one.
    public mutating func update(_ instances: [Instance], menusDrawnAhead: Bool) -> Change? {
        let waiting: String?
        if instances.isEmpty {
            waiting = "an output to show a button on"
        } else if let instance = instances.first(where: { $0.waitingFor != nil }),
            let what = instance.waitingFor
        {
            waiting = "\(instance.label): \(what)"
        } else if !menusDrawnAhead {
            waiting = "the menus to be drawn"
        } else {
            waiting = nil
        }
        let before = (isReady, waitingFor)
        isReady = waiting == nil
        waitingFor = waiting
        guard before != (isReady, waitingFor) else { return nil }
        return waiting.map(Change.waiting) ?? .ready
    }
}

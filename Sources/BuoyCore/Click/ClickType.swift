/// A click that buoy delivers on the next tap anywhere (issue 30 §1): the
/// built-in actions `right-click`, `middle-click`, `double-click` and
/// `drag`, and `buoy msg click TYPE`; and `scroll` (issue 45 §2), whose
/// next drag anywhere scrolls the window where it started.
public enum ClickType: String, CaseIterable, Sendable, Equatable {
    case right, middle, double, drag, scroll

    /// Its built-in action's name in a config.
    public var actionName: String {
        switch self {
        case .right: "right-click"
        case .middle: "middle-click"
        case .double: "double-click"
        case .drag: "drag"
        case .scroll: "scroll"
        }
    }

    /// The type whose built-in action has this name.
    public init?(actionName: String) {
        guard let type = Self.allCases.first(where: { $0.actionName == actionName }) else { return nil }
        self = type
    }

    /// A menu item's label.
    public var label: String {
        switch self {
        case .right: "Right click"
        case .middle: "Middle click"
        case .double: "Double click"
        case .drag: "Drag"
        case .scroll: "Scroll"
        }
    }

    /// What shows it: in the menu, in the picker, and on the button's face
    /// while it is armed (there a "2" stood for a double click, which
    /// matched nothing in the menu).
    public var glyph: Glyph { Glyph(self) }

    /// `buoy msg click cancel`: disarm.
    public static let cancelWord = "cancel"
}

/// What a delivered click is, as pointer events at one output's logical
/// pixels; the shell sends them through a virtual pointer. The pointer
/// pad's (issue 45) move by, scroll and stop too.
public enum PointerStep: Sendable, Equatable {
    case move(Point)
    case press(PointerButton)
    case release(PointerButton)
    /// Relative motion, in logical px.
    case moveBy(Point)
    /// Axis events from a finger: horizontal `x`, vertical `y` (down is positive).
    case scroll(Point)
    /// The finger left: axis_stop on both axes.
    case scrollStop
}

/// The buttons buoy clicks with, by their evdev codes.
public enum PointerButton: UInt32, Sendable, Equatable {
    case left = 0x110
    case right = 0x111
    case middle = 0x112
}

extension ClickType {
    /// The events that deliver this click: at `to`, or for a drag pressed at
    /// `from` and released at `to`, with a move halfway so that the client
    /// below sees motion while the button is held. A scroll's press was at
    /// `from` and its release at `to`: the window under `from` scrolls by
    /// the drag's length, the content following it, in steps of at most
    /// `scrollStep` px as a finger's axis events come, then stops.
    public func steps(from: Point, to: Point) -> [PointerStep] {
        switch self {
        case .right: [.move(to), .press(.right), .release(.right)]
        case .middle: [.move(to), .press(.middle), .release(.middle)]
        case .double: [.move(to), .press(.left), .release(.left), .press(.left), .release(.left)]
        case .drag:
            [
                .move(from), .press(.left), .move(Point(x: (from.x + to.x) / 2, y: (from.y + to.y) / 2)),
                .move(to), .release(.left),
            ]
        case .scroll:
            [.move(from)] + Self.scrollSteps(Point(x: from.x - to.x, y: from.y - to.y)) + [.scrollStop]
        }
    }

    /// The most one axis event of a scroll carries, in logical px.
    public static let scrollStep = 20.0

    /// `amount` as axis events of at most `scrollStep` px on either axis.
    static func scrollSteps(_ amount: Point) -> [PointerStep] {
        let count = max(1, Int((max(abs(amount.x), abs(amount.y)) / scrollStep).rounded(.up)))
        let step = Point(x: amount.x / Double(count), y: amount.y / Double(count))
        return Array(repeating: .scroll(step), count: count)
    }
}

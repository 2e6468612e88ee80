/// A click that buoy delivers on the next tap anywhere (issue 30 §1): the
/// built-in actions `right-click`, `middle-click`, `double-click` and
/// `drag`, and `buoy msg click TYPE`.
public enum ClickType: String, CaseIterable, Sendable, Equatable {
    case right, middle, double, drag

    /// Its built-in action's name in a config.
    public var actionName: String {
        switch self {
        case .right: "right-click"
        case .middle: "middle-click"
        case .double: "double-click"
        case .drag: "drag"
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
    /// below sees motion while the button is held.
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
        }
    }
}

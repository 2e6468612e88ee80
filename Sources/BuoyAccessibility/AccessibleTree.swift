import BuoyCore
import BuoyServices

/// What buoy shows a screen reader: the application, a push button per
/// button on screen and the open menu's items, as AT-SPI objects. A value
/// the shell builds from the controllers' facts on each change; `AtspiObjects`
/// answers calls from it and `AccessibleTree.events` says what changed.
public struct AccessibleTree: Sendable, Equatable {
    /// The application first (`AccessibleNode.rootID`), then the others in
    /// the order a screen reader walks them.
    public var nodes: [AccessibleNode]

    /// A tree of `nodes`; the first must be the application.
    public init(nodes: [AccessibleNode]) {
        self.nodes = nodes
    }

    /// The node whose id is `id`.
    public func node(_ id: String) -> AccessibleNode? {
        nodes.first { $0.id == id }
    }

    /// Where `id` is among its parent's children.
    public func index(of id: String) -> Int? {
        guard let parent = node(id)?.parent, let siblings = node(parent)?.children else { return nil }
        return siblings.firstIndex(of: id)
    }
}

/// One AT-SPI object.
public struct AccessibleNode: Sendable, Equatable {
    /// The application's id; its object path ends in it, as AT-SPI asks.
    public static let rootID = "root"

    /// AT-SPI's roles, by their number in `AtspiRole`.
    public enum Role: UInt32, Sendable {
        case menu = 33
        case menuItem = 35
        case pushButton = 43
        case application = 75

        /// The role's name, as `GetRoleName` gives it.
        public var name: String {
            switch self {
            case .menu: return "menu"
            case .menuItem: return "menu item"
            case .pushButton: return "push button"
            case .application: return "application"
            }
        }
    }

    /// The last part of its object path: unique in the tree.
    public var id: String
    /// What it is: `GetRole`.
    public var role: Role
    /// What a screen reader says first: the `Name` property.
    public var name: String
    /// What it says after: the `Description` property.
    public var description: String
    /// `GetState`.
    public var states: AccessibleStates
    /// Where it is on its output, in logical pixels; nil for the application.
    public var extents: Rect?
    /// Its `Action` interface's actions, in order; none: no `Action` interface.
    public var actions: [AccessibleAction]
    /// Its children's ids, in order.
    public var children: [String]
    /// Its parent's id; nil for the application, whose parent is the desktop.
    public var parent: String?

    /// A node; `children` and `parent` link it into the tree.
    public init(
        id: String, role: Role, name: String, description: String = "", states: AccessibleStates = [],
        extents: Rect? = nil, actions: [AccessibleAction] = [], children: [String] = [], parent: String? = nil
    ) {
        self.id = id
        self.role = role
        self.name = name
        self.description = description
        self.states = states
        self.extents = extents
        self.actions = actions
        self.children = children
        self.parent = parent
    }

    /// The AT-SPI interfaces it implements, as `GetInterfaces` names them.
    public var interfaces: [String] {
        var names = ["org.a11y.atspi.Accessible"]
        if role == .application { names.append("org.a11y.atspi.Application") }
        if extents != nil { names.append("org.a11y.atspi.Component") }
        if !actions.isEmpty { names.append("org.a11y.atspi.Action") }
        return names
    }
}

/// AT-SPI's state set: bit N is `AtspiStateType` N.
public struct AccessibleStates: OptionSet, Sendable, Equatable {
    /// The bits, as `GetState`'s two `u`s carry them (low word first).
    public let rawValue: UInt64
    /// States of these bits.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    /// It can be used.
    public static let enabled = AccessibleStates(rawValue: 1 << 8)
    /// It can take the keyboard focus.
    public static let focusable = AccessibleStates(rawValue: 1 << 11)
    /// It has the keyboard focus.
    public static let focused = AccessibleStates(rawValue: 1 << 12)
    /// It answers input.
    public static let sensitive = AccessibleStates(rawValue: 1 << 24)
    /// It is on screen now.
    public static let showing = AccessibleStates(rawValue: 1 << 25)
    /// It would be on screen, were nothing over it.
    public static let visible = AccessibleStates(rawValue: 1 << 30)
}

/// One of a node's AT-SPI actions.
public struct AccessibleAction: Sendable, Equatable {
    /// What `GetName` says, and a screen reader offers.
    public var name: String
    /// What it does, in a few words.
    public var description: String
    /// What `DoAction` asks the shell to do.
    public var command: AccessibleCommand

    /// An action named `name` that asks for `command`.
    public init(_ name: String, description: String = "", command: AccessibleCommand) {
        self.name = name
        self.description = description
        self.command = command
    }
}

/// What the shell carries out for a `DoAction`; `button` is an index into
/// the button instances the tree was built from.
public enum AccessibleCommand: Sendable, Equatable {
    /// A tap, as a pointer's press and release on the button give it.
    case tap(button: Int)
    /// The action configured for the gesture of this name (`ButtonGesture`'s raw value).
    case gesture(button: Int, name: String)
    case openMenu(button: Int)
    case move(button: Int, Corner)
    case hide(button: Int)
    /// Item `index` of the open menu's level, as a press released on it.
    case menuItem(index: Int)
    /// In edit mode, this to the item on row `index` of the screen.
    case editRow(index: Int, MenuRowEdit)
}

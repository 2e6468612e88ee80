/// What `buoy msg subscribe` reports: one thing that happened to one button.
public struct ButtonEvent: Sendable, Equatable {
    /// What happened; `name` is its `event` field.
    public enum Kind: Sendable, Equatable {
        /// A gesture on the button itself (not `buoy msg tap`), a flick
        /// with that direction's action included.
        case gesture(ButtonGesture)
        /// The menu opened, or showed another level: `path` is the
        /// submenus it went down to reach it ([] for its top level).
        case menuOpened(path: [String])
        /// `chosen` is the label of the item that was run, if one was, and
        /// `path` the level it was on.
        case menuClosed(chosen: String?, path: [String]?)
        /// The open menu shows edit mode's `screen` (in place of a level).
        case editMode(screen: String)
        /// It came to rest somewhere new: `RestPosition.name`, and its output.
        case moved(edge: String, output: String?)
        /// It shows again, since what hid it (`reason`) no longer does.
        case shown(reason: HiddenBy)
        case hidden(reason: HiddenBy)
        /// Dropped on the remove target: hidden until Undo, `show` or a restart.
        case removed
        /// `buoy msg badge`: the text it shows now; nil: none.
        case badge(String?)
        /// The config was read again; `warnings` are its diagnostics, rendered.
        case reloaded(warnings: [String])
        /// The config could not be read again; the running one stays.
        case reloadFailed(diagnostic: String)
        /// A click type was armed for the next tap anywhere.
        case armed(ClickType)
        /// It was delivered on `output` at `at`, in its logical pixels.
        case clicked(ClickType, output: String, at: Point)
        /// It ended without a click (`ClickArming.DisarmReason`'s words).
        case disarmed(reason: String)
        /// buoy is ready again (`StateReport.ready`), after something new
        /// was drawn: an output, a reload, a face or a menu.
        case ready
        /// The pointer pad opened (on `output`) or closed.
        case pointer(on: Bool, output: String?)

        /// The event a gesture's action reports to subscribers.
        public init(_ gesture: ButtonGesture) { self = .gesture(gesture) }

        /// The `event` field.
        public var name: String {
            switch self {
            case .gesture(let gesture): return gesture.rawValue
            case .menuOpened: return "menu_opened"
            case .menuClosed: return "menu_closed"
            case .editMode: return "edit_mode"
            case .moved: return "moved"
            case .shown: return "shown"
            case .hidden: return "hidden"
            case .removed: return "removed"
            case .badge: return "badge"
            case .reloaded: return "reloaded"
            case .reloadFailed: return "reload_failed"
            case .armed: return "armed"
            case .clicked: return "clicked"
            case .disarmed: return "disarmed"
            case .ready: return "ready"
            case .pointer: return "pointer"
            }
        }
    }

    /// What happened.
    public var kind: Kind
    /// The button's `name` from the config; every event has one.
    public var button: String

    /// An event of `kind` for the button named `button`.
    public init(_ kind: Kind, button: String) {
        self.kind = kind
        self.button = button
    }

    /// One line of JSON, without a newline: `event` first, then `name`, then
    /// what this kind carries.
    /// `{"event":"moved","name":"main","edge":"top-left","output":"DP-1"}`
    public var json: String {
        var text = "{\"event\":" + StateReport.string(kind.name) + ",\"name\":" + StateReport.string(button)
        switch kind {
        case .gesture, .removed, .ready:
            break
        case .menuOpened(let path):
            text += ",\"path\":" + Self.array(path)
        case .shown(let reason), .hidden(let reason):
            text += ",\"reason\":" + StateReport.string(reason.rawValue)
        case .editMode(let screen):
            text += ",\"screen\":" + StateReport.string(screen)
        case .menuClosed(let chosen, let path):
            text += ",\"chosen\":" + (chosen.map(StateReport.string) ?? "null")
            text += ",\"path\":" + (path.map(Self.array) ?? "null")
        case .moved(let edge, let output):
            text += ",\"edge\":" + StateReport.string(edge)
            text += ",\"output\":" + (output.map(StateReport.string) ?? "null")
        case .reloaded(let warnings):
            text += ",\"warnings\":" + Self.array(warnings)
        case .reloadFailed(let diagnostic):
            text += ",\"diagnostic\":" + StateReport.string(diagnostic)
        case .badge(let badge):
            text += ",\"badge\":" + (badge.map(StateReport.string) ?? "null")
        case .armed(let type):
            text += ",\"type\":" + StateReport.string(type.rawValue)
        case .clicked(let type, let output, let point):
            text +=
                ",\"type\":" + StateReport.string(type.rawValue) + ",\"output\":" + StateReport.string(output)
            text += ",\"x\":" + StateReport.number(point.x) + ",\"y\":" + StateReport.number(point.y)
        case .disarmed(let reason):
            text += ",\"reason\":" + StateReport.string(reason)
        case .pointer(let on, let output):
            text += ",\"state\":" + StateReport.string(on ? "on" : "off")
            text += ",\"output\":" + (output.map(StateReport.string) ?? "null")
        }
        return text + "}"
    }

    private static func array(_ strings: [String]) -> String {
        "[" + strings.map(StateReport.string).joined(separator: ",") + "]"
    }
}

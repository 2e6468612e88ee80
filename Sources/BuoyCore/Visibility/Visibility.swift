/// `[visibility] fullscreen`: whether a button shows above a fullscreen window.
public enum FullscreenRule: String, Sendable, Equatable, CaseIterable {
    /// Above fullscreen video, games and on-screen keyboards, as the overlay layer is.
    case show
    /// Hidden while a fullscreen window is on the button's output.
    case hide
}

/// `[visibility] mode`: the device modes a button shows in.
public enum ModeRule: String, Sendable, Equatable, CaseIterable {
    case any, tablet, laptop
}

/// Whether the device is a tablet (keyboard detached or folded away) or a
/// laptop: `buoy msg mode`, from the compositor's switch bindings.
public enum DeviceMode: String, Sendable, Equatable, CaseIterable {
    case laptop, tablet

    /// The mode a tablet-mode switch says: on is a tablet.
    public init(tabletModeSwitch on: Bool) {
        self = on ? .tablet : .laptop
    }
}

/// The switches and keyboard a device has, as phoc's device state names
/// them (zphoc_device_state_v1's capability bits).
public struct DeviceCapabilities: OptionSet, Sendable, Equatable {
    /// The bits, as the compositor sends them.
    public let rawValue: UInt32
    /// From the bits; unknown ones are kept.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// A switch that says whether the device is held as a tablet.
    public static let tabletModeSwitch = DeviceCapabilities(rawValue: 1)
    /// A lid.
    public static let lidSwitch = DeviceCapabilities(rawValue: 2)
    /// An attached keyboard.
    public static let keyboard = DeviceCapabilities(rawValue: 4)

    /// For `buoy doctor` and the log: "tablet-mode switch, keyboard", or "none".
    public var description: String {
        let names = [
            (Self.tabletModeSwitch, "tablet-mode switch"), (.lidSwitch, "lid switch"),
            (.keyboard, "keyboard"),
        ]
        .filter { contains($0.0) }.map(\.1)
        return names.isEmpty ? "none" : names.joined(separator: ", ")
    }
}

/// Why a button is hidden: `msg state`'s `hidden_by` and the `hidden` and
/// `shown` events' `reason`.
public enum HiddenBy: String, Sendable, Equatable {
    /// `buoy msg hide`, `toggle` or SIGUSR1.
    case msg
    /// `[visibility] fullscreen = "hide"` and a fullscreen window on its output.
    case fullscreen
    /// `hide_for` matches the focused window, or `show_for` does not.
    case app
    /// `[visibility] mode` is not the device's mode.
    case mode
    /// Dragged onto the remove target (`[button] removable`).
    case removed

    /// Whether `buoy msg show` (and `toggle`, SIGUSR1) ends it: a request
    /// or a removal does; a rule holds until the rule does not.
    public var endsOnShow: Bool { self == .msg || self == .removed }
}

/// What buoy knows of one window of another client (foreign-toplevel).
public struct WindowFacts: Sendable, Equatable {
    /// Its app id (`xdg_toplevel.app_id`), which the globs match.
    public var appID: String
    /// The names of the outputs it is on.
    public var outputs: [String]
    /// The focused window.
    public var activated: Bool
    /// Whether it is fullscreen.
    public var fullscreen: Bool

    /// A window with these facts.
    public init(appID: String, outputs: [String], activated: Bool, fullscreen: Bool) {
        self.appID = appID
        self.outputs = outputs
        self.activated = activated
        self.fullscreen = fullscreen
    }
}

extension WindowFacts {
    /// The output of the focused window (its first), which `output = "focused"`
    /// follows; nil with no focused window, when the button stays where it is.
    public static func focusedOutput(of windows: [WindowFacts]) -> String? {
        windows.first(where: \.activated)?.outputs.first
    }
}

/// `[visibility]` and a button's `[button.visibility]`: when a button hides
/// by itself. The defaults show it always, as before these rules.
public struct VisibilityRules: Sendable, Equatable {
    /// `fullscreen`: whether a fullscreen window on its output hides the button.
    public var fullscreen: FullscreenRule
    /// Shell globs (`*`, `?`, `[...]`) of app ids: hidden while the focused
    /// window's matches one.
    public var hideFor: [String]
    /// If set, shown only while the focused window's app id matches one.
    public var showFor: [String]?
    /// `mode`: the device mode it shows in.
    public var mode: ModeRule

    /// Rules that hide nothing unless given.
    public init(
        fullscreen: FullscreenRule = .show, hideFor: [String] = [], showFor: [String]? = nil,
        mode: ModeRule = .any
    ) {
        self.fullscreen = fullscreen
        self.hideFor = hideFor
        self.showFor = showFor
        self.mode = mode
    }

    /// Whether these rules need the windows (foreign-toplevel).
    public var needsWindows: Bool { fullscreen == .hide || !hideFor.isEmpty || showFor != nil }

    /// Why these rules hide a button on `output` (nil: not known yet, when
    /// any output counts), given the windows and the device's mode; nil
    /// when they show it. The mode is asked first, then fullscreen, then
    /// the focused window's app id.
    public func hiding(windows: [WindowFacts], mode device: DeviceMode, output: String?) -> HiddenBy? {
        switch (mode, device) {
        case (.tablet, .laptop), (.laptop, .tablet): return .mode
        default: break
        }
        let onOutput = { (window: WindowFacts) in output.map(window.outputs.contains) ?? true }
        if fullscreen == .hide, windows.contains(where: { $0.fullscreen && onOutput($0) }) {
            return .fullscreen
        }
        let focused = windows.first(where: \.activated)?.appID
        return AppRule(showFor: showFor, hideFor: hideFor).shows(forApp: focused) ? nil : .app
    }
}

/// Shell globs, as fnmatch(3) without flags: `*` any run, `?` any one
/// character, `[abc]`, `[a-z]` and `[!a]` one of a set; anything else, itself.
public enum Glob {
    /// Whether `text` matches `pattern` as a whole.
    public static func matches(_ pattern: String, _ text: String) -> Bool {
        matches(Array(pattern), Array(text))
    }

    private static func matches(_ pattern: [Character], _ text: [Character]) -> Bool {
        // Iterative, with one backtrack point for the last `*`: linear in practice.
        var p = 0
        var t = 0
        var star: (p: Int, t: Int)?
        while t < text.count {
            if p < pattern.count, pattern[p] == "*" {
                star = (p, t)
                p += 1
                continue
            }
            if p < pattern.count, let next = step(pattern, at: p, matching: text[t]) {
                p = next
                t += 1
                continue
            }
            guard let last = star else { return false }
            star = (last.p, last.t + 1)
            p = last.p + 1
            t = last.t + 1
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }

    /// Where the pattern goes on if its element at `p` matches `c`; nil if it does not.
    private static func step(_ pattern: [Character], at p: Int, matching c: Character) -> Int? {
        switch pattern[p] {
        case "?": return p + 1
        case "[":
            guard let close = pattern[(p + 1)...].dropFirst().firstIndex(of: "]") else {
                return c == "[" ? p + 1 : nil
            }
            var set = Array(pattern[(p + 1)..<close])
            let negated = set.first == "!"
            if negated { set.removeFirst() }
            var found = false
            var i = 0
            while i < set.count {
                if i + 2 < set.count, set[i + 1] == "-" {
                    if set[i] <= c && c <= set[i + 2] { found = true }
                    i += 3
                } else {
                    if set[i] == c { found = true }
                    i += 1
                }
            }
            return found != negated ? close + 1 : nil
        default: return pattern[p] == c ? p + 1 : nil
        }
    }
}

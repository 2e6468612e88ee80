/// One button instance in `buoy msg state`'s `buttons` list.
public struct ButtonReport: Sendable, Equatable {
    /// The button's `name` from the config.
    public var name: String
    /// The output it is on (`wl_output.name`), nil while it is not known.
    public var output: String?
    /// Whether it shows.
    public var visible: Bool
    /// What hides it (`HiddenBy`); nil while it shows.
    public var hiddenBy: HiddenBy?
    /// A finger or the pointer holds it.
    public var dragging: Bool
    /// Its top-left corner and size, as in `StateReport`.
    public var x: Double?
    /// Its top-left corner's y, as `x`.
    public var y: Double?
    /// Its side in logical pixels.
    public var size: Double
    /// Where it rests: `RestPosition.name`.
    public var edge: String
    /// Its opacity now, 0...1.
    public var opacity: Double
    /// The badge it shows (`buoy msg badge`), if any.
    public var badge: String?

    /// A report of one instance.
    public init(
        name: String, output: String?, visible: Bool, hiddenBy: HiddenBy? = nil, dragging: Bool = false,
        x: Double?, y: Double?, size: Double, edge: String, opacity: Double, badge: String? = nil
    ) {
        self.name = name
        self.output = output
        self.visible = visible
        self.hiddenBy = hiddenBy
        self.dragging = dragging
        self.x = x
        self.y = y
        self.size = size
        self.edge = edge
        self.opacity = opacity
        self.badge = badge
    }

    /// `{"name":"main","output":"DP-1","visible":true,"hidden_by":null,"dragging":false,"x":1216,"y":332,"size":56,`
    /// `"edge":"right","opacity":1,"badge":null}`
    public var json: String {
        var text = "{\"name\":" + StateReport.string(name)
        text += ",\"output\":" + (output.map(StateReport.string) ?? "null")
        text += ",\"visible\":\(visible)"
        text += ",\"hidden_by\":" + (hiddenBy.map { StateReport.string($0.rawValue) } ?? "null")
        text += ",\"dragging\":\(dragging)"
        text += ",\"x\":" + StateReport.number(x)
        text += ",\"y\":" + StateReport.number(y)
        text += ",\"size\":" + StateReport.number(size)
        text += ",\"edge\":" + StateReport.string(edge)
        text += ",\"opacity\":" + StateReport.number(opacity)
        text += ",\"badge\":" + (badge.map(StateReport.string) ?? "null")
        return text + "}"
    }
}

/// What `buoy msg state` prints: a snapshot of the running instance. The
/// top-level fields describe the first button; `buttons` lists every
/// instance of every button.
public struct StateReport: Sendable, Equatable {
    /// Whether the first button shows.
    public var visible: Bool
    /// Whether a finger or the pointer holds it.
    public var dragging: Bool
    /// The output's name (`wl_output.name`), nil while it is not known.
    public var output: String?
    /// The button's top-left corner in logical pixels, relative to the area
    /// it moves in (the layer surface, which covers the output's usable area);
    /// nil while it is not placed yet.
    public var x: Double?
    /// Its top-left corner's y, as `x`.
    public var y: Double?
    /// The button's diameter in logical pixels.
    public var size: Double
    /// Where it rests: `RestPosition.name` ("left", "top-right", "center", "free").
    public var edge: String
    /// Its opacity now, 0...1.
    public var opacity: Double
    /// Whether the menu is open, from any button.
    public var menuOpen: Bool
    /// The device mode (`buoy msg mode`).
    public var mode: DeviceMode
    /// The config file's path.
    public var config: String
    /// The click type armed for the next tap anywhere; `null` while none is.
    public var armed: ClickType?
    /// Where the pointer pad is; `null` while it is closed.
    public var pointerPad: PointerPadReport?
    /// Whether buoy has finished starting: every button that shows is on
    /// screen and every menu drawn ahead of time (`Readiness`).
    public var ready: Bool
    /// Every instance of every button, in config order.
    public var buttons: [ButtonReport]

    /// A snapshot with these fields.
    public init(
        visible: Bool, dragging: Bool = false, output: String?, x: Double?, y: Double?, size: Double,
        edge: String, opacity: Double, menuOpen: Bool, mode: DeviceMode = .laptop, config: String,
        buttons: [ButtonReport] = [], armed: ClickType? = nil, ready: Bool = false
    ) {
        self.armed = armed
        self.ready = ready
        self.mode = mode
        self.buttons = buttons
        self.visible = visible
        self.dragging = dragging
        self.output = output
        self.x = x
        self.y = y
        self.size = size
        self.edge = edge
        self.opacity = opacity
        self.menuOpen = menuOpen
        self.config = config
    }

    /// One line of JSON, without a trailing newline, keys in a fixed order:
    /// `{"visible":true,"dragging":false,"output":"DP-1","x":8,"y":332,"size":56,"edge":"left",`
    /// `"opacity":0.4,"menu_open":false,"mode":"laptop","armed":null,"pointer_pad":null,"ready":true,`
    /// `"config":"/home/me/.config/buoy/config.toml",`
    /// `"buttons":[{"name":"main",...}]}` (see `ButtonReport.json`).
    ///
    /// Numbers are rounded to 3 decimals and printed without trailing zeros;
    /// NaN and infinities, which JSON cannot express, are `null`.
    public var json: String {
        var text = "{"
        text += "\"visible\":\(visible)"
        text += ",\"dragging\":\(dragging)"
        text += ",\"output\":" + (output.map(Self.string) ?? "null")
        text += ",\"x\":" + Self.number(x)
        text += ",\"y\":" + Self.number(y)
        text += ",\"size\":" + Self.number(size)
        text += ",\"edge\":" + Self.string(edge)
        text += ",\"opacity\":" + Self.number(opacity)
        text += ",\"menu_open\":\(menuOpen)"
        text += ",\"mode\":" + Self.string(mode.rawValue)
        text += ",\"armed\":" + (armed.map { Self.string($0.rawValue) } ?? "null")
        text += ",\"pointer_pad\":" + (pointerPad?.json ?? "null")
        text += ",\"ready\":\(ready)"
        text += ",\"config\":" + Self.string(config)
        text += ",\"buttons\":[" + buttons.map(\.json).joined(separator: ",") + "]"
        return text + "}"
    }

    /// A JSON number: `56`, `0.4`, `-12.345`; `null` when not finite or nil.
    static func number(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "null" }
        let thousandths = (value * 1000).rounded()
        // Past Int64's range (|value| > 9e15) every Double is a whole number
        // anyway, and Swift's "1e+16" is valid JSON.
        guard thousandths.magnitude < 9e18 else { return value.description }
        let scaled = Int64(thousandths)
        let whole = scaled.magnitude / 1000
        let fraction = scaled.magnitude % 1000
        var text = scaled < 0 ? "-\(whole)" : "\(whole)"
        if fraction != 0 {
            var digits = String(fraction)
            while digits.count < 3 { digits = "0" + digits }
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return text
    }

    /// A quoted JSON string. Quote and backslash are escaped, control
    /// characters become `\u00XX`, and everything else (non-ASCII included)
    /// is kept as UTF-8.
    public static func string(_ value: String) -> String {
        var out = String.UnicodeScalarView()
        out.append("\"")
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out.append(contentsOf: "\\\"".unicodeScalars)
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case "\u{0}"..."\u{1F}":
                let hex = Array("0123456789abcdef".unicodeScalars)
                out.append(contentsOf: "\\u00".unicodeScalars)
                out.append(hex[Int(scalar.value >> 4)])
                out.append(hex[Int(scalar.value & 0xF)])
            default: out.append(scalar)
            }
        }
        out.append("\"")
        return String(out)
    }
}

/// `msg state`'s `pointer_pad`: the open pad's output and its frame in
/// that output's logical pixels (those of the usable area buoy's layer
/// surfaces cover, as a button's `x` and `y` are).
public struct PointerPadReport: Sendable, Equatable {
    /// The output's name.
    public var output: String
    /// The pad's frame.
    public var frame: Rect

    /// The pad at `frame` on `output`.
    public init(output: String, frame: Rect) {
        self.output = output
        self.frame = frame
    }

    /// `{"output":"DP-1","x":256,"y":464,"width":768,"height":240}`
    public var json: String {
        "{\"output\":" + StateReport.string(output) + ",\"x\":" + StateReport.number(frame.minX) + ",\"y\":"
            + StateReport.number(frame.minY) + ",\"width\":" + StateReport.number(frame.width)
            + ",\"height\":"
            + StateReport.number(frame.height) + "}"
    }
}

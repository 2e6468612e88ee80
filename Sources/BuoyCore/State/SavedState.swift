/// What buoy remembers between runs: the output it was on and where it rested.
///
/// The file format is line-oriented, one `key value` per line, every line
/// ending in a newline:
///
///     buoy-state 1
///     output HEADLESS-1
///     rest edge left 0.5
///
/// `rest` is one of `edge <left|right|top|bottom> <fraction>`,
/// `corner <top-left|top-right|bottom-left|bottom-right>`, `center` or
/// `free <fx> <fy>`. The `output` line is absent when no output is known; in the
/// name, backslash, newline and carriage return are written `\\`, `\n`, `\r`.
public struct SavedState: Sendable, Equatable, Hashable {
    /// The name of the output (`wl_output.name`) the button was on, if known.
    public var output: String?
    /// Where the button rests there.
    public var rest: RestPosition

    /// A place `rest` on `output`.
    public init(output: String?, rest: RestPosition) {
        self.output = output
        self.rest = rest
    }

    /// The file's text. Fractions are written clamped to 0...1 (NaN as 0.5),
    /// which is how `RestPosition.origin` reads them anyway, so the file always
    /// decodes.
    public func encoded() -> String {
        var text = "buoy-state 1\n"
        if let output {
            text += "output " + StateText.escape(output) + "\n"
        }
        return text + "rest " + StateText.rest(rest) + "\n"
    }

    /// Parses a state file; nil for anything malformed: a wrong header or
    /// version, unknown or repeated keys, a missing `rest`, fractions outside
    /// 0...1 or NaN, bad escapes, or text not ending in a newline (truncated).
    public static func decode(_ text: String) -> SavedState? {
        guard let lines = StateText.lines(text), lines.first.map(StateText.string) == "buoy-state 1" else {
            return nil
        }
        var output: String?
        var rest: RestPosition?
        for line in lines.dropFirst() {
            guard let space = line.firstIndex(of: " ") else { return nil }
            let key = StateText.string(line[..<space])
            let value = line[line.index(after: space)...]
            switch key {
            case "output":
                guard output == nil, let name = StateText.unescape(value) else { return nil }
                output = name
            case "rest":
                guard rest == nil, let parsed = StateText.rest(value) else { return nil }
                rest = parsed
            default:
                return nil
            }
        }
        guard let rest else { return nil }
        return SavedState(output: output, rest: rest)
    }
}

/// The parts of the state file's text that every version shares.
enum StateText {
    /// The file's lines, without their newlines; nil unless the text ends in
    /// a newline (a truncated file). Scalars, not Characters: Characters would
    /// merge "\r\n", or a space with a following combining mark, and hide the
    /// separators.
    static func lines(_ text: String) -> [Substring.UnicodeScalarView]? {
        let scalars = text.unicodeScalars
        guard scalars.last == "\n" else { return nil }
        return scalars.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
    }

    static func string(_ scalars: Substring.UnicodeScalarView) -> String {
        String(String.UnicodeScalarView(scalars))
    }

    /// A `rest` line's value. Fractions are written clamped to 0...1 (NaN as
    /// 0.5), which is how `RestPosition.origin` reads them anyway, so the file
    /// always decodes.
    static func rest(_ rest: RestPosition) -> String {
        switch rest {
        case .edge(let edge, let f): return "edge \(edge.rawValue) \(unit(f))"
        case .corner(let corner): return "corner \(corner.rawValue)"
        case .center: return "center"
        case .free(let fx, let fy): return "free \(unit(fx)) \(unit(fy))"
        }
    }

    private static func unit(_ value: Double) -> Double {
        value.isNaN ? 0.5 : clampValue(value, 0, 1)
    }

    static func rest(_ value: Substring.UnicodeScalarView) -> RestPosition? {
        let fields = value.split(separator: " ", omittingEmptySubsequences: false).map {
            string($0)
        }
        switch fields.first {
        case "edge":
            guard fields.count == 3, let edge = Edge(rawValue: fields[1]), let f = fraction(fields[2]) else {
                return nil
            }
            return .edge(edge, fraction: f)
        case "corner":
            guard fields.count == 2, let corner = Corner(rawValue: fields[1]) else { return nil }
            return .corner(corner)
        case "center":
            return fields.count == 1 ? .center : nil
        case "free":
            guard fields.count == 3, let fx = fraction(fields[1]), let fy = fraction(fields[2]) else {
                return nil
            }
            return .free(fx: fx, fy: fy)
        default:
            return nil
        }
    }

    /// A number in 0...1; rejects NaN (which fails the range check) and garbage.
    private static func fraction(_ field: String) -> Double? {
        guard let f = Double(field), f >= 0, f <= 1 else { return nil }
        return f
    }

    static func escape(_ name: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            switch scalar {
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\r": out.append(contentsOf: "\\r".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    static func unescape(_ value: Substring.UnicodeScalarView) -> String? {
        var out = String.UnicodeScalarView()
        var escaping = false
        for scalar in value {
            if escaping {
                switch scalar {
                case "\\": out.append("\\")
                case "n": out.append("\n")
                case "r": out.append("\r")
                default: return nil
                }
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else {
                out.append(scalar)
            }
        }
        return escaping ? nil : String(out)
    }
}

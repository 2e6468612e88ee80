/// Where a D-Bus server listens, from an address such as
/// `$DBUS_SESSION_BUS_ADDRESS`: the first of its `;`-separated entries that
/// buoy can connect to, a unix socket by path or by abstract name.
public enum DBusAddress: Sendable, Equatable {
    case path(String)
    /// A Linux abstract socket: the name, without the leading NUL.
    case abstract(String)

    /// The first usable entry of `text`, or why there is none. Read as
    /// bytes (an address is ASCII, `%`-escaped): the string code for
    /// characters would be paged in for this alone (issue 21's 0.1 MB).
    public static func parse(_ text: String) -> Result<DBusAddress, DBusAddressError> {
        func string(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
        var transports: [String] = []
        for entry in Array(text.utf8).split(separator: UInt8(ascii: ";")) {
            guard let colon = entry.firstIndex(of: UInt8(ascii: ":")) else {
                return .failure(.malformed(string(entry)))
            }
            let transport = string(entry[..<colon])
            guard transport == "unix" else {
                transports.append(transport)
                continue
            }
            for pair in entry[(colon + 1)...].split(separator: UInt8(ascii: ",")) {
                guard let equals = pair.firstIndex(of: UInt8(ascii: "=")),
                    let value = unescape(pair[(equals + 1)...])
                else { return .failure(.malformed(string(entry))) }
                switch string(pair[..<equals]) {
                case "path": return .success(.path(value))
                case "abstract": return .success(.abstract(value))
                default: continue
                }
            }
            transports.append("unix without path= or abstract=")
        }
        return .failure(.unsupported(transports))
    }

    /// An address value: `%XX` is the byte XX; nil for a bad escape.
    private static func unescape(_ value: ArraySlice<UInt8>) -> String? {
        var bytes: [UInt8] = []
        var rest = value
        while let byte = rest.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard rest.count >= 2, let high = hexDigit(rest.removeFirst()),
                let low = hexDigit(rest.removeFirst())
            else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

/// Why a D-Bus address names nothing buoy connects to.
public enum DBusAddressError: Error, Sendable, Equatable, CustomStringConvertible {
    case malformed(String)
    /// Only these transports (tcp, launchd, ...), or nothing at all.
    case unsupported([String])

    /// What is wrong, for the debug line.
    public var description: String {
        switch self {
        case .malformed(let entry): return "malformed address \"\(entry)\""
        case .unsupported(let transports) where transports.isEmpty: return "an empty address"
        case .unsupported(let transports):
            return "no unix:path= or unix:abstract= in it (only \(transports.joined(separator: ", ")))"
        }
    }
}

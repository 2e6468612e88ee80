/// As much of sway's IPC (sway-ipc(7)) as `buoy doctor` speaks: GET_VERSION
/// and its reply. A message is the magic "i3-ipc", the payload's length and
/// the message type (each a 32-bit integer in the host's byte order), then
/// the payload.
package enum SwayIPC {
    static let magic = Array("i3-ipc".utf8)
    static let getVersion: UInt32 = 7
    static let headerLength = magic.count + 8
    /// Far above any GET_VERSION reply (a few hundred bytes).
    static let payloadLimit: UInt32 = 1 << 16

    /// GET_VERSION, with an empty payload.
    package static var versionRequest: [UInt8] { magic + bytes(of: 0) + bytes(of: getVersion) }

    /// The first reply in what was read so far.
    package enum Reply: Equatable, Sendable {
        case incomplete
        case payload([UInt8])
        /// Not sway's IPC: no magic, or a length no reply has.
        case invalid
    }

    package static func reply(in bytes: [UInt8]) -> Reply {
        guard bytes.count >= headerLength else {
            return magic.starts(with: bytes.prefix(magic.count)) ? .incomplete : .invalid
        }
        guard bytes.starts(with: magic) else { return .invalid }
        let length = bytes[magic.count..<(magic.count + 4)].withUnsafeBytes {
            $0.loadUnaligned(as: UInt32.self)
        }
        guard length <= payloadLimit else { return .invalid }
        let end = headerLength + Int(length)
        return bytes.count < end ? .incomplete : .payload(Array(bytes[headerLength..<end]))
    }

    /// "sway 1.7" from GET_VERSION's JSON: its `variant` (sway, or a fork's
    /// name) and `human_readable` version; nil when the version is missing.
    package static func version(fromJSON json: [UInt8]) -> String? {
        guard let version = string(named: "human_readable", in: json) else { return nil }
        return "\(string(named: "variant", in: json) ?? "sway") \(version)"
    }

    private static func bytes(of value: UInt32) -> [UInt8] {
        withUnsafeBytes(of: value) { Array($0) }
    }

    /// The string value of the member `name` of a flat JSON object, escapes
    /// taken as the character they escape (a version has none).
    private static func string(named name: String, in json: [UInt8]) -> String? {
        let key = Array("\"\(name)\"".utf8)
        // By hand: Collection.firstRange(of:) would link _StringProcessing and
        // its regex parser into buoy, half a megabyte more of it resident.
        guard let start = json.indices.first(where: { json[$0...].starts(with: key) }) else { return nil }
        var i = start + key.count
        func skipSpace() { while i < json.count, [0x20, 0x09, 0x0A, 0x0D].contains(json[i]) { i += 1 } }
        skipSpace()
        guard i < json.count, json[i] == UInt8(ascii: ":") else { return nil }
        i += 1
        skipSpace()
        guard i < json.count, json[i] == UInt8(ascii: "\"") else { return nil }
        var value: [UInt8] = []
        i += 1
        while i < json.count, json[i] != UInt8(ascii: "\"") {
            if json[i] == UInt8(ascii: "\\") { i += 1 }
            if i < json.count { value.append(json[i]) }
            i += 1
        }
        return i < json.count ? String(decoding: value, as: UTF8.self) : nil
    }
}

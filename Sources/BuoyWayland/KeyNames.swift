import BuoyCore
import CXKBCommon

/// Keysym names as libxkbcommon knows them, for the config's `keys`.
package enum KeyNames {
    /// Whether xkb knows `name`, and if not, the name it knows that
    /// differs only in case.
    package static func check(_ name: String) -> KeyNameCheck {
        if xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS) != 0 { return .known }
        let keysym = xkb_keysym_from_name(name, XKB_KEYSYM_CASE_INSENSITIVE)
        guard keysym != 0 else { return .unknown(suggestion: nil) }
        var buffer = [CChar](repeating: 0, count: 64)
        guard xkb_keysym_get_name(keysym, &buffer, buffer.count) > 0 else { return .unknown(suggestion: nil) }
        let name = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return .unknown(suggestion: String(decoding: name, as: UTF8.self))
    }
}

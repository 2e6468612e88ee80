import BuoyCore
import CXKBCommon

/// Where the compositor's keymap has keysyms: keys sent through KWin's fake
/// input are key codes, which KWin reads through its own active layout.
package enum LayoutKeymap {
    /// The keys of the keysyms `names` in `layout` of `keymap`, by name: a
    /// key that types it on its first level, else one that types it with
    /// Shift alone. A name with neither is left out.
    package static func keys(named names: [String], in keymap: OpaquePointer, layout: UInt32) -> [String:
        LayoutKeys.Key]
    {
        let shift = xkb_keymap_mod_get_index(keymap, "Shift")
        let codes = xkb_keymap_min_keycode(keymap)...xkb_keymap_max_keycode(keymap)
        var found: [String: LayoutKeys.Key] = [:]
        for name in names {
            let wanted = xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS)
            guard wanted != 0 else { continue }
            let onLevel = { (level: UInt32) in
                codes.first { code in
                    level < xkb_keymap_num_levels_for_key(keymap, code, layout)
                        && symbols(of: keymap, code, layout, level).contains(wanted)
                        && (level == 0 || onlyShift(keymap, code, layout, level, shift))
                }
            }
            if let code = onLevel(0) {
                found[name] = LayoutKeys.Key(code - 8)
            } else if let code = onLevel(1) {
                found[name] = LayoutKeys.Key(code - 8, shifted: true)
            }
        }
        return found
    }

    private static func symbols(of keymap: OpaquePointer, _ code: UInt32, _ layout: UInt32, _ level: UInt32)
        -> [UInt32]
    {
        var syms: UnsafePointer<xkb_keysym_t>?
        let count = xkb_keymap_key_get_syms_by_level(keymap, code, layout, level, &syms)
        guard count > 0, let syms else { return [] }
        return Array(UnsafeBufferPointer(start: syms, count: Int(count)))
    }

    /// Whether Shift alone selects `level` of the key.
    private static func onlyShift(
        _ keymap: OpaquePointer, _ code: UInt32, _ layout: UInt32, _ level: UInt32, _ shift: UInt32
    ) -> Bool {
        guard shift != XKB_MOD_INVALID else { return false }
        var masks = [xkb_mod_mask_t](repeating: 0, count: 8)
        let count = xkb_keymap_key_get_mods_for_level(keymap, code, layout, level, &masks, masks.count)
        return masks.prefix(count).contains(1 << shift)
    }
}

import BuoyCore
import CXKBCommon
import XCTest

@testable import BuoyWayland

/// Where a layout has each keysym (`LayoutKeymap`), read from keymaps written
/// out in full here, so that no xkb-data is needed: a German-like layout
/// with y and z swapped, a digit row with its Shift level, and levels that
/// Shift alone does not reach.
final class LayoutKeymapTests: XCTestCase {
    private static let keymapText = """
        xkb_keymap {
            xkb_keycodes "test" {
                minimum = 8; maximum = 255;
                <AE01> = 10; <AD01> = 24; <AD06> = 29; <AC01> = 38; <AB01> = 52; <LFSH> = 50; <RALT> = 108;
            };
            xkb_types "test" {
                virtual_modifiers LevelThree;
                type "ONE_LEVEL" { modifiers = none; level_name[Level1] = "Any"; };
                type "TWO_LEVEL" {
                    modifiers = Shift; map[Shift] = Level2;
                    level_name[Level1] = "Base"; level_name[Level2] = "Shift";
                };
                type "ALPHABETIC" {
                    modifiers = Shift + Lock; map[Shift] = Level2; map[Lock] = Level2;
                    level_name[Level1] = "Base"; level_name[Level2] = "Caps";
                };
                type "ALTGR_TWO" {
                    modifiers = Mod5; map[Mod5] = Level2;
                    level_name[Level1] = "Base"; level_name[Level2] = "AltGr";
                };
                type "THREE_LEVEL" {
                    modifiers = Shift + Mod5; map[Shift] = Level2; map[Mod5] = Level3;
                    level_name[Level1] = "Base"; level_name[Level2] = "Shift"; level_name[Level3] = "AltGr";
                };
            };
            xkb_compatibility "test" { };
            xkb_symbols "test" {
                key <AE01> { type = "TWO_LEVEL", [ 1, exclam ] };
                key <AD06> { type = "ALPHABETIC", [ z, Z ] };
                key <AD01> { type = "ALTGR_TWO", [ q, at ] };
                key <AC01> { type = "THREE_LEVEL", [ a, A, ae ] };
                key <AB01> { type = "ALPHABETIC", [ y, Y ] };
                key <LFSH> { [ Shift_L ] };
                key <RALT> { [ ISO_Level3_Shift ] };
                modifier_map Shift { <LFSH> };
                modifier_map Mod5 { <RALT> };
            };
        };
        """

    func testWhereEachKeysymIs() throws {
        let context = try XCTUnwrap(xkb_context_new(XKB_CONTEXT_NO_DEFAULT_INCLUDES))
        defer { xkb_context_unref(context) }
        let keymap = try XCTUnwrap(
            xkb_keymap_new_from_string(
                context, Self.keymapText, XKB_KEYMAP_FORMAT_TEXT_V1, XKB_KEYMAP_COMPILE_NO_FLAGS))
        defer { xkb_keymap_unref(keymap) }
        let rows: [(name: String, key: LayoutKeys.Key?, line: UInt)] = [
            ("a", LayoutKeys.Key(30), #line),
            ("A", LayoutKeys.Key(30, shifted: true), #line),
            // Where this layout has them, not where US QWERTY does.
            ("z", LayoutKeys.Key(21), #line),
            ("y", LayoutKeys.Key(44), #line),
            ("Y", LayoutKeys.Key(44, shifted: true), #line),
            ("exclam", LayoutKeys.Key(2, shifted: true), #line),
            // On a second level that AltGr reaches, not Shift, and on a third
            // level: Shift alone cannot type either, so both are left out.
            ("at", nil, #line),
            ("ae", nil, #line),
            ("q", LayoutKeys.Key(16), #line),
            ("Shift_L", LayoutKeys.Key(42), #line),
            // Not on this layout, or no keysym at all.
            ("x", nil, #line),
            ("NoSuchKeysym", nil, #line),
        ]
        let found = LayoutKeymap.keys(named: rows.map(\.name), in: keymap, layout: 0)
        for row in rows {
            XCTAssertEqual(found[row.name], row.key, row.name, line: row.line)
        }
        XCTAssertEqual(found.count, rows.filter { $0.key != nil }.count)
    }
}

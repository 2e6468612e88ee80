import BuoyCore
import XCTest

@testable import BuoyConfig

/// `[menu] layout` and the menu's colours.
final class ConfigMenuLookTests: XCTestCase {
    func testDefaultsAreAColumnInTheSharedColours() throws {
        let menu = Config.defaults.menu
        XCTAssertEqual(menu.layout, .column)
        XCTAssertEqual(menu.colors, MenuColors())
        XCTAssertNil(menu.colors.focusColor, "the button's colour")
        XCTAssertEqual(MenuColors.defaultBackground.hex, "#303030eb")
        XCTAssertEqual(MenuColors.defaultLabelColor.hex, "#ffffff")
        XCTAssertEqual(MenuColors.defaultLabelBackground.hex, "#303030eb")
    }

    func testValidKeys() throws {
        let (config, warnings) = try parseConfig(
            """
            [menu]
            layout = "panel"
            background = "#1c1c1ecc"
            label_color = "#FFEE00"
            label_background = "#00000080"
            focus_color = "#ff0000"
            """)
        XCTAssertEqual(warnings.map(\.message), [])
        let menu = config.buttons[0].menu
        XCTAssertEqual(menu.layout, .panel)
        XCTAssertEqual(
            menu.colors.background,
            Color(red: 0x1C / 255, green: 0x1C / 255, blue: 0x1E / 255, alpha: 0xCC / 255))
        XCTAssertEqual(menu.colors.labelColor, Color(red: 1, green: 0xEE / 255, blue: 0))
        XCTAssertEqual(menu.colors.labelBackground, Color(red: 0, green: 0, blue: 0, alpha: 0x80 / 255))
        XCTAssertEqual(menu.colors.focusColor, Color(red: 1, green: 0, blue: 0))
    }

    /// A button's `[button.menu]` overrides `[menu]` key by key, these keys too.
    func testAButtonsMenuInheritsKeyByKey() throws {
        let (config, warnings) = try parseConfig(
            """
            [menu]
            layout = "panel"
            label_color = "#ffee00"
            [[button]]
            name = "a"
            [[button]]
            name = "b"
            [button.menu]
            layout = "column"
            focus_color = "#00ff00"
            """)
        XCTAssertEqual(warnings.map(\.message), [])
        let (a, b) = (config.buttons[0].menu, config.buttons[1].menu)
        XCTAssertEqual(a.layout, .panel)
        XCTAssertNil(a.colors.focusColor)
        XCTAssertEqual(b.layout, .column)
        XCTAssertEqual(b.colors.labelColor, Color(red: 1, green: 0xEE / 255, blue: 0), "inherited")
        XCTAssertEqual(b.colors.focusColor, Color(red: 0, green: 1, blue: 0))
        XCTAssertEqual(b.colors.background, MenuColors.defaultBackground)
    }

    func testBadValuesSayWhere() {
        assertErrors([
            ("[menu]\nlayout = \"grid\"", 2, 10, "layout must be one of column, panel; got \"grid\""),
            ("[menu]\nlayout = 3", 2, 10, "layout expects a string, got integer"),
            (
                "[menu]\nbackground = \"#12345\"", 2, 14,
                "background must be a colour name (red, white, ...), #rgb, #rgba, #rrggbb or #rrggbbaa, got \"#12345\""
            ),
            (
                "[menu]\nlabel_color = \"whyte\"", 2, 15,
                "label_color must be a colour name (red, white, ...), #rgb, #rgba, #rrggbb or #rrggbbaa, got \"whyte\""
            ),
            (
                "[menu]\nlabel_background = \"#0000zz\"", 2, 20,
                "label_background must be a colour name (red, white, ...), #rgb, #rgba, #rrggbb or #rrggbbaa, got \"#0000zz\""
            ),
            ("[menu]\nfocus_color = 1", 2, 15, "focus_color expects a string, got integer"),
            (
                "[[button]]\n[button.menu]\nfocus_color = \"rouge\"", 3, 15,
                "focus_color must be a colour name (red, white, ...), #rgb, #rgba, #rrggbb or #rrggbbaa, got \"rouge\""
            ),
        ])
    }

    /// A panel shows up to 3 × 3, so every menu the config allows fits one.
    func testEveryMenuFitsAPanel() {
        XCTAssertLessThanOrEqual(Menu.maxItems, MenuLayout.panelCapacity)
    }
}

extension ConfigMenuLookTests {
    /// A badge's text is text: WCAG AA asks 4.5:1 of it against its disc.
    func testTheDefaultBadgeColoursContrastAsTextMust() {
        let button = Button()
        XCTAssertGreaterThanOrEqual(Color.contrastRatio(button.badgeTextColor, button.badgeColor), 4.5)
        XCTAssertEqual(button.badgeColor, Button.defaultBadgeColor)
    }
}

extension ConfigMenuLookTests {
    /// Colour names and short hex, as CSS reads them.
    func testColoursMayBeNamesOrShortHex() throws {
        let cases: [(String, Color, UInt)] = [
            ("red", Color(red: 1, green: 0, blue: 0), #line),
            ("White", Color(red: 1, green: 1, blue: 1), #line),
            ("transparent", Color(red: 0, green: 0, blue: 0, alpha: 0), #line),
            ("#fff", Color(red: 1, green: 1, blue: 1), #line),
            ("#f008", Color(red: 1, green: 0, blue: 0, alpha: 0x88 / 255), #line),
            ("#3584E4", Color(red: 0x35 / 255, green: 0x84 / 255, blue: 0xE4 / 255), #line),
        ]
        for (text, expected, line) in cases {
            XCTAssertEqual(parseColor(text), expected, text, line: line)
        }
        XCTAssertNil(parseColor("#ff"))
        XCTAssertNil(parseColor("reddish"))
    }
}

extension ConfigMenuLookTests {
    /// An icon path may start with `~/`, as a shell would read it.
    func testIconPathsUnderHome() throws {
        let text =
            "[button]\nicon = \"~/i.png\"\n[[menu.item]]\nlabel = \"A\"\nicon = \"~/a.svg\"\ncommand = \"a\"\n"
        let (config, _) = try Config.parse(Array(text.utf8), path: "c.toml", home: "/home/me")
        XCTAssertEqual(config.buttons[0].button.face, .icon("/home/me/i.png"))
        XCTAssertEqual(config.buttons[0].menu.items.first?.icon, "/home/me/a.svg")
        // Without a home, `~/` is not a path buoy can read.
        XCTAssertThrowsError(try Config.parse(Array("[button]\nicon = \"~/i.png\"\n".utf8), path: "c.toml"))
    }
}

import XCTest

@testable import BuoyConfig

/// `ConfigEdit` on commented files: the bytes expected after each edit, and
/// the refusals, which leave no bytes to write.
final class ConfigEditTests: XCTestCase {
    private static let commented = """
        # My buoy.
        [button]
        # The fill.
        color = "#3584e4"  # blue
        size = 56

        [actions]
        tap = 'menu'

        # Terminal first.
        [[menu.item]]
        label = "Terminal"
        command = "foot"

        [[menu.item]]
        label = "Lock"  # the screen
        command = "swaylock"

        # Last.
        [[menu.item]]
        action = "mute"

        [visibility]
        fullscreen = "show"

        """

    private func key(_ dotted: String, button: String? = nil) -> ConfigKey {
        ConfigKey(dotted, button: button)!
    }

    private func check(
        _ edit: ConfigEdit, on input: String, gives expected: String, line: UInt,
        file: StaticString = #filePath
    ) {
        switch edit.applied(to: Array(input.utf8), path: "c.toml") {
        case .success(let bytes):
            XCTAssertEqual(String(decoding: bytes, as: UTF8.self), expected, file: file, line: line)
        case .failure(let error):
            XCTFail("refused: \(error)", file: file, line: line)
        }
    }

    /// `edit` refused on `input`, with `message` in what it says.
    private func checkRefused(
        _ edit: ConfigEdit, on input: String, says message: String, line: UInt, file: StaticString = #filePath
    ) {
        switch edit.applied(to: Array(input.utf8), path: "c.toml") {
        case .success(let bytes):
            XCTFail("accepted: \(String(decoding: bytes, as: UTF8.self))", file: file, line: line)
        case .failure(let error):
            XCTAssertTrue(error.description.contains(message), "\(error)", file: file, line: line)
        }
    }

    /// `commented` with `old` replaced by `new`, exactly once.
    private func changed(_ old: String, _ new: String) -> String {
        let text = Self.commented
        XCTAssertEqual(text.components(separatedBy: old).count, 2, "\(old) is not in the file once")
        return text.replacingOccurrences(of: old, with: new)
    }

    func testSet() {
        let cases: [(ConfigEdit, String, UInt)] = [
            // The comment on the line stays; the value is quoted by its type.
            (
                .set(key("button.color"), .text("#00ff00")),
                changed("\"#3584e4\"  # blue", "\"#00ff00\"  # blue"), #line
            ),
            (.set(key("button.size"), .text("64")), changed("size = 56", "size = 64"), #line),
            // A string in single quotes stays in them, unless it cannot.
            (.set(key("actions.tap"), .text("foot")), changed("tap = 'menu'", "tap = 'foot'"), #line),
            (.set(key("actions.tap"), .text("it's")), changed("tap = 'menu'", "tap = \"it's\""), #line),
            (.set(key("actions.tap"), .text("a\\b")), changed("tap = 'menu'", "tap = \"a\\\\b\""), #line),
            // A --toml literal is written as given.
            (.set(key("actions.tap"), .toml("\"foot\"")), changed("tap = 'menu'", "tap = \"foot\""), #line),
            (
                .set(key("menu.item.2.label"), .text("Lock it")), changed("\"Lock\"  #", "\"Lock it\"  #"),
                #line
            ),
            // A boolean key takes true as a boolean, a string key as a string.
            (
                .set(key("button.tuck"), .text("true")), changed("size = 56\n", "size = 56\ntuck = true\n"),
                #line
            ),
            (.set(key("menu.item.1.label"), .text("true")), changed("\"Terminal\"", "\"true\""), #line),
            // A new key goes after the last key of its table.
            (
                .set(key("menu.item.3.icon"), .text("audio-volume-muted")),
                changed("action = \"mute\"\n", "action = \"mute\"\nicon = \"audio-volume-muted\"\n"), #line
            ),
            (
                .set(key("actions.double_tap"), .toml("{ action = \"fullscreen\" }")),
                changed("tap = 'menu'\n", "tap = 'menu'\ndouble_tap = { action = \"fullscreen\" }\n"), #line
            ),
            // A missing table is added at the end.
            (.set(key("snap.to"), .text("corner")), Self.commented + "\n[snap]\nto = \"corner\"\n", #line),
            (
                .set(key("gestures.drag_threshold"), .text("10")),
                Self.commented + "\n[gestures]\ndrag_threshold = 10\n", #line
            ),
        ]
        for (edit, expected, line) in cases {
            check(edit, on: Self.commented, gives: expected, line: line)
        }
    }

    func testSetOnOtherShapes() {
        let cases: [(ConfigEdit, String, String, UInt)] = [
            // Indentation and CRLF line ends are copied.
            (
                .set(key("button.size"), .text("40")), "[button]\r\n  color = \"red\"\r\n",
                "[button]\r\n  color = \"red\"\r\n  size = 40\r\n", #line
            ),
            // No line feed at the end of the file.
            (.set(key("button.size"), .text("40")), "[button]", "[button]\nsize = 40\n", #line),
            (
                .set(key("button.size"), .text("40")), "[button]\ncolor = \"red\"",
                "[button]\ncolor = \"red\"\nsize = 40\n", #line
            ),
            (.set(key("snap.to"), .text("none")), "", "[snap]\nto = \"none\"\n", #line),
            // A dotted table is added to with a dotted key.
            (
                .set(key("button.actions.tap"), .text("menu")), "[[button]]\nname = \"a\"\n",
                "[[button]]\nname = \"a\"\nactions.tap = \"menu\"\n", #line
            ),
            // --button picks a [[button]].
            (
                .set(key("button.color", button: "b"), .text("red")),
                "[[button]]\nname = \"a\"\n\n[[button]]\nname = \"b\"\ncolor = \"blue\"\n",
                "[[button]]\nname = \"a\"\n\n[[button]]\nname = \"b\"\ncolor = \"red\"\n", #line
            ),
            (
                .set(key("button.size", button: "a"), .text("30")),
                "[[button]]\nname = \"a\"\n\n[[button]]\nname = \"b\"\n",
                "[[button]]\nname = \"a\"\nsize = 30\n\n[[button]]\nname = \"b\"\n", #line
            ),
            // A [button] with no name is the one named by default.
            (
                .set(key("button.size", button: "main"), .text("30")), "[button]\ncolor = \"red\"\n",
                "[button]\ncolor = \"red\"\nsize = 30\n", #line
            ),
            // An item added to a CRLF file has CRLF line ends.
            (
                .addItem(ConfigItem(label: "T", runs: .command("foot")), in: ItemList(), at: nil),
                "[[menu.item]]\r\nlabel = \"A\"\r\ncommand = \"a\"\r\n",
                "[[menu.item]]\r\nlabel = \"A\"\r\ncommand = \"a\"\r\n\r\n[[menu.item]]\r\nlabel = \"T\"\r\ncommand = \"foot\"\r\n",
                #line
            ),
            // An item's unknown key moves with it: the warning is not new.
            (
                .moveItem(2, to: 1, in: ItemList()),
                "[[menu.item]]\nlabel = \"A\"\ncommand = \"a\"\n\n[[menu.item]]\nlabel = \"B\"\ncomand = \"b\"\nsubmenu = \"s\"\n\n[submenu.s]\n[[submenu.s.item]]\naction = \"mute\"\n",
                "[[menu.item]]\nlabel = \"B\"\ncomand = \"b\"\nsubmenu = \"s\"\n\n[[menu.item]]\nlabel = \"A\"\ncommand = \"a\"\n\n[submenu.s]\n[[submenu.s.item]]\naction = \"mute\"\n",
                #line
            ),
            // A key in an inline table is set in place.
            (
                .set(key("actions.tap.action"), .text("mute")),
                "[actions]\ntap = { action = \"fullscreen\" }\n",
                "[actions]\ntap = { action = \"mute\" }\n", #line
            ),
        ]
        for (edit, input, expected, line) in cases {
            check(edit, on: input, gives: expected, line: line)
        }
    }

    /// `--button NAME` means that button (issue 40): a key of a table each
    /// button overrides is set, unset and read in the button's own table,
    /// and a key no button has its own of is refused.
    func testButtonMeansThatButtonsOwnTable() {
        let two =
            "[actions]\ntap = \"foot\"\n\n[[button]]\nname = \"a\"\n\n[[button]]\nname = \"b\"\n[button.actions]\ntap = \"menu\"\n"
        let one = "[button]\nsize = 60\n\n[actions]\ntap = \"foot\"\n"
        let edits: [(ConfigEdit, String, String, UInt)] = [
            // b's own table, not [actions], which button a has too.
            (
                .set(key("actions.double_tap", button: "b"), .text("x")), two,
                two + "double_tap = \"x\"\n", #line
            ),
            (
                .set(key("actions.double_tap", button: "a"), .text("x")), two,
                two.replacingOccurrences(
                    of: "name = \"a\"\n", with: "name = \"a\"\nactions.double_tap = \"x\"\n"),
                #line
            ),
            (
                .unset(key("actions.tap", button: "b")), two,
                two.replacingOccurrences(of: "tap = \"menu\"\n", with: ""), #line
            ),
            // Without a name, the second button is button-2.
            (
                .set(key("snap.to", button: "button-2"), .text("none")),
                "[[button]]\n\n[[button]]\nsize = 60\n",
                "[[button]]\n\n[[button]]\nsize = 60\nsnap.to = \"none\"\n", #line
            ),
            // A single button's top-level tables are its own.
            (
                .set(key("actions.tap", button: "main"), .text("menu")), one,
                one.replacingOccurrences(of: "\"foot\"", with: "\"menu\""), #line
            ),
            (
                .set(key("actions.tap", button: "main"), .text("menu")),
                "[button]\nactions.tap = \"lock\"\n" + one.dropFirst(9),
                "[button]\nactions.tap = \"menu\"\n" + one.dropFirst(9), #line
            ),
            (
                .set(key("actions.tap", button: "main"), .text("menu")), "", "[actions]\ntap = \"menu\"\n",
                #line
            ),
        ]
        for (edit, input, expected, line) in edits {
            check(edit, on: input, gives: expected, line: line)
        }
        let refusals: [(ConfigEdit, String, String, UInt)] = [
            (
                .unset(key("actions.tap", button: "a")), two,
                "c.toml: button \"a\" has no actions.tap of its own: it has [actions]'s", #line
            ),
            (
                .set(key("submenu.s.item.1.label", button: "a"), .text("x")), two,
                "c.toml: submenu.s.item.1.label is every button's, not one button's: leave out --button",
                #line
            ),
            (
                .set(key("actions.tap", button: "c"), .text("x")), two,
                "c.toml: no [[button]] is named \"c\"", #line
            ),
            (
                .set(key("actions.tap", button: "b"), .text("x")), one,
                "c.toml: the [button] is not named \"b\"",
                #line
            ),
        ]
        for (edit, input, message, line) in refusals {
            checkRefused(edit, on: input, says: message, line: line)
        }
        let readings: [(ConfigKey, String, UInt)] = [
            (key("actions.tap", button: "b"), "menu", #line),
            (key("actions.tap", button: "a"), "foot (from [actions], every button's)", #line),
            (key("actions.double_tap", button: "b"), "(unset, the default)", #line),
            (key("actions.tap"), "foot", #line),
        ]
        for (key, expected, line) in readings {
            XCTAssertEqual(
                ConfigEdit.reading(key, in: Array(two.utf8), path: "c.toml").map(\.description),
                .success(expected), line: line)
        }
    }

    /// A value that is an inline table or an array, given without --toml,
    /// is TOML where the key takes one (issue 40): `{ action = "keyboard" }`
    /// was written as a command, which `sh -c` then failed to run unseen.
    /// Where the key takes neither, it is a string; where it takes one, a
    /// refusal is final and points at --toml.
    func testAnInlineTableOrArrayIsReadAsTOMLWhereTheKeyTakesOne() {
        let keyboard = "{ action = \"keyboard\" }"
        let tap = "tap = 'menu'\n"
        let cases: [(ConfigEdit, String, UInt)] = [
            (
                .set(key("actions.swipe_left"), .text(keyboard)),
                changed(tap, tap + "swipe_left = \(keyboard)\n"), #line
            ),
            (.set(key("actions.tap"), .text(keyboard)), changed(tap, "tap = \(keyboard)\n"), #line),
            (
                .set(key("visibility.hide_for"), .text("[\"firefox\", \"mpv\"]")),
                changed(
                    "fullscreen = \"show\"\n", "fullscreen = \"show\"\nhide_for = [\"firefox\", \"mpv\"]\n"),
                #line
            ),
            // A string key takes the text as a string, as before.
            (
                .set(key("menu.item.1.label"), .text("[\"a\"]")), changed("\"Terminal\"", "\"[\\\"a\\\"]\""),
                #line
            ),
            (
                .set(key("menu.item.1.command"), .text("{ a = 1 }")), changed("\"foot\"", "\"{ a = 1 }\""),
                #line
            ),
            // Text that is not one TOML value is a string: a shell group.
            (
                .set(key("actions.tap"), .text("{ foot; }")), changed(tap, "tap = '{ foot; }'\n"), #line
            ),
        ]
        for (edit, expected, line) in cases {
            check(edit, on: Self.commented, gives: expected, line: line)
        }
        checkRefused(
            .set(key("actions.tap"), .text("{ action = \"keybaord\" }")), on: Self.commented,
            says: "error: action must be one of", line: #line)
        checkRefused(
            .set(key("actions.tap"), .text("{ action = \"keybaord\" }")), on: Self.commented,
            says:
                "The value was read as TOML, as actions.tap takes one; to write it as a string, give it with --toml",
            line: #line)
    }

    func testUnset() {
        let cases: [(ConfigEdit, String, UInt)] = [
            // The line goes, with its comment; the comment above stays.
            (.unset(key("button.color")), changed("color = \"#3584e4\"  # blue\n", ""), #line),
            (.unset(key("visibility.fullscreen")), changed("fullscreen = \"show\"\n", ""), #line),
            // Not written: no change.
            (.unset(key("button.tuck")), Self.commented, #line),
            (.unset(key("snap.to")), Self.commented, #line),
        ]
        for (edit, expected, line) in cases {
            check(edit, on: Self.commented, gives: expected, line: line)
        }
    }

    func testItems() {
        let menu = ItemList()
        let mute = "# Last.\n[[menu.item]]\naction = \"mute\"\n"
        let terminal = "# Terminal first.\n[[menu.item]]\nlabel = \"Terminal\"\ncommand = \"foot\"\n"
        let lock = "[[menu.item]]\nlabel = \"Lock\"  # the screen\ncommand = \"swaylock\"\n"
        let cases: [(ConfigEdit, String, UInt)] = [
            (
                .addItem(
                    ConfigItem(label: "Keys", runs: .command("wvkbd-mobintl"), icon: "input-keyboard"),
                    in: menu, at: nil),
                changed(
                    mute,
                    mute
                        + "\n[[menu.item]]\nlabel = \"Keys\"\ncommand = \"wvkbd-mobintl\"\nicon = \"input-keyboard\"\n"
                ),
                #line
            ),
            (
                .addItem(ConfigItem(label: "Full", runs: .action("fullscreen")), in: menu, at: 1),
                changed(terminal, "[[menu.item]]\nlabel = \"Full\"\naction = \"fullscreen\"\n\n" + terminal),
                #line
            ),
            (
                .addItem(ConfigItem(label: "Full", runs: .action("fullscreen")), in: menu, at: 3),
                changed(mute, "[[menu.item]]\nlabel = \"Full\"\naction = \"fullscreen\"\n\n" + mute), #line
            ),
            // No label written: the action's and the keys' own, which the file checks with.
            (
                .addItem(ConfigItem(label: nil, runs: .action("screenshot")), in: menu, at: nil),
                changed(mute, mute + "\n[[menu.item]]\naction = \"screenshot\"\n"), #line
            ),
            (
                .addItem(ConfigItem(label: nil, runs: .keys("ctrl+z")), in: menu, at: nil),
                changed(mute, mute + "\n[[menu.item]]\nkeys = \"ctrl+z\"\n"), #line
            ),
            // The item's comments go with it, and one blank line.
            (.removeItem(1, in: menu), changed(terminal + "\n", ""), #line),
            (.removeItem(2, in: menu), changed(lock + "\n", ""), #line),
            (.removeItem(3, in: menu), changed(mute + "\n", ""), #line),
            (
                .moveItem(1, to: 3, in: menu),
                changed(terminal + "\n" + lock + "\n" + mute, lock + "\n" + mute + "\n" + terminal), #line
            ),
            (
                .moveItem(3, to: 1, in: menu),
                changed(terminal + "\n" + lock + "\n" + mute, mute + "\n" + terminal + "\n" + lock), #line
            ),
            (.moveItem(2, to: 2, in: menu), Self.commented, #line),
        ]
        for (edit, expected, line) in cases {
            check(edit, on: Self.commented, gives: expected, line: line)
        }
    }

    func testItemsElsewhere() {
        let item = ConfigItem(label: "T", runs: .command("foot"))
        let cases: [(ConfigEdit, String, String, UInt)] = [
            // The first item goes after the menu's table, before the next.
            (
                .addItem(item, in: ItemList(), at: nil), "[menu]\ndim = 0.2\n\n# Hide.\n[visibility]\n",
                "[menu]\ndim = 0.2\n\n[[menu.item]]\nlabel = \"T\"\ncommand = \"foot\"\n\n# Hide.\n[visibility]\n",
                #line
            ),
            (
                .addItem(item, in: ItemList(), at: nil), "",
                "[[menu.item]]\nlabel = \"T\"\ncommand = \"foot\"\n", #line
            ),
            // One [[button]]'s own items, inside its tables.
            (
                .addItem(item, in: ItemList(button: "a"), at: nil),
                "[[button]]\nname = \"a\"\n[button.actions]\ntap = \"menu\"\n\n[[button]]\nname = \"b\"\n",
                "[[button]]\nname = \"a\"\n[button.actions]\ntap = \"menu\"\n\n[[button.menu.item]]\nlabel = \"T\"\ncommand = \"foot\"\n\n[[button]]\nname = \"b\"\n",
                #line
            ),
            (
                .removeItem(1, in: ItemList(submenu: "d")),
                "[[menu.item]]\nlabel = \"D\"\nsubmenu = \"d\"\n\n[[submenu.d.item]]\naction = \"mute\"\n\n[[submenu.d.item]]\naction = \"rotate\"\n",
                "[[menu.item]]\nlabel = \"D\"\nsubmenu = \"d\"\n\n[[submenu.d.item]]\naction = \"rotate\"\n",
                #line
            ),
        ]
        for (edit, input, expected, line) in cases {
            check(edit, on: input, gives: expected, line: line)
        }
    }

    func testRefusals() {
        let cases: [(ConfigEdit, String, String, UInt)] = [
            (
                .set(key("button.size"), .text("big")), Self.commented,
                "button.size takes a number, not \"big\"", #line
            ),
            (.set(key("button.size"), .text("9000")), Self.commented, "c.toml:5:8: error: ", #line),
            (.set(key("button.color"), .text("bluish")), Self.commented, "c.toml:4:9: error: ", #line),
            (.set(key("button.tuck"), .text("maybe")), Self.commented, "c.toml: error: tuck", #line),
            (
                .set(key("button.colour"), .text("red")), Self.commented, "c.toml: error: unknown key",
                #line
            ),
            (
                .set(key("actions.tap"), .toml("\"a\" # c")), Self.commented, "--toml takes one TOML value",
                #line
            ),
            (
                .set(key("actions.tap"), .toml("1\nx = 2")), Self.commented, "--toml takes one TOML value",
                #line
            ),
            (
                .set(key("menu.item.9.label"), .text("x")), Self.commented,
                "c.toml: there is no menu.item.9: there are 3", #line
            ),
            (
                .set(key("menu.item"), .text("x")), Self.commented, "c.toml: menu.item is a list of tables",
                #line
            ),
            (.set(key("button"), .text("x")), Self.commented, "c.toml: button is a table", #line),
            (
                .set(key("button.color.x"), .text("x")), Self.commented,
                "c.toml: button.color is a string, not a table", #line
            ),
            (
                .set(key("button.color", button: "x"), .text("red")), Self.commented,
                "the [button] is not named \"x\"", #line
            ),
            (
                .set(key("button.color"), .text("red")),
                "[[button]]\nname = \"a\"\n[[button]]\nname = \"b\"\n",
                "there are 2 [[button]] tables: pick one with --button NAME", #line
            ),
            (.set(key("button.size"), .text("30")), "[button\n", "c.toml:1:8: error: expected \"]\"", #line),
            (
                .removeItem(4, in: ItemList()), Self.commented,
                "c.toml: there is no menu.item.4: there are 3", #line
            ),
            (.moveItem(1, to: 0, in: ItemList()), Self.commented, "c.toml: there is no menu.item.0", #line),
            (
                .addItem(ConfigItem(label: "X", runs: .action("nope")), in: ItemList(), at: nil),
                Self.commented, "c.toml: error: action must be one of", #line
            ),
            (
                .addItem(ConfigItem(label: "X", runs: .command("x")), in: ItemList(), at: 5), Self.commented,
                "there is no menu.item.5", #line
            ),
            (
                .unset(key("menu.item.2.label")), Self.commented,
                "c.toml:15:1: error: menu item is missing \"label\"", #line
            ),
            (.unset(key("menu.item.1")), Self.commented, "menu.item.1 is a table", #line),
            (
                .unset(key("actions.tap.action")), "[actions]\ntap = { action = \"mute\" }\n",
                "shares its line", #line
            ),
            (
                .removeItem(1, in: ItemList()), "[menu]\nitem = [{ label = \"a\", command = \"b\" }]\n",
                "edit it by hand", #line
            ),
        ]
        for (edit, input, message, line) in cases {
            checkRefused(edit, on: input, says: message, line: line)
        }
    }

    /// Refusals name the lines of the file on disk, and things as the user
    /// wrote them (issue 40): a line the edit would add has no number, one
    /// after it keeps its own; "there is no .menu.1" and a count taken
    /// after the moved item left were what the user never wrote.
    func testRefusalsNameTheFileOnDisk() {
        let items = (1...8).map { "[[menu.item]]\nlabel = \"\($0)\"\ncommand = \"c\"\n" }.joined(
            separator: "\n")
        let two = "[[button]]\nname = \"a\"\n\n[[button]]\nname = \"b\"\n"
        let cases: [(ConfigEdit, String, String, UInt)] = [
            // A one-line file: no line 2 to point at.
            (
                .set(key("button.colour"), .text("red")), "[button]",
                "c.toml: error: unknown key \"colour\" in [button]; did you mean \"color\"?\n    colour = \"red\"\n    ^",
                #line
            ),
            // The ninth item is the eighth on disk, at line 29, not at 33.
            (
                .addItem(ConfigItem(label: "X", runs: .command("x")), in: ItemList(), at: 1), items,
                "c.toml:29:1: error: at most 8 menu items are allowed", #line
            ),
            // A value changed in place keeps its line.
            (
                .set(key("menu.item.2.command"), .text("")), items,
                "c.toml:7:11: error: command must not be empty", #line
            ),
            (
                .moveItem(1, to: 4, in: ItemList()), Self.commented,
                "c.toml: there is no menu.item.4: there are 3", #line
            ),
            (
                .set(key("menu.1.label"), .text("x")), "[button]\nsize = 40\n", "c.toml: there is no menu.1",
                #line
            ),
            (.set(key("submenu.1.label"), .text("x")), "", "c.toml: there is no submenu.1", #line),
            (
                .set(key("menu.item.1.label", button: "b"), .text("x")), two,
                "c.toml: there is no menu.item.1 of button \"b\"", #line
            ),
            (
                .removeItem(2, in: ItemList(button: "b")),
                two + "[[button.menu.item]]\nlabel = \"A\"\ncommand = \"a\"\n",
                "c.toml: there is no menu.item.2 of button \"b\": there are 1", #line
            ),
            (
                .removeItem(1, in: ItemList(submenu: "s")), Self.commented,
                "c.toml: there is no submenu.s.item.1: there are 0", #line
            ),
        ]
        for (edit, input, message, line) in cases {
            checkRefused(edit, on: input, says: message, line: line)
        }
    }

    func testGet() {
        let cases: [(ConfigKey, String?, String, UInt)] = [
            (key("button.color"), Self.commented, "#3584e4", #line),
            (key("button.size"), Self.commented, "56", #line),
            (key("menu.item.2.label"), Self.commented, "Lock", #line),
            (key("actions.tap"), Self.commented, "menu", #line),
            (key("button.color"), nil, "#3584e4 (default)", #line),
            (key("button.opacity"), Self.commented, "1.0 (default)", #line),
            (key("snap.to"), Self.commented, "edge (default)", #line),
            // The example sets tap, but tap is unset by default.
            (key("actions.tap"), "", "(unset, the default)", #line),
            (key("button.icon"), "", "(unset, the default)", #line),
            (key("button.color", button: "b"), "[[button]]\nname = \"b\"\ncolor = \"red\"\n", "red", #line),
        ]
        for (key, input, expected, line) in cases {
            switch ConfigEdit.reading(key, in: input.map { Array($0.utf8) }, path: "c.toml") {
            case .success(let reading): XCTAssertEqual(reading.description, expected, line: line)
            case .failure(let error): XCTFail("\(error)", line: line)
            }
        }
        guard case .failure(let error) = ConfigEdit.reading(key("button.colour"), in: nil, path: "c.toml")
        else {
            return XCTFail("an unknown key was read")
        }
        XCTAssertEqual(error.description, "button.colour is not a key buoy reads; see buoy(5)")
    }
}

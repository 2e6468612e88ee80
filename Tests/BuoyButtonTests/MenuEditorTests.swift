import BuoyConfig
import BuoyCore
import XCTest

@testable import BuoyButton

final class MenuEditorTests: XCTestCase {
    typealias Step = (at: Double, input: MenuEditor.Input)

    /// A small catalog, as `PickerCatalog.groups` gives one.
    static let catalog = [
        PickerGroup(
            title: "Media",
            entries: [PickerEntry(label: "Volume up", icon: "audio-volume-high", runs: .action("volume-up"))]),
        PickerGroup(
            title: "Applications",
            entries: [PickerEntry(label: "Files", icon: nil, runs: .command("nautilus"))]),
    ]

    /// Items A, B, C: rows 0 to 2, then "+" (3), "Button" (4) and "Done" (5).
    static func editor() -> MenuEditor {
        var editor = MenuEditor(
            items: ["A", "B", "C"].map { MenuEditor.Entry(label: $0) },
            gestures: [.tap: .menu, .doubleTap: .nothing, .longPress: .nothing], longPressDelay: 0.5)
        _ = editor.handle(.catalog(catalog), at: 0)
        return editor
    }

    static func tap(_ row: Int, at time: Double = 0, badge: Bool = false) -> [Step] {
        [(time, .press(row: row)), (time + 0.1, .release(row: row, badge: badge))]
    }

    static let list = ItemList()
    static let written: Step = (9, .written(refusal: nil))

    func testSteps() {
        let volume = ConfigItem(label: "Volume up", runs: .action("volume-up"), icon: "audio-volume-high")
        let cases: [(String, [Step], [MenuEditor.Effect], [String], MenuEditor.Screen, UInt)] = [
            (
                "the badge removes its item", Self.tap(1, badge: true) + [Self.written],
                [.write(.removeItem(2, in: Self.list)), .redraw], ["A", "C"], .items, #line
            ),
            // It says how to move the item (issue 43: nothing did), once.
            (
                "a tap beside the badge changes nothing and says how to move it",
                Self.tap(1) + Self.tap(2, at: 1), [.redraw], ["A", "B", "C"], .items, #line
            ),
            (
                "a release with no press seen is a tap", [(0, .release(row: 1, badge: true))],
                [.write(.removeItem(2, in: Self.list))], ["A", "B", "C"], .items, #line
            ),
            (
                "a release on another row is no tap",
                [(0, .press(row: 1)), (0.1, .release(row: 2, badge: true))],
                [], ["A", "B", "C"], .items, #line
            ),
            ("+ opens the picker", Self.tap(3), [.redraw], ["A", "B", "C"], .groups(.newItem), #line),
            (
                "the picker adds an item last and goes back",
                Self.tap(3) + Self.tap(0, at: 1) + Self.tap(0, at: 2) + [Self.written],
                [.redraw, .redraw, .write(.addItem(volume, in: Self.list, at: nil)), .redraw, .redraw],
                ["A", "B", "C", "Volume up"], .items, #line
            ),
            (
                "Back in a group goes to the groups", Self.tap(3) + Self.tap(1, at: 1) + Self.tap(1, at: 2),
                [.redraw, .redraw, .redraw], ["A", "B", "C"], .groups(.newItem), #line
            ),
            (
                "a long press and drag moves an item",
                [
                    (0, .press(row: 0)), (0.4, .tick), (0.5, .tick), (0.6, .over(row: 2)),
                    (0.7, .release(row: 2, badge: false)),
                ]
                    + [Self.written],
                [.redraw, .redraw, .write(.moveItem(1, to: 3, in: Self.list)), .redraw], ["B", "C", "A"],
                .items, #line
            ),
            (
                "dragged below the items, it goes last",
                [
                    (0, .press(row: 0)), (0.5, .tick), (0.6, .over(row: 5)),
                    (0.7, .release(row: 5, badge: false)),
                ]
                    + [Self.written],
                [.redraw, .redraw, .write(.moveItem(1, to: 3, in: Self.list)), .redraw], ["B", "C", "A"],
                .items, #line
            ),
            (
                "the release's row is where it drops, though no motion over it was seen",
                [(0, .press(row: 0)), (0.5, .tick), (0.7, .release(row: 2, badge: false))] + [Self.written],
                [.redraw, .write(.moveItem(1, to: 3, in: Self.list)), .redraw], ["B", "C", "A"], .items, #line
            ),
            (
                "dropped where it was, nothing is written",
                [(0, .press(row: 1)), (0.5, .tick), (0.7, .release(row: 1, badge: false))],
                [.redraw, .redraw], ["A", "B", "C"], .items, #line
            ),
            (
                "released before the long press, it is a tap",
                [(0, .press(row: 1)), (0.4, .release(row: 1, badge: true)), (0.6, .tick)],
                [.write(.removeItem(2, in: Self.list))], ["A", "B", "C"], .items, #line
            ),
            (
                "a refused write leaves the items as the file has them",
                Self.tap(0, badge: true) + [(1, .written(refusal: "config.toml changed since it was read"))],
                [.write(.removeItem(1, in: Self.list)), .redraw], ["A", "B", "C"], .items, #line
            ),
            (
                "one write at a time", Self.tap(0, badge: true) + Self.tap(0, at: 1, badge: true),
                [.write(.removeItem(1, in: Self.list))], ["A", "B", "C"], .items, #line
            ),
            (
                "the next write counts the items after the last",
                Self.tap(0, badge: true) + [Self.written] + Self.tap(1, at: 10, badge: true),
                [.write(.removeItem(1, in: Self.list)), .redraw, .write(.removeItem(2, in: Self.list))],
                ["B", "C"], .items, #line
            ),
            (
                "a gesture does nothing: false, which overrides an inherited one",
                Self.tap(4) + Self.tap(1, at: 1) + Self.tap(2, at: 2),
                [.redraw, .redraw, .write(.set(ConfigKey("actions.double_tap")!, .toml("false"))), .redraw],
                ["A", "B", "C"], .button, #line
            ),
            (
                "a gesture opens the menu", Self.tap(4) + Self.tap(1, at: 1) + Self.tap(0, at: 2),
                [.redraw, .redraw, .write(.set(ConfigKey("actions.double_tap")!, .text("menu"))), .redraw],
                ["A", "B", "C"], .button, #line
            ),
            (
                "a gesture runs a picked action",
                Self.tap(4) + Self.tap(2, at: 1) + Self.tap(1, at: 2) + Self.tap(0, at: 3)
                    + Self.tap(0, at: 4),
                [
                    .redraw, .redraw, .redraw, .redraw,
                    .write(.set(ConfigKey("actions.long_press")!, .toml(#"{ action = "volume-up" }"#))),
                    .redraw,
                ],
                ["A", "B", "C"], .button, #line
            ),
            ("Done leaves", Self.tap(5), [.leave], ["A", "B", "C"], .items, #line),
            (
                "keys: down twice and Delete removes the second item",
                [(0, .key(.down)), (1, .key(.down)), (2, .key(.delete))],
                [.redraw, .redraw, .write(.removeItem(2, in: Self.list))], ["A", "B", "C"], .items, #line
            ),
            (
                "keys: up wraps to Done, Enter leaves", [(0, .key(.up)), (1, .key(.activate))],
                [.redraw, .leave], ["A", "B", "C"], .items, #line
            ),
            (
                "keys: Delete off an item does nothing", [(0, .key(.up)), (1, .key(.delete))],
                [.redraw], ["A", "B", "C"], .items, #line
            ),
            (
                "keys: Escape goes up a screen", Self.tap(3) + Self.tap(0, at: 1) + [(2, .key(.dismiss))],
                [.redraw, .redraw, .redraw], ["A", "B", "C"], .groups(.newItem), #line
            ),
            (
                "keys: Escape on the items leaves", [(0, .key(.dismiss))], [.leave], ["A", "B", "C"], .items,
                #line
            ),
            (
                "a reload keeps the screen, and draws nothing it does not show",
                Self.tap(3) + [(1, .reloaded(items: [MenuEditor.Entry(label: "X")], gestures: [:]))],
                [.redraw], ["X"], .groups(.newItem), #line
            ),
            (
                "a reload draws the items screen again",
                [(1, .reloaded(items: [MenuEditor.Entry(label: "X")], gestures: [:]))],
                [.redraw], ["X"], .items, #line
            ),
            (
                "a reload of what is shown already keeps a press going",
                [
                    (0, .press(row: 0)),
                    (
                        0.2,
                        .reloaded(items: ["A", "B", "C"].map { MenuEditor.Entry(label: $0) }, gestures: [:])
                    ), (0.5, .tick),
                ],
                [.redraw], ["A", "B", "C"], .items, #line
            ),
            (
                "a reload that changes the items ends a press",
                [
                    (0, .press(row: 0)),
                    (0.2, .reloaded(items: [MenuEditor.Entry(label: "X")], gestures: [:])), (0.5, .tick),
                ],
                [.redraw], ["X"], .items, #line
            ),
            (
                "a reload of what is shown already draws nothing",
                [(1, .reloaded(items: ["A", "B", "C"].map { MenuEditor.Entry(label: $0) }, gestures: [:]))],
                [], ["A", "B", "C"], .items, #line
            ),
        ]
        for (name, steps, expected, labels, screen, line) in cases {
            var editor = Self.editor()
            let effects = steps.flatMap { editor.handle($0.input, at: $0.at) }
            XCTAssertEqual(effects, expected, name, line: line)
            XCTAssertEqual(editor.items.map(\.label), labels, name, line: line)
            XCTAssertEqual(editor.screen, screen, name, line: line)
        }
    }

    func testATapOnALabelShowsTheMoveHintUntilTheNextChange() {
        var editor = Self.editor()
        XCTAssertNil(editor.message)
        _ = Self.tap(0).flatMap { editor.handle($0.input, at: $0.at) }
        XCTAssertEqual(editor.message, "Hold an item, then drag it to move it")
        _ = Self.tap(1, at: 1, badge: true).flatMap { editor.handle($0.input, at: $0.at) }
        _ = editor.handle(Self.written.input, at: Self.written.at)
        XCTAssertNil(editor.message, "the next change clears it")
    }

    func testRows() {
        var editor = Self.editor()
        XCTAssertEqual(editor.rows, [.item(0), .item(1), .item(2), .add, .button, .done])
        XCTAssertEqual(
            editor.rows.map { editor.entry(of: $0).label }, ["A", "B", "C", "Add", "Button", "Done"])
        XCTAssertEqual(editor.rows.filter(editor.hasBadge), [.item(0), .item(1), .item(2)])
        _ = Self.tap(4).flatMap { editor.handle($0.input, at: $0.at) }
        XCTAssertEqual(
            editor.rows.map { editor.entry(of: $0).label },
            ["Tap: Menu", "Double tap: Nothing", "Long press: Nothing", "Done"])
        _ = editor.handle(
            .reloaded(items: (1...8).map { MenuEditor.Entry(label: "\($0)") }, gestures: [:]), at: 1)
        _ = editor.handle(.key(.dismiss), at: 2)
        XCTAssertEqual(editor.rows.count, 11, "a full menu offers no +, and says why where it was")
        XCTAssertFalse(editor.rows.contains(.add))
        XCTAssertEqual(editor.rows[8], .full)
        XCTAssertEqual(editor.entry(of: .full).label, "8 of 8: remove one to add")
        XCTAssertFalse(editor.hasBadge(.full))
        XCTAssertEqual(
            editor.handle(.press(row: 8), at: 3) + editor.handle(.release(row: 8, badge: false), at: 3.1), [],
            "a tap on it does nothing")
        XCTAssertEqual(editor.screen, .items)
    }

    /// Issue 43: the picker says which choices the menu has already and
    /// which have no tool here; a gesture's picker says only the latter.
    func testThePickerMarksChoicesInTheMenuAndNotInstalled() {
        let media = [
            PickerEntry(label: "Volume up", icon: nil, runs: .action("volume-up")),
            PickerEntry(label: "B", icon: nil, runs: .command("b")),
            PickerEntry(label: "Rotate", icon: nil, runs: .action("rotate"), installed: false),
        ]
        let rows: [(String, [Step], [String], UInt)] = [
            (
                "a new item's", Self.tap(3) + Self.tap(0, at: 1),
                ["Volume up", "B (in the menu)", "Rotate (not installed)", "Back"], #line
            ),
            (
                "a gesture's", Self.tap(4) + Self.tap(1, at: 1) + Self.tap(1, at: 2) + Self.tap(0, at: 3),
                ["Volume up", "B", "Rotate (not installed)", "Back"], #line
            ),
        ]
        for (name, steps, labels, line) in rows {
            var editor = Self.editor()
            _ = editor.handle(.catalog([PickerGroup(title: "Media", entries: media)]), at: 0)
            for step in steps { _ = editor.handle(step.input, at: step.at) }
            XCTAssertEqual(editor.rows.map { editor.entry(of: $0).label }, labels, name, line: line)
        }
    }

    func testALongGroupShowsSevenChoicesAtATimeAndMoreStepsThroughThem() {
        var editor = Self.editor()
        let apps = (1...16).map { PickerEntry(label: "App \($0)", icon: nil, runs: .command("app\($0)")) }
        _ = editor.handle(.catalog([PickerGroup(title: "Applications", entries: apps)]), at: 0)
        for step in Self.tap(3) + Self.tap(0, at: 1) { _ = editor.handle(step.input, at: step.at) }
        func labels() -> [String] { editor.rows.map { editor.entry(of: $0).label } }
        XCTAssertEqual(labels(), (1...7).map { "App \($0)" } + ["More", "Back"])
        for step in Self.tap(7, at: 2) { _ = editor.handle(step.input, at: step.at) }
        XCTAssertEqual(labels(), (8...14).map { "App \($0)" } + ["More", "Back"])
        for step in Self.tap(7, at: 3) { _ = editor.handle(step.input, at: step.at) }
        XCTAssertEqual(labels(), ["App 15", "App 16", "More", "Back"])
        let added = Self.tap(1, at: 4).flatMap { editor.handle($0.input, at: $0.at) }
        XCTAssertEqual(
            added,
            [
                .write(
                    .addItem(ConfigItem(label: "App 16", runs: .command("app16")), in: Self.list, at: nil)),
                .redraw,
            ])
        for step in Self.tap(3, at: 5) + Self.tap(0, at: 6) { _ = editor.handle(step.input, at: step.at) }
        XCTAssertEqual(labels().first, "App 1", "a group opens at its first choice again")
    }

    func testDragShowsTheItemWhereItWouldGo() {
        var editor = Self.editor()
        for (time, input) in [(0, .press(row: 0)), (0.5, .tick), (0.6, .over(row: 2))] as [Step] {
            _ = editor.handle(input, at: time)
        }
        XCTAssertEqual(editor.drag, MenuEditor.Drag(from: 0, over: 2))
        XCTAssertEqual(editor.rowsAsDragged, [.item(1), .item(2), .item(0), .add, .button, .done])
        XCTAssertNil(editor.nextWake)
    }

    func testNextWakeIsTheLongPressOfAnItem() {
        var editor = Self.editor()
        _ = editor.handle(.press(row: 1), at: 2)
        XCTAssertEqual(editor.nextWake, 2.5)
        _ = editor.handle(.release(row: 1, badge: false), at: 2.1)
        XCTAssertNil(editor.nextWake)
        _ = editor.handle(.press(row: 4), at: 3)
        XCTAssertNil(editor.nextWake, "Button cannot be dragged")
    }

    /// Edit mode's gesture writes are the button's, as `buoy config
    /// --button NAME` writes them (issue 40): the button's own
    /// `[button.actions]` where it has the gesture or there are several
    /// buttons, not the top-level `[actions]` that its own overrides or
    /// that every button shares. Double tap is set to Menu on the button
    /// `index`, whose menu has one item: "Button" is row 2.
    func testAGestureIsWrittenForTheButtonBeingEdited() throws {
        let items = "[[menu.item]]\nlabel = \"A\"\ncommand = \"a\"\n"
        let shared = "[actions]\ntap = \"menu\"\ndouble_tap = \"foot\"\n\n" + items
        let cases: [(String, Int, String, UInt)] = [
            // One button that overrides double_tap: the top-level key changed nothing.
            (
                "[button]\n[button.actions]\ndouble_tap = \"lock\"\n\n" + shared, 0,
                "[button]\n[button.actions]\ndouble_tap = \"menu\"\n\n" + shared, #line
            ),
            // One button that does not: the top-level table is its own.
            (
                "[button]\nsize = 60\n\n" + shared, 0,
                "[button]\nsize = 60\n\n" + shared.replacingOccurrences(of: "\"foot\"", with: "\"menu\""),
                #line
            ),
            // Several buttons sharing [actions]: the second one's own, not every button's.
            (
                shared + "\n[[button]]\nname = \"a\"\n\n[[button]]\nname = \"b\"\n", 1,
                shared
                    + "\n[[button]]\nname = \"a\"\n\n[[button]]\nname = \"b\"\nactions.double_tap = \"menu\"\n",
                #line
            ),
            // A second button without a name is "button-2".
            (
                shared + "\n[[button]]\nsize = 60\n\n[[button]]\nsize = 70\n", 1,
                shared + "\n[[button]]\nsize = 60\n\n[[button]]\nsize = 70\nactions.double_tap = \"menu\"\n",
                #line
            ),
        ]
        for (file, index, expected, line) in cases {
            let spec = try Config.parse(Array(file.utf8), path: "c.toml").config.buttons[index]
            let list = try XCTUnwrap(spec.itemList, line: line)
            let context = MenuEditContext(spec, list: list, catalog: Self.catalog)
            var editor = MenuEditor(
                editing: MenuSource(menu: spec.menu, buttonColor: spec.button.color, editing: context))
            var effects: [MenuEditor.Effect] = []
            for step in Self.tap(2) + Self.tap(1, at: 1) + Self.tap(0, at: 2) {
                effects += editor.handle(step.input, at: step.at)
            }
            let edits = effects.compactMap { effect -> ConfigEdit? in
                guard case .write(let edit) = effect else { return nil }
                return edit
            }
            XCTAssertEqual(edits.count, 1, "\(effects)", line: line)
            let written = try edits.first.map { try $0.applied(to: Array(file.utf8), path: "c.toml").get() }
            XCTAssertEqual(written.map { String(decoding: $0, as: UTF8.self) }, expected, line: line)
        }
    }

    /// The Button screen names a gesture's built-in action by its label,
    /// where buoy runs its tool's command line.
    func testAGesturesBuiltInActionIsNamedByItsLabel() throws {
        let fullscreen = try XCTUnwrap(BuiltInAction.named("fullscreen"))
        let config = Config(actions: Actions(longPress: .builtIn(fullscreen)))
            .resolvingBuiltIns { _ in .command("swaymsg fullscreen toggle") }
        XCTAssertEqual(config.buttons[0].actions.longPress, .command("swaymsg fullscreen toggle"))
        XCTAssertEqual(
            MenuEditor.whatGesturesDo(config.buttons[0].writtenActions)[.longPress]?.label, "Fullscreen")
    }

    /// Issue 43: the Button screen showed T, D and L in circles (each
    /// label's initial), and the way back up looked like the keys item
    /// Back (alt+Left). The gestures show their glyphs; the way up its own.
    func testTheButtonScreenDrawsTheGesturesAndTheWayUpIsNotTheBackKey() throws {
        var editor = Self.editor()
        for step in Self.tap(4) { _ = editor.handle(step.input, at: step.at) }
        XCTAssertEqual(
            editor.rows.map { editor.entry(of: $0).icon },
            [
                Glyph.tap.iconName, Glyph.doubleTap.iconName, Glyph.longPress.iconName,
                "object-select-symbolic",
            ])
        for step in Self.tap(0, at: 1) { _ = editor.handle(step.input, at: step.at) }
        XCTAssertEqual(editor.entry(of: .back).icon, Glyph.up.iconName)
        XCTAssertEqual(MenuPage.back.icon, Glyph.up.iconName)
        let backKey = try XCTUnwrap(BuiltInKeys.all.first { $0.name == "back" })
        XCTAssertNotEqual(backKey.icon, MenuPage.back.icon)
        XCTAssertEqual(backKey.label, MenuPage.back.label, "both are called Back")
    }

    /// Issue 43: the lists of choices did not mark the one in force. A
    /// gesture's screen (Menu, An action…, Nothing) and the picker's
    /// choices for it mark it with a ✓ after the label.
    func testTheChoiceInForceIsMarked() {
        let cases: [(MenuEditor.Does, [Step], [String], UInt)] = [
            (.menu, Self.tap(4) + Self.tap(0, at: 1), ["Menu ✓", "An action…", "Nothing", "Back"], #line),
            (.nothing, Self.tap(4) + Self.tap(1, at: 1), ["Menu", "An action…", "Nothing ✓", "Back"], #line),
            (
                .action("Volume up"), Self.tap(4) + Self.tap(2, at: 1),
                ["Menu", "An action… ✓", "Nothing", "Back"], #line
            ),
            // The picker for it: its groups, then Media's choices.
            (
                .action("Volume up"),
                Self.tap(4) + Self.tap(2, at: 1) + Self.tap(1, at: 2) + Self.tap(0, at: 3),
                ["Volume up ✓", "Back"], #line
            ),
            (
                .action("Files"), Self.tap(4) + Self.tap(2, at: 1) + Self.tap(1, at: 2) + Self.tap(0, at: 3),
                ["Volume up", "Back"], #line
            ),
        ]
        for (does, steps, labels, line) in cases {
            var editor = MenuEditor(
                items: ["A", "B", "C"].map { MenuEditor.Entry(label: $0) },
                gestures: [.tap: .menu, .doubleTap: .nothing, .longPress: does], longPressDelay: 0.5)
            _ = editor.handle(.catalog(Self.catalog), at: 0)
            for step in steps { _ = editor.handle(step.input, at: step.at) }
            XCTAssertEqual(editor.rows.map { editor.entry(of: $0).label }, labels, "\(does)", line: line)
        }
    }

    /// Issue 40: edit mode is inside the menu, so a touch user who took the
    /// menu off its last gesture could reach neither again. The "Button"
    /// screen (row 4) shows Tap (0), Double tap (1), Long press (2); a
    /// gesture's screen Menu (0), An action… (1), Nothing (2), Back (3).
    func testTheLastGestureThatOpensTheMenuKeepsIt() {
        let refusal =
            "Tap is the only way into this menu, and into edit mode; give another gesture Menu first"
        let doubleTapMenu = Self.tap(4) + Self.tap(1, at: 1) + Self.tap(0, at: 2) + [Self.written]
        let cases: [(String, [ButtonGesture: MenuEditor.Does]?, [Step], [MenuEditor.Effect], String?, UInt)] =
            [
                (
                    "Nothing for the only one is refused, and says why", nil,
                    Self.tap(4) + Self.tap(0, at: 1) + Self.tap(2, at: 2), [.redraw, .redraw, .redraw],
                    refusal,
                    #line
                ),
                (
                    "An action for it too, before the picker", nil,
                    Self.tap(4) + Self.tap(0, at: 1) + Self.tap(1, at: 2), [.redraw, .redraw, .redraw],
                    refusal,
                    #line
                ),
                (
                    "once double tap opens the menu, tap may do nothing", nil,
                    doubleTapMenu + Self.tap(0, at: 10) + Self.tap(2, at: 11),
                    [
                        .redraw, .redraw, .write(.set(ConfigKey("actions.double_tap")!, .text("menu"))),
                        .redraw,
                        .redraw, .redraw, .write(.set(ConfigKey("actions.tap")!, .toml("false"))), .redraw,
                    ], nil, #line
                ),
                (
                    "a flick that opens the menu is a way in", [.tap: .menu, .swipeUp: .menu],
                    Self.tap(4) + Self.tap(0, at: 1) + Self.tap(2, at: 2),
                    [.redraw, .redraw, .write(.set(ConfigKey("actions.tap")!, .toml("false"))), .redraw], nil,
                    #line
                ),
                (
                    "the last one may open the menu again", nil,
                    Self.tap(4) + Self.tap(0, at: 1) + Self.tap(0, at: 2),
                    [.redraw, .redraw, .write(.set(ConfigKey("actions.tap")!, .text("menu"))), .redraw], nil,
                    #line
                ),
            ]
        for (name, gestures, steps, expected, message, line) in cases {
            var editor = Self.editor()
            if let gestures {
                _ = editor.handle(.reloaded(items: editor.items, gestures: gestures), at: 0)
            }
            let effects = steps.flatMap { editor.handle($0.input, at: $0.at) }
            XCTAssertEqual(effects, expected, name, line: line)
            XCTAssertEqual(editor.message, message, name, line: line)
        }
    }

    /// Issue 40: one tap on "−" deleted at once, with no way back. After a
    /// removal the items screen ends with Undo for `undoDuration` seconds;
    /// A and C are then rows 0 and 1, "+" 2, Button 3, Done 4, Undo 5.
    func testARemovalOffersUndoForAFewSeconds() {
        let removeB = Self.tap(1, badge: true) + [(1, .written(refusal: nil))]
        let removed: [MenuEditor.Effect] = [.write(.removeItem(2, in: Self.list)), .redraw]
        let ends = 1 + MenuEditor.undoDuration
        let cases: [(String, [Step], [MenuEditor.Effect], [String], Bool, UInt)] = [
            ("a removal shows Undo", removeB, removed, ["A", "C"], true, #line),
            (
                "Undo puts the item back where it was",
                removeB + Self.tap(5, at: 2) + [(2.5, .written(refusal: nil))],
                removed + [.undoLastWrite, .redraw], ["A", "B", "C"], false, #line
            ),
            (
                "a refused Undo says why, and goes",
                removeB + Self.tap(5, at: 2) + [(2.5, .written(refusal: "the file changed"))],
                removed + [.undoLastWrite, .redraw], ["A", "C"], false, #line
            ),
            (
                "its time up, it goes", removeB + [(ends - 0.01, .tick), (ends, .tick)], removed + [.redraw],
                ["A", "C"], false, #line
            ),
            (
                "a press held on it keeps it past its time, and its release puts the item back",
                removeB + [
                    (ends - 0.5, .press(row: 5)), (ends + 1, .tick),
                    (ends + 2, .release(row: 5, badge: false)),
                ]
                    + [(ends + 3, .written(refusal: nil))],
                removed + [.undoLastWrite, .redraw], ["A", "B", "C"], false, #line
            ),
            (
                "another change ends it",
                removeB + Self.tap(0, at: 2, badge: true) + [(3, .written(refusal: nil))],
                removed + [.write(.removeItem(1, in: Self.list)), .redraw], ["C"], true, #line
            ),
            (
                "another's change to the items ends it",
                removeB + [(2, .reloaded(items: [MenuEditor.Entry(label: "X")], gestures: [:]))],
                removed + [.redraw], ["X"], false, #line
            ),
            (
                "the reload of its own write keeps it",
                removeB + [
                    (2, .reloaded(items: ["A", "C"].map { MenuEditor.Entry(label: $0) }, gestures: [:]))
                ],
                removed, ["A", "C"], true, #line
            ),
        ]
        for (name, steps, expected, labels, undoShown, line) in cases {
            var editor = Self.editor()
            let effects = steps.flatMap { editor.handle($0.input, at: $0.at) }
            XCTAssertEqual(effects, expected, name, line: line)
            XCTAssertEqual(editor.items.map(\.label), labels, name, line: line)
            XCTAssertEqual(editor.rows.last == .undo, undoShown, name, line: line)
            XCTAssertEqual(editor.rows.contains(.undo), undoShown, name, line: line)
        }
    }

    func testUndosTimeIsTheNextWake() {
        var editor = Self.editor()
        for step in Self.tap(1, badge: true) + [(1, .written(refusal: nil))] as [Step] {
            _ = editor.handle(step.input, at: step.at)
        }
        XCTAssertEqual(editor.nextWake, 1 + MenuEditor.undoDuration)
        XCTAssertEqual(
            editor.rows.map { editor.entry(of: $0).label }, ["A", "C", "Add", "Button", "Done", "Undo"])
        _ = editor.handle(.press(row: 5), at: 2)
        XCTAssertNil(editor.nextWake, "a press on Undo: its release decides")
    }

    func testSessionDefault() {
        let cases: [(Bool, Bool, MenuEditing, UInt)] = [
            (true, false, .touch, #line), (true, true, .editor, #line), (false, false, .editor, #line),
            (false, true, .editor, #line),
        ]
        for (touchscreen, keyboard, expected, line) in cases {
            XCTAssertEqual(
                MenuEditing.sessionDefault(touchscreen: touchscreen, keyboard: keyboard), expected, line: line
            )
        }
    }
}

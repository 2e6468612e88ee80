import BuoyButton
import BuoyConfig
import BuoyCore
import XCTest

@testable import BuoyAccessibility

final class AccessibleButtonsTests: XCTestCase {
    func testNames() {
        let menu = AccessibleButtonFacts.GestureAction(.tap, .menu)
        let terminal = AccessibleButtonFacts.GestureAction(.tap, .command("/usr/bin/foot --server"))
        for (facts, name, line) in [
            (
                AccessibleButtonFacts(accessibleName: "Assistant", face: .label("A"), actions: [menu]),
                "Assistant", #line
            ),
            (AccessibleButtonFacts(face: .label("A"), actions: [menu]), "A", #line),
            (AccessibleButtonFacts(face: .icon("input-keyboard"), actions: [menu]), "buoy: open menu", #line),
            (AccessibleButtonFacts(actions: [terminal]), "buoy: foot", #line),
            (
                AccessibleButtonFacts(actions: [.init(.tap, .builtIn(BuiltInAction.all[0]))]),
                "buoy: \(BuiltInAction.all[0].label)", #line
            ),
            (AccessibleButtonFacts(actions: [.init(.longPress, .menu)]), "buoy", #line),
        ] as [(AccessibleButtonFacts, String, UInt)] {
            XCTAssertEqual(
                AccessibleButtons.tree(buttons: [facts], menu: nil).nodes[1].name, name, line: line)
        }
    }

    func testActionsAndDescription() {
        let facts = AccessibleButtonFacts(
            actions: [
                .init(.tap, .command("foot")), .init(.longPress, .menu), .init(.swipeUp, .command("a b")),
            ],
            hidden: true, extents: Rect(x: 1, y: 2, width: 3, height: 4))
        let button = AccessibleButtons.tree(buttons: [facts], menu: nil).nodes[1]
        XCTAssertEqual(
            button.actions.map(\.name),
            [
                "activate", "long press", "flick up", "open menu", "move to top-left", "move to top-right",
                "move to bottom-left", "move to bottom-right", "hide",
            ])
        XCTAssertEqual(
            button.actions.map(\.command),
            [
                .tap(button: 0), .gesture(button: 0, name: "long_press"),
                .gesture(button: 0, name: "swipe_up"),
                .openMenu(button: 0), .move(button: 0, .topLeft), .move(button: 0, .topRight),
                .move(button: 0, .bottomLeft), .move(button: 0, .bottomRight), .hide(button: 0),
            ])
        XCTAssertEqual(button.description, "tap: foot, long press: open menu, flick up: a")
        XCTAssertFalse(button.states.contains(.showing), "hidden")
        XCTAssertEqual(button.extents, Rect(x: 1, y: 2, width: 3, height: 4))
    }

    func testTheOpenMenuUnderItsButton() throws {
        let menu = Menu(items: [
            MenuItem(label: "First", command: "true"), MenuItem(label: "Sub", action: .submenu("more")),
        ])
        let page = try XCTUnwrap(MenuPage(menu, buttonColor: Color(red: 0, green: 0, blue: 0)))
        let facts = AccessibleMenuFacts(
            owner: 1, page: page,
            targets: [Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 0, y: 20, width: 10, height: 10)],
            statuses: [0: MenuStatus(text: "on")], focused: 1)
        let tree = AccessibleButtons.tree(
            buttons: [AccessibleButtonFacts(), AccessibleButtonFacts()], menu: facts)
        XCTAssertEqual(tree.nodes.map(\.id), ["root", "button0", "button1", "menu", "item0", "item1"])
        XCTAssertEqual(tree.node("button1")?.children, ["menu"])
        XCTAssertEqual(tree.node("button0")?.children, [])
        XCTAssertEqual(tree.node("menu")?.extents, Rect(x: 0, y: 0, width: 10, height: 30))
        XCTAssertEqual(tree.nodes[4...].map(\.name), ["First", "Sub"])
        XCTAssertEqual(tree.nodes[4...].map(\.role), [.menuItem, .menu])
        XCTAssertEqual(tree.node("item0")?.description, "on")
        XCTAssertEqual(tree.node("item1")?.states.contains(.focused), true)
        XCTAssertEqual(tree.node("item1")?.actions.map(\.command), [.menuItem(index: 1)])
        XCTAssertEqual(tree.index(of: "item1"), 1)
    }

    /// Issue 42 §1: in edit mode activate on an item's row did nothing, and
    /// no action said remove or move. Each item row has what touch does to
    /// it; the other rows (Add, Button, Done) are activated.
    func testEditModesItemRowsCanBeRemovedAndMoved() throws {
        let rows = ["One", "Two", "Three", "Add", "Button", "Done"]
        let page = try XCTUnwrap(
            MenuPage(
                Menu(items: rows.map { MenuItem(label: $0, command: "true") }),
                buttonColor: Color(red: 0, green: 0, blue: 0)))
        let facts = AccessibleMenuFacts(
            owner: 0, page: page, targets: rows.map { _ in Rect(x: 0, y: 0, width: 10, height: 10) },
            editableRows: [0, 1, 2])
        let tree = AccessibleButtons.tree(buttons: [AccessibleButtonFacts()], menu: facts)
        let actions = (0..<rows.count).map { tree.node("item\($0)")?.actions.map(\.name) ?? [] }
        XCTAssertEqual(
            actions,
            [
                ["remove", "move down"], ["remove", "move up", "move down"], ["remove", "move up"],
                ["activate"],
                ["activate"], ["activate"],
            ])
        XCTAssertEqual(
            tree.node("item1")?.actions.map(\.command),
            [.editRow(index: 1, .remove), .editRow(index: 1, .moveUp), .editRow(index: 1, .moveDown)])
    }
}

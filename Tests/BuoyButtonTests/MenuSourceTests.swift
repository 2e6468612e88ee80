import BuoyConfig
import BuoyCore
import XCTest

@testable import BuoyButton

/// What a button's menu opens with: which items the app in front hides,
/// and who gets edit mode (`MenuSource.init(_:inFront:seats:catalog:)`).
final class MenuSourceTests: XCTestCase {
    private static let phone = SeatKinds(touchscreen: true, keyboard: false)
    private static let laptop = SeatKinds(touchscreen: true, keyboard: true)
    private static let desktop = SeatKinds(touchscreen: false, keyboard: true)

    /// Two items, the second hidden while foot is in front.
    private static func spec(edit: MenuEditing?, itemList: ItemList? = ItemList()) -> ButtonSpec {
        var spec = ButtonSpec()
        spec.menu.items = [
            MenuItem(label: "One", command: "true"),
            MenuItem(label: "Two", action: .command("true"), apps: AppRule(hideFor: ["foot"])),
        ]
        spec.menu.edit = edit
        spec.itemList = itemList
        return spec
    }

    func testWhoGetsEditMode() {
        struct Row {
            var edit: MenuEditing?
            var seats: SeatKinds
            var itemList: ItemList?
            var shown: MenuEditing
            var line: UInt = #line
        }
        let rows = [
            // Unset: a touch-first session edits by touch, any other in a text editor.
            Row(edit: nil, seats: Self.phone, itemList: ItemList(), shown: .touch),
            Row(edit: nil, seats: Self.laptop, itemList: ItemList(), shown: .editor),
            Row(edit: nil, seats: Self.desktop, itemList: ItemList(), shown: .editor),
            // Set, the file decides whatever the seats.
            Row(edit: .touch, seats: Self.desktop, itemList: ItemList(), shown: .touch),
            Row(edit: .editor, seats: Self.phone, itemList: ItemList(), shown: .editor),
            Row(edit: .off, seats: Self.phone, itemList: ItemList(), shown: .off),
            // Items that cannot be named in the file: no edit mode, not a broken one.
            Row(edit: .touch, seats: Self.phone, itemList: nil, shown: .off),
            Row(edit: nil, seats: Self.phone, itemList: nil, shown: .off),
            Row(edit: .editor, seats: Self.phone, itemList: nil, shown: .editor),
            // A submenu's or a named button's list is edited where it is written.
            Row(edit: .touch, seats: Self.desktop, itemList: ItemList(button: "b"), shown: .touch),
        ]
        for row in rows {
            let spec = Self.spec(edit: row.edit, itemList: row.itemList)
            let source = MenuSource(spec, inFront: nil, seats: row.seats, catalog: [])
            XCTAssertEqual(source.menu.edit, row.shown, line: row.line)
            XCTAssertEqual(
                source.editing?.list, row.shown == .touch ? row.itemList : nil, "what edit mode edits",
                line: row.line)
        }
    }

    func testTheAppInFrontHidesItems() {
        struct Row {
            var inFront: String??
            var labels: [String]
            var hiddenFor: String??
            var line: UInt = #line
        }
        let rows = [
            // No window list from the compositor: every item shows.
            Row(inFront: nil, labels: ["One", "Two"], hiddenFor: nil),
            Row(inFront: .some(nil), labels: ["One", "Two"], hiddenFor: nil),
            Row(inFront: "firefox", labels: ["One", "Two"], hiddenFor: nil),
            // Hidden for foot, and it says for whom (`buoy msg menu` names it).
            Row(inFront: "foot", labels: ["One"], hiddenFor: "foot"),
        ]
        for row in rows {
            let source = MenuSource(
                Self.spec(edit: .touch), inFront: row.inFront, seats: Self.desktop, catalog: [])
            XCTAssertEqual(source.menu.items.map(\.label), row.labels, line: row.line)
            XCTAssertEqual(source.hiddenFor, row.hiddenFor, line: row.line)
            XCTAssertEqual(source.editing?.items.count, 2, "edit mode edits the file's items", line: row.line)
        }
    }
}

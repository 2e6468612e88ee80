import BuoyCore
import BuoyServices
import XCTest

@testable import BuoyAccessibility

private let objects = AtspiObjects(busName: ":1.7", version: "0")

private func node(
    _ id: String, children: [String] = [], parent: String? = "root", description: String = "",
    states: AccessibleStates = [.showing]
) -> AccessibleNode {
    AccessibleNode(
        id: id, role: id == "root" ? .application : .pushButton, name: id, description: description,
        states: states,
        children: children, parent: parent)
}

private let closed = AccessibleTree(nodes: [
    node("root", children: ["button0"], parent: nil), node("button0"),
])
private let open = AccessibleTree(nodes: [
    node("root", children: ["button0"], parent: nil), node("button0", children: ["menu"]),
    node("menu", children: ["item0"], parent: "button0"),
    node("item0", parent: "menu", states: [.showing, .focused]),
])

/// Each signal as "path member kind detail".
private func summary(_ old: AccessibleTree, _ new: AccessibleTree) -> [String] {
    AccessibleChanges.signals(from: old, to: new, objects: objects).map { signal in
        var reader = DBusReader(signal.body, bigEndian: false)
        let kind = reader.string() ?? "?"
        let detail = reader.int32() ?? -1
        return "\(signal.path.dropFirst(AtspiObjects.prefix.count)) \(signal.member) \(kind) \(detail)"
    }
}

final class AccessibleChangesTests: XCTestCase {
    func testTable() {
        var described = open
        described.nodes[3].description = "72 %"
        var unfocused = open
        unfocused.nodes[3].states = [.showing]
        var hidden = closed
        hidden.nodes[1].states = []
        for (old, new, expected, line) in [
            (closed, closed, [], #line),
            (
                closed, open,
                [
                    "button0 ChildrenChanged add 0", "menu ChildrenChanged add 0",
                    "menu StateChanged showing 1",
                    "item0 StateChanged showing 1", "item0 StateChanged focused 1", "item0 Focus  0",
                ], #line
            ),
            (open, closed, ["button0 ChildrenChanged remove 0"], #line),
            (open, described, ["item0 PropertyChange accessible-description 0"], #line),
            (open, unfocused, ["item0 StateChanged focused 0"], #line),
            (closed, hidden, ["button0 StateChanged showing 0"], #line),
        ] as [(AccessibleTree, AccessibleTree, [String], UInt)] {
            XCTAssertEqual(summary(old, new), expected, line: line)
        }
    }

    func testEverySignalHasTheEventSignature() {
        for signal in AccessibleChanges.signals(from: closed, to: open, objects: objects) {
            let message = DBusMessage.signal(
                serial: 1, path: signal.path, interface: signal.interface, member: signal.member,
                signature: AccessibleChanges.signature, body: signal.body)
            guard case .message(let decoded, _) = DBusMessage.decode(message.encoded()) else {
                return XCTFail("\(signal) does not decode")
            }
            XCTAssertEqual(decoded.signature, "siiva{sv}")
        }
    }
}

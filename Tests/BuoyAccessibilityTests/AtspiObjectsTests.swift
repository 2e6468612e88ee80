import BuoyCore
import BuoyServices
import XCTest

@testable import BuoyAccessibility

private let button = AccessibleNode(
    id: "button0", role: .pushButton, name: "Assistant", description: "tap: open menu",
    states: [.enabled, .showing, .visible], extents: Rect(x: 10, y: 20, width: 56, height: 56),
    actions: [
        AccessibleAction("activate", description: "tap", command: .tap(button: 0)),
        AccessibleAction("hide", command: .hide(button: 0)),
    ], parent: AccessibleNode.rootID)
private let tree = AccessibleTree(nodes: [
    AccessibleNode(id: AccessibleNode.rootID, role: .application, name: "buoy", children: ["button0"]),
    button,
])
private let objects = AtspiObjects(busName: ":1.7", version: "0.1.0")

private func writer(_ write: (inout DBusWriter) -> Void) -> [UInt8] {
    var writer = DBusWriter()
    write(&writer)
    return writer.bytes
}

/// One call on `path` (under AtspiObjects.prefix), and its answer.
private struct Row {
    var path: String
    var interface: String
    var member: String
    var signature = ""
    var arguments: [UInt8] = []
    /// The reply's signature and body, or the error's name.
    var reply: Result<(signature: String, body: [UInt8]), ErrorName>
    var command: AccessibleCommand? = nil
    var line: UInt
}

private struct ErrorName: Error, Equatable {
    var name: String
    init(_ name: String) { self.name = name }
}

private func ok(_ signature: String, _ write: (inout DBusWriter) -> Void) -> Result<
    (signature: String, body: [UInt8]), ErrorName
> {
    .success((signature, writer(write)))
}

private let properties = "org.freedesktop.DBus.Properties"
private let accessible = "org.a11y.atspi.Accessible"
private func strings(_ values: [String]) -> [UInt8] {
    writer { w in
        for value in values { w.string(value) }
    }
}

/// `Component.Contains(x, y, screen)` on the button.
private func containsRow(_ x: Int32, _ y: Int32, _ inside: Bool, line: UInt) -> Row {
    Row(
        path: "button0", interface: "org.a11y.atspi.Component", member: "Contains", signature: "iiu",
        arguments: writer {
            $0.int32(x)
            $0.int32(y)
            $0.uint32(0)
        }, reply: ok("b") { $0.boolean(inside) }, line: line)
}

private let rows: [Row] = [
    Row(
        path: "button0", interface: properties, member: "Get", signature: "ss",
        arguments: strings([accessible, "Name"]),
        reply: ok("v") { $0.variant("s") { $0.string("Assistant") } },
        line: #line),
    Row(
        path: "root", interface: properties, member: "Get", signature: "ss",
        arguments: strings(["org.a11y.atspi.Application", "ToolkitName"]),
        reply: ok("v") { $0.variant("s") { $0.string("buoy") } }, line: #line),
    Row(
        path: "root", interface: properties, member: "Get", signature: "ss",
        arguments: strings([accessible, "Parent"]),
        reply: ok("v") {
            $0.variant("(so)") {
                $0.objectReference(bus: "org.a11y.atspi.Registry", path: AtspiObjects.prefix + "root")
            }
        }, line: #line),
    Row(
        path: "button0", interface: properties, member: "Get", signature: "ss",
        arguments: strings(["org.a11y.atspi.Application", "ToolkitName"]),
        reply: .failure(ErrorName(AtspiObjects.invalidArgs)), line: #line),
    Row(
        path: "button0", interface: accessible, member: "GetRole", reply: ok("u") { $0.uint32(43) },
        line: #line),
    Row(
        path: "button0", interface: accessible, member: "GetRoleName",
        reply: ok("s") { $0.string("push button") },
        line: #line),
    Row(
        path: "root", interface: accessible, member: "GetChildren",
        reply: ok("a(so)") { w in
            w.array(alignment: 8) { $0.objectReference(bus: ":1.7", path: AtspiObjects.prefix + "button0") }
        }, line: #line),
    Row(
        path: "root", interface: accessible, member: "GetChildAtIndex", signature: "i",
        arguments: writer { $0.int32(5) },
        reply: ok("(so)") { $0.objectReference(bus: "", path: "/org/a11y/atspi/null") }, line: #line),
    Row(
        path: "button0", interface: accessible, member: "GetIndexInParent", reply: ok("i") { $0.int32(0) },
        line: #line),
    Row(
        path: "button0", interface: accessible, member: "GetState",
        reply: ok("au") { w in
            w.array(alignment: 4) {
                $0.uint32(1 << 8 | 1 << 25 | 1 << 30)
                $0.uint32(0)
            }
        }, line: #line),
    Row(
        path: "button0", interface: accessible, member: "GetInterfaces",
        reply: ok("as") { w in
            w.array(alignment: 4) {
                for name in [accessible, "org.a11y.atspi.Component", "org.a11y.atspi.Action"] {
                    $0.string(name)
                }
            }
        }, line: #line),
    Row(
        path: "button0", interface: "org.a11y.atspi.Component", member: "GetExtents", signature: "u",
        arguments: writer { $0.uint32(0) },
        reply: ok("(iiii)") { w in w.structure { for v: Int32 in [10, 20, 56, 56] { $0.int32(v) } } },
        line: #line),
    containsRow(65, 75, true, line: #line),
    containsRow(67, 20, false, line: #line),
    Row(
        path: "button0", interface: "org.a11y.atspi.Action", member: "GetName", signature: "i",
        arguments: writer { $0.int32(0) }, reply: ok("s") { $0.string("activate") }, line: #line),
    Row(
        path: "button0", interface: properties, member: "Get", signature: "ss",
        arguments: strings(["org.a11y.atspi.Action", "NActions"]),
        reply: ok("v") { $0.variant("i") { $0.int32(2) } }, line: #line),
    Row(
        path: "button0", interface: "org.a11y.atspi.Action", member: "DoAction", signature: "i",
        arguments: writer { $0.int32(1) }, reply: ok("b") { $0.boolean(true) }, command: .hide(button: 0),
        line: #line),
    Row(
        path: "button0", interface: "org.a11y.atspi.Action", member: "DoAction", signature: "i",
        arguments: writer { $0.int32(2) }, reply: .failure(ErrorName(AtspiObjects.invalidArgs)), line: #line),
    Row(
        path: "root", interface: "org.a11y.atspi.Action", member: "GetActions",
        reply: .failure(ErrorName(AtspiObjects.unknownMethod)), line: #line),
    // A closed menu's item: gone, an error rather than a crash.
    Row(
        path: "item3", interface: accessible, member: "GetRole",
        reply: .failure(ErrorName(AtspiObjects.unknownObject)), line: #line),
    Row(
        path: "button0", interface: accessible, member: "Frobnicate",
        reply: .failure(ErrorName(AtspiObjects.unknownMethod)), line: #line),
]

final class AtspiObjectsTests: XCTestCase {
    func testTable() throws {
        for row in rows {
            let call = DBusMessage(
                kind: .methodCall, serial: 41, path: AtspiObjects.prefix + row.path, interface: row.interface,
                member: row.member, sender: ":1.2", signature: row.signature, body: row.arguments)
            let answer = try XCTUnwrap(objects.answer(call, tree: tree, serial: 9), line: row.line)
            XCTAssertEqual(answer.reply.replySerial, 41, line: row.line)
            XCTAssertEqual(answer.reply.destination, ":1.2", line: row.line)
            XCTAssertEqual(answer.command, row.command, line: row.line)
            switch row.reply {
            case .success(let expected):
                XCTAssertEqual(answer.reply.kind, .methodReturn, "\(answer.reply)", line: row.line)
                XCTAssertEqual(answer.reply.signature, expected.signature, line: row.line)
                XCTAssertEqual(answer.reply.body, expected.body, line: row.line)
            case .failure(let error):
                XCTAssertEqual(answer.reply.kind, .error, line: row.line)
                XCTAssertEqual(answer.reply.errorName, error.name, line: row.line)
            }
        }
    }

    func testAReplyGoesThroughTheWireFormat() throws {
        let call = DBusMessage(
            kind: .methodCall, serial: 3, path: AtspiObjects.prefix + "button0", interface: accessible,
            member: "GetRole", sender: ":1.2")
        let reply = try XCTUnwrap(objects.answer(call, tree: tree, serial: 4)).reply
        guard case .message(let decoded, _) = DBusMessage.decode(reply.encoded()) else {
            return XCTFail("the reply does not decode")
        }
        XCTAssertEqual(decoded.body, reply.body)
        XCTAssertEqual(decoded.replySerial, 3)
    }
}

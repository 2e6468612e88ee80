import BuoyCore
import BuoyServices

/// AT-SPI's method calls on buoy's objects, answered from an
/// `AccessibleTree`: `Accessible`, `Application`, `Component`, `Action` and
/// their properties. Pure: a call in, its reply (and for `DoAction` the
/// command to carry out) out. A call for an object that is gone (a closed
/// menu's item) gets an error reply, never a crash.
public struct AtspiObjects: Sendable, Equatable {
    /// Where buoy's objects live: the application is `prefix + "root"`.
    public static let prefix = "/org/a11y/atspi/accessible/"
    static let unknownObject = "org.freedesktop.DBus.Error.UnknownObject"
    static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
    static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"

    /// buoy's unique name on the accessibility bus.
    public var busName: String
    /// The registry's desktop, the application's parent, as `Embed` answered.
    public var desktop: (bus: String, path: String)
    /// `Version`.
    public var version: String

    /// Objects served under `busName`.
    public init(busName: String, version: String) {
        self.busName = busName
        self.version = version
        desktop = ("org.a11y.atspi.Registry", Self.prefix + AccessibleNode.rootID)
    }

    /// The same name, desktop and version.
    public static func == (a: AtspiObjects, b: AtspiObjects) -> Bool {
        a.busName == b.busName && a.desktop == b.desktop && a.version == b.version
    }

    /// The answer to `call`.
    public struct Answer: Sendable, Equatable {
        /// The method return or error to send.
        public var reply: DBusMessage
        /// What a `DoAction` asks for.
        public var command: AccessibleCommand?
    }

    /// The answer to `call`, with `serial` as the reply's; nil for a call
    /// that wants no reply and asks for nothing.
    public func answer(_ call: DBusMessage, tree: AccessibleTree, serial: UInt32) -> Answer? {
        func error(_ name: String, _ text: String) -> Answer {
            Answer(reply: .error(to: call, serial: serial, name: name, text: text))
        }
        guard let path = call.path, let member = call.member else {
            return error(Self.unknownMethod, "a call without a path or member")
        }
        // Bytes, not `hasPrefix`, whose grapheme code would be paged in for this alone.
        let prefix = Self.prefix.utf8
        guard path.utf8.starts(with: prefix),
            let node = tree.node(String(decoding: path.utf8.dropFirst(prefix.count), as: UTF8.self))
        else {
            return error(Self.unknownObject, "no object at \(path): it is gone")
        }
        var reader = DBusReader(call.body, bigEndian: call.bigEndian)
        var body = DBusWriter()
        var command: AccessibleCommand?
        let signature: String
        switch (call.interface ?? "", member) {
        case ("org.freedesktop.DBus.Properties", "Get"):
            guard let interface = reader.string(), let name = reader.string() else {
                return error(Self.invalidArgs, "Get takes an interface and a property")
            }
            guard
                let property = properties(of: node, interface: interface, tree: tree).first(where: {
                    $0.name == name
                })
            else { return error(Self.invalidArgs, "no property \(interface).\(name)") }
            body.variant(property.signature, property.write)
            signature = "v"
        case ("org.freedesktop.DBus.Properties", "GetAll"):
            let interface = reader.string() ?? ""
            body.array(alignment: 8) { entries in
                for property in properties(of: node, interface: interface, tree: tree) {
                    entries.align(8)
                    entries.string(property.name)
                    entries.variant(property.signature, property.write)
                }
            }
            signature = "a{sv}"
        case ("org.freedesktop.DBus.Properties", "Set"):
            // The registry sets the application's Id; nothing here depends on it.
            signature = ""
        case ("org.a11y.atspi.Accessible", let method):
            guard let written = accessible(method, node, tree: tree, reader: &reader, into: &body) else {
                return error(Self.unknownMethod, "no method Accessible.\(method)")
            }
            signature = written
        case ("org.a11y.atspi.Component", let method) where node.extents != nil:
            guard let written = component(method, node, tree: tree, reader: &reader, into: &body) else {
                return error(Self.unknownMethod, "no method Component.\(method)")
            }
            signature = written
        case ("org.a11y.atspi.Action", let method) where !node.actions.isEmpty:
            let index = reader.int32().map(Int.init)
            let action = index.flatMap { node.actions.indices.contains($0) ? node.actions[$0] : nil }
            switch method {
            case "GetName", "GetLocalizedName", "GetDescription", "GetKeyBinding":
                guard let action else { return error(Self.invalidArgs, "no action \(index ?? -1)") }
                body.string(
                    method == "GetDescription"
                        ? action.description : method == "GetKeyBinding" ? "" : action.name)
                signature = "s"
            case "GetActions":
                body.array(alignment: 8) { entries in
                    for action in node.actions {
                        entries.structure { entry in
                            entry.string(action.name)
                            entry.string(action.description)
                            entry.string("")
                        }
                    }
                }
                signature = "a(sss)"
            case "DoAction":
                guard let action else { return error(Self.invalidArgs, "no action \(index ?? -1)") }
                command = action.command
                body.boolean(true)
                signature = "b"
            default:
                return error(Self.unknownMethod, "no method Action.\(method)")
            }
        case ("org.a11y.atspi.Application", "GetLocale") where node.role == .application:
            body.string("")
            signature = "s"
        default:
            return error(Self.unknownMethod, "no method \(call.interface ?? "").\(member) on \(path)")
        }
        if call.flags.contains(.noReplyExpected), command == nil { return nil }
        return Answer(
            reply: .reply(to: call, serial: serial, signature: signature, body: body.bytes), command: command)
    }

    /// `(so)` for node `id`, or for the desktop when nil.
    func reference(_ id: String?, into writer: inout DBusWriter) {
        if let id {
            writer.objectReference(bus: busName, path: Self.prefix + id)
        } else {
            writer.objectReference(bus: desktop.bus, path: desktop.path)
        }
    }

    private struct Property {
        var name: String
        var signature: String
        var write: (inout DBusWriter) -> Void
    }

    private func properties(of node: AccessibleNode, interface: String, tree: AccessibleTree) -> [Property] {
        switch interface {
        case "org.a11y.atspi.Accessible":
            return [
                Property(name: "Name", signature: "s") { $0.string(node.name) },
                Property(name: "Description", signature: "s") { $0.string(node.description) },
                Property(name: "Parent", signature: "(so)") { reference(node.parent, into: &$0) },
                Property(name: "ChildCount", signature: "i") { $0.int32(Int32(node.children.count)) },
                Property(name: "Locale", signature: "s") { $0.string("") },
                Property(name: "AccessibleId", signature: "s") { $0.string(node.id) },
                Property(name: "HelpText", signature: "s") { $0.string("") },
            ]
        case "org.a11y.atspi.Application" where node.role == .application:
            return [
                Property(name: "ToolkitName", signature: "s") { $0.string("buoy") },
                Property(name: "Version", signature: "s") { $0.string(version) },
                Property(name: "AtspiVersion", signature: "s") { $0.string("2.1") },
                Property(name: "Id", signature: "i") { $0.int32(0) },
            ]
        case "org.a11y.atspi.Action" where !node.actions.isEmpty:
            return [Property(name: "NActions", signature: "i") { $0.int32(Int32(node.actions.count)) }]
        default:
            return []
        }
    }

    /// Writes the reply to `Accessible.method`; returns its signature, or nil for no such method.
    private func accessible(
        _ method: String, _ node: AccessibleNode, tree: AccessibleTree, reader: inout DBusReader,
        into body: inout DBusWriter
    ) -> String? {
        switch method {
        case "GetChildAtIndex":
            let index = Int(reader.int32() ?? -1)
            guard node.children.indices.contains(index) else {
                body.objectReference(bus: "", path: "/org/a11y/atspi/null")
                return "(so)"
            }
            reference(node.children[index], into: &body)
            return "(so)"
        case "GetChildren":
            body.array(alignment: 8) { children in
                for child in node.children { reference(child, into: &children) }
            }
            return "a(so)"
        case "GetIndexInParent":
            body.int32(Int32(tree.index(of: node.id) ?? -1))
            return "i"
        case "GetRelationSet":
            body.array(alignment: 8) { _ in }
            return "a(ua(so))"
        case "GetRole":
            body.uint32(node.role.rawValue)
            return "u"
        case "GetRoleName", "GetLocalizedRoleName":
            body.string(node.role.name)
            return "s"
        case "GetState":
            body.array(alignment: 4) { words in
                words.uint32(UInt32(truncatingIfNeeded: node.states.rawValue))
                words.uint32(UInt32(truncatingIfNeeded: node.states.rawValue >> 32))
            }
            return "au"
        case "GetAttributes":
            body.array(alignment: 8) { entries in
                entries.align(8)
                entries.string("toolkit")
                entries.string("buoy")
            }
            return "a{ss}"
        case "GetApplication":
            reference(AccessibleNode.rootID, into: &body)
            return "(so)"
        case "GetInterfaces":
            body.array(alignment: 4) { names in
                for name in node.interfaces { names.string(name) }
            }
            return "as"
        default:
            return nil
        }
    }

    /// Writes the reply to `Component.method`; returns its signature, or nil
    /// for no such method. Every coordinate type gets the output's logical
    /// coordinates: buoy's surfaces are the whole output.
    private func component(
        _ method: String, _ node: AccessibleNode, tree: AccessibleTree, reader: inout DBusReader,
        into body: inout DBusWriter
    ) -> String? {
        let box = node.extents ?? Rect(x: 0, y: 0, width: 0, height: 0)
        func point() -> Point? {
            guard let x = reader.int32(), let y = reader.int32() else { return nil }
            return Point(x: Double(x), y: Double(y))
        }
        switch method {
        case "Contains":
            body.boolean(point().map(box.contains) ?? false)
            return "b"
        case "GetAccessibleAtPoint":
            let at = point()
            let hit = node.children.last { id in
                guard let at, let extents = tree.node(id)?.extents else { return false }
                return extents.contains(at)
            }
            if let hit {
                reference(hit, into: &body)
            } else {
                body.objectReference(bus: "", path: "/org/a11y/atspi/null")
            }
            return "(so)"
        case "GetExtents":
            body.structure { fields in
                for value in [box.origin.x, box.origin.y, box.width, box.height] {
                    fields.int32(Int32(value.rounded()))
                }
            }
            return "(iiii)"
        case "GetPosition":
            body.structure { fields in
                fields.int32(Int32(box.origin.x.rounded()))
                fields.int32(Int32(box.origin.y.rounded()))
            }
            return "(ii)"
        case "GetSize":
            body.structure { fields in
                fields.int32(Int32(box.width.rounded()))
                fields.int32(Int32(box.height.rounded()))
            }
            return "(ii)"
        case "GetLayer":
            // ATSPI_LAYER_OVERLAY: buoy is on the overlay layer.
            body.uint32(6)
            return "u"
        case "GrabFocus":
            body.boolean(false)
            return "b"
        default:
            return nil
        }
    }
}

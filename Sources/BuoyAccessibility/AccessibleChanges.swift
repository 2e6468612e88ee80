import BuoyCore
import BuoyServices

/// The AT-SPI events that tell a screen reader how one tree became the
/// next: children added and removed (the menu opening and closing), the
/// showing state, a description that changed (a status item's text) and
/// the focus moving (the menu's arrow keys).
public enum AccessibleChanges {
    /// Every event's body: `(s kind, i detail1, i detail2, v any_data, a{sv} properties)`.
    public static let signature = "siiva{sv}"

    /// One event signal.
    public struct Signal: Sendable, Equatable {
        /// The object it is about.
        public var path: String
        /// `org.a11y.atspi.Event.Object` or `.Focus`.
        public var interface: String
        /// The event: `ChildrenChanged`, `StateChanged`, `PropertyChange`, `Focus`.
        public var member: String
        /// Marshalled as `signature` says.
        public var body: [UInt8]
    }

    /// The events from `old` to `new`, in the order a listener should read them.
    public static func signals(from old: AccessibleTree, to new: AccessibleTree, objects: AtspiObjects)
        -> [Signal]
    {
        var signals: [Signal] = []
        func event(
            _ node: String, _ interface: String, _ member: String, _ kind: String, _ detail: Int,
            _ data: String,
            _ value: (inout DBusWriter) -> Void
        ) {
            var body = DBusWriter()
            body.string(kind)
            body.int32(Int32(detail))
            body.int32(0)
            body.variant(data, value)
            body.array(alignment: 8) { _ in }
            signals.append(
                Signal(
                    path: AtspiObjects.prefix + node, interface: "org.a11y.atspi.Event." + interface,
                    member: member,
                    body: body.bytes))
        }
        func state(_ node: String, _ name: String, _ on: Bool) {
            event(node, "Object", "StateChanged", name, on ? 1 : 0, "i") { $0.int32(0) }
        }
        for before in old.nodes {
            guard let after = new.node(before.id) else { continue }
            for (index, child) in before.children.enumerated() where !after.children.contains(child) {
                event(before.id, "Object", "ChildrenChanged", "remove", index, "(so)") {
                    objects.reference(child, into: &$0)
                }
            }
        }
        for after in new.nodes {
            let before = old.node(after.id)
            for (index, child) in after.children.enumerated()
            where !(before?.children.contains(child) ?? false) {
                event(after.id, "Object", "ChildrenChanged", "add", index, "(so)") {
                    objects.reference(child, into: &$0)
                }
            }
            guard let before else {
                if after.states.contains(.showing) { state(after.id, "showing", true) }
                if after.states.contains(.focused) { focus(after.id) }
                continue
            }
            if before.description != after.description {
                event(after.id, "Object", "PropertyChange", "accessible-description", 0, "s") {
                    $0.string(after.description)
                }
            }
            if before.name != after.name {
                event(after.id, "Object", "PropertyChange", "accessible-name", 0, "s") {
                    $0.string(after.name)
                }
            }
            let changed = before.states.symmetricDifference(after.states)
            if changed.contains(.showing) { state(after.id, "showing", after.states.contains(.showing)) }
            if changed.contains(.focused) {
                if after.states.contains(.focused) {
                    focus(after.id)
                } else {
                    state(after.id, "focused", false)
                }
            }
        }
        return signals

        func focus(_ node: String) {
            state(node, "focused", true)
            event(node, "Focus", "Focus", "", 0, "i") { $0.int32(0) }
        }
    }
}

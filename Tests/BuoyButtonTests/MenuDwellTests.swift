import BuoyButton
import BuoyConfig
import BuoyCore
import XCTest

/// Three items, the third opening `device` (Wi-Fi, then Back).
private let menu = Menu(
    items: [
        MenuItem(label: "Terminal", command: "foot"), MenuItem(label: "Files", command: "nautilus"),
        MenuItem(label: "Device", action: .submenu("device")),
    ],
    submenus: ["device": Submenu(items: [MenuItem(label: "Wi-Fi", command: "wifi")])])
private let color = Color(red: 0.2, green: 0.4, blue: 0.8)
private let anchor = MenuAnchor(
    button: Rect(x: 1200, y: 332, width: 56, height: 56), usable: Rect(x: 0, y: 0, width: 1280, height: 720),
    scale: 1)

/// What happens to the pointer and the clock, at a time in seconds.
private enum Step {
    /// The pointer on item `index` of the level shown, `dx` px right of its centre; nil: off every item.
    case pointer(Double, Int?, dx: Double = 0)
    /// The pointer moves again where it last was (as a tracker reports it).
    case still(Double)
    /// The pointer comes onto the menu's surface on item `index` (or the menu appears under it).
    case enter(Double, Int)
    case tick(Double)
    /// The child drew the level asked for.
    case drawn(Double)
}

private struct Row {
    var name: String
    var dwell: Double
    var steps: [Step]
    /// The effects of all the steps, as words.
    var effects: [String]
    /// `nextWake` after the last step.
    var wake: Double?
    /// The item the focus ring is on after the last step.
    var ring: Int?
    var line: UInt

    init(
        _ name: String, dwell: Double = 1, _ steps: [Step], _ effects: [String], wake: Double? = nil,
        ring: Int? = nil, line: UInt = #line
    ) {
        self.name = name
        self.dwell = dwell
        self.steps = steps
        self.effects = effects
        self.wake = wake
        self.ring = ring
        self.line = line
    }
}

private let rows: [Row] = [
    Row(
        "resting on an item runs it, as a click", [.pointer(1, 1), .tick(1.9), .tick(2)],
        ["run Files", "closed Files"]),
    Row(
        "moving to another item starts the time again",
        [.pointer(1, 0), .pointer(1.5, 1), .tick(2.2), .tick(2.5)],
        ["run Files", "closed Files"]),
    Row("leaving every item cancels", [.pointer(1, 1), .pointer(1.5, nil), .tick(3)], []),
    Row(
        "jitter within the tolerance keeps the rest", [.pointer(1, 1), .pointer(1.5, 1, dx: 5), .tick(2)],
        ["run Files", "closed Files"]),
    // Back lands where Device was: the pointer that stayed rests on it.
    Row(
        "a submenu opens, and the pointer that stays does not run what is under it there",
        [.pointer(1, 2), .tick(2), .drawn(2.1), .still(2.2), .tick(5)],
        ["draw [device]", "navigated [device]"]),
    Row(
        "resting on Back goes back",
        [.pointer(1, 2), .tick(2), .drawn(2.1), .pointer(2.3, 0), .pointer(2.5, 1), .tick(3.4), .tick(3.5)],
        ["draw [device]", "navigated [device]", "navigated []"]),
    // Issue 42: `msg menu` opening an item under a pointer that stayed (sway
    // 1.7 sends an enter, 1.10 none), or a jump onto it: no rest until it
    // moves further than `Dwell.tolerance` (8 px) from there.
    Row("an enter onto an item is no rest", [.enter(1, 1), .tick(2.5)], [], wake: nil),
    Row(
        "an item entered runs once the pointer moves on from there",
        [.enter(1, 1), .pointer(2, 1, dx: 5), .tick(3), .pointer(3, 1, dx: 10), .tick(3.9), .tick(4)],
        ["run Files", "closed Files"]),
    Row("off: resting runs nothing and wakes nothing", dwell: 0, [.pointer(1, 1), .tick(5)], []),
    Row(
        "the time runs to a deadline, the focus ring on the item", [.pointer(1, 1), .tick(1.5)], [], wake: 2,
        ring: 1),
]

final class MenuDwellTests: XCTestCase {
    func testTable() {
        for row in rows {
            var controller = MenuController(drawTimeout: 2)
            var effects: [MenuEffect] = []
            let source = MenuSource(menu: menu, buttonColor: color, dwell: row.dwell)
            _ = controller.handle(.toggle("a", source, path: [], anchor: anchor, visible: true), at: 0)
            var job = controller.jobs.last
            _ = controller.handle(.drawn(id: job?.id ?? 0, labels: menu.items.map { _ in label }), at: 0)
            var last = Point(x: 0, y: 0)
            for step in row.steps {
                switch step {
                case .pointer(let at, let index, let dx):
                    let layout = controller.scene?.images.layout
                    last =
                        index.flatMap { layout?.items[$0].circle.center }.map { Point(x: $0.x + dx, y: $0.y) }
                        ?? Point(x: 5, y: 5)
                    effects += controller.handle(.pointer(at: index == nil ? nil : last), at: at)
                case .still(let at): effects += controller.handle(.pointer(at: last), at: at)
                case .enter(let at, let index):
                    last = controller.scene?.images.layout.items[index].circle.center ?? last
                    effects += controller.handle(.pointerEntered(at: last), at: at)
                case .tick(let at): effects += controller.handle(.tick, at: at)
                case .drawn(let at):
                    job = controller.jobs.last
                    effects += controller.handle(
                        .drawn(id: job?.id ?? 0, labels: (job?.page.items ?? []).map { _ in label }), at: at)
                }
            }
            XCTAssertEqual(effects.compactMap(word), row.effects, row.name, line: row.line)
            XCTAssertEqual(controller.nextWake, row.wake, "\(row.name): wake", line: row.line)
            XCTAssertEqual(controller.scene?.ring, row.ring, "\(row.name): ring", line: row.line)
        }
    }

    func testRowsHaveDistinctNames() {
        XCTAssertEqual(Set(rows.map(\.name)).count, rows.count)
    }
}

private let label = Size(width: 90, height: 26)

private func word(_ effect: MenuEffect) -> String? {
    switch effect {
    case .run(_, let item, _): return "run \(item.label)"
    case .closed(_, let chosen, _): return "closed \(chosen?.label ?? "")"
    case .draw(let job): return "draw [\(job.page.path.joined(separator: ">"))]"
    case .navigated(_, let path): return "navigated [\(path.joined(separator: ">"))]"
    default: return nil
    }
}

import BuoyButton
import BuoyConfig
import BuoyCore
import XCTest

private typealias Controller = MenuController

/// `"a"` for button a's one instance.
extension InstanceKey: ExpressibleByStringLiteral {
    public init(stringLiteral name: String) {
        self.init(name: name, instanceOutput: nil)
    }
}

/// A menu of three items (the third opens `device`), `device` of two (the
/// second opens `net`), `net` of one.
private let menu = Menu(
    items: [
        MenuItem(label: "Terminal", command: "foot"), MenuItem(label: "Files", command: "nautilus"),
        MenuItem(label: "Device", action: .submenu("device")),
    ],
    submenus: [
        "device": Submenu(
            items: [
                MenuItem(label: "Wi-Fi", command: "wifi"), MenuItem(label: "Net", action: .submenu("net")),
            ]),
        "net": Submenu(items: [MenuItem(label: "Eth", command: "eth")], layout: .panel),
    ])
private let source = MenuSource(menu: menu, buttonColor: Color(red: 0.2, green: 0.4, blue: 0.8))
private let usable = Rect(x: 0, y: 0, width: 1280, height: 720)
private let anchor = MenuAnchor(
    button: Rect(x: 1200, y: 332, width: 56, height: 56), usable: usable, scale: 1)
private let label = Size(width: 90, height: 26)

/// Drives a controller and writes its effects down as short words, so a
/// row reads as what happened.
private struct Driver {
    var controller = Controller(drawTimeout: 2)
    var now = 0.0
    /// Whether debug lines are written down too.
    var showDebug = false

    mutating func send(_ input: MenuInput, after seconds: Double = 0.01) -> [String] {
        now += seconds
        return controller.handle(input, at: now).map(Self.word).filter {
            showDebug || !$0.hasPrefix("debug:")
        }
    }

    mutating func toggle(
        _ owner: InstanceKey = "a", _ path: [String] = [], visible: Bool = true, at: MenuAnchor? = anchor
    )
        -> [String]
    {
        send(.toggle(owner, source, path: path, anchor: at, visible: visible))
    }

    /// The newest job drawn, as the child reports it.
    mutating func draw() -> [String] {
        guard let job = controller.jobs.last else { return ["no job"] }
        return send(.drawn(id: job.id, labels: job.page.items.map { _ in label }))
    }

    /// Opens `owner`'s menu: asked, then drawn.
    mutating func open(_ owner: InstanceKey = "a") {
        _ = toggle(owner)
        _ = draw()
    }

    /// A release on item `index` of the menu on screen.
    mutating func tap(_ index: Int) -> [String] {
        guard let layout = controller.scene?.images.layout else { return ["nothing on screen"] }
        return send(.release(at: layout.items[index].circle.center))
    }

    /// Frames until the animation on screen has ended.
    mutating func settle() {
        for _ in 0..<60 { _ = send(.frame, after: 1.0 / 60) }
    }

    static func word(_ effect: MenuEffect) -> String {
        func path(_ path: [String]) -> String { "[" + path.joined(separator: ">") + "]" }
        switch effect {
        case .refused(let why): return "refused: \(why)"
        case .opening(let owner): return "opening \(owner.name)"
        case .draw(let job): return "draw \(job.owner.name)\(path(job.page.path))"
        case .opened(let owner, let at): return "opened \(owner.name)\(path(at))"
        case .navigated(let owner, let at): return "navigated \(owner.name)\(path(at))"
        case .notOpened(let owner, .failed(let why)): return "failed \(owner.name): \(why)"
        case .notOpened(let owner, .cancelled(let why)): return "cancelled \(owner.name): \(why)"
        case .notOpened(let owner, .dropped): return "dropped \(owner.name)"
        case .closed(let owner, let chosen?, _):
            return "closed \(owner.name) chose \(chosen.label)\(path(chosen.path))"
        case .closed(let owner, nil, let why?): return "closed \(owner.name): \(why)"
        case .closed(let owner, nil, nil): return "closed \(owner.name)"
        case .run(let owner, let item, _): return "run \(owner.name) \(item.label)"
        case .writeConfig(let owner, let edit): return "write \(owner.name) \(edit)"
        case .undoConfigWrite(let owner): return "undo \(owner.name)"
        case .findApplications: return "find applications"
        case .checkStatus(let owner, let at, let checks):
            return "status \(owner.name)\(path(at)) "
                + checks.map { "\($0.index):\($0.command)" }.joined(separator: ",")
        case .debug(let text): return "debug: \(text)"
        case .info(let text): return "info: \(text)"
        case .warning(let text): return "warning: \(text)"
        }
    }
}

final class MenuControllerTests: XCTestCase {
    // MARK: Opening

    func testOpeningDrawsThenOpens() {
        var driver = Driver()
        XCTAssertEqual(driver.toggle(), ["opening a", "draw a[]"])
        XCTAssertTrue(driver.controller.isOpening)
        XCTAssertFalse(driver.controller.isOpen)
        XCTAssertNil(driver.controller.scene)
        XCTAssertEqual(driver.draw(), ["opened a[]"])
        XCTAssertTrue(driver.controller.isOpen)
        XCTAssertEqual(driver.controller.path, [])
        XCTAssertTrue(driver.controller.awaitsFirstFrame)
        XCTAssertEqual(driver.controller.jobs, [])
    }

    func testRefusals() {
        let rows: [(String, (inout Driver) -> [String], [String], UInt)] = [
            ("hidden", { $0.toggle(visible: false) }, ["refused: the button is hidden"], #line),
            (
                "not placed", { $0.toggle(at: nil) },
                ["opening a", "refused: the button is not on screen yet"], #line
            ),
            ("no such submenu", { $0.toggle("a", ["nope"]) }, ["refused: there is no [submenu.nope]"], #line),
            (
                "no items",
                {
                    $0.send(
                        .toggle(
                            "a", MenuSource(menu: Menu(), buttonColor: source.buttonColor), path: [],
                            anchor: anchor, visible: true))
                }, ["refused: no [[menu.item]] is configured"], #line
            ),
            // Issue 42 §1: every item hidden for the app in front said
            // "no [[menu.item]] is configured" though some are.
            (
                "every item hidden for the app in front",
                {
                    $0.send(
                        .toggle(
                            "a", MenuSource(menu: Menu(), buttonColor: source.buttonColor, hiddenFor: "foot"),
                            path: [], anchor: anchor, visible: true))
                }, ["refused: every [[menu.item]] is hidden for foot (show_for, hide_for)"], #line
            ),
            (
                "every item hidden, no window in front",
                {
                    $0.send(
                        .toggle(
                            "a",
                            MenuSource(menu: Menu(), buttonColor: source.buttonColor, hiddenFor: .some(nil)),
                            path: [], anchor: anchor, visible: true))
                }, ["refused: every [[menu.item]] is hidden while no window is in front (show_for)"], #line
            ),
        ]
        for (name, act, expected, line) in rows {
            var driver = Driver()
            XCTAssertEqual(act(&driver), expected, name, line: line)
            XCTAssertNil(driver.controller.owner, name, line: line)
            XCTAssertEqual(driver.controller.jobs, [], name, line: line)
        }
    }

    /// Issue 42 §1: with edit mode, a menu whose every item is hidden for
    /// the app in front opens with Edit alone, so that they can be shown again.
    func testEveryItemHiddenForTheAppInFrontKeepsEdit() {
        var driver = Driver()
        let hidden = MenuSource(menu: Menu(edit: .touch), buttonColor: source.buttonColor, hiddenFor: "foot")
        _ = driver.send(.toggle("a", hidden, path: [], anchor: anchor, visible: true))
        XCTAssertEqual(driver.draw(), ["opened a[]"])
        XCTAssertEqual(driver.controller.page?.items.map(\.label), ["Edit"])
        var none = Driver()
        XCTAssertEqual(
            none.send(
                .toggle(
                    "a", MenuSource(menu: Menu(edit: .touch), buttonColor: source.buttonColor), path: [],
                    anchor: anchor, visible: true)), ["refused: no [[menu.item]] is configured"],
            "none configured: nothing to edit mode's Add either, as before")
    }

    func testDrawnAheadOpensAtOnceWithoutAChild() {
        var driver = Driver(showDebug: true)
        XCTAssertEqual(
            driver.send(.prepare([MenuPreparation(owner: "a", source: source, anchor: anchor)])), ["draw a[]"]
        )
        // One child at a time: the submenus wait for the next wakeups.
        XCTAssertEqual(
            driver.send(.prepare([MenuPreparation(owner: "a", source: source, anchor: anchor)])), [])
        XCTAssertEqual(driver.draw(), [])
        XCTAssertEqual(
            driver.send(.prepare([MenuPreparation(owner: "a", source: source, anchor: anchor)])),
            ["draw a[device]"])
        XCTAssertEqual(driver.draw(), [])
        XCTAssertEqual(
            driver.send(.prepare([MenuPreparation(owner: "a", source: source, anchor: anchor)])),
            ["draw a[device>net]"])
        XCTAssertEqual(driver.draw(), [])
        XCTAssertEqual(
            driver.send(.prepare([MenuPreparation(owner: "a", source: source, anchor: anchor)])), [])
        XCTAssertEqual(
            driver.toggle(),
            ["opening a", "debug: menu: opening with the images drawn ahead of time", "opened a[]"])
        XCTAssertEqual(driver.controller.jobs, [])
        // Each level too.
        XCTAssertEqual(
            driver.tap(2),
            ["debug: menu: opening with the images drawn ahead of time", "navigated a[device]"])
        XCTAssertEqual(
            driver.tap(1),
            ["debug: menu: opening with the images drawn ahead of time", "navigated a[device>net]"])
        XCTAssertEqual(driver.controller.jobs, [])
        XCTAssertEqual(driver.controller.liveImages.count, 3)
        // A button no longer wanted loses its images.
        XCTAssertEqual(driver.send(.prepare([])), [])
        XCTAssertEqual(driver.controller.liveImages.count, 1, "only the one on screen")
    }

    /// `drawnAhead` (part of buoy's readiness): each row's steps from a fresh controller, then
    /// whether every level wanted is drawn ahead (or could not be drawn there).
    func testDrawnAheadOnceEveryLevelIsDrawnWhereItsButtonRests() {
        let wanted = [MenuPreparation(owner: "a", source: source, anchor: anchor)]
        var doubled = anchor
        doubled.scale = 2
        // Its three levels, one child at a time.
        func drawEveryLevel(_ driver: inout Driver) {
            for _ in 0..<3 {
                _ = driver.send(.prepare(wanted))
                _ = driver.draw()
            }
        }
        let rows: [(String, (inout Driver) -> Void, Bool, UInt)] = [
            ("before any preparation", { _ in }, false, #line),
            ("no menu wanted", { _ = $0.send(.prepare([])) }, true, #line),
            (
                "a hidden button's menu is not drawn",
                { _ = $0.send(.prepare([MenuPreparation(owner: "a", source: source, anchor: nil)])) }, true,
                #line
            ),
            ("its top level being drawn", { _ = $0.send(.prepare(wanted)) }, false, #line),
            (
                "the top level drawn, the submenus not yet",
                {
                    _ = $0.send(.prepare(wanted))
                    _ = $0.draw()
                    _ = $0.send(.prepare(wanted))
                }, false, #line
            ),
            (
                "every level drawn",
                {
                    drawEveryLevel(&$0)
                    _ = $0.send(.prepare(wanted))
                }, true, #line
            ),
            (
                "drawn, then the output's scale changed",
                { driver in
                    drawEveryLevel(&driver)
                    _ = driver.send(.prepare([MenuPreparation(owner: "a", source: source, anchor: doubled)]))
                }, false, #line
            ),
            (
                "a level that timed out is not waited for",
                { driver in
                    _ = driver.send(.prepare(wanted))
                    _ = driver.send(.tick, after: 3)
                    for _ in 0..<2 {
                        _ = driver.send(.prepare(wanted))
                        _ = driver.draw()
                    }
                    _ = driver.send(.prepare(wanted))
                }, true, #line
            ),
            (
                "a menu being opened holds the others back",
                { driver in
                    _ = driver.toggle()
                    _ = driver.send(.prepare(wanted))
                }, false, #line
            ),
        ]
        for (name, steps, expected, line) in rows {
            var driver = Driver()
            steps(&driver)
            XCTAssertEqual(driver.controller.drawnAhead, expected, name, line: line)
        }
    }

    /// The shell makes a child's buffers as it reads the child's end, then
    /// tells the controller of each child ended in that wakeup in turn, and
    /// drops the buffers of images not live after each: a job's images are
    /// live until its own answer is heard. Issue 42: a menu tapped open while
    /// a page was drawn ahead opened with its buffers dropped, drew nothing,
    /// and closed ("the button's surface went away").
    func testAJobsImagesStayLiveUntilItsAnswerIsHeard() {
        func answer(_ driver: inout Driver, job id: Int) -> [String] {
            guard let job = driver.controller.jobs.first(where: { $0.id == id }) else {
                return ["no job \(id)"]
            }
            return driver.send(.drawn(id: id, labels: job.page.items.map { _ in label }))
        }
        let rows: [(String, (inout Driver) -> [String], [String], Set<Int>, UInt)] = [
            ("opening: its child's", { $0.toggle() }, ["opening a", "draw a[]"], [1], #line),
            (
                "b opened while a's page is drawn ahead, a's child answering first",
                {
                    $0.send(.prepare([MenuPreparation(owner: "a", source: source, anchor: anchor)]))
                        + $0.toggle("b") + answer(&$0, job: 1)
                },
                ["draw a[]", "opening b", "draw b[]"], [1, 2], #line
            ),
            (
                "then b's child answers: b opens with its images",
                {
                    $0.send(.prepare([MenuPreparation(owner: "a", source: source, anchor: anchor)]))
                        + $0.toggle("b") + answer(&$0, job: 1) + answer(&$0, job: 2)
                },
                ["draw a[]", "opening b", "draw b[]", "opened b[]"], [1, 2], #line
            ),
            (
                "drawn again for a changed scale: the new child's, and those on screen",
                {
                    $0.open()
                    return $0.send(.moved("a", MenuAnchor(button: anchor.button, usable: usable, scale: 2)))
                },
                ["draw a[]"], [1, 2], #line
            ),
        ]
        for (name, act, expected, live, line) in rows {
            var driver = Driver()
            XCTAssertEqual(act(&driver), expected, name, line: line)
            XCTAssertEqual(driver.controller.liveImages, live, name, line: line)
        }
    }

    // MARK: Every way a menu ends or changes

    /// Each row opens a's menu, does one thing, and checks the effects,
    /// whether the menu is still open, and that the next toggle opens it again.
    func testWaysTheOpenMenuEnds() {
        let rows: [(String, (inout Driver) -> [String], [String], Bool, UInt)] = [
            ("item by pointer", { $0.tap(1) }, ["run a Files", "closed a chose Files[]"], false, #line),
            (
                "item by keys", { $0.send(.key(.down)) + $0.send(.key(.activate)) },
                ["run a Files", "closed a chose Files[]"], false, #line
            ),
            (
                "a screen reader's activate", { $0.send(.activateItem(1)) },
                ["run a Files", "closed a chose Files[]"],
                false, #line
            ),
            ("a screen reader's activate past the last item", { $0.send(.activateItem(9)) }, [], true, #line),
            ("press outside", { $0.send(.release(at: Point(x: 5, y: 5))) }, ["closed a"], false, #line),
            ("escape", { $0.send(.key(.dismiss)) }, ["closed a"], false, #line),
            ("backspace at the top", { $0.send(.key(.back)) }, [], true, #line),
            ("press on another button", { $0.send(.close) }, ["closed a"], false, #line),
            // Issue 42: sway 1.7's swaylock (an input inhibitor) takes the keyboard and tells buoy nothing else.
            (
                "another surface takes the keyboard", { $0.send(.keyboardLost) },
                ["info: menu: another surface took the keyboard (a lock screen, a launcher)", "closed a"],
                false,
                #line
            ),
            ("msg menu again", { $0.toggle() }, ["closed a"], false, #line),
            (
                "msg menu of b", { $0.toggle("b") + $0.draw() },
                ["closed a", "opening b", "draw b[]", "opened b[]"], true, #line
            ),
            ("msg hide", { $0.send(.drop("a")) }, ["closed a"], false, #line),
            ("b hides", { $0.send(.drop("b")) }, [], true, #line),
            ("quit", { $0.send(.tearDown) }, ["closed a"], false, #line),
            (
                "reload that renames an item",
                {
                    var renamed = source
                    renamed.menu.items[0].label = "Shell"
                    return $0.send(.reloaded("a", renamed))
                }, ["info: menu: closing it, the config gave it other items", "closed a"], false, #line
            ),
            (
                "reload that removes the menu",
                { $0.send(.reloaded("a", MenuSource(menu: Menu(), buttonColor: source.buttonColor))) },
                ["info: menu: closing it, the config gave it other items", "closed a"], false, #line
            ),
            (
                "reload that changes the layout",
                {
                    var panel = source
                    panel.menu.layout = .panel
                    return $0.send(.reloaded("a", panel))
                }, ["info: menu: closing it, the config gave it other items", "closed a"], false, #line
            ),
            ("reload that changes nothing", { $0.send(.reloaded("a", source)) }, [], true, #line),
            // Issue 19's bug: the output under the open menu went away.
            (
                "surface gone", { $0.send(.surfaceGone("a")) }, ["closed a: the button's surface went away"],
                false,
                #line
            ),
            ("b's surface gone", { $0.send(.surfaceGone("b")) }, [], true, #line),
            (
                "surfaces not made", { $0.send(.surfacesFailed) },
                ["closed a: its surfaces could not be created"], false, #line
            ),
            (
                "scale change",
                { $0.send(.moved("a", MenuAnchor(button: anchor.button, usable: usable, scale: 2))) },
                ["draw a[]"], true, #line
            ),
            (
                "scale change, redraw fails",
                {
                    $0.send(.moved("a", MenuAnchor(button: anchor.button, usable: usable, scale: 2)))
                        + $0.send(.drawFailed(id: 2, couldNotStart: nil))
                },
                ["draw a[]", "closed a: its images could not be drawn again"], false, #line
            ),
            (
                "scale change, redraw cannot start",
                {
                    $0.send(.moved("a", MenuAnchor(button: anchor.button, usable: usable, scale: 2)))
                        + $0.send(.drawFailed(id: 2, couldNotStart: "no fork"))
                },
                ["draw a[]", "warning: menu: it cannot be drawn again for the changed output: no fork"], true,
                #line
            ),
        ]
        for (name, act, expected, stillOpen, line) in rows {
            var driver = Driver()
            driver.open()
            XCTAssertTrue(driver.controller.isOpen, name, line: line)
            XCTAssertEqual(act(&driver), expected, name, line: line)
            XCTAssertEqual(driver.controller.isOpen, stillOpen, name, line: line)
            if !stillOpen {
                driver.settle()
                XCTAssertNil(driver.controller.scene, "\(name): gone once folded away", line: line)
                XCTAssertEqual(driver.controller.liveImages.count, name == "quit" ? 0 : 1, name, line: line)
                XCTAssertEqual(
                    driver.toggle().filter { $0.hasPrefix("opened") || $0.hasPrefix("draw") }.count, 1,
                    "\(name): the next toggle opens it", line: line)
            }
        }
    }

    /// While its images are drawn.
    /// A reload that changes nothing the menu shows leaves it open. The
    /// picker's applications are found after edit mode first builds it, so
    /// a later reload (another process's `buoy config set` of a button key)
    /// carried a catalog the open menu's source did not have, and closed it:
    /// the soak's seams part, "the config gave it other items".
    func testAReloadWhosePickerFoundApplicationsKeepsItOpen() {
        var test = Driver()
        var editable = source
        editable.editing = MenuEditContext(items: [], gestures: [:], longPressDelay: 0.5, catalog: [])
        _ = test.send(.toggle("a", editable, path: [], anchor: anchor, visible: true))
        _ = test.draw()
        XCTAssertTrue(test.controller.isOpen)
        var found = editable
        found.editing?.catalog = [PickerGroup(title: "Applications", entries: [])]
        XCTAssertEqual(test.send(.reloaded("a", found)), [])
        XCTAssertTrue(test.controller.isOpen)
        var renamed = found
        renamed.menu.items[0].label = "Shell"
        XCTAssertEqual(
            test.send(.reloaded("a", renamed)),
            ["info: menu: closing it, the config gave it other items", "closed a"])
    }

    func testWaysAnOpeningEnds() {
        let rows: [(String, (inout Driver) -> [String], [String], UInt)] = [
            ("tap again", { $0.toggle() }, ["cancelled a: asked again"], #line),
            (
                "b asked for", { $0.toggle("b") },
                ["cancelled a: another button's menu was asked for", "opening b", "draw b[]"], #line
            ),
            (
                "dragged", { $0.send(.cancelOpening("the button was dragged")) },
                ["cancelled a: the button was dragged"], #line
            ),
            (
                "draw fails", { $0.send(.drawFailed(id: 1, couldNotStart: nil)) },
                ["failed a: its images could not be drawn"], #line
            ),
            (
                "cannot start", { $0.send(.drawFailed(id: 1, couldNotStart: "no fork")) },
                ["failed a: no fork"], #line
            ),
            (
                "hangs", { $0.send(.tick, after: 1.9) + $0.send(.tick, after: 0.2) },
                ["failed a: its images could not be drawn within 2 s"], #line
            ),
            ("button goes", { $0.send(.drop(nil)) }, ["dropped a"], #line),
            (
                "reload",
                {
                    var other = source
                    other.menu.spacing = 3
                    return $0.send(.reloaded("a", other))
                },
                ["cancelled a: the config was reloaded"], #line
            ),
            (
                "surface gone: drawn for whatever surface it has then", { $0.send(.surfaceGone("a")) }, [],
                #line
            ),
            ("a late answer from a killed child", { $0.send(.drawn(id: 99, labels: [])) }, [], #line),
        ]
        for (name, act, expected, line) in rows {
            var driver = Driver()
            XCTAssertEqual(driver.toggle(), ["opening a", "draw a[]"], name, line: line)
            XCTAssertEqual(act(&driver), expected, name, line: line)
            XCTAssertFalse(driver.controller.isOpen, name, line: line)
        }
    }

    func testAHungDrawIsNotTriedAgainForTheSamePlace() {
        var driver = Driver()
        let wanted = [MenuPreparation(owner: "a", source: source, anchor: anchor)]
        XCTAssertEqual(driver.toggle(), ["opening a", "draw a[]"])
        XCTAssertEqual(driver.send(.tick, after: 3), ["failed a: its images could not be drawn within 2 s"])
        XCTAssertEqual(
            driver.send(.prepare(wanted)), ["draw a[device]"], "the top level is not drawn again here")
        var moved = anchor
        moved.button.origin.y = 100
        XCTAssertEqual(driver.send(.tick, after: 3).count, 1)
        XCTAssertEqual(
            driver.send(.prepare([MenuPreparation(owner: "a", source: source, anchor: moved)])), ["draw a[]"])
    }

    func testTheButtonMovedWhileItsImagesWereDrawn() {
        var driver = Driver()
        _ = driver.toggle()
        var moved = anchor
        moved.button.origin.y = 40
        XCTAssertEqual(driver.send(.moved("a", moved)), [])
        XCTAssertEqual(driver.draw(), ["draw a[]"], "drawn again for the new place")
        XCTAssertEqual(driver.draw(), ["opened a[]"])
        XCTAssertEqual(driver.controller.scene?.images.anchor, moved)
    }

    // MARK: Submenus

    func testSubmenusByPointer() {
        var driver = Driver()
        driver.open()
        XCTAssertEqual(driver.tap(2), ["draw a[device]"])
        XCTAssertTrue(driver.controller.isOpen, "scripts still see it open while the level is drawn")
        XCTAssertEqual(driver.controller.path, ["device"])
        XCTAssertEqual(driver.draw(), ["navigated a[device]"])
        XCTAssertEqual(driver.controller.scene?.images.layout.items.count, 3, "two items and Back")
        XCTAssertEqual(driver.tap(2), ["navigated a[]"], "Back: the top level was drawn already")
        XCTAssertEqual(driver.tap(2), ["navigated a[device]"])
        XCTAssertEqual(driver.tap(1), ["draw a[device>net]"])
        XCTAssertEqual(driver.draw(), ["navigated a[device>net]"])
        XCTAssertEqual(driver.controller.scene?.images.layout.panel != nil, true, "net is a panel")
        // A command closes every level.
        XCTAssertEqual(driver.tap(0), ["run a Eth", "closed a chose Eth[device>net]"])
        XCTAssertFalse(driver.controller.isOpen)
        driver.settle()
        XCTAssertEqual(driver.toggle(), ["opening a", "opened a[]"], "it opens at the top again")
    }

    func testSubmenusByKeys() {
        let rows: [(String, MenuKey, [String], [String]?, UInt)] = [
            ("escape goes up", .dismiss, ["navigated a[]"], [], #line),
            ("backspace goes up", .back, ["navigated a[]"], [], #line),
            ("left goes up", .left, ["navigated a[]"], [], #line),
            ("right moves the focus", .right, [], ["device"], #line),
        ]
        for (name, key, expected, path, line) in rows {
            var driver = Driver()
            driver.open()
            _ = driver.send(.key(.down))
            _ = driver.send(.key(.down))
            XCTAssertEqual(driver.send(.key(.activate)), ["draw a[device]"], name, line: line)
            XCTAssertEqual(driver.draw(), ["navigated a[device]"], name, line: line)
            XCTAssertNotNil(
                driver.controller.scene?.ring, "\(name): keys show the ring on the next level", line: line)
            XCTAssertEqual(driver.send(.key(key)), expected, name, line: line)
            XCTAssertEqual(driver.controller.path, path, name, line: line)
            if path == [] {
                XCTAssertEqual(
                    driver.controller.scene?.ring, 2, "\(name): the focus back on Device", line: line)
            }
        }
    }

    func testMsgMenuOpensAtASubmenu() {
        var driver = Driver()
        XCTAssertEqual(driver.toggle("a", ["net"]), ["opening a", "draw a[net]"])
        XCTAssertEqual(driver.draw(), ["opened a[net]"])
        XCTAssertEqual(driver.send(.key(.dismiss)), ["draw a[]"], "up to the top, which it had not drawn")
        XCTAssertEqual(driver.draw(), ["navigated a[]"])
        XCTAssertEqual(driver.send(.key(.dismiss)), ["closed a"])
    }

    func testClosingWhileTheNextLevelIsDrawn() {
        let rows: [(String, MenuInput, [String], UInt)] = [
            ("press outside", .close, ["closed a"], #line),
            (
                "draw fails", .drawFailed(id: 2, couldNotStart: nil),
                ["closed a: its images could not be drawn"], #line
            ),
            ("button goes", .drop(nil), ["closed a"], #line),
            ("surface gone", .surfaceGone("a"), ["closed a: the button's surface went away"], #line),
        ]
        for (name, input, expected, line) in rows {
            var driver = Driver()
            driver.open()
            XCTAssertEqual(driver.tap(2), ["draw a[device]"], name, line: line)
            XCTAssertEqual(driver.send(input), expected, name, line: line)
            XCTAssertFalse(driver.controller.isOpen, name, line: line)
            XCTAssertEqual(driver.controller.jobs, [], "\(name): its child is killed", line: line)
        }
    }

    // MARK: Status items

    func testStatusItems() {
        var withStatus = source
        withStatus.menu.items[0].status = "nmcli radio wifi"
        withStatus.menu.items[1].status = "wpctl get-volume"
        withStatus.menu.items[1].toggle = true
        var driver = Driver()
        func open() -> [String] {
            driver.send(.toggle("a", withStatus, path: [], anchor: anchor, visible: true))
        }
        func heard(_ index: Int, _ command: String, _ status: MenuStatus?) -> [String] {
            driver.send(.status("a", path: [], index: index, command: command, status))
        }
        XCTAssertEqual(open().count, 2)
        XCTAssertEqual(
            driver.draw(), ["opened a[]", "status a[] 0:nmcli radio wifi,1:wpctl get-volume"],
            "every status command runs as it opens")
        XCTAssertEqual(
            driver.controller.scene?.images.statuses, [:], "none known yet: the first frame does not wait")
        XCTAssertEqual(
            heard(0, "nmcli radio wifi", MenuStatus(text: "enabled")), ["draw a[]"], "drawn again with it")
        XCTAssertEqual(
            heard(1, "wpctl get-volume", MenuStatus(text: "0.4", on: true)), [], "one redraw at a time")
        XCTAssertEqual(driver.controller.jobs.last?.label(of: 0), "Terminal\nenabled")
        XCTAssertEqual(driver.draw(), ["draw a[]"], "the second status came meanwhile")
        XCTAssertEqual(driver.controller.scene?.images.statuses, [0: MenuStatus(text: "enabled")])
        XCTAssertEqual(driver.draw(), [])
        XCTAssertEqual(
            driver.controller.scene?.images.statuses,
            [0: MenuStatus(text: "enabled"), 1: MenuStatus(text: "0.4", on: true)])
        // A toggle cut off before it exited keeps its state; silence keeps the last status.
        XCTAssertEqual(heard(1, "wpctl get-volume", MenuStatus(text: "0.4", on: nil)), [], "nothing new")
        XCTAssertEqual(heard(0, "nmcli radio wifi", nil), [])
        // Closed and opened again: the images with the last statuses show at once, and are asked for again.
        _ = driver.send(.close)
        driver.settle()
        XCTAssertEqual(
            open(), ["opening a", "opened a[]", "status a[] 0:nmcli radio wifi,1:wpctl get-volume"])
        XCTAssertEqual(driver.controller.scene?.images.statuses.count, 2)
        // A reload that gives the item another command: its old status is no longer drawn.
        var other = withStatus
        other.menu.items[0].status = "iwctl station wlan0 show"
        _ = driver.send(.reloaded("a", other))
        driver.settle()
        _ = driver.send(.prepare([MenuPreparation(owner: "a", source: other, anchor: anchor)]))
        XCTAssertEqual(driver.controller.jobs.last?.statuses, [1: MenuStatus(text: "0.4", on: true)])
    }

    /// A status redraws its item alone, over the images on screen, unless
    /// it adds a status line: then every image is drawn again. In a column
    /// a taller pill moves no other row (issue 43).
    func testAStatusRedrawsOnlyItsItemUnlessItAddsALine() throws {
        var withStatus = source
        withStatus.menu.items[1].status = "wpctl get-volume"
        var driver = Driver()
        _ = driver.send(.toggle("a", withStatus, path: [], anchor: anchor, visible: true))
        _ = driver.draw()
        func heard(_ text: String) -> [String] {
            driver.send(.status("a", path: [], index: 1, command: "wpctl get-volume", MenuStatus(text: text)))
        }
        XCTAssertEqual(heard("0.4"), ["draw a[]"])
        XCTAssertNil(driver.controller.jobs.last?.partial, "a second line changes every row")
        _ = driver.draw()
        let base = try XCTUnwrap(driver.controller.scene?.images.id)

        XCTAssertEqual(heard("0.5"), ["draw a[]"])
        let partial = try XCTUnwrap(driver.controller.jobs.last)
        XCTAssertEqual(partial.partial, MenuJob.Partial(base: base, items: [1]))
        XCTAssertEqual(driver.draw(), [], "the other images are the same: taken as it is")
        XCTAssertEqual(driver.controller.scene?.images.id, partial.id)

        XCTAssertEqual(heard("muted"), ["draw a[]"])
        let second = try XCTUnwrap(driver.controller.jobs.last)
        XCTAssertEqual(second.partial, MenuJob.Partial(base: partial.id, items: [1]))
        var sizes = second.page.items.map { _ in label }
        sizes[1] = Size(width: 140, height: 44)
        // Issue 43: in a column a taller pill moves no row: taken as it is.
        XCTAssertEqual(driver.send(.drawn(id: second.id, labels: sizes)), [])
        XCTAssertEqual(driver.controller.scene?.images.id, second.id)
    }

    /// Issue 42 §1: an item's keys come after the `.closed` that gives the
    /// window in front the keyboard back, by pointer, by keys or by dwell,
    /// so the shell never sends them into the open menu.
    func testAnItemsKeysComeOnceTheMenuHasClosed() {
        var undo = source
        undo.menu.items[1] = MenuItem(label: "Undo", action: .keys([KeyChord(.control, "z")]))
        undo.dwell = 0.5
        let rows: [(String, (inout Driver) -> [String], UInt)] = [
            ("by pointer", { $0.tap(1) }, #line),
            ("by keys", { $0.send(.key(.down)) + $0.send(.key(.activate)) }, #line),
            (
                "by dwell",
                {
                    guard let layout = $0.controller.scene?.images.layout else { return [] }
                    return $0.send(.pointer(at: layout.items[1].circle.center)) + $0.send(.tick, after: 0.5)
                }, #line
            ),
        ]
        for (name, act, line) in rows {
            var driver = Driver()
            _ = driver.send(.toggle("a", undo, path: [], anchor: anchor, visible: true))
            _ = driver.draw()
            XCTAssertEqual(act(&driver), ["closed a chose Undo[]", "run a Undo"], name, line: line)
            XCTAssertFalse(driver.controller.isOpen, name, line: line)
        }
    }

    /// Issue 34: a tap on an item whose tool was missing did nothing to
    /// see. The menu stays open while the shell tries the tool again; still
    /// missing, the note shows under the label for 2 s; found, it closes.
    func testAnItemWhoseToolIsMissingShowsANoteForTwoSeconds() throws {
        var missing = source
        missing.menu.items[0] = MenuItem(label: "Mute", action: .builtIn(try XCTUnwrap(.named("mute"))))
        var driver = Driver()
        _ = driver.send(.toggle("a", missing, path: [], anchor: anchor, visible: true))
        _ = driver.draw()
        let choice = MenuChoice(path: [], index: 0, label: "Mute")
        XCTAssertEqual(driver.tap(0), ["run a Mute"], "open until the shell says")
        XCTAssertEqual(
            driver.send(.ranBuiltIn("a", choice, missing: "Install wireplumber")), ["draw a[]"], "the note")
        XCTAssertEqual(driver.controller.jobs.last?.label(of: 0), "Mute\nInstall wireplumber")
        XCTAssertEqual(driver.draw(), [])
        let shown = driver.now
        XCTAssertEqual(driver.controller.nextWake, shown + Controller.noteDuration - 0.01)
        XCTAssertEqual(driver.send(.tick, after: 1.9), [], "it lasts 2 s")
        XCTAssertEqual(driver.send(.tick, after: 0.1), ["draw a[]"], "then goes")
        XCTAssertEqual(driver.controller.jobs.last?.label(of: 0), "Mute")
        XCTAssertEqual(driver.draw(), [])
        XCTAssertNil(driver.controller.nextWake)
        XCTAssertTrue(driver.controller.isOpen)

        // Installed since: it ran, and the menu closes as after any item.
        XCTAssertEqual(driver.tap(0), ["run a Mute"])
        XCTAssertEqual(driver.send(.ranBuiltIn("a", choice, missing: nil)), ["closed a chose Mute[]"])
    }

    // MARK: Frames

    func testFramesUntilTheAnimationEnds() {
        var driver = Driver()
        driver.open()
        XCTAssertTrue(driver.controller.needsFrame(at: driver.now))
        driver.settle()
        XCTAssertFalse(driver.controller.needsFrame(at: driver.now), "open and still")
        _ = driver.send(.key(.down))
        XCTAssertTrue(driver.controller.needsFrame(at: driver.now), "the focus moved")
        _ = driver.send(.frame)
        XCTAssertFalse(driver.controller.needsFrame(at: driver.now))
        _ = driver.send(.close)
        XCTAssertTrue(driver.controller.needsFrame(at: driver.now))
        XCTAssertNotNil(driver.controller.scene, "folding away")
        driver.settle()
        XCTAssertNil(driver.controller.scene)
        XCTAssertNil(driver.controller.owner)
    }
}

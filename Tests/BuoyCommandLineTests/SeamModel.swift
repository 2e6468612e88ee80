import BuoyButton
import BuoyCommandLine
import BuoyConfig
import BuoyCore
import BuoyGestures

/// The model the seam test drives (issue 42 §2): one button on one output,
/// its `ButtonController`, `MenuController` and `ClickArming`, and
/// `MessageDispatch` for `buoy msg`, wired together as the shell wires them
/// (`App.perform`, `MenuSession.carryOut`, `ClickSession`, `App+Messages`),
/// with a compositor that says which surface is under the pointer. The
/// controllers decide; the wiring only routes, so a seam found here is one
/// between the real pure types. After each step the invariants are checked
/// (`SeamInvariant`); the first broken one ends the run.
///
/// Where the shell adds a decision of its own to the wiring (a gesture on
/// the button while armed disarms; an item's keys wait for the menu to
/// close), the wiring repeats it, and says so.
struct SeamModel {
    /// What one sequence is configured with; a reload step switches to the next.
    struct Setup: Equatable, CustomStringConvertible {
        /// `[button] dwell`.
        var dwell: Double
        /// `[actions] tap`.
        var tap: Action
        /// `[menu] edit = "touch"`: the menu ends with Edit.
        var editable: Bool

        var description: String {
            "dwell = \(dwell), tap = \(SeamModel.words(tap)), edit = \(editable ? "touch" : "off")"
        }
    }

    /// Where the pointer (or a finger) goes.
    enum Spot: Equatable, CustomStringConvertible {
        /// The button's centre, `dx` px right of it.
        case button(dx: Double)
        /// Item `index` of the level shown (the button's centre when none is).
        case item(Int)
        /// A window of the app in front, away from the button.
        case window
        /// The remove target's centre, where a drag drops the button.
        case removeTarget

        var description: String {
            switch self {
            case .button(let dx): dx == 0 ? "button" : "button+\(Int(dx))"
            case .item(let index): "item \(index)"
            case .window: "window"
            case .removeTarget: "remove target"
            }
        }
    }

    /// One thing the user, the clock, a script or the compositor does.
    enum Step: Equatable, CustomStringConvertible {
        case point(Spot)
        case press
        case release
        /// A finger down and up there, `hold` seconds apart.
        case touch(Spot, hold: Double)
        case wait(Double)
        /// `buoy msg` with these words.
        case msg([String])
        case key(MenuKey)
        /// The config is written (by `buoy config`, an editor) and read again.
        case reload
        case outputGone, outputBack
        /// The app in front changes: one whose `show_for`/`hide_for` rules apply, or not.
        case focus(ruled: Bool)
        /// The session locks (the compositor gives buoy's surfaces no input) or unlocks.
        case lock(Bool)

        var description: String {
            switch self {
            case .point(let spot): "pointer to \(spot)"
            case .press: "press"
            case .release: "release"
            case .touch(let spot, let hold): "touch \(spot) for \(hold) s"
            case .wait(let seconds): "wait \(seconds) s"
            case .msg(let words): "buoy msg \(words.joined(separator: " "))"
            case .key(let key): "key \(key)"
            case .reload: "reload"
            case .outputGone: "output gone"
            case .outputBack: "output back"
            case .focus(let ruled): ruled ? "focus the ruled app" : "focus another app"
            case .lock(let locked): locked ? "lock" : "unlock"
            }
        }
    }

    /// Something sent to the world, and what asked for it.
    enum Sent: Equatable {
        case keys(String)
        /// A click, after this many taps and rests on the overlays since it was armed.
        case click(ClickType, acts: Int)
        case command(String)
    }

    /// Which surface has the pointer.
    enum Surface: Equatable {
        case button, overlay, window
    }

    static let key = InstanceKey(name: "main", instanceOutput: nil)
    static let output = "WL-1"
    static let usable = Rect(x: 0, y: 0, width: 1280, height: 720)
    static let windowPoint = Point(x: 300, y: 200)
    /// The app whose focus the menu's rules and `show_for` see.
    static let ruledApp = "org.example.Ruled"

    let setups: [Setup]
    var setupIndex = 0
    var setup: Setup { setups[setupIndex] }

    var now = 1.0
    var button: ButtonController
    var menu = MenuController(drawTimeout: 2)
    var arming = ClickArming()

    // The world.
    var pointer: Point?
    var pointerSurface: Surface?
    var pressed = false
    var locked = false
    var outputPresent = true
    var focusedApp: String?
    /// The sync asked after the overlays went (`ClickArming.Effect.sync`).
    var syncAsked = false

    // What the invariants look at (`SeamModel+Invariants`).
    var sent: [Sent] = []
    /// What happened in the step just taken, in words.
    var log: [String] = []
    /// Keys sent while one of buoy's surfaces held the keyboard, and which.
    var keysIntoBuoy: String?
    /// Rests the pointer may take: a move further than `Dwell.tolerance` starts one.
    var restCredit = 0
    /// Taps and rests on the overlays since the type was armed.
    var overlayActs = 0
    /// When the last press on the button ended, for a tap that runs once its double tap's time is over.
    var lastButtonRelease = -10.0

    init(setups: [Setup]) {
        self.setups = setups
        button = ButtonController(
            settings: Self.settings(setups[0]), rest: RestPosition(placement: .right), now: 0)
        _ = button.handle(.output(Self.output))
        _ = button.handle(.area(Self.usable, at: 0))
    }

    static func settings(_ setup: Setup) -> ButtonSettings {
        ButtonSettings(snapDuration: 0, dwell: setup.dwell)
    }

    var actions: [ButtonGesture: Action] {
        [.tap: setup.tap, .doubleTap: .keys([KeyChord([.control], "z")]), .longPress: .click(.drag)]
    }

    /// The menu's items: a click type, keys, a command, and one shown for the ruled app only.
    static let menuItems: [MenuItem] = [
        MenuItem(label: "Right click", action: .click(.right)),
        MenuItem(label: "Undo", action: .keys([KeyChord([.control], "z")])),
        MenuItem(label: "Terminal", command: "foot"),
        MenuItem(label: "Drag", action: .click(.drag), apps: AppRule(hideFor: [ruledApp])),
    ]

    var menuSource: MenuSource {
        var items = Menu(items: Self.menuItems)
        items = items.showing(forApp: focusedApp)
        var source = MenuSource(
            menu: items, buttonColor: Color(red: 0.2, green: 0.4, blue: 0.8), dwell: setup.dwell)
        if setup.editable {
            source.menu.edit = .touch
            source.editing = MenuEditContext(
                items: Self.menuItems.map { MenuEditor.Entry(label: $0.label, icon: $0.icon) },
                gestures: MenuEditor.whatGesturesDo(Actions()), longPressDelay: 0.6, catalog: [])
        }
        return source
    }

    var anchor: MenuAnchor? {
        guard outputPresent, let rect = button.restingRect else { return nil }
        return MenuAnchor(button: rect, usable: Self.usable, scale: 1)
    }

    // MARK: - Steps

    /// Takes `step`; returns the broken invariant, if one is.
    mutating func take(_ step: Step) -> SeamViolation? {
        log = []
        let sentBefore = sent.count
        let armedBefore = arming.armed
        var syncingBefore = false
        if case .syncing = arming.phase { syncingBefore = true }
        var reply: MessagePlan.Reply?
        var replyProblem: String?
        switch step {
        case .point(let spot):
            let point = self.point(of: spot)
            let moved = pointer.map { $0.distance(to: point) > Dwell.tolerance } ?? true
            if moved, !locked { restCredit = 1 }
            // A compositor sends no motion for a pointer that did not move.
            let stayed = pointer == point
            let from = pointer
            pointer = point
            refocus(movingFrom: locked ? nil : from)
            if moved, pointerSurface == .overlay { overlayActs += 1 }
            if !locked, !stayed { motion(to: point) }
        case .press:
            guard !pressed, let pointer, !locked else { break }
            pressed = true
            surfaceInput(.press, at: pointer, kind: .pointer)
        case .release:
            guard pressed, let pointer else { break }
            pressed = false
            surfaceInput(.release, at: pointer, kind: .pointer)
        case .touch(let spot, let hold):
            guard !locked else { break }
            let point = self.point(of: spot)
            let surface = self.surface(at: point)
            touchOn = surface
            surfaceInput(.press, at: point, kind: .touch)
            advance(by: hold)
            surfaceInput(.release, at: point, kind: .touch)
            touchOn = nil
        case .wait(let seconds):
            advance(by: seconds)
        case .msg(let words):
            (reply, replyProblem) = message(words)
        case .key(let key):
            keyboard(key)
        case .reload:
            setupIndex = (setupIndex + 1) % setups.count
            performButton(button.handle(.settings(Self.settings(setup), at: now)))
            performMenu(.reloaded(Self.key, menuSource))
        case .outputGone:
            guard outputPresent else { break }
            outputPresent = false
            performButton(button.handle(.area(nil, at: now)))
            _ = button.handle(.output(nil))
            performMenu(.surfaceGone(Self.key))
        case .outputBack:
            guard !outputPresent else { break }
            outputPresent = true
            _ = button.handle(.output(Self.output))
            performButton(button.handle(.area(Self.usable, at: now)))
        case .focus(let ruled):
            focusedApp = ruled ? Self.ruledApp : "org.example.Other"
            // `show_for` of the button: it hides for the ruled app.
            performButton(button.handle(.ruleHides(ruled ? .app : nil, at: now)))
        case .lock(let lock):
            // The lock screen takes the pointer: buoy's surface hears a leave, which ends a press on it.
            locked = lock
            pressed = false
            refocus()
        }
        wakeup()
        return check(
            step, sentBefore: sentBefore, armedBefore: armedBefore, syncingBefore: syncingBefore,
            reply: reply,
            replyProblem: replyProblem)
    }

    /// Where `spot` is now, in the output's (and the button surface's) coordinates.
    func point(of spot: Spot) -> Point {
        let centre = button.restingRect?.center ?? Point(x: 1240, y: 360)
        switch spot {
        case .button(let dx): return Point(x: centre.x + dx, y: centre.y)
        case .item(let index):
            guard let items = menu.scene?.images.layout.items, !items.isEmpty else { return centre }
            return items[index % items.count].circle.center
        case .window: return Self.windowPoint
        case .removeTarget:
            return RemoveTarget.bounds(in: Self.usable).center
        }
    }

    /// The surface whose input region holds `point`, as the compositor finds it.
    func surface(at point: Point) -> Surface {
        guard outputPresent else { return .window }
        if menu.owner != nil, menu.scene != nil || menu.isOpen { return .button }
        if button.isPressed || button.isDragging { return .button }
        if button.isVisible, let rect = button.restingRect, rect.contains(point) { return .button }
        if !arming.outputs.isEmpty { return .overlay }
        return .window
    }

    var touchOn: Surface?

    enum Edge { case press, release }

    /// A press or release by `kind` at `point`, to the surface there (a
    /// release to the surface the press went to: the implicit grab).
    mutating func surfaceInput(_ edge: Edge, at point: Point, kind: InputKind) {
        let surface = kind == .touch ? touchOn ?? .window : pointerSurface ?? self.surface(at: point)
        switch surface {
        case .overlay:
            if edge == .press { overlayActs += 1 }
            let spot = ClickArming.Spot(output: Self.output, point: point)
            performArming(arming.handle(edge == .press ? .press(spot, at: now) : .release(spot, at: now)))
        case .button:
            // Edit mode's long press and drag (`MenuSession.pointer`).
            if edge == .press, menu.owner == Self.key { performMenu(.press(at: point)) }
            if edge == .release { lastButtonRelease = now }
            let input: ButtonInput =
                edge == .press ? .press(point, kind: kind, at: now) : .release(point, kind: kind, at: now)
            performButton(button.handle(input))
        case .window:
            break
        }
    }

    /// The pointer moved to `point` on the surface that has it.
    mutating func motion(to point: Point) {
        switch pointerSurface {
        case .button:
            if menu.owner == Self.key {
                performMenu(.pointer(at: point))
                performMenu(.drag(to: point))
            }
            performButton(button.handle(.move(point, kind: .pointer, at: now)))
        case .overlay:
            performArming(arming.handle(.pointerMoved(.init(output: Self.output, point: point), at: now)))
        case .window, nil:
            break
        }
    }

    /// The compositor gives the pointer to the surface under it, with a
    /// leave and an enter when that changed (a surface appearing under a
    /// pointer that stayed gets an enter too, as on sway 1.7). A pointer
    /// press holds it. A pointer moving from `movingFrom` enters where it
    /// crosses the surface's edge, which the model takes to be where it came
    /// from: the motion that follows goes as far as the move did.
    mutating func refocus(movingFrom: Point? = nil) {
        guard !pressed || pointerSurface == nil else { return }
        let now = self.now
        let next = locked || pointer == nil ? nil : surface(at: pointer!)
        guard next != pointerSurface else { return }
        switch pointerSurface {
        case .button:
            performMenu(.pointer(at: nil))
            performButton(button.handle(.hover(false, at: now)))
        case .overlay: performArming(arming.handle(.pointerLeft(at: now)))
        case .window, nil: break
        }
        pointerSurface = next
        guard let entry = movingFrom ?? pointer else { return }
        switch next {
        case .button:
            performButton(button.handle(.hover(true, at: now, point: entry)))
            performMenu(.pointerEntered(at: entry))
        case .overlay:
            performArming(arming.handle(.pointerEntered(.init(output: Self.output, point: entry), at: now)))
        case .window, nil: break
        }
    }

    /// A key: Escape to the overlay that holds the keyboard, else to the open menu.
    mutating func keyboard(_ key: MenuKey) {
        guard !locked else { return }
        if !arming.outputs.isEmpty {
            if key == .dismiss { performArming(arming.handle(.cancel(.escape, at: now))) }
            return
        }
        if menu.isOpen { performMenu(.key(key)) }
    }

    /// The clock moves on by `seconds`, in wakeups of at most 0.1 s, as the
    /// loop wakes for deadlines and frames.
    mutating func advance(by seconds: Double) {
        let end = now + seconds
        while now < end {
            now = min(end, now + 0.1)
            wakeup()
        }
    }

    /// One pass of the loop: children drew, frames, deadlines, the click session's update.
    mutating func wakeup() {
        for job in menu.jobs {
            performMenu(.drawn(id: job.id, labels: job.page.items.map { _ in Size(width: 90, height: 26) }))
        }
        if menu.needsFrame(at: now) { performMenu(.frame) }
        performMenu(.tick)
        if outputPresent { performMenu(.moved(Self.key, anchor)) }
        performButton(button.handle(.tick(at: now)))
        _ = button.frame(at: now)
        // `ClickSession.update`.
        if syncAsked {
            syncAsked = false
            performArming(arming.handle(.synced(at: now)))
        }
        if arming.armed != nil {
            let buttons: [InstanceKey: HiddenBy?] = [Self.key: button.hiddenBy]
            performArming(arming.handle(.buttons(buttons, at: now)))
        }
        if arming.armed != nil { performArming(arming.handle(.outputs(outputsWithButtons, at: now))) }
        performArming(arming.handle(.tick(at: now)))
        refocus()
    }

    var outputsWithButtons: [String] { outputPresent ? [Self.output] : [] }

    // MARK: - Carrying out effects (the shell's wiring)

    /// `App.perform`.
    mutating func performButton(_ effects: [ButtonEffect]) {
        for effect in effects {
            switch effect {
            case .run where arming.armed != nil:
                // A gesture on a button while a click type is armed disarms it.
                performArming(arming.handle(.cancel(.button, at: now)))
            case .run(let gesture):
                log.append("run \(gesture.rawValue)")
                _ = runAction(actions[gesture], name: gesture.rawValue)
            case .menuRelease(let point):
                performMenu(.release(at: point))
            case .dragBegan:
                if menu.isOpening, menu.owner == Self.key {
                    performMenu(.cancelOpening("the button was dragged"))
                }
            case .hidden, .crossed:
                performMenu(.drop(Self.key))
            case .removed:
                log.append("removed")
            case .save, .moved, .cursor, .relocate, .restored, .feedback:
                break
            }
        }
    }

    /// `App.runAction`: why it did not run, or nil.
    mutating func runAction(_ action: Action?, name: String) -> String? {
        switch action {
        case .command(let command): sent.append(.command(command))
        case .keys(let chords):
            let keys = chords.map(\.text).joined(separator: " ")
            if let holder = KeyboardHolder(menuOpen: menu.isOpen, arming: arming) {
                return holder.refusal(sending: keys)
            }
            sendKeys(keys)
        case .click(let type): return armClick(type)
        case .menu:
            let effects = performMenu(
                .toggle(Self.key, menuSource, path: [], anchor: anchor, visible: button.isVisible))
            for effect in effects {
                if case .refused(let why) = effect { return why }
                if case .notOpened(_, .failed(let why)) = effect { return why }
            }
        // The pointer pad is a surface of its own: the model has none.
        case .builtIn, .submenu, .back, .pointer, nil: break
        }
        return nil
    }

    /// `App.sendKeys`, noting which of buoy's surfaces has the keyboard, if one does.
    mutating func sendKeys(_ keys: String) {
        if menu.isOpen {
            keysIntoBuoy = "the menu"
        } else if let type = arming.armed, !arming.outputs.isEmpty {
            keysIntoBuoy = "the \(type.actionName) overlay"
        }
        sent.append(.keys(keys))
    }

    /// `App.armClick` and `ClickSession.arm`.
    mutating func armClick(_ type: ClickType?) -> String? {
        guard let type else {
            performArming(arming.handle(.cancel(.msg, at: now)))
            return nil
        }
        guard !outputsWithButtons.isEmpty else { return "\(type.actionName): no button is on an output" }
        if let refusal = ClickArming.refusal(arming: type, from: Self.key.name, hiddenBy: button.hiddenBy) {
            return refusal
        }
        performArming(
            arming.handle(
                .arm(
                    type, from: Self.key, timeout: 5, outputs: outputsWithButtons, dwell: setup.dwell, at: now
                )))
        return nil
    }

    /// `MenuSession.send` and `carryOut`.
    @discardableResult
    mutating func performMenu(_ input: MenuInput) -> [MenuEffect] {
        var all: [MenuEffect] = []
        var queue = [input]
        while !queue.isEmpty {
            let effects = menu.handle(queue.removeFirst(), at: now)
            all += effects
            for effect in effects {
                switch effect {
                case .opening: performButton(button.handle(.menuOpening(at: now)))
                case .opened: performButton(button.handle(.menuOpened(at: now)))
                case .closed(_, let chosen, _):
                    performButton(button.handle(.menuClosed(at: now)))
                    if let chosen { log.append("closed with \(chosen.label)") }
                case .run(_, let item, let choice):
                    log.append("item \(choice.label)")
                    _ = runAction(item.action, name: item.label)
                    if case .builtIn = item.action {
                        queue.append(.ranBuiltIn(Self.key, choice, missing: nil))
                    }
                case .writeConfig: queue.append(.configWritten(refusal: nil))
                case .undoConfigWrite: queue.append(.configWritten(refusal: nil))
                case .refused, .draw, .navigated, .notOpened, .checkStatus, .findApplications, .debug, .info,
                    .warning:
                    break
                }
            }
        }
        return all
    }

    /// `ClickSession.perform`.
    mutating func performArming(_ effects: [ClickArming.Effect]) {
        for effect in effects {
            switch effect {
            case .sync: syncAsked = true
            case .deliver: break
            case .clicked(let type, _): sent.append(.click(type, acts: overlayActs))
            case .armed(let type):
                log.append("armed \(type.rawValue)")
                overlayActs = 0
            case .disarmed(let reason): log.append("disarmed \(reason.rawValue)")
            case .overlays: break
            }
        }
    }

    // MARK: - buoy msg

    /// `App.handle(_:)` for `words`: the reply, and the problem of an error.
    mutating func message(_ words: [String]) -> (MessagePlan.Reply, String?) {
        guard case .success(let message) = ControlMessage.parse(words) else {
            return (.error("parse"), "parse")
        }
        let facts = MessageFacts(
            buttons: [Self.key.name],
            instances: [
                InstanceFacts(
                    key: Self.key, output: outputPresent ? Self.output : nil, hiddenBy: button.hiddenBy,
                    ruleHiding: button.ruleHiding, menuOpen: menu.isOpen, refusalToMove: button.refusalToMove,
                    dragging: button.isDragging, placed: button.usable != nil, actions: Set(actions.keys))
            ],
            outputs: outputsWithButtons)
        let plan = MessageDispatch.plan(message, facts: facts, now: now)
        for step in plan.steps {
            if let problem = carryOut(step) { return (.error(problem), problem) }
        }
        if case .error(let problem) = plan.reply { return (plan.reply, problem) }
        return (plan.reply, nil)
    }

    /// `App.carryOut(_:answering:now:)` for one step.
    mutating func carryOut(_ step: MessagePlan.Step) -> String? {
        switch step {
        case .input(_, let input): performButton(button.handle(input))
        case .setVisible(_, let visible, _): performButton(button.handle(.setVisible(visible, at: now)))
        case .closeMenu: performMenu(.close)
        case .run(_, let gesture):
            log.append("msg \(gesture.rawValue)")
            return runAction(actions[gesture], name: gesture.rawValue)
        case .toggleMenu(_, let path):
            let effects = performMenu(
                .toggle(Self.key, menuSource, path: path, anchor: anchor, visible: button.isVisible))
            for effect in effects {
                if case .refused(let why) = effect { return why }
                if case .notOpened(_, .failed(let why)) = effect { return why }
            }
        case .click(_, let type): return armClick(type)
        case .badge, .moveToOutput, .followConfig, .savePlaces, .setMode, .applyVisibilityRules, .reload,
            .quit, .pointer:
            break
        }
        return nil
    }

    static func words(_ action: Action) -> String {
        switch action {
        case .command(let command): "\"\(command)\""
        case .menu: "\"menu\""
        case .keys(let chords): "{ keys = \"\(chords.map(\.text).joined(separator: " "))\" }"
        case .click(let type): "{ action = \"\(type.actionName)\" }"
        case .pointer: "{ action = \"\(PointerAction.name)\" }"
        case .builtIn(let action): "{ action = \"\(action.name)\" }"
        case .submenu(let name): "{ submenu = \"\(name)\" }"
        case .back: "back"
        }
    }
}

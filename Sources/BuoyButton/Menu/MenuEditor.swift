import BuoyConfig
import BuoyCore

/// The menu's edit mode (`[menu] edit = "touch"`), as data: the screen it
/// shows (the items, the picker, the button's gestures), its rows, the
/// focus, and an item being dragged. No clock, no I/O: the shell feeds
/// `handle` rows hit by a finger or the pointer with their time, writes
/// each `.write` with the config writer and answers `.written`, and draws
/// `rows`. Each change is written at once; the items shown are the file's
/// (as last read, with the changes written since), so a refused write
/// leaves the menu as the file says. A removal offers Undo for a few
/// seconds. The last gesture that opens the menu keeps it: edit mode is
/// inside the menu, so without one a touch user could not come back.
public struct MenuEditor: Sendable, Equatable {
    /// An item as edit mode shows it.
    public struct Entry: Sendable, Equatable {
        /// What it says.
        public var label: String
        /// An icon-theme name or a file's path; nil: its label's first letter.
        public var icon: String?

        /// Labelled `label`, with `icon`.
        public init(label: String, icon: String? = nil) {
            self.label = label
            self.icon = icon
        }
    }

    /// What the picker picks for.
    public enum Purpose: Sendable, Equatable {
        case newItem
        case gesture(ButtonGesture)
    }

    /// What edit mode shows.
    public enum Screen: Sendable, Equatable {
        /// The menu's items, each with a "−" badge, then "+", "Button" and "Done".
        case items
        /// The picker's groups, then Back.
        case groups(Purpose)
        /// One group's choices, then Back.
        case choices(Purpose, group: Int)
        /// The gestures "Button" sets, then Back.
        case button
        /// What one gesture does: the menu, nothing, or an action, then Back.
        case gesture(ButtonGesture)
    }

    /// One row of a screen.
    public enum Row: Sendable, Equatable {
        /// Item `Int` of the menu, counted from 0 in file order.
        case item(Int)
        case add, button, done, back
        /// Where "+" was, in a full menu: says why there is none (`fullLabel`).
        case full
        /// The next choices of a group longer than a screen shows (`choicesShown`).
        case more
        case group(Int)
        case choice(group: Int, Int)
        case gesture(ButtonGesture)
        case gestureMenu(ButtonGesture)
        case gestureNothing(ButtonGesture)
        case gestureAction(ButtonGesture)
        /// Puts back the item just removed (`undo`).
        case undo
    }

    /// What a gesture does, as the "Button" screen says it.
    public enum Does: Sendable, Equatable {
        case menu
        case nothing
        /// An action, by its label.
        case action(String)

        /// In words: "Menu", "Nothing", or the action's label.
        public var label: String {
            switch self {
            case .menu: "Menu"
            case .nothing: "Nothing"
            case .action(let label): label
            }
        }
    }

    /// The removal that Undo puts back until `until`.
    public struct Undo: Sendable, Equatable {
        /// Where the item was, counted from 0.
        public var index: Int
        /// What it showed.
        public var entry: Entry
        /// When Undo goes (`undoDuration` after the removal was written).
        public var until: Double
    }

    /// An item held down long enough to be moved, and where it would go.
    public struct Drag: Sendable, Equatable {
        /// The item held, counted from 0.
        public var from: Int
        /// Where it would go if let go now.
        public var over: Int
    }

    /// What drives edit mode, besides the clock. Rows are indices into `rows`.
    public enum Input: Sendable, Equatable {
        /// A finger or a button went down on a row.
        case press(row: Int)
        /// The press moved over a row (nil: over none).
        case over(row: Int?)
        /// The press ended over a row, on its "−" badge or not.
        case release(row: Int?, badge: Bool)
        case key(Key)
        /// The item on a row moved one place up (-1) or down (1), as a drag
        /// there would.
        case move(row: Int, by: Int)
        /// A deadline passed (`nextWake`).
        case tick
        /// The last `.write` was written, or refused: why.
        case written(refusal: String?)
        /// The config was read again: the menu's items and what each gesture does.
        case reloaded(items: [Entry], gestures: [ButtonGesture: Does])
        /// The picker's contents (built-in actions and applications).
        case catalog([PickerGroup])
    }

    /// The keys edit mode takes.
    public enum Key: Sendable, Equatable {
        case up, down, activate, delete, dismiss
    }

    /// What the shell does for edit mode.
    public enum Effect: Sendable, Equatable {
        /// Write this change to the config file now; answer `.written`.
        case write(ConfigEdit)
        /// Put the file back as it was before the last write (a removal),
        /// if it is still as that write left it; answer `.written`.
        case undoLastWrite
        /// The rows, focus, drag or message changed: draw them again.
        case redraw
        /// Leave edit mode: the menu closes.
        case leave
    }

    /// The gestures "Button" sets.
    public static let gestures: [ButtonGesture] = [.tap, .doubleTap, .longPress]

    /// The screen shown.
    public internal(set) var screen = Screen.items
    /// The menu's items: the file's as last read, with the changes written since.
    public private(set) var items: [Entry]
    /// What each gesture does (every gesture: a flick may open the menu too).
    public private(set) var gestures: [ButtonGesture: Does]
    /// The picker's groups, as last told (`.catalog`).
    public internal(set) var groups: [PickerGroup] = []
    /// The focused row; nil until a key moves it (a finger shows no ring).
    public private(set) var focused: Int?
    /// The item being moved, after a long press.
    public private(set) var drag: Drag?
    /// Why the last change was refused, or after a tap on an item's label
    /// how to move it (`moveHint`), until the next change.
    public private(set) var message: String?
    /// The removal Undo puts back, until its time is up or another change is made.
    public private(set) var undo: Undo?
    /// Which items the edits change: the menu's, or a `[[button]]`'s own
    /// (the top-level ones once a reload finds it has none left).
    public internal(set) var list: ItemList
    /// The button whose gestures the edits change (`MenuEditContext.button`).
    public internal(set) var button: String?
    /// How long an item is held before it can be moved, in seconds.
    public let longPressDelay: Double

    var press: Press?
    /// The first choice shown of a long group: "More" steps through it.
    var firstChoice = 0

    /// The most choices a screen shows, with More and Back below them: every
    /// row keeps its 48 px on a 720 px tall phone, without scrolling.
    public static let choicesShown = 7

    /// A finger or button down on row `row` since `since`.
    struct Press: Sendable, Equatable {
        var row: Int
        var since: Double
    }
    /// The change written but not yet answered, as it changes `items` and
    /// `gestures` once written.
    var pending: Pending?

    enum Pending: Sendable, Equatable {
        case remove(Int)
        case add(Entry)
        case move(Int, to: Int)
        case gesture(ButtonGesture, Does)
        case putBack(Undo)
    }

    /// Edit mode on the items screen, showing `items` and `gestures`.
    public init(
        items: [Entry], gestures: [ButtonGesture: Does], list: ItemList = ItemList(),
        button: String? = nil, longPressDelay: Double
    ) {
        self.items = items
        self.gestures = gestures
        self.list = list
        self.button = button
        self.longPressDelay = longPressDelay
    }

    /// When the clock must wake the shell: when a press becomes a drag, or
    /// Undo's time is up (not while a press on Undo is down: its release decides).
    public var nextWake: Double? {
        let pressed = press.flatMap { rows[safe: $0.row] }
        let dragAt = pressed.flatMap { row -> Double? in
            guard drag == nil, case .item = row, let press else { return nil }
            return press.since + longPressDelay
        }
        let undoEnds = pressed == .undo ? nil : undo?.until
        return [dragAt, undoEnds].compactMap { $0 }.min()
    }

    /// Takes `input`, which happened at `now`; returns what the shell is to do, in order.
    public mutating func handle(_ input: Input, at now: Double) -> [Effect] {
        switch input {
        case .press(let row):
            press = Press(row: row, since: now)
            return []
        case .over(let row):
            guard var drag, let row else { return [] }
            drag.over = itemIndex(near: row)
            guard drag != self.drag else { return [] }
            self.drag = drag
            return [.redraw]
        case .release(let row, let badge):
            defer { (press, drag) = (nil, nil) }
            if var drag {
                // Where the finger lifts is where the item goes, whether or not a motion over
                // that row came first (a loaded compositor may send the release alone).
                if let row { drag.over = itemIndex(near: row) }
                guard drag.from != drag.over else { return [.redraw] }
                return write(
                    .move(drag.from, to: drag.over), as: .moveItem(drag.from + 1, to: drag.over + 1, in: list)
                )
            }
            // A press that began on another row is no tap; a release with no press seen (it
            // came while the screen was being drawn) is one.
            guard let row, press.map({ $0.row == row }) ?? true else { return [] }
            return activate(row, badge: badge)
        case .tick:
            var effects: [Effect] = []
            if let undo, now >= undo.until, rows[safe: press?.row ?? -1] != .undo {
                // Drawn again only where it showed: the items screen.
                let shown = rows
                self.undo = nil
                clampFocus()
                if rows != shown { effects.append(.redraw) }
            }
            guard let wake = nextWake, now >= wake, let press, case .item(let index) = rows[press.row] else {
                return effects
            }
            drag = Drag(from: index, over: index)
            return [.redraw]
        case .key(let key): return pressed(key)
        case .move(let row, let step):
            guard case .item(let index) = rows[safe: row], items.indices.contains(index + step) else {
                return []
            }
            return write(
                .move(index, to: index + step), as: .moveItem(index + 1, to: index + step + 1, in: list))
        case .written(let refusal): return written(refusal, at: now)
        case .reloaded(let items, let gestures):
            let shown = rows.map(entry(of:))
            // Another's change to the items leaves nothing for Undo to put back.
            if items != self.items { undo = nil }
            (self.items, self.gestures, pending) = (items, gestures, nil)
            clampFocus()
            // A reload of what this screen shows already (the file as written, or a change
            // seen from the picker) draws nothing, and a finger held down stays held.
            guard rows.map(entry(of:)) != shown else { return [] }
            (drag, press) = (nil, nil)
            return [.redraw]
        case .catalog(let groups):
            let shown = rows.map(entry(of:))
            self.groups = groups
            if case .choices(let purpose, let group) = screen, !groups.indices.contains(group) {
                screen = .groups(purpose)
            }
            clampFocus()
            // The applications found while the items show change nothing on screen.
            return rows.map(entry(of:)) == shown ? [] : [.redraw]
        }
    }

    /// The item a drag over `row` would move to: a row below the items
    /// ("+", "Button", "Done") means last.
    private func itemIndex(near row: Int) -> Int {
        if case .item(let index) = rows[safe: row] { return index }
        return max(items.count - 1, 0)
    }

    private mutating func pressed(_ key: Key) -> [Effect] {
        let count = rows.count
        switch key {
        case .up, .down:
            guard count > 0 else { return [] }
            let step = key == .down ? 1 : count - 1
            focused = focused.map { ($0 + step) % count } ?? (key == .down ? 0 : count - 1)
            return [.redraw]
        case .activate:
            return focused.map { activate($0, badge: false) } ?? []
        case .delete:
            guard let focused, case .item = rows[safe: focused] else { return [] }
            return activate(focused, badge: true)
        case .dismiss:
            return back()
        }
    }

    /// What a tap on `row` does (on its badge: removes its item).
    private mutating func activate(_ row: Int, badge: Bool) -> [Effect] {
        guard let chosen = rows[safe: row] else { return [] }
        switch chosen {
        case .item(let index):
            if badge { return write(.remove(index), as: .removeItem(index + 1, in: list)) }
            // A tap on its label, the first thing a finger tries, teaches the long press.
            guard message != Self.moveHint else { return [] }
            message = Self.moveHint
            return [.redraw]
        case .add: return show(.groups(.newItem))
        case .full: return []
        case .button: return show(.button)
        case .done: return [.leave]
        case .back: return back()
        case .undo:
            guard let undo, pending == nil else { return [] }
            pending = .putBack(undo)
            message = nil
            return [.undoLastWrite]
        case .more:
            guard case .choices(_, let group) = screen, let count = groups[safe: group]?.entries.count else {
                return []
            }
            firstChoice = firstChoice + Self.choicesShown < count ? firstChoice + Self.choicesShown : 0
            return [.redraw]
        case .group(let group):
            guard case .groups(let purpose) = screen else { return [] }
            return show(.choices(purpose, group: group))
        case .choice(let group, let index):
            guard case .choices(let purpose, _) = screen else { return [] }
            let choice = groups[group].entries[index]
            switch purpose {
            case .newItem:
                return write(
                    .add(Entry(label: choice.label, icon: choice.icon)),
                    as: .addItem(choice.item, in: list, at: nil))
                    + show(.items)
            case .gesture(let gesture):
                if let refusal = keepingAWayIn(gesture) { return refusal }
                return write(
                    .gesture(gesture, .action(choice.label)), as: setting(gesture, .runs(choice.runs)))
                    + show(.button)
            }
        case .gesture(let gesture): return show(.gesture(gesture))
        case .gestureMenu(let gesture):
            return write(.gesture(gesture, .menu), as: setting(gesture, .menu)) + show(.button)
        case .gestureNothing(let gesture):
            if let refusal = keepingAWayIn(gesture) { return refusal }
            return write(.gesture(gesture, .nothing), as: setting(gesture, .nothing)) + show(.button)
        case .gestureAction(let gesture):
            if let refusal = keepingAWayIn(gesture) { return refusal }
            return show(.groups(.gesture(gesture)))
        }
    }

    /// Up a screen; from the items, out of edit mode.
    private mutating func back() -> [Effect] {
        switch screen {
        case .items: return [.leave]
        case .groups(.newItem), .button: return show(.items)
        case .groups(.gesture): return show(.button)
        case .choices(let purpose, _): return show(.groups(purpose))
        case .gesture: return show(.button)
        }
    }

    private mutating func show(_ next: Screen) -> [Effect] {
        screen = next
        firstChoice = 0
        // The ring stays only where a key put it, on the new screen's first row.
        focused = focused == nil ? nil : 0
        return [.redraw]
    }

    /// One write at a time: the next edit's numbers count the items after
    /// the last, so it waits until that one is answered. Another change
    /// ends Undo: it puts back the file as the last write found it.
    private mutating func write(_ change: Pending, as edit: ConfigEdit) -> [Effect] {
        guard pending == nil else { return [] }
        pending = change
        (message, undo) = (nil, nil)
        return [.write(edit)]
    }

    private mutating func written(_ refusal: String?, at now: Double) -> [Effect] {
        guard let change = pending else { return [] }
        pending = nil
        guard refusal == nil else {
            message = refusal
            if case .putBack = change { undo = nil }
            clampFocus()
            return [.redraw]
        }
        switch change {
        case .remove(let index):
            undo = Undo(index: index, entry: items.remove(at: index), until: now + Self.undoDuration)
        case .add(let entry): items.append(entry)
        case .move(let from, let to): items.insert(items.remove(at: from), at: to)
        case .gesture(let gesture, let does): gestures[gesture] = does
        case .putBack(let removal):
            items.insert(removal.entry, at: min(removal.index, items.count))
            undo = nil
        }
        clampFocus()
        return [.redraw]
    }

    /// How long Undo shows after a removal, in seconds: as long as the
    /// remove target's Undo bubble.
    public static let undoDuration = RemoveTarget.undoDuration

    /// Whether `gesture` is this button's last way into its menu by touch
    /// (no other gesture, a flick's included, opens it): then it keeps the
    /// menu, and the message says why; nil when it may change.
    private mutating func keepingAWayIn(_ gesture: ButtonGesture) -> [Effect]? {
        guard gestures[gesture] == .menu,
            !gestures.contains(where: { $0.key != gesture && $0.value == .menu })
        else { return nil }
        message =
            "\(Self.title(of: gesture)) is the only way into this menu, and into edit mode;"
            + " give another gesture Menu first"
        return [.redraw]
    }

    /// A gesture's name as a row begins with it: "Double tap".
    static func title(of gesture: ButtonGesture) -> String {
        gesture.spokenName.prefix(1).uppercased() + gesture.spokenName.dropFirst()
    }

    private func setting(_ gesture: ButtonGesture, _ choice: GestureChoice) -> ConfigEdit {
        .setting(gesture, to: choice, button: button)
    }

    private mutating func clampFocus() {
        if let focused, focused >= rows.count { self.focused = rows.isEmpty ? nil : rows.count - 1 }
    }
}

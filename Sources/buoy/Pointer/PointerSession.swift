import BuoyButton
import BuoyConfig
import BuoyCore
import BuoyDrawing
import BuoyWayland
import CWaylandClient

/// The pointer pad's shell (issue 45): while it is open, a layer surface
/// over the output's usable area whose input region is the pad alone (less
/// buoy's buttons), with the pad drawn on a subsurface; the touches on it
/// go to `PointerPad`, and its effects out through the click types' pointer
/// (`ClickSession.deliver`: the virtual pointer, or KWin's fake input).
/// Nothing is made until it opens, and everything goes when it closes, so
/// an unused pad costs no memory.
final class PointerSession {
    /// The open pad and what shows it.
    private struct Open {
        var output: String
        /// The button it was opened from: hiding that closes it.
        var owner: InstanceKey
        let layer: LayerSurface
        let view: Subsurface
        /// Nil until the first configure says the surface's size.
        var pad: PointerPad?
        /// The image on `view`, and the scale it was drawn at.
        var drawn: (buffer: ShmBuffer, scale: Int)?
        /// The buttons cut out of its input region, as last set.
        var cutOut: [Rect]?
    }

    /// Rows of the pad's image drawn at a time: 12 KB per 100 px of width.
    private static let band = 32

    /// The touch point a pad takes the seat's first touch for.
    private static let firstTouch = Int32.min

    private var open: Open?
    private unowned let display: Display
    private unowned let clicks: ClickSession
    private let log: Logger
    private var settings = PointerPadConfig()
    private var dwell = 0.0
    /// Tells `buoy msg subscribe` of the pad opening and closing, as events
    /// of the button it was opened from.
    var publish: (ButtonEvent.Kind, InstanceKey) -> Void = { _, _ in }

    init(display: Display, clicks: ClickSession, log: Logger) {
        self.display = display
        self.clicks = clicks
        self.log = log
    }

    /// Whether the pad is open (or opening).
    var isOpen: Bool { open != nil }

    /// `msg state`'s `pointer_pad`: nil until it is placed.
    var report: PointerPadReport? {
        guard let open, let pad = open.pad else { return nil }
        return PointerPadReport(output: open.output, frame: pad.placement.frame)
    }

    /// When its controller wants a tick: a tap's click.
    var deadline: Double? { open?.pad?.deadline }

    /// Opens the pad on `output` from `owner`, or closes it, as `turn` says;
    /// with `dwell` (the owner's `[button] dwell`), the pointer resting
    /// after the pad moved it clicks. Returns why it cannot open.
    func set(
        _ turn: PointerSwitch, owner: InstanceKey, output: Output?, config: PointerPadConfig, dwell: Double,
        now: Double
    ) -> String? {
        guard turn.opens(whenOpen: isOpen) else {
            close(now: now)
            return nil
        }
        guard !isOpen else { return nil }
        if case .unavailable(let why) = clicks.backend {
            let problem = "the pointer pad is unavailable here: \(why)"
            log.warning(problem)
            return problem
        }
        guard let output, let name = output.name else {
            return "the pointer pad: the button is not on any output"
        }
        settings = config
        self.dwell = dwell
        do {
            let layer = try LayerSurface(display: display, output: output, namespace: Self.namespace)
            let view = try Subsurface(display: display, parent: layer, scalable: true)
            open = Open(output: name, owner: owner, layer: layer, view: view)
        } catch {
            log.error("cannot show the pointer pad on \(name): \(error)")
            return "cannot show the pointer pad: \(error)"
        }
        // KWin adds fake input's device to its seat when buoy binds: done
        // now, it is there before the first touch.
        if clicks.backend == .fakeInput { _ = display.fakeInput() }
        log.info("pointer pad on \(name)")
        publish(.pointer(on: true, output: name), owner)
        return nil
    }

    /// Closes the pad, if open: a held button is released, a scroll stopped.
    func close(now: Double) {
        guard var open else { return }
        if var pad = open.pad {
            perform(pad.handle(.cancel(at: now)), in: &open, now: now)
        }
        for seat in display.seats {
            seat.forget(open.layer.surface)
        }
        self.open = nil
        log.info("pointer pad closed")
        publish(.pointer(on: false, output: nil), open.owner)
    }

    /// Takes `record` if it is for the pad; false when it is for someone else.
    func route(_ record: InputRecord) -> Bool {
        guard var open, record.surface == open.layer.surface else { return false }
        guard var pad = open.pad, let input = Self.input(for: record.event) else { return true }
        let carried = pad.isCarried
        let effects = pad.handle(input)
        open.pad = pad
        self.open = open
        if let now = input.time { carryOut(effects, now: now) }
        if let open = self.open, open.pad?.isCarried != carried {
            setInputRegion(open)
            open.layer.commit()
        }
        return true
    }

    /// Once a wakeup: the configure, the output going, the owner hiding,
    /// the click type armed, the buttons to keep out of its input, the time.
    func update(
        ownerShows: (InstanceKey) -> Bool, buttons: (String) -> [Rect], armed: ClickType?, now: Double
    ) {
        guard var open else { return }
        if open.layer.closed || display.output(named: open.output) == nil {
            log.info("pointer pad: its output went")
            return close(now: now)
        }
        if !ownerShows(open.owner) { return close(now: now) }
        var commit = false
        if open.layer.takeChanged(), open.layer.needsConfigureAck {
            open.layer.applyConfigure()
            commit = true
        }
        if let size = open.layer.size {
            if open.pad == nil {
                let placement = PointerPadPlacement(
                    area: size, width: settings.width, height: settings.height, place: settings.place)
                open.pad = PointerPad(
                    placement: placement, area: size,
                    settings: PointerPad.Settings(speed: settings.speed, dwell: dwell))
            }
            var pad = open.pad!
            let effects = pad.handle(.area(size)) + pad.handle(.armed(armed)) + pad.handle(.tick(at: now))
            open.pad = pad
            self.open = open
            carryOut(effects, now: now)
            guard var current = self.open else { return }
            commit = show(&current) || commit
            let cutOut = buttons(current.output)
            if cutOut != current.cutOut {
                current.cutOut = cutOut
                setInputRegion(current)
                commit = true
            }
            open = current
        }
        self.open = open
        if commit { open.layer.commit() }
    }

    /// The size of the pad's surface: the usable area of its output.
    var area: Size? { open?.layer.size }

    /// Where the pad is on `output`, to be cut out of a click overlay there.
    func frame(on output: String) -> Rect? {
        guard let open, open.output == output else { return nil }
        return open.pad?.placement.frame
    }

    private func carryOut(_ effects: [PointerPad.Effect], now: Double) {
        guard var open else { return }
        perform(effects, in: &open, now: now)
        if self.open != nil { self.open = open }
    }

    private func perform(_ effects: [PointerPad.Effect], in open: inout Open, now: Double) {
        var steps: [PointerStep] = []
        for effect in effects {
            switch effect {
            case .motion(let delta): steps.append(.moveBy(delta))
            case .press(let button): steps.append(.press(button))
            case .release(let button): steps.append(.release(button))
            case .scroll(let amount): steps.append(.scroll(amount))
            case .scrollStop: steps.append(.scrollStop)
            case .moved:
                setInputRegion(open)
                _ = show(&open)
                open.layer.commit()
            case .usedClick(let type):
                log.info("pointer pad: \(type.actionName) by a tap on the pad")
                clicks.cancel(.pointerPad, now: now)
            case .close:
                self.open = open
                send(steps, on: open.output)
                steps = []
                close(now: now)
                return
            }
        }
        send(steps, on: open.output)
    }

    private func send(_ steps: [PointerStep], on name: String) {
        guard !steps.isEmpty, let output = display.output(named: name) else { return }
        if !clicks.deliver(steps, on: output) {
            log.warning("pointer pad: cannot move the pointer on \(name)")
        }
    }

    /// Draws the pad (once, and again when the scale changes) and places
    /// it; true when the layer surface must be committed.
    private func show(_ open: inout Open) -> Bool {
        guard let pad = open.pad, let shm = display.shm else { return false }
        let frame = pad.placement.frame
        let scale = open.layer.preferredScale?.ceiling ?? display.output(named: open.output)?.scale ?? 1
        if open.drawn?.scale != scale {
            let (width, height) = PointerPadPainter.bufferSize(frame.size, scale: scale)
            guard
                let buffer = try? ShmBuffer(shm: shm, width: width, height: height, name: "buoy-pointer-pad")
            else {
                log.error("pointer pad: cannot make a \(width)x\(height) buffer")
                return false
            }
            // A band at a time, each out of buoy's memory once drawn: the
            // whole pad at once (0.7 MB at 1280x720) raised buoy's peak by as much.
            for top in Swift.stride(from: 0, to: height, by: Self.band) {
                let rows = top..<min(height, top + Self.band)
                PointerPadPainter.paint(
                    size: frame.size, scale: scale, into: buffer.data, stride: buffer.stride, rows: rows)
                buffer.releasePages(rows: rows)
            }
            open.drawn = (buffer, scale)
            open.view.show(buffer, size: (Int(frame.width.rounded(.up)), Int(frame.height.rounded(.up))))
        }
        open.view.setPosition(x: Int(frame.minX), y: Int(frame.minY))
        return true
    }

    private func setInputRegion(_ open: Open) {
        guard let pad = open.pad else { return }
        guard !pad.isCarried else { return open.layer.setInputRegion(nil) }
        let frame = pad.placement.frame
        guard let compositor = display.compositor, let region = wl_compositor_create_region(compositor) else {
            return
        }
        wl_region_add(region, Int32(frame.minX), Int32(frame.minY), Int32(frame.width), Int32(frame.height))
        for rect in open.cutOut ?? [] {
            let x = rect.minX.rounded(.down)
            let y = rect.minY.rounded(.down)
            wl_region_subtract(
                region, Int32(x), Int32(y), Int32((rect.maxX - x).rounded(.up)),
                Int32((rect.maxY - y).rounded(.up)))
        }
        wl_surface_set_input_region(open.layer.surface, region)
        wl_region_destroy(region)
    }

    /// The pad's input for a Wayland event on its surface.
    private static func input(for event: InputEvent) -> PointerPad.Input? {
        switch event {
        case .touchDown(let point, let at): .down(firstTouch, point, at: at)
        case .touchMotion(let point, let at): .move(firstTouch, point, at: at)
        case .touchUp(_, let at): .up(firstTouch, at: at)
        case .touchCancel(let at): .cancel(at: at)
        case .otherTouch(let id, .down, let point, let at): .down(id, point, at: at)
        case .otherTouch(let id, .motion, let point, let at): .move(id, point, at: at)
        case .otherTouch(let id, .up, _, let at): .up(id, at: at)
        case .pointerPress(let point, let at): .down(PointerPad.pointerID, point, at: at)
        case .pointerMotion(let point, let at): .move(PointerPad.pointerID, point, at: at)
        case .pointerRelease(_, let at): .up(PointerPad.pointerID, at: at)
        case .pointerEnter, .pointerLeave, .key, .keyboardFocus: nil
        }
    }

    /// The layer namespace, for compositor rules.
    static let namespace = "buoy-pointer"
}

extension PointerPad.Input {
    /// When it happened; nil for what has no time.
    var time: Double? {
        switch self {
        case .down(_, _, let at), .move(_, _, let at), .up(_, let at), .cancel(let at), .tick(let at): at
        case .armed, .area: nil
        }
    }
}

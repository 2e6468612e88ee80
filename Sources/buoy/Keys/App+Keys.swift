import BuoyConfig
import BuoyCore
import BuoyWayland

/// `{ keys = "ctrl+z" }`: keys for the focused window, through buoy's
/// virtual keyboard, which never takes the keyboard focus; on KWin, which
/// has none, through its fake input, as the keys of KWin's own layout.
extension App {
    /// Makes the keyboard, with the config's keymap, once a config sends
    /// keys, and keeps it. Not at the first keys: on a seat with no keyboard
    /// (a phone), the keyboard capability it adds reaches the windows only
    /// after they have asked for a wl_keyboard, and keys sent before that
    /// are lost; and sway hands the focused window the keyboard again
    /// (leave, enter) whenever a keyboard is added.
    func makeKeyboardIfNeeded() {
        let chords = config.keyChords
        guard !chords.isEmpty else { return }
        switch keyBackend {
        case .virtualKeyboard:
            guard let keyboard = display.virtualKeyboard() else {
                keysSendNothing(nil)
                return
            }
            if !keyboard.use(VirtualKeymap(for: chords)) {
                log.error("cannot hand the keymap to the compositor")
            }
        case .fakeInput:
            // KWin adds fake input's device to its seat when buoy binds it.
            _ = display.fakeInput()
        case .unavailable:
            keysSendNothing(nil)
        }
    }

    /// What sends keys here, from the globals the compositor offers.
    private var keyBackend: KeyBackend {
        KeyBackend.choose(
            virtualKeyboard: display.virtualKeyboardVersion, fakeInput: display.fakeInputVersion)
    }

    /// Logs, once, that keys send nothing here (at the config, or at
    /// `sending`'s keys); returns why, for `sending`'s reply.
    @discardableResult
    private func keysSendNothing(_ sending: (keys: String, reason: String)?) -> String {
        let why = "the compositor offers no zwp_virtual_keyboard_v1"
        guard let sending else {
            if reportedMissing.insert("keys").inserted { log.warning("\(why): keys send nothing here") }
            return why
        }
        let problem = "cannot send \(sending.keys): \(why)"
        if reportedMissing.insert("keys").inserted { log.warning("\(sending.reason): \(problem)") }
        return problem
    }

    /// Sends `chords`, in order; returns why it could not (logged once).
    func sendKeys(_ chords: [KeyChord], reason: String, now: Double) -> String? {
        let sent = chords.map(\.text).joined(separator: ", ")
        let keyboard: VirtualKeyboard
        switch keyBackend {
        case .virtualKeyboard:
            guard let made = display.virtualKeyboard() else { return keysSendNothing((sent, reason)) }
            keyboard = made
        case .fakeInput:
            guard let fakeInput = display.fakeInput() else { return keysSendNothing((sent, reason)) }
            return sendKeys(chords, through: fakeInput, reason: reason)
        case .unavailable:
            return keysSendNothing((sent, reason))
        }
        // The config's keys and these: one keymap while the config stands.
        let keymap = VirtualKeymap(for: config.keyChords + chords)
        guard keyboard.send(chords, keymap: keymap, time: UInt32(truncatingIfNeeded: Int64(now * 1000)))
        else {
            log.error("\(reason): cannot hand the keymap to the compositor")
            return "cannot hand the keymap to the compositor"
        }
        log.info("\(reason): sent \(sent)")
        return nil
    }

    /// Sends `chords` through KWin's fake input, which takes key codes and
    /// has no keymap: each keysym goes as the key that types it in KWin's
    /// active layout, looked up in the keymap buoy's seat was sent. A key
    /// the layout lacks sends nothing of the list, and says which.
    private func sendKeys(_ chords: [KeyChord], through fakeInput: FakeInput, reason: String) -> String? {
        let sent = chords.map(\.text).joined(separator: ", ")
        guard let (keymap, layout) = display.seats.first?.activeLayout() else {
            let problem = "cannot send \(sent): the compositor sent no keymap"
            log.warning("\(reason): \(problem)")
            return problem
        }
        let keys = LayoutKeymap.keys(named: LayoutKeys.names(for: chords), in: keymap, layout: layout)
        switch LayoutKeys.events(for: chords, layout: keys) {
        case .failure(let missing):
            let problem = "cannot send \(sent): the keyboard layout has no key for \(missing.key)"
            log.warning("\(reason): \(problem)")
            return problem
        case .success(let events):
            for case .key(let code, let pressed) in events { fakeInput.key(code, pressed: pressed) }
            log.info("\(reason): sent \(sent) through KWin's fake input")
            return nil
        }
    }
}

import BuoyConfig
import BuoyCore

/// `{ keys = "ctrl+z" }`: keys for the focused window, through buoy's
/// virtual keyboard, which never takes the keyboard focus.
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
        guard let keyboard = display.virtualKeyboard() else {
            if reportedMissing.insert("keys").inserted {
                log.warning("the compositor offers no zwp_virtual_keyboard_v1: keys send nothing here")
            }
            return
        }
        if !keyboard.use(VirtualKeymap(for: chords)) { log.error("cannot hand the keymap to the compositor") }
    }

    /// Sends `chords`, in order; returns why it could not (logged once).
    func sendKeys(_ chords: [KeyChord], reason: String, now: Double) -> String? {
        let sent = chords.map(\.text).joined(separator: ", ")
        guard let keyboard = display.virtualKeyboard() else {
            let problem = "cannot send \(sent): the compositor offers no zwp_virtual_keyboard_v1"
            if reportedMissing.insert("keys").inserted { log.warning("\(reason): \(problem)") }
            return problem
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
}

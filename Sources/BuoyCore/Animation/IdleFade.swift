/// The button's opacity over time: fully visible while in use, fading to a
/// dimmer opacity after a while without interaction.
///
/// The fade is linear in time from `activeOpacity` to `idleOpacity`, starting
/// `idleDelay` after the last wake (or release) and lasting `fadeDuration`.
public struct IdleFade: Sendable, Equatable {
    /// How the fade behaves; the defaults are buoy's.
    public struct Settings: Sendable, Equatable {
        /// The opacity while in use.
        public var activeOpacity: Double
        /// The opacity once faded.
        public var idleOpacity: Double
        /// Seconds without interaction before fading starts.
        public var idleDelay: Double
        /// Seconds the fade takes.
        public var fadeDuration: Double

        /// buoy's defaults unless given: 1 to 0.4 after 1.5 s, over 0.3 s.
        public init(
            activeOpacity: Double = 1, idleOpacity: Double = 0.4, idleDelay: Double = 1.5,
            fadeDuration: Double = 0.3
        ) {
            self.activeOpacity = activeOpacity
            self.idleOpacity = idleOpacity
            self.idleDelay = idleDelay
            self.fadeDuration = fadeDuration
        }
    }

    /// What the event loop must do for the fade to progress.
    public enum Wake: Sendable, Equatable {
        /// The fade is animating: request frame callbacks.
        case frames
        /// Nothing changes until `at`: arm a timer for it.
        case timer(at: Double)
    }

    /// How the fade behaves.
    public var settings: Settings
    /// When the idle delay started counting: the last wake or release.
    public private(set) var lastActivity: Double
    /// While held (pressed or hovered), the button stays fully visible.
    public private(set) var isHeld: Bool = false

    /// A fade that starts awake at `now`.
    public init(settings: Settings = Settings(), now: Double) {
        self.settings = settings
        self.lastActivity = now
    }

    /// Brings the button back to full opacity at once (hover, touch, gesture)
    /// and restarts the idle delay from `now`.
    public mutating func wake(at now: Double) {
        lastActivity = now
    }

    /// Holds the button awake (`true`, e.g. on press or pointer enter) or
    /// releases it (`false`); the idle delay counts from the release.
    public mutating func hold(_ held: Bool, at now: Double) {
        isHeld = held
        lastActivity = now
    }

    /// The opacity to draw with at `now`.
    public func opacity(at now: Double) -> Double {
        let active = settings.activeOpacity
        let idle = settings.idleOpacity
        if isHeld { return active }
        let elapsed = now - (lastActivity + settings.idleDelay)
        // Negated comparisons keep NaN times at full opacity. At the exact start
        // of a zero-length fade it is already faded, matching `nextWake`, which
        // then returns nil.
        if !(elapsed >= 0) { return active }
        if !(elapsed < settings.fadeDuration) { return idle }
        return active + (idle - active) * (elapsed / settings.fadeDuration)
    }

    /// What the loop needs next after `now`: frames while fading, a timer for
    /// the start of the fade while waiting, nil when nothing will change (fully
    /// faded, held, or the two opacities are equal), so an idle button causes
    /// no wakeups.
    public func nextWake(after now: Double) -> Wake? {
        if isHeld || settings.activeOpacity == settings.idleOpacity { return nil }
        let fadeStart = lastActivity + settings.idleDelay
        if now < fadeStart { return .timer(at: fadeStart) }
        if now < fadeStart + settings.fadeDuration { return .frames }
        return nil
    }
}

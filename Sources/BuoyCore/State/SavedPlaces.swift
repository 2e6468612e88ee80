/// What buoy remembers between runs when it shows several buttons: where
/// each one rested, by the button's name, and for a button shown once per
/// output (`output = "*"`) by its name and the output of that instance.
///
/// Version 2 of the state file (`SavedState` is version 1). One record per
/// place, in the order they were set, oldest first, then `end`:
///
///     buoy-state 2
///     button keyboard
///     output HEADLESS-1
///     rest corner bottom-left
///     button main
///     each HEADLESS-2
///     output HEADLESS-2
///     config right
///     rest edge left 0.5
///     end
///
/// A record is `button NAME`, then `each OUTPUT` for a per-output instance,
/// then `output OUTPUT` where it last rested if known, then `config POSITION`,
/// the config's `position` that this place, chosen by the user, overrode
/// (absent in files written before it was kept), then `rest …` as in
/// version 1, in that order. Only places the user chose are kept. Button names are 1 to 32 of `a-z 0-9 _ -`;
/// output names are escaped as in version 1. The `end` line makes a file cut
/// after a whole record incomplete rather than a valid file with fewer places.
public struct SavedPlaces: Sendable, Equatable {
    /// Where one button, or one per-output instance of it, rested.
    public struct Place: Sendable, Equatable {
        /// The button's name in the config.
        public var button: String
        /// For an instance of a per-output button, the output it belongs to.
        public var instanceOutput: String?
        /// The name of the output it rested on, if known.
        public var output: String?
        /// The config's `position` when the user chose this place; nil in
        /// files from before it was kept.
        public var overrode: Placement?
        /// Where the button rests there.
        public var rest: RestPosition

        /// A place with these fields; `overrode` nil for a file from before it was kept.
        public init(
            button: String, instanceOutput: String?, output: String?, overrode: Placement? = nil,
            rest: RestPosition
        ) {
            self.button = button
            self.instanceOutput = instanceOutput
            self.output = output
            self.overrode = overrode
            self.rest = rest
        }

        /// Whether this place still wins over a config whose `position` is
        /// `configured`: it does while the config says what it said when the
        /// user chose the place. A config changed since then wins. A place
        /// from a file that did not record it wins, as it always did.
        public func wins(over configured: Placement) -> Bool {
            overrode == nil || overrode == configured
        }
    }

    /// The most places a file keeps; `set` drops the oldest beyond it.
    public static let capacity = 64

    /// Oldest-set first.
    public var places: [Place]

    /// The given places; none is an empty state file.
    public init(places: [Place] = []) {
        self.places = places
    }

    /// The place of exactly this button and instance (nil for a button shown
    /// once), with no fallback to another instance.
    public func place(button: String, instanceOutput: String?) -> Place? {
        places.last { $0.button == button && $0.instanceOutput == instanceOutput }
    }

    /// Forgets the place of this button and instance: it follows the config.
    public mutating func remove(button: String, instanceOutput: String?) {
        places.removeAll { $0.button == button && $0.instanceOutput == instanceOutput }
    }

    /// Records `place`, replacing the one of the same button and instance,
    /// as the newest; beyond `capacity`, the oldest-set places go.
    public mutating func set(_ place: Place) {
        places.removeAll { $0.button == place.button && $0.instanceOutput == place.instanceOutput }
        places.append(place)
        if places.count > Self.capacity { places.removeFirst(places.count - Self.capacity) }
    }

    /// The file's text. It always decodes: places with an invalid button name
    /// are left out, and `places` is written as `set` would have left it (one
    /// place per button and instance, the last one, at most `capacity`).
    public func encoded() -> String {
        var kept = SavedPlaces()
        for place in places where Self.isValidButtonName(place.button) { kept.set(place) }
        var text = "buoy-state 2\n"
        for place in kept.places {
            text += "button " + place.button + "\n"
            if let each = place.instanceOutput { text += "each " + StateText.escape(each) + "\n" }
            if let output = place.output { text += "output " + StateText.escape(output) + "\n" }
            if let overrode = place.overrode { text += "config " + overrode.rawValue + "\n" }
            text += "rest " + StateText.rest(place.rest) + "\n"
        }
        return text + "end\n"
    }

    /// Parses a version 2 file, or a version 1 file as the place of the button
    /// `main`. Nil for anything malformed: a wrong header or version, unknown,
    /// repeated or out-of-order keys, an invalid button name, a record without
    /// `rest`, two places of one button and instance, more than `capacity`
    /// places, bad fractions or escapes, anything after `end`, or a file
    /// without `end` or not ending in a newline (truncated).
    public static func decode(_ text: String) -> SavedPlaces? {
        guard let lines = StateText.lines(text), let header = lines.first.map(StateText.string) else {
            return nil
        }
        if header == "buoy-state 1" {
            return SavedState.decode(text).map {
                SavedPlaces(places: [
                    Place(button: "main", instanceOutput: nil, output: $0.output, rest: $0.rest)
                ])
            }
        }
        guard header == "buoy-state 2", lines.count >= 2, StateText.string(lines[lines.count - 1]) == "end"
        else {
            return nil
        }
        var decoded = SavedPlaces()
        // The record being read: its button, then whichever of `each`,
        // `output` and `config` came; `stage` is how far into the record the keys went.
        var button: String?
        var each: String?
        var output: String?
        var overrode: Placement?
        var stage = 0
        for line in lines.dropFirst().dropLast() {
            guard let space = line.firstIndex(of: " ") else { return nil }
            let key = StateText.string(line[..<space])
            let value = line[line.index(after: space)...]
            switch (key, stage) {
            case ("button", 0):
                let name = StateText.string(value)
                guard isValidButtonName(name) else { return nil }
                button = name
                stage = 1
            case ("each", 1):
                guard let name = StateText.unescape(value) else { return nil }
                each = name
                stage = 2
            case ("output", 1), ("output", 2):
                guard let name = StateText.unescape(value) else { return nil }
                output = name
                stage = 3
            case ("config", 1...3):
                guard let placement = Placement(rawValue: StateText.string(value)) else { return nil }
                overrode = placement
                stage = 4
            case ("rest", 1...4):
                guard let rest = StateText.rest(value), let button,
                    decoded.place(button: button, instanceOutput: each) == nil,
                    decoded.places.count < capacity
                else { return nil }
                decoded.places.append(
                    Place(
                        button: button, instanceOutput: each, output: output, overrode: overrode, rest: rest))
                (each, output, overrode, stage) = (nil, nil, nil, 0)
            default:
                return nil
            }
        }
        return stage == 0 ? decoded : nil
    }

    /// A button name: `[a-z0-9_-]{1,32}`.
    static func isValidButtonName(_ name: String) -> Bool {
        let scalars = name.unicodeScalars
        return (1...32).contains(scalars.count)
            && scalars.allSatisfy {
                ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
            }
    }
}

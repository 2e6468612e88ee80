import BuoyCore

/// `[pointer]`: the pointer pad's size, place and speed (issue 45). Its
/// defaults are here; the schema (`Schema.pointerPad`) holds the ranges.
public struct PointerPadConfig: Sendable, Equatable {
    /// The pad's share of its output's width, 0.2...1 (`width`).
    public var width: Double
    /// The pad's share of its output's height, 0.1...1 (`height`).
    public var height: Double
    /// Which part of the output it opens in (`place`).
    public var place: PointerPadPlacement.Place
    /// The pointer's motion per finger motion, before acceleration, 0.1...10 (`speed`).
    public var speed: Double

    public init(
        width: Double = 0.6, height: Double = 0.33, place: PointerPadPlacement.Place = .bottom,
        speed: Double = 1
    ) {
        self.width = width
        self.height = height
        self.place = place
        self.speed = speed
    }
}

/// `{ action = "pointer" }`: opens or closes the pointer pad, from a
/// gesture or a menu item; in the picker beside the click types.
public enum PointerAction {
    /// How the config names it.
    public static let name = "pointer"
    /// A menu item's label when the config gives none.
    public static let label = "Pointer"
    /// Its icon: the theme's touchpad.
    public static let icon = "input-touchpad"
}

extension SchemaReader {
    /// Whether `{ action = ... }` (or a menu item's `action`) names the pointer pad.
    func isPointerAction(_ entry: TOMLEntry) -> Bool {
        if case .string(PointerAction.name) = entry.node.value { return true }
        return false
    }
}

extension PointerPadConfig: SchemaSection { static var defaults: PointerPadConfig { PointerPadConfig() } }

extension Schema {
    static var pointerPad: [Field<PointerPadConfig>] {
        [
            .number("width", \.width, 0.2...1),
            .number("height", \.height, 0.1...1),
            .choice("place", \.place, PointerPadPlacement.Place.allCases.map { ($0.rawValue, $0) }),
            .number("speed", \.speed, 0.1...10),
        ]
    }
}

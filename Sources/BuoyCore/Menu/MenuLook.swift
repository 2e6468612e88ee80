/// How the menu looks, beyond its geometry.
public struct MenuLook: Sendable, Equatable {
    /// `[menu]`'s colours.
    public var colors: MenuColors
    /// The button's colour: the focus ring's unless `colors` names one, so
    /// the ring reads as the same accent.
    public var buttonColor: Color
    /// The labels' font, a Pango font description (`[menu] font`);
    /// measure with the same font.
    public var font: String

    /// A look in `colors`, its focus ring in `buttonColor` unless `colors` names one, its labels in `font`.
    public init(colors: MenuColors = MenuColors(), buttonColor: Color, font: String = "Sans 13") {
        self.colors = colors
        self.buttonColor = buttonColor
        self.font = font
    }

    /// The keyboard focus ring's colour (`MenuColors.focusRing`).
    public var focusColor: Color { colors.focusRing(buttonColor: buttonColor) }
}

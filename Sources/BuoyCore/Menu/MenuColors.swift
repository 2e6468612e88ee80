/// The menu's colours (`[menu] background`, `label_color`,
/// `label_background`, `focus_color`), with their defaults in one place:
/// the config starts from them and the painter paints them.
///
/// The defaults are one calm style that reads on any wallpaper: discs,
/// pills and panels share one dark fill, edged with a faint light rim
/// (`rim`). The rim reaches WCAG's 3:1 non-text contrast on a dark
/// wallpaper, black included, and the fill reaches it against the rim on a
/// light one (`boundaryContrast`).
public struct MenuColors: Sendable, Equatable {
    /// An item's disc in a column, the panel behind the items in a panel.
    public var background: Color
    /// The labels' text, and symbolic icons recoloured to match.
    public var labelColor: Color
    /// A label's pill, in a column (a panel is the labels' backdrop).
    public var labelBackground: Color
    /// The keyboard focus ring; nil takes the button's colour.
    public var focusColor: Color?

    /// The given colours; the defaults are buoy's (`[menu]`'s in buoy(5)).
    public init(
        background: Color = MenuColors.defaultBackground, labelColor: Color = MenuColors.defaultLabelColor,
        labelBackground: Color = MenuColors.defaultLabelBackground, focusColor: Color? = nil
    ) {
        self.background = background
        self.labelColor = labelColor
        self.labelBackground = labelBackground
        self.focusColor = focusColor
    }

    /// "#303030eb": a neutral dark grey, whatever the button's colour, so
    /// that any icon reads on it.
    public static let defaultBackground = Color(
        red: 0x30 / 255.0, green: 0x30 / 255.0, blue: 0x30 / 255.0, alpha: 0xEB / 255.0)
    /// "#ffffff".
    public static let defaultLabelColor = Color(red: 1, green: 1, blue: 1)
    /// The discs' fill: a pill is one of a kind with the disc beside it.
    public static let defaultLabelBackground = defaultBackground

    /// The light rim around every disc, pill and panel: white at 0x5a, the
    /// least that still stands out 3:1 from a black wallpaper, so that it
    /// is a faint edge rather than an outline.
    public static let rim = Color(red: 1, green: 1, blue: 1, alpha: 0x5A / 255.0)
    /// The rim's width in logical px.
    public static let rimWidth = 1.0

    /// The keyboard focus ring's colour: `focusColor` when set; else the
    /// button's colour, if it holds WCAG's 3:1 against the menu's background
    /// on a dark and on a light wallpaper; else white or black, whichever
    /// holds it better (a button coloured like the panel would hide its ring).
    public func focusRing(buttonColor: Color) -> Color {
        if let focusColor { return focusColor }
        let wallpapers = [Color(red: 0, green: 0, blue: 0), Color(red: 1, green: 1, blue: 1)]
        func contrast(_ ring: Color) -> Double {
            wallpapers.map { wallpaper in
                let panel = background.composited(over: wallpaper)
                return Color.contrastRatio(ring.composited(over: panel), panel)
            }.min() ?? 0
        }
        if contrast(buttonColor) >= 3 { return buttonColor }
        let white = Color(red: 1, green: 1, blue: 1)
        let black = Color(red: 0, green: 0, blue: 0)
        return contrast(white) >= contrast(black) ? white : black
    }

    /// How well a shape filled with `fill` and edged with `rim` stands out
    /// from an opaque `wallpaper`: the better of its two boundaries, the
    /// rim against the wallpaper and the fill against the rim (WCAG's
    /// understanding of 1.4.11 lets either carry the contrast). The rim
    /// lies just outside the fill, so each is composited over the wallpaper.
    public static func boundaryContrast(fill: Color, rim: Color = MenuColors.rim, on wallpaper: Color)
        -> Double
    {
        let outer = rim.composited(over: wallpaper)
        let inner = fill.composited(over: wallpaper)
        return max(Color.contrastRatio(outer, wallpaper), Color.contrastRatio(inner, outer))
    }
}

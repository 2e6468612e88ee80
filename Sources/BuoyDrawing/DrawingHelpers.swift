import BuoyCore

/// Whether the drawing helpers work, for `buoy doctor`. Each is tried in a
/// child of its own, as buoy uses them, so neither Pango nor librsvg is
/// ever mapped into the process that asks.
public struct DrawingHelpers: Equatable, Sendable {
    /// A child drew a label, as one draws a button's face.
    public var draws: Bool
    /// Pango's libraries open, with every call the labels make.
    public var pango: Bool
    /// librsvg opens, with the calls the icons make.
    public var librsvg: Bool

    /// Tries each; `font` is the labels' (a Pango font description).
    public static func check(font: String) -> DrawingHelpers {
        let label = FaceArtist.draw(.label("b"), side: 32, color: MenuColors.defaultLabelColor, font: font) {
            _ in
            MenuArtist.Located(paths: [], themeMissing: false)
        }
        return DrawingHelpers(
            draws: label?.wait()?.image != nil,
            pango: passesInChild { Pango.shared != nil },
            librsvg: passesInChild { Rsvg.open() != nil })
    }

    private static func passesInChild(_ test: () -> Bool) -> Bool {
        ChildJob { test() ? 0 : 1 }?.wait(timeoutMilliseconds: MenuArtist.timeout).exitCode == 0
    }
}

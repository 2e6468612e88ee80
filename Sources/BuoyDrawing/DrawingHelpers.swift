import BuoyCore

/// Whether the drawing helper works, for `buoy doctor`: it draws a label,
/// as it draws a button's face, so neither Pango nor librsvg is ever mapped
/// into the process that asks.
package struct DrawingHelpers: Equatable, Sendable {
    /// The helper drew a label.
    package var draws: Bool
    /// Whether the Pango and librsvg the helper links were loaded: false
    /// when it could not start (it cannot tell which one is missing).
    package var pango: Bool
    package var librsvg: Bool

    /// The code the dynamic loader exits with when a library is missing.
    static let libraryMissing: Int32 = 127

    /// Tries it; `font` is the labels' (a Pango font description).
    package static func check(font: String) -> DrawingHelpers {
        let job = FaceJob(
            face: .label("b"), side: 32, color: MenuColors.defaultLabelColor, font: font,
            query: IconQuery(theme: nil, size: 32, scale: 1, baseDirectories: []))
        guard let started = try? FaceArtist.draw(job, reaping: .blocking) else {
            return DrawingHelpers(draws: false, pango: false, librsvg: false)
        }
        let drawn = started.wait()?.image != nil
        let loaded = started.collected().exitCode != libraryMissing
        return DrawingHelpers(draws: drawn, pango: loaded, librsvg: loaded)
    }
}

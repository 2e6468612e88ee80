import BuoyCore
import CCairo
import Glibc

/// Draws the menu's text and images in a short-lived child process
/// (`runInChild`), so that buoy itself never loads fonts or decodes icons.
///
/// Text costs memory that stays: fontconfig's parsed configuration,
/// FreeType and its glyph caches, the font files, about 2 MB of buoy's 12 MB
/// budget with the menu open, none of which can be given back. Measured in
/// a child, labels cost buoy nothing; and since `MenuPainter` draws each
/// part of the menu once per open (the compositor animates it), one child
/// draws them all into the shared-memory buffers the compositor shows.
public enum MenuArtist {
    /// Where the child draws one sprite: `MAP_SHARED` memory (a wl_shm
    /// buffer), `stride` bytes per row. Private memory would be written in
    /// the child's copy only.
    public struct Canvas {
        public var data: UnsafeMutableRawPointer
        public var stride: Int

        public init(data: UnsafeMutableRawPointer, stride: Int) {
            self.data = data
            self.stride = stride
        }
    }

    /// What a drawing child reports.
    public struct Report: Sendable, Equatable {
        /// Per item: whether its icon file (given, and found) could not be
        /// loaded, so its initial was drawn instead.
        public var iconFailed: [Bool]
        /// The child's peak resident memory, in KiB.
        public var childPeakKiB: Int
    }

    /// How long a child may take, in milliseconds: enough for every icon to
    /// be an SVG that takes `IconLoader.svgTimeout`.
    static let timeout = IconLoader.svgTimeout * 10

    /// Each label's `MenuPainter.measureLabel` size, measured in a child;
    /// nil if the child failed.
    public static func measure(_ labels: [String], fontSize: Double) -> [Size]? {
        guard !labels.isEmpty else { return [] }
        guard let sizes = SharedMemory<Double>(count: 2 * labels.count) else { return nil }
        let outcome = runInChild(timeoutMilliseconds: timeout) {
            for (i, label) in labels.enumerated() {
                let size = MenuPainter.measureLabel(label, fontSize: fontSize)
                sizes.pointer[2 * i] = size.width
                sizes.pointer[2 * i + 1] = size.height
            }
            return 0
        }
        guard outcome?.exitCode == 0 else { return nil }
        return labels.indices.map { Size(width: sizes.pointer[2 * $0], height: sizes.pointer[2 * $0 + 1]) }
    }

    /// Draws `sprites[i]` of `layout` on `canvases[i]` at `scale`, in a
    /// child. `labels[i]` and `iconPaths[i]` are item i's label and icon file
    /// (nil: none, draw the initial); icons are loaded `iconSize` px square.
    /// Nil if the child failed (the canvases are then undefined).
    public static func draw(
        _ sprites: [MenuSprite], on canvases: [Canvas], layout: MenuLayout, labels: [String],
        iconPaths: [String?], iconSize: Int, look: MenuLook, scale: Int
    ) -> Report? {
        precondition(sprites.count == canvases.count, "one canvas per sprite")
        let count = layout.items.count
        guard let failures = SharedMemory<UInt8>(count: max(1, count)) else { return nil }
        let outcome = runInChild(timeoutMilliseconds: timeout) {
            let icons = IconLoader(capacity: max(1, count))
            let entries = (0..<count).map { i in
                let label = i < labels.count ? labels[i] : ""
                guard i < iconPaths.count, let path = iconPaths[i] else { return MenuEntry(label: label) }
                let icon = icons.load(path: path, size: iconSize)
                failures.pointer[i] = icon == nil ? 1 : 0
                return MenuEntry(label: label, icon: icon)
            }
            for (sprite, canvas) in zip(sprites, canvases) {
                MenuPainter.paint(
                    sprite, of: layout, entry: entries[sprite.item], look: look, scale: scale,
                    into: canvas.data, stride: canvas.stride)
            }
            return 0
        }
        guard let outcome, outcome.exitCode == 0 else { return nil }
        return Report(
            iconFailed: (0..<count).map { failures.pointer[$0] != 0 }, childPeakKiB: outcome.peakKiB)
    }
}

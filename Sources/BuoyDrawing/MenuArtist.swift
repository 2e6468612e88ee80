import BuoyCore
import CCairo
import CLinux
import Glibc

/// Draws the menu's text and images in a short-lived child process
/// (`ChildJob`), so that buoy itself never loads fonts or decodes icons.
///
/// Text costs memory that stays: Pango, HarfBuzz and GLib (`Pango`),
/// fontconfig's parsed configuration, FreeType and its glyph caches, the
/// font files, several MB of buoy's 12 MB
/// budget with the menu open, none of which can be given back. Measured in
/// a child, labels cost buoy nothing; and since `MenuPainter` draws each
/// part of the menu once per open (the compositor animates it), one child
/// draws them all into the shared-memory buffers the compositor shows.
public enum MenuArtist {
    /// Where a sprite's image is in the file the child draws into.
    public struct Slot: Sendable, Equatable {
        /// In bytes from the file's start.
        public var offset: Int
        /// In buffer pixels, `width` × 4 bytes a row (ARGB32).
        public var width: Int
        public var height: Int
    }

    /// Where `sprites` at `scale` go, one after the other, and the bytes
    /// they take: the child sizes its file so, and the parent makes its
    /// buffers so.
    public static func slots(for sprites: [MenuSprite], scale: BufferScale) -> (slots: [Slot], bytes: Int) {
        var offset = 0
        let slots = sprites.map { sprite in
            let (width, height) = MenuPainter.bufferSize(of: sprite, scale: scale)
            defer { offset += width * 4 * height }
            return Slot(offset: offset, width: width, height: height)
        }
        return (slots, offset)
    }

    /// What became of an item's icon in the child.
    public enum Icon: Sendable, Equatable {
        /// The item has no icon; its initial was drawn.
        case none
        /// Not found in the icon themes; its initial was drawn.
        case notFound
        /// Found at this path and drawn.
        case drawn(path: String)
        /// Found at this path, but it could not be loaded; its initial was drawn.
        case failed(path: String)
    }

    /// Where `draw`'s `locate` found the icons.
    public struct Located {
        /// Per icon, its file, or nil if it was not found.
        public var paths: [String?]
        /// The configured icon theme was not found (its index.theme is
        /// missing or unreadable), so only the fallback themes were searched.
        public var themeMissing: Bool

        public init(paths: [String?], themeMissing: Bool) {
            self.paths = paths
            self.themeMissing = themeMissing
        }
    }

    /// What a drawing child reports.
    public struct Report: Sendable, Equatable {
        /// Per item, its label's size (`MenuPainter.measureLabel`), which
        /// the menu was laid out with.
        public var labelSizes: [Size]
        /// Per item, its icon's fate.
        public var icons: [Icon]
        /// As `Located.themeMissing`.
        public var themeMissing: Bool
        /// The child's peak resident memory, in KiB.
        public var childPeakKiB: Int
    }

    /// Room for one icon's path in the report (the child leaves a longer
    /// one out of the report, not out of the menu).
    static let pathCapacity = 4096

    /// How long a child may take, in milliseconds: enough for every icon to
    /// be an SVG that takes `IconLoader.svgTimeout`.
    static let timeout = IconLoader.svgTimeout * 10

    /// How long a child may take, in seconds: past it, `finish(killing:)`.
    public static var timeoutSeconds: Double { Double(timeout) / 1000 }

    /// A child at work for the menu. Its owner polls `fd` (readable once the
    /// child has exited) with the rest of the loop, then calls `finish`;
    /// dropping it kills the child.
    public final class Job<Result> {
        private let child: ChildJob
        private let collect: (ChildOutcome) -> Result?

        init(child: ChildJob, collect: @escaping (ChildOutcome) -> Result?) {
            self.child = child
            self.collect = collect
        }

        public var fd: Int32 { child.fd }

        /// Whether the child has exited, without waiting (`ChildJob.hasExited`).
        public var hasExited: Bool { child.hasExited }

        /// The result, once `fd` is readable; with `killing`, the child is
        /// killed first (it took too long) and the result is nil. Nil too if
        /// the child failed.
        public func finish(killing: Bool) -> Result? {
            let outcome = child.finish(killing: killing)
            return killing ? nil : collect(outcome)
        }

        /// Blocks until the child is done, at most `MenuArtist.timeout`.
        public func wait() -> Result? {
            collect(child.wait(timeoutMilliseconds: timeout))
        }
    }

    /// Starts a child that draws a menu of `labels` (item i's; empty:
    /// none) and `icons` (each a theme name or a path; nil: none, draw the
    /// initial) at `scale`: it measures the labels in `look.font`, lays the
    /// menu out with `arrange`, given their sizes, and draws each of its
    /// `MenuPainter.sprites` into its `slots` of `file`, which it sizes
    /// (`buoy_memfd_size_and_seal`). The parent, which never loads a font,
    /// lays it out the same from the sizes reported, and makes its buffers
    /// over the file. One child, since a child that only measured cost a
    /// second start of Pango and fontconfig (12 ms). The child turns the
    /// icons into files with `locate` (a theme lookup: reading the themes'
    /// index files costs memory that would otherwise stay in buoy) and
    /// loads them `iconSize` px square. Nil if it could not be started; the
    /// job's result is nil if the child failed (the file is then undefined).
    public static func draw(
        labels: [String], icons: [String?], arrange: @escaping ([Size]) -> MenuLayout, into file: Int32,
        locate: @escaping ([String?]) -> Located, iconSize: Int, look: MenuLook, scale: BufferScale
    ) -> Job<Report>? {
        let count = labels.count
        // Per item: an outcome byte, then its path, NUL-terminated; then
        // whether the configured theme is missing.
        let slot = 1 + pathCapacity
        let themeByte = count * slot
        guard let shared = SharedMemory<UInt8>(count: themeByte + 1),
            let sizes = SharedMemory<Double>(count: max(1, 2 * count))
        else { return nil }
        let child = ChildJob {
            // The SVGs render in a further child while the labels are measured here.
            let loader = IconLoader(capacity: max(1, count), symbolicColor: look.colors.labelColor)
            let located = locate((0..<count).map { $0 < icons.count ? icons[$0] : nil })
            let paths = located.paths
            shared.pointer[themeByte] = located.themeMissing ? 1 : 0
            loader.preload(paths.compactMap { $0 }, size: iconSize)
            for (i, label) in labels.enumerated() {
                let size = MenuPainter.measureLabel(label, font: look.font)
                sizes.pointer[2 * i] = size.width
                sizes.pointer[2 * i + 1] = size.height
            }
            let layout = arrange(labels.indices.map { sizedLabel(at: $0, in: sizes) })
            let sprites = MenuSprite.sprites(for: layout)
            let (slots, bytes) = slots(for: sprites, scale: scale)
            guard bytes > 0, buoy_memfd_size_and_seal(file, bytes) == 0,
                let mapped = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, file, 0),
                mapped != MAP_FAILED
            else { return 1 }
            let entries = (0..<count).map { i in
                let label = labels[i]
                guard i < icons.count, icons[i] != nil else { return MenuEntry(label: label) }
                guard i < paths.count, let path = paths[i] else {
                    shared.pointer[i * slot] = iconNotFound
                    return MenuEntry(label: label)
                }
                let icon = loader.load(path: path, size: iconSize)
                shared.pointer[i * slot] = icon == nil ? iconFailed : iconDrawn
                let utf8 = Array(path.utf8.prefix(pathCapacity - 1))
                for (j, byte) in utf8.enumerated() { shared.pointer[i * slot + 1 + j] = byte }
                return MenuEntry(label: label, icon: icon)
            }
            for (sprite, place) in zip(sprites, slots) where entries.indices.contains(sprite.item) {
                MenuPainter.paint(
                    sprite, of: layout, entry: entries[sprite.item], look: look, scale: scale,
                    into: mapped + place.offset, stride: place.width * 4)
            }
            return 0
        }
        guard let child else { return nil }
        return Job(child: child) { outcome in
            guard outcome.exitCode == 0 else { return nil }
            let reported = (0..<count).map { i -> Icon in
                let path = { String(cString: shared.pointer + i * slot + 1) }
                switch shared.pointer[i * slot] {
                case iconNotFound: return .notFound
                case iconDrawn: return .drawn(path: path())
                case iconFailed: return .failed(path: path())
                default: return .none
                }
            }
            return Report(
                labelSizes: labels.indices.map { sizedLabel(at: $0, in: sizes) }, icons: reported,
                themeMissing: shared.pointer[themeByte] != 0, childPeakKiB: outcome.peakKiB)
        }
    }

    private static func sizedLabel(at index: Int, in sizes: SharedMemory<Double>) -> Size {
        Size(width: sizes.pointer[2 * index], height: sizes.pointer[2 * index + 1])
    }
}

/// The outcome bytes of `MenuArtist.draw`'s report; 0 is `.none`.
private let iconNotFound: UInt8 = 1
private let iconDrawn: UInt8 = 2
private let iconFailed: UInt8 = 3

import BuoyCore

/// Has the drawing helper (`DrawingHelper`) draw the menu's text and
/// images, so that buoy itself never loads fonts or decodes icons.
///
/// Text costs memory that stays: Pango, HarfBuzz and GLib, fontconfig's
/// parsed configuration, FreeType and its glyph caches, the font files,
/// several MB of buoy's budget with the menu open, none of which can be
/// given back. Measured in the helper, labels cost buoy nothing; and since
/// `MenuPainter` draws each part of the menu once per open (the compositor
/// animates it), one helper draws them all into the memory file the
/// compositor shows.
package enum MenuArtist {
    /// Where a sprite's image is in the file the helper draws into.
    package struct Slot: Sendable, Equatable {
        /// In bytes from the file's start.
        package var offset: Int
        /// In buffer pixels, `width` × 4 bytes a row (ARGB32).
        package var width: Int
        package var height: Int
    }

    /// Where `sprites` at `scale` go, one after the other, and the bytes
    /// they take: the helper sizes its file so, and buoy makes its buffers
    /// so.
    package static func slots(for sprites: [MenuSprite], scale: BufferScale) -> (slots: [Slot], bytes: Int) {
        var offset = 0
        let slots = sprites.map { sprite in
            let (width, height) = MenuPainter.bufferSize(of: sprite, scale: scale)
            defer { offset += width * 4 * height }
            return Slot(offset: offset, width: width, height: height)
        }
        return (slots, offset)
    }

    /// What became of an item's icon in the helper.
    package enum Icon: Wire, Sendable {
        /// The item has no icon; its initial was drawn.
        case none
        /// Not found in the icon themes; its initial was drawn.
        case notFound
        /// Found at this path and drawn.
        case drawn(path: String)
        /// Found at this path, but it could not be loaded; its initial was drawn.
        case failed(path: String)
        /// Not drawn this time (`MenuDrawJob.only`): the item keeps its images.
        case unchanged

        package func write(to writer: inout WireWriter) {
            switch self {
            case .none: writer.write(0)
            case .notFound: writer.write(1)
            case .drawn(let path):
                writer.write(2)
                writer.write(path)
            case .failed(let path):
                writer.write(3)
                writer.write(path)
            case .unchanged: writer.write(4)
            }
        }

        package init(from reader: inout WireReader) throws(WireError) {
            switch try reader.read(Int.self) {
            case 0: self = .none
            case 1: self = .notFound
            case 2: self = .drawn(path: try reader.read())
            case 3: self = .failed(path: try reader.read())
            case 4: self = .unchanged
            case let tag: throw WireError(description: "no Icon \(tag)")
            }
        }
    }

    /// What the helper reports of a menu it drew.
    package struct Drawn: WireRecord, Sendable {
        /// Per item, its label's size (`MenuPainter.measureLabel`), which
        /// the menu was laid out with.
        package var labelSizes: [Size]
        /// Per item, its icon's fate.
        package var icons: [Icon]
        /// The configured icon theme was not found (its index.theme is
        /// missing or unreadable), so only the fallback themes were searched.
        package var themeMissing: Bool
        /// The icon directories' `IconQuery.stamp` as the icons were looked up.
        package var stamp: Int

        package init(labelSizes: [Size], icons: [Icon], themeMissing: Bool, stamp: Int) {
            self.labelSizes = labelSizes
            self.icons = icons
            self.themeMissing = themeMissing
            self.stamp = stamp
        }

        package static var blank: Drawn { Drawn(labelSizes: [], icons: [], themeMissing: false, stamp: 0) }

        package mutating func wireFields(_ field: inout WireFields) {
            field(&labelSizes)
            field(&icons)
            field(&themeMissing)
            field(&stamp)
        }
    }

    /// What buoy learns of a menu the helper drew.
    package struct Report: Sendable, Equatable {
        package var labelSizes: [Size]
        package var icons: [Icon]
        package var themeMissing: Bool
        /// `Drawn.stamp`: for the next job's `IconQuery.stamp`.
        package var stamp: Int
        /// The helper's peak resident memory, with its own helper's, in KiB.
        package var childPeakKiB: Int
    }

    /// How long a helper may take, in milliseconds: enough for every icon to
    /// be an SVG that takes `DrawingHelper.svgTimeout`.
    static let timeout = DrawingHelper.svgTimeout * 10

    /// How long a helper may take, in seconds: past it, `finish` kills it.
    package static var timeoutSeconds: Double { Double(timeout) / 1000 }

    /// A helper at work. Its owner polls `fd` (readable once the helper has
    /// exited) with the rest of the loop, then calls `finish`; dropping it
    /// kills the helper.
    package final class Job<Result> {
        private let child: ChildJob
        private let collect: (ChildOutcome) -> Result?

        init(child: ChildJob, collect: @escaping (ChildOutcome) -> Result?) {
            self.child = child
            self.collect = collect
        }

        package var fd: Int32 { child.fd }

        /// Whether the helper has exited, without waiting (`ChildJob.hasExited`).
        package var hasExited: Bool { child.hasExited }

        /// The result, once `fd` is readable; a helper still at work (it
        /// took too long) is killed, and its result is nil. Nil too if the
        /// helper failed.
        package func finish() -> Result? {
            collect(child.finish())
        }

        /// How the helper ended; call it once it has (`wait`, `finish`).
        func collected() -> ChildOutcome {
            child.finish()
        }

        /// Blocks until the helper is done, at most `MenuArtist.timeout`.
        package func wait() -> Result? {
            collect(child.wait(timeoutMilliseconds: timeout))
        }
    }

    /// Starts a helper that draws the menu of `job` into `file`: it measures
    /// the labels in `job.look.font`, lays the menu out with
    /// `job.arrangement`, given their sizes, looks the icons up (reading the
    /// themes' index files costs memory that would otherwise stay in buoy)
    /// and loads them `job.query.size` px square, sizes the file
    /// (`buoy_memfd_size_and_seal`) and draws each of the layout's
    /// `MenuPainter.sprites` into its `slots`. buoy, which never loads a
    /// font, lays it out the same from the sizes reported, and makes its
    /// buffers over the file. One helper, since one that only measured cost
    /// a second start of Pango and fontconfig (12 ms). The job's result is
    /// nil if the helper failed (the file is then undefined).
    package static func draw(_ job: MenuDrawJob, into file: Int32, reaping: ChildReaping)
        throws(ChildStartError)
        -> Job<Report>
    {
        let child = try DrawingHelper.start(.menu(job), files: [file], reaping: reaping)
        return Job(child: child) { outcome in
            guard outcome.exitCode == 0, let drawn = try? Drawn.decode(outcome.report),
                drawn.labelSizes.count == job.labels.count, drawn.icons.count == job.labels.count
            else { return nil }
            return Report(
                labelSizes: drawn.labelSizes, icons: drawn.icons, themeMissing: drawn.themeMissing,
                stamp: drawn.stamp, childPeakKiB: outcome.peakKiB)
        }
    }
}

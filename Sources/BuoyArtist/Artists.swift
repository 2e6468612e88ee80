import BuoyCore
import BuoyDrawing
import CCairo
import CLinux
import Glibc

extension MenuArtist {
    /// The helper's side of `draw(_:into:)`: measures the labels, lays the
    /// menu out, sizes and seals `file` and draws every sprite into its
    /// slot. Nil if it could not.
    static func draw(_ job: MenuDrawJob, into file: Int32) -> Drawn? {
        let count = job.labels.count
        let icons = (0..<count).map { $0 < job.icons.count ? job.icons[$0] : nil }
        // The SVGs render in a further helper while the labels are measured here.
        let loader = IconLoader(capacity: max(1, count), symbolicColor: job.look.colors.labelColor)
        // A glyph is drawn here, not looked up.
        let glyphs = icons.map { $0.flatMap(Glyph.init(iconName:)) }
        let located = IconFiles.locate(
            zip(icons, glyphs).map { icon, glyph in glyph == nil ? icon : nil }, query: job.query)
        var glyphImages: [OpaquePointer] = []
        defer { glyphImages.forEach(cairo_surface_destroy) }
        loader.preload(located.paths.compactMap { $0 }, size: job.query.size)
        let sizes = MenuPainter.measureLabels(job.labels, font: job.look.font, arrangement: job.arrangement)
        let layout = job.arrangement.arrange(labels: sizes)
        let sprites = MenuSprite.sprites(for: layout)
        let (slots, bytes) = slots(for: sprites, scale: job.scale)
        guard bytes > 0, buoy_memfd_size_and_seal(file, bytes) == 0,
            let mapped = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, file, 0), mapped != MAP_FAILED
        else { return nil }
        defer { munmap(mapped, bytes) }
        var reported: [Icon] = []
        let painted = { (item: Int) in job.only.isEmpty || job.only.contains(item) }
        let paints = { (sprite: MenuSprite) in job.only.isEmpty || sprite.shows(anyOf: job.only) }
        let drawn = (0..<count).map { i in
            let label = job.labels[i]
            let on = i < job.on.count && job.on[i]
            let unavailable = i < job.unavailable.count && job.unavailable[i]
            guard icons[i] != nil, painted(i) else {
                // An item not painted keeps the fate its icon had: nothing is loaded for it.
                if icons[i] == nil { reported.append(.none) } else { reported.append(.unchanged) }
                return MenuEntry(label: label, on: on, unavailable: unavailable)
            }
            guard icons[i] != nil else {
                reported.append(.none)
                return MenuEntry(label: label, on: on, unavailable: unavailable)
            }
            if let glyph = glyphs[i], let name = icons[i],
                let image = GlyphArt.image(glyph, size: job.query.size, color: job.look.colors.labelColor)
            {
                glyphImages.append(image)
                reported.append(.drawn(path: name))
                return MenuEntry(label: label, icon: image, on: on, unavailable: unavailable)
            }
            guard i < located.paths.count, let path = located.paths[i] else {
                reported.append(.notFound)
                return MenuEntry(label: label, on: on, iconMissing: true, unavailable: unavailable)
            }
            let icon = loader.load(path: path, size: job.query.size)
            reported.append(icon == nil ? .failed(path: path) : .drawn(path: path))
            return MenuEntry(
                label: label, icon: icon, on: on, iconMissing: icon == nil, unavailable: unavailable)
        }
        let entries = drawn.enumerated().map { i, entry in
            var entry = entry
            entry.lifted = i < job.lifted.count && job.lifted[i]
            return entry
        }
        for (sprite, place) in zip(sprites, slots)
        where entries.indices.contains(sprite.item) && paints(sprite) {
            MenuPainter.paint(
                sprite, of: layout, entry: entries[sprite.item], look: job.look, scale: job.scale,
                into: mapped + place.offset, stride: place.width * 4)
        }
        return Drawn(
            labelSizes: sizes, icons: reported, themeMissing: located.themeMissing, stamp: located.stamp)
    }
}

extension FaceArtist {
    /// The label's ink fills at most this much of the image's height, so
    /// that one letter looks like the ring it replaces, not a headline.
    static let labelHeight = 0.8

    /// The helper's side of `draw(_:)`: draws the face into the pixels in
    /// `file`. What became of an icon (`.none` for a label); nil if it
    /// could not draw.
    static func draw(_ job: FaceJob, into file: Int32) -> MenuArtist.Icon? {
        let side = job.side
        let stride = FaceImage.stride(side: side)
        guard side > 0, stride > 0, let pixels = SharedMemory<UInt8>(file: file, count: stride * side),
            let surface = cairo_image_surface_create_for_data(
                pixels.pointer, FaceImage.format, Int32(side), Int32(side), Int32(stride)),
            let cr = cairo_create(surface)
        else { return nil }
        defer {
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
        }
        let icon: MenuArtist.Icon
        switch job.face {
        case .glyph: return nil
        case .label(let text):
            guard paintLabel(text, cr, side: Double(side), color: job.color, font: job.font) else {
                return nil
            }
            icon = .none
        case .icon(let name) where Glyph(iconName: name) != nil:
            GlyphArt.paint(Glyph(iconName: name)!, cr, side: Double(side), color: job.color)
            icon = .drawn(path: name)
        case .icon(let name):
            let path =
                name.hasPrefix("/") ? name : IconFiles.locate([name], query: job.query).paths.first ?? nil
            guard let path else { return .notFound }
            let loader = IconLoader(capacity: 1, symbolicColor: job.color)
            guard let image = loader.load(path: path, size: side) else { return .failed(path: path) }
            cairo_set_source_surface(cr, image, 0, 0)
            cairo_paint(cr)
            icon = .drawn(path: path)
        }
        cairo_surface_flush(surface)
        return cairo_status(cr) == CAIRO_STATUS_SUCCESS ? icon : nil
    }

    /// Draws `text` in `color` centred on a `side`² image, its ink as large
    /// as fits: measured at `side` px, then drawn at the size that fits,
    /// with Pango's fallback fonts for symbols and emoji.
    private static func paintLabel(
        _ text: String, _ cr: OpaquePointer, side: Double, color: Color, font: String
    ) -> Bool {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        guard
            let ink = Pango.withLayout(
                cr, text: text, font: font, bold: true, absoluteSize: side, { Pango.extents(of: $0).ink }),
            ink.width > 0, ink.height > 0
        else { return false }
        let size = side * min(1, side / ink.width, side * labelHeight / ink.height)
        let shown: Void? = Pango.withLayout(cr, text: text, font: font, bold: true, absoluteSize: size) {
            layout in
            let ink = Pango.extents(of: layout).ink
            cairo_move_to(cr, side / 2 - ink.center.x, side / 2 - ink.center.y)
            Pango.show(layout, on: cr)
        }
        return shown != nil
    }
}

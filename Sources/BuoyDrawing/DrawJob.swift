import BuoyCore

/// What buoy asks its drawing helper (`buoy-draw`) to draw, written to the
/// helper's standard input. Everything the drawing needs is data: the
/// helper lays a menu out (`MenuArrangement`) and looks its icons up
/// (`IconQuery`) itself.
package enum DrawJob: Wire, Sendable {
    /// A menu's images, into the file the helper is given (`MenuArtist`).
    case menu(MenuDrawJob)
    /// A button's face or badge, into the memory it is given (`FaceArtist`).
    case face(FaceJob)
    /// SVG icons, for the helper's own icon loader, into the memory it is
    /// given: a helper renders them in a helper of its own, so that one SVG
    /// that hangs costs only its icon.
    case svgs(SVGJob)

    package func write(to writer: inout WireWriter) {
        switch self {
        case .menu(let job):
            writer.write(0)
            writer.write(job)
        case .face(let job):
            writer.write(1)
            writer.write(job)
        case .svgs(let job):
            writer.write(2)
            writer.write(job)
        }
    }

    package init(from reader: inout WireReader) throws(WireError) {
        switch try reader.read(Int.self) {
        case 0: self = .menu(try reader.read())
        case 1: self = .face(try reader.read())
        case 2: self = .svgs(try reader.read())
        case let tag: throw WireError(description: "no DrawJob \(tag)")
        }
    }
}

/// Where, and how, the helper looks up icons given by name (`IconLookup`).
package struct IconQuery: Wire, Sendable {
    /// `[menu] icon_theme`; nil: the fallback themes only.
    package var theme: String?
    /// In buffer px.
    package var size: Int
    /// The integer scale whose theme directories are searched.
    package var scale: Int
    /// `IconLookup.baseDirectories`, from buoy's environment.
    package var baseDirectories: [String]
    /// Icons an earlier helper looked up for the same theme, size and
    /// scale (name: file, or "" for not found): a file while it is readable,
    /// and a miss while the icon directories are as `stamp` says, is not
    /// looked up again.
    package var known: [String: String]
    /// `IconDirectories.stamp` when the misses in `known` were looked up.
    package var stamp: Int

    package init(
        theme: String?, size: Int, scale: Int, baseDirectories: [String], known: [String: String] = [:],
        stamp: Int = 0
    ) {
        self.theme = theme
        self.size = size
        self.scale = scale
        self.baseDirectories = baseDirectories
        self.known = known
        self.stamp = stamp
    }

    package func write(to writer: inout WireWriter) {
        writer.write(theme)
        writer.write(size)
        writer.write(scale)
        writer.write(baseDirectories)
        let names = known.keys.sorted()
        writer.write(names)
        writer.write(names.map { known[$0] ?? "" })
        writer.write(stamp)
    }

    package init(from reader: inout WireReader) throws(WireError) {
        let (theme, size, scale, directories) = (
            try reader.read(String?.self), try reader.read(Int.self), try reader.read(Int.self),
            try reader.read([String].self)
        )
        let (names, files) = (try reader.read([String].self), try reader.read([String].self))
        guard names.count == files.count else { throw WireError(description: "known icons without files") }
        self.init(
            theme: theme, size: size, scale: scale, baseDirectories: directories,
            known: Dictionary(zip(names, files)) { first, _ in first }, stamp: try reader.read(Int.self))
    }
}

/// A menu to draw: `MenuArtist.draw`'s arguments.
package struct MenuDrawJob: Wire, Sendable {
    /// Per item; empty: none.
    package var labels: [String]
    /// Per item, a theme name or a path; nil: none, the initial is drawn.
    package var icons: [String?]
    package var arrangement: MenuArrangement
    package var query: IconQuery
    package var look: MenuLook
    package var scale: BufferScale
    /// Per item, whether a `toggle` item is on: its circle gets an accent ring.
    package var on: [Bool]
    /// Per item, whether its tool is missing: it is drawn dimmed, with a mark.
    package var unavailable: [Bool]
    /// The items whose images are painted (a status came for them); empty:
    /// every image. The rest of the file is left unwritten, and every label
    /// is still measured, so that the layout can be checked.
    package var only: [Int]

    package init(
        labels: [String], icons: [String?], arrangement: MenuArrangement, query: IconQuery, look: MenuLook,
        scale: BufferScale, on: [Bool] = [], unavailable: [Bool] = [], only: [Int] = []
    ) {
        self.labels = labels
        self.icons = icons
        self.arrangement = arrangement
        self.query = query
        self.look = look
        self.scale = scale
        self.on = on
        self.unavailable = unavailable
        self.only = only
    }

    package func write(to writer: inout WireWriter) {
        writer.write(labels)
        writer.write(icons)
        writer.write(arrangement)
        writer.write(query)
        writer.write(look.colors)
        writer.write(look.buttonColor)
        writer.write(look.font)
        writer.write(scale)
        writer.write(on)
        writer.write(unavailable)
        writer.write(only)
    }

    package init(from reader: inout WireReader) throws(WireError) {
        let labels = try reader.read([String].self)
        let icons = try reader.read([String?].self)
        let (arrangement, query) = (try reader.read(MenuArrangement.self), try reader.read(IconQuery.self))
        let look = MenuLook(
            colors: try reader.read(), buttonColor: try reader.read(), font: try reader.read())
        let scale = try reader.read(BufferScale.self)
        self.init(
            labels: labels, icons: icons, arrangement: arrangement, query: query, look: look, scale: scale,
            on: try reader.read([Bool].self), unavailable: try reader.read([Bool].self),
            only: try reader.read([Int].self))
    }
}

/// A button's face or badge to draw: `FaceArtist.draw`'s arguments.
package struct FaceJob: Wire, Sendable {
    package var face: ButtonFace
    /// The image's side, in buffer px.
    package var side: Int
    package var color: Color
    package var font: String
    package var query: IconQuery

    package init(face: ButtonFace, side: Int, color: Color, font: String, query: IconQuery) {
        self.face = face
        self.side = side
        self.color = color
        self.font = font
        self.query = query
    }

    package func write(to writer: inout WireWriter) {
        writer.write(face)
        writer.write(side)
        writer.write(color)
        writer.write(font)
        writer.write(query)
    }

    package init(from reader: inout WireReader) throws(WireError) {
        self.init(
            face: try reader.read(), side: try reader.read(), color: try reader.read(),
            font: try reader.read(),
            query: try reader.read())
    }
}

/// SVGs to render `size` px square, from `paths[first]` on.
package struct SVGJob: Wire, Sendable {
    package var paths: [String]
    package var first: Int
    package var size: Int

    package init(paths: [String], first: Int, size: Int) {
        self.paths = paths
        self.first = first
        self.size = size
    }

    package func write(to writer: inout WireWriter) {
        writer.write(paths)
        writer.write(first)
        writer.write(size)
    }

    package init(from reader: inout WireReader) throws(WireError) {
        self.init(paths: try reader.read(), first: try reader.read(), size: try reader.read())
    }
}

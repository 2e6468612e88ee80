import BuoyCore

/// What buoy asks its drawing helper (`buoy-draw`) to draw, written to the
/// helper's standard input. Everything the drawing needs is data: the
/// helper lays a menu out (`MenuArrangement`) and looks its icons up
/// (`IconQuery`) itself.
public enum DrawJob: Wire, Sendable {
    /// A menu's images, into the file the helper is given (`MenuArtist`).
    case menu(MenuDrawJob)
    /// A button's face or badge, into the memory it is given (`FaceArtist`).
    case face(FaceJob)
    /// SVG icons, for the helper's own icon loader, into the memory it is
    /// given: a helper renders them in a helper of its own, so that one SVG
    /// that hangs costs only its icon.
    case svgs(SVGJob)

    public func write(to writer: inout WireWriter) {
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

    public init(from reader: inout WireReader) throws(WireError) {
        switch try reader.read(Int.self) {
        case 0: self = .menu(try reader.read())
        case 1: self = .face(try reader.read())
        case 2: self = .svgs(try reader.read())
        case let tag: throw WireError(description: "no DrawJob \(tag)")
        }
    }
}

/// Where, and how, the helper looks up icons given by name (`IconLookup`).
public struct IconQuery: Wire, Sendable {
    /// `[menu] icon_theme`; nil: the fallback themes only.
    public var theme: String?
    /// In buffer px.
    public var size: Int
    /// The integer scale whose theme directories are searched.
    public var scale: Int
    /// `IconLookup.baseDirectories`, from buoy's environment.
    public var baseDirectories: [String]
    /// Icons an earlier helper looked up for the same theme, size and
    /// scale (name: file, or "" for not found): a file while it is readable,
    /// and a miss while the icon directories are as `stamp` says, is not
    /// looked up again.
    public var known: [String: String]
    /// `IconDirectories.stamp` when the misses in `known` were looked up.
    public var stamp: Int

    public init(
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

    public func write(to writer: inout WireWriter) {
        writer.write(theme)
        writer.write(size)
        writer.write(scale)
        writer.write(baseDirectories)
        let names = known.keys.sorted()
        writer.write(names)
        writer.write(names.map { known[$0] ?? "" })
        writer.write(stamp)
    }

    public init(from reader: inout WireReader) throws(WireError) {
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
public struct MenuDrawJob: Wire, Sendable {
    /// Per item; empty: none.
    public var labels: [String]
    /// Per item, a theme name or a path; nil: none, the initial is drawn.
    public var icons: [String?]
    public var arrangement: MenuArrangement
    public var query: IconQuery
    public var look: MenuLook
    public var scale: BufferScale
    /// Per item, whether a `toggle` item is on: its circle gets an accent ring.
    public var on: [Bool]
    /// Per item, whether its tool is missing: it is drawn dimmed, with a mark.
    public var unavailable: [Bool]
    /// The items whose images are painted (a status came for them); empty:
    /// every image. The rest of the file is left unwritten, and every label
    /// is still measured, so that the layout can be checked.
    public var only: [Int]

    public init(
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

    public func write(to writer: inout WireWriter) {
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

    public init(from reader: inout WireReader) throws(WireError) {
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
public struct FaceJob: Wire, Sendable {
    public var face: ButtonFace
    /// The image's side, in buffer px.
    public var side: Int
    public var color: Color
    public var font: String
    public var query: IconQuery

    public init(face: ButtonFace, side: Int, color: Color, font: String, query: IconQuery) {
        self.face = face
        self.side = side
        self.color = color
        self.font = font
        self.query = query
    }

    public func write(to writer: inout WireWriter) {
        writer.write(face)
        writer.write(side)
        writer.write(color)
        writer.write(font)
        writer.write(query)
    }

    public init(from reader: inout WireReader) throws(WireError) {
        self.init(
            face: try reader.read(), side: try reader.read(), color: try reader.read(),
            font: try reader.read(),
            query: try reader.read())
    }
}

/// SVGs to render `size` px square, from `paths[first]` on.
public struct SVGJob: Wire, Sendable {
    public var paths: [String]
    public var first: Int
    public var size: Int

    public init(paths: [String], first: Int, size: Int) {
        self.paths = paths
        self.first = first
        self.size = size
    }

    public func write(to writer: inout WireWriter) {
        writer.write(paths)
        writer.write(first)
        writer.write(size)
    }

    public init(from reader: inout WireReader) throws(WireError) {
        self.init(paths: try reader.read(), first: try reader.read(), size: try reader.read())
    }
}

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
package struct IconQuery: WireRecord, Sendable {
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

    package static var blank: IconQuery { IconQuery(theme: nil, size: 0, scale: 0, baseDirectories: []) }

    package mutating func wireFields(_ field: inout WireFields) {
        field(&theme)
        field(&size)
        field(&scale)
        field(&baseDirectories)
        field(&known)
        field(&stamp)
    }
}

/// A menu to draw: `MenuArtist.draw`'s arguments.
package struct MenuDrawJob: WireRecord, Sendable {
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
    /// Per item, whether it is held and being moved: drawn lifted.
    package var lifted: [Bool]
    /// The items whose images are painted (a status came for them); empty:
    /// every image. The rest of the file is left unwritten, and every label
    /// is still measured, so that the layout can be checked.
    package var only: [Int]

    package init(
        labels: [String], icons: [String?], arrangement: MenuArrangement, query: IconQuery, look: MenuLook,
        scale: BufferScale, on: [Bool] = [], unavailable: [Bool] = [], lifted: [Bool] = [], only: [Int] = []
    ) {
        self.labels = labels
        self.icons = icons
        self.arrangement = arrangement
        self.query = query
        self.look = look
        self.scale = scale
        self.on = on
        self.unavailable = unavailable
        self.lifted = lifted
        self.only = only
    }

    package static var blank: MenuDrawJob {
        MenuDrawJob(
            labels: [], icons: [], arrangement: .blank, query: .blank,
            look: MenuLook(colors: .blank, buttonColor: Color(red: 0, green: 0, blue: 0)), scale: 1)
    }

    package mutating func wireFields(_ field: inout WireFields) {
        field(&labels)
        field(&icons)
        field(&arrangement)
        field(&query)
        field(&look.colors)
        field(&look.buttonColor)
        field(&look.font)
        field(&scale)
        field(&on)
        field(&unavailable)
        field(&lifted)
        field(&only)
    }
}

/// A button's face or badge to draw: `FaceArtist.draw`'s arguments.
package struct FaceJob: WireRecord, Sendable {
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

    package static var blank: FaceJob {
        FaceJob(face: .glyph, side: 0, color: Color(red: 0, green: 0, blue: 0), font: "", query: .blank)
    }

    package mutating func wireFields(_ field: inout WireFields) {
        field(&face)
        field(&side)
        field(&color)
        field(&font)
        field(&query)
    }
}

/// SVGs to render `size` px square, from `paths[first]` on.
package struct SVGJob: WireRecord, Sendable {
    package var paths: [String]
    package var first: Int
    package var size: Int

    package init(paths: [String], first: Int, size: Int) {
        self.paths = paths
        self.first = first
        self.size = size
    }

    package static var blank: SVGJob { SVGJob(paths: [], first: 0, size: 0) }

    package mutating func wireFields(_ field: inout WireFields) {
        field(&paths)
        field(&first)
        field(&size)
    }
}

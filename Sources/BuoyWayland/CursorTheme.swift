import BuoyCore
import BuoyFiles
import CWaylandClient

/// The XCursor theme ($XCURSOR_THEME at $XCURSOR_SIZE) for a compositor
/// without wp_cursor_shape_v1. Nothing is read until the pointer first
/// enters one of buoy's surfaces, and then only the file of the cursor
/// shown, one image of it (`XcursorFile`): a theme holds over a hundred
/// cursors at several sizes, which buoy never shows. The images are made at
/// the highest output scale at start, and shown at that buffer scale on
/// every output.
final class CursorTheme {
    /// One cursor image: its buffer, its hotspot in surface pixels, and the
    /// buffer scale to attach it at.
    struct Image {
        var buffer: ShmBuffer
        var hotspotX: Int32
        var hotspotY: Int32
        var scale: Int
    }

    private let shm: OpaquePointer
    private let scale: Int
    /// Per role, its image once asked for; nil inside when the theme has none.
    private var images: [CursorRole: Image?] = [:]

    init(shm: OpaquePointer, scale: Int) {
        self.shm = shm
        self.scale = scale
    }

    /// The first of `role`'s names the theme has, or nil; read on first use.
    func image(for role: CursorRole) -> Image? {
        if let image = images[role] { return image }
        let image = load(role)
        images[role] = image
        return image
    }

    private func load(_ role: CursorRole) -> Image? {
        let size = (Environment.int("XCURSOR_SIZE") ?? 24) * scale
        let directories = XcursorSearch.directories(
            xcursorPath: Environment.string("XCURSOR_PATH"), dataHome: Environment.string("XDG_DATA_HOME"),
            home: Environment.string("HOME"))
        let theme = Environment.string("XCURSOR_THEME") ?? "default"
        let image = role.themeNames.lazy.compactMap { name -> XcursorImage? in
            guard let path = Self.file(named: name, theme: theme, in: directories),
                case .success(let bytes) = Files.read(path, limit: Self.largestFile)
            else { return nil }
            return XcursorFile.image(in: bytes, nearest: size)
        }.first
        // Named as libwayland-cursor named its images' file, which is what
        // /proc/PID/maps shows of a loaded cursor (test_scale, test_cursor).
        guard let image,
            let buffer = try? ShmBuffer(
                shm: shm, width: image.width, height: image.height, name: "wayland-cursor")
        else { return nil }
        image.pixels.withUnsafeBytes { buffer.data.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        buffer.releasePages()
        // A theme may lack the size asked for (a 1×1 theme at scale 2):
        // never attach a buffer whose size is not a multiple of its scale,
        // which compositors refuse (sway 1.12 aborts).
        let bufferScale = BufferScale.integerScale(dividing: image.width, image.height, upTo: scale)
        return Image(
            buffer: buffer, hotspotX: Int32(image.hotspotX / bufferScale),
            hotspotY: Int32(image.hotspotY / bufferScale), scale: bufferScale)
    }

    /// A cursor file is its images at a few sizes: Adwaita's are 69 KB.
    private static let largestFile = 4 << 20

    /// The path of cursor `name` of `theme` or of a theme it inherits,
    /// searched as libwayland-cursor does; nil if none has it.
    private static func file(named name: String, theme: String, in directories: [String]) -> String? {
        var visited: Set<String> = []
        var themes = [theme]
        while !themes.isEmpty {
            let theme = themes.removeFirst()
            guard visited.insert(theme).inserted else { continue }
            if let path = directories.lazy.map({ "\($0)/\(theme)/cursors/\(name)" }).first(
                where: Files.isReadableRegularFile)
            {
                return path
            }
            let index = directories.lazy.compactMap { directory -> String? in
                guard
                    case .success(let bytes) = Files.read("\(directory)/\(theme)/index.theme", limit: 1 << 16)
                else { return nil }
                return String(decoding: bytes, as: UTF8.self)
            }.first
            themes += index.map(XcursorSearch.inherits(indexTheme:)) ?? []
        }
        return nil
    }
}

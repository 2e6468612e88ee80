import BuoyCore
import CWaylandClient
import CWaylandCursor

/// The XCursor theme ($XCURSOR_THEME at $XCURSOR_SIZE) for a compositor
/// without wp_cursor_shape_v1. Loading one reads and decodes a file per
/// cursor, so it is loaded once, at start (`Display.init(name:)`), never in
/// a pointer handler; it is loaded at the highest output scale then, and
/// shown at that buffer scale on every output.
final class CursorTheme {
    /// One cursor image: its buffer (the theme's), its hotspot in surface
    /// pixels, and the buffer scale to attach it at.
    struct Image {
        var buffer: OpaquePointer
        var hotspotX: Int32
        var hotspotY: Int32
        var scale: Int
    }

    private let theme: OpaquePointer
    private let scale: Int

    init?(shm: OpaquePointer, scale: Int) {
        let size = Int32(Environment.int("XCURSOR_SIZE") ?? 24)
        guard let theme = wl_cursor_theme_load(Environment.string("XCURSOR_THEME"), size * Int32(scale), shm)
        else { return nil }
        self.theme = theme
        self.scale = scale
    }

    deinit {
        wl_cursor_theme_destroy(theme)
    }

    /// The first of `role`'s names the theme has, or nil.
    func image(for role: CursorRole) -> Image? {
        guard
            let cursor = role.themeNames.lazy.compactMap({ wl_cursor_theme_get_cursor(self.theme, $0) })
                .first,
            cursor.pointee.image_count > 0, let image = cursor.pointee.images[0],
            let buffer = wl_cursor_image_get_buffer(image)
        else { return nil }
        // A theme may lack the size asked for (a 1×1 theme at scale 2):
        // never attach a buffer whose size is not a multiple of its scale,
        // which compositors refuse (sway 1.12 aborts).
        let bufferScale = BufferScale.integerScale(
            dividing: Int(image.pointee.width), Int(image.pointee.height), upTo: scale)
        return Image(
            buffer: buffer, hotspotX: Int32(image.pointee.hotspot_x) / Int32(bufferScale),
            hotspotY: Int32(image.pointee.hotspot_y) / Int32(bufferScale), scale: bufferScale)
    }
}

/// One image of an Xcursor file: ARGB32 pixels, premultiplied, a row after
/// another, as wl_shm's ARGB8888 takes them.
public struct XcursorImage: Equatable, Sendable {
    /// Its width in pixels.
    public var width: Int
    /// Its height in pixels.
    public var height: Int
    /// The column of the pixel the pointer is at.
    public var hotspotX: Int
    /// The row of the pixel the pointer is at.
    public var hotspotY: Int
    /// `width` × `height` of them.
    public var pixels: [UInt32]
}

/// Reads the Xcursor file format (Xcursor(3)): a header, a table of
/// contents, and chunks, every field a little-endian 32-bit word. A cursor's
/// file holds its images at several nominal sizes (and an animation's
/// frames at each), so buoy reads the one image it shows rather than, as
/// `wl_cursor_theme_load` does, every image of every cursor of a theme.
public enum XcursorFile {
    private static let magic: UInt32 = 0x7275_6358  // "Xcur"
    private static let imageType: UInt32 = 0xFFFD_0002
    /// Larger images are refused, as libXcursor does.
    private static let largestSide = 0x7FFF

    /// The first image of the nominal size nearest `size` (the first such
    /// size in the table when two are as near, as libXcursor chooses), or nil
    /// when `bytes` is no Xcursor file or holds no whole image.
    public static func image(in bytes: [UInt8], nearest size: Int) -> XcursorImage? {
        guard word(bytes, 0) == magic, let headerSize = word(bytes, 4), let count = word(bytes, 12) else {
            return nil
        }
        var best: (size: Int, position: Int)?
        for index in 0..<Int(count) {
            let entry = Int(headerSize) + index * 12
            guard let type = word(bytes, entry), let nominal = word(bytes, entry + 4),
                let position = word(bytes, entry + 8)
            else { return nil }
            guard type == imageType else { continue }
            if best == nil || abs(Int(nominal) - size) < abs(best!.size - size) {
                best = (Int(nominal), Int(position))
            }
        }
        guard let best else { return nil }
        return image(in: bytes, at: best.position)
    }

    /// The image chunk at `position`: its header (size, type, nominal size,
    /// version, width, height, hotspot x and y, delay), then its pixels.
    private static func image(in bytes: [UInt8], at position: Int) -> XcursorImage? {
        guard word(bytes, position + 4) == imageType, let headerSize = word(bytes, position),
            let width = word(bytes, position + 16).map(Int.init),
            let height = word(bytes, position + 20).map(Int.init),
            let hotspotX = word(bytes, position + 24).map(Int.init),
            let hotspotY = word(bytes, position + 28).map(Int.init),
            (1...largestSide).contains(width), (1...largestSide).contains(height),
            hotspotX <= width, hotspotY <= height
        else { return nil }
        let start = position + Int(headerSize)
        guard start >= position, start + width * height * 4 <= bytes.count else { return nil }
        let pixels = (0..<width * height).map { word(bytes, start + $0 * 4)! }
        return XcursorImage(
            width: width, height: height, hotspotX: hotspotX, hotspotY: hotspotY, pixels: pixels)
    }

    /// The little-endian word at `offset`, or nil past the end.
    private static func word(_ bytes: [UInt8], _ offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }
}

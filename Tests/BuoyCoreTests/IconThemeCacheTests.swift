import BuoyCore
import XCTest

/// A cache in gtk-update-icon-cache's format: header, directory list, hash
/// table, icon entries chained per bucket, then their names and image lists.
private func cacheBytes(
    directories: [String], icons: [(name: String, images: [(directory: Int, flags: UInt16)])], buckets: Int
) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: 12)
    func put32(_ value: UInt32, at offset: Int) {
        for i in 0..<4 { out[offset + i] = UInt8(truncatingIfNeeded: value >> (24 - 8 * i)) }
    }
    func append32(_ value: UInt32) {
        out += [0, 0, 0, 0]
        put32(value, at: out.count - 4)
    }
    func appendString(_ text: String) -> UInt32 {
        let at = UInt32(out.count)
        out += Array(text.utf8) + [0]
        return at
    }
    out[1] = 1  // version 1.0
    let list = out.count
    put32(UInt32(list), at: 8)
    append32(UInt32(directories.count))
    let slots = out.count
    out += [UInt8](repeating: 0, count: 4 * directories.count)
    for (i, directory) in directories.enumerated() { put32(appendString(directory), at: slots + 4 * i) }
    let hash = out.count
    put32(UInt32(hash), at: 4)
    append32(UInt32(buckets))
    out += [UInt8](repeating: 0xFF, count: 4 * buckets)
    for icon in icons {
        let entry = out.count
        out += [UInt8](repeating: 0, count: 12)
        let bucket = Int(gtkHash(icon.name) % UInt32(buckets))
        // Pushed onto its bucket's chain.
        let head = hash + 4 + 4 * bucket
        for i in 0..<4 { out[entry + i] = out[head + i] }
        put32(UInt32(entry), at: head)
        put32(appendString(icon.name), at: entry + 4)
        put32(UInt32(out.count), at: entry + 8)
        append32(UInt32(icon.images.count))
        for image in icon.images {
            out += [
                UInt8(image.directory >> 8), UInt8(image.directory & 0xFF), UInt8(image.flags >> 8),
                UInt8(image.flags & 0xFF),
            ]
            append32(0)
        }
    }
    return out
}

/// GTK's icon_name_hash, written out again from its C: signed chars.
private func gtkHash(_ name: String) -> UInt32 {
    let chars = name.utf8.map { Int32(Int8(bitPattern: $0)) }
    guard var h = chars.first.map({ UInt32(bitPattern: $0) }) else { return 0 }
    for c in chars.dropFirst() { h = (h << 5) &- h &+ UInt32(bitPattern: c) }
    return h
}

final class IconThemeCacheTests: XCTestCase {
    private let directories = ["16x16/actions", "scalable/actions", "48x48/apps"]

    func testEachNameSaysWhereItsImagesAreAndWithWhichExtensions() {
        // Few buckets, so several names share a chain.
        let bytes = cacheBytes(
            directories: directories,
            icons: [
                ("edit-copy-symbolic", [(1, 2)]),
                ("edit-copy", [(0, 4), (1, 2)]),
                ("foot", [(2, UInt16(4 | 2))]),
                ("xpm-only", [(0, 1)]),
                ("é-icon", [(2, 4)]),
            ], buckets: 2)
        bytes.withUnsafeBytes { raw in
            guard let cache = IconThemeCache(bytes: raw) else { return XCTFail("not read") }
            XCTAssertEqual(cache.directories, directories)
            func images(_ name: String) -> [String] {
                cache.images(of: name).map { "\($0.directory):\($0.suffixes.rawValue)" }
            }
            XCTAssertEqual(images("edit-copy-symbolic"), ["scalable/actions:2"])
            XCTAssertEqual(images("edit-copy"), ["16x16/actions:4", "scalable/actions:2"])
            XCTAssertEqual(images("foot"), ["48x48/apps:6"])
            XCTAssertEqual(images("xpm-only"), ["16x16/actions:1"])
            XCTAssertEqual(images("é-icon"), ["48x48/apps:4"], "bytes over 127 hash as signed chars")
            XCTAssertEqual(images("missing"), [])
            XCTAssertEqual(images(""), [])
        }
    }

    func testMalformedCachesAreRefusedOrFindNothing() {
        let good = cacheBytes(directories: directories, icons: [("a", [(0, 4)])], buckets: 3)
        var wrongVersion = good
        wrongVersion[1] = 2
        var hashOutside = good
        hashOutside[4] = 0x7F
        let imageInUnknownDirectory = cacheBytes(
            directories: directories, icons: [("a", [(9, 4)])], buckets: 3)
        let cases: [(String, [UInt8], Bool)] = [
            ("empty", [], false),
            ("a header only", Array(good.prefix(12)), false),
            ("version 2", wrongVersion, false),
            ("the hash table outside the file", hashOutside, false),
            ("cut short", Array(good.prefix(good.count - 6)), true),
        ]
        for (name, bytes, reads) in cases {
            bytes.withUnsafeBytes { raw in
                let cache = IconThemeCache(bytes: raw)
                XCTAssertEqual(cache != nil, reads, name)
                // Read or not, nothing points outside the bytes.
                XCTAssertEqual(cache?.images(of: "a").count ?? 0, 0, name)
            }
        }
        imageInUnknownDirectory.withUnsafeBytes { raw in
            XCTAssertEqual(IconThemeCache(bytes: raw)?.images(of: "a").count, 0)
        }
        // A chain that points back at itself ends.
        var loop = good
        loop.withUnsafeMutableBytes { raw in
            let hash = Int(raw[4]) << 24 | Int(raw[5]) << 16 | Int(raw[6]) << 8 | Int(raw[7])
            let bucket = Int(gtkHash("a") % 3)
            let head = hash + 4 + 4 * bucket
            // The entry's own chain pointer set to itself.
            let at =
                Int(raw[head]) << 24 | Int(raw[head + 1]) << 16 | Int(raw[head + 2]) << 8 | Int(raw[head + 3])
            for i in 0..<4 { raw[at + i] = raw[head + i] }
        }
        loop.withUnsafeBytes { raw in
            // "d" hashes to the bucket "a" is in (100 and 97, mod 3), so its search walks the loop.
            XCTAssertEqual(IconThemeCache(bytes: raw)?.images(of: "d").count, 0, "a looping chain ends")
        }
    }

    func testTheHashIsGTKs() {
        XCTAssertEqual(IconThemeCache.hash("a"), 97)
        XCTAssertEqual(IconThemeCache.hash("ab"), 97 * 31 + 98)
        for name in ["edit-copy-symbolic", "utilities-terminal", "é", ""] {
            XCTAssertEqual(IconThemeCache.hash(name), gtkHash(name), name)
        }
    }
}

/// A theme's `icon-theme.cache`, as `gtk-update-icon-cache` writes it: for
/// each icon name, the theme's subdirectories that hold it and with which
/// extensions. Reading it answers "which of these names are where" from one
/// file, where listing a theme's directories takes hundreds of system
/// calls (hicolor's index names 649 directories; Papirus has thousands of
/// files in each of its). Version 1.0; big-endian throughout.
public struct IconThemeCache {
    /// The extensions an image of a name has in one directory.
    public struct Suffixes: OptionSet, Sendable, Equatable {
        /// The cache's flag bits.
        public let rawValue: UInt16
        /// From the cache's flag bits.
        public init(rawValue: UInt16) { self.rawValue = rawValue }
        /// A `.xpm` file, which buoy does not load.
        public static let xpm = Suffixes(rawValue: 1)
        /// A `.svg` file.
        public static let svg = Suffixes(rawValue: 2)
        /// A `.png` file.
        public static let png = Suffixes(rawValue: 4)
    }

    private let bytes: UnsafeRawBufferPointer
    private let hashOffset: Int
    private let bucketCount: Int
    /// The theme's subdirectories ("16x16/actions"), by the index images name.
    public let directories: [String]

    /// Reads the header and the directory list of `bytes`, which must stay
    /// valid while this is used; nil if it is not a version 1 cache or an
    /// offset points outside it.
    public init?(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
        guard bytes.count >= 12, Self.uint16(bytes, 0) == 1 else { return nil }
        guard let hash = Self.uint32(bytes, 4).map(Int.init), let list = Self.uint32(bytes, 8).map(Int.init),
            let buckets = Self.uint32(bytes, hash).map(Int.init), buckets > 0,
            hash + 4 + 4 * buckets <= bytes.count,
            let count = Self.uint32(bytes, list).map(Int.init), list + 4 + 4 * count <= bytes.count
        else { return nil }
        var directories: [String] = []
        directories.reserveCapacity(count)
        for i in 0..<count {
            guard let offset = Self.uint32(bytes, list + 4 + 4 * i).map(Int.init),
                let name = Self.string(bytes, offset)
            else { return nil }
            directories.append(name)
        }
        hashOffset = hash
        bucketCount = buckets
        self.directories = directories
    }

    /// The directories (`directories`' entries) that hold an image of
    /// `name`, each with its extensions; empty if the theme has none.
    public func images(of name: String) -> [(directory: String, suffixes: Suffixes)] {
        let bucket = Int(Self.hash(name) % UInt32(bucketCount))
        guard var chain = Self.uint32(bytes, hashOffset + 4 + 4 * bucket) else { return [] }
        // Each step moves to an entry further in a well-formed cache; the
        // bound stops a malformed one that loops.
        var steps = 0
        while chain != UInt32.max, steps < bytes.count / 12 {
            steps += 1
            let entry = Int(chain)
            guard let nameOffset = Self.uint32(bytes, entry + 4),
                let listOffset = Self.uint32(bytes, entry + 8),
                let next = Self.uint32(bytes, entry)
            else { return [] }
            if Self.string(bytes, Int(nameOffset)) == name {
                return images(at: Int(listOffset))
            }
            chain = next
        }
        return []
    }

    private func images(at offset: Int) -> [(directory: String, suffixes: Suffixes)] {
        guard let count = Self.uint32(bytes, offset).map(Int.init), offset + 4 + 8 * count <= bytes.count
        else {
            return []
        }
        return (0..<count).compactMap { i in
            let image = offset + 4 + 8 * i
            guard let index = Self.uint16(bytes, image).map(Int.init), directories.indices.contains(index),
                let flags = Self.uint16(bytes, image + 2)
            else { return nil }
            return (directories[index], Suffixes(rawValue: flags))
        }
    }

    /// GTK's `icon_name_hash`, which places names in the hash table: over
    /// the name's bytes as signed chars.
    public static func hash(_ name: String) -> UInt32 {
        var bytes = name.utf8.makeIterator()
        guard let first = bytes.next() else { return 0 }
        var h = UInt32(bitPattern: Int32(Int8(bitPattern: first)))
        while let byte = bytes.next() {
            h = (h << 5) &- h &+ UInt32(bitPattern: Int32(Int8(bitPattern: byte)))
        }
        return h
    }

    private static func uint16(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt16? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    private static func uint32(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        return (0..<4).reduce(0) { $0 << 8 | UInt32(bytes[offset + $1]) }
    }

    /// The NUL-terminated string at `offset`; nil if it runs off the end.
    private static func string(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> String? {
        guard offset >= 0, offset < bytes.count,
            let end = bytes[offset...].firstIndex(of: 0)
        else { return nil }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
    }
}

/// One icon theme as its `index.theme` describes it: the themes it
/// inherits and its icon directories, each with the sizes it serves.
public struct IconTheme: Sendable, Equatable {
    /// A directory's `Type`.
    public enum Kind: Sendable, Equatable {
        case fixed, scalable, threshold
    }

    /// One of `Directories=` or `ScaledDirectories=`, with its group's keys.
    public struct Directory: Sendable, Equatable {
        /// Relative to the theme's directory, e.g. `48x48/apps`, `apps/48`.
        public var path: String
        /// `Size`: the nominal size, in its own (logical) pixels.
        public var size: Int
        /// `Scale`: the buffer scale it is drawn for.
        public var scale: Int
        /// `Type`: how the sizes it serves follow from `Size`.
        public var kind: Kind
        /// `MinSize`, for a scalable directory.
        public var minSize: Int
        /// `MaxSize`, for a scalable directory.
        public var maxSize: Int
        /// `Threshold`, for a threshold directory: how far from `Size` it serves.
        public var threshold: Int

        /// The spec's defaults: `Scale` 1, `Type` Threshold, `MinSize` and
        /// `MaxSize` the size, `Threshold` 2.
        public init(
            path: String, size: Int, scale: Int = 1, kind: Kind = .threshold, minSize: Int? = nil,
            maxSize: Int? = nil, threshold: Int = 2
        ) {
            self.path = path
            self.size = size
            self.scale = scale
            self.kind = kind
            self.minSize = minSize ?? size
            self.maxSize = maxSize ?? size
            self.threshold = threshold
        }

        /// The sizes it serves, in its own (logical) pixels.
        private var range: (low: Int, high: Int) {
            switch kind {
            case .fixed: (size, size)
            case .scalable: (minSize, maxSize)
            case .threshold: (size - threshold, size + threshold)
            }
        }

        /// The spec's `DirectoryMatchesSize`, for `pixels` buffer pixels at
        /// `scale`: the same scale, and a range that, times it, holds them.
        public func matches(pixels: Int, scale: Int) -> Bool {
            guard self.scale == scale else { return false }
            return range.low * scale <= pixels && pixels <= range.high * scale
        }

        /// The spec's `DirectorySizeDistance`, in buffer pixels. For
        /// Threshold it measures from `Size` ± `Threshold`, the range that
        /// matches, where the spec's text says `MinSize` and `MaxSize`, as
        /// GTK does.
        public func distance(pixels: Int) -> Int {
            let low = range.low * scale
            let high = range.high * scale
            if pixels < low { return low - pixels }
            if pixels > high { return pixels - high }
            return 0
        }
    }

    /// The theme's directory name, e.g. `Adwaita`.
    public var name: String
    /// `Inherits=`, in order.
    public var inherits: [String]
    /// In `Directories=` order, then `ScaledDirectories=`; each once, and
    /// only those whose group gives a valid `Size`.
    public var directories: [Directory]

    /// A theme of that name, inheriting `inherits`, with `directories`.
    public init(name: String, inherits: [String] = [], directories: [Directory]) {
        self.name = name
        self.inherits = inherits
        self.directories = directories
    }

    /// Parses `index.theme`; nil without an `[Icon Theme]` group. Tolerant:
    /// comments, blank lines, lines without `=`, unknown keys and groups,
    /// and localised keys are ignored; so is a bad number, which leaves the
    /// default (a directory without a valid `Size` is left out). Lines may
    /// end in LF, CR or CRLF; keys and values are trimmed; a repeated key's
    /// last value counts.
    public init?(name: String, indexTheme text: String) {
        let groups = Self.parseGroups(text)
        guard let main = groups["Icon Theme"] else { return nil }
        self.name = name
        self.inherits = Self.list(main["Inherits"]).filter(Self.isValidName)
        var paths = Self.list(main["Directories"]) + Self.list(main["ScaledDirectories"])
        var seen: Set<String> = []
        paths = paths.filter { Self.isValidDirectory($0) && seen.insert($0).inserted }
        self.directories = paths.compactMap { path in
            guard let keys = groups[path], let size = Self.number(keys["Size"], in: 1...65536) else {
                return nil
            }
            let kind: Kind? =
                switch keys["Type"] {
                case "Fixed": .fixed
                case "Scalable": .scalable
                case "Threshold": .threshold
                default: nil
                }
            return Directory(
                path: path, size: size, scale: Self.number(keys["Scale"], in: 1...64) ?? 1,
                kind: kind ?? .threshold, minSize: Self.number(keys["MinSize"], in: 1...65536),
                maxSize: Self.number(keys["MaxSize"], in: 1...65536),
                threshold: Self.number(keys["Threshold"], in: 0...65536) ?? 2)
        }
    }

    /// Stands in for a `hicolor` without an `index.theme`: the directories
    /// its real index lists for applications and the other common
    /// contexts, 1× only, Threshold 2, and `scalable` from 1 to 512 px.
    public static let hicolorFallback: IconTheme = {
        let contexts = [
            "apps", "actions", "categories", "devices", "emblems", "mimetypes", "places", "status",
        ]
        let sizes = [16, 22, 24, 32, 36, 48, 64, 72, 96, 128, 192, 256, 512]
        var directories: [Directory] = []
        for size in sizes {
            for context in contexts {
                directories.append(Directory(path: "\(size)x\(size)/\(context)", size: size))
            }
        }
        for context in contexts {
            directories.append(
                Directory(path: "scalable/\(context)", size: 128, kind: .scalable, minSize: 1, maxSize: 512))
        }
        return IconTheme(name: "hicolor", directories: directories)
    }()

    /// A theme name names one directory: not empty, no `/`, not `.` or `..`.
    public static func isValidName(_ name: String) -> Bool {
        let slash: Character = "/"
        return !name.isEmpty && name != "." && name != ".." && !name.contains(slash)
    }

    /// A relative path that stays inside the theme: no empty, `.` or `..`
    /// component, no leading `/`.
    private static func isValidDirectory(_ path: String) -> Bool {
        let slash: Character = "/"
        let components = path.split(separator: slash, omittingEmptySubsequences: false)
        return !path.isEmpty && !components.contains { $0.isEmpty || $0 == "." || $0 == ".." }
    }

    /// The groups of an INI text, each a dictionary of its keys; keys and
    /// values trimmed of ASCII whitespace. Read as bytes, not Characters:
    /// grapheme breaking made hicolor's 55 kB index take 12 ms.
    private static func parseGroups(_ text: String) -> [String: [String: String]] {
        var groups: [String: [String: String]] = [:]
        var current: String?
        let bytes = Array(text.utf8)
        func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        func trimmed(_ range: Range<Int>) -> Range<Int> {
            var (low, high) = (range.lowerBound, range.upperBound)
            while low < high && isBlank(bytes[low]) { low += 1 }
            while high > low && isBlank(bytes[high - 1]) { high -= 1 }
            return low..<high
        }
        var start = 0
        while start < bytes.count {
            // LF, CR and CRLF all end a line; the empty lines between are skipped.
            var end = start
            while end < bytes.count && bytes[end] != lineFeed && bytes[end] != carriageReturn { end += 1 }
            let line = trimmed(start..<end)
            start = end + 1
            guard let first = line.first.map({ bytes[$0] }), first != UInt8(ascii: "#") else { continue }
            if first == UInt8(ascii: "[") {
                if bytes[line.upperBound - 1] == UInt8(ascii: "]") {
                    let name = string(trimmed(line.lowerBound + 1..<line.upperBound - 1))
                    if groups[name] == nil { groups[name] = [:] }
                    current = name
                } else {
                    current = nil  // a broken header: ignore its keys
                }
                continue
            }
            guard let group = current, let equal = line.first(where: { bytes[$0] == UInt8(ascii: "=") })
            else { continue }
            let key = trimmed(line.lowerBound..<equal)
            guard !key.isEmpty else { continue }
            groups[group, default: [:]][string(key)] = string(trimmed(equal + 1..<line.upperBound))
        }
        return groups
    }

    /// A comma list's trimmed, non-empty items.
    private static func list(_ value: String?) -> [String] {
        let comma: Character = ","
        return (value ?? "").split(separator: comma).map { String(trimmed($0)) }.filter { !$0.isEmpty }
    }

    private static func number(_ value: String?, in range: ClosedRange<Int>) -> Int? {
        guard let value, let n = Int(value), range.contains(n) else { return nil }
        return n
    }

    private static func trimmed(_ s: Substring) -> Substring {
        var s = s.drop { $0.isWhitespace }
        while let last = s.last, last.isWhitespace { s = s.dropLast() }
        return s
    }
}

private let lineFeed = UInt8(ascii: "\n")
private let carriageReturn = UInt8(ascii: "\r")

/// Space, tab, vertical tab or form feed.
private func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0b || byte == 0x0c
}

/// Where things are in a config's bytes, beyond the offsets the parser
/// records: the lines around a value, where each header's section ends, and
/// the comment lines that belong to a header. `ConfigEdit` splices bytes at
/// these places, so everything else in the file stays as it was.
struct TOMLLayout {
    let document: TOMLDocument
    /// Every table header's "[", in file order.
    let headers: [Int]
    /// Every value's span (strings, numbers, arrays, inline tables), in file
    /// order: a line inside one is not a comment, whatever it starts with.
    let values: [Range<Int>]
    /// `reach[i]`: the furthest end of `values[0...i]`, so that whether any
    /// value spans an offset is one binary search, not a walk over every
    /// value for each line (which made an edit quadratic in the file).
    private let reach: [Int]

    var bytes: [UInt8] { document.source.bytes }
    var start: Int { document.source.start }

    init(_ document: TOMLDocument) {
        self.document = document
        var headers: Set<Int> = []
        var values: [Range<Int>] = []
        for table in document.tables {
            if table.origin == .header { headers.insert(table.definedAt) }
            for entry in table.entries {
                switch entry.node.value {
                case .tableArray: continue
                case .table(let id) where document[id].origin != .inline: continue
                default: values.append(entry.node.offset..<entry.node.end)
                }
            }
        }
        self.headers = headers.sorted()
        self.values = values.sorted { $0.lowerBound < $1.lowerBound }
        var furthest = 0
        reach = self.values.map { value in
            furthest = max(furthest, value.upperBound)
            return furthest
        }
    }

    /// How many of the first `count` indices pass `isBelow`, which holds for
    /// a prefix of them (a sorted array's elements below some bound): a
    /// binary search.
    private static func prefixCount(_ count: Int, _ isBelow: (Int) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if isBelow(middle) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// How many values start before `offset`.
    private func valuesStarting(before offset: Int) -> Int {
        Self.prefixCount(values.count) { values[$0].lowerBound < offset }
    }

    /// How many headers start before `offset`.
    private func headersStarting(before offset: Int) -> Int {
        Self.prefixCount(headers.count) { headers[$0] < offset }
    }

    /// Whether the file's lines end in CRLF, judged by its first line.
    var lineBreak: [UInt8] {
        guard let feed = bytes.firstIndex(of: ASCII.lineFeed) else { return [ASCII.lineFeed] }
        return feed > start && bytes[feed - 1] == ASCII.carriageReturn
            ? [ASCII.carriageReturn, ASCII.lineFeed] : [ASCII.lineFeed]
    }

    /// The first byte of the line `offset` is on.
    func lineStart(of offset: Int) -> Int {
        var i = min(offset, bytes.count)
        while i > start, bytes[i - 1] != ASCII.lineFeed { i -= 1 }
        return i
    }

    /// The byte after the line break that ends the line `offset` is on, or
    /// the end of the file.
    func lineEnd(of offset: Int) -> Int {
        var i = offset
        while i < bytes.count, bytes[i] != ASCII.lineFeed { i += 1 }
        return min(i + 1, bytes.count)
    }

    /// The first byte other than a space or tab at or after `offset`.
    func skippingBlanks(from offset: Int) -> Int {
        var i = offset
        while i < bytes.count, bytes[i] == ASCII.space || bytes[i] == ASCII.tab { i += 1 }
        return i
    }

    /// A line that holds only spaces and tabs.
    func isBlankLine(at lineStart: Int) -> Bool {
        let i = skippingBlanks(from: lineStart)
        return i == bytes.count || bytes[i] == ASCII.lineFeed || bytes[i] == ASCII.carriageReturn
    }

    /// A line that holds only a comment, and is not inside a multi-line
    /// value; `valuesAbove` values start before it.
    private func isCommentLine(at lineStart: Int, valuesAbove: Int) -> Bool {
        let i = skippingBlanks(from: lineStart)
        return i < bytes.count && bytes[i] == ASCII.hash
            && !(valuesAbove > 0 && reach[valuesAbove - 1] > lineStart)
    }

    /// Whether the rest of the line after `offset` is blanks and perhaps a comment.
    func endsLine(after offset: Int) -> Bool {
        let i = skippingBlanks(from: offset)
        return i == bytes.count || bytes[i] == ASCII.lineFeed || bytes[i] == ASCII.carriageReturn
            || bytes[i] == ASCII.hash
    }

    /// Where the section that starts at `offset` (a header's "[", or the
    /// start of the file for the root table's keys) ends: the next header.
    func sectionEnd(of offset: Int) -> Int {
        let before = headersStarting(before: offset + 1)
        return before < headers.count ? headers[before] : bytes.count
    }

    /// The byte after the line of the section's last value, or of its header
    /// when it has none: where a new key of that table goes. The root
    /// table's section with no keys has its content end at the file's start.
    func contentEnd(of section: Int) -> Int {
        let before = valuesStarting(before: sectionEnd(of: section))
        guard before > 0, values[before - 1].lowerBound >= section else {
            let isHeader = headers[headersStarting(before: section)...].first == section
            return isHeader ? lineEnd(of: section) : start
        }
        // A value before the section's end ends inside it: the furthest
        // end is the last value's, or that of the inline table around it.
        return lineEnd(of: reach[before - 1])
    }

    /// Where the comment lines directly above the header at `offset` start
    /// (its own line when there are none): they belong to it.
    func blockStart(of offset: Int) -> Int {
        var line = lineStart(of: offset)
        // The values that start above the line, counted down as it rises:
        // a binary search for each of many comment lines took a tenth of
        // an edit's time.
        var above = valuesStarting(before: line)
        while line > start {
            let previous = lineStart(of: line - 1)
            while above > 0, values[above - 1].lowerBound >= previous { above -= 1 }
            guard isCommentLine(at: previous, valuesAbove: above) else { break }
            line = previous
        }
        return line
    }

    /// The leading blanks of the line `offset` is on, for a new line beside it.
    func indentation(of offset: Int) -> [UInt8] {
        let line = lineStart(of: offset)
        return Array(bytes[line..<skippingBlanks(from: line)])
    }
}

/// The bytes the editor looks for.
enum ASCII {
    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let hash = UInt8(ascii: "#")
}

/// The candidate closest to `key`: within an edit distance of 2 (counting a
/// swap of neighbours as one edit, and ignoring case), or failing that one
/// that starts with `key` or that `key` starts with. Ties go to the earlier.
func closest(to key: String, among candidates: [String]) -> String? {
    let typed = Array(key.lowercased().unicodeScalars)
    var best: (candidate: String, score: Int)?
    for candidate in candidates {
        let known = Array(candidate.lowercased().unicodeScalars)
        var score = Int.max
        let distance = editDistance(typed, known, limit: 2)
        if distance <= 2, distance < typed.count, distance < known.count {
            score = distance
        } else if typed.count >= 3, known.count >= 3,
            known.starts(with: typed) || typed.starts(with: known)
        {
            score = 3
        }
        if score != Int.max, score < best?.score ?? Int.max {
            best = (candidate, score)
        }
    }
    return best?.candidate
}

/// Optimal string alignment distance (Levenshtein plus adjacent swaps), or
/// `limit + 1` once it is certain to exceed `limit`.
func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
    if abs(a.count - b.count) > limit { return limit + 1 }
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var row = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        row[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                row[j] = min(row[j], before[j - 2] + 1)
            }
        }
        if row.min()! > limit { return limit + 1 }
        (before, previous, row) = (previous, row, before)
    }
    return previous[b.count]
}

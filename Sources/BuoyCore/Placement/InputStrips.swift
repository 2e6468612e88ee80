/// The button's input shape: horizontal strips whose union is the `shape`
/// in its bounding square of side `size`, in logical px relative to that
/// square (`roundedStrips`).
public func inputStrips(shape: ButtonShape, size: Double) -> [Rect] {
    let d = Int(size.rounded())
    return roundedStrips(width: d, height: d, radius: shape.cornerRadius(size: Double(d)))
}

/// A rounded rect `width` × `height` whose corners have `radius` (at most
/// half the shorter side), as horizontal strips relative to its top left.
/// A row is covered only where the row's centre line is inside the shape
/// (for a rounded corner, inside its quarter circle), so the transparent
/// corners are never covered. Consecutive rows that cover the same span
/// share one taller strip, which keeps a region built from them (one rect
/// per strip on the wire) small.
public func roundedStrips(width: Int, height: Int, radius: Double) -> [Rect] {
    let w = Double(width)
    let h = Double(height)
    let r = min(max(radius, 0), min(w, h) / 2)
    var strips: [Rect] = []
    for row in 0..<max(height, 0) {
        let y = Double(row) + 0.5
        // The vertical distance from the row's centre line to the centre of
        // its corner's quarter circle; 0 between the corners, where the row
        // is the full width.
        let dy = y < r ? r - y : (y > h - r ? y - (h - r) : 0)
        let half = (r * r - dy * dy).squareRoot()
        let left = (r - half).rounded()
        let right = (w - r + half).rounded()
        guard right > left else { continue }
        if let last = strips.last, last.maxY == y - 0.5, last.minX == left, last.maxX == right {
            strips[strips.count - 1].size.height += 1
        } else {
            strips.append(Rect(x: left, y: Double(row), width: right - left, height: 1))
        }
    }
    return strips
}

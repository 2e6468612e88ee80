/// The button's input shape: horizontal strips whose union is the `shape`
/// in its bounding square of side `size`, in logical px relative to that
/// square. A row is covered only where the row's centre line is inside the
/// shape (for a rounded square, inside the quarter circle of its corner), so
/// the transparent corners of the square never take input. Consecutive rows
/// that cover the same span share one taller strip, which keeps the region
/// (one rect per strip on the wire) small.
public func inputStrips(shape: ButtonShape, size: Double) -> [Rect] {
    let d = Int(size.rounded())
    let side = Double(d)
    let r = shape.cornerRadius(size: side)
    var strips: [Rect] = []
    for row in 0..<d {
        let y = Double(row) + 0.5
        // The vertical distance from the row's centre line to the centre of
        // its corner's quarter circle; 0 between the corners, where the row
        // is the full width.
        let dy = y < r ? r - y : (y > side - r ? y - (side - r) : 0)
        let half = (r * r - dy * dy).squareRoot()
        let left = (r - half).rounded()
        let right = (side - r + half).rounded()
        guard right > left else { continue }
        if let last = strips.last, last.maxY == y - 0.5, last.minX == left, last.maxX == right {
            strips[strips.count - 1].size.height += 1
        } else {
            strips.append(Rect(x: left, y: Double(row), width: right - left, height: 1))
        }
    }
    return strips
}

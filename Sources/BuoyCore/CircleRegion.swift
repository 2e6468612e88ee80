/// The button's input shape: horizontal strips whose union is the circle,
/// in logical px relative to the circle's bounding square. Strips are one px
/// tall and cover a row only where the row's centre line is inside the
/// circle, so the transparent corners of the square never take input.
public func circleInputStrips(diameter: Double) -> [Rect] {
    let d = Int(diameter.rounded())
    let r = Double(d) / 2
    var strips: [Rect] = []
    for row in 0..<d {
        let dy = Double(row) + 0.5 - r
        let half = (r * r - dy * dy).squareRoot()
        let left = (r - half).rounded()
        let right = (r + half).rounded()
        guard right > left else { continue }
        strips.append(Rect(x: left, y: Double(row), width: right - left, height: 1))
    }
    return strips
}

extension MenuAnimation {
    /// Where a compositor's background blur goes at `now` (ext-background-
    /// effect or KWin's blur): under a panel's backdrop, scaled as the
    /// panel is placed (`SpritePlacement`), its rounded corners left out
    /// (`roundedStrips`), in the layer surface's coordinates. Empty for a
    /// column, whose discs and pills are too small to need it, and while the
    /// panel is too small to show.
    public func blurRegion(of layout: MenuLayout, at now: Double) -> [Rect] {
        guard let panel = layout.panel else { return [] }
        let (scale, center) = transform(item: nil, pill: false, in: layout, at: now)
        guard let frame = SpritePlacement.place(panel.frame, scaledBy: scale, around: center) else {
            return []
        }
        return roundedStrips(
            width: Int(frame.width), height: Int(frame.height), radius: panel.cornerRadius * scale
        ).map { Rect(x: $0.minX + frame.minX, y: $0.minY + frame.minY, width: $0.width, height: $0.height) }
    }
}

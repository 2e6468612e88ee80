/// The menu's scrim (`[menu] dim`): black at some alpha over the whole
/// usable area, a small buffer stretched by wp_viewporter.
public enum Scrim {
    /// How many logical px one of the scrim buffer's pixels covers, at most.
    ///
    /// A 1×1 pixel stretched over a 720×1440 output left its bottom 15 rows
    /// bright (issue 43): wlroots' pixman renderer scales by the inverse in
    /// 16.16 fixed point, and 1/1440 rounds to 46/65536, which covers 1424.7
    /// rows. Its error grows with the stretch, so a stretch of 16 (32 at
    /// scale 2) leaves less than half a pixel up to 4K.
    public static let stretch = 16

    /// The scrim buffer's size in pixels for a surface `size` logical px:
    /// one pixel per `stretch` px each way, rounded up.
    public static func bufferSize(for size: Size) -> (width: Int, height: Int) {
        func side(_ length: Double) -> Int {
            max(1, Int((max(0, length) / Double(stretch)).rounded(.up)))
        }
        return (side(size.width), side(size.height))
    }
}

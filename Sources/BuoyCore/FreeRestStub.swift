// TEMPORARY until the free-place search lands; removed at the merge.
extension Snapping {
    public static func freeRest(
        _ wanted: RestPosition, mode: SnapMode, size: Double, margin: Double, gap: Double,
        avoiding obstacles: [Rect], in usable: Rect
    ) -> RestPosition { wanted }
}

/// Where a popup goes around its source — the seed's `PopupContainer` placement, always kept
/// fully inside the available area (the original lets a centred popup overflow).
public struct PopupPlacement: Hashable, Sendable {
    /// The popup's frame.
    public var frame: Rect
    /// `true` when the popup is below its source (its tail on its top edge).
    public var isBelowSource: Bool
    /// Where the tail meets the popup, in the popup's unit coordinates: x along the edge facing
    /// the source (pointing at the source's centre, clamped to the popup), y 0 (top edge) or 1
    /// (bottom edge). The popup scales in and out about this point.
    public var anchor: UnitPoint

    /// The margin kept between a popup and the safe area: 10 pt.
    public static let margin: Float = 10

    /// Places a popup of `width` (a number, or `.infinity` for all the room there is) and
    /// content `height` around `source`, in `container` with `safeArea` insets.
    ///
    /// - The available area is the safe area inset by 10 pt; the source is first clipped into it.
    /// - Below the source when the source's top is above the container's middle, else above;
    ///   the height is capped by the room on that side.
    /// - Source centre in the leading third of the container: the popup's leading edge is the
    ///   source's and its width shrinks to the room from there to the area's trailing edge
    ///   (`.infinity` takes all of it; at least 1 pt asked, as the original); trailing third:
    ///   the same from the source's trailing edge; middle third: centred on the source, the width
    ///   capped by the area, then clamped inside it.
    public static func place(source: Rect, width: Float, height: Float, container: Rect,
                             safeArea: EdgeInsets = .zero, margin: Float = PopupPlacement.margin) -> PopupPlacement {
        let area = container.inset(by: safeArea).inset(by: EdgeInsets(all: margin))
        func clamp(_ v: Float, _ lo: Float, _ hi: Float) -> Float { min(max(v, lo), max(lo, hi)) }
        let clippedMinX = clamp(source.minX, area.minX, area.maxX), clippedMaxX = clamp(source.maxX, area.minX, area.maxX)
        let clippedMinY = clamp(source.minY, area.minY, area.maxY), clippedMaxY = clamp(source.maxY, area.minY, area.maxY)
        let src = Rect(x: clippedMinX, y: clippedMinY, width: clippedMaxX - clippedMinX, height: clippedMaxY - clippedMinY)

        let below = src.minY < container.midY
        let room = below ? area.maxY - src.maxY : src.minY - area.minY
        let h = max(0, min(height, room))
        let y = below ? src.maxY : src.minY - h

        // (Argument order: `min` and `max` return their first argument when the other is NaN.)
        let third = container.width / 3
        let w: Float, x: Float
        if src.midX < container.minX + third {
            w = max(0, min(area.maxX - src.minX, max(1, width)))
            x = src.minX
        } else if src.midX > container.minX + 2 * third {
            w = max(0, min(src.maxX - area.minX, max(1, width)))
            x = src.maxX - w
        } else {
            w = max(0, min(area.width, width))
            x = clamp(src.midX - w / 2, area.minX, area.maxX - w)
        }

        let anchorX = w > 0 ? min(max((src.midX - x) / w, 0), 1) : 0.5
        return PopupPlacement(frame: Rect(x: x, y: y, width: w, height: h), isBelowSource: below,
                              anchor: UnitPoint(x: Double(anchorX), y: below ? 0 : 1))
    }
}

/// Where a popup goes around its source — the seed's `PopupContainer` placement, always kept
/// fully inside the available area (the original lets a centred popup overflow).
public struct PopupPlacement: Hashable, Sendable {
    /// The popup's frame.
    public var frame: Rect
    /// `true` when the popup is below its source (its tail on its top edge).
    public var isBelowSource: Bool
    /// How the popup lines up with its source across the container.
    public var alignment: PopupAlignment
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
    ///
    /// A popup that is already shown passes its placement as `previous`: its side and its
    /// alignment are kept while they still fit, so a popup that follows a moving source does not
    /// jump across it when the source crosses the middle or a third (UIKit's popovers and edit
    /// menus keep their side as their source moves). The side fits while the room on it holds
    /// the whole `height`; the alignment fits while it gives the popup the width it asks for
    /// (`width`, at least 1 pt, capped by the area). One that no longer fits gives way to the
    /// rule above only when that rule's choice has more room (more height, or more width).
    ///
    /// - Complexity: O(1).
    public static func place(source: Rect, width: Float, height: Float, container: Rect,
                             safeArea: EdgeInsets = .zero, margin: Float = PopupPlacement.margin,
                             previous: PopupPlacement? = nil) -> PopupPlacement {
        let area = container.inset(by: safeArea).inset(by: EdgeInsets(all: margin))
        func clamp(_ v: Float, _ lo: Float, _ hi: Float) -> Float { min(max(v, lo), max(lo, hi)) }
        let clippedMinX = clamp(source.minX, area.minX, area.maxX), clippedMaxX = clamp(source.maxX, area.minX, area.maxX)
        let clippedMinY = clamp(source.minY, area.minY, area.maxY), clippedMaxY = clamp(source.maxY, area.minY, area.maxY)
        let src = Rect(x: clippedMinX, y: clippedMinY, width: clippedMaxX - clippedMinX, height: clippedMaxY - clippedMinY)

        func room(below: Bool) -> Float { below ? area.maxY - src.maxY : src.minY - area.minY }
        var below = src.minY < container.midY
        if let previous, previous.isBelowSource != below {
            let kept = room(below: previous.isBelowSource)
            if kept >= height || !(room(below: below) > kept) { below = previous.isBelowSource }
        }
        let h = max(0, min(height, room(below: below)))
        let y = below ? src.maxY : src.minY - h

        // (Argument order: `min` and `max` return their first argument when the other is NaN.)
        func span(_ alignment: PopupAlignment) -> (x: Float, width: Float) {
            switch alignment {
            case .leading:
                return (src.minX, max(0, min(area.maxX - src.minX, max(1, width))))
            case .trailing:
                let w = max(0, min(src.maxX - area.minX, max(1, width)))
                return (src.maxX - w, w)
            case .center:
                let w = max(0, min(area.width, width))
                return (clamp(src.midX - w / 2, area.minX, area.maxX - w), w)
            }
        }
        let third = container.width / 3
        var alignment: PopupAlignment = src.midX < container.minX + third ? .leading
            : src.midX > container.minX + 2 * third ? .trailing : .center
        if let previous, previous.alignment != alignment {
            let kept = span(previous.alignment).width
            if kept >= min(area.width, max(1, width)) || !(span(alignment).width > kept) { alignment = previous.alignment }
        }
        let (x, w) = span(alignment)

        let anchorX = w > 0 ? min(max((src.midX - x) / w, 0), 1) : 0.5
        return PopupPlacement(frame: Rect(x: x, y: y, width: w, height: h), isBelowSource: below, alignment: alignment,
                              anchor: UnitPoint(x: Double(anchorX), y: below ? 0 : 1))
    }
}

/// How a popup lines up with its source across the container: by the third of the container
/// the source's centre is in, when the popup is presented.
public enum PopupAlignment: Hashable, Sendable {
    /// The popup's leading edge is the source's (a source in the leading third).
    case leading
    /// The popup is centred on the source (a source in the middle third).
    case center
    /// The popup's trailing edge is the source's (a source in the trailing third).
    case trailing
}

// How a scroll view scrolls (its public configuration, UIScrollView's properties) and the edges
// a configuration gives a view of a given size.

/// The axes a scroll view may scroll on.
public struct ScrollAxes: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt8
    /// Creates a set from raw bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Left and right.
    public static let horizontal = ScrollAxes(rawValue: 1)
    /// Up and down.
    public static let vertical = ScrollAxes(rawValue: 2)
}

/// How a scroll view scrolls: UIScrollView's properties of the same names.
///
/// The content offset runs from −`contentInset.top` (−`leading`) to
/// `contentSize.height + contentInset.bottom − height` (`width` and `trailing` across), the view's
/// height and width being its frame's; a content no larger than that has one offset on the axis.
public struct ScrollViewConfiguration: Hashable, Sendable {
    /// The size of the content, points (0 or more).
    public var contentSize: Size
    /// Extra room around the content (UIKit's `contentInset`), points.
    public var contentInset: EdgeInsets
    /// The axes it may scroll on; on the others the offset stays as it is. Both by default: as in
    /// UIKit, an axis whose content fits does not scroll unless it always bounces.
    public var axes: ScrollAxes
    /// Whether a release goes to a page (the view's size on that axis), at most one page per flick.
    public var isPagingEnabled: Bool
    /// How fast a glide slows (`.normal` by default).
    public var decelerationRate: ScrollDecelerationRate
    /// Whether the content can be pulled past its edges (rubber-banded) and springs back.
    public var bounces: Bool
    /// Whether it bounces horizontally even when its content is no wider than the view.
    public var alwaysBounceHorizontal: Bool
    /// Whether it bounces vertically even when its content is no taller than the view.
    public var alwaysBounceVertical: Bool

    /// A configuration with UIKit's defaults: no inset, both axes, no paging, `.normal`
    /// deceleration, bouncing, and no bounce on an axis whose content fits.
    public init(contentSize: Size, contentInset: EdgeInsets = .zero, axes: ScrollAxes = [.horizontal, .vertical],
                isPagingEnabled: Bool = false, decelerationRate: ScrollDecelerationRate = .normal, bounces: Bool = true,
                alwaysBounceHorizontal: Bool = false, alwaysBounceVertical: Bool = false) {
        self.contentSize = contentSize
        self.contentInset = contentInset
        self.axes = axes
        self.isPagingEnabled = isPagingEnabled
        self.decelerationRate = decelerationRate
        self.bounces = bounces
        self.alwaysBounceHorizontal = alwaysBounceHorizontal
        self.alwaysBounceVertical = alwaysBounceVertical
    }

    /// Throws, naming the field, for a content size that is negative, NaN or beyond ±1e9, an inset
    /// that is NaN or beyond ±1e9, or a deceleration rate outside (0, 1).
    func validate() throws(PortalError) {
        for (field, value) in [("contentSize.width", contentSize.width), ("contentSize.height", contentSize.height)] {
            guard value >= 0, Rect.isSane(value) else {
                throw .invalidGeometry("configuration.\(field)", value, reason: "a content size must be finite, 0 or more and within 1e9")
            }
        }
        for (field, value) in [("top", contentInset.top), ("leading", contentInset.leading),
                               ("bottom", contentInset.bottom), ("trailing", contentInset.trailing)] {
            guard value.isFinite, Rect.isSane(value) else {
                throw .invalidGeometry("configuration.contentInset.\(field)", value, reason: "an inset must be finite and within ±1e9")
            }
        }
        let rate = decelerationRate.rawValue
        guard rate > 0, rate < 1 else {
            throw .invalidValue("configuration.decelerationRate", rate,
                                reason: "the velocity kept per millisecond must be more than 0 and less than 1 (UIKit's .normal is 0.998)")
        }
    }

    /// The offsets the content may rest at for a view of `width` × `height`.
    func edges(width: Float, height: Float) -> ScrollEdges {
        let minX = -Double(contentInset.leading), minY = -Double(contentInset.top)
        let maxX = max(minX, Double(contentSize.width) + Double(contentInset.trailing) - Double(width))
        let maxY = max(minY, Double(contentSize.height) + Double(contentInset.bottom) - Double(height))
        return ScrollEdges(minX: minX, maxX: maxX, minY: minY, maxY: maxY,
                           width: Double(width), height: Double(height),
                           scrollsX: axes.contains(.horizontal) && (maxX > minX || (bounces && alwaysBounceHorizontal)),
                           scrollsY: axes.contains(.vertical) && (maxY > minY || (bounces && alwaysBounceVertical)),
                           bounces: bounces)
    }
}

/// A scroll view's edges and what it may do on each axis, for the view's current size.
struct ScrollEdges {
    var minX: Double, maxX: Double, minY: Double, maxY: Double
    /// The view's size: the rubber band's extent d and the page size.
    var width: Double, height: Double
    /// Whether the content moves on the axis (it scrolls, or always bounces).
    var scrollsX: Bool, scrollsY: Bool
    var bounces: Bool

    func scrolls(_ axis: PanAxis) -> Bool { axis == .horizontal ? scrollsX : scrollsY }
}

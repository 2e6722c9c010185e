// What a scroll view is doing, as the world reports it, and the host's hook that picks where a
// released scroll view comes to rest.

/// What a scroll view is doing, as UIScrollView's properties of the same names say it.
public struct ScrollViewState: Hashable, Sendable {
    /// The content offset (the view's own, ``World/setContentOffset(_:of:)``'s).
    public var contentOffset: Point
    /// Points per second the content moves at: the finger's (negated: the offset moves against
    /// it) while dragged, the glide's or spring's after.
    public var velocity: Point
    /// A finger owns it (from its pan's start to its end: Portal hears of a finger only once a
    /// pan is decided).
    public var isTracking: Bool
    /// Its content follows a finger (the same span as ``isTracking`` in Portal).
    public var isDragging: Bool
    /// It moves on after a release: a glide, or a spring back to an edge, to a page or a snap.
    public var isDecelerating: Bool
    /// An animated ``World/scroll(_:to:animated:)`` is running.
    public var isScrollAnimating: Bool
}

/// Where a released scroll view should come to rest, as the host decides it (UIKit's
/// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`): given the scroll view, the
/// release velocity of its content (points per second — UIKit's is per millisecond) and the
/// offset it would glide to (its rest point, within its edges), return the offset to go to. The
/// content springs there (``ScrollPhysics/bounceSpring``) carrying the release velocity; a target
/// past the edges is taken to the nearest edge, a non-finite coordinate keeps the proposed one.
public typealias ScrollTargetHandler = (_ scrollView: Entity, _ velocity: Point, _ proposed: Point) -> Point

/// One thing to draw this frame: a view with its presented geometry.
///
/// The render list holds one item per view, ordered back to front: by ``role`` band, then
/// ``zIndex``, then creation order. A renderer draws it in order; nothing else is needed.
public struct RenderItem: Hashable, Sendable {
    /// The view.
    public var entity: Entity
    /// Whose content to draw in the frame: the view itself, or — for a portal layer — the view
    /// (or custom content entity) it stands in for.
    public var content: Entity
    /// The presented layout frame (before ``transform``).
    public var frame: Rect
    /// The presented corner radius.
    public var cornerRadius: Float
    /// The shape of the corners.
    public var cornerStyle: CornerStyle
    /// Whether content is clipped to the rounded frame (`false` lets it extend beyond it).
    public var clipsContent: Bool
    /// The presented opacity, 0…1.
    public var opacity: Float
    /// The presented shadow radius, in points (0 = none).
    public var shadowRadius: Float
    /// The presented transform, about the frame's centre.
    public var transform: Transform
    /// The z index among views of the same role.
    public var zIndex: Int32
    /// The band the item draws in.
    public var role: RenderRole
    /// Whether ``World/hitTest(_:)`` considers the item.
    public var allowsHitTesting: Bool
}

/// The answer of ``World/hitTest(_:)``: the topmost item under a point.
public struct HitTestResult: Hashable, Sendable {
    /// The view hit — or, when ``isBusy``, the navigation stack that is transitioning.
    public let entity: Entity
    /// Its role: an app view, or an overlay.
    public let role: RenderRole
    /// `true` when the point lands on a navigation stack in the middle of a transition: taps
    /// there should not start anything (the original's double-push bug).
    public let isBusy: Bool

    init(entity: Entity, role: RenderRole, isBusy: Bool = false) {
        self.entity = entity
        self.role = role
        self.isBusy = isBusy
    }
}

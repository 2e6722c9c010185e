/// One thing to draw this frame: a view with its presented geometry.
///
/// The render list holds one item per drawn view, back to front, in tree order (depth first):
/// the root views by ``role`` band, then ``zIndex``, then creation order, each followed by its
/// descendants, siblings by z index then creation order. A child draws in its root's band, so
/// the overlay band (portal layers, popups, backdrops) is above all app content. Hidden views
/// and their subtrees are absent, and so are *culled* views: a view whose global bounding box
/// lies wholly outside the intersection of the bounding boxes of all its clipping ancestors'
/// clips — not only the nearest one's: a cell still inside its list's clip but scrolled out of
/// a clipping stack around the list is culled — together with its whole subtree (content of a
/// cell must stay inside the cell, or the cell be left unclipped by its list, to be drawn when
/// the cell is off-screen — as a `List` does not draw off-screen rows).
///
/// A renderer draws each item alone, without walking the tree: fill the rectangle
/// (0, 0)-(frame.width, frame.height) (rounded by ``cornerRadius`` and ``cornerStyle``)
/// through ``globalTransform``, at ``opacity``, inside the clip chain ``clip`` of
/// ``World/clipList``. ``frame``, ``transform``, ``zIndex`` and ``allowsHitTesting`` stay the
/// view's own, in its parent's space; for a root view (no parent) every field means exactly
/// what it meant before the tree existed.
///
/// A portal layer flies its content's whole subtree: a layer item whose ``content`` is a view
/// with children is followed, at once, by items for that content's descendants (depth first,
/// hidden ones and their subtrees left out), each with its own `entity` (the descendant),
/// ``role`` `.overlay`, and a ``globalTransform`` that is the layer's global transform × the
/// scale from the content's size to the layer's × the descendant's transforms relative to the
/// content (its content offset included). Their opacity and hit testing multiply the layer's;
/// when the content clips its subtree, they are clipped to the layer's rounded frame. These
/// items stand in for the descendants while the content is not drawn in its own place:
/// ``ViewPresentation/isDrawn`` stays about that place.
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
    /// Always 0: the two bytes that would be padding, made a field so that every byte of an
    /// item is written and items compare bytewise (the C interface hands the list out in place).
    var reserved0: UInt16 = 0
    /// The presented opacity, 0…1.
    public var opacity: Float
    /// The presented shadow radius, in points of the item's own space (0 = none): drawn through
    /// ``globalTransform``, it scales with it, as a layer's shadow does.
    public var shadowRadius: Float
    /// The presented transform, about the frame's centre.
    public var transform: Transform
    /// The z index among views of the same role.
    public var zIndex: Int32
    /// The band the item draws in.
    public var role: RenderRole
    /// Whether the view and every ancestor allow hit testing (SwiftUI's `allowsHitTesting` on
    /// a container disables its content). ``World/hitTest(_:)`` also skips a view whose own
    /// opacity, or an ancestor's, is below 0.01 (UIKit's rule; see there).
    public var allowsHitTesting: Bool
    /// Always 0 (would be padding: see `reserved0`).
    var reserved1: UInt16 = 0
    /// Maps the item's bounds (0, 0)-(frame.width, frame.height) to the screen: its frame,
    /// transform, and every ancestor's frame, transform and content offset.
    public var globalTransform: ProjectionTransform = .identity
    /// The innermost clip the item is drawn inside, as an index into ``World/clipList``, or −1
    /// for none. Each clip names its own enclosing clip: the renderer applies the whole chain.
    public var clip: Int32 = -1
}

/// A rounded rectangle a subtree is clipped to (a view with ``World/setClipsToBounds(_:of:)``):
/// the view's bounds (0, 0)-(size), rounded by `cornerRadius` and `cornerStyle`, placed by
/// `transform` (the view's global transform), inside the clip `parent` (−1 for none).
public struct RenderClip: Hashable, Sendable {
    /// The clipping view's presented size.
    public var size: Size
    /// Its presented corner radius.
    public var cornerRadius: Float
    /// The shape of its corners.
    public var cornerStyle: CornerStyle
    /// Always 0: the bytes that would be padding, made fields so that every byte of a clip is
    /// written and clips compare bytewise (the C interface hands the list out in place).
    var reserved0: UInt8 = 0
    var reserved1: UInt16 = 0
    /// Its global transform.
    public var transform: ProjectionTransform
    /// The enclosing clip's index in the clip list, or −1.
    public var parent: Int32

    /// Whether the screen point `point` is inside this rounded rectangle (not its parents).
    /// Continuous corners are tested as circular ones (they differ by under a point).
    public func contains(_ point: Point) -> Bool {
        guard let inverse = transform.inverted() else { return false }
        return RenderClip.roundedRectContains(inverse.map(point), size: size, radius: cornerRadius)
    }

    /// Whether `p` is inside the rectangle (0, 0)-(size) with circular corners of `radius`.
    static func roundedRectContains(_ p: Point, size: Size, radius: Float) -> Bool {
        guard p.x >= 0, p.y >= 0, p.x <= size.width, p.y <= size.height else { return false }
        let r = min(radius, size.width / 2, size.height / 2)
        guard r > 0 else { return true }
        let dx = p.x < r ? r - p.x : (p.x > size.width - r ? p.x - (size.width - r) : 0)
        let dy = p.y < r ? r - p.y : (p.y > size.height - r ? p.y - (size.height - r) : 0)
        return dx * dx + dy * dy <= r * r
    }
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

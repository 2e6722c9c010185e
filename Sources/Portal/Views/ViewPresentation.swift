// The public vocabulary of a view's presentation: the role a render item plays, a corner's
// shape, and the presented values a host reads (`World.presentation(of:)`). The store that
// holds them is `ViewStore.swift`.

/// The role a render item plays. Roles draw in bands: every overlay (and popup backdrop)
/// draws above every app view, whatever their z indices; within a band, z index decides.
public enum RenderRole: UInt8, Hashable, Sendable, Comparable {
    /// An ordinary view of the app.
    case view
    /// A view in the overlay above the app (portal layers, popups).
    case overlay
    /// A popup's backdrop: transparent, in the overlay band just below its popup, and hit
    /// whatever its opacity (a tap on it dismisses the popup).
    case backdrop

    /// The drawing band: 0 for app views, 1 for the overlay (overlays and backdrops interleave by
    /// z index, so stacked popups each sit above the previous one's backdrop).
    var band: UInt8 { self == .view ? 0 : 1 }

    public static func < (lhs: RenderRole, rhs: RenderRole) -> Bool { lhs.band < rhs.band }
}

/// The shape of a view's rounded corners (SwiftUI's `RoundedCornerStyle`).
public enum CornerStyle: Hashable, Sendable {
    /// Quarter-circle corners.
    case circular
    /// Apple's continuous-curvature ("squircle") corners.
    case continuous
}

/// What a view looks like after the last tick: its presented (possibly mid-animation) values,
/// as the render list draws them.
///
/// A spring that overshoots can take a size, corner radius or opacity past its range for a few
/// ticks; what is presented is held in range — sizes, radii and the shadow radius at 0 or more,
/// the opacity within 0…1 — while the animation keeps its true value, so a retarget continues
/// from where the motion really is.
public struct ViewPresentation: Hashable, Sendable {
    /// The presented frame (width and height 0 or more).
    public var frame: Rect
    /// The presented corner radius (0 or more).
    public var cornerRadius: Float
    /// The presented opacity, 0…1.
    public var opacity: Float
    /// The presented shadow radius (0 = no shadow).
    public var shadowRadius: Float
    /// The presented transform.
    public var transform: Transform
    /// The transform that maps the view's bounds (0, 0)-(frame.width, frame.height) to the
    /// screen, every ancestor's frame, transform and content offset included (for a root view:
    /// its frame and transform alone).
    public var globalTransform: ProjectionTransform = .identity
    /// The bounding box of the view's bounds under ``globalTransform`` (for a root view with no
    /// transform, its frame); the frame itself when part of the view turns behind the viewer.
    public var globalFrame: Rect = .zero
    /// Whether the view is in the render list of the last tick: `false` while it or an ancestor
    /// is hidden, while it lies wholly outside the clips of its clipping ancestors taken together
    /// (culled; see ``RenderItem``), while something hides it
    /// — the app (``World/setHidden(_:of:)``), a portal (a source or destination while its layer
    /// flies), a navigation stack (a screen not on show), a popup not presented — and for a
    /// view spawned since the last tick.
    public var isDrawn: Bool = false
    /// The presented content offset (``World/setContentOffset(_:of:)``, UIKit's `bounds.origin`).
    public var contentOffset: Point = .zero
    /// Whether the view clips its descendants (``World/setClipsToBounds(_:of:)``).
    public var clipsToBounds: Bool = false
    /// The z index among its siblings (``World/setZIndex(_:of:)``); a feature may have raised
    /// it (a presented popup's content) or reset it (a screen as its navigation ends).
    public var zIndex: Int32 = 0
    /// Whether the app hid the view (``World/setHidden(_:of:)``). Portal's own reasons to hide
    /// a view (a portal's anchor under its flying layer, a screen not on show, a popup not
    /// presented) are not this flag; ``isDrawn`` says whether it is drawn.
    public var isHidden: Bool = false
    /// The view's parent, as ``World/parent(of:)`` answers: as the staged calls leave the tree
    /// (the presented values are the last tick's, in the content space of the parent it had).
    public var parent: Entity?
}

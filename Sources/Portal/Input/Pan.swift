// Who owns a touch: the contract between the pointer arbiter (this folder's pointer side) and the
// features that take pans (scroll views, navigation stacks, later draggable portal destinations).
//
// UIKit decides a touch's owner with gesture recognizers; Portal decides it with one rule, in one
// place. At the press, the arbiter collects the candidates along the pressed view and its
// ancestors, innermost first (each registered `PanHandler` says whether it has one at a view),
// and tells them the press (a decelerating scroll view stops: that touch is then not a tap).
// After the slop, the first travel decides the axis, and the candidates are offered the pan in
// order: the first that claims it owns it for the rest of the gesture. A candidate that cannot
// move that way (a scroll view at the edge the travel pushes against, a stack whose pop cannot
// start there) declines, which is how a carousel at its leading edge hands the pan to the stack
// behind it. When every candidate declines, they are offered the pan once more as a fallback
// (`PanOffer.isFallback`): a scroll view that bounces takes it then, for a rubber band at its
// edge, as a list pulled down at its top does. The owner is decided once, at the lock; it changes only by cancellation (an owner
// despawned or hidden mid-gesture (by anyone but its own feature, `PanHandler.ownHiding`) gets `.cancelled`, and nobody takes the rest of the pan).

/// The axis a pan locks to once it has travelled past the slop.
public enum PanAxis: Hashable, Sendable {
    /// Left and right.
    case horizontal
    /// Up and down.
    case vertical
}

/// A pan's phase, as its owner sees it.
enum PanPhase: Hashable {
    /// The pan locked and this owner claimed it.
    case began
    /// The pointer moved.
    case changed
    /// The pointer lifted: `velocity` is the release velocity.
    case ended
    /// The pointer was cancelled, or the owner stopped being a candidate (despawned, hidden).
    case cancelled
}

/// What the arbiter offers a candidate at the lock.
struct PanOffer {
    /// The locked axis.
    var axis: PanAxis
    /// The travel so far, global points, from the press (its length is at least the slop).
    var translation: Point
    /// Where the press was, global points.
    var start: Point
    /// `false` in the first round, when a candidate claims only a pan it can follow (a scroll
    /// view not at the edge the travel pushes against); `true` in the second, offered only when
    /// every candidate declined the first: a scroll view that bounces on the axis claims it then.
    var isFallback: Bool
}

/// One step of a pan, as its owner receives it.
struct PanUpdate {
    var phase: PanPhase
    /// The locked axis.
    var axis: PanAxis
    /// Travel since the lock, global points (so the owner follows the finger 1:1 from where the
    /// pan began, without jumping by the slop).
    var translation: Point
    /// The pointer's velocity, points per second (the tracker's fit), in global space.
    var velocity: Point
    /// The pointer's location, global points.
    var location: Point
}

/// A feature's part in touch ownership, registered with `FeatureRegistry.addPanHandler(_:)`.
struct PanHandler {
    /// The feature that registered it (its ``Feature/name``).
    let feature: String
    /// Whether the feature has a pan candidate at `view` (a scroll view, a stack).
    let isCandidate: (World, _ view: Entity) -> Bool
    /// A press landed on `view`'s subtree; returns whether it stopped something (a decelerating
    /// scroll view): such a touch is not a tap.
    let pressed: (World, _ view: Entity, _ tick: UInt64) -> Bool
    /// Whether the candidate at `view` takes the pan the arbiter offers.
    let claims: (World, _ view: Entity, _ offer: PanOffer) -> Bool
    /// The owner's pan, one step at a time: `.began` once, `.changed`, then `.ended` or `.cancelled`.
    let update: (World, _ view: Entity, _ update: PanUpdate, _ tick: UInt64) -> Void
    /// The hidden bits (`HiddenReason`) the feature itself sets on the views it owns pans at,
    /// which do not make such a view stop being a candidate: a portal hides the destination a
    /// drag began on for the drag's length (the layer shows instead), and keeps the pan.
    let ownHiding: UInt8
}

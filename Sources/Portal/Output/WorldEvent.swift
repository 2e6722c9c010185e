/// Something that happened during a tick, for the host to read with ``World/drainEvents()``.
public enum WorldEvent: Hashable, Sendable {
    /// An animation reached one of its completion criteria.
    case animationCompleted(AnimationCompletion)
    /// ``World/advance(by:)`` was given a frame time it could not use; nothing ran.
    case frameTimeRejected(AdvanceReport.Rejection)
    /// ``World/advance(by:)`` was given more time than the catch-up cap allows; this many whole
    /// ticks of it were discarded.
    case ticksDropped(Int)
    /// A portal layer set off (or turned round mid-flight) in a direction.
    case portalWillStart(PortalEvent)
    /// A portal layer landed and handed over to the landing view.
    case portalDidComplete(PortalEvent)
    /// Every member of a group transition has landed.
    case portalGroupDidComplete(groupID: String, direction: PortalDirection, tick: UInt64)
    /// A navigation stack began a push or a pop.
    case navigationWillStart(NavigationEvent)
    /// A navigation stack finished (or, interactively, cancelled) a push or a pop.
    case navigationDidComplete(NavigationEvent)
    /// A popup (its content view) began to appear, on the tick its presentation applied.
    case popupWillPresent(Entity, tick: UInt64)
    /// A popup (its content view) has fully appeared, on the tick its scale-in finished.
    case popupDidPresent(Entity, tick: UInt64)
    /// A popup (its content view) has gone, and why: after its hide animation, or at once when
    /// it was left with nothing to point at (its source not drawn, or its content hidden); on
    /// the tick it left.
    case popupDidDismiss(Entity, reason: PopupDismissReason, tick: UInt64)
    /// Portal `id` was activated but cannot fly yet: no frame is known for the anchors in
    /// `missing` (in source, destination order), because no view with that role has been marked
    /// (or laid out) so far. It waits, showing its source, and flies on the tick the missing
    /// anchor appears (with ``portalWillStart(_:)``). Reported once per activation.
    case portalWaiting(id: PortalID, missing: [PortalRole], tick: UInt64)
    /// An interactive pop was released: whether it finishes or cancels, and how fast the rest
    /// runs — the decision ``World/endInteractivePop(_:velocity:)`` returned — on the tick the
    /// release runs (the rest of the motion starts on it).
    case interactivePopDidEnd(InteractivePopDecision, tick: UInt64)
    /// ``World/setParent(_:of:keepingGlobalFrame:)`` asked to keep `view` in place on screen,
    /// but no frame in its new parent's content space puts it there (see `reason`): it kept its
    /// local frame and moved with its new parent. Reported on the tick the parent changed.
    case globalFrameNotKept(view: Entity, reason: GlobalFrameLoss, tick: UInt64)
    /// A pointer (``World/pointer(_:)``) went down and up within ``PointerRules/slop`` of its
    /// press, before its long press, without panning and without stopping a scroll view: a tap
    /// on what the press hit. Reported on the tick its lift applied.
    case tapped(PointerTap)
    /// A pointer was held within ``PointerRules/slop`` of its press for
    /// ``PointerRules/longPressDuration``: a long press on what the press hit. It owns the touch
    /// until it lifts (no tap, no pan follows).
    case longPressed(PointerTap)
    /// A scroll view's owner took a pan and its content began to follow the finger (UIKit's
    /// `scrollViewWillBeginDragging(_:)`).
    case scrollViewWillBeginDragging(Entity, tick: UInt64)
    /// The finger lifted from a dragged scroll view (or its pan was cancelled): `willDecelerate`
    /// is `true` when the content goes on moving — a glide, a bounce back to an edge, a page or a
    /// snap — and a ``scrollViewDidEndDecelerating(_:tick:)`` will follow (UIKit's
    /// `scrollViewDidEndDragging(_:willDecelerate:)`).
    case scrollViewDidEndDragging(Entity, willDecelerate: Bool, tick: UInt64)
    /// A scroll view's glide, bounce, page or snap ended: it came to rest, a press caught it, or
    /// a content offset set by the host stopped it (UIKit's `scrollViewDidEndDecelerating(_:)`).
    case scrollViewDidEndDecelerating(Entity, tick: UInt64)
    /// An animated ``World/scroll(_:to:animated:)`` ended, reaching its target or stopped
    /// (UIKit's `scrollViewDidEndScrollingAnimation(_:)`).
    case scrollViewDidEndScrollingAnimation(Entity, tick: UInt64)
}

/// Why ``World/setParent(_:of:keepingGlobalFrame:)`` could not keep a view's global frame: the
/// change from the old parent's content space to the new one's, as presented on the tick the
/// parent changed, is not a positive scale and a translation, which is all a frame can express.
public enum GlobalFrameLoss: Hashable, Sendable {
    /// The spaces are turned or skewed relative to each other (a rotation of either parent or
    /// an ancestor that the other does not share).
    case rotationOrSkew
    /// One space is mirrored relative to the other (a negative scale).
    case flip
    /// One space has perspective relative to the other (a 3D rotation).
    case perspective
    /// One space collapses the plane to a line or a point (a zero scale), so there is no place
    /// on screen to keep, or none to keep it in; or the new one is so nearly collapsed that the
    /// frame would need numbers past ±``Rect/maxMagnitude``.
    case singular
}

/// A portal's start or landing.
public struct PortalEvent: Hashable, Sendable {
    /// The portal.
    public let id: PortalID
    /// Which way it flies.
    public let direction: PortalDirection
    /// For a landing, the criterion the flight reached; `nil` for a start.
    public let criterion: AnimationCompletionCriteria?
    /// The tick it happened on.
    public let tick: UInt64
}

/// One completion criterion of one animation.
public struct AnimationCompletion: Hashable, Sendable {
    /// The animation, as returned by ``World/animate(_:to:with:)``.
    public let id: AnimationID
    /// The view it animated.
    public let view: Entity
    /// Which criterion was reached.
    public let criterion: AnimationCompletionCriteria
    /// The tick at which it was reached.
    public let tick: UInt64
    /// `true` when the animation ended early: every property it drove was taken over by a
    /// newer animation, set without animation, or its view was despawned.
    public let wasInterrupted: Bool
}

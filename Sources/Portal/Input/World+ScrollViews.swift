// The scroll view API: make a view a scroll view, stop that, scroll it, read its state, set the
// hook that picks where it comes to rest. Each call is a `HostCall` (`ScrollViewCalls.swift`),
// applied at the next tick by the systems (`ScrollViewSystems.swift`).

extension World {
    /// Makes `view` a scroll view with `configuration` at the next tick (or gives a scroll view a
    /// new configuration, keeping its offset and any motion, as changing a `UIScrollView`'s
    /// properties does). Its content offset — the view's own, ``setContentOffset(_:of:)``'s —
    /// is then driven by the pans the pointer arbiter gives it: it follows the finger, is
    /// rubber-banded past its edges, glides, bounces back and pages as a `UIScrollView` (see the
    /// article *Scroll views*).
    ///
    /// - Throws: ``PortalError/invalidGeometry(_:_:reason:)`` or
    ///   ``PortalError/invalidValue(_:_:reason:)`` naming the field of `configuration` that is out
    ///   of range; ``PortalError/staleEntity(_:)``, ``PortalError/notAView(_:)``,
    ///   ``PortalError/portalLayer(_:)`` or ``PortalError/portalOwned(_:)`` for a `view` that is
    ///   not a live view of the app. The world is unchanged when it throws.
    public func makeScrollView(_ view: Entity, configuration: ScrollViewConfiguration) throws(PortalError) {
        try submit(MakeScrollViewCall(view: view, configuration: configuration))
    }

    /// Makes `view` a plain view again at the next tick: its offset stays where it is, and a
    /// motion in progress ends (with its event).
    ///
    /// - Throws: ``PortalError/notAScrollView(_:)`` when `view` is not a scroll view once the
    ///   calls made so far run; ``PortalError/staleEntity(_:)`` or ``PortalError/notAView(_:)``.
    public func removeScrollView(_ view: Entity) throws(PortalError) {
        try submit(RemoveScrollViewCall(view: view))
    }

    /// Scrolls `view` to `offset` at the next tick — UIKit's `setContentOffset(_:animated:)`.
    /// Without animation the offset is set at once; with it, a spring
    /// (``ScrollPhysics/scrollAnimationSpring``) carries the content there and
    /// ``WorldEvent/scrollViewDidEndScrollingAnimation(_:tick:)`` follows. Either way a glide or
    /// spring in progress stops (with its event). The offset is not clamped to the content, as
    /// UIKit's is not.
    ///
    /// A plain ``setContentOffset(_:of:)`` (or an animation of the content offset) on a scroll
    /// view also works: it stops a glide where the host put the content, as UIKit's does, and a
    /// drag in progress follows the finger from there.
    ///
    /// - Throws: ``PortalError/invalidGeometry(_:_:reason:)`` naming `offset` when a coordinate is
    ///   NaN, infinite or beyond ±1e9; ``PortalError/notAScrollView(_:)``;
    ///   ``PortalError/staleEntity(_:)`` or ``PortalError/notAView(_:)``.
    public func scroll(_ view: Entity, to offset: Point, animated: Bool) throws(PortalError) {
        try submit(ScrollToCall(view: view, offset: offset, animated: animated))
    }

    /// What the scroll view `view` is doing, as of the last tick (and any drag applied since):
    /// its content offset, velocity, and UIKit's `isTracking`, `isDragging` and `isDecelerating`.
    /// A scroll view made by a call not yet applied reads as still.
    ///
    /// - Throws: ``PortalError/notAScrollView(_:)``; ``PortalError/staleEntity(_:)`` or
    ///   ``PortalError/notAView(_:)``.
    public func scrollViewState(of view: Entity) throws(PortalError) -> ScrollViewState {
        try requireScrollView(view)
        let offset = views.contentOffset(slot: views.slot(of: view)!)
        guard let row = scrollViews.index.row(of: view) else {
            return ScrollViewState(contentOffset: offset, velocity: .zero, isTracking: false, isDragging: false,
                                   isDecelerating: false, isScrollAnimating: false)
        }
        let x = scrollViews.motionX[row], y = scrollViews.motionY[row], drag = scrollViews.drags[row]
        let velocity = drag.isDragging ? drag.velocity : Point(x: Float(x.velocity), y: Float(y.velocity))
        let decelerating = x.mode == .decelerating || x.mode == .bouncing || y.mode == .decelerating || y.mode == .bouncing
        return ScrollViewState(contentOffset: offset, velocity: velocity, isTracking: drag.isDragging, isDragging: drag.isDragging,
                               isDecelerating: decelerating, isScrollAnimating: x.mode == .animating || y.mode == .animating)
    }

    /// Sets (or, with `nil`, removes) the hook that picks where the scroll view `view` comes to
    /// rest when a drag ends — UIKit's `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`,
    /// for snapping to rows or cards. It is called as the release applies, with the release
    /// velocity and the rest point the glide would reach; the content then springs to the
    /// returned offset instead of gliding (see ``ScrollTargetHandler``). With paging on, the hook
    /// is given the page as the proposed target. It takes effect at once.
    ///
    /// A hook is code, like a system: a trace does not record it, and a replay that needs it sets
    /// it again on the replayer's world before stepping (``TraceReplayer/world``).
    ///
    /// - Throws: ``PortalError/notAScrollView(_:)``; ``PortalError/staleEntity(_:)`` or
    ///   ``PortalError/notAView(_:)``.
    public func setScrollTargetHandler(_ handler: ScrollTargetHandler?, for view: Entity) throws(PortalError) {
        try requireScrollView(view)
        scrollViews.targetHandlers[view] = handler
    }

    /// Whether `view` is a scroll view once the calls made so far run.
    public func isScrollView(_ view: Entity) -> Bool {
        allocator.isUsable(view) && scrollViews.isScrollView(view)
    }
}

// Scroll views' public calls: make a view a scroll view, stop that, scroll it, read its state.
// Each validates at the call (a refusal names the argument and changes nothing) and stages a
// command applied at the next tick, in call order, as every host call.

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
        if let r = recorder, r.isIdle { _ = try r.record(.makeScrollView(view, configuration), self); return }
        try validateMakeScrollView(view, configuration: configuration)
        stageMakeScrollView(view, configuration: configuration)
    }

    /// Throws what ``makeScrollView(_:configuration:)`` throws, staging nothing.
    func validateMakeScrollView(_ view: Entity, configuration: ScrollViewConfiguration) throws(PortalError) {
        try requireAppView(view)
        try configuration.validate()
    }

    /// Stages a validated ``makeScrollView(_:configuration:)``.
    func stageMakeScrollView(_ view: Entity, configuration: ScrollViewConfiguration) {
        scrollViews.staged[view] = true
        commands.append(.makeScrollView(view, configuration))
    }

    /// Makes `view` a plain view again at the next tick: its offset stays where it is, and a
    /// motion in progress ends (with its event).
    ///
    /// - Throws: ``PortalError/notAScrollView(_:)`` when `view` is not a scroll view once the
    ///   calls made so far run; ``PortalError/staleEntity(_:)`` or ``PortalError/notAView(_:)``.
    public func removeScrollView(_ view: Entity) throws(PortalError) {
        if let r = recorder, r.isIdle { _ = try r.record(.removeScrollView(view), self); return }
        try requireScrollView(view)
        scrollViews.staged[view] = false
        commands.append(.removeScrollView(view))
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
        if let r = recorder, r.isIdle { _ = try r.record(.scroll(view, offset, animated: animated), self); return }
        try requireScrollView(view)
        guard Rect.isSane(offset.x), Rect.isSane(offset.y) else {
            throw .invalidGeometry("offset", Rect.isSane(offset.x) ? offset.y : offset.x, reason: "a content offset must be finite and within ±1e9")
        }
        commands.append(.scrollTo(view, offset, animated: animated))
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

    /// Whether `view` is a scroll view once the calls made so far run.
    public func isScrollView(_ view: Entity) -> Bool {
        allocator.isUsable(view) && scrollViews.isScrollView(view)
    }

    /// Requires a live view that is a scroll view once the staged calls apply.
    func requireScrollView(_ view: Entity) throws(PortalError) {
        try requireView(view)
        guard scrollViews.isScrollView(view) else { throw .notAScrollView(view) }
    }
}

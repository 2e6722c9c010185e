// Scroll views' public calls: make a view a scroll view, stop that, scroll it, read its state.
// Each is a `HostCall` (see `ECS/HostCall.swift`) submitted through `World.submit`: it validates
// (a refusal names the argument and changes nothing), is recorded in a trace, and stages a
// `ScrollViewCommand` applied at the next tick, in call order, as every host call.

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

    /// Requires a live view that is a scroll view once the staged calls apply.
    func requireScrollView(_ view: Entity) throws(PortalError) {
        try requireView(view)
        guard scrollViews.isScrollView(view) else { throw .notAScrollView(view) }
    }
}

/// ``World/makeScrollView(_:configuration:)``.
struct MakeScrollViewCall: HostCall {
    static let verb = "makeScrollView"
    var view: Entity, configuration: ScrollViewConfiguration
    init(view: Entity, configuration: ScrollViewConfiguration) { (self.view, self.configuration) = (view, configuration) }
    func write(to trace: inout TraceWriter) {
        let c = configuration
        trace.put("view", view)
        trace.key("content"); trace.floats(c.contentSize.width, c.contentSize.height)
        trace.key("inset"); trace.floats(c.contentInset.top, c.contentInset.leading, c.contentInset.bottom, c.contentInset.trailing)
        trace.key("axes"); trace.int(c.axes.rawValue)
        trace.put("paging", c.isPagingEnabled)
        trace.put("rate", c.decelerationRate.rawValue)   // a Double, in full: a custom rate replays to the same bits
        trace.put("bounces", c.bounces)
        trace.put("alwaysBounceHorizontal", c.alwaysBounceHorizontal)
        trace.put("alwaysBounceVertical", c.alwaysBounceVertical)
    }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        view = try trace.entity(key: "view")
        let content = try trace.floats(trace.take("content"), 2), inset = try trace.floats(trace.take("inset"), 4)
        let axes = try trace.atom(trace.one(trace.take("axes")))
        guard let bits = UInt8(axes) else { throw trace.malformed("‘\(axes)’ is not an axis set") }
        configuration = ScrollViewConfiguration(
            contentSize: Size(width: content[0], height: content[1]),
            contentInset: EdgeInsets(top: inset[0], leading: inset[1], bottom: inset[2], trailing: inset[3]),
            axes: ScrollAxes(rawValue: bits), isPagingEnabled: try trace.bool(key: "paging"),
            decelerationRate: ScrollDecelerationRate(rawValue: try trace.double(key: "rate")), bounces: try trace.bool(key: "bounces"),
            alwaysBounceHorizontal: try trace.bool(key: "alwaysBounceHorizontal"), alwaysBounceVertical: try trace.bool(key: "alwaysBounceVertical"))
    }
    func perform(on world: World) throws(PortalError) {
        try world.requireAppView(view)
        try configuration.validate()
        world.scrollViews.staged[view] = true
        world.commands.append(.scrollView(.make(view, configuration)))
    }
}

/// ``World/removeScrollView(_:)``.
struct RemoveScrollViewCall: HostCall {
    static let verb = "removeScrollView"
    var view: Entity
    init(view: Entity) { self.view = view }
    func write(to trace: inout TraceWriter) { trace.put("view", view) }
    init(reading trace: inout TraceDecoder) throws(TraceError) { view = try trace.entity(key: "view") }
    func perform(on world: World) throws(PortalError) {
        try world.requireScrollView(view)
        world.scrollViews.staged[view] = false
        world.commands.append(.scrollView(.remove(view)))
    }
}

/// ``World/scroll(_:to:animated:)``.
struct ScrollToCall: HostCall {
    static let verb = "scrollTo"
    var view: Entity, offset: Point, animated: Bool
    init(view: Entity, offset: Point, animated: Bool) { (self.view, self.offset, self.animated) = (view, offset, animated) }
    func write(to trace: inout TraceWriter) { trace.put("view", view); trace.put("offset", offset); trace.put("animated", animated) }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        view = try trace.entity(key: "view")
        offset = try trace.point(key: "offset")
        animated = try trace.bool(key: "animated")
    }
    func perform(on world: World) throws(PortalError) {
        try world.requireScrollView(view)
        guard Rect.isSane(offset.x), Rect.isSane(offset.y) else {
            throw .invalidGeometry("offset", Rect.isSane(offset.x) ? offset.y : offset.x, reason: "a content offset must be finite and within ±1e9")
        }
        world.commands.append(.scrollView(.scroll(view, offset, animated: animated)))
    }
}

/// A scroll view's staged command (`Command.scrollView`).
enum ScrollViewCommand {
    case make(Entity, ScrollViewConfiguration)
    case remove(Entity)
    case scroll(Entity, Point, animated: Bool)
}

extension World {
    /// Applies a staged scroll view command.
    func apply(_ command: ScrollViewCommand, tick: UInt64) {
        switch command {
        case let .make(view, configuration): applyMakeScrollView(view, configuration)
        case let .remove(view): applyRemoveScrollView(view, tick: tick)
        case let .scroll(view, offset, animated): applyScroll(view, to: offset, animated: animated, tick: tick)
        }
    }
}

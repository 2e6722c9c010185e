// The view API: spawn views, change them at once or with an animation, read them back.

extension World {
    /// Creates a view: an entity that draws, with a frame, a corner radius and an opacity. It
    /// appears in the render list from the next tick.
    ///
    /// - Throws: ``PortalError/invalidGeometry(_:_:reason:)`` for a NaN, infinite or
    ///   negative-size frame or radius; ``PortalError/invalidValue(_:_:reason:)`` for an opacity
    ///   outside 0…1.
    /// - Complexity: O(1) amortised.
    public func spawnView(frame: Rect, cornerRadius: Float = 0, opacity: Float = 1) throws(PortalError) -> Entity {
        try submit(SpawnViewCall(frame: frame, cornerRadius: cornerRadius, opacity: opacity, parent: nil))
    }

    /// Moves a view to `frame` at the next tick, without animation (a running frame animation
    /// stops where the new frame is set).
    public func setFrame(_ frame: Rect, of view: Entity) throws(PortalError) {
        // `update`, inlined here with its other properties known to be nil: validating and
        // staging the frame alone (a layout capture makes thousands of these a frame).
        try update(view, to: ViewProperties(frame: frame))
    }

    /// Changes a view's properties at the next tick, without animation. A property that was
    /// animating jumps to its new value; an animation left with nothing to drive is reported
    /// complete and interrupted.
    @inline(__always)
    public func update(_ view: Entity, to properties: ViewProperties) throws(PortalError) {
        try submit(UpdateCall(view: view, properties: properties))
    }

    /// Animates a view's properties to new values — the headless `withAnimation`.
    ///
    /// The animation starts at the next tick from the presented values. A property that is
    /// already animating is retargeted continuously: a spring keeps the presented value and
    /// velocity, a timing curve restarts from the presented value. Completion is reported as
    /// two ``WorldEvent/animationCompleted(_:)`` events carrying the returned id:
    /// `.logicallyComplete`, then `.removed`.
    ///
    /// ```swift
    /// let id = try world.animate(card, to: ViewProperties(frame: detail, cornerRadius: 16),
    ///                            with: .bouncy)
    /// ```
    ///
    /// - Throws: ``PortalError/invalidAnimation(_:reason:)`` and the errors of
    ///   ``update(_:to:)``.
    @discardableResult
    public func animate(_ view: Entity, to properties: ViewProperties, with animation: Animation = .default) throws(PortalError) -> AnimationID {
        try submit(AnimateCall(view: view, properties: properties, animation: animation))
    }

    /// Sets a view's z index at the next tick: among views of the same role, higher draws on top.
    public func setZIndex(_ zIndex: Int32, of view: Entity) throws(PortalError) {
        try submit(SetZIndex(view: view, z: zIndex))
    }

    /// Sets whether ``hitTest(_:)`` can return the view (SwiftUI's `allowsHitTesting`).
    public func setAllowsHitTesting(_ allows: Bool, of view: Entity) throws(PortalError) {
        try submit(SetAllowsHitTesting(view: view, flag: allows))
    }

    /// Hides or shows a view at the next tick (SwiftUI's `hidden()`): a hidden view is left
    /// out of the render list and of hit testing but keeps animating.
    public func setHidden(_ hidden: Bool, of view: Entity) throws(PortalError) {
        try submit(SetHidden(view: view, flag: hidden))
    }

    /// Sets how a view's corners are drawn: their style, and whether content is clipped to them.
    public func setCornerStyle(_ style: CornerStyle, clipsContent: Bool = true, of view: Entity) throws(PortalError) {
        try submit(SetCornerStyle(view: view, style: style, clipsContent: clipsContent))
    }

    /// The view's presented values as of the last tick (mid-animation values included), with
    /// the tree state the host set on it: content offset, clip flag, z index, hidden flag, and
    /// its parent (as ``parent(of:)`` answers).
    public func presentation(of view: Entity) throws(PortalError) -> ViewPresentation {
        try requireAlive(view)
        guard let slot = views.slot(of: view) else { throw .notAView(view) }
        var p = views.presentation(slot: slot)
        // With no parent change staged, the tree is the applied one (a despawn takes the subtree
        // with it, so a live view's parent is live): hosts read presentations every frame, and
        // each of the world's properties the full answer reads is a dynamically checked access.
        if stagedParents.isEmpty {
            p.parent = views.parent(slot: slot).map { views.entities[$0] }
        } else {
            p.parent = try parent(of: view)
        }
        return p
    }

    /// Whether `entity` is a live view.
    public func isView(_ entity: Entity) -> Bool {
        allocator.isUsable(entity) && views.slot(of: entity) != nil
    }

    /// The number of views (including those spawned since the last tick).
    public var viewCount: Int { views.count }

    /// ``setPresented(_:_:slot:)`` for several channels.
    func setPresented(_ values: [(ViewChannel, Float)], slot: Int) {
        for (channel, value) in values { setPresented(channel, value, slot: slot) }
    }

    /// A hidden view whose x channel carries an animated scalar (a stack's or a header's
    /// progress): never drawn, never hit.
    func spawnProgressView() -> Entity? {
        guard let entity = allocator.allocate(ownedByPortal: true) else { return nil }
        views.insert(entity, frame: .zero, cornerRadius: 0, opacity: 0, role: .view)
        let slot = views.slot(of: entity)!
        views.setHidden(true, by: .internalView, slot: slot)
        views.styles[slot].allowsHitTesting = false
        return entity
    }

    /// Requires a live view. Portal's own views (layers, backdrops) pass: the app may change
    /// how they look (a user system styling the layers), which goes with them when they go.
    @inline(__always)
    func requireView(_ entity: Entity) throws(PortalError) {
        try requireAlive(entity)
        guard views.slot(of: entity) != nil else { throw .notAView(entity) }
    }

    /// Requires a live view that the app may hand to a feature (as a portal anchor, a screen, a
    /// popup or its source, a header part): not one of Portal's own (a layer, a backdrop), which
    /// Portal removes on its own schedule.
    func requireAppView(_ entity: Entity) throws(PortalError) {
        try requireAppEntity(entity)
        guard views.slot(of: entity) != nil else { throw .notAView(entity) }
    }
}

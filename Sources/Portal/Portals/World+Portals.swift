// The portal API: mark views as sources and destinations, then drive transitions by id, by
// item, or as a staggered group. The table is `PortalStore.swift`, the systems
// `PortalSystems.swift` and its extensions, the vocabulary `PortalConfig.swift`.

extension World {
    /// Marks a view as the source or destination of portal `id`. A view carries one mark; marking
    /// it again moves the mark.
    ///
    /// Takes effect at once for the matching of the next tick: a destination that appears while
    /// an activation waits for it starts the flight on that tick.
    ///
    /// - Throws: ``PortalError/duplicatePortalRole(_:_:existing:rejected:)`` when another view
    ///   already has that role for `id`; ``PortalError/portalLayer(_:)`` or
    ///   ``PortalError/portalOwned(_:)`` for Portal's own views (layers, backdrops), which
    ///   Portal removes on its own schedule.
    public func portal(_ view: Entity, id: PortalID, as role: PortalRole) throws(PortalError) {
        try submit(PortalMarkCall(view: view, id: id, role: role))
    }

    /// Marks a view as the source or destination of the portal of an `Identifiable` item.
    public func portal<Item: Identifiable>(_ view: Entity, item: Item, as role: PortalRole) throws(PortalError) {
        try portal(view, id: PortalID(item: item), as: role)
    }

    /// Removes a view's portal mark. The view is shown again; a layer flying to or resting on it
    /// keeps its last known frame, and a layer showing its content shows the portal's other
    /// anchor instead (so the view is not drawn twice).
    public func removePortal(from view: Entity) throws(PortalError) {
        try submit(RemovePortalCall(view: view))
    }

    /// Activates (`isActive: true`, the layer flies source → destination) or deactivates (it flies
    /// back) portal `id` at the next tick.
    ///
    /// Activation waits the configuration's start delay; deactivation flies back at once, as in
    /// the original. Activation with the destination not yet marked waits for it. Flipping
    /// `isActive` mid-flight turns the layer round from where it is (a spring keeps its velocity);
    /// during the start delay it turns before it has moved.
    ///
    /// - Throws: ``PortalError/unknownPortal(_:)`` for an id no view was marked with, and the
    ///   errors of an invalid configuration.
    public func portalTransition(id: PortalID, isActive: Bool, config: PortalTransitionConfig = PortalTransitionConfig()) throws(PortalError) {
        try submit(PortalTransitionCall(id: id, isActive: isActive, config: config))
    }

    /// Drives an item transition: a non-nil item flies forward; `nil` flies the last item back
    /// (the last item is remembered); another item while one is presented transfers the
    /// presentation to it without a fly-back (a carousel).
    ///
    /// - Parameters:
    ///   - item: the item to present, whose `id` names the portal (as marked with
    ///     ``portal(_:item:as:)``), or `nil` to fly the last presented item back.
    ///   - config: the transition's configuration: animation, corners, layer effects, removal.
    ///   - scope: names the presentation, like the binding in
    ///     `.portalTransition(item: $selection)`; transitions in different scopes are independent.
    public func portalTransition<Item: Identifiable>(item: Item?, config: PortalTransitionConfig = PortalTransitionConfig(),
                                                     scope: String = "") throws(PortalError) {
        guard let item else { return try dismissPortalItem(config: config, scope: scope) }
        try submit(PortalItemCall(id: PortalID(item: item), config: config, scope: scope))
    }

    /// ``portalTransition(item:config:scope:)`` with a plain `nil`, which names no item type:
    /// `world.portalTransition(item: nil, scope: "photos")` flies the item presented in `scope`
    /// back (and does nothing when none is), as the original does when its binding becomes `nil`.
    public func portalTransition(item: Never?, config: PortalTransitionConfig = PortalTransitionConfig(),
                                 scope: String = "") throws(PortalError) {
        try dismissPortalItem(config: config, scope: scope)
    }

    /// Flies the item presented in `scope` back to its source (its id stays the last item); does
    /// nothing when no item is presented there. The same as setting the item to `nil`.
    public func dismissPortalItem(config: PortalTransitionConfig = PortalTransitionConfig(), scope: String = "") throws(PortalError) {
        try submit(DismissPortalItemCall(config: config, scope: scope))
    }

    /// The item id presented in `scope` now, or the last one when nothing is presented.
    public func lastPortalItem(scope: String = "") -> PortalID? {
        portals.itemScopes[scope].flatMap { $0.current ?? $0.last }
    }

    /// Drives a group of portals together: one layer per member, member i starting
    /// `i × staggerDelay` seconds after the first (forward and back). Each member reports its own
    /// events; ``WorldEvent/portalGroupDidComplete(groupID:direction:tick:)`` follows the last.
    public func portalTransition(ids: [PortalID], groupID: String, isActive: Bool,
                                 config: PortalTransitionConfig = PortalTransitionConfig(), staggerDelay: Double = 0) throws(PortalError) {
        try submit(PortalGroupCall(ids: ids, groupID: groupID, isActive: isActive, config: config, staggerDelay: staggerDelay))
    }

    /// ``portalTransition(ids:groupID:isActive:config:staggerDelay:)`` for `Identifiable` items.
    public func portalTransition<Item: Identifiable>(items: [Item], groupID: String, isActive: Bool,
                                                     config: PortalTransitionConfig = PortalTransitionConfig(),
                                                     staggerDelay: Double = 0) throws(PortalError) {
        try portalTransition(ids: items.map { PortalID(item: $0) }, groupID: groupID, isActive: isActive,
                             config: config, staggerDelay: staggerDelay)
    }

    /// Moves a presentation from portal `from` to portal `to` without a fly-back, for carousels:
    /// `from`'s source reappears, `to`'s source hides and `to` is presented (a layer still flying
    /// forward continues, now towards `to`'s destination). Any layer of `to`'s own (a flight or a
    /// fade in progress) is removed, as the original hides it. An activation of `from` that has
    /// not flown yet (made in the same frame, or waiting for an anchor) becomes `to`'s: `to` flies
    /// from its source. Applied at the next tick.
    public func transferActivePortal(from: PortalID, to: PortalID) throws(PortalError) {
        try submit(TransferActivePortalCall(from: from, to: to))
    }

    /// Whether portal `id` is requested active (`nil` for an unknown id).
    public func isPortalActive(_ id: PortalID) -> Bool? {
        portals.keys[id].map { portals.records[Int($0)].requested }
    }

    /// Every portal layer now in the overlay, with its state, in id order.
    public func portalLayers() -> [PortalLayerState] {
        // Each portal with a layer (a cross-fade has two) once.
        let keys = Set(portals.layerOwners.values)
        return keys.compactMap { layerState(Int($0)) }.sorted { $0.id.rawValue < $1.id.rawValue }
    }

    /// The layer state of portal `id`, or `nil` when it has no layer now.
    public func portalLayer(_ id: PortalID) -> PortalLayerState? {
        portals.keys[id].flatMap { layerState(Int($0)) }
    }

    /// The active state of each member of a group, keyed by id (the seed's `activeStates`).
    public func portalGroupActiveStates(_ groupID: String) -> [PortalID: Bool] {
        guard let index = portals.groupIndex[groupID] else { return [:] }
        var states: [PortalID: Bool] = [:]
        for key in portals.groups[index].members { states[portals.ids[Int(key)]] = portals.layerIsActive(Int(key), now: clock.tick) }
        return states
    }

    private func layerState(_ key: Int) -> PortalLayerState? {
        let record = portals.records[key]
        guard let layer = record.layer, let slot = views.slot(of: layer) else { return nil }
        let direction: PortalDirection
        switch portals.motion[key].phase {
        case let .flying(d), let .fading(d): direction = d
        default: direction = .forward
        }
        let frame = views.presentation(slot: slot).frame
        let s = record.sourceFrame ?? frame, d = record.destinationFrame ?? frame
        let span = [d.minX - s.minX, d.minY - s.minY, d.width - s.width, d.height - s.height]
        let offset = [frame.minX - s.minX, frame.minY - s.minY, frame.width - s.width, frame.height - s.height]
        let length = span.reduce(0) { $0 + $1 * $1 }
        let progress = length > 1e-6 ? zip(span, offset).reduce(0) { $0 + $1.0 * $1.1 } / length
                                     : (portals.layerIsActive(key, now: clock.tick) ? 1 : 0)
        return PortalLayerState(id: portals.ids[key], layer: layer, groupID: record.group.map { portals.groups[$0].id },
                                isActive: portals.layerIsActive(key, now: clock.tick), progress: progress, direction: direction)
    }
}

// The portal API: mark views as sources and destinations, then drive transitions by id, by
// item, or as a staggered group.

/// The state of one portal's overlay layer, for systems that animate layer content (the seed's
/// `AnimatedPortalLayer`, `AnimatedItemLayer` and `AnimatedGroupLayer`).
public struct PortalLayerState: Hashable, Sendable {
    /// The portal.
    public let id: PortalID
    /// The layer view: update or animate it like any view.
    public let layer: Entity
    /// The group transition it belongs to, if any.
    public let groupID: String?
    /// `true` from the moment the forward motion starts until the reverse motion starts.
    public let isActive: Bool
    /// Where the layer is between the source (0) and the destination (1), measured on its frame;
    /// a spring may take it a little past either end.
    public let progress: Float
    /// The direction of its current (or last) flight.
    public let direction: PortalDirection
}

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

    /// The portals' removal hook: a removed view loses its mark (a layer flying to it keeps its
    /// last known frame), a configuration naming it as `layerContent` forgets it, a layer showing
    /// its content shows the other anchor's, or its own entity, rather than a dead one, and a
    /// removed layer leaves the layer table.
    func removeFromPortals(_ entity: Entity) {
        if let owner = portals.layerOwners.remove(entity) {
            // A layer carries no mark. A dragged layer removed (only a world's teardown does
            // that): the drag ends with the destination shown.
            let key = Int(owner)
            if portals.motion[key].phase == .dragged, portals.records[key].layer == entity {
                portals.records[key].layer = nil
                portals.drags[key] = PortalDrag()
                withPortalSystem { $0.settle(key, at: .presented) }
            }
            return
        }
        if let anchor = portals.anchors.value(of: entity), portals.motion[Int(anchor.key)].phase == .dragged,
           portals.drags[Int(anchor.key)].owner == entity {
            // The view a drag began on is removed: the drag ends as a cancel (the layer flies back
            // to where the destination was last seen).
            let tick = tracks.currentTick
            withPortalSystem { $0.releaseDrag(Int(anchor.key), dismisses: false, velocity: .zero, tick: tick) }
        }
        if portals.dragBackdrops.remove(entity) != nil {
            // A backdrop removed: configurations and drags forget it.
            for key in portals.dragSettings.indices where portals.dragSettings[key]?.backdrop == entity {
                portals.dragSettings[key]?.backdrop = nil
            }
            for key in portals.drags.indices where portals.drags[key].backdrop == entity { portals.drags[key].backdrop = nil }
        }
        if portals.contentEntities.remove(entity) != nil {
            // A layer may still show it after its configuration changed: look at every portal's.
            for key in portals.records.indices {
                if portals.records[key].layerContent == entity { portals.records[key].layerContent = nil }
                replaceLayerContent(entity, of: key)
            }
        }
        guard let key = removePortalAnchor(entity) else { return }
        replaceLayerContent(entity, of: key)
    }

    /// Makes portal `key`'s layers that show `removed` (a view that lost its mark, or despawned
    /// content) show the portal's content or one of its anchors instead, or their own entity.
    func replaceLayerContent(_ removed: Entity, of key: Int) {
        let record = portals.records[key]
        for layer in LayerPair(first: record.layer, second: portals.motion[key].crossFadeLayer) {
            if let slot = views.slot(of: layer), views.styles[slot].content == removed {
                views.setContent(record.layerContent ?? record.source ?? record.destination ?? layer, slot: slot)
            }
        }
    }

    /// Removes a view's mark, if it has one, and returns the key of the portal it marked.
    @discardableResult
    func removePortalAnchor(_ view: Entity) -> Int? {
        guard let anchor = portals.anchors.remove(view) else { return nil }
        let key = Int(anchor.key)
        if portals.records[key].source == view { portals.setAnchor(nil, as: .source, of: key) }
        if portals.records[key].destination == view { portals.setAnchor(nil, as: .destination, of: key) }
        if let slot = views.slot(of: view) { views.setHidden(false, by: .portal, slot: slot) }
        return key
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

    func knownPortal(_ id: PortalID) throws(PortalError) -> UInt32 {
        guard let key = portals.keys[id] else { throw .unknownPortal(id) }
        return key
    }
}

extension PortalStore {
    func checkInvariants(isAlive: (Entity) -> Bool, views: ViewStore) {
        let isView = { (entity: Entity) in views.slot(of: entity) != nil }
        anchors.checkInvariants("portal anchors", isAlive: isAlive)
        layerOwners.checkInvariants("portal layers", isAlive: isAlive)
        contentEntities.checkInvariants("portal layer contents", isAlive: isAlive)
        for record in records { if let content = record.layerContent { precondition(isAlive(content), "portals: a configuration's layer content \(content) is dead") } }
        precondition(ids.count == records.count && effects.count == records.count && flightSettings.count == records.count,
                     "portals: columns differ in length")
        precondition(motion.count == records.count, "portals: the motion column differs in length")
        precondition(dragSettings.count == records.count && drags.count == records.count, "portals: the drag columns differ in length")
        precondition(dragEnabledCount == dragSettings.lazy.filter { $0 != nil }.count, "portals: the drag count is off")
        dragBackdrops.checkInvariants("portal drag backdrops", isAlive: isAlive)
        landingChecks.checkInvariants("portals")
        var scheduled = Set<Int>()
        for check in landingChecks.count > 0 ? Array(landingChecks.events) : [] where motion[Int(check.owner)].checkVersion == check.version {
            precondition(scheduled.insert(Int(check.owner)).inserted, "portals: \(ids[Int(check.owner)]) has two live landing checks")
            precondition(check.tick == motion[Int(check.owner)].landingTick, "portals: \(ids[Int(check.owner)])'s landing check is not at its landing tick")
        }
        for (row, entity) in anchors.entities.enumerated() {
            let key = Int(anchors.values[row].key)
            precondition(records[key].source == entity || records[key].destination == entity,
                         "portals: \(entity) is marked but not an anchor of \(ids[key])")
        }
        precondition(watchedSlot.count == records.count && watchChain.count == records.count, "portals: the watch columns differ in length")
        precondition(lateFollowers.isEmpty, "portals: flights left to follow after the tick")
        precondition(queue.items.allSatisfy { motion[Int($0)].isQueued }
                     && motion.lazy.filter { $0.isQueued }.count == queue.items.count, "portals: the queue and its marks disagree")
        let written = Set(views.watches.written.items)
        for (key, record) in records.enumerated() {
            let motion = motion[key], watched = watchedSlot[key]
            if watched == AnchorWatch.untrusted {
                precondition(!motion.isAwake || motion.isQueued, "portals: \(ids[key]) is awake, unwatched and not queued")
            } else {
                guard case let .flying(direction) = motion.phase, !motion.hasPendingRequest, motion.crossFadeLayer == nil else {
                    preconditionFailure("portals: \(ids[key]) has a trusted watch but is not in a plain flight")
                }
                if watched != AnchorWatch.gone && !motion.isQueued {
                    // What lets the matching pass skip the flight: its anchor and every ancestor
                    // report their writes to it, nothing animates them, and (unless a write is
                    // pending) the anchor is on screen where the flight last followed it.
                    let slot = Int(watched), forward = direction == .forward
                    var node = watchChain[key], chain: [Int] = []
                    while node != AnchorWatches.none {
                        precondition(views.watches.nodes[Int(node)].key == UInt32(key), "portals: \(ids[key])'s watch chain holds another's node")
                        chain.append(Int(views.watches.nodes[Int(node)].slot))
                        node = views.watches.nodes[Int(node)].chainNext
                    }
                    if !chain.contains(where: { written.contains(UInt32($0)) }) {
                        precondition(views.watches(watchChain[key], slot: slot),
                                     "portals: \(ids[key])'s watch chain is not on its anchor and each of its ancestors")
                        precondition(views.isStill(slot: slot), "portals: \(ids[key]) trusts the watch of an anchor a lane moves")
                        var cache = ViewStore.ParentTransformCache()
                        let anchorFrame = views.anchorFrame(slot: slot, cache: &cache)
                        let recordFrame = forward ? record.destinationFrame : record.sourceFrame
                        // An anchor with no box on screen (part of it behind the viewer) is
                        // headed for as it was last seen: its frame and radius both stay.
                        let recordRadius = forward ? record.destinationRadius : record.sourceRadius
                        precondition(views.entities[slot] == (forward ? record.destination : record.source)
                                     && (anchorFrame == nil || (anchorFrame == recordFrame && views.value(.cornerRadius, slot: slot) == recordRadius)),
                                     "portals: \(ids[key])'s anchor moved, unreported, since the flight followed it")
                        precondition(record.followed.map { $0.0 == recordFrame } ?? true,
                                     "portals: \(ids[key])'s layer heads elsewhere than its trusted anchor's global frame")
                    }
                }
            }
            switch motion.phase {
            case .flying, .fading:
                // Every flight and fade is awake and due a landing check: none is ever forgotten.
                precondition(motion.isAwake && scheduled.contains(key), "portals: \(ids[key]) is moving but not awake and scheduled")
                precondition(record.layer.map(isView) == true, "portals: \(ids[key]) is moving without a layer view")
            case .dragged:
                precondition(record.layer.map(isView) == true && motion.crossFadeLayer == nil, "portals: \(ids[key]) is dragged without one layer view")
                precondition(dragSettings[key] != nil && records[key].flight == nil, "portals: \(ids[key]) is dragged without drag settings, or flying")
            case .idle, .presented, .waiting:
                precondition(record.layer == nil && motion.crossFadeLayer == nil, "portals: \(ids[key]) rests with a layer")
                precondition(!motion.isAwake || !isAtRest(key) || motion.isQueued, "portals: \(ids[key]) is awake at rest but not queued")
            }
            // Exactly one of source, layer and destination is drawn: the layers are the portal's
            // own (above), and the anchors' portal bits are the phase's.
            for layer in [record.layer, motion.crossFadeLayer].compactMap({ $0 }) {
                precondition(layerOwners.value(of: layer) == UInt32(key), "portals: \(ids[key])'s layer \(layer) is not owned by it")
            }
            let (showSource, showDestination) = motion.phase.visibility
            for (anchor, shown) in [(record.source, showSource), (record.destination, showDestination)] {
                guard let anchor, let slot = views.slot(of: anchor) else { continue }
                precondition(views.hiddenBy[slot] & HiddenReason.portal.rawValue == (shown ? 0 : HiddenReason.portal.rawValue),
                             "portals: \(ids[key])'s \(anchor) is \(shown ? "hidden" : "shown") against its phase \(motion.phase)")
            }
        }
        // A layer no portal holds (orphaned) would stay drawn for good.
        for (row, layer) in layerOwners.entities.enumerated() {
            let key = Int(layerOwners.values[row])
            precondition(records[key].layer == layer || motion[key].crossFadeLayer == layer,
                         "portals: layer \(layer) of \(ids[key]) is orphaned: no portal holds it")
        }
    }
}

extension PortalSystem {
    /// Applies a transfer at the tick boundary.
    mutating func transferPortal(from a: Int, to b: Int) {
        let from = portals.records[a]
        if portals.motion[a].phase == .dragged {
            releaseDrag(a, dismisses: false, velocity: .zero, tick: tracks.currentTick)   // the drag ends: the layer flies back
        }
        let fromPhase = portals.motion[a].phase
        let handsOverFlight: Bool
        switch fromPhase {
        case .presented, .fading(.forward): handsOverFlight = false
        case .flying(.forward): handsOverFlight = true
        default:
            // a's activation has not flown yet (staged this frame, waiting for an anchor, or
            // turning back round): the activation moves to b, and the next matching applies both
            // requests (a stays or flies back home; b flies from its source).
            guard from.requested else { return }
            portals.records[a].requested = false
            portals.markRequestPending(a)
            portals.records[b].requested = true
            portals.copyConfig(from: a, to: b)
            portals.markRequestPending(b)
            portals.wake(b)
            return
        }
        // b may be flying or fading itself: as the original's transfer hides the target's layer,
        // b's own layers go (with their tracks, and the landing check of their flight) before b
        // takes over a's presentation. Left in place, such a layer had no owner and stayed drawn.
        removeLayers(b)
        portals.records[b].flight = nil
        portals.motion[b].checkVersion &+= 1
        portals.copyConfig(from: a, to: b)
        if handsOverFlight {
            // a's layers (two in a cross-fade) become b's, showing b's content.
            for (layer, side) in [(from.layer, Side.source), (portals.motion[a].crossFadeLayer, .destination)] {
                guard let layer else { continue }
                portals.layerOwners.insert(UInt32(b), for: layer)
                if let slot = views.slot(of: layer) { views.setContent(contentEntity(b, side: side) ?? layer, slot: slot) }
            }
            portals.records[b].layer = from.layer
            portals.motion[b].crossFadeLayer = portals.motion[a].crossFadeLayer
            portals.records[b].flight = from.flight
            portals.records[b].motionOrigin = from.motionOrigin
            portals.records[b].startsLate = from.startsLate
            portals.records[b].minimumTicks = from.minimumTicks
            portals.scheduleLandingCheck(b, at: portals.motion[a].landingTick)
            portals.records[a].layer = nil
            portals.motion[a].crossFadeLayer = nil
        } else {
            removeLayers(a)
        }
        let phase: PortalPhase = handsOverFlight ? .flying(.forward) : .presented
        // b now flies a's layer, which heads for a's destination: b's next matching must read
        // b's destination and retarget the layer to it, whatever b followed in earlier flights
        // (setPhase below drops both watches and queues both portals for the next matching).
        portals.records[b].followed = nil
        portals.records[a].requested = false
        portals.setPhase(.idle, of: a)
        portals.records[a].flight = nil
        applyVisibility(a)
        portals.records[b].requested = true
        portals.setPhase(phase, of: b)
        portals.wake(b)
        applyVisibility(b)
    }
}

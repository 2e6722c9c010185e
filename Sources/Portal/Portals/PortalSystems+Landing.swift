// The finish point, landing (for `PortalSystem`, see `PortalSystems.swift`): the flights whose landing
// check is due hand over to their landing view, their layers removed or faded; a group reports
// once all its members have landed.

extension PortalSystem {
    mutating func runPortalFinish(tick: UInt64) {
        // Only the portals whose check is due: a flight's first check is its earliest landing.
        var due: [UInt32] = []
        swap(&due, &portals.dueLandings)
        portals.takeDueLandingChecks(by: tick, into: &due)
        for chunk in ReadAhead.chunks(of: due.indices) {
            if due.count > 1 { touchLandings(due, chunk) }
            for i in chunk {
                let key = Int(due[i])
                if comesToRest(key, tick: tick) { portals.sleep(key) }
            }
        }
        swap(&due, &portals.dueLandings)
    }

    /// The landing pass's work for one portal due: lands a flight whose time has come, removes
    /// a faded layer, schedules the next check of either if it is not yet done, and says whether
    /// the portal is now at rest with nothing pending (so it sleeps).
    private mutating func comesToRest(_ key: Int, tick: UInt64) -> Bool {
        switch portals.phase(key) {
        case let .flying(direction):
            if hasLanded(key, tick: tick) {
                land(key, direction, tick: tick)
            } else {
                portals.scheduleLandingCheck(key, at: tick + 1)
            }
        case let .fading(direction):
            if let flight = portals.records[key].flight, tracks.completionTicks(flight) != nil {
                portals.scheduleLandingCheck(key, at: tick + 1)
            } else {
                removeLayers(key)
                settle(key, at: .rest(after: direction))
            }
        case .idle, .presented, .waiting, .dragged:
            break
        }
        return portals.isAtRest(key)
    }

    /// Whether a flight whose landing check is due lands now.
    private mutating func hasLanded(_ key: Int, tick: UInt64) -> Bool {
        if portals.isTied(key) { return false }   // it lands when its transition completes
        let (layer, earliest, flight, logical) = portals.records.withUnsafeBufferPointer { records in
            (records[key].layer, TrackStore.later(records[key].motionOrigin, by: records[key].minimumTicks), records[key].flight,
             records[key].completionCriteria == .logicallyComplete)
        }
        guard let layer, views.slot(of: layer) != nil else { return true }
        guard tick >= earliest else { return false }
        guard let flight, let ticks = tracks.completionTicks(flight) else { return true }
        return tick >= (logical ? ticks.logical : ticks.settle)
    }

    /// Hands a flight over to its landing view, removing (or fading) the layer.
    mutating func land(_ key: Int, _ direction: PortalDirection, tick: UInt64) {
        let record = portals.records[key]
        if record.removal == .fade, portals.motion[key].crossFadeLayer == nil, let layer = record.layer, let slot = views.slot(of: layer) {
            // Landing happens after this tick's interpolation: the fade's first step is the next tick.
            portals.records[key].flight = tracks.start(.easeOut(duration: 0.1), id: .internal, view: layer, slot: slot,
                                                       targets: [(.opacity, 0)], tick: tick + 1, step: step,
                                                       tolerance: tolerance, views: &views, events: &events)
            portals.setPhase(.fading(direction), of: key)
            portals.scheduleLandingCheck(key, at: tick + 1)
            applyVisibility(key)
        } else {
            removeLayers(key)
            settle(key, at: .rest(after: direction))
        }
        events.append(.portalDidComplete(PortalEvent(id: portals.ids[key], direction: direction,
                                                     criterion: record.completionCriteria, tick: tick)))
        if let group = record.group { reportGroupIfLanded(group, tick: tick) }
    }

    private mutating func reportGroupIfLanded(_ index: Int, tick: UInt64) {
        let group = portals.groups[index]
        guard group.awaitingCompletion else { return }
        let landed = group.members.allSatisfy { key in
            switch portals.motion[Int(key)].phase {
            case .presented, .fading(.forward): return group.direction == .forward
            case .idle, .fading(.reverse): return group.direction == .reverse
            case .waiting, .flying, .dragged: return false
            }
        }
        guard landed else { return }
        portals.groups[index].awaitingCompletion = false
        events.append(.portalGroupDidComplete(groupID: group.id, direction: group.direction, tick: tick))
    }

    mutating func settle(_ key: Int, at phase: PortalPhase) {
        portals.setPhase(phase, of: key)
        portals.records[key].flight = nil
        applyVisibility(key)
    }

    mutating func removeLayers(_ key: Int) {
        for layer in layers(key) { despawnNow(layer) }
        portals.records[key].layer = nil
        portals.motion[key].crossFadeLayer = nil
    }

    /// Removes a layer by the removal path every removal takes: its first step here, where the
    /// stores are (its tracks stop, its view goes; the caller clears the record), and the rest —
    /// every feature's hook, the release — in the world as soon as this pass hands the stores
    /// back, before any later stage of the tick.
    private mutating func despawnNow(_ entity: Entity) {
        guard allocator.isAlive(entity) else { return }
        Removal.detach(entity, views: &views, tracks: &tracks, events: &events)
        removals.append(entity, bound: 2 * portals.records.count)   // a layer and a cross-fade layer a portal
    }

    /// Shows and hides the anchors as the phase says (the portal's own hidden bit only).
    mutating func applyVisibility(_ key: Int) {
        let (source, destination) = portals.records.withUnsafeBufferPointer { ($0[key].source, $0[key].destination) }
        let (showSource, showDestination) = portals.motion[key].phase.visibility
        if let source, let slot = views.slot(of: source) {
            views.setHidden(!showSource, by: .portal, slot: slot)
        }
        if let destination, let slot = views.slot(of: destination) {
            views.setHidden(!showDestination, by: .portal, slot: slot)
        }
    }

    /// The landing pass's read-ahead (see `touchVisits`), for the portals in `range` of `due`:
    /// what a landing reads and writes that finishing the flight's timing (just before, see
    /// `TrackStore.touchDue`) has not — the portal's record, motion and watch, its layer's view
    /// columns, entity and ownership row (it frees them), its anchors' hidden bits.
    private mutating func touchLandings(_ due: [UInt32], _ range: Range<Int>) {
        var sum = portals.touchSum
        portals.records.withUnsafeBufferPointer { records in
            portals.motion.withUnsafeBufferPointer { motion in
                // In three loops, one per step of the chains (record → entity → slot → columns),
                // so that each loop's loads are independent of one another.
                for i in range {
                    let key = Int(due[i])
                    sum &+= touchLines(records.baseAddress! + key) &+ touchLines(motion.baseAddress! + key) &+ portals.watchedSlot[key]
                }
                for i in range {
                    let record = records.baseAddress! + Int(due[i])
                    if let layer = record.pointee.layer {
                        let index = Int(layer.index)
                        sum &+= views.touchSlotMap(index: index) &+ portals.layerOwners.touch(index: index) &+ allocator.touch(index: index)
                    }
                    if let source = record.pointee.source { sum &+= views.touchSlotMap(index: Int(source.index)) }
                    if let destination = record.pointee.destination { sum &+= views.touchSlotMap(index: Int(destination.index)) }
                }
                for i in range {
                    let record = records.baseAddress! + Int(due[i])
                    if let layer = record.pointee.layer {
                        sum &+= views.touchForRemoval(layer) &+ portals.layerOwners.touchRemoval(index: Int(layer.index))
                    }
                    if let source = record.pointee.source { sum &+= views.touchVisibility(source) }
                    if let destination = record.pointee.destination { sum &+= views.touchVisibility(destination) }
                }
            }
        }
        portals.touchSum = sum
    }
}

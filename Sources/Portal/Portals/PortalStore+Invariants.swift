// The portal store's debug invariants (`checkInvariants`, run after every tick in debug builds):
// columns agree in length, marks and anchors agree, each moving portal is awake with one live
// landing check, a trusted watch is on its anchor and every ancestor, each phase has the layers and
// hidden anchors it should, and no layer is orphaned.

extension PortalStore {
    func checkInvariants(isAlive: (Entity) -> Bool, views: ViewStore) {
        let isView = { (entity: Entity) in views.slot(of: entity) != nil }
        anchors.checkInvariants("portal anchors", isAlive: isAlive)
        layerOwners.checkInvariants("portal layers", isAlive: isAlive)
        contentEntities.checkInvariants("portal layer contents", isAlive: isAlive)
        for record in records { if let content = record.layerContent { precondition(isAlive(content), "portals: a configuration's layer content \(content) is dead") } }
        var check = CheckColumns(owner: "portals: per-portal", slots: records.count)
        var copy = self
        copy.forEachColumn(&check)
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

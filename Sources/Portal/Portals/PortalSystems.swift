// The portal systems: matching and starting flights (at the tick's `matching` point, after the
// staged calls apply) and landing them (at the `finish` point, after the tracks have advanced and
// settled; see `TickSchedule`). Neither walks all the flights:
// matching visits the portals queued for it or whose anchors moved, landing the flights due.
//
// They run as methods of `PortalSystem`, a struct that holds the stores it works on for the
// duration of one stage: the world swaps them in and back out (pointer swaps), so that the
// many small reads and writes per portal are plain struct accesses instead of dynamically
// checked accesses to a class's properties.
//
// Every helper on the per-tick path is `mutating`, even those that only read: calling a
// non-mutating method from a mutating one makes Swift copy the whole struct — every store,
// every array reference — to pass `self` by value, once per portal per tick.
//
// This file holds the struct, the matching pass and the removal hook; starting flights and their
// layers, following moving anchors, and landing are in `PortalSystems+Flights.swift`,
// `PortalSystems+Follow.swift` and `PortalSystems+Landing.swift`.

/// The portal systems, with the stores they work on.
struct PortalSystem {
    var portals: PortalStore
    var views: ViewStore
    var tracks: TrackStore
    var allocator: EntityAllocator
    var events: [WorldEvent]
    /// Layers removed during the pass (detached: no tracks, no view), for the world's removal
    /// path to finish once the stores are back (see `World.withPortalSystem`).
    var removals: [Entity]
    var step: Double
    var tolerance: Float
    var reduceMotion: Bool
    /// The last anchor parent's content transform, valid for one matching pass (which writes
    /// no app view's geometry).
    var parentTransform = ViewStore.ParentTransformCache()

    // MARK: - The matching point: matching and start

    /// Visits only the portals that may have something to do: those queued (a request, a new
    /// phase or anchor, or a watch not trusted) and those whose watched anchor was written since
    /// the last pass. A flight whose anchor nothing has touched is not visited at all. Visits go
    /// in key order, as a walk of the whole active list would, so events come out in the same
    /// order.
    mutating func runPortalMatching(tick: UInt64) {
        parentTransform = ViewStore.ParentTransformCache()
        queueWatchersOfWrittenAnchors()
        var visits = portals.queue.take()
        PortalSystem.sortVisits(&visits, scratch: &portals.visitScratch)
        for chunk in ReadAhead.chunks(of: visits.indices) {
            if visits.count > 1 { touchVisits(visits, chunk) }
            for i in chunk {
                let key = Int(visits[i])
                portals.motion[key].isQueued = false
                guard portals.motion[key].isAwake else {
                    unwatch(key)
                    continue
                }
                portals.visiting = key
                portals.visitCount &+= 1
                visit(key, tick: tick)
                let trusted = watchAnchor(key, tick: tick)
                portals.visiting = -1
                if portals.isAtRest(key) {
                    portals.sleep(key)
                } else if !trusted {
                    portals.enqueue(key)
                }
            }
        }
        portals.queue.giveBack(&visits)
    }

    /// Sorts the visit list with no allocation in steady state (`Array.sort` allocates its merge
    /// buffer, and with nested anchors the list holds every flight every tick). The list is a
    /// sorted run (last pass's re-queued portals, queued in key order) followed by the few
    /// queued since: the tail is heap-sorted in place and merged through `scratch`.
    static func sortVisits(_ visits: inout [UInt32], scratch: inout [UInt32]) {
        let n = visits.count
        var run = 1
        while run < n && visits[run - 1] <= visits[run] { run += 1 }
        guard run < n else { return }
        visits.withUnsafeMutableBufferPointer { v in
            // Heap sort of v[run..<n] (in place, no allocation).
            let base = run, count = n - run
            func siftDown(_ start: Int, _ end: Int) {
                var root = start
                while 2 * root + 1 < end {
                    var child = 2 * root + 1
                    if child + 1 < end && v[base + child] < v[base + child + 1] { child += 1 }
                    guard v[base + root] < v[base + child] else { return }
                    v.swapAt(base + root, base + child)
                    root = child
                }
            }
            for start in stride(from: count / 2 - 1, through: 0, by: -1) { siftDown(start, count) }
            for end in stride(from: count - 1, to: 0, by: -1) {
                v.swapAt(base, base + end)
                siftDown(0, end)
            }
        }
        scratch.removeAll(keepingCapacity: true)
        var i = 0, j = run
        while i < run && j < n {
            if visits[j] < visits[i] { scratch.append(visits[j]); j += 1 } else { scratch.append(visits[i]); i += 1 }
        }
        while i < run { scratch.append(visits[i]); i += 1 }
        while j < n { scratch.append(visits[j]); j += 1 }
        swap(&visits, &scratch)
    }

    /// Reads ahead, for the visits in `range` of `visits`, what they will read and write: each
    /// portal's record, motion, flight settings, watch (and the watch node it will release) and
    /// id, its anchors' views, and — for as many as have a request, which may start a flight —
    /// what the next spawns and timings will take (see `touchSpawns`). Visits start flights, and a start works on a few
    /// dozen cache lines that no tick touched since its last flight landed: visited one by one,
    /// each waits for its own cache misses (at 10,000 flights a host sends back hundreds in one
    /// tick, and their lines no longer fit the nearest caches); read together, a chunk at a time
    /// (`ReadAhead.chunk`), the misses overlap and the visits then find their lines.
    private mutating func touchVisits(_ visits: [UInt32], _ range: Range<Int>) {
        var sum = portals.touchSum
        var requests = 0
        portals.records.withUnsafeBufferPointer { records in
            portals.motion.withUnsafeBufferPointer { motion in
                portals.flightSettings.withUnsafeBufferPointer { settings in
                    portals.ids.withUnsafeBufferPointer { ids in
                        // One loop per step of the chains (portal → anchor entity → slot →
                        // columns), so that each loop's loads are independent of one another.
                        for i in range {
                            let key = Int(visits[i])
                            sum &+= touchLines(records.baseAddress! + key) &+ touchLines(motion.baseAddress! + key)
                            sum &+= touchLines(ids.baseAddress! + key) &+ touchLines(settings.baseAddress! + key)
                            sum &+= portals.watchedSlot[key] &+ UInt32(bitPattern: portals.watchChain[key])
                        }
                        for i in range {
                            let key = Int(visits[i])
                            let record = records.baseAddress! + key
                            if motion[key].hasPendingRequest { requests += 1 }
                            sum &+= views.watches.touchNode(portals.watchChain[key])
                            if let source = record.pointee.source { sum &+= views.touchSlotMap(index: Int(source.index)) }
                            if let destination = record.pointee.destination { sum &+= views.touchSlotMap(index: Int(destination.index)) }
                        }
                        for i in range {
                            let record = records.baseAddress! + Int(visits[i])
                            if let source = record.pointee.source { sum &+= views.touchAnchor(source) }
                            if let destination = record.pointee.destination { sum &+= views.touchAnchor(destination) }
                        }
                    }
                }
            }
        }
        if requests > 0 { sum &+= touchSpawns(requests) }
        portals.touchSum = sum
    }

    /// Reads ahead what the next `count` layer spawns and flight starts write: the entities,
    /// view slots and timing records their free lists will hand out next.
    private mutating func touchSpawns(_ count: Int) -> UInt32 {
        var sum = views.touchNextSlots(count) &+ tracks.touchNextTimings(count)
        for k in 0..<count {
            guard let index = allocator.nextFreeIndex(k) else { break }
            sum &+= allocator.touch(index: index) &+ views.touchSlotMap(index: index) &+ portals.layerOwners.touch(index: index)
        }
        return sum
    }

    /// Queues the portals watching a view whose placement was written since the last pass: the
    /// anchor they follow, or an ancestor of it.
    private mutating func queueWatchersOfWrittenAnchors() {
        guard !views.watches.written.isEmpty else { return }
        var written = views.watches.written.take()
        for slot in written {
            views.watches.forEachWatcher(of: Int(slot)) { key in portals.enqueue(Int(key)) }
        }
        views.watches.written.giveBack(&written)
    }

    /// The matching pass's work for one portal: reads its anchors, applies its request, starts,
    /// follows or places its layers.
    private mutating func visit(_ key: Int, tick: UInt64) {
        if portals.motion[key].hasPendingRequest {
            portals.motion[key].hasPendingRequest = false
            applyRequest(key, tick: tick)   // reads both anchors first
        } else {
            switch portals.phase(key) {
            case .flying(.forward): refreshAnchorFrames(key, source: false, destination: true)
            case .flying(.reverse): refreshAnchorFrames(key, source: true, destination: false)
            default: refreshAnchorFrames(key, source: true, destination: true)
            }
        }
        switch portals.phase(key) {
        case .waiting:
            if portals.withRecord(key, { $0.sourceFrame != nil && $0.destinationFrame != nil }) {
                startFlight(key, .forward, fromRest: true, tick: tick)
            }
        case let .flying(direction):
            followAnchor(key, direction, nextStep: tick, tick: tick)
        case .fading:
            placeCrossFadeLayers(key)
        case .idle, .presented, .dragged:
            break
        }
    }

    /// After a visit: watches the anchor a plain flight now follows (its frame was just read and
    /// followed), asking the view store to report writes to it and to each of its ancestors.
    /// Returns whether the watch is trusted; a portal whose watch is not (anything but a plain
    /// flight, a flight whose motion has not begun by the next tick, or an anchor that a lane
    /// moves — on its own geometry or on an ancestor's placement) stays queued, to be visited
    /// every tick. A plain flight whose anchor a lane moves, or still in its delay, is also
    /// followed again after this tick's write-back (`lateFollowers`, see `runPortalFollow`).
    private mutating func watchAnchor(_ key: Int, tick: UInt64) -> Bool {
        var watched = AnchorWatch.untrusted
        let motion = portals.motion[key]
        if case let .flying(direction) = motion.phase, !motion.hasPendingRequest, motion.crossFadeLayer == nil {
            let (anchor, origin) = portals.records.withUnsafeBufferPointer { records in
                let record = records.baseAddress! + key   // fields read in place (see `refreshAnchorFrames`)
                return (direction == .forward ? record.pointee.destination : record.pointee.source, record.pointee.motionOrigin)
            }
            if let anchor, let slot = views.slot(of: anchor) {
                // Lanes report nothing as they move a view: an anchor animated, or under an
                // animated ancestor (a push, an animated scroll), is followed every tick, and so
                // is a flight in its delay, whose layer sits on its starting anchor.
                if views.isStill(slot: slot) && tick > origin {
                    portals.watchChain[key] = views.watch(portals.watchChain[key], slot: slot, by: UInt32(key))
                    watched = UInt32(slot)
                } else {
                    portals.lateFollowers.append(UInt32(key))
                }
            } else {
                watched = AnchorWatch.gone
            }
        }
        portals.watchedSlot[key] = watched
        if watched == AnchorWatch.untrusted || watched == AnchorWatch.gone { unwatch(key) }
        return watched != AnchorWatch.untrusted
    }

    /// Releases portal `key`'s watch chain, if it has one.
    private mutating func unwatch(_ key: Int) {
        let chain = portals.watchChain[key]
        guard chain != AnchorWatches.none else { return }
        views.watches.release(chain)
        portals.watchChain[key] = AnchorWatches.none
    }

    private mutating func applyRequest(_ key: Int, tick: UInt64) {
        portals.untie(key)   // a flight following a transition goes on on its own clock from where it is
        refreshAnchorFrames(key, source: true, destination: true)
        applyLayerStyle(key)
        let record = portals.records[key]
        let canFly = record.sourceFrame != nil && record.destinationFrame != nil
        switch (record.requested, portals.motion[key].phase) {
        case (true, .idle):
            if canFly { startFlight(key, .forward, fromRest: true, tick: tick) } else { wait(key, tick: tick) }
        case (false, .waiting):
            portals.setPhase(.idle, of: key)
            applyVisibility(key)
        case (false, .presented):
            if canFly { startFlight(key, .reverse, fromRest: true, tick: tick) } else { settle(key, at: .idle) }
        case (true, .flying(.reverse)):
            turn(key, .forward, tick: tick)
        case (false, .flying(.forward)):
            turn(key, .reverse, tick: tick)
        case (true, .fading(.reverse)):
            removeLayers(key)
            portals.setPhase(.idle, of: key)
            if canFly { startFlight(key, .forward, fromRest: true, tick: tick) } else { wait(key, tick: tick) }
        case (false, .dragged):
            releaseDrag(key, dismisses: true, velocity: .zero, tick: tick)   // dismissed from where the finger left it
        case (true, .dragged) where portals.dragSettings[key] == nil:
            // A configuration without drag to dismiss, sent mid-drag: the finger lets go of the
            // layer, which springs back to the destination (the rest of the pan is ignored).
            releaseDrag(key, dismisses: false, velocity: .zero, tick: tick)
        case (false, .fading(.forward)):
            removeLayers(key)
            portals.setPhase(.presented, of: key)
            if canFly { startFlight(key, .reverse, fromRest: true, tick: tick) } else { settle(key, at: .idle) }
        default:
            break   // already heading where it was asked to
        }
    }

    /// An activation that cannot fly yet (an anchor has never had a frame) waits, showing the
    /// source, and says which anchors it waits for: once, as it begins to wait.
    private mutating func wait(_ key: Int, tick: UInt64) {
        settle(key, at: .waiting)
        let (hasSource, hasDestination) = portals.withRecord(key) { ($0.sourceFrame != nil, $0.destinationFrame != nil) }
        let missing: [PortalRole] = (hasSource ? [] : [.source]) + (hasDestination ? [] : [.destination])
        events.append(.portalWaiting(id: portals.ids[key], missing: missing, tick: tick))
    }

    /// Reads the anchors' presented global frames (after this tick's layout capture: for an
    /// anchor in the tree, the bounding box of its frame under its ancestors, see
    /// `ViewStore.anchorFrame(slot:cache:)`); a missing anchor, or one partly behind the viewer,
    /// keeps its last known frame and corner radius: a flight heads for where it was last seen,
    /// whole, rather than for a shape it never had on screen.
    /// A flight needs only the anchor it is heading for each tick; the other end is read again
    /// when a request arrives (which refreshes both first).
    mutating func refreshAnchorFrames(_ key: Int, source readSource: Bool, destination readDestination: Bool) {
        // Fields are read through a pointer: `records[key].source` copied the whole 192-byte
        // record first (a `memcpy` per read).
        let (source, destination) = portals.records.withUnsafeBufferPointer { records in
            let record = records.baseAddress! + key
            return (readSource ? record.pointee.source : nil, readDestination ? record.pointee.destination : nil)
        }
        // The cache goes through a local: handing `anchorFrame` (a method of `views`) an inout
        // access to another property of `self` made Swift copy the whole view store to call it.
        var cache = parentTransform
        if let source, let slot = views.slot(of: source), let frame = views.anchorFrame(slot: slot, cache: &cache) {
            let radius = views.value(.cornerRadius, slot: slot)
            portals.withRecord(key) { $0.sourceFrame = frame; $0.sourceRadius = radius }
        }
        if let destination, let slot = views.slot(of: destination), let frame = views.anchorFrame(slot: slot, cache: &cache) {
            let radius = views.value(.cornerRadius, slot: slot)
            portals.withRecord(key) { $0.destinationFrame = frame; $0.destinationRadius = radius }
        }
        parentTransform = cache
    }
}

extension World {
    /// Runs `body` on the portal systems with the world's stores moved into them, then moves
    /// the stores back. Swapping moves buffers, not elements. The systems' struct is kept in the
    /// world between passes with the empty stores swapped out: building those anew twice a tick
    /// cost a retain and a release for every array of every store. (No pass runs inside another.)
    @_optimize(speed)   // (at -Osize the swaps below copy the stores field by field)
    func withPortalSystem<R>(_ body: (inout PortalSystem) -> R) -> R {
        portalPass.step = clock.step
        portalPass.tolerance = configuration.settleTolerance
        portalPass.reduceMotion = reduceMotion
        portalPass.parentTransform = ViewStore.ParentTransformCache()
        @_optimize(speed) func exchange() {
            swap(&portalPass.portals, &portals)
            swap(&portalPass.views, &views)
            swap(&portalPass.tracks, &tracks)
            swap(&portalPass.allocator, &allocator)
            swap(&portalPass.events, &events)
            swap(&portalPass.removals, &portalRemovals)
        }
        exchange()
        let result = body(&portalPass)
        exchange()
        // The layers the pass detached finish the removal path in the world.
        if !portalRemovals.isEmpty {
            finishRemoval(of: portalRemovals)
            portalRemovals.removeAll(keepingCapacity: true)
        }
        return result
    }
}

extension World {
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
}

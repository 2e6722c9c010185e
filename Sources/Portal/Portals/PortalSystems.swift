// The portal systems: matching and starting flights (stage 2, after layout capture) and landing
// them (stage 4, after the tracks have advanced and settled). Neither walks all the flights:
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

    // MARK: - Stage 2: matching and start

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

    /// The frame and corner radius of one end of the flight.
    mutating func end(_ key: Int, _ role: PortalRole) -> (Rect, Float) {
        portals.records.withUnsafeBufferPointer { records in
            switch role {
            case .source:
                return (records[key].sourceFrame ?? .zero, records[key].corners?.source ?? records[key].sourceRadius)
            case .destination:
                return (records[key].destinationFrame ?? records[key].sourceFrame ?? .zero,
                        records[key].corners?.destination ?? records[key].destinationRadius)
            }
        }
    }

    static func frameTargets(_ frame: Rect, _ radius: Float) -> FrameTargets {
        FrameTargets(values: (frame.minX, frame.minY, frame.width, frame.height, radius))
    }

    /// What a flight of portal `key` runs: its animation, configured delay and layer effects
    /// (the configuration itself is read only when it has effects).
    mutating func flightSettings(_ key: Int) -> (Animation, delay: Double, [PortalLayerEffect]) {
        let settings = portals.flightSettings.withUnsafeBufferPointer { $0[key] }
        let effects = settings.hasEffects ? portals.effects.withUnsafeBufferPointer { $0[key] } : []
        return (settings.animation, settings.delay, effects)
    }

    /// Sends a layer off in `direction`. From rest, a new layer appears at the starting end and
    /// any group stagger applies, and an activation also waits the configured delay: as in the
    /// original, whose reverse branch animates at once and only activation is dispatched late.
    private mutating func startFlight(_ key: Int, _ direction: PortalDirection, fromRest: Bool, tick: UInt64) {
        let (fromFrame, fromRadius) = end(key, direction == .forward ? .source : .destination)
        let (animation, configuredDelay, effects) = flightSettings(key)
        let delay = fromRest ? (direction == .forward ? configuredDelay : 0) + portals.records[key].staggerDelay : 0
        if reduceMotion {
            startCrossFade(key, direction, delay: delay, tick: tick)
            return
        }
        guard let layer = portals.records[key].layer ?? spawnLayer(key, frame: fromFrame, radius: fromRadius, content: contentEntity(key, side: .source)),
              let slot = views.slot(of: layer) else {
            land(key, direction, tick: tick)    // no entity left for a layer: hand over at once
            return
        }
        if fromRest && direction == .reverse {
            // A reverse flight from rest begins in the active state of its effects.
            for effect in effects {
                for (channel, value) in effect.targets(active: true) {
                    views.values[slot * ViewChannel.stride + channel.rawValue] = value
                }
            }
        }
        launch(key, direction, layer: layer, slot: slot, animation: animation, effects: effects, delay: delay, tick: tick)
        // A portal that follows a stack: the follow pass ties the flight to its running transition.
        if portals.following[key] != nil { portals.tieCandidates.append(UInt32(key)) }
    }

    /// Lands a flight that followed a navigation transition, at the end the transition reached
    /// (`direction`), on the tick it completed; the portal's request becomes that end.
    mutating func landFollower(_ key: Int, _ direction: PortalDirection, tick: UInt64) {
        portals.withRecord(key) { $0.requested = direction == .forward }
        land(key, direction, tick: tick)
        if portals.isAtRest(key) { portals.sleep(key) }
    }

    /// Turns a layer round mid-flight: the new flight takes over from the presented frame and
    /// velocity (continuous for springs) and has no delay.
    private mutating func turn(_ key: Int, _ direction: PortalDirection, tick: UInt64) {
        guard let layer = portals.records[key].layer, let slot = views.slot(of: layer) else {
            startFlight(key, direction, fromRest: true, tick: tick)
            return
        }
        if reduceMotion || portals.motion[key].crossFadeLayer != nil {
            startCrossFade(key, direction, delay: 0, tick: tick)
            return
        }
        let (animation, _, effects) = flightSettings(key)
        launch(key, direction, layer: layer, slot: slot, animation: animation, effects: effects, delay: 0, tick: tick)
    }

    /// Sets the layer in `slot` moving to the landing end of a flight in `direction`, with its
    /// effects heading for their state at that end, each `delay` seconds later than its own
    /// animation says, and begins the flight. `velocities`, for a spring, gives the frame and
    /// radius lanes their starting rates (a released drag).
    mutating func launch(_ key: Int, _ direction: PortalDirection, layer: Entity, slot: Int, animation: Animation,
                                 effects: [PortalLayerEffect], delay: Double, tick: UInt64, velocities: FrameTargets? = nil) {
        let (toFrame, toRadius) = end(key, direction == .forward ? .destination : .source)
        let handle = tracks.start(animation.delay(delay), id: .internal, view: layer, slot: slot,
                                  targets: PortalSystem.frameTargets(toFrame, toRadius), tick: tick, step: step,
                                  tolerance: tolerance, views: &views, events: &events)
        // A released drag: each lane starts with its own rate (before the landing tick is read).
        if let velocities {
            for (channel, rate) in velocities {
                let lane = views.lanes[slot * ViewChannel.stride + channel.rawValue]
                if lane != ViewStore.noLane { tracks.setVelocity(lane: Int(lane), to: rate, tick: tick, step: step, tolerance: tolerance) }
            }
        }
        beginFlight(key, direction, handle: handle, tick: tick)
        for effect in effects {
            tracks.start(effect.animation.delay(delay), id: .internal, view: layer, slot: slot,
                         targets: effect.targets(active: direction == .forward), tick: tick, step: step,
                         tolerance: tolerance, views: &views, events: &events)
        }
    }

    private mutating func beginFlight(_ key: Int, _ direction: PortalDirection, handle: TimingHandle, tick: UInt64) {
        let minimum = portals.flightSettings.withUnsafeBufferPointer { $0[key].minimumDuration }
        let minimumTicks = minimum > 0 ? tracks.tickCount(covering: minimum, step: step) : 0
        let followed = end(key, direction == .forward ? .destination : .source)
        let ticks = tracks.completionTicks(handle)
        let landingTick: UInt64 = portals.withRecord(key) { record in
            record.flight = handle
            record.followed = followed
            record.motionOrigin = ticks?.origin ?? tick - 1
            record.startsLate = record.motionOrigin >= tick
            record.minimumTicks = minimumTicks
            guard let ticks else { return 0 }
            return max(TrackStore.later(record.motionOrigin, by: minimumTicks), record.completionCriteria == .logicallyComplete ? ticks.logical : ticks.settle)
        }
        portals.scheduleLandingCheck(key, at: landingTick)
        portals.setPhase(.flying(direction), of: key)
        applyVisibility(key)
        events.append(.portalWillStart(PortalEvent(id: portals.ids[key], direction: direction, criterion: nil, tick: tick)))
    }

    /// With reduced motion there is no flight: the leaving view fades out where it is while the
    /// arriving view fades in where it is (0.2 s, ease-in-out), each as a layer.
    private mutating func startCrossFade(_ key: Int, _ direction: PortalDirection, delay: Double, tick: UInt64) {
        let (sourceFrame, sourceRadius) = end(key, .source)
        let (destinationFrame, destinationRadius) = end(key, .destination)
        if portals.records[key].layer == nil {
            let startOpacity: Float = direction == .forward ? 1 : 0
            portals.records[key].layer = spawnLayer(key, frame: sourceFrame, radius: sourceRadius,
                                                    content: contentEntity(key, side: .source), opacity: startOpacity)
        }
        if portals.motion[key].crossFadeLayer == nil {
            let startOpacity: Float = direction == .forward ? 0 : 1
            portals.motion[key].crossFadeLayer = spawnLayer(key, frame: destinationFrame, radius: destinationRadius,
                                                             content: contentEntity(key, side: .destination), opacity: startOpacity)
        }
        guard let sourceSide = portals.records[key].layer, let sourceSlot = views.slot(of: sourceSide),
              let destinationSide = portals.motion[key].crossFadeLayer, let destinationSlot = views.slot(of: destinationSide) else {
            land(key, direction, tick: tick)
            return
        }
        let fade = Animation.easeInOut(duration: 0.2).delay(delay)
        tracks.start(fade, id: .internal, view: sourceSide, slot: sourceSlot, targets: [(.opacity, direction == .forward ? 0 : 1)],
                     tick: tick, step: step, tolerance: tolerance, views: &views, events: &events)
        let handle = tracks.start(fade, id: .internal, view: destinationSide, slot: destinationSlot,
                                  targets: [(.opacity, direction == .forward ? 1 : 0)], tick: tick, step: step,
                                  tolerance: tolerance, views: &views, events: &events)
        beginFlight(key, direction, handle: handle, tick: tick)
    }

    /// Keeps a flight's layer on its way to where its landing anchor is now (it may be scrolling,
    /// or sliding in with a sheet or a push), as the original's layer is: its frame is the live
    /// anchor's frame, animated (Aeastr/Portal, `PortalLayerView`: `.frame`/`.offset` of
    /// `animate ? dRect : sRect`, with `dRect = proxy[destinationAnchor]` read on every update),
    /// and SwiftUI carries a running animation along when its model value changes with no
    /// animation — presented = model − interval + animate(interval, t) — so the layer rides the
    /// anchor with the flight's remaining offset and arrives exactly on it at the end, when it
    /// is handed over, whatever the completion criterion (see `Documentation/Design/Portals.md`).
    /// Before its motion begins (in its delay: the original sets `animateView` only after it),
    /// the layer sits on its starting anchor as it is now, and the interval is taken between the
    /// two anchors as they are when the motion begins.
    ///
    /// `nextStep` is the tick whose interpolation comes next: this tick's in the matching pass,
    /// the next one's after the write-back. `writesPresented` writes the layer's presented
    /// values too (after the write-back).
    private mutating func followAnchor(_ key: Int, _ direction: PortalDirection, nextStep: UInt64, tick: UInt64,
                                       writesPresented: Bool = false) {
        if portals.motion[key].crossFadeLayer != nil {
            placeCrossFadeLayers(key)
            return
        }
        let landing: PortalRole = direction == .forward ? .destination : .source
        let (startsLate, origin) = portals.records.withUnsafeBufferPointer { ($0[key].startsLate, $0[key].motionOrigin) }
        if startsLate && nextStep &- 1 <= origin {
            holdAtStart(key, direction, landing: landing, tick: tick)
            return
        }
        let (frame, radius) = end(key, landing)
        var isNewAnchor = false
        let layer: Entity? = portals.withRecord(key) { record in
            if let (followedFrame, followedRadius) = record.followed {
                if followedFrame == frame && followedRadius == radius { return nil }
            } else {
                isNewAnchor = true
            }
            record.followed = (frame, radius)
            return record.layer
        }
        guard let layer, let slot = views.slot(of: layer) else { return }
        let base = slot * ViewChannel.stride
        for (channel, value) in PortalSystem.frameTargets(frame, radius) {
            let out = base + channel.rawValue
            let lane = Int(views.lanes[out])
            if lane == Int(ViewStore.noLane) {
                views.values[out] = value     // stopped, not yet landed: it sits on the anchor
            } else if isNewAnchor {
                // Another view to land on is a new target, not a move: a curve bends its path
                // to arrive on time, a spring heads for it from where it is.
                tracks.moveTarget(lane: lane, to: value, tick: tick, step: step, tolerance: tolerance)
            } else {
                tracks.carry(lane: lane, to: value)
                if writesPresented { views.values[out] = tracks.value[lane] }
            }
        }
    }

    /// A flight in its delay: its layer sits on its starting anchor as it is now, and its lanes
    /// head from there for the landing anchor as it is now.
    private mutating func holdAtStart(_ key: Int, _ direction: PortalDirection, landing: PortalRole, tick: UInt64) {
        let starting: PortalRole = landing == .destination ? .source : .destination
        refreshAnchorFrames(key, source: starting == .source, destination: starting == .destination)
        let (fromFrame, fromRadius) = end(key, starting)
        let (toFrame, toRadius) = end(key, landing)
        let layer: Entity? = portals.withRecord(key) { record in
            record.followed = (toFrame, toRadius)
            return record.layer
        }
        guard let layer, let slot = views.slot(of: layer) else { return }
        let base = slot * ViewChannel.stride
        var starts = PortalSystem.frameTargets(fromFrame, fromRadius)
        for (channel, goal) in PortalSystem.frameTargets(toFrame, toRadius) {
            guard let (_, start) = starts.next() else { break }
            let out = base + channel.rawValue
            views.values[out] = start
            let lane = Int(views.lanes[out])
            if lane != Int(ViewStore.noLane) {
                tracks.reaim(lane: lane, from: start, to: goal, tick: tick, step: step, tolerance: tolerance)
            }
        }
    }

    /// Output stage, after the write-back and the headers' and popups' placement: follows again
    /// the flights whose landing anchor a lane moves (or which are in their delay), listed by
    /// this tick's matching pass, and those watching a view written since (a header part placed,
    /// a screen a finished transition put back), so that their layers are drawn where their
    /// anchors are drawn on this tick — not where they were on the last, as the matching pass
    /// (before the lanes advance) sees them. The writes stay noted: the next matching pass
    /// visits their watchers as usual (and finds them followed).
    mutating func runPortalFollow(tick: UInt64) {
        parentTransform = ViewStore.ParentTransformCache()
        for slot in views.watches.written.items {
            views.watches.forEachWatcher(of: Int(slot)) { key in portals.lateFollowers.append(key) }
        }
        var keys: [UInt32] = []
        swap(&keys, &portals.lateFollowers)
        for key in keys {
            let key = Int(key)
            let motion = portals.motion[key]
            guard case let .flying(direction) = motion.phase, !motion.hasPendingRequest, motion.crossFadeLayer == nil else { continue }
            refreshAnchorFrames(key, source: direction == .reverse, destination: direction == .forward)
            followAnchor(key, direction, nextStep: tick + 1, tick: tick + 1, writesPresented: true)
        }
        keys.removeAll(keepingCapacity: true)
        swap(&keys, &portals.lateFollowers)
    }

    /// Cross-fade layers stay on their anchors.
    private mutating func placeCrossFadeLayers(_ key: Int) {
        for (layer, role) in [(portals.records[key].layer, PortalRole.source), (portals.motion[key].crossFadeLayer, .destination)] {
            guard portals.motion[key].crossFadeLayer != nil, let layer, let slot = views.slot(of: layer) else { continue }
            let (frame, radius) = end(key, role)
            for (channel, value) in PortalSystem.frameTargets(frame, radius) {
                views.values[slot * ViewChannel.stride + channel.rawValue] = value
            }
        }
    }

    enum Side { case source, destination }

    /// The portal's layer and cross-fade layer (those it has), for a loop without an array.
    private mutating func layers(_ key: Int) -> LayerPair {
        LayerPair(first: portals.records[key].layer, second: portals.motion[key].crossFadeLayer)
    }

    mutating func contentEntity(_ key: Int, side: Side) -> Entity? {
        let record = portals.records[key]
        switch side {
        case .source: return record.layerContent ?? record.source ?? record.destination
        case .destination: return record.destination ?? record.layerContent ?? record.source
        }
    }

    /// Creates a layer view in the overlay band, at once (built-in work may spawn mid-tick).
    mutating func spawnLayer(_ key: Int, frame: Rect, radius: Float, content: Entity?, opacity: Float = 1) -> Entity? {
        guard let layer = allocator.allocate(ownedByPortal: true) else { return nil }
        let slot = views.insert(layer, frame: frame, cornerRadius: radius, opacity: opacity, role: .overlay)
        views.styles[slot].content = content ?? layer
        portals.layerOwners.insert(UInt32(key), for: layer)
        if portals.records[key].layer == nil { portals.records[key].layer = layer }
        applyLayerStyle(key)
        return layer
    }

    /// Gives the portal's layers the hit testing and corners of its current configuration.
    private mutating func applyLayerStyle(_ key: Int) {
        let (allowsHitTesting, corners) = portals.records.withUnsafeBufferPointer { ($0[key].allowsHitTesting, $0[key].corners) }
        for layer in layers(key) {
            guard let slot = views.slot(of: layer) else { continue }
            views.styles[slot].allowsHitTesting = allowsHitTesting
            views.styles[slot].clipsContent = corners != nil
            views.styles[slot].cornerStyle = corners?.style ?? .circular
        }
    }

    // MARK: - Stage 4: landing

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
        removals.append(entity)
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

extension PortalStore {
    /// Whether a portal's layer is in its active state at the end of the last tick: from the
    /// moment its forward motion starts (after delay and stagger) until its reverse motion starts.
    func layerIsActive(_ key: Int, now: UInt64) -> Bool {
        let record = records[key]
        switch motion[key].phase {
        case .flying(.forward): return now > record.motionOrigin
        case .flying(.reverse): return now <= record.motionOrigin
        case .presented, .fading(.forward), .dragged: return true
        case .idle, .waiting, .fading(.reverse): return false
        }
    }
}

/// A flight's five targets (frame and corner radius) as a sequence of channel and value, with
/// no array behind it: starting a flight allocates nothing.
struct FrameTargets: Sequence, IteratorProtocol {
    var values: (Float, Float, Float, Float, Float)
    private var position = 0

    init(values: (Float, Float, Float, Float, Float)) { self.values = values }

    mutating func next() -> (ViewChannel, Float)? {
        defer { position += 1 }
        switch position {
        case 0: return (.x, values.0)
        case 1: return (.y, values.1)
        case 2: return (.width, values.2)
        case 3: return (.height, values.3)
        case 4: return (.cornerRadius, values.4)
        default: return nil
        }
    }
}

/// A portal's (up to) two layers as a sequence, with no array behind it.
struct LayerPair: Sequence, IteratorProtocol {
    var first: Entity?
    var second: Entity?

    mutating func next() -> Entity? {
        if let layer = first {
            first = nil
            return layer
        }
        defer { second = nil }
        return second
    }
}

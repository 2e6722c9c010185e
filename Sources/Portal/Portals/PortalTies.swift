// Flights that follow a navigation transition (``PortalTransitionConfig/following``): the
// shared element of a swipe-back moves with the finger, as Flutter's Hero with
// `transitionOnUserGestures` and UIKit's interactive zoom transition do.
//
// A portal whose configuration follows a stack lists each flight it starts from rest
// (`PortalStore.tieCandidates`, in the matching pass). At the follow point — after the
// interpolation has moved the transition's progress, the finish stage has completed it, and the
// write-back and the portal follow pass have placed every view — this pass ties each listed
// flight to its stack's running transition (if none runs, the flight keeps its own clock), then
// places every tied layer between its two anchors as drawn now, mixed by the transition's
// progress, and lands those whose transition has completed, at the end it reached. The layer's
// frame lanes are stopped by the placement: its motion is the transition's. Writing last in the
// tick, it is what the render list shows.

extension World {
    /// The follow point's pass over the flights that follow a navigation transition.
    func runPortalTies(tick: UInt64) {
        guard !portals.tieCandidates.isEmpty || !portals.ties.isEmpty else { return }
        for candidate in portals.tieCandidates {
            let key = Int(candidate)
            guard case let .flying(direction) = portals.motion[key].phase, portals.motion[key].crossFadeLayer == nil,
                  let stack = portals.following[key], let active = navigation.stacks.value(of: stack)?.active else { continue }
            portals.untie(key)
            portals.ties.append(PortalTie(key: candidate, stack: stack, arriving: active.to, direction: direction))
        }
        portals.tieCandidates.removeAll(keepingCapacity: true)
        var index = 0
        while index < portals.ties.count {
            let tie = portals.ties[index], key = Int(tie.key)
            guard case .flying = portals.motion[key].phase, let layer = portals.records[key].layer, let layerSlot = views.slot(of: layer) else {
                portals.ties.remove(at: index)   // landed or gone another way
                continue
            }
            let state = navigation.stacks.value(of: tie.stack)
            if let active = state?.active, active.to == tie.arriving {
                let progress = navigation.progress(of: tie.stack, views: views)
                place(key, layerSlot: layerSlot, towardsDestination: tie.direction == .forward ? progress : 1 - progress)
                index += 1
                continue
            }
            // The transition has completed: at its end if the screen it brought is on top (a
            // stack despawned meanwhile: the flight's own way).
            let atEnd = state.map { $0.screens.last == tie.arriving } ?? true
            let landing = atEnd ? tie.direction : (tie.direction == .forward ? .reverse : .forward)
            place(key, layerSlot: layerSlot, towardsDestination: landing == .forward ? 1 : 0)
            portals.ties.remove(at: index)
            withPortalSystem { $0.landFollower(key, landing, tick: tick) }
        }
    }

    /// Places portal `key`'s layer `fraction` of the way from its source to its destination,
    /// both as drawn now (an anchor with no box keeps its last known frame), frame and radius.
    private func place(_ key: Int, layerSlot: Int, towardsDestination fraction: Float) {
        var cache = ViewStore.ParentTransformCache()
        let record = portals.records[key]
        func anchor(_ entity: Entity?, known: Rect?, radius: Float) -> (Rect, Float) {
            if let entity, let slot = views.slot(of: entity), let frame = views.anchorFrame(slot: slot, cache: &cache) {
                return (frame, views.value(.cornerRadius, slot: slot))
            }
            return (known ?? .zero, radius)
        }
        let (source, sourceRadius) = anchor(record.source, known: record.sourceFrame, radius: record.sourceRadius)
        var (destination, destinationRadius) = anchor(record.destination, known: record.destinationFrame ?? record.sourceFrame,
                                                      radius: record.destinationRadius)
        if record.destination == nil && record.destinationFrame == nil { destination = source }
        let from = record.corners?.source ?? sourceRadius, to = record.corners?.destination ?? destinationRadius
        func mix(_ a: Float, _ b: Float) -> Float { a + (b - a) * fraction }
        setPresented(.x, mix(source.minX, destination.minX), slot: layerSlot)
        setPresented(.y, mix(source.minY, destination.minY), slot: layerSlot)
        setPresented(.width, mix(source.width, destination.width), slot: layerSlot)
        setPresented(.height, mix(source.height, destination.height), slot: layerSlot)
        setPresented(.cornerRadius, mix(from, to), slot: layerSlot)
    }
}

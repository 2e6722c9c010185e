// Starting flights (for `PortalSystem`, see `PortalSystems.swift`): the ends of a flight, a layer
// sent off from rest or turned round mid-flight, the reduced-motion cross-fade, the layers
// themselves (spawned at once in the overlay band, styled from the portal's configuration), and a
// presentation or flight handed over to another portal (`transferActivePortal`).

extension PortalSystem {
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
    mutating func startFlight(_ key: Int, _ direction: PortalDirection, fromRest: Bool, tick: UInt64) {
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
    mutating func turn(_ key: Int, _ direction: PortalDirection, tick: UInt64) {
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

    enum Side { case source, destination }

    /// The portal's layer and cross-fade layer (those it has), for a loop without an array.
    mutating func layers(_ key: Int) -> LayerPair {
        LayerPair(first: portals.records.withUnsafeBufferPointer { $0[key].layer },
                  second: portals.motion.withUnsafeBufferPointer { $0[key].crossFadeLayer })
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
        views.styles.withUnsafeMutableBufferPointer(noting: slot) { $0[slot].content = content ?? layer }
        portals.layerOwners.insert(UInt32(key), for: layer)
        portals.withRecord(key) { record in
            if record.layer == nil { record.layer = layer }
        }
        applyLayerStyle(key)
        return layer
    }

    /// Gives the portal's layers the hit testing and corners of its current configuration.
    mutating func applyLayerStyle(_ key: Int) {
        let (allowsHitTesting, corners) = portals.records.withUnsafeBufferPointer { ($0[key].allowsHitTesting, $0[key].corners) }
        for layer in layers(key) {
            guard let slot = views.slot(of: layer) else { continue }
            // One noted write for the three fields (each through the subscript noted the view
            // and checked both arrays' uniqueness again).
            views.styles.withUnsafeMutableBufferPointer(noting: slot) { styles in
                styles[slot].allowsHitTesting = allowsHitTesting
                styles[slot].clipsContent = corners != nil
                styles[slot].cornerStyle = corners?.style ?? .circular
            }
        }
    }

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

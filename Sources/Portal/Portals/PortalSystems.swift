// The portal systems: matching and starting flights (stage 2, after layout capture) and landing
// them (stage 4, after the tracks have advanced and settled). Both walk only the active list.

extension World {
    // MARK: - Stage 2: matching and start

    func runPortalMatching(tick: UInt64) {
        var i = 0
        while i < portals.active.count {
            let key = Int(portals.active[i])
            i += 1
            refreshAnchorFrames(key)
            if portals.records[key].hasPendingRequest {
                portals.records[key].hasPendingRequest = false
                applyRequest(key, tick: tick)
            }
            let record = portals.records[key]
            switch record.phase {
            case .waiting:
                if record.sourceFrame != nil && record.destinationFrame != nil {
                    startFlight(key, .forward, fromRest: true, tick: tick)
                }
            case let .flying(direction):
                followAnchor(key, direction, tick: tick)
            case .fading:
                placeCrossFadeLayers(key)
            case .idle, .presented:
                break
            }
        }
    }

    private func applyRequest(_ key: Int, tick: UInt64) {
        applyLayerStyle(key)
        let record = portals.records[key]
        let canFly = record.sourceFrame != nil && record.destinationFrame != nil
        switch (record.requested, record.phase) {
        case (true, .idle):
            if canFly {
                startFlight(key, .forward, fromRest: true, tick: tick)
            } else {
                portals.records[key].phase = .waiting
                applyVisibility(key)
            }
        case (false, .waiting):
            portals.records[key].phase = .idle
            applyVisibility(key)
        case (false, .presented):
            if canFly { startFlight(key, .reverse, fromRest: true, tick: tick) } else { settle(key, at: .idle) }
        case (true, .flying(.reverse)):
            turn(key, .forward, tick: tick)
        case (false, .flying(.forward)):
            turn(key, .reverse, tick: tick)
        case (true, .fading(.reverse)):
            removeLayers(key)
            portals.records[key].phase = .idle
            if canFly { startFlight(key, .forward, fromRest: true, tick: tick) } else { settle(key, at: .waiting) }
        case (false, .fading(.forward)):
            removeLayers(key)
            portals.records[key].phase = .presented
            if canFly { startFlight(key, .reverse, fromRest: true, tick: tick) } else { settle(key, at: .idle) }
        default:
            break   // already heading where it was asked to
        }
    }

    /// Reads the anchors' presented frames (after this tick's layout capture); a missing anchor
    /// keeps its last known frame.
    private func refreshAnchorFrames(_ key: Int) {
        if let source = portals.records[key].source, let slot = views.slot(of: source) {
            let p = views.presentation(slot: slot)
            portals.records[key].sourceFrame = p.frame
            portals.records[key].sourceRadius = p.cornerRadius
        }
        if let destination = portals.records[key].destination, let slot = views.slot(of: destination) {
            let p = views.presentation(slot: slot)
            portals.records[key].destinationFrame = p.frame
            portals.records[key].destinationRadius = p.cornerRadius
        }
    }

    /// The frame and corner radius of one end of the flight.
    private func end(_ key: Int, _ role: PortalRole) -> (Rect, Float) {
        let record = portals.records[key]
        let corners = record.config.corners
        switch role {
        case .source: return (record.sourceFrame ?? .zero, corners?.source ?? record.sourceRadius)
        case .destination: return (record.destinationFrame ?? record.sourceFrame ?? .zero, corners?.destination ?? record.destinationRadius)
        }
    }

    private func frameTargets(_ frame: Rect, _ radius: Float) -> [(ViewChannel, Float)] {
        [(.x, frame.minX), (.y, frame.minY), (.width, frame.width), (.height, frame.height), (.cornerRadius, radius)]
    }

    /// Sends a layer off in `direction`. From rest, a new layer appears at the starting end and
    /// the configured delay (plus any group stagger) applies.
    private func startFlight(_ key: Int, _ direction: PortalDirection, fromRest: Bool, tick: UInt64) {
        let (from, to): (PortalRole, PortalRole) = direction == .forward ? (.source, .destination) : (.destination, .source)
        let (fromFrame, fromRadius) = end(key, from)
        let (toFrame, toRadius) = end(key, to)
        let config = portals.records[key].config
        let delay = fromRest ? config.animation.delay + portals.records[key].staggerDelay : 0
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
            for effect in config.effects {
                for (channel, value) in effect.targets(active: true) {
                    views.values[slot * ViewChannel.stride + channel.rawValue] = value
                }
            }
        }
        let handle = tracks.start(config.animation.value.delay(delay), id: .internal, view: layer, slot: slot,
                                  targets: frameTargets(toFrame, toRadius), tick: tick, step: clock.step,
                                  tolerance: configuration.settleTolerance, views: &views, events: &events)
        beginFlight(key, direction, handle: handle, tick: tick)
        for effect in config.effects {
            tracks.start(effect.animation.delay(delay), id: .internal, view: layer, slot: slot,
                         targets: effect.targets(active: direction == .forward), tick: tick, step: clock.step,
                         tolerance: configuration.settleTolerance, views: &views, events: &events)
        }
    }

    /// Turns a layer round mid-flight: the new flight takes over from the presented frame and
    /// velocity (continuous for springs) and has no delay.
    private func turn(_ key: Int, _ direction: PortalDirection, tick: UInt64) {
        guard let layer = portals.records[key].layer, let slot = views.slot(of: layer) else {
            startFlight(key, direction, fromRest: true, tick: tick)
            return
        }
        if reduceMotion || portals.records[key].crossFadeLayer != nil {
            startCrossFade(key, direction, delay: 0, tick: tick)
            return
        }
        let (toFrame, toRadius) = end(key, direction == .forward ? .destination : .source)
        let config = portals.records[key].config
        let handle = tracks.start(config.animation.value, id: .internal, view: layer, slot: slot,
                                  targets: frameTargets(toFrame, toRadius), tick: tick, step: clock.step,
                                  tolerance: configuration.settleTolerance, views: &views, events: &events)
        beginFlight(key, direction, handle: handle, tick: tick)
        for effect in config.effects {
            tracks.start(effect.animation, id: .internal, view: layer, slot: slot, targets: effect.targets(active: direction == .forward),
                         tick: tick, step: clock.step, tolerance: configuration.settleTolerance, views: &views, events: &events)
        }
    }

    private func beginFlight(_ key: Int, _ direction: PortalDirection, handle: TimingHandle, tick: UInt64) {
        let minimum = portals.records[key].config.animation.minimumDuration
        portals.records[key].flight = handle
        portals.records[key].motionOrigin = tracks.completionTicks(handle)?.origin ?? tick - 1
        portals.records[key].minimumTicks = minimum > 0 ? tracks.tickCount(covering: minimum, step: clock.step) : 0
        portals.records[key].phase = .flying(direction)
        applyVisibility(key)
        events.append(.portalWillStart(PortalEvent(id: portals.records[key].id, direction: direction, criterion: nil, tick: tick)))
    }

    /// With reduced motion there is no flight: the leaving view fades out where it is while the
    /// arriving view fades in where it is (0.2 s, ease-in-out), each as a layer.
    private func startCrossFade(_ key: Int, _ direction: PortalDirection, delay: Double, tick: UInt64) {
        let (sourceFrame, sourceRadius) = end(key, .source)
        let (destinationFrame, destinationRadius) = end(key, .destination)
        if portals.records[key].layer == nil {
            let startOpacity: Float = direction == .forward ? 1 : 0
            portals.records[key].layer = spawnLayer(key, frame: sourceFrame, radius: sourceRadius,
                                                    content: contentEntity(key, side: .source), opacity: startOpacity)
        }
        if portals.records[key].crossFadeLayer == nil {
            let startOpacity: Float = direction == .forward ? 0 : 1
            portals.records[key].crossFadeLayer = spawnLayer(key, frame: destinationFrame, radius: destinationRadius,
                                                             content: contentEntity(key, side: .destination), opacity: startOpacity)
        }
        guard let sourceSide = portals.records[key].layer, let sourceSlot = views.slot(of: sourceSide),
              let destinationSide = portals.records[key].crossFadeLayer, let destinationSlot = views.slot(of: destinationSide) else {
            land(key, direction, tick: tick)
            return
        }
        let fade = Animation.easeInOut(duration: 0.2).delay(delay)
        tracks.start(fade, id: .internal, view: sourceSide, slot: sourceSlot, targets: [(.opacity, direction == .forward ? 0 : 1)],
                     tick: tick, step: clock.step, tolerance: configuration.settleTolerance, views: &views, events: &events)
        let handle = tracks.start(fade, id: .internal, view: destinationSide, slot: destinationSlot,
                                  targets: [(.opacity, direction == .forward ? 1 : 0)], tick: tick, step: clock.step,
                                  tolerance: configuration.settleTolerance, views: &views, events: &events)
        beginFlight(key, direction, handle: handle, tick: tick)
    }

    /// Keeps a flight heading for where its landing anchor is now (it may be scrolling, or
    /// sliding in with a sheet). A layer that has stopped but not yet landed sits on it.
    private func followAnchor(_ key: Int, _ direction: PortalDirection, tick: UInt64) {
        if portals.records[key].crossFadeLayer != nil {
            placeCrossFadeLayers(key)
            return
        }
        guard let layer = portals.records[key].layer, let slot = views.slot(of: layer) else { return }
        let (frame, radius) = end(key, direction == .forward ? .destination : .source)
        for (channel, value) in frameTargets(frame, radius) {
            let moved = tracks.moveTarget(channel, slot: slot, to: value, tick: tick, step: clock.step,
                                          tolerance: configuration.settleTolerance, views: views)
            if !moved { views.values[slot * ViewChannel.stride + channel.rawValue] = value }
        }
    }

    /// Cross-fade layers stay on their anchors.
    private func placeCrossFadeLayers(_ key: Int) {
        for (layer, role) in [(portals.records[key].layer, PortalRole.source), (portals.records[key].crossFadeLayer, .destination)] {
            guard portals.records[key].crossFadeLayer != nil, let layer, let slot = views.slot(of: layer) else { continue }
            let (frame, radius) = end(key, role)
            for (channel, value) in frameTargets(frame, radius) {
                views.values[slot * ViewChannel.stride + channel.rawValue] = value
            }
        }
    }

    private enum Side { case source, destination }

    private func contentEntity(_ key: Int, side: Side) -> Entity? {
        let record = portals.records[key]
        switch side {
        case .source: return record.config.layerContent ?? record.source ?? record.destination
        case .destination: return record.destination ?? record.config.layerContent ?? record.source
        }
    }

    /// Creates a layer view in the overlay band, at once (built-in work may spawn mid-tick).
    private func spawnLayer(_ key: Int, frame: Rect, radius: Float, content: Entity?, opacity: Float = 1) -> Entity? {
        guard let layer = allocator.allocate() else { return nil }
        views.insert(layer, frame: frame, cornerRadius: radius, opacity: opacity, role: .overlay)
        views.styles[views.slot(of: layer)!].content = content ?? layer
        portals.layerOwners.insert(UInt32(key), for: layer)
        if portals.records[key].layer == nil { portals.records[key].layer = layer }
        applyLayerStyle(key)
        return layer
    }

    /// Gives the portal's layers the hit testing and corners of its current configuration.
    private func applyLayerStyle(_ key: Int) {
        let config = portals.records[key].config
        for layer in [portals.records[key].layer, portals.records[key].crossFadeLayer] {
            guard let layer, let slot = views.slot(of: layer) else { continue }
            views.styles[slot].allowsHitTesting = config.allowsHitTesting
            views.styles[slot].clipsContent = config.corners != nil
            views.styles[slot].cornerStyle = config.corners?.style ?? .circular
        }
    }

    // MARK: - Stage 4: landing

    func runPortalFinish(tick: UInt64) {
        var i = 0
        while i < portals.active.count {
            let key = Int(portals.active[i])
            switch portals.records[key].phase {
            case let .flying(direction):
                if hasLanded(key, tick: tick) { land(key, direction, tick: tick) }
            case let .fading(direction):
                if let flight = portals.records[key].flight, tracks.completionTicks(flight) != nil { break }
                removeLayers(key)
                settle(key, at: .rest(after: direction))
            case .idle, .presented, .waiting:
                break
            }
            let record = portals.records[key]
            if (record.phase == .idle || record.phase == .presented) && !record.hasPendingRequest {
                portals.records[key].isOnActiveList = false
                portals.active.swapRemove(at: i)
            } else {
                i += 1
            }
        }
    }

    private func hasLanded(_ key: Int, tick: UInt64) -> Bool {
        let record = portals.records[key]
        guard let layer = record.layer, views.slot(of: layer) != nil else { return true }
        guard tick >= record.motionOrigin + record.minimumTicks else { return false }
        guard let flight = record.flight, let ticks = tracks.completionTicks(flight) else { return true }
        return tick >= (record.config.animation.completionCriteria == .logicallyComplete ? ticks.logical : ticks.settle)
    }

    /// Hands a flight over to its landing view, removing (or fading) the layer.
    private func land(_ key: Int, _ direction: PortalDirection, tick: UInt64) {
        let record = portals.records[key]
        if record.config.removal == .fade, record.crossFadeLayer == nil, let layer = record.layer, let slot = views.slot(of: layer) {
            // Landing happens after this tick's interpolation: the fade's first step is the next tick.
            portals.records[key].flight = tracks.start(.easeOut(duration: 0.1), id: .internal, view: layer, slot: slot,
                                                       targets: [(.opacity, 0)], tick: tick + 1, step: clock.step,
                                                       tolerance: configuration.settleTolerance, views: &views, events: &events)
            portals.records[key].phase = .fading(direction)
            applyVisibility(key)
        } else {
            removeLayers(key)
            settle(key, at: .rest(after: direction))
        }
        events.append(.portalDidComplete(PortalEvent(id: record.id, direction: direction,
                                                     criterion: record.config.animation.completionCriteria, tick: tick)))
        if let group = record.group { reportGroupIfLanded(group, tick: tick) }
    }

    private func reportGroupIfLanded(_ index: Int, tick: UInt64) {
        let group = portals.groups[index]
        guard group.awaitingCompletion else { return }
        let landed = group.members.allSatisfy { key in
            switch portals.records[Int(key)].phase {
            case .presented, .fading(.forward): return group.direction == .forward
            case .idle, .fading(.reverse): return group.direction == .reverse
            case .waiting, .flying: return false
            }
        }
        guard landed else { return }
        portals.groups[index].awaitingCompletion = false
        events.append(.portalGroupDidComplete(groupID: group.id, direction: group.direction, tick: tick))
    }

    private func settle(_ key: Int, at phase: PortalPhase) {
        portals.records[key].phase = phase
        portals.records[key].flight = nil
        applyVisibility(key)
    }

    func removeLayers(_ key: Int) {
        for layer in [portals.records[key].layer, portals.records[key].crossFadeLayer].compactMap({ $0 }) {
            despawnNow(layer)
        }
        portals.records[key].layer = nil
        portals.records[key].crossFadeLayer = nil
    }

    /// Removes an entity Portal owns at once: its tracks, its view, its index.
    private func despawnNow(_ entity: Entity) {
        guard allocator.isAlive(entity) else { return }
        if let slot = views.slot(of: entity) {
            tracks.stopAll(slot: slot, views: &views, events: &events, tick: clock.tick + 1)
            views.remove(entity)
        }
        portals.layerOwners.remove(entity)
        allocator.release(entity)
    }

    /// Shows and hides the anchors as the phase says (the portal's own hidden bit only).
    func applyVisibility(_ key: Int) {
        let record = portals.records[key]
        let (showSource, showDestination) = record.phase.visibility
        if let source = record.source, let slot = views.slot(of: source) {
            views.setHidden(!showSource, by: .portal, slot: slot)
        }
        if let destination = record.destination, let slot = views.slot(of: destination) {
            views.setHidden(!showDestination, by: .portal, slot: slot)
        }
    }

    /// Whether a portal's layer is in its active state at the end of the last tick: from the
    /// moment its forward motion starts (after delay and stagger) until its reverse motion starts.
    func portalLayerIsActive(_ key: Int) -> Bool {
        let record = portals.records[key]
        let now = clock.tick
        switch record.phase {
        case .flying(.forward): return now > record.motionOrigin
        case .flying(.reverse): return now <= record.motionOrigin
        case .presented, .fading(.forward): return true
        case .idle, .waiting, .fading(.reverse): return false
        }
    }
}

// Following (for `PortalSystem`, see `PortalSystems.swift`): a flying layer rides its moving
// landing anchor, in the matching pass and again at the follow point after the write-back; a
// flight in its delay sits on its starting anchor; cross-fade layers stay on their anchors.

extension PortalSystem {
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
    mutating func followAnchor(_ key: Int, _ direction: PortalDirection, nextStep: UInt64, tick: UInt64,
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
    mutating func placeCrossFadeLayers(_ key: Int) {
        for (layer, role) in [(portals.records[key].layer, PortalRole.source), (portals.motion[key].crossFadeLayer, .destination)] {
            guard portals.motion[key].crossFadeLayer != nil, let layer, let slot = views.slot(of: layer) else { continue }
            let (frame, radius) = end(key, role)
            for (channel, value) in PortalSystem.frameTargets(frame, radius) {
                views.values[slot * ViewChannel.stride + channel.rawValue] = value
            }
        }
    }
}

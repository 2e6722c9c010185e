// Direct placement: the host's `update`, `setFrame`, `setContentOffset` and `setFrames` calls,
// applied at the next tick.
//
// A host makes thousands of these a frame (a layout engine mirrored node by node, lists
// scrolling), so they are applied in runs: a run of consecutive placement commands is one call
// that holds the view and track stores for the whole run. Applied one by one through the
// world, each presented value cost half a dozen dynamically checked accesses to the world's
// properties — more than the work itself.

/// A view and the local frame to give it: one element of a layout capture
/// (`World.setFrames(_:)`).
public struct ViewFrame: Hashable, Sendable {
    /// The view.
    public var view: Entity
    /// Its new frame, in its parent's content space.
    public var frame: Rect

    /// A view and its new frame.
    public init(view: Entity, frame: Rect) {
        self.view = view
        self.frame = frame
    }
}

extension World {
    /// Sets the local frames of many views at the next tick: a host that runs its own layout
    /// engine captures a frame's layout with one call. The same as ``setFrame(_:of:)`` for each
    /// element in order (a view listed twice ends at its last frame; a running frame animation
    /// stops where its new frame is set), staged as one command whose storage the world keeps,
    /// so a steady frame loop allocates nothing.
    ///
    /// ```swift
    /// layout.removeAll(keepingCapacity: true)
    /// for node in engine.changedNodes { layout.append(ViewFrame(view: node.view, frame: node.frame)) }
    /// try world.setFrames(layout)
    /// ```
    ///
    /// A layout capture places the app's views only: Portal's own views (portal layers, popup
    /// backdrops), which ``setFrame(_:of:)`` may restyle, are refused here as
    /// ``setParent(_:of:keepingGlobalFrame:)`` and ``spawnView(frame:cornerRadius:opacity:in:)``
    /// refuse them — a layout engine that lists one has lost track of what it owns.
    ///
    /// - Throws: ``PortalError/invalidElement(_:_:)`` naming the first bad element as
    ///   `frames[i]`, with what was wrong with it: ``PortalError/staleEntity(_:)``,
    ///   ``PortalError/notAView(_:)``, ``PortalError/portalLayer(_:)`` or
    ///   ``PortalError/portalOwned(_:)`` for its view, ``PortalError/invalidGeometry(_:_:reason:)``
    ///   for its frame. The whole batch is checked before anything is staged: when it throws,
    ///   no frame is set.
    /// - Complexity: O(count).
    public func setFrames(_ frames: [ViewFrame]) throws(PortalError) {
        try frames.withUnsafeBufferPointer { buffer throws(PortalError) in try setFrames(buffer) }
    }

    /// `setFrames(_:)` from a buffer (a host's own storage, with no array in between).
    public func setFrames(_ frames: UnsafeBufferPointer<ViewFrame>) throws(PortalError) {
        try submit(SetFramesCall(frames: frames))
    }

    /// Sets one presented value of the view in `slot` at once, stopping any lane that drives it.
    /// Every feature that places a view directly (updates, navigation stages, popups) goes
    /// through this, so a running animation never fights a direct placement.
    func setPresented(_ channel: ViewChannel, _ value: Float, slot: Int) {
        tracks.place(channel, value, slot: slot, views: &views, events: &events)
    }

    /// Applies the run of placement commands (`update`, `setFrames`) that starts at `start` in
    /// `list`, and returns the index of the first command after it.
    func applyPlacements(_ list: UnsafeBufferPointer<Command>, from start: Int) -> Int {
        stagedFrames.withUnsafeBufferPointer { frames in
            tracks.applyPlacements(list, from: start, frames: frames, views: &views, events: &events)
        }
    }
}

extension ViewStore {
    /// The index of the first element of `frames` that ``World/setFrames(_:)`` refuses (its
    /// view not a live app view, or its frame invalid), or `nil`. One loop over the store, with
    /// the world's properties read once: a layout capture lists thousands of views.
    func firstBadFrame(_ frames: UnsafeBufferPointer<ViewFrame>, allocator: EntityAllocator) -> Int? {
        for (i, element) in frames.enumerated() {
            guard allocator.isUsableAppEntity(element.view), slot(of: element.view) != nil,
                  element.frame.isValidGeometry else { return i }
        }
        return nil
    }
}

extension TrackStore {
    /// Sets one presented value of the view in `slot`, stopping any lane that drives it (see
    /// `World.setPresented`).
    @inline(__always)
    mutating func place(_ channel: ViewChannel, _ value: Float, slot: Int, views: inout ViewStore, events: inout [WorldEvent]) {
        stop(channel, slot: slot, views: &views, events: &events)
        if channel.isPlacement { views.noteGeometryWrite(slot: slot) }
        views.values[slot * ViewChannel.stride + channel.rawValue] = value
    }

    /// `place` for the four frame channels, in their order, with the view noted once rather
    /// than once per channel (a batch of 10,000 frames paid 40,000 notes).
    @inline(__always)
    mutating func placeFrame(_ frame: Rect, slot: Int, views: inout ViewStore, events: inout [WorldEvent]) {
        stop(.x, slot: slot, views: &views, events: &events)
        stop(.y, slot: slot, views: &views, events: &events)
        stop(.width, slot: slot, views: &views, events: &events)
        stop(.height, slot: slot, views: &views, events: &events)
        views.noteGeometryWrite(slot: slot)
        let b = slot * ViewChannel.stride
        views.values.withUnsafeMutableBufferPointer(noting: slot) { v in
            v[b + ViewChannel.x.rawValue] = frame.minX
            v[b + ViewChannel.y.rawValue] = frame.minY
            v[b + ViewChannel.width.rawValue] = frame.width
            v[b + ViewChannel.height.rawValue] = frame.height
        }
    }

    /// `placeFrame` for a run of frames (`setFrames`, or a run of `setFrame` calls), in two
    /// passes: each view's running frame lanes stopped and its geometry write noted, in order;
    /// then every frame written through one buffer pointer, the views noted at once. (Per frame,
    /// the value column's and the note list's uniqueness checks were two runtime calls.) The
    /// same values, events and notes as `placeFrame` frame by frame: a stop writes only the
    /// channel its frame then overwrites, and a view listed twice ends with its last frame.
    mutating func placeFrames(_ frames: UnsafeBufferPointer<ViewFrame>, views: inout ViewStore, events: inout [WorldEvent]) {
        for element in frames {
            guard let slot = views.slot(of: element.view) else { continue }
            stop(.x, slot: slot, views: &views, events: &events)
            stop(.y, slot: slot, views: &views, events: &events)
            stop(.width, slot: slot, views: &views, events: &events)
            stop(.height, slot: slot, views: &views, events: &events)
            views.noteGeometryWrite(slot: slot)
        }
        // (The lookup's two columns taken out first: the closure must not hold the store whose
        // value column it writes, or the column would be copied.)
        let slotOf = views.slotOf, entities = views.entities
        entities.withUnsafeBufferPointer { entities in
            views.values.withUnsafeMutableBufferPointer(
                notingViewsOf: frames, slot: { ViewStore.slot(of: $0.view, slotOf: slotOf, entities: entities) }
            ) { v, element, slot in
                let b = slot * ViewChannel.stride
                v[b + ViewChannel.x.rawValue] = element.frame.minX
                v[b + ViewChannel.y.rawValue] = element.frame.minY
                v[b + ViewChannel.width.rawValue] = element.frame.width
                v[b + ViewChannel.height.rawValue] = element.frame.height
            }
        }
    }

    /// Applies `properties` to the view in `slot` at once (an `update` command).
    mutating func place(_ properties: ViewProperties, slot: Int, views: inout ViewStore, events: inout [WorldEvent]) {
        // As `place` per channel, with the view noted once for propagation, not once per channel.
        var wrote = false
        properties.forEachChannel { channel, value in
            stop(channel, slot: slot, views: &views, events: &events)
            if channel.isPlacement { views.noteGeometryWrite(slot: slot) }
            views.values.withUnsafeMutableBufferPointerUnnoted { $0[slot * ViewChannel.stride + channel.rawValue] = value }
            wrote = true
        }
        if wrote { views.values.withUnsafeMutableBufferPointer(noting: slot) { _ in } }
        if let transform = properties.transform { views.styles[slot].rotationAxis = transform.rotation3D }
    }

    /// Applies the run of placement commands starting at `start` (see
    /// `World.applyPlacements`). A command whose view is gone (despawned by an earlier command
    /// of the batch) is skipped, as every command is.
    mutating func applyPlacements(_ list: UnsafeBufferPointer<Command>, from start: Int, frames: UnsafeBufferPointer<ViewFrame>,
                                  views: inout ViewStore, events: inout [WorldEvent]) -> Int {
        var i = start
        run: while i < list.count {
            switch list[i] {
            case let .update(entity, properties):
                if let slot = views.slot(of: entity) { place(properties, slot: slot, views: &views, events: &events) }
            case let .setFrames(first, count):
                placeFrames(UnsafeBufferPointer(rebasing: frames[first..<first + count]), views: &views, events: &events)
            default:
                break run
            }
            i += 1
        }
        return i
    }
}

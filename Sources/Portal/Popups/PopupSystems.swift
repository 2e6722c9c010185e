// The popups' systems: a presentation and a dismissal applied (lifting the content into the
// overlay band above its backdrop, scaled about its tail), the placement point where popups follow
// their sources or leave when a source will not be drawn, the finish point where dismissed popups
// leave, and the removal hook. The overview is in `World+Popups.swift`.

extension World {
    func applyPresentPopup(_ content: Entity, source: Entity, width: Float, height: Float, animation: Animation, backdrop: Bool, tick: UInt64) {
        guard popups.states.value(of: content) == nil, let container = popups.container,
              let slot = views.slot(of: content), let sourceSlot = views.slot(of: source),
              !isAncestor(slot, of: sourceSlot) else { return }
        if popups.policy == .oneAtATime {
            for shown in popups.stack { dismiss(shown, reason: .replaced, tick: tick) }
        }
        let placement = PopupPlacement.place(source: views.presentation(slot: sourceSlot).globalFrame, width: width, height: height,
                                             container: container, safeArea: popups.safeArea)
        // Z indices restart whenever no popup is shown, so the counter stays small; it wraps
        // rather than traps in the (theoretical) case of a billion popups stacked at once.
        if popups.stack.isEmpty { popups.nextZ = 2 }
        var backdropEntity: Entity?
        if backdrop, let entity = allocator.allocate(ownedByPortal: true) {
            views.insert(entity, frame: container, cornerRadius: 0, opacity: 0, role: .backdrop)
            views.setZIndex(popups.nextZ, slot: views.slot(of: entity)!)
            backdropEntity = entity
        }
        // A child draws in its root's band: the content is lifted to a root for the presentation.
        let home = views.parent(slot: slot).map { views.entities[$0] }
        views.setParent(nil, of: slot)
        views.setRole(.overlay, slot: slot)
        views.setZIndex(popups.nextZ + 1, slot: slot)
        popups.nextZ = popups.nextZ &+ 2
        views.setHidden(false, by: .popup, slot: slot)
        // Presenting shows the content, as a push shows its screen: content kept hidden until
        // it is presented would otherwise be an invisible popup whose backdrop takes taps.
        views.setHidden(false, by: .app, slot: slot)
        let tail = tailOffset(placement)
        let state = PopupState(content: content, source: source, width: width, height: height, animation: animation,
                               backdrop: backdropEntity, placement: placement, home: home, tailOffset: tail)
        popups.states.insert(state, for: content)
        popups.stack.append(content)
        setFrame(placement.frame, slot: slot)
        // Start small and clear, scaled about the tail.
        setPresented([(.scaleX, 0.2), (.scaleY, 0.2), (.opacity, 0), (.translationX, 0.8 * tail.x), (.translationY, 0.8 * tail.y)], slot: slot)
        let handle = tracks.start(animation, id: .internal, view: content, slot: slot,
                                  targets: [(.scaleX, 1), (.scaleY, 1), (.opacity, 1), (.translationX, 0), (.translationY, 0)],
                                  tick: tick, step: clock.step, tolerance: configuration.settleTolerance, views: &views, events: &events)
        popups.states.update(content) { $0.transition = handle }
        events.append(.popupWillPresent(content, tick: tick))
    }

    /// Starts dismissing a popup: its backdrop goes at once; it scales out about its tail.
    func dismiss(_ content: Entity, reason: PopupDismissReason, tick: UInt64) {
        guard let state = popups.states.value(of: content), !state.isDismissing, let slot = views.slot(of: content) else { return }
        if let backdrop = state.backdrop { remove(backdrop) }
        let tail = tailOffset(state.placement)
        let handle = tracks.start(state.animation, id: .internal, view: content, slot: slot,
                                  targets: [(.scaleX, 0.2), (.scaleY, 0.2), (.opacity, 0), (.translationX, 0.8 * tail.x), (.translationY, 0.8 * tail.y)],
                                  tick: tick, step: clock.step, tolerance: configuration.settleTolerance, views: &views, events: &events)
        popups.states.update(content) {
            $0.dismissal = reason
            $0.transition = handle
        }
    }

    /// After the write-back: popups follow their source's global frame (composed up its
    /// ancestors from this tick's presented values, O(depth), so a source whose list scrolled
    /// is followed in the same tick) and re-place themselves in the container, keeping their
    /// side while it fits. Then a popup whose source will not be drawn this tick, or whose
    /// content is hidden, leaves at once.
    func runPopupFollow(tick: UInt64) {
        guard popups.states.count > 0, let container = popups.container else { return }
        for content in popups.stack {
            guard var state = popups.states.value(of: content), let slot = views.slot(of: content),
                  let sourceSlot = views.slot(of: state.source) else { continue }
            if let backdrop = state.backdrop, let backdropSlot = views.slot(of: backdrop) { setFrame(container, slot: backdropSlot) }
            let placement = PopupPlacement.place(source: views.presentation(slot: sourceSlot).globalFrame, width: state.width, height: state.height,
                                                 container: container, safeArea: popups.safeArea, previous: state.placement)
            guard placement != state.placement else { continue }
            let changesSides = placement.isBelowSource != state.placement.isBelowSource || placement.alignment != state.placement.alignment
            state.placement = placement
            state.tailOffset = tailOffset(placement)
            popups.states.insert(state, for: content)
            if changesSides {
                moveAcross(content, slot: slot, to: placement.frame, with: state.animation, tick: tick)
            } else {
                follow(slot: slot, to: placement.frame)
            }
        }
        // After every popup has moved (a source may be in another popup's content, clipped by
        // it); and again after any leaves, as its content may be another popup's source.
        var left = true
        while left {
            left = false
            var i = 0
            while i < popups.stack.count {
                let content = popups.stack[i]
                if let state = popups.states.value(of: content), let slot = views.slot(of: content),
                   let reason = undrawnReason(state, contentSlot: slot) {
                    // Gone this tick, not scaled out: its tail would point at nothing meanwhile.
                    removePopup(content, reporting: reason)
                    left = true
                } else {
                    i += 1
                }
            }
        }
    }

    /// Why the popup of `state` must not be drawn this tick, or `nil` when it may: its content
    /// is hidden, or its source will not be drawn (despawned, hidden, or culled).
    private func undrawnReason(_ state: PopupState, contentSlot: Int) -> PopupDismissReason? {
        guard let sourceSlot = views.slot(of: state.source) else { return .sourceRemoved }
        if views.isHidden(slot: contentSlot) { return .contentHidden }
        switch views.nextDrawState(slot: sourceSlot) {
        case .drawn: return nil
        case .hidden: return .sourceHidden
        case .culled: return .sourceCulled
        }
    }

    /// A change of side: the content's frame moves from where it is drawn to `frame` with the
    /// popup's animation (without its delay: the popup is already shown), started after this
    /// tick's write-back, so it first moves at the next tick.
    private func moveAcross(_ content: Entity, slot: Int, to frame: Rect, with animation: Animation, tick: UInt64) {
        var motion = animation
        motion.delay = 0
        tracks.start(motion, id: .internal, view: content, slot: slot,
                     targets: [(.x, frame.minX), (.y, frame.minY), (.width, frame.width), (.height, frame.height)],
                     tick: tick + 1, step: clock.step, tolerance: configuration.settleTolerance, views: &views, events: &events)
    }

    /// The content follows its placement to `frame`; a channel still moving across carries its
    /// remaining offset with it (as a flight rides its moving anchor), so the move keeps its
    /// shape relative to the source and ends on time.
    private func follow(slot: Int, to frame: Rect) {
        let values = SIMD4(frame.minX, frame.minY, frame.width, frame.height)
        var moving = false
        for (i, channel) in ViewChannel.frame.enumerated() {
            let lane = views.lanes[slot * ViewChannel.stride + channel.rawValue]
            if lane == ViewStore.noLane { continue }
            moving = true
            tracks.carry(lane: Int(lane), to: values[i])
            views.values[slot * ViewChannel.stride + channel.rawValue] = tracks.value[Int(lane)]
        }
        guard moving else { return setFrame(frame, slot: slot) }
        views.noteGeometryWrite(slot: slot)
        for (i, channel) in ViewChannel.frame.enumerated() where views.lanes[slot * ViewChannel.stride + channel.rawValue] == ViewStore.noLane {
            setPresented(channel, values[i], slot: slot)
        }
    }

    /// At the `finish` point: a dismissed popup whose animation has finished leaves the overlay.
    func runPopupFinish(tick: UInt64) {
        guard popups.states.count > 0 else { return }
        for content in popups.stack {
            guard let state = popups.states.value(of: content) else { continue }
            if let handle = state.transition, tracks.completionTicks(handle) != nil { continue }
            if let reason = state.dismissal {
                removePopup(content, reporting: reason)
            } else if state.transition != nil {
                popups.states.update(content) { $0.transition = nil }
                events.append(.popupDidPresent(content, tick: tick))
            }
        }
    }

    /// Takes a popup out of the overlay: its content is hidden and back among the app views,
    /// under its home parent when that is still a live view that would not make a cycle. With
    /// `reason`, ``WorldEvent/popupDidDismiss(_:reason:tick:)`` reports it last — with the reason its
    /// dismissal began with, when one had begun.
    func removePopup(_ content: Entity, reporting reason: PopupDismissReason? = nil) {
        guard let state = popups.states.remove(content) else { return }
        popups.stack.removeAll { $0 == content }
        if let backdrop = state.backdrop { remove(backdrop) }
        if let slot = views.slot(of: content) {
            // Everything the popup animates stops here, the frame's move across to the other
            // side included: a popup that leaves at once (its source culled mid-move) must not
            // go on moving, hidden, and keep the world from being idle. Its frame is where the
            // popup placed it last.
            for channel in [ViewChannel.scaleX, .scaleY, .opacity, .translationX, .translationY, .x, .y, .width, .height] {
                tracks.stop(channel, slot: slot, views: &views, events: &events)
            }
            setFrame(state.placement.frame, slot: slot)
            setPresented([(.scaleX, 1), (.scaleY, 1), (.opacity, 1), (.translationX, 0), (.translationY, 0)], slot: slot)
            // Hidden until presented again — unless a stack took it as a screen meanwhile: the
            // stack shows and hides its screens.
            if navigation.owners.value(of: content) == nil { views.setHidden(true, by: .popup, slot: slot) }
            views.setRole(.view, slot: slot)
            views.setZIndex(0, slot: slot)
            if let home = state.home, let homeSlot = views.slot(of: home), !isAncestor(slot, of: homeSlot) {
                views.setParent(homeSlot, of: slot)
                // A stack's screen fills the stack, as the stack lays out the screens it adopts.
                if navigation.owners.value(of: content) == home {
                    let size = views.frame(slot: homeSlot)
                    setFrame(Rect(x: 0, y: 0, width: size.width, height: size.height), slot: slot)
                }
            }
        }
        if let reason { events.append(.popupDidDismiss(content, reason: state.dismissal ?? reason, tick: tracks.currentTick)) }
    }

    /// A staged `setParent` of a presented popup's content: it stays a root in the overlay and
    /// returns to `parent` when it leaves. Returns `false` when `view` is not presented.
    func redirectPopupParent(_ parent: Entity?, of view: Entity) -> Bool {
        guard popups.states.value(of: view) != nil else { return false }
        popups.states.update(view) { $0.home = parent }
        return true
    }

    /// Debug invariant, after the render list is built: a drawn popup's source is drawn.
    func checkPopupSources() {
        for content in popups.stack {
            guard let state = popups.states.value(of: content), let slot = views.slot(of: content),
                  views.presentation(slot: slot).isDrawn else { continue }
            let source = views.slot(of: state.source).map { views.presentation(slot: $0).isDrawn } ?? false
            precondition(source, "popups: \(content) is drawn but its source \(state.source) is not")
        }
    }

    /// Whether the view in `ancestor` is the view in `slot` or one of its ancestors.
    private func isAncestor(_ ancestor: Int, of slot: Int) -> Bool {
        var up: Int? = slot
        while let s = up { if s == ancestor { return true }; up = views.parent(slot: s) }
        return false
    }

    /// (1 − s)·(tail − centre) is the translation that makes a scale s about the centre a scale
    /// about the tail; this is tail − centre.
    private func tailOffset(_ placement: PopupPlacement) -> Point {
        let frame = placement.frame
        let tail = Point(x: frame.minX + Float(placement.anchor.x) * frame.width, y: frame.minY + Float(placement.anchor.y) * frame.height)
        return Point(x: tail.x - frame.midX, y: tail.y - frame.midY)
    }

    private func setFrame(_ frame: Rect, slot: Int) {
        setPresented([(.x, frame.minX), (.y, frame.minY), (.width, frame.width), (.height, frame.height)], slot: slot)
    }

    /// The popups' removal hook: a removed content view leaves the overlay (its backdrop goes),
    /// and so do the popups presented from a removed source, at once (nothing is left for them
    /// to point at).
    func removeFromPopups(_ entity: Entity) {
        removePopup(entity)
        for popup in popups.states.values where popup.source == entity {
            removePopup(popup.content, reporting: .sourceRemoved)
        }
    }

    /// The popup whose backdrop `hit` is, if it is one: a tap there dismisses that popup
    /// (``tap(at:)``, and a pointer's tap).
    func popupOfBackdrop(_ hit: HitTestResult?) -> Entity? {
        guard let hit, hit.role == .backdrop else { return nil }
        return popups.states.values.first(where: { $0.backdrop == hit.entity })?.content
    }
}

extension ViewStore {
    /// Whether a view will be drawn by the next render walk, from the values presented now.
    enum DrawState {
        case drawn
        /// It or an ancestor is hidden.
        case hidden
        /// It or an ancestor is outside the clip of a clipping ancestor.
        case culled
    }

    /// Whether the view in `slot` will be drawn by the render walk if nothing changes before
    /// it: the walk's own tests (hidden views and the cull box of its clipping ancestors, the
    /// pre-cull included), through the walk's own `compose`, along the view's ancestors only
    /// (O(depth)).
    func nextDrawState(slot: Int) -> DrawState {
        var state = DrawState.drawn
        _ = columns.withPointers { c in ViewStore.childContext(ofDrawn: slot, c, state: &state) }
        return state
    }

    /// What the walk hands the children of the view in `slot`, or `nil` (with why in `state`)
    /// when the view is not drawn.
    private static func childContext(ofDrawn slot: Int, _ c: ViewColumns.Pointers, state: inout DrawState) -> WalkParent? {
        guard c.hiddenBy[slot] == 0 else { state = .hidden; return nil }
        let v: Composed
        if let parent = c.parent(slot) {
            guard let ctx = childContext(ofDrawn: parent, c, state: &state) else { return nil }
            guard !preCulled(slot, v: c.values, under: ctx) else { state = .culled; return nil }
            v = withUnsafePointer(to: ctx) { compose(slot, c, under: $0) }
        } else {
            v = compose(slot, c, under: nil)
        }
        guard !v.isCulled else { state = .culled; return nil }
        return childContext(of: v, slot: slot, clip: v.own.clip, c)
    }
}

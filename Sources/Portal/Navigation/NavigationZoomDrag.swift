// A drag on a zoomed screen (issue 26): the stack's pan, in any direction, pops the screen that a
// zoom pushed — or catches a zoom running either way — and the screen follows the finger with
// the drag-to-dismiss curve (`DragToDismiss`, shared with portal destinations): translation 1:1,
// scale shrinking towards `minimumScale` over `scaleDistance` × the stack's height, the dimming
// fading by the same fraction. The release decides by `DragToDismiss.dismisses`: a dismissal
// finishes the pop into the source's *current* frame, a cancel brings the screen back; either
// way the screen goes from where it was let go on a spring whose start rate is the finger's
// velocity along the path.

extension World {
    /// The drag style of the zoom a drag on `state`'s top screen would take: the zoom that pushed
    /// it (the stack at rest), or the zoom running, push or pop, when a finger may catch it;
    /// `nil` when there is none or its options turn the drag off.
    static func zoomDragStyle(of state: NavigationStackState) -> DragDismissStyle? {
        if let active = state.active {
            guard let zoom = active.zoom, zoom.held == nil, catchablePop(state) != nil else { return nil }
            return zoom.options.dragToDismiss
        }
        guard state.queue.isEmpty, let top = state.zoomedTop, top.screen == state.screens.last else { return nil }
        return top.options.dragToDismiss
    }

    /// The stack's pan begins as a drag on its zoomed screen: it pops the screen with the zoom
    /// that pushed it, or catches the zoom running, and holds the screen where it is drawn.
    func beginZoomDrag(_ stack: Entity, tick: UInt64) {
        guard let row = navigation.projections.index.row(of: stack), let state = navigation.stacks.value(of: stack),
              let style = World.zoomDragStyle(of: state) else { return }
        if state.active == nil {
            guard let top = state.zoomedTop, let screen = navigation.projections.values[row].screens.last else { return }
            navigation.projections.values[row].interactivePop = (screen, 0, 0)
            let zoom = NavigationTransition.zoom(source: top.source, options: top.options).animation(top.animation)
            applyNavigation(stack, .pop(zoom), interactive: true, tick: tick)
        } else {
            guard let caught = World.catchablePop(state), allocator.isUsable(caught.screen) else { return }
            let p = min(max(navigation.progress(of: stack, views: views), 0), 1)
            let origin = caught.reversed ? 1 - p : p
            // As `beginInteractivePop` catches: a screen a running pop takes away is in the projection again.
            if navigation.projections.values[row].screens.last != caught.screen {
                navigation.projections.values[row].screens.append(caught.screen)
                navigation.owners.insert(stack, for: caught.screen)
            }
            navigation.projections.values[row].interactivePop = (caught.screen, origin, origin)
            applyNavigation(stack, .pop(.slide), interactive: true, tick: tick)
        }
        // The finger takes the screen over where it is drawn.
        guard let active = navigation.stacks.value(of: stack)?.active, active.isInteractive, let zoom = active.zoom,
              let slot = views.slot(of: zoom.screen) else { return }
        let p = navigation.progress(of: stack, views: views)
        let base = Point(x: views.value(.translationX, slot: slot), y: views.value(.translationY, slot: slot))
        // The dimming as drawn: its view's opacity once placed (a zoom that started this tick
        // has not been), else the zoom's rule at its progress.
        let z = zoom.grows ? p : 1 - p
        // The crop as drawn (the whole screen from rest) stays while held; the presented
        // translation is about its centre.
        let crop = zoom.crop
        let placed = zoom.released != nil ? zoom.dimming.flatMap { views.slot(of: $0) }.map { views.value(.opacity, slot: $0) } : nil
        let dimmed = placed ?? zoom.options.dimmingOpacity * z
        navigation.stacks.update(stack) { state in
            state.active!.zoom!.released = nil
            state.active!.zoom!.held = ZoomHold(style: style, baseTranslation: base, baseScale: views.value(.scaleX, slot: slot),
                                                baseZ: z, baseDimming: dimmed, crop: crop)
        }
    }

    /// The finger moved: the held screen follows (placed by `runNavigationZoom`); the pop's
    /// progress in the projection is the drag's fraction, which `DragToDismiss` also scales by.
    func followZoomDrag(_ stack: Entity, translation: Point) {
        guard let row = navigation.projections.index.row(of: stack), let stackSlot = views.slot(of: stack),
              let style = navigation.stacks.value(of: stack)?.active?.zoom?.held?.style else { return }
        navigation.stacks.update(stack) { $0.active!.zoom!.held!.translation = translation }
        let q = DragToDismiss.progress(translation, containerHeight: views.frame(slot: stackSlot).height, style)
        navigation.projections.values[row].interactivePop?.progress = q
    }

    /// Whether a drag on the zoomed screen released at `translation` with `velocity` dismisses it.
    func zoomDragDismisses(_ stack: Entity, translation: Point, velocity: Point) -> Bool {
        guard let stackSlot = views.slot(of: stack), let style = navigation.stacks.value(of: stack)?.active?.zoom?.held?.style else { return false }
        return DragToDismiss.dismisses(translation, velocity: velocity, containerHeight: views.frame(slot: stackSlot).height, style)
    }

    /// The held screen is let go (the transition's flags are set): it goes from where it is
    /// drawn to the source (`dismisses`) or back to rest, by a release progress u (the progress
    /// view's y) on a spring — the transition's, or the critically damped spring of its curve's
    /// duration — whose start rate is the finger's velocity along the path, (v · d) ÷ |d|² with d
    /// the path's translation: the screen's centre leaves at the finger's velocity projected on
    /// its path (the part across the path is not carried). The transition completes as u settles.
    func releaseZoomDrag(_ stack: Entity, towardsEnd: Bool, dismisses: Bool, velocity: Point, tick: UInt64) {
        guard let state = navigation.stacks.value(of: stack), let active = state.active, var zoom = active.zoom, let held = zoom.held,
              let stackSlot = views.slot(of: stack), let progressSlot = views.slot(of: state.progressView) else { return }
        let size = views.frame(slot: stackSlot)
        let bounds = Rect(x: 0, y: 0, width: size.width, height: size.height)
        var translation = held.baseTranslation, scale = held.baseScale
        if let slot = views.slot(of: zoom.screen) {
            translation = Point(x: views.value(.translationX, slot: slot), y: views.value(.translationY, slot: slot))
            scale = views.value(.scaleX, slot: slot)
        }
        // About the uncropped screen's centre, as the placement it heads for.
        let full = Rect(x: 0, y: 0, width: zoom.restFrame.width, height: zoom.restFrame.height)
        if held.crop != full {
            let k = 1 - scale
            translation = Point(x: translation.x - k * (full.midX - held.crop.midX), y: translation.y - k * (full.midY - held.crop.midY))
        }
        let dimmed = zoom.dimming.flatMap { views.slot(of: $0) }.map { views.value(.opacity, slot: $0) } ?? 0
        let targetZ: Float = dismisses ? 0 : 1
        let target = World.zoomPlacement(source: zoom.lastSource ?? Rect(x: bounds.midX, y: bounds.midY, width: 0, height: 0),
                                         alignment: zoom.options.alignmentRect ?? bounds, bounds: bounds, z: targetZ)
        let d = Point(x: target.translation.x - translation.x, y: target.translation.y - translation.y)
        let length2 = d.x * d.x + d.y * d.y
        let rate = length2 > 1e-6 ? Double((velocity.x * d.x + velocity.y * d.y) / length2) : 0
        zoom.held = nil
        zoom.released = ZoomRelease(translation: translation, scale: scale, z: held.baseZ, dimming: dimmed, crop: held.crop, targetZ: targetZ,
                                    progressFrom: navigation.progress(of: stack, views: views), progressTo: towardsEnd ? 1 : 0)
        navigation.stacks.update(stack) { $0.active!.zoom = zoom }
        setPresented(.y, 0, slot: progressSlot)
        let spring = World.releaseAnimation(of: active.animation, initialVelocity: rate.isFinite ? min(max(rate, -1e6), 1e6) : 0)
        let handle = tracks.start(spring, id: .internal, view: state.progressView, slot: progressSlot,
                                  targets: CollectionOfOne((ViewChannel.y, Float(1))), tick: tick, step: clock.step,
                                  tolerance: configuration.settleTolerance, views: &views, events: &events)
        navigation.stacks.update(stack) { $0.active!.progress = handle; $0.noteActiveChanged() }
    }

    /// The spring a released zoom drag runs on: the transition's spring, or the critically damped
    /// spring of its curve's duration (as a turned-round transition), starting at
    /// `initialVelocity` (whole change per second of world time).
    static func releaseAnimation(of animation: Animation, initialVelocity: Double) -> Animation {
        let speed = animation.speed > 0 ? animation.speed : 1
        switch animation.motion {
        case let .spring(spring, _):
            return Animation(.spring(spring, initialVelocity: initialVelocity / speed)).speed(speed)
        case let .curve(_, duration):
            return Animation(.spring(Spring(duration: duration, bounce: 0), initialVelocity: initialVelocity / speed)).speed(speed)
        }
    }
}

// Applying navigation requests at the tick boundary, driving interactive pops, and finishing
// transitions (the tick's `finish` point). Stacks are few compared with views, so this works stack by stack.

extension World {
    /// Applies a staged stack request: starts it, turns the running transition round, or
    /// queues it behind the running transition.
    func applyNavigation(_ stack: Entity, _ request: NavigationRequest, interactive: Bool, tick: UInt64) {
        guard let state = navigation.stacks.value(of: stack) else { return }
        if let active = state.active {
            if interactive {
                if let caught = World.catchablePop(state) {
                    catchNavigation(stack, screen: caught.screen, reversed: caught.reversed)
                } else {
                    navigation.projections.update(stack) { $0.interactivePop = nil }   // refused at the call; never queued
                }
            } else if state.queue.isEmpty, !active.isInteractive, let owed = World.reversal(of: request, active, start: state.screens) {
                reverseNavigation(stack, owing: owed, tick: tick)
            } else {
                navigation.stacks.update(stack) { $0.queue.append(request) }
                // A screen waiting for its request is already the stack's child: not on show yet.
                request.forEachScreen { screen in
                    guard screen != active.from && screen != active.to && !state.screens.contains(screen),
                          let slot = views.slot(of: screen) else { return }
                    views.setHidden(true, by: .navigation, slot: slot)
                }
            }
            return
        }
        startNavigation(stack, request, interactive: interactive, tick: tick)
    }

    /// Starts `request` on a stack at rest; returns `false` when it had nothing to animate and
    /// settled at once (the caller then starts what is queued behind it).
    @discardableResult
    private func startNavigation(_ stack: Entity, _ request: NavigationRequest, interactive: Bool, tick: UInt64) -> Bool {
        guard let top = navigation.stacks.value(of: stack)?.screens.last, let stackSlot = views.slot(of: stack) else { return false }
        if case .pop = request, navigation.stacks.value(of: stack)!.screens.count <= 1 { return false }
        if case .popToRoot = request, navigation.stacks.value(of: stack)!.screens.count <= 1 { return false }
        // The state is edited out of its row, and the new lists are built in the storage the
        // stack's last transition handed back: a steady push or pop allocates nothing.
        var state = navigation.checkOut(stack)!
        var finalScreens: [Entity] = [], leaving: [Entity] = []
        swap(&finalScreens, &state.spareScreens)
        swap(&leaving, &state.spareLeaving)
        finalScreens.removeAll(keepingCapacity: true)
        leaving.removeAll(keepingCapacity: true)
        let operation: NavigationTransition.Operation
        let transition: NavigationTransition
        switch request {
        case let .push(screen, t):
            finalScreens.append(contentsOf: state.screens)
            finalScreens.append(screen)
            (operation, transition) = (.push, t)
        case let .pop(t):
            finalScreens.append(contentsOf: state.screens.dropLast())
            (operation, transition) = (.pop, t)
        case let .popToRoot(t):
            finalScreens.append(state.screens[0])
            (operation, transition) = (.pop, t)
        case let .setStack(screens, t):
            let newTop = screens.last!
            finalScreens.append(contentsOf: screens)
            (operation, transition) = (state.screens.contains(newTop) && newTop != top ? .pop : .push, t)
        }
        for screen in state.screens where !finalScreens.contains(screen) { leaving.append(screen) }
        // The screens after the request are the stack's children and fill it (UINavigationController's layout).
        let bounds = Rect(x: 0, y: 0, width: views.frame(slot: stackSlot).width, height: views.frame(slot: stackSlot).height)
        for screen in finalScreens { adopt(screen, stackSlot: stackSlot, bounds: bounds) }
        // The transition runs between the screens that show: the top live screen before and after.
        // A screen released by a staged call may be despawned before the request that removes it
        // runs; it keeps its place in the list until then, so that later requests keep their meaning.
        let from = state.screens.last { views.slot(of: $0) != nil }, to = finalScreens.last { views.slot(of: $0) != nil }
        guard let from, let to, from != to, let fromSlot = views.slot(of: from), let toSlot = views.slot(of: to) else {
            // Nothing to animate (the top is unchanged, or a screen is gone): settle at once.
            for screen in leaving { navigation.dropped(screen, from: stack) }
            swap(&state.screens, &finalScreens)
            state.spareScreens = finalScreens
            state.spareLeaving = leaving
            if state.zoomedTop?.screen != state.screens.last { state.zoomedTop = nil }
            navigation.checkIn(&state, for: stack)
            showOnlyTop(of: stack)
            release(leaving, from: stack)
            return false
        }
        // An interactive pop's call released nothing: its release, if it finishes, will.
        if interactive { leaving.removeAll(keepingCapacity: true) }
        for screen in state.screens where screen != from && screen != to {
            if let slot = views.slot(of: screen) { views.setHidden(true, by: .navigation, slot: slot) }
        }
        for screen in finalScreens where screen != from && screen != to {
            if let slot = views.slot(of: screen) { views.setHidden(true, by: .navigation, slot: slot) }
        }
        let (fromView, toView) = transition.transientViews(for: operation, from: views.frame(slot: fromSlot),
                                                           to: views.frame(slot: toSlot), in: bounds)
        let fromStages = stages(of: fromView, slot: fromSlot), toStages = stages(of: toView, slot: toSlot)
        views.setHidden(false, by: .navigation, slot: toSlot)
        views.setHidden(false, by: .navigation, slot: fromSlot)
        // Who draws in front: a placement if the transition asks for one; else the screen the
        // transition gives the greater z position (as Core Animation's layer zPosition); else the
        // arriving screen on a push and the leaving one on a pop, as in UIKit.
        func depth(_ view: TransientView) -> Float { max(view.initial.zPosition ?? 0, view.animation.zPosition ?? 0) }
        let byDepth: Bool? = depth(toView) == depth(fromView) ? nil : depth(toView) > depth(fromView)
        let toInFront = toView.placement.map { $0 == .front } ?? fromView.placement.map { $0 == .back } ?? byDepth ?? (operation == .push)
        views.setZIndex(toInFront ? 1 : 0, slot: toSlot)
        views.setZIndex(toInFront ? 0 : 1, slot: fromSlot)
        func setInitial(_ stages: ScreenStages, slot: Int) {
            for (channel, value) in stages.initial { setPresented(channel, value, slot: slot) }
            if let axis = stages.rotationAxis {
                views.styles[slot].rotationAxis = axis
                views.noteGeometryWrite(slot: slot)   // the axis moves the screen's content too
            }
        }
        setInitial(fromStages, slot: fromSlot)
        setInitial(toStages, slot: toSlot)
        var zoom: NavigationZoom?
        if let (source, options) = transition.node.zoom(for: operation) {
            zoom = startZoom(source: source, options: options, screen: operation == .push ? to : from,
                             slot: operation == .push ? toSlot : fromSlot, grows: operation == .push, stackSlot: stackSlot, bounds: bounds)
        }
        state.active = ActiveNavigation(operation: operation, from: from, to: to, fromStages: fromStages, toStages: toStages,
                                        animation: transition.animation, leaving: leaving, finalScreens: finalScreens,
                                        progress: nil, isInteractive: interactive,
                                        interactiveScreen: interactive ? state.screens.last : nil, zoom: zoom)
        state.noteActiveChanged()
        let progressView = state.progressView
        navigation.checkIn(&state, for: stack)
        if let progressSlot = views.slot(of: progressView) { setPresented(.x, 0, slot: progressSlot) }
        if !interactive {
            animateNavigation(stack, towards: .animation, with: transition.animation, tick: tick)
        }
        // Reported on the tick being run: a request that waited starts its animation on the next
        // tick (`tick`), but it starts in this one, after the transition before it completed.
        events.append(.navigationWillStart(NavigationEvent(stack: stack, operation: operation, from: from, to: to,
                                                           wasCancelled: false, tick: tracks.currentTick)))
        return true
    }

    /// Starts the queued requests of a stack at rest, in order, until one animates: a request
    /// that settles at once must not strand those behind it.
    private func startQueued(_ stack: Entity, tick: UInt64) {
        var next: NavigationRequest?
        repeat {
            next = nil
            navigation.stacks.update(stack) { state in
                if state.active == nil, !state.queue.isEmpty { next = state.queue.removeFirst() }
            }
            if let request = next { startNavigation(stack, request, interactive: false, tick: tick) }
        } while next != nil
    }

    private enum NavigationTarget { case animation, start }

    /// Animates both screens (and the progress view) to the end values or back to the start.
    private func animateNavigation(_ stack: Entity, towards target: NavigationTarget, with animation: Animation, tick: UInt64) {
        // Edited out of its row, not copied out and back.
        guard var state = navigation.checkOutActive(stack) else { return }
        let active = state.active!
        // A released zoom drag turned round by a request goes back to the zoom's own placement.
        state.active!.zoom?.released = nil
        func animate(_ screen: Entity, _ stages: ScreenStages) {
            guard let slot = views.slot(of: screen) else { return }
            // Only channels that move get a lane: a stage that sets a transform sets all its
            // numbers, but a slide moves one of them.
            var targets = StageValues()
            for (channel, value) in target == .animation ? stages.animation : World.startValues(stages)
            where views.value(channel, slot: slot) != value || views.lanes[slot * ViewChannel.stride + channel.rawValue] != ViewStore.noLane {
                targets.set(channel, value)
            }
            if !targets.isEmpty {
                tracks.start(animation, id: .internal, view: screen, slot: slot, targets: targets, tick: tick, step: clock.step,
                             tolerance: configuration.settleTolerance, views: &views, events: &events)
            }
        }
        animate(active.from, active.fromStages)
        animate(active.to, active.toStages)
        if let slot = views.slot(of: state.progressView) {
            state.active!.progress = tracks.start(animation, id: .internal, view: state.progressView, slot: slot,
                                                  targets: CollectionOfOne((ViewChannel.x, target == .animation ? 1 : 0)), tick: tick, step: clock.step,
                                                  tolerance: configuration.settleTolerance, views: &views, events: &events)
            state.noteActiveChanged()
        }
        navigation.checkIn(&state, for: stack)
    }

    /// Where each animated channel starts: its initial value if the transition sets one, else
    /// its value at rest.
    private static func startValues(_ stages: ScreenStages) -> StageValues {
        var start = StageValues()
        for (channel, _) in stages.animation {
            start.set(channel, stages.initial.value(of: channel) ?? stages.rest[NavigationStore.channels.firstIndex(of: channel)!])
        }
        return start
    }

    /// An interactive pop follows the finger: every animated channel at start + (end − start)·p,
    /// where p is the finger's pop progress, or 1 − it for a push the finger caught and runs back.
    func applyInteractivePop(_ stack: Entity, progress fingerProgress: Float) {
        guard let state = navigation.stacks.value(of: stack), let active = state.active, active.isInteractive else { return }
        let progress = active.fingerReversed ? 1 - fingerProgress : fingerProgress
        // A finger moves a screen every event: each screen is placed with one access to each
        // store, not three per channel (`setPresented`).
        if let slot = views.slot(of: active.from) {
            tracks.placeStages(from: World.startValues(active.fromStages), to: active.fromStages.animation, progress: progress,
                               slot: slot, views: &views, events: &events)
        }
        if let slot = views.slot(of: active.to) {
            tracks.placeStages(from: World.startValues(active.toStages), to: active.toStages.animation, progress: progress,
                               slot: slot, views: &views, events: &events)
        }
        if let slot = views.slotInPlace(of: state.progressView) { setPresented(.x, progress, slot: slot) }
    }

    /// Releases an interactive pop, finishing or cancelling it as decided at the call (where the
    /// projection and the screen's owner were updated). Only the rest of the motion runs, as in
    /// UIKit's percent-driven transition: a finish plays the remaining (1 − progress) of the
    /// animation's time at the release speed, a cancel the progress made at speed 1 (the
    /// original sets the speed only to finish). It keeps the transition's curve or spring, from
    /// the screens' values where the finger left them, and drops its delay: the motion is under
    /// way. With nothing left it completes in this tick. The decision is reported as it runs.
    ///
    /// A caught push runs backwards under the finger: finishing the pop turns it back to where
    /// it started (it completes as cancelled), cancelling the pop finishes the push.
    ///
    /// A drag on a zoomed screen (`ZoomHold`) is released by `releaseZoomDrag` instead, with the
    /// finger's `velocity` (zero for the host's call, which has only a speed along the pop).
    func endInteractivePop(_ decision: InteractivePopDecision, released: Bool, tick: UInt64, velocity: Point = .zero) {
        let stack = decision.stack, finish = decision.finishes
        guard let state = navigation.stacks.value(of: stack), let active = state.active, active.isInteractive else { return }
        let transitionProgress = Double(min(max(navigation.progress(of: stack, views: views), 0), 1))
        let progress = active.fingerReversed ? 1 - transitionProgress : transitionProgress
        let remaining = finish ? 1 - progress : progress
        let speed = decision.completionSpeed
        let towardsEnd = finish != active.fingerReversed
        events.append(.interactivePopDidEnd(decision, tick: tick))
        navigation.stacks.update(stack) { state in
            state.active!.isInteractive = false
            state.active!.isCancelling = !towardsEnd
            if released, let screen = active.interactiveScreen { state.active!.leaving.append(screen) }
            state.noteActiveChanged()
        }
        if active.zoom?.held != nil {
            releaseZoomDrag(stack, towardsEnd: towardsEnd, dismisses: finish, velocity: velocity, tick: tick)
            return
        }
        guard remaining > 0 else { return }
        // A sliver of the motion left would ask for an absurd speed: no faster than an animation
        // may be asked to run (`Animation.validate`), which still leaves a 0.35 s curve one tick.
        let rest = Animation(active.animation.motion).speed(min(active.animation.speed * speed / remaining, 1e6))
        animateNavigation(stack, towards: towardsEnd ? .animation : .start, with: rest, tick: tick)
    }

    // MARK: Turning round and catching

    /// The screens a request leaves behind if it turns the running transition round, or `nil`
    /// when it does not. A request turns it round when nothing is queued and what it asks for,
    /// applied to the end the transition is heading for, is the other end: a pop (or pop to
    /// root, or `setStack`) back to the screens a push started from, a push of the screen a pop
    /// is taking away. The screens it leaves are those its call released (the heading end's
    /// screens the other end lacks): the transition owes their drops.
    static func reversal(of request: NavigationRequest, _ active: ActiveNavigation, start: [Entity]) -> [Entity]? {
        let heading = active.isCancelling ? start : active.finalScreens
        let other = active.isCancelling ? active.finalScreens : start
        let matches: Bool
        switch request {
        case let .push(screen, _):
            matches = other.count == heading.count + 1 && other.last == screen && other.dropLast().elementsEqual(heading)
        case .pop:
            matches = heading.count > 1 && heading.dropLast().elementsEqual(other)
        case .popToRoot:
            matches = heading.count > 1 && other.count == 1 && other[0] == heading[0]
        case let .setStack(screens, _):
            matches = screens == other
        }
        guard matches, heading != other else { return nil }
        return heading.filter { !other.contains($0) }
    }

    /// The timing of a transition turned round: a spring, from the screens' presented values
    /// and velocities. A spring transition keeps its spring; a timing curve, which cannot start
    /// from a velocity, becomes the critically damped spring of its duration (SwiftUI's
    /// `.smooth(duration:)`, `Spring(duration:bounce: 0)`). The speed stays; the delay is not
    /// waited again.
    static func reversalAnimation(of animation: Animation) -> Animation {
        switch animation.motion {
        case let .spring(spring, _):
            return Animation(.spring(spring, initialVelocity: 0)).speed(animation.speed)
        case let .curve(_, duration):
            return Animation(.spring(Spring(duration: duration, bounce: 0), initialVelocity: 0)).speed(animation.speed)
        }
    }

    /// Turns the running transition of `stack` round, from the presented values and velocities.
    private func reverseNavigation(_ stack: Entity, owing owed: [Entity], tick: UInt64) {
        var animation = Animation.default, cancelling = false
        navigation.stacks.update(stack) { state in
            state.active!.isCancelling.toggle()
            state.active!.leaving.append(contentsOf: owed)
            animation = state.active!.animation
            cancelling = state.active!.isCancelling
        }
        animateNavigation(stack, towards: cancelling ? .start : .animation, with: World.reversalAnimation(of: animation), tick: tick)
    }

    /// The screen a finger popping now would take from the running transition of `state`, and
    /// whether that pop runs the transition backwards; `nil` when there is none to catch (the
    /// stack is at rest, a finger drives it already, requests wait behind it, or its two ends
    /// do not differ by their top screen alone, as a pop to root's).
    static func catchablePop(_ state: NavigationStackState) -> (screen: Entity, reversed: Bool)? {
        guard let active = state.active, !active.isInteractive, state.queue.isEmpty else { return nil }
        let start = state.screens, final = active.finalScreens
        if final.count == start.count + 1, final.dropLast().elementsEqual(start), final.last == active.to { return (active.to, true) }
        if start.count == final.count + 1, start.dropLast().elementsEqual(final), start.last == active.from { return (active.from, false) }
        return nil
    }

    /// A finger catches the running transition: its motion stops where it is presented, and
    /// the interactive pop that follows (its first update is staged with the catch) drives it.
    private func catchNavigation(_ stack: Entity, screen: Entity, reversed: Bool) {
        guard let state = navigation.stacks.value(of: stack), let active = state.active else { return }
        for entity in [active.from, active.to] {
            guard let slot = views.slot(of: entity) else { continue }
            for channel in NavigationStore.channels { tracks.stop(channel, slot: slot, views: &views, events: &events) }
        }
        if let slot = views.slot(of: state.progressView) {
            tracks.stop(.x, slot: slot, views: &views, events: &events)
            // A released zoom drag runs its release on the y channel.
            if active.zoom?.released != nil { tracks.stop(.y, slot: slot, views: &views, events: &events) }
        }
        navigation.stacks.update(stack) { state in
            state.active!.isInteractive = true
            state.active!.isCancelling = false
            state.active!.fingerReversed = reversed
            state.active!.interactiveScreen = screen
            state.active!.progress = nil
            state.noteActiveChanged()
        }
    }

    /// At the `finish` point: a transition whose progress has settled completes; the next queued request starts.
    func runNavigationFinish(tick: UInt64) {
        guard navigation.stacks.count > 0 else { return }
        // Read each stack's `finishWatch` in place: copying a stack's state (its screens, its
        // stages) for every stack every tick was most of this loop's cost, and reading the
        // fields of `active` an out-of-line call each.
        var finished: [Entity] = []
        swap(&finished, &navigation.finished)
        finished.removeAll(keepingCapacity: true)
        navigation.stacks.values.withUnsafeBufferPointer { states in
            for row in states.indices {
                let watch = states[row].finishWatch
                guard watch.running else { continue }
                if let progress = watch.progress, tracks.completionTicks(progress) != nil { continue }
                finished.append(navigation.stacks.entities[row], bound: states.count)
            }
        }
        for stack in finished { completeNavigation(stack, tick: tick) }
        swap(&finished, &navigation.finished)
    }

    private func completeNavigation(_ stack: Entity, tick: UInt64) {
        guard var state = navigation.checkOutActive(stack) else { return }
        let active = state.active!
        func stop(_ screen: Entity) {
            guard let slot = views.slot(of: screen) else { return }
            for channel in NavigationStore.channels { tracks.stop(channel, slot: slot, views: &views, events: &events) }
            views.setZIndex(0, slot: slot)
        }
        stop(active.from)
        stop(active.to)
        if let zoom = active.zoom { endZoom(zoom, rest: zoom.screen == active.to ? active.toStages.rest : active.fromStages.rest) }
        // Every release this transition settles is dropped, whichever end it reached.
        for screen in active.leaving { navigation.dropped(screen, from: stack) }
        if active.isCancelling {
            restore(active.fromStages, screen: active.from)
            restore(active.toStages, screen: active.to)
            state.spareScreens = active.finalScreens
        } else {
            if let slot = views.slot(of: active.to) {
                for (channel, value) in active.toStages.animation { setPresented(channel, value, slot: slot) }
                for (channel, value) in active.toStages.completion { setPresented(channel, value, slot: slot) }
            }
            restore(active.fromStages, screen: active.from)
            // The list replaced is the storage of the next transition's list.
            state.spareScreens = state.screens
            state.screens = active.finalScreens
        }
        state.spareLeaving = active.leaving
        state.active = nil
        state.noteActiveChanged()
        // A drag on the top screen pops it with the zoom that pushed it.
        if let zoom = active.zoom, zoom.grows, !active.isCancelling {
            state.zoomedTop = ZoomedTop(screen: zoom.screen, source: zoom.source, options: zoom.options, animation: active.animation)
        } else if state.zoomedTop?.screen != state.screens.last {
            state.zoomedTop = nil
        }
        navigation.checkIn(&state, for: stack)
        showOnlyTop(of: stack)
        release(active.leaving, from: stack)
        events.append(.navigationDidComplete(NavigationEvent(stack: stack, operation: active.operation, from: active.from, to: active.to,
                                                             wasCancelled: active.isCancelling, tick: tick)))
        startQueued(stack, tick: tick + 1)
    }

    // MARK: Zoom

    /// A zoom starts on `screen` (in `slot`): it records what it changes, clips the screen,
    /// hides the source and makes the dimming view, a child of the stack filling it, drawn
    /// between the two screens (the zooming screen's z index is 2, the dimming view's 1).
    private func startZoom(source: Entity, options: ZoomOptions, screen: Entity, slot: Int, grows: Bool,
                           stackSlot: Int, bounds: Rect) -> NavigationZoom {
        let sourceSlot = views.slot(of: source)
        let hides = sourceSlot.map { views.hiddenBy[$0] & HiddenReason.navigation.rawValue == 0 } ?? false
        var zoom = NavigationZoom(source: source, screen: screen, grows: grows, options: options,
                                  restRadius: views.value(.cornerRadius, slot: slot), restClips: views.styles[slot].clipsToBounds,
                                  restShadow: views.value(.shadowRadius, slot: slot), hidesSource: hides)
        zoom.restFrame = views.frame(slot: slot)
        zoom.restOffset = views.contentOffset(slot: slot)
        zoom.crop = Rect(x: 0, y: 0, width: zoom.restFrame.width, height: zoom.restFrame.height)
        zoom.crops = scrollViews.index.row(of: screen) == nil
        views.setClipsToBounds(true, slot: slot)
        if hides, let sourceSlot { views.setHidden(true, by: .navigation, slot: sourceSlot) }
        if options.dimmingOpacity > 0, let entity = allocator.allocate(ownedByPortal: true) {
            views.insert(entity, frame: bounds, cornerRadius: 0, opacity: 0, role: .view)
            let dimmingSlot = views.slot(of: entity)!
            views.setParent(stackSlot, of: dimmingSlot)
            views.styles[dimmingSlot].allowsHitTesting = false
            views.setZIndex(1, slot: dimmingSlot)
            views.setZIndex(2, slot: slot)
            zoom.dimming = entity
        }
        navigation.zooms += 1
        return zoom
    }

    /// Placement point: each running zoom places its screen between the source as drawn now
    /// (in the stack's space) and the stack's bounds, by the transition's progress, scaled
    /// uniformly about its alignment rect (the rule is ``NavigationTransition/zoom(source:options:)``'s),
    /// and sets its dimming view's opacity. The stores are passed in once for the whole pass
    /// (`NavigationStore.placeZooms`): read through the world, every view read copied the view
    /// store and every write paid three checked accesses, per zoom.
    func runNavigationZoom() {
        guard navigation.zooms > 0 else { return }
        navigation.placeZooms(views: &views, tracks: &tracks, events: &events)
    }

    /// Where a zooming screen filling `bounds` is drawn at zoom progress `z` (0 at the source,
    /// 1 at rest): scale s = s₀ + (1 − s₀)·z with s₀ = source.width ÷ alignment.width, and the
    /// translation (about the screen's centre, as the view's transform applies) that puts the
    /// alignment rect's centre at source.mid + (alignment.mid − source.mid)·z.
    static func zoomPlacement(source: Rect, alignment: Rect, bounds: Rect, z: Float) -> (translation: Point, scale: Float) {
        // Held to ±1e9 (`Rect.maxMagnitude`): over a subnormal width the quotient overflows.
        let s0 = alignment.width > 0 ? min(source.width / alignment.width, Rect.maxMagnitude) : 1
        let s = s0 + (1 - s0) * z
        let cx = source.midX + (alignment.midX - source.midX) * z, cy = source.midY + (alignment.midY - source.midY) * z
        return (Point(x: cx - bounds.midX - s * (alignment.midX - bounds.midX), y: cy - bounds.midY - s * (alignment.midY - bounds.midY)), s)
    }

    /// The zooming screen's shadow radius as drawn at progress `z` (clamped to 0…1):
    /// `peak`·4z(1 − z) + `rest`·z — none at the source end, where the screen stands for the
    /// source, `peak` (``ZoomOptions/shadowRadius``) halfway, the screen's own at rest — so the
    /// shadow fades in as the screen leaves the source and out as it lands, with no jump at
    /// either end (UIKit's zoom lifts the screen off the source and settles it the same way).
    static func zoomShadow(_ peak: Float, rest: Float, z: Float) -> Float {
        let z = min(max(z, 0), 1)
        return peak * 4 * z * (1 - z) + rest * z
    }

    /// The zooming screen's crop at progress `z` (clamped to 0…1), in the screen's own space:
    /// C = alignment + (full − alignment)·z², each of x, y, width and height — the alignment rect
    /// at the source end, the whole screen (`full`) at rest; exactly `full` when the alignment
    /// rect is the whole screen. The crop grows with z², not z: near the source end, where a
    /// spring's tail lingers for tenths of a second, the screen around the photo would show past
    /// it by (full − alignment)·z drawn at the source's scale — a strip of the screen under the
    /// photo, the photo's rounded corners cut square (1–3 pt for 26 ticks of the demo's
    /// landing); by z² it is under half a point once the screen is within 2 % of the source.
    static func zoomCrop(alignment: Rect, full: Rect, z: Float) -> Rect {
        let z = min(max(z, 0), 1)
        return cropMix(alignment, full, z * z)
    }

    /// `a + (b − a)·w`, each of x, y, width and height.
    static func cropMix(_ a: Rect, _ b: Rect, _ w: Float) -> Rect {
        func mix(_ a: Float, _ b: Float) -> Float { a + (b - a) * w }
        return Rect(x: mix(a.minX, b.minX), y: mix(a.minY, b.minY), width: mix(a.width, b.width), height: mix(a.height, b.height))
    }

    /// The translation about the centre of `crop` that draws the screen where `translation`
    /// about the centre of the whole screen (`full`) draws it at `scale`: a point p is drawn at
    /// mid + s·(p − mid) + t for either centre, so t_C = t + (1 − s)·(full.mid − C.mid)
    /// (= T.mid − C.mid − s·(A.mid − C.mid) for the zoom's placement). Unchanged when uncropped.
    static func croppedTranslation(_ translation: Point, scale: Float, crop: Rect, full: Rect) -> Point {
        guard crop != full else { return translation }
        let k = 1 - scale
        return Point(x: translation.x + k * (full.midX - crop.midX), y: translation.y + k * (full.midY - crop.midY))
    }

    /// A zoom ends (completed either way, or its stack removed): the source shows again, the
    /// screen gets its translation and scale at rest (`rest`, in the order of
    /// `NavigationStore.channels`), its frame, content offset, corner radius, shadow radius and
    /// clip flag back, and the dimming view goes.
    private func endZoom(_ zoom: NavigationZoom, rest: SIMD8<Float>) {
        navigation.zooms -= 1
        if zoom.hidesSource, let slot = views.slot(of: zoom.source) { views.setHidden(false, by: .navigation, slot: slot) }
        if let slot = views.slot(of: zoom.screen) {
            for (i, channel) in NavigationStore.channels.enumerated() {
                switch channel {
                case .translationX, .translationY, .scaleX, .scaleY: setPresented(channel, rest[i], slot: slot)
                default: continue
                }
            }
            let full = Rect(x: 0, y: 0, width: zoom.restFrame.width, height: zoom.restFrame.height)
            if zoom.crop != full { NavigationStore.placeCrop(full, zoom: zoom, slot: slot, views: &views, tracks: &tracks, events: &events) }
            setPresented(.cornerRadius, zoom.restRadius, slot: slot)
            setPresented(.shadowRadius, zoom.restShadow, slot: slot)
            views.setClipsToBounds(zoom.restClips, slot: slot)
        }
        if let dimming = zoom.dimming { remove(dimming) }
    }

    /// The transition a pop given none uses for `screen`: the one it was pushed with (validated
    /// then), or ``NavigationTransition/slide`` when it was not pushed (a root, a screen placed
    /// by `setStack`) or when it was pushed with a zoom whose source is no longer a live view
    /// of the app (nothing is left to zoom back into).
    func pushTransition(of screen: Entity) -> NavigationTransition {
        guard let pushed = navigation.pushedWith.value(of: screen) else { return .slide }
        do { try requireZoomSource(pushed) } catch { return .slide }
        return pushed
    }

    /// Refuses a zoom whose source is not a live view of the app.
    func requireZoomSource(_ transition: NavigationTransition) throws(PortalError) {
        if let zoom = transition.node.zoom(for: .push) { try requireAppView(zoom.source) }
        if let zoom = transition.node.zoom(for: .pop) { try requireAppView(zoom.source) }
    }

    /// Makes `screen` a child of the stack in `stackSlot` filling `bounds`, if it is not already.
    ///
    /// A popup's content (presented, or scaling out) stays a root in the overlay band until it
    /// leaves, as with any reparenting (`applySetParent`): the stack becomes the home it returns
    /// to, and lays it out then (`removePopup`). Reparenting it here would draw an overlay-band
    /// view inside the stack's subtree while the tree and the band order say it is a root.
    private func adopt(_ screen: Entity, stackSlot: Int, bounds: Rect) {
        guard let slot = views.slot(of: screen), !redirectPopupParent(views.entities[stackSlot], of: screen) else { return }
        if views.parent(slot: slot) != stackSlot { views.setParent(stackSlot, of: slot) }
        if views.frame(slot: slot) != bounds {
            setPresented(.x, bounds.minX, slot: slot)
            setPresented(.y, bounds.minY, slot: slot)
            setPresented(.width, bounds.width, slot: slot)
            setPresented(.height, bounds.height, slot: slot)
        }
    }

    /// Screens that have left the stack (not back in its list): root views again, keeping their
    /// frames, hidden by navigation until a stack takes them.
    private func release(_ screens: [Entity], from stack: Entity) {
        guard let state = navigation.stacks.value(of: stack), let stackSlot = views.slot(of: stack) else { return }
        for screen in screens where !state.screens.contains(screen) && !state.queue.contains(where: { $0.names(screen) }) {
            guard let slot = views.slot(of: screen) else { continue }
            views.setHidden(true, by: .navigation, slot: slot)
            if views.parent(slot: slot) == stackSlot && stagedParents[screen] == nil { views.setParent(nil, of: slot) }
            // A popup's content returns to no stack it has left.
            if stagedParents[screen] == nil, popups.states.value(of: screen)?.home == stack { _ = redirectPopupParent(nil, of: screen) }
        }
    }

    /// Shows the top screen and hides the others (navigation's own hidden bit only).
    private func showOnlyTop(of stack: Entity) {
        guard let state = navigation.stacks.value(of: stack) else { return }
        for (i, screen) in state.screens.enumerated() {
            if let slot = views.slot(of: screen) { views.setHidden(i != state.screens.count - 1, by: .navigation, slot: slot) }
        }
    }

    /// Returns a screen exactly to its values from before the transition.
    private func restore(_ stages: ScreenStages, screen: Entity) {
        guard let slot = views.slot(of: screen) else { return }
        for (i, channel) in NavigationStore.channels.enumerated() { setPresented(channel, stages.rest[i], slot: slot) }
    }

    /// The channel values of a transient view's three stages, and the screen's values at rest.
    /// Stage values come from user code (custom transitions): a NaN or out-of-range number is
    /// ignored as if unset, and opacity is clamped into 0…1, so nothing invalid reaches a view;
    /// a 3D rotation whose axis or perspective is not finite (within ±1e9) is dropped whole.
    private func stages(of view: TransientView, slot: Int) -> ScreenStages {
        func values(_ p: TransientView.Properties) -> StageValues {
            var result = StageValues()
            func add(_ channel: ViewChannel, _ value: Float) {
                guard Rect.isSane(value) else { return }
                result.set(channel, channel == .opacity ? min(max(value, 0), 1) : value)
            }
            if let opacity = p.opacity { add(.opacity, opacity) }
            if let transform = p.transform {
                let t = transform.resolved()
                add(.translationX, t.translation.x)
                add(.translationY, t.translation.y)
                add(.scaleX, t.scaleX)
                add(.scaleY, t.scaleY)
                add(.rotation, t.rotation.radians)
                if t.rotation3D.isSane { add(.rotation3DAngle, t.rotation3D.angle.radians) }
            }
            if let z = p.zPosition { add(.zPosition, z) }
            return result
        }
        func shownRotation(_ p: TransientView.Properties) -> Rotation3D? {
            guard let r = p.transform?.rotation3D, r.angle.radians != 0, r.isSane else { return nil }
            return r
        }
        let rotated = shownRotation(view.initial) ?? shownRotation(view.animation)
        var rest = SIMD8<Float>()
        for (i, channel) in NavigationStore.channels.enumerated() { rest[i] = views.value(channel, slot: slot) }
        return ScreenStages(rest: rest,
                            initial: values(view.initial), animation: values(view.animation), completion: values(view.completion),
                            rotationAxis: rotated)
    }

    /// The navigation's removal hook: a stack takes its progress view with it and frees every
    /// screen it held; a screen leaves the owner tables. A screen already released (popped, or
    /// replaced by `setStack`) that its stack still shows while the request that releases it runs
    /// keeps its place until that request completes, so later requests still mean what they said;
    /// `screens(of:)` lists only live screens.
    func removeFromNavigation(_ entity: Entity) {
        navigation.pushedWith.remove(entity)
        if let state = navigation.stacks.remove(entity) {
            remove(state.progressView)
            navigation.projections.remove(entity)
            func free(_ screen: Entity) {
                navigation.owners.remove(screen)
                navigation.pushedWith.remove(screen)
                if navigation.leaving.value(of: screen)?.stack == entity { navigation.leaving.remove(screen) }
                if let slot = views.slot(of: screen) { views.setHidden(false, by: .navigation, slot: slot) }
            }
            for screen in state.screens { free(screen) }
            if let active = state.active, let zoom = active.zoom {
                endZoom(zoom, rest: zoom.screen == active.to ? active.toStages.rest : active.fromStages.rest)
            }
            if let active = state.active {
                free(active.from)
                free(active.to)
                for screen in active.finalScreens { free(screen) }
            }
            for request in state.queue { request.forEachScreen(free) }
        }
        navigation.owners.remove(entity)
        navigation.leaving.remove(entity)
    }
}

extension TrackStore {
    /// `place` for the six channels a zoom sets on its screen each tick, in the order it set
    /// them one by one, with the view noted once rather than once per channel.
    @inline(__always)
    mutating func placeZoomed(slot: Int, translation: Point, scale: Float, cornerRadius: Float, shadowRadius: Float,
                              views: inout ViewStore, events: inout [WorldEvent]) {
        stop(.translationX, slot: slot, views: &views, events: &events)
        stop(.translationY, slot: slot, views: &views, events: &events)
        stop(.scaleX, slot: slot, views: &views, events: &events)
        stop(.scaleY, slot: slot, views: &views, events: &events)
        stop(.cornerRadius, slot: slot, views: &views, events: &events)
        stop(.shadowRadius, slot: slot, views: &views, events: &events)
        views.noteGeometryWrite(slot: slot)
        let b = slot * ViewChannel.stride
        views.values.withUnsafeMutableBufferPointer(noting: slot) { v in
            v[b + ViewChannel.translationX.rawValue] = translation.x
            v[b + ViewChannel.translationY.rawValue] = translation.y
            v[b + ViewChannel.scaleX.rawValue] = scale
            v[b + ViewChannel.scaleY.rawValue] = scale
            v[b + ViewChannel.cornerRadius.rawValue] = cornerRadius
            v[b + ViewChannel.shadowRadius.rawValue] = shadowRadius
        }
    }
}

extension TrackStore {
    /// Places each channel of `end` in the view in `slot` at `start + (end − start)·progress`,
    /// in `end`'s order, as `World.setPresented` does one channel (an interactive pop's screen).
    mutating func placeStages(from start: StageValues, to end: StageValues, progress: Float, slot: Int,
                              views: inout ViewStore, events: inout [WorldEvent]) {
        for (s, e) in zip(start, end) { place(e.0, s.1 + (e.1 - s.1) * progress, slot: slot, views: &views, events: &events) }
    }
}

// A navigation stack's part in touch ownership (the contract is `Input/Pan.swift`): the
// interactive pop driven by a pointer, as UIKit's `interactivePopGestureRecognizer` drives it.
//
// A stack with a screen to pop is a candidate while it is at rest, and while it follows an
// interactive pop (so the pop it owns keeps it a candidate to the end). It claims a horizontal
// pan moving towards the trailing side (rightwards: the layout is left to right) whose press
// was inside the stack — in its leading strip for `InteractivePopStart.edge(width:)` (UIKit's
// screen-edge pan, 20 pt by default), anywhere for `.anywhere` (swiftui-navigation-transitions
// 0.19's `contentPan`, iOS 26's content swipe) — when no transition runs or waits and no
// interactive pop follows another driver. Its rule is the same in both rounds of the offer (a
// stack has no rubber band: what it declines first it declines again).
//
// Its updates are the host's three calls, made at the tick by the pointer: `.began` starts the
// pop (a `.slide`, the default of `pop`) as `beginInteractivePop` stages it; `.changed` moves it
// to translation ÷ width, clamped to 0…1, as `updateInteractivePop`; `.ended` decides with
// `World.interactivePopDecision` (finish when the velocity is above 675 pt/s, or the progress
// is at least 0.2 and the velocity above −200 pt/s) and releases as `endInteractivePop`;
// `.cancelled` releases as a cancel. The projection is kept as those calls keep it, so the
// host's calls see the pop in progress (`pop` is refused meanwhile).

extension NavigationFeature {
    /// Registers the stack's pan handler.
    static func registerPanHandler(in features: inout FeatureRegistry) {
        features.addPanHandler(isCandidate: { world, view in world.stackIsPanCandidate(view) },
                               pressed: { _, _, _ in false },
                               claims: { world, view, offer in world.stackClaimsPan(view, offer) },
                               update: { world, view, update, tick in world.stackFollowsPan(view, update, tick: tick) })
    }
}

extension World {
    /// Whether `view` is a stack with a screen to pop, at rest or following an interactive pop,
    /// or running a zoom a drag may catch.
    func stackIsPanCandidate(_ view: Entity) -> Bool {
        guard let row = navigation.stacks.index.row(of: view) else { return false }
        let state = navigation.stacks.values[row]
        // Following a finger (a caught push's list may still hold one screen), or a zoom to drag.
        if state.active?.isInteractive == true || World.zoomDragStyle(of: state) != nil { return true }
        guard state.screens.count > 1 else { return false }
        if state.active != nil { return state.active?.isInteractive == true }
        return state.queue.isEmpty
    }

    /// Whether the stack takes the pan `offer`: rightwards, horizontal, from where its
    /// interactive pop may start, with nothing running, waiting or following (the edge swipe);
    /// or, failing that, a drag on its zoomed screen (`zoomDragStyle`): any direction, or one
    /// starting downwards for a style that dismisses downwards.
    func stackClaimsPan(_ stack: Entity, _ offer: PanOffer) -> Bool {
        guard let row = navigation.stacks.index.row(of: stack), let projectionRow = navigation.projections.index.row(of: stack),
              navigation.projections.values[projectionRow].interactivePop == nil,
              !commands.contains(where: { if case let .navigation(.navigate(s, _, _)) = $0 { return s == stack } else { return false } }),
              let local = localPoint(offer.start, inStack: stack) else { return false }
        let state = navigation.stacks.values[row]
        var edgeSwipe = offer.axis == .horizontal && offer.translation.x > 0 && state.active == nil && state.queue.isEmpty
            && navigation.projections.values[projectionRow].screens.count > 1
        if case let .edge(width) = state.interactiveStart, local.x >= width { edgeSwipe = false }
        if edgeSwipe { return true }
        guard let style = World.zoomDragStyle(of: state) else { return false }
        if style.direction == .down, !(offer.axis == .vertical && offer.translation.y > 0) { return false }
        navigation.projections.values[projectionRow].zoomDragClaimed = true
        return true
    }

    /// The owner's side of the pan: the interactive pop follows it, or the zoomed screen does.
    func stackFollowsPan(_ stack: Entity, _ update: PanUpdate, tick: UInt64) {
        guard let row = navigation.projections.index.row(of: stack) else { return }
        switch update.phase {
        case .began:
            guard navigation.projections.values[row].interactivePop == nil else { return }
            if navigation.projections.values[row].zoomDragClaimed {
                navigation.projections.values[row].zoomDragClaimed = false
                beginZoomDrag(stack, tick: tick)
                return
            }
            guard let top = navigation.projections.values[row].screens.last else { return }
            navigation.projections.values[row].interactivePop = (top, 0, 0)
            applyNavigation(stack, .pop(.slide), interactive: true, tick: tick)
        case .changed, .ended, .cancelled:
            guard navigation.projections.values[row].interactivePop != nil else { return }   // the host ended it
            if navigation.stacks.value(of: stack)?.active?.zoom?.held != nil {
                followZoomDrag(stack, translation: update.translation)
                guard update.phase != .changed else { return }
                let dismisses = update.phase == .ended && zoomDragDismisses(stack, translation: update.translation, velocity: update.velocity)
                guard let (decision, released) = settleInteractivePop(stack, velocity: 0, finishes: dismisses) else { return }
                endInteractivePop(decision, released: released, tick: tick, velocity: update.phase == .ended ? update.velocity : .zero)
                return
            }
            let width = views.slot(of: stack).map { views.frame(slot: $0).width } ?? 0
            let progress = width > 0 ? min(max(update.translation.x / width, 0), 1) : 1
            navigation.projections.values[row].interactivePop!.progress = progress
            applyInteractivePop(stack, progress: progress)
            guard update.phase != .changed else { return }
            releaseInteractivePop(stack, velocity: update.phase == .ended ? update.velocity.x : nil, tick: tick)
        }
    }

    /// Releases the stack's interactive pop as ``endInteractivePop(_:velocity:)`` does — the
    /// decision from the progress and `velocity`, or a cancel when `velocity` is `nil` — and
    /// applies it at once.
    private func releaseInteractivePop(_ stack: Entity, velocity: Float?, tick: UInt64) {
        guard let (decision, released) = settleInteractivePop(stack, velocity: velocity) else { return }
        endInteractivePop(decision, released: released, tick: tick)
    }
}

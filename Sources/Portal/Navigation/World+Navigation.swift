// The navigation API: stacks of screens, pushed and popped with NavigationTransitions, one
// transition at a time — a request back to where it started turns it round, the rest queue;
// interactive pop driven by the host's gesture, which can catch a running push or pop.
// The table is `NavigationStore.swift`, the calls `NavigationCalls.swift`, the systems
// `NavigationSystems.swift`.

extension World {
    // MARK: Stacks

    /// Creates a navigation stack showing `root`, in `frame`.
    ///
    /// The stack is a container view (a root view, `frame` in screen space; move it into a tree
    /// with ``setParent(_:of:keepingGlobalFrame:)`` like any view) that clips its content
    /// (``setClipsToBounds(_:of:)``, on by default here), so stacks side by side never overlap.
    /// Its screens are its children: as UINavigationController lays out its screens, a screen
    /// that joins (the root at the next tick; a pushed screen, or one named by
    /// ``setStack(_:screens:transition:)``, when its request runs) is laid out to fill the stack,
    /// frame (0, 0, width, height) in the stack's space — and every screen of the stack again
    /// at each request it runs, so a resized stack lays its screens out anew at its next push or
    /// pop — and its content follows it through every transition. A screen that leaves (its pop, or the `setStack` that dropped it, has
    /// run) becomes a root view again, keeping that frame and hidden by the stack (as a view
    /// removed from its window) until a stack takes it again. Despawning the stack despawns its
    /// screens with it (its subtree).
    ///
    /// - Parameters:
    ///   - frame: the stack's frame, in its parent's space (screen space for a root view).
    ///   - root: the view shown first, the bottom of the stack; it becomes the stack's child.
    ///   - interactivePopStart: where ``beginInteractivePop(_:at:transition:)`` may
    ///     start: a strip along the leading edge (20 pt, the default) or anywhere.
    public func spawnNavigationStack(frame: Rect, root: Entity,
                                     interactivePopStart: InteractivePopStart = .edge(width: 20)) throws(PortalError) -> Entity {
        try submit(SpawnNavigationStackCall(frame: frame, root: root, interactivePopStart: interactivePopStart))
    }

    /// Creates a screen for a later push onto `stack`: a view that fills the stack (frame (0, 0,
    /// its width, its height), as the stack lays its screens out) and is not drawn, nor hit,
    /// until a stack shows it — as a view controller's view is not in the window until it is
    /// pushed.
    ///
    /// Build the screen's content under it (``spawnView(frame:cornerRadius:opacity:in:)``)
    /// at any time; ``push(_:onto:transition:)`` (or ``setStack(_:screens:transition:)``)
    /// shows it when its request runs. It is in the state of a popped screen: a root view hidden
    /// by navigation, which ``setHidden(_:of:)`` does not show, and which any stack can take.
    ///
    /// A view made with ``spawnView(frame:cornerRadius:opacity:)`` is drawn from the next tick,
    /// as every root view is: pushed later, it is drawn over the app until then.
    ///
    /// - Parameters:
    ///   - stack: the stack whose size the screen takes (at the call: a resized stack lays its
    ///     screens out again when their request runs).
    ///   - cornerRadius: the screen's corner radius.
    /// - Throws: ``PortalError/notANavigationStack(_:)`` when `stack` is not one; the errors of
    ///   ``spawnView(frame:cornerRadius:opacity:)`` for the radius.
    public func spawnScreen(for stack: Entity, cornerRadius: Float = 0) throws(PortalError) -> Entity {
        try submit(SpawnScreenCall(stack: stack, cornerRadius: cornerRadius))
    }

    /// Pushes `screen` onto `stack` with `transition` (and its animation), at the next tick —
    /// or, if a transition is running, after it and any queued before, in order. A push of the
    /// screen a running pop is taking away, with nothing queued, turns that pop round instead
    /// (see ``pop(_:transition:)``).
    /// Pushing shows a screen the app hid (``setHidden(_:of:)``), as
    /// ``presentPopup(_:from:width:height:animation:backdrop:)`` shows hidden content.
    ///
    /// A stack owns what its transitions animate on the two screens — opacity, translation,
    /// scale, rotation, 3D rotation, z position — and their z indices: while a transition runs
    /// the screen in front has z index 1 and the other 0, and when it ends both are set to 0
    /// and the animated values to where the transition leaves them (their resting values for
    /// the built-in transitions), whatever the app set before. The same holds for pops and
    /// ``setStack(_:screens:transition:)``.
    ///
    /// Portal's own views (layers, backdrops), which Portal removes on its own schedule, are
    /// refused with ``PortalError/portalLayer(_:)`` or ``PortalError/portalOwned(_:)``.
    ///
    /// Make a screen ahead of its push with ``spawnScreen(for:cornerRadius:)``: it is not drawn
    /// until the push shows it. (A root view from ``spawnView(frame:cornerRadius:opacity:)``
    /// is drawn until it is pushed.)
    public func push(_ screen: Entity, onto stack: Entity, transition: NavigationTransition = .slide) throws(PortalError) {
        try submit(PushCall(screen: screen, stack: stack, transition: transition))
    }

    /// Pops the top screen of `stack` with `transition` — or, when none is given (`nil`, the
    /// default), with the transition that screen was pushed with, as UIKit's back button undoes
    /// a push: a screen pushed with ``NavigationTransition/zoom(source:options:)`` zooms back
    /// into its source, one pushed with a fade fades, a custom transition runs again (its
    /// handler with the pop operation), each with the animation it was pushed with. A screen
    /// that was not pushed (the root, or one placed by ``setStack(_:screens:transition:)``)
    /// pops with ``NavigationTransition/slide``, and so does one pushed with a zoom whose source
    /// has been despawned since (nothing is left to zoom back into). The transition is looked
    /// up when the call is made, from the calls so far (a push staged in the same frame counts).
    ///
    /// Made while a push runs with nothing queued behind it, the pop turns the push round from
    /// where it is, keeping the screens' velocity, instead of waiting for it: the screens head
    /// back with the push's spring — or, for a timing curve, the critically damped spring of
    /// its duration (`Spring(duration:bounce: 0)`) — and `transition` is not used. The push then
    /// completes once, reported as cancelled (``NavigationEvent/wasCancelled``); no pop starts.
    /// The same holds for any request whose result is the screens the running transition
    /// started from (``popToRoot(_:transition:)``, ``setStack(_:screens:transition:)``, a push
    /// of the screen a pop takes away, a request turning it round again); every other request
    /// queues.
    ///
    /// - Throws: ``PortalError/cannotPopRoot(_:)`` when only the root would be left to pop,
    ///   counting the calls made so far (pushes, pops and ``setStack(_:screens:transition:)``
    ///   not yet run); ``screens(of:)``, which lists the screens as of the last tick, can
    ///   differ meanwhile.
    public func pop(_ stack: Entity, transition: NavigationTransition? = nil) throws(PortalError) {
        try submit(PopCall(stack: stack, transition: transition))
    }

    /// Pops every screen above the root with one transition from the top screen to the root.
    /// Made while a push from the root alone runs, it turns the push round, as ``pop(_:transition:)``.
    public func popToRoot(_ stack: Entity, transition: NavigationTransition = .slide) throws(PortalError) {
        try submit(PopToRootCall(stack: stack, transition: transition))
    }

    /// Replaces the stack's screens. The change animates from the current top to the new top:
    /// as a pop when the new top was already below it, else as a push. Given the screens a
    /// running transition started from, it turns that transition round, as ``pop(_:transition:)``.
    public func setStack(_ stack: Entity, screens: [Entity], transition: NavigationTransition = .slide) throws(PortalError) {
        try submit(SetStackCall(stack: stack, screens: screens, transition: transition))
    }

    /// The live screens of `stack`, root first, as of the last tick.
    ///
    /// A screen despawned while a transition that releases it runs keeps its place in the
    /// stack's bookkeeping until that transition ends (so later pops still mean what they said),
    /// but it is dead to every call, so it is not listed. So the list can be empty for a whole
    /// transition: a root replaced with ``setStack(_:screens:transition:)`` and despawned while
    /// the change animates leaves none listed until the new screens are, as it ends.
    public func screens(of stack: Entity) throws(PortalError) -> [Entity] {
        _ = try requireStack(stack)
        return navigation.stacks.value(of: stack)!.screens.filter { allocator.isUsable($0) }
    }

    /// The progress of the running transition, 0…1 — the fraction of the way from the screen it
    /// leaves to the screen it shows — or `nil` when the stack is at rest.
    ///
    /// Never outside 0…1: where a spring overshoots its end (a bouncy push, a zoom's drag
    /// released with a flick) the screens overshoot, and the progress stays at the end it passed.
    /// A zoom's drag to dismiss is a pop: while the finger holds the screen, the progress is the
    /// drag's fraction (``DragDismissStyle``); after the release it runs from there to 1 (dismissed)
    /// or back to 0 (cancelled) by the release spring, which starts at the finger's speed and may
    /// pass its end by far (−2.2 … 2.9 for a 10 s curve flicked) — that is kept to 0…1.
    public func navigationProgress(of stack: Entity) throws(PortalError) -> Float? {
        _ = try requireStack(stack)
        guard navigation.stacks.value(of: stack)!.active != nil else { return nil }
        return min(max(navigation.progress(of: stack, views: views), 0), 1)
    }

    /// The dimming view of the zoom the stack runs (``NavigationTransition/zoom(source:options:)``),
    /// or `nil` when no zoom runs or its options ask for none: a view Portal makes and removes
    /// as the zoom ends, a child of the stack filling it, drawn between the two screens, whose
    /// presented opacity is ``ZoomOptions/dimmingOpacity`` × the zoom's progress. The render
    /// list carries no colours: paint it with the dimming colour (UIKit's is black).
    public func zoomDimmingView(of stack: Entity) throws(PortalError) -> Entity? {
        _ = try requireStack(stack)
        return navigation.stacks.value(of: stack)!.active?.zoom?.dimming
    }

    // MARK: Interactive pop

    /// Starts an interactive pop at `point` (where the finger went down), if the stack allows a
    /// start there; returns whether it started. The pop follows
    /// ``updateInteractivePop(_:translation:)`` until ``endInteractivePop(_:velocity:)``.
    ///
    /// During a running push or pop (turned round or not, with nothing queued behind it and no
    /// request staged for the stack) the finger *catches* it: the motion stops where it is
    /// presented and the finger takes over from there — the pop's progress starts at the
    /// presented progress (1 − the push's progress for a push, which the pop runs backwards),
    /// and `transition` is not used. A popped screen caught on its way out is in the stack again
    /// until the release decides. Releasing a caught push to finish the pop turns it back (it
    /// completes as cancelled); releasing it to cancel finishes the push. Any other running
    /// transition (a pop to root past one screen, a `setStack`) cannot be caught: the call
    /// returns `false`.
    ///
    /// - Throws: ``PortalError/cannotPopRoot(_:)`` on a root-only stack (one whose running pop
    ///   can be caught is not); NaN points are refused.
    @discardableResult
    public func beginInteractivePop(_ stack: Entity, at point: Point, transition: NavigationTransition = .slide) throws(PortalError) -> Bool {
        try submit(BeginInteractivePopCall(stack: stack, point: point, transition: transition))
    }

    /// Moves an interactive pop: progress = `translation` ÷ the stack's width, clamped to 0…1 —
    /// added to the progress it caught, for a pop that caught a running transition.
    public func updateInteractivePop(_ stack: Entity, translation: Float) throws(PortalError) {
        try submit(UpdateInteractivePopCall(stack: stack, translation: translation))
    }

    /// Releases an interactive pop with a horizontal `velocity` (points per second): it finishes
    /// when the velocity is above 675, or the progress is at least 0.2 and the velocity above
    /// −200; otherwise it cancels and both screens return exactly to rest. Only the rest of the
    /// motion runs, as UIKit's percent-driven transition does: a finish plays the remaining
    /// (1 − progress) of the animation's time at speed min(max(0.99, velocity ÷ 800), 2.25), a
    /// cancel plays back the progress made at speed 1 — both with the transition's own curve (or
    /// spring), from where the finger left the screens, without its delay.
    ///
    /// The decision is made here, from the progress of the last staged update, and returned: a
    /// finishing pop frees its screen at once, and later calls see the stack without it. The
    /// next tick runs the release and reports the same decision as
    /// ``WorldEvent/interactivePopDidEnd(_:tick:)``.
    ///
    /// ```swift
    /// let decision = try world.endInteractivePop(stack, velocity: 900)
    /// if decision.finishes { /* fly the thumbnail home with the screen */ }
    /// ```
    @discardableResult
    public func endInteractivePop(_ stack: Entity, velocity: Float) throws(PortalError) -> InteractivePopDecision {
        try submit(EndInteractivePopCall(stack: stack, velocity: velocity))
    }
}

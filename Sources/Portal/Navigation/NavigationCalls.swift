// The navigation calls (see `ECS/HostCall.swift`): stacks and screens, pushes and pops, and the
// interactive pop. Each updates the stack's projection at once (what later calls validate
// against) and stages a request the stack runs in order.

/// ``World/spawnNavigationStack(frame:root:interactivePopStart:)``.
struct SpawnNavigationStackCall: SpawningCall {
    static var verb: String { "navigationStack" }
    var frame: Rect, root: Entity, interactivePopStart: InteractivePopStart
    init(frame: Rect, root: Entity, interactivePopStart: InteractivePopStart) {
        (self.frame, self.root, self.interactivePopStart) = (frame, root, interactivePopStart)
    }
    func write(to trace: inout TraceWriter) {
        trace.put("frame", frame); trace.put("root", root); trace.key("popStart")
        if case let .edge(width) = interactivePopStart { trace.raw("edge("); trace.float(width); trace.raw(")") } else { trace.raw("anywhere") }
    }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        frame = try trace.rect(key: "frame")
        root = try trace.entity(key: "root")
        switch try trace.node(trace.one(trace.take("popStart"))) {
        case let ("anywhere", items) where items.isEmpty: interactivePopStart = .anywhere
        case let ("edge", items): interactivePopStart = .edge(width: try trace.floats(items, 1)[0])
        default: throw trace.malformed("expected edge(WIDTH) or anywhere")
        }
    }

    func perform(on world: World) throws(PortalError) -> Entity {
        try frame.validate("frame")
        if case let .edge(width) = interactivePopStart, !(Rect.isSane(width) && width > 0) {
            throw .invalidGeometry("interactivePopStart.width", width, reason: "an edge strip must be wider than 0")
        }
        try world.requireFreeScreen(root)
        guard let stack = world.allocator.allocate() else { throw .entityLimitReached }
        guard let progress = world.spawnProgressView() else {
            world.allocator.release(stack)   // never used: in no table yet
            throw .entityLimitReached
        }
        world.activateRemoval(of: NavigationFeature.self)
        let slot = world.views.insert(stack, frame: frame, cornerRadius: 0, opacity: 1, role: .view)
        world.views.setClipsToBounds(true, slot: slot)
        world.navigation.stacks.insert(NavigationStackState(screens: [root], progressView: progress,
                                                            interactiveStart: interactivePopStart), for: stack)
        world.navigation.projections.insert(NavigationProjection(screens: [root]), for: stack)
        world.navigation.owners.insert(stack, for: root)
        world.stageScreen(root, in: stack)
        world.stageNavigation(stack, .setStack([root], .identity))
        return stack
    }
}

/// ``World/spawnScreen(for:cornerRadius:)``.
struct SpawnScreenCall: SpawningCall {
    static var verb: String { "screen" }
    var stack: Entity, cornerRadius: Float
    init(stack: Entity, cornerRadius: Float) { (self.stack, self.cornerRadius) = (stack, cornerRadius) }
    func write(to trace: inout TraceWriter) { trace.put("stack", stack); trace.put("radius", cornerRadius) }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        stack = try trace.entity(key: "stack")
        cornerRadius = try trace.float(key: "radius")
    }
    func perform(on world: World) throws(PortalError) -> Entity {
        _ = try world.requireStackRow(stack)
        let size = world.views.slot(of: stack).map { world.views.frame(slot: $0) } ?? .zero
        let frame = Rect(x: 0, y: 0, width: size.width, height: size.height)
        try ViewProperties(frame: frame, cornerRadius: cornerRadius).validate()
        let screen = try world.spawn()
        let slot = world.views.insert(screen, frame: frame, cornerRadius: cornerRadius, opacity: 1, role: .view)
        world.views.setHidden(true, by: .navigation, slot: slot)
        return screen
    }
}

/// ``World/push(_:onto:transition:)``.
struct PushCall: HostCall {
    static var verb: String { "push" }
    var screen: Entity, stack: Entity, transition: NavigationTransition
    init(screen: Entity, stack: Entity, transition: NavigationTransition) { (self.screen, self.stack, self.transition) = (screen, stack, transition) }
    func write(to trace: inout TraceWriter) { trace.put("screen", screen); trace.put("stack", stack); trace.transition(transition) }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        screen = try trace.entity(key: "screen")
        stack = try trace.entity(key: "stack")
        transition = try trace.transition()
    }
    func perform(on world: World) throws(PortalError) {
        let row = try world.requireStackRow(stack)
        try transition.validate(step: world.clock.step)
        try world.requireZoomSource(transition)
        try world.requireFreeScreen(screen, for: stack)
        try world.requireNotAncestor(screen, of: stack)
        world.navigation.projections.values[row].screens.append(screen)   // in place: no copy of the list
        world.navigation.owners.insert(stack, for: screen)
        world.navigation.pushedWith.insert(transition, for: screen)
        world.stageScreen(screen, in: stack)
        world.stageNavigation(stack, .push(screen, transition))
    }
}

/// ``World/pop(_:transition:)``. With no transition (`nil`, recorded without the transition's
/// keys) it pops with the one the top screen was pushed with.
struct PopCall: HostCall {
    static var verb: String { "pop" }
    var stack: Entity, transition: NavigationTransition?
    init(stack: Entity, transition: NavigationTransition?) { (self.stack, self.transition) = (stack, transition) }
    func write(to trace: inout TraceWriter) {
        trace.put("stack", stack)
        if let transition { trace.transition(transition) }
    }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        stack = try trace.entity(key: "stack")
        transition = trace.hasKey("transition") ? try trace.transition() : nil
    }
    func perform(on world: World) throws(PortalError) {
        let row = try world.requireStackRow(stack)
        if let transition {
            try transition.validate(step: world.clock.step)
            try world.requireZoomSource(transition)
        }
        guard world.navigation.projections.values[row].interactivePop == nil else { throw .interactivePopInProgress(stack) }
        guard world.navigation.projections.values[row].screens.count > 1 else { throw .cannotPopRoot(stack) }
        let top = world.navigation.projections.values[row].screens.last!
        let resolved = transition ?? world.pushTransition(of: top)
        world.navigation.projections.values[row].screens.removeLast()   // in place: no copy of the list
        world.navigation.release(top, from: stack)
        world.stageNavigation(stack, .pop(resolved))
    }
}

/// ``World/popToRoot(_:transition:)``.
struct PopToRootCall: HostCall {
    static var verb: String { "popToRoot" }
    var stack: Entity, transition: NavigationTransition
    init(stack: Entity, transition: NavigationTransition) { (self.stack, self.transition) = (stack, transition) }
    func write(to trace: inout TraceWriter) { trace.put("stack", stack); trace.transition(transition) }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        stack = try trace.entity(key: "stack")
        transition = try trace.transition()
    }
    func perform(on world: World) throws(PortalError) {
        var projection = try world.requireStack(stack)
        try transition.validate(step: world.clock.step)
        try world.requireZoomSource(transition)
        guard projection.interactivePop == nil else { throw .interactivePopInProgress(stack) }
        guard projection.screens.count > 1 else { throw .cannotPopRoot(stack) }
        for screen in projection.screens.dropFirst() { world.navigation.release(screen, from: stack) }
        projection.screens = [projection.screens[0]]
        world.navigation.projections.insert(projection, for: stack)
        world.stageNavigation(stack, .popToRoot(transition))
    }
}

/// ``World/setStack(_:screens:transition:)``.
struct SetStackCall: HostCall {
    static var verb: String { "setStack" }
    var stack: Entity, screens: [Entity], transition: NavigationTransition
    init(stack: Entity, screens: [Entity], transition: NavigationTransition) { (self.stack, self.screens, self.transition) = (stack, screens, transition) }
    func write(to trace: inout TraceWriter) {
        trace.put("stack", stack)
        trace.put("screens", list: screens) { trace, screen in trace.entity(screen) }
        trace.transition(transition)
    }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        stack = try trace.entity(key: "stack")
        screens = try trace.list(key: "screens") { trace, v throws(TraceError) in try trace.entity(v) }
        transition = try trace.transition()
    }

    func perform(on world: World) throws(PortalError) {
        var projection = try world.requireStack(stack)
        try transition.validate(step: world.clock.step)
        try world.requireZoomSource(transition)
        guard projection.interactivePop == nil else { throw .interactivePopInProgress(stack) }
        guard !screens.isEmpty else {
            throw .invalidValue("screens", Double(screens.count), reason: "a stack needs at least one screen")
        }
        var seen = Set<Entity>()
        for screen in screens {
            guard seen.insert(screen).inserted else { throw .screenAlreadyInStack(screen) }
            if world.navigation.owners.value(of: screen) != stack { try world.requireFreeScreen(screen, for: stack) }
            try world.requireNotAncestor(screen, of: stack)
        }
        for screen in projection.screens where !seen.contains(screen) { world.navigation.release(screen, from: stack) }
        for screen in screens { world.navigation.owners.insert(stack, for: screen); world.stageScreen(screen, in: stack) }
        projection.screens = screens
        world.navigation.projections.insert(projection, for: stack)
        world.stageNavigation(stack, .setStack(screens, transition))
    }
}

/// ``World/beginInteractivePop(_:at:transition:)``.
struct BeginInteractivePopCall: HostCall {
    static var verb: String { "beginPop" }
    var stack: Entity, point: Point, transition: NavigationTransition
    init(stack: Entity, point: Point, transition: NavigationTransition) { (self.stack, self.point, self.transition) = (stack, point, transition) }
    func write(to trace: inout TraceWriter) { trace.put("stack", stack); trace.put("at", point); trace.transition(transition) }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        stack = try trace.entity(key: "stack")
        point = try trace.point(key: "at")
        transition = try trace.transition()
    }

    func perform(on world: World) throws(PortalError) -> Bool {
        var projection = try world.requireStack(stack)
        try transition.validate(step: world.clock.step)
        try world.requireZoomSource(transition)
        guard point.isFinite else { throw .invalidGeometry("point", point.x.isFinite ? point.y : point.x, reason: "a touch point must be finite") }
        guard projection.interactivePop == nil else { throw .noInteractivePop(stack) }
        let state = world.navigation.stacks.value(of: stack)!
        let pending = world.commands.contains { if case let .navigation(.navigate(s, _, _)) = $0 { return s == stack } else { return false } }
        // A running transition between two ends that differ by their top screen (a push or a
        // pop, turned round or not) is caught: the finger takes it over from where it is.
        let caught = pending ? nil : World.catchablePop(state).flatMap { world.allocator.isUsable($0.screen) ? $0 : nil }
        guard projection.screens.count > 1 || caught != nil else { throw .cannotPopRoot(stack) }
        guard let local = world.localPoint(point, inStack: stack) else { return false }
        if case let .edge(width) = state.interactiveStart, local.x >= width { return false }
        if let caught {
            let p = min(max(world.navigation.progress(of: stack, views: world.views), 0), 1)
            let origin = caught.reversed ? 1 - p : p
            // Heading for the end without the screen (a pop, a push turned round): the finger
            // may cancel, so it is in the projection again, as before the call that released it.
            if projection.screens.last != caught.screen {
                projection.screens.append(caught.screen)
                world.navigation.owners.insert(stack, for: caught.screen)
            }
            projection.interactivePop = (caught.screen, origin, origin)
            world.navigation.projections.insert(projection, for: stack)
            world.stageNavigation(stack, .pop(transition), interactive: true)
            world.commands.append(.navigation(.interactivePop(stack, progress: origin)))
            return true
        }
        // A gesture cannot queue: while a transition that cannot be caught runs or waits, the swipe does nothing.
        guard state.active == nil, state.queue.isEmpty, !pending else { return false }
        projection.interactivePop = (projection.screens.last!, 0, 0)
        world.navigation.projections.insert(projection, for: stack)
        world.stageNavigation(stack, .pop(transition), interactive: true)
        return true
    }
}

/// ``World/updateInteractivePop(_:translation:)``.
struct UpdateInteractivePopCall: HostCall {
    static var verb: String { "updatePop" }
    var stack: Entity, translation: Float
    init(stack: Entity, translation: Float) { (self.stack, self.translation) = (stack, translation) }
    func write(to trace: inout TraceWriter) { trace.put("stack", stack); trace.put("translation", translation) }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        stack = try trace.entity(key: "stack")
        translation = try trace.float(key: "translation")
    }
    func perform(on world: World) throws(PortalError) {
        var projection = try world.requireStack(stack)
        guard translation.isFinite else { throw .invalidGeometry("translation", translation, reason: "a translation must be finite") }
        guard let origin = projection.interactivePop?.origin else { throw .noInteractivePop(stack) }
        let width = world.views.slot(of: stack).map { world.views.frame(slot: $0).width } ?? 0
        // From where the pop began: 0, or the progress of the transition it caught.
        let moved = origin == 0 ? translation / width : origin + translation / width
        let progress = width > 0 ? min(max(moved, 0), 1) : 1
        projection.interactivePop!.progress = progress
        world.navigation.projections.insert(projection, for: stack)
        world.commands.append(.navigation(.interactivePop(stack, progress: progress)))
    }
}

/// ``World/endInteractivePop(_:velocity:)``.
struct EndInteractivePopCall: HostCall {
    static var verb: String { "endPop" }
    var stack: Entity, velocity: Float
    init(stack: Entity, velocity: Float) { (self.stack, self.velocity) = (stack, velocity) }
    func write(to trace: inout TraceWriter) { trace.put("stack", stack); trace.put("velocity", velocity) }
    init(reading trace: inout TraceDecoder) throws(TraceError) {
        stack = try trace.entity(key: "stack")
        velocity = try trace.float(key: "velocity")
    }

    func perform(on world: World) throws(PortalError) -> InteractivePopDecision {
        let projection = try world.requireStack(stack)
        guard velocity.isFinite else { throw .invalidValue("velocity", Double(velocity), reason: "a velocity must be finite") }
        guard projection.interactivePop != nil, let (decision, released) = world.settleInteractivePop(stack, velocity: velocity) else {
            throw .noInteractivePop(stack)
        }
        world.commands.append(.navigation(.interactivePopEnd(decision, released: released)))
        return decision
    }
}

extension World {
    /// Ends the interactive pop `stack`'s projection holds, by UIKit's rule from its progress and
    /// the release `velocity` (`nil`: a cancel), and — when it finishes — takes the popped screen
    /// off the projection and releases it. Returns the decision and whether the screen was
    /// released (the transition owes its drop), or `nil` when no pop is held. The one release
    /// behind ``World/endInteractivePop(_:velocity:)`` and the stack's own pan.
    ///
    /// `finishes`, when given, decides instead of UIKit's rule (a drag on a zoomed screen decides
    /// by `DragToDismiss.dismisses`), at speed 1.
    func settleInteractivePop(_ stack: Entity, velocity: Float?, finishes: Bool? = nil) -> (decision: InteractivePopDecision, released: Bool)? {
        guard let row = navigation.projections.index.row(of: stack), let pop = navigation.projections.values[row].interactivePop else { return nil }
        let rule = finishes.map { (finish: $0, speed: 1.0) }
            ?? velocity.map { World.interactivePopDecision(progress: pop.progress, velocity: $0) } ?? (finish: false, speed: 1)
        let decision = InteractivePopDecision(stack: stack, finishes: rule.finish, progress: pop.progress,
                                              completionSpeed: rule.finish ? rule.speed : 1)
        navigation.projections.values[row].interactivePop = nil
        // Pushes staged during the gesture sit above the popped screen: it goes from where it is.
        guard rule.finish, let index = navigation.projections.values[row].screens.lastIndex(of: pop.screen) else { return (decision, false) }
        navigation.projections.values[row].screens.remove(at: index)
        navigation.release(pop.screen, from: stack)
        return (decision, true)
    }

    /// The rule for releasing an interactive pop: finish, and at what speed.
    static func interactivePopDecision(progress: Float, velocity: Float) -> (finish: Bool, speed: Double) {
        let finish = velocity > 675 || (progress >= 0.2 && velocity > -200)
        return (finish, min(max(0.99, Double(velocity) / 800), 2.25))
    }

    // MARK: Validation

    /// `point` (in screen space) in the stack's own space, through its global transform, when
    /// it lands inside the stack's frame (its frame as drawn: moved, scaled or rotated with its
    /// ancestors); `nil` otherwise.
    func localPoint(_ point: Point, inStack stack: Entity) -> Point? {
        // Composed on the columns in place: `views.globalTransform(slot:)`, called on the
        // world's property, copied the whole store to pass it.
        guard let slot = views.slot(of: stack), let inverse = views.withColumns({ c, _ in c.globalTransform(slot: slot) }).inverted()
        else { return nil }
        let local = inverse.map(point), size = views.frame(slot: slot)
        guard local.x >= 0, local.y >= 0, local.x <= size.width, local.y <= size.height else { return nil }
        return local
    }

    /// Stages `screen`'s move into `stack` (its parent once the staged calls apply), so the
    /// tree's projection (cycles, subtree despawns) sees it at once, and shows it: a view the
    /// app hid shows once pushed, as a pushed view controller's view does (until its request
    /// runs, the stack keeps it hidden).
    func stageScreen(_ screen: Entity, in stack: Entity) {
        guard projectedParent(of: screen) != stack else { return }
        stagedParents[screen] = .some(stack)
        commands.append(.view(.setParent(screen, stack, keepingGlobalFrame: false)))
        commands.append(.view(.setHidden(screen, false)))
    }

    /// Refuses a screen that is the stack or contains it: it cannot become its own child.
    func requireNotAncestor(_ screen: Entity, of stack: Entity) throws(PortalError) {
        if isProjectedAncestorOrSelf(screen, of: stack) { throw .parentCycle(screen, parent: stack) }
    }

    /// The row of `stack`'s projection, for calls that edit it in place (a copy of the
    /// projection shares its list, so appending to the copy would copy the list).
    func requireStackRow(_ stack: Entity) throws(PortalError) -> Int {
        try requireAlive(stack)
        guard let row = navigation.projections.index.row(of: stack) else { throw .notANavigationStack(stack) }
        return row
    }

    func requireStack(_ stack: Entity) throws(PortalError) -> NavigationProjection {
        try requireAlive(stack)
        guard let projection = navigation.projections.value(of: stack) else { throw .notANavigationStack(stack) }
        return projection
    }

    /// Checks that `screen` may join `stack` (a new stack when `nil`): a view of the app (not a
    /// portal layer or another view Portal owns), in no stack after the staged calls, and not still
    /// leaving another stack — a screen popped from one stack stays in it until that pop has run,
    /// and may go back onto the same stack (in order) but onto another only after.
    func requireFreeScreen(_ screen: Entity, for stack: Entity? = nil) throws(PortalError) {
        try requireAppView(screen)
        guard navigation.owners.value(of: screen) == nil else { throw .screenAlreadyInStack(screen) }
        if let leaving = navigation.leaving.value(of: screen), leaving.stack != stack { throw .screenAlreadyInStack(screen) }
    }
}

/// A staged navigation call.
///
/// A command holds no reference (a request waits in ``World/stagedNavigations``, which
/// `request` indexes), so copying one is copying its bytes: no case's copy reads another case's
/// bytes to find what to retain.
enum NavigationCommand {
    case navigate(Entity, request: Int, interactive: Bool)
    case interactivePop(Entity, progress: Float)
    /// The release; `released`: the call released the popped screen (the transition owes its drop).
    case interactivePopEnd(InteractivePopDecision, released: Bool)
}

extension World {
    /// Stages `request` for `stack`: the request waits in ``stagedNavigations``, the command
    /// indexes it.
    func stageNavigation(_ stack: Entity, _ request: NavigationRequest, interactive: Bool = false) {
        stagedNavigations.append(request)
        commands.append(.navigation(.navigate(stack, request: stagedNavigations.count - 1, interactive: interactive)))
    }

    /// Applies a staged navigation command: the stack queues or starts its request.
    func apply(_ command: NavigationCommand, tick: UInt64) {
        switch command {
        case let .navigate(stack, request, interactive):
            applyNavigation(stack, stagedNavigations[request], interactive: interactive, tick: tick)
        case let .interactivePop(stack, progress):
            applyInteractivePop(stack, progress: progress)
        case let .interactivePopEnd(decision, released):
            endInteractivePop(decision, released: released, tick: tick)
        }
    }
}

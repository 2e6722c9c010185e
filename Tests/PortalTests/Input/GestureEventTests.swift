import Testing
@testable import Portal

// The events of every gesture-driven transition, in the order and on the ticks the table in
// NavigationTransitions.md ("Events of gesture-driven transitions") states (issue 32, "what a
// new user hit" 5). Each gesture is driven by raw pointer events, one per tick; `L` is the tick
// the pan locked (the first move past the slop), `R` the tick the release applied.

private let bounds = Rect(x: 0, y: 0, width: 400, height: 800)

/// The transition events among `events`, each as "name detail @tick".
private func transitionEvents(_ events: [WorldEvent]) -> [String] {
    events.compactMap { event in
        switch event {
        case let .navigationWillStart(n): "navigationWillStart(\(n.operation)) @\(n.tick)"
        case let .navigationDidComplete(n): "navigationDidComplete(\(n.operation)\(n.wasCancelled ? ", cancelled" : "")) @\(n.tick)"
        case let .interactivePopDidEnd(d, tick): "interactivePopDidEnd(\(d.finishes ? "finishes" : "cancels")) @\(tick)"
        case let .portalWillStart(p): "portalWillStart(\(p.direction)) @\(p.tick)"
        case let .portalDidComplete(p): "portalDidComplete(\(p.direction)) @\(p.tick)"
        default: nil
        }
    }
}

/// A finger that sends one pointer event per tick and notes the tick each applies on.
private struct TickFinger {
    let world: World
    var time = 100.0
    var log: [WorldEvent] = []

    /// Sends `phase` at `(x, y)` 8 ms after the last event and runs the tick it applies on;
    /// returns that tick.
    @discardableResult
    mutating func send(_ phase: PointerPhase, _ x: Float, _ y: Float) throws -> UInt64 {
        time += 0.008
        try world.pointer(PointerEvent(pointer: 1, phase: phase, location: Point(x: x, y: y), time: time))
        world.tick()
        log += world.drainEvents()
        return world.tickCount
    }

    mutating func run(ticks n: Int) {
        for _ in 0..<n { world.tick(); log += world.drainEvents() }
    }

    /// The decision the release reported.
    var decision: InteractivePopDecision? {
        for event in log { if case let .interactivePopDidEnd(d, _) = event { return d } }
        return nil
    }
}

@Suite("The events of gesture-driven transitions, as the documented table lists them")
struct GestureEventTests {
    /// A stack (root + a pushed screen, or a zoom from `cell`) at rest, events drained.
    private static func stack(zoom: Bool) throws -> (World, Entity, Entity, Entity) {
        let world = World()
        let root = try world.spawnView(frame: bounds)
        let stack = try world.spawnNavigationStack(frame: bounds, root: root)
        let cell = try world.spawnView(frame: Rect(x: 16, y: 300, width: 160, height: 200), in: root)
        let detail = try world.spawnScreen(for: stack)
        try world.push(detail, onto: stack, transition: zoom ? .zoom(source: cell) : .slide)
        world.run(ticks: 120)
        _ = world.drainEvents()
        return (world, stack, cell, detail)
    }

    @Test("edge swipe pop: navigationWillStart(.pop) at the lock, interactivePopDidEnd at the release (progress: travel ÷ the stack's width), navigationDidComplete(.pop) when the rest has run")
    func edgeSwipe() throws {
        let (world, stack, _, _) = try Self.stack(zoom: false)
        var f = TickFinger(world: world)
        try f.send(.began, 6, 400)
        let lock = try f.send(.moved, 46, 400)          // 40 pt: past the slop, the pan locks
        for k in 1...6 { try f.send(.moved, 46 + Float(k) * 20, 400) }
        let release = try f.send(.ended, 166, 400)      // 160 pt of travel
        f.run(ticks: 120)
        let events = transitionEvents(f.log)
        #expect(events.count == 3, "\(events)")
        #expect(events.first == "navigationWillStart(pop) @\(lock)", "\(events)")
        #expect(events.dropFirst().first == "interactivePopDidEnd(finishes) @\(release)", "\(events)")
        #expect(events.last?.hasPrefix("navigationDidComplete(pop) @") == true, "\(events)")
        // Progress: the finger's travel since the lock ÷ the stack's width.
        let decision = try #require(f.decision)
        #expect(abs(decision.progress - 120 / 400) < 1e-6, "\(decision.progress)")
        #expect(try world.screens(of: stack).count == 1)
    }

    @Test("zoom drag to dismiss: navigationWillStart(.pop) at the lock, interactivePopDidEnd at the release (progress: the drag curve's fraction), navigationDidComplete(.pop) as the screen lands in the source")
    func zoomDrag() throws {
        let (world, stack, _, _) = try Self.stack(zoom: true)
        var f = TickFinger(world: world)
        try f.send(.began, 200, 300)
        let lock = try f.send(.moved, 200, 330)         // 30 pt down: locks
        for k in 1...5 { try f.send(.moved, 200, 330 + Float(k) * 20) }
        let release = try f.send(.ended, 200, 430)      // 100 pt below the lock
        f.run(ticks: 240)
        let events = transitionEvents(f.log)
        #expect(events.count == 3, "\(events)")
        #expect(events.first == "navigationWillStart(pop) @\(lock)", "\(events)")
        #expect(events.dropFirst().first == "interactivePopDidEnd(finishes) @\(release)", "\(events)")
        #expect(events.last?.hasPrefix("navigationDidComplete(pop) @") == true, "\(events)")
        // Progress: q = |T| ÷ (scaleDistance × height), T the travel since the lock: 100 ÷ 200.
        let decision = try #require(f.decision)
        #expect(abs(decision.progress - 100 / (0.25 * 800)) < 1e-6, "\(decision.progress)")
        #expect(decision.completionSpeed == 1)
        #expect(try world.screens(of: stack).count == 1)
    }

    @Test("zoom drag cancelled: the same start, interactivePopDidEnd(cancels), navigationDidComplete(.pop, cancelled)")
    func zoomDragCancelled() throws {
        let (world, stack, _, _) = try Self.stack(zoom: true)
        var f = TickFinger(world: world)
        try f.send(.began, 200, 300)
        let lock = try f.send(.moved, 200, 330)
        f.time += 0.2                                     // a pause: no velocity at the release
        let release = try f.send(.ended, 200, 340)        // 10 pt: far short of an eighth of 800
        f.run(ticks: 240)
        let events = transitionEvents(f.log)
        #expect(events.count == 3, "\(events)")
        #expect(events.first == "navigationWillStart(pop) @\(lock)", "\(events)")
        #expect(events.dropFirst().first == "interactivePopDidEnd(cancels) @\(release)", "\(events)")
        #expect(events.last?.hasPrefix("navigationDidComplete(pop, cancelled) @") == true, "\(events)")
        #expect(try world.screens(of: stack).count == 2)
    }

    @Test("portal drag to dismiss: nothing at the lock; portalWillStart(.reverse) at the release, portalDidComplete(.reverse) as the layer lands")
    func portalDrag() throws {
        let world = World()
        let screen = try world.spawnView(frame: bounds)
        let thumbnail = try world.spawnView(frame: Rect(x: 20, y: 100, width: 80, height: 80), in: screen)
        let photo = try world.spawnView(frame: Rect(x: 0, y: 200, width: 400, height: 400), in: screen)
        try world.portal(thumbnail, id: "photo", as: .source)
        try world.portal(photo, id: "photo", as: .destination)
        var config = PortalTransitionConfig()
        config.dragToDismiss = PortalDragDismiss()
        try world.portalTransition(id: "photo", isActive: true, config: config)
        world.run(ticks: 240)
        _ = world.drainEvents()
        var f = TickFinger(world: world)
        try f.send(.began, 200, 300)
        try f.send(.moved, 200, 330)
        for k in 1...5 { try f.send(.moved, 200, 330 + Float(k) * 20) }
        #expect(transitionEvents(f.log).isEmpty, "nothing while the finger drags: \(transitionEvents(f.log))")
        let release = try f.send(.ended, 200, 430)
        f.run(ticks: 240)
        let events = transitionEvents(f.log)
        #expect(events.count == 2, "\(events)")
        #expect(events.first == "portalWillStart(reverse) @\(release)", "\(events)")
        #expect(events.last?.hasPrefix("portalDidComplete(reverse) @") == true, "\(events)")
    }

    @Test("interrupted push: the push's navigationWillStart(.push); nothing new when the finger catches it; at the release interactivePopDidEnd, then navigationDidComplete(.push, cancelled) when the pop finishes")
    func caughtPush() throws {
        let world = World()
        let root = try world.spawnView(frame: bounds)
        let stack = try world.spawnNavigationStack(frame: bounds, root: root)
        let detail = try world.spawnScreen(for: stack)
        world.tick()
        try world.push(detail, onto: stack, transition: .slide.animation(.linear(duration: 0.5)))
        world.tick()
        let pushed = world.tickCount
        world.run(ticks: 20)                                          // 20 of 60 ticks: a third in
        #expect(try world.beginInteractivePop(stack, at: Point(x: 6, y: 400)))
        world.tick()
        let caught = world.tickCount
        try world.updateInteractivePop(stack, translation: 40)
        world.tick()
        let decision = try world.endInteractivePop(stack, velocity: 900)
        world.tick()
        let release = world.tickCount
        world.run(ticks: 120)
        let events = transitionEvents(world.drainEvents())
        #expect(events.count == 3, "\(events)")
        #expect(events.first == "navigationWillStart(push) @\(pushed)", "\(events)")
        #expect(events.dropFirst().first == "interactivePopDidEnd(finishes) @\(release)", "\(events)")
        #expect(events.last?.hasPrefix("navigationDidComplete(push, cancelled) @") == true, "\(events)")
        #expect(!events.contains { $0.hasSuffix("@\(caught)") }, "the catch reports nothing: \(events)")
        // Progress: the pop's, from the caught push run backwards (1 − 21/60) plus 40 ÷ 400.
        #expect(abs(decision.progress - (1 - 21.0 / 60 + 0.1)) < 0.02, "\(decision.progress)")
    }
}

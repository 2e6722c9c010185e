import Testing
@testable import Portal

// `World.isIdle`: false while anything would change at the next tick, true exactly from the
// tick on which the last activity ends. The reference is the world itself: a tick taken while
// idle must change nothing observable (no event, no new render list, the same presented
// values), and the tick just before the world turns idle must have changed something.

/// Ticks `world` (draining its events after each tick) until it is idle and checks the rule;
/// returns the tick on which it turned idle.
@discardableResult
private func runUntilIdle(_ world: World, watching views: [Entity], limit: Int = 2_000,
                          sourceLocation: SourceLocation = #_sourceLocation) throws -> UInt64? {
    #expect(!world.isIdle, "something is going on at the start", sourceLocation: sourceLocation)
    var lastChange: UInt64?
    for _ in 0..<limit {
        let version = world.renderVersion, list = world.renderList
        let before = try views.map { try world.presentation(of: $0) }
        world.tick()
        let events = world.drainEvents()
        let after = try views.map { try world.presentation(of: $0) }
        if !events.isEmpty || (world.renderVersion != version && world.renderList != list) || before != after {
            lastChange = world.tickCount
        }
        if world.isIdle { break }
    }
    guard world.isIdle else {
        Issue.record("not idle after \(limit) ticks", sourceLocation: sourceLocation)
        return nil
    }
    #expect(lastChange == world.tickCount, "idle from the tick of the last change, not later", sourceLocation: sourceLocation)
    // Idle ticks change nothing, and the world stays idle. (A popup re-placed on its source
    // every tick rebuilds the list, so its version moves, with the same items.)
    let list = world.renderList, clips = world.clipList
    let presented = try views.map { try world.presentation(of: $0) }
    for _ in 0..<30 {
        world.tick()
        #expect(world.drainEvents().isEmpty && world.isIdle, sourceLocation: sourceLocation)
    }
    #expect(world.renderList == list && world.clipList == clips, sourceLocation: sourceLocation)
    #expect(try views.map { try world.presentation(of: $0) } == presented, sourceLocation: sourceLocation)
    return world.tickCount - 30
}

@Suite("World.isIdle")
struct IdleTests {
    @Test("a new world is idle; a spawned view and a staged call make it busy; an undrained event does not (a tick would not drain it)")
    func stagedWorkAndEvents() throws {
        let world = World()
        world.tick()
        #expect(world.isIdle)
        let card = try world.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(!world.isIdle, "the view is drawn from the next tick")
        world.tick()
        #expect(world.isIdle)
        try world.setFrame(Rect(x: 10, y: 0, width: 100, height: 100), of: card)
        #expect(!world.isIdle, "a staged call")
        world.tick()
        #expect(world.isIdle)
        world.advance(by: 1)       // more than the catch-up cap: ticks dropped, an event
        #expect(world.isIdle, "an event waiting to be drained needs no tick")
        #expect(!world.drainEvents().isEmpty)
        #expect(world.isIdle)
    }

    @Test("an animation keeps the world busy until the tick it is removed on")
    func animation() throws {
        let world = World()
        let card = try world.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        world.tick()
        try world.animate(card, to: ViewProperties(frame: Rect(x: 200, y: 0, width: 100, height: 100)), with: .linear(duration: 0.5))
        let idle = try runUntilIdle(world, watching: [card])
        #expect(idle == 61, "60 ticks of motion from tick 2")
        try world.animate(card, to: ViewProperties(opacity: 0.5), with: .spring(duration: 0.3, bounce: 0.3))
        try runUntilIdle(world, watching: [card])
        try world.animate(card, to: ViewProperties(opacity: 1), with: .linear(duration: 0.2).delay(0.3))
        try runUntilIdle(world, watching: [card])
    }

    @Test("a portal flight, there and back, keeps the world busy until it lands")
    func portalFlight() throws {
        let world = World()
        let card = try world.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let detail = try world.spawnView(frame: Rect(x: 0, y: 300, width: 300, height: 300))
        try world.portal(card, id: "hero", as: .source)
        try world.portal(detail, id: "hero", as: .destination)
        world.tick()
        #expect(world.isIdle)
        try world.portalTransition(id: "hero", isActive: true)
        try runUntilIdle(world, watching: [card, detail])
        try world.portalTransition(id: "hero", isActive: false, config: PortalTransitionConfig(removal: .fade))
        try runUntilIdle(world, watching: [card, detail])
    }

    @Test("navigation: a push, a queued pop and an interactive pop keep the world busy until they complete")
    func navigation() throws {
        let world = World()
        let frame = Rect(x: 0, y: 0, width: 390, height: 844)
        let home = try world.spawnView(frame: frame)
        let stack = try world.spawnNavigationStack(frame: frame, root: home)
        let detail = try world.spawnScreen(for: stack)
        world.tick()
        #expect(world.isIdle)
        try world.push(detail, onto: stack)
        try world.pop(stack)
        try runUntilIdle(world, watching: [home, detail])
        try world.push(detail, onto: stack)
        try runUntilIdle(world, watching: [home, detail])
        #expect(try world.beginInteractivePop(stack, at: Point(x: 5, y: 400)))
        world.tick()
        for _ in 0..<10 { world.tick(); #expect(!world.isIdle, "the finger is down") }
        try world.updateInteractivePop(stack, translation: 30)
        try world.endInteractivePop(stack, velocity: 0)
        try runUntilIdle(world, watching: [home, detail])
    }

    @Test("a popup appearing and leaving, and a header settling after a scroll, keep the world busy")
    func popupsAndHeaders() throws {
        let world = World()
        let screen = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let button = try world.spawnView(frame: Rect(x: 20, y: 120, width: 44, height: 44), in: screen)
        let menu = try world.spawnView(frame: .zero)
        try world.setPopupContainer(bounds: Rect(x: 0, y: 0, width: 390, height: 844))
        world.tick()
        try world.presentPopup(menu, from: button, width: 200, height: 100)
        try runUntilIdle(world, watching: [menu])
        try world.dismissPopup(menu)
        try runUntilIdle(world, watching: [menu])

        let title = try world.spawnView(frame: Rect(x: 20, y: 100, width: 200, height: 40), in: screen)
        let header = try world.flowingHeader(on: screen, title: title, snappingBehavior: .directional)
        try world.setFlowingHeaderAnchors(header, title: Rect(x: 20, y: 100, width: 200, height: 40),
                                          bar: Rect(x: 0, y: 40, width: 390, height: 44), barTitleSize: Size(width: 100, height: 20))
        try runUntilIdle(world, watching: [title])
        try world.reportScroll(header, offset: 25, phase: .interacting)
        try runUntilIdle(world, watching: [title])
        try world.reportScroll(header, offset: 25, phase: .idle)     // stopped halfway: it snaps
        try runUntilIdle(world, watching: [title])
        #expect(try world.flowingHeaderProgress(header) == 1)
    }
}

import Testing
@testable import Portal

private let stackFrame = Rect(x: 0, y: 0, width: 400, height: 800)
private let halfSecond = Animation.linear(duration: 0.5)

struct StackScene {
    let world = World()
    let a: Entity, b: Entity, c: Entity
    let stack: Entity

    init(interactivePopStart: InteractivePopStart = .edge(width: 20)) throws {
        a = try world.spawnView(frame: stackFrame)
        b = try world.spawnView(frame: stackFrame)
        c = try world.spawnView(frame: stackFrame)
        stack = try world.spawnNavigationStack(frame: stackFrame, root: a, interactivePopStart: interactivePopStart)
        try world.setHidden(true, of: b)     // not on screen until pushed
        try world.setHidden(true, of: c)
        world.tick()
    }

    /// The drawn views but the stack itself (a container view, drawn behind its screens).
    var drawn: [Entity] { world.renderList.map(\.entity).filter { $0 != stack } }
    func item(_ e: Entity) -> RenderItem? { world.renderList.first { $0.entity == e } }
}

@Suite("Navigation stacks")
struct NavigationStackTests {
    @Test("push with slide: both screens move by the stack width, exactly, and the pushed screen rests on top")
    func pushSlide() throws {
        let s = try StackScene()
        try s.world.setHidden(false, of: s.b)
        _ = s.world.drainEvents()
        try s.world.push(s.b, onto: s.stack, transition: NavigationTransition.slide.animation(halfSecond))
        s.world.run(ticks: 30)
        #expect(s.item(s.b)?.transform.translation.x == 200)
        #expect(s.item(s.a)?.transform.translation.x == -200)
        #expect(try s.world.navigationProgress(of: s.stack) == 0.5)
        #expect(s.drawn.last == s.b)                       // the arriving screen draws in front on a push
        s.world.run(ticks: 30)
        #expect(s.drawn == [s.b])
        #expect(s.item(s.b)?.transform == .identity)
        #expect(try s.world.presentation(of: s.a).transform == .identity)   // restored while hidden
        #expect(try s.world.screens(of: s.stack) == [s.a, s.b])
        #expect(try s.world.navigationProgress(of: s.stack) == nil)
        let events = s.world.drainEvents()
        #expect(events.count == 2)
        guard case let .navigationWillStart(start) = events[0], case let .navigationDidComplete(end) = events[1] else {
            Issue.record("expected a start and a completion"); return
        }
        #expect(start.operation == .push && start.from == s.a && start.to == s.b && end.tick == start.tick + 59 && !end.wasCancelled)
    }

    @Test("pop with a cross-fade: opacities cross exactly at the middle; the popped screen leaves the stack")
    func popFade() throws {
        let s = try StackScene()
        try s.world.setHidden(false, of: s.b)
        try s.world.push(s.b, onto: s.stack, transition: NavigationTransition.identity.animation(.linear(duration: 0.1)))
        s.world.run(ticks: 13)
        try s.world.pop(s.stack, transition: NavigationTransition.fade(.cross).animation(halfSecond))
        s.world.run(ticks: 30)
        #expect(s.item(s.a)?.opacity == 0.5 && s.item(s.b)?.opacity == 0.5)
        #expect(s.drawn.last == s.b)                       // the leaving screen draws in front on a pop
        s.world.run(ticks: 30)
        #expect(s.drawn == [s.a] && s.item(s.a)?.opacity == 1)
        #expect(try s.world.screens(of: s.stack) == [s.a])
        #expect(try s.world.presentation(of: s.b).opacity == 1)
    }

    @Test("requests during a transition queue in order, each with its own transition")
    func queue() throws {
        let s = try StackScene()
        for v in [s.b, s.c] { try s.world.setHidden(false, of: v) }
        _ = s.world.drainEvents()
        try s.world.push(s.b, onto: s.stack, transition: NavigationTransition.fade(.in).animation(.linear(duration: 0.25)))
        s.world.run(ticks: 5)
        try s.world.push(s.c, onto: s.stack, transition: NavigationTransition.slide.animation(.linear(duration: 0.25)))
        s.world.run(ticks: 25)
        #expect(try s.world.screens(of: s.stack) == [s.a, s.b])
        s.world.run(ticks: 15)
        #expect(s.item(s.c)?.transform.translation.x == 200)     // the slide, halfway, after the fade
        s.world.run(ticks: 20)
        #expect(try s.world.screens(of: s.stack) == [s.a, s.b, s.c] && s.drawn == [s.c])
        let order = s.world.drainEvents().compactMap { event -> Entity? in
            if case let .navigationDidComplete(e) = event { return e.to } else { return nil }
        }
        #expect(order == [s.b, s.c])
    }

    @Test("while a transition runs, hit testing reports the stack as busy")
    func busy() throws {
        let s = try StackScene()
        try s.world.setHidden(false, of: s.b)
        #expect(s.world.hitTest(Point(x: 100, y: 100)) == HitTestResult(entity: s.a, role: .view))
        try s.world.push(s.b, onto: s.stack, transition: NavigationTransition.slide.animation(halfSecond))
        s.world.run(ticks: 10)
        #expect(s.world.hitTest(Point(x: 100, y: 100)) == HitTestResult(entity: s.stack, role: .view, isBusy: true))
        s.world.run(ticks: 50)
        #expect(s.world.hitTest(Point(x: 100, y: 100)) == HitTestResult(entity: s.b, role: .view))
    }

    @Test("pop to root and set stack animate from the current top to the new one")
    func popToRootAndSet() throws {
        let s = try StackScene()
        for v in [s.b, s.c] { try s.world.setHidden(false, of: v) }
        let quick = NavigationTransition.slide.animation(.linear(duration: 0.1))
        try s.world.push(s.b, onto: s.stack, transition: quick)
        try s.world.push(s.c, onto: s.stack, transition: quick)
        s.world.run(ticks: 30)
        #expect(try s.world.screens(of: s.stack) == [s.a, s.b, s.c])
        try s.world.popToRoot(s.stack, transition: quick)
        s.world.run(ticks: 6)
        #expect(Set(s.drawn) == [s.a, s.c])                  // b, in between, is not drawn
        s.world.run(ticks: 6)
        #expect(try s.world.screens(of: s.stack) == [s.a] && s.drawn == [s.a])
        try s.world.setStack(s.stack, screens: [s.a, s.c], transition: quick)
        s.world.run(ticks: 13)
        #expect(try s.world.screens(of: s.stack) == [s.a, s.c] && s.drawn == [s.c])
    }

    @Test("the interactive pop rule at its boundaries, and its speed")
    func interactiveRule() {
        let cases: [(Float, Float, Bool)] = [(0, 676, true), (0.1, 675, false), (0.2, -199, true), (0.2, -200, false),
                                             (0.19, 0, false), (0.19, 675.5, true), (1, -201, false)]
        for (progress, velocity, finish) in cases {
            #expect(World.interactivePopDecision(progress: progress, velocity: velocity).finish == finish, "\(progress), \(velocity)")
        }
        #expect(World.interactivePopDecision(progress: 0.5, velocity: 0).speed == 0.99)
        #expect(World.interactivePopDecision(progress: 0.5, velocity: 1600).speed == 2)
        #expect(World.interactivePopDecision(progress: 0.5, velocity: 4000).speed == 2.25)
    }

    @Test("an interactive pop follows the finger and finishes")
    func interactiveFinish() throws {
        let s = try StackScene()
        try s.world.setHidden(false, of: s.b)
        try s.world.push(s.b, onto: s.stack, transition: NavigationTransition.slide.animation(.linear(duration: 0.1)))
        s.world.run(ticks: 13)
        #expect(try s.world.beginInteractivePop(s.stack, at: Point(x: 100, y: 300)) == false)   // not at the edge
        #expect(try s.world.beginInteractivePop(s.stack, at: Point(x: 5, y: 300)))
        try s.world.updateInteractivePop(s.stack, translation: 100)
        s.world.tick()
        #expect(s.item(s.b)?.transform.translation.x == 100)    // the popped screen follows the finger
        #expect(s.item(s.a)?.transform.translation.x == -300)   // the revealed one comes in from the leading edge
        #expect(try s.world.navigationProgress(of: s.stack) == 0.25)
        try s.world.endInteractivePop(s.stack, velocity: 0)
        s.world.run(ticks: 60)
        #expect(try s.world.screens(of: s.stack) == [s.a] && s.drawn == [s.a])
        #expect(s.item(s.a)?.transform == .identity)
    }

    @Test("endInteractivePop returns the decision, and the tick that runs the release reports the same one",
          arguments: [(Float(100), Float(1600), true), (Float(100), Float(0), true), (Float(40), Float(0), false), (Float(300), Float(-900), false)])
    func interactivePopDecision(translation: Float, velocity: Float, finishes: Bool) throws {
        let s = try StackScene(interactivePopStart: .anywhere)
        try s.world.push(s.b, onto: s.stack, transition: NavigationTransition.slide.animation(.linear(duration: 1)))
        s.world.run(ticks: 130)
        #expect(try s.world.beginInteractivePop(s.stack, at: Point(x: 200, y: 300),
                                                 transition: NavigationTransition.slide.animation(.linear(duration: 1))))
        try s.world.updateInteractivePop(s.stack, translation: translation)
        s.world.tick()
        _ = s.world.drainEvents()
        let decision = try s.world.endInteractivePop(s.stack, velocity: velocity)
        // UIKit's rule, by hand: progress = translation ÷ 400; finish above 675 pt/s, or from 20 %
        // above −200 pt/s; the finish speed is velocity ÷ 800 held to 0.99…2.25, a cancel's 1.
        let progress = translation / 400
        let speed = finishes ? min(max(0.99, Double(velocity) / 800), 2.25) : 1
        #expect(decision == InteractivePopDecision(stack: s.stack, finishes: finishes, progress: progress, completionSpeed: speed))
        #expect(s.world.drainEvents().isEmpty, "decided at the call, reported when the release runs")
        s.world.tick()
        let tick = s.world.tickCount
        let ended = s.world.drainEvents().compactMap { event -> (InteractivePopDecision, UInt64)? in
            if case let .interactivePopDidEnd(d, t) = event { (d, t) } else { nil }
        }
        #expect(ended.count == 1 && ended.first?.0 == decision && ended.first?.1 == tick)
        // The rest runs at that speed: the linear 1 s transition's remaining share ÷ the speed.
        let remaining = finishes ? Double(1 - progress) / speed : Double(progress)
        var ticks = 1
        while try s.world.navigationProgress(of: s.stack) != nil, ticks < 400 { s.world.tick(); ticks += 1 }
        #expect(abs(Double(ticks) - remaining * 120) <= 2, "\(ticks) ticks for \(remaining) s")
        #expect(try s.world.screens(of: s.stack) == (finishes ? [s.a] : [s.a, s.b]))
    }

    @Test("a cancelled interactive pop returns both screens exactly to rest")
    func interactiveCancel() throws {
        let s = try StackScene(interactivePopStart: .anywhere)
        try s.world.setHidden(false, of: s.b)
        try s.world.push(s.b, onto: s.stack, transition: NavigationTransition.slide.animation(.linear(duration: 0.1)))
        s.world.run(ticks: 13)
        _ = s.world.drainEvents()
        let before = (try s.world.presentation(of: s.a), try s.world.presentation(of: s.b))
        #expect(try s.world.beginInteractivePop(s.stack, at: Point(x: 200, y: 300),
                                                transition: NavigationTransition.slide.combined(with: .fade(.cross))))
        try s.world.updateInteractivePop(s.stack, translation: 40)
        s.world.tick()
        #expect(s.item(s.b)?.opacity == 0.9)
        #expect(throws: PortalError.interactivePopInProgress(s.stack)) { try s.world.pop(s.stack) }
        #expect(throws: PortalError.interactivePopInProgress(s.stack)) { try s.world.setStack(s.stack, screens: [s.a]) }
        try s.world.endInteractivePop(s.stack, velocity: -300)
        s.world.run(ticks: 60)
        #expect(try s.world.screens(of: s.stack) == [s.a, s.b] && s.drawn == [s.b])
        #expect(try s.world.presentation(of: s.a) == before.0 && s.world.presentation(of: s.b) == before.1)
        let cancelled = s.world.drainEvents().contains { if case let .navigationDidComplete(e) = $0 { return e.wasCancelled } else { return false } }
        #expect(cancelled)
    }

    @Test("bad input: root-only pop, stale or busy screens, NaN translation, out-of-order gestures — refused, world unchanged")
    func badInput() throws {
        let s = try StackScene()
        let before = s.world.fingerprint
        #expect(throws: PortalError.cannotPopRoot(s.stack)) { try s.world.pop(s.stack) }
        #expect(throws: PortalError.cannotPopRoot(s.stack)) { try s.world.popToRoot(s.stack) }
        #expect(throws: PortalError.cannotPopRoot(s.stack)) { try s.world.beginInteractivePop(s.stack, at: Point(x: 1, y: 1)) }
        #expect(throws: PortalError.screenAlreadyInStack(s.a)) { try s.world.push(s.a, onto: s.stack) }
        #expect(throws: PortalError.screenAlreadyInStack(s.a)) { try s.world.despawn(s.a) }
        #expect(throws: PortalError.notANavigationStack(s.b)) { try s.world.push(s.c, onto: s.b) }
        #expect(throws: PortalError.noInteractivePop(s.stack)) { try s.world.updateInteractivePop(s.stack, translation: 3) }
        #expect(throws: PortalError.self) { try s.world.updateInteractivePop(s.stack, translation: .nan) }
        #expect(throws: PortalError.self) { try s.world.setStack(s.stack, screens: [s.b, s.b]) }
        #expect(throws: PortalError.parentCycle(s.stack, parent: s.stack)) { try s.world.push(s.stack, onto: s.stack) }
        #expect(throws: PortalError.screenAlreadyInStack(s.a)) { try s.world.setParent(nil, of: s.a) }   // the stack places its screens
        #expect(s.world.fingerprint == before)
        try s.world.despawn(s.c)
        s.world.tick()
        #expect(throws: PortalError.staleEntity(s.c)) { try s.world.push(s.c, onto: s.stack) }
        try s.world.despawn(s.stack)
        s.world.tick()
        #expect(!s.world.isAlive(s.a) && s.world.renderList.isEmpty)   // the root went with its stack (its subtree)
        #expect(throws: PortalError.staleEntity(s.stack)) { try s.world.pop(s.stack) }
    }

    @Test("z order: placement first, then z position, then push-in-front / pop-behind")
    func zOrder() throws {
        let s = try StackScene()
        try s.world.setHidden(false, of: s.b)
        let lift = NavigationTransition.asymmetric(push: .onRemoval(.zPosition(2)), pop: .identity).animation(halfSecond)
        try s.world.push(s.b, onto: s.stack, transition: lift)
        s.world.run(ticks: 30)
        #expect(s.drawn.last == s.a)                       // the leaving screen's z position lifts it
        #expect(s.item(s.a)?.transform.zPosition == 1)     // halfway to 2
        s.world.run(ticks: 30)
        let back = NavigationTransition.asymmetric(push: .identity, pop: .onInsertion(.bringToFront)).animation(halfSecond)
        try s.world.pop(s.stack, transition: back)
        s.world.run(ticks: 10)
        #expect(s.drawn.last == s.a)                       // brought to front although it is a pop
    }

    @Test("a custom transition's NaN or out-of-range values are ignored: no trap, nothing invalid drawn")
    func customGarbage() throws {
        let s = try StackScene()
        try s.world.setHidden(false, of: s.b)
        let broken = NavigationTransition.custom("broken") { _, to, _, _ in
            to.initial.translate(x: .nan)
            to.initial.opacity = 7
            to.animation.opacity = 1
            to.animation.zPosition = .infinity
        }.animation(.linear(duration: 0.1))
        try s.world.push(s.b, onto: s.stack, transition: broken)
        s.world.tick()
        let item = try #require(s.item(s.b))
        #expect(item.opacity == 1 && item.transform.translation.x.isFinite && item.transform.zPosition == 0)
        #expect(s.world.hitTest(Point(x: 10, y: 10)) != nil)
        s.world.run(ticks: 13)
        #expect(s.drawn == [s.b])
    }
}

@Suite("Screens made ahead of their push")
struct SpawnScreenTests {
    @Test("spawnScreen: fills the stack, drawn and hit only once pushed, popped back to the same state, pushed again")
    func aScreenIsNotDrawnUntilPushed() throws {
        let world = World()
        let home = try world.spawnView(frame: stackFrame)
        let stack = try world.spawnNavigationStack(frame: Rect(x: 10, y: 20, width: 400, height: 800), root: home)
        let screen = try world.spawnScreen(for: stack, cornerRadius: 12)
        let label = try world.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 100), in: screen)
        world.run(ticks: 10)
        #expect(try world.presentation(of: screen).frame == Rect(x: 0, y: 0, width: 400, height: 800))
        #expect(try world.presentation(of: screen).cornerRadius == 12)
        #expect(!world.renderList.contains { $0.entity == screen || $0.entity == label })
        #expect(world.hitTest(Point(x: 50, y: 50))?.entity == home)
        try world.push(screen, onto: stack, transition: .identity)
        world.run(ticks: 60)
        #expect(try world.screens(of: stack) == [home, screen])
        #expect(world.hitTest(Point(x: 50, y: 50))?.entity == label)
        try world.pop(stack, transition: .identity)
        world.run(ticks: 60)
        #expect(!world.renderList.contains { $0.entity == screen || $0.entity == label })
        try world.push(screen, onto: stack, transition: .identity)
        world.run(ticks: 60)
        #expect(world.renderList.contains { $0.entity == label })
    }

    @Test("spawnScreen refuses what is not a stack, and a bad radius, leaving the world unchanged")
    func badInput() throws {
        let world = World()
        let home = try world.spawnView(frame: stackFrame)
        let stack = try world.spawnNavigationStack(frame: stackFrame, root: home)
        world.tick()
        let before = world.fingerprint
        #expect { try world.spawnScreen(for: home) } throws: { error in
            if case .notANavigationStack(home)? = error as? PortalError { true } else { false }
        }
        #expect { try world.spawnScreen(for: stack, cornerRadius: .nan) } throws: { error in
            if case .invalidGeometry("cornerRadius", _, _)? = error as? PortalError { true } else { false }
        }
        #expect(throws: PortalError.self) { try world.spawnScreen(for: stack, cornerRadius: -1) }
        #expect(world.fingerprint == before)
        let gone = try world.spawnView(frame: stackFrame)
        try world.despawn(gone)
        world.tick()
        let settled = world.fingerprint
        #expect(throws: PortalError.self) { try world.spawnScreen(for: gone) }
        #expect(world.fingerprint == settled)
    }

    @Test("spawnScreen is recorded and replayed")
    func replays() throws {
        let world = World()
        try world.startRecording()
        let home = try world.spawnView(frame: stackFrame)
        let stack = try world.spawnNavigationStack(frame: stackFrame, root: home)
        let screen = try world.spawnScreen(for: stack, cornerRadius: 4)
        _ = try world.spawnView(frame: Rect(x: 5, y: 5, width: 50, height: 50), in: screen)
        world.run(ticks: 3)
        try world.push(screen, onto: stack)
        world.run(ticks: 20)
        let text = try #require(world.stopRecording())
        #expect(text.contains("screen stack="))
        let replayed = try Trace(text).replay()
        #expect(replayed.renderList == world.renderList)
    }
}

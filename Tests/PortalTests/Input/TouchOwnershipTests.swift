import Testing
@testable import Portal

/// What a fake pan candidate did, in order.
final class PanLog {
    var entries: [String] = []
    var updates: [(Entity, PanUpdate)] = []
}

/// A fake pan candidate, as a user component on a view: which axes it follows, whether it is at
/// the edge the travel pushes against (declines the first round), whether it bounces (claims the
/// fallback round), whether a press stops it.
struct FakePannable {
    var name: String
    var axes: [PanAxis]
    var atEdge = false
    var bounces = false
    var stops = false
    var isCandidate = true
    let log: PanLog
}

/// A feature whose pan handler is `FakePannable`, registered after the built-in ones.
enum FakePanFeature: Feature {
    static let name = "fakePan"
    static func register(in features: inout FeatureRegistry) {
        func pannable(_ world: World, _ view: Entity) -> FakePannable? { try? world.component(FakePannable.self, of: view) }
        features.addPanHandler(
            isCandidate: { world, view in pannable(world, view)?.isCandidate == true },
            pressed: { world, view, _ in
                guard let p = pannable(world, view) else { return false }
                p.log.entries.append("pressed \(p.name)")
                return p.stops
            },
            claims: { world, view, offer in
                guard let p = pannable(world, view) else { return false }
                p.log.entries.append("offer \(p.name) \(offer.axis) \(offer.isFallback ? "fallback" : "first")")
                guard p.axes.contains(offer.axis) else { return false }
                return offer.isFallback ? p.bounces : !p.atEdge
            },
            update: { world, view, update, _ in
                // A despawned candidate has lost its component: log under "gone", in the scene's log.
                var log: PanLog?
                try? world.forEach(FakePannable.self) { _, p in log = p.log }
                log?.entries.append("\(update.phase) \(pannable(world, view)?.name ?? "gone")")
                log?.updates.append((view, update))
            })
    }
}

/// A world with the fake handler, a screen-sized root, and two nested fake candidates under it:
/// `outer` (a vertical list) holding `inner` (a horizontal carousel) holding `cell`.
struct NestedPanScene {
    let world: World
    let log = PanLog()
    let root: Entity, outer: Entity, inner: Entity, cell: Entity

    init() throws {
        var features = FeatureRegistry.builtIn()
        features.register(FakePanFeature.self)
        world = World(features: features)
        try world.register(FakePannable.self)
        root = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        outer = try world.spawnView(frame: Rect(x: 0, y: 100, width: 390, height: 600), in: root)
        inner = try world.spawnView(frame: Rect(x: 0, y: 100, width: 390, height: 200), in: outer)
        cell = try world.spawnView(frame: Rect(x: 20, y: 20, width: 150, height: 150), in: inner)
        try world.insert(FakePannable(name: "outer", axes: [.vertical], log: log), for: outer)
        try world.insert(FakePannable(name: "inner", axes: [.horizontal], log: log), for: inner)
        world.tick()
    }

    func set(_ view: Entity, _ change: (inout FakePannable) -> Void) throws {
        var p = try world.component(FakePannable.self, of: view)
        change(&p)
        try world.insert(p, for: view)
    }
}

@Suite("Who owns a touch: the arbiter's rules, row by row (the table in the article Input)")
struct TouchOwnershipTests {
    // The press in the cell: global (50, 230).
    static let press = (x: Float(50), y: Float(230))

    @Test("row 1: at the press, the candidates are the hit view's and its ancestors', innermost first, and each is told")
    func candidatesInnermostFirst() throws {
        let s = try NestedPanScene()
        var f = Finger(world: s.world)
        try f.down(Self.press.x, Self.press.y)
        s.world.tick()
        #expect(s.log.entries == ["pressed inner", "pressed outer"])
        #expect(s.world.pointers.records[0].candidates.map(\.view) == [s.inner, s.outer])
    }

    @Test("row 2: a press that stops something is not a tap, and can still pan")
    func stoppedPressIsNoTap() throws {
        let s = try NestedPanScene()
        try s.set(s.outer) { $0.stops = true }
        var f = Finger(world: s.world)
        try f.down(Self.press.x, Self.press.y)
        try f.up(Self.press.x, Self.press.y)
        s.world.tick()
        #expect(s.world.drainPointerEvents().isEmpty)
        try f.down(Self.press.x, Self.press.y, after: 1)
        try f.move(Self.press.x, Self.press.y + 12)
        s.world.tick()
        #expect(s.world.pointerState(1)?.gesture == .panning(owner: s.outer, axis: .vertical))
        // Without the stop, the same press and release taps the cell.
        try f.up(Self.press.x, Self.press.y + 12)
        try s.set(s.outer) { $0.stops = false }
        try f.down(Self.press.x, Self.press.y, after: 1)
        try f.up(Self.press.x, Self.press.y)
        s.world.tick()
        #expect(s.world.drainPointerEvents().map { if case let .tapped(t) = $0 { t.hit?.entity } else { nil } } == [Optional(s.cell)])
    }

    @Test("row 3: the first move past 10 pt locks the axis to the larger component of the travel (a tie is vertical)")
    func axisLock() throws {
        let s = try NestedPanScene()
        for (dx, dy, axis) in [(Float(11), Float(3), PanAxis.horizontal), (3, -11, .vertical), (-8, 8, .vertical), (8.1, -8, .horizontal)] {
            var f = Finger(world: s.world)
            try f.down(Self.press.x, Self.press.y)
            try f.move(Self.press.x + dx * 0.5, Self.press.y + dy * 0.5)   // within the slop: nothing yet
            s.world.tick()
            #expect(s.world.pointerState(1)?.gesture == .possible)
            try f.move(Self.press.x + dx, Self.press.y + dy)
            s.world.tick()
            let owner = axis == .horizontal ? s.inner : s.outer
            #expect(s.world.pointerState(1)?.gesture == .panning(owner: owner, axis: axis), "travel (\(dx), \(dy))")
            try f.up(Self.press.x + dx, Self.press.y + dy)
            s.world.tick()
        }
    }

    @Test("row 4: the first round offers the pan innermost first; the first to claim owns it")
    func firstRoundInnermostFirst() throws {
        let s = try NestedPanScene()
        try s.set(s.outer) { $0.axes = [.vertical, .horizontal] }   // both could take a horizontal pan
        var f = Finger(world: s.world)
        try f.down(Self.press.x, Self.press.y)
        try f.move(Self.press.x - 12, Self.press.y)
        s.world.tick()
        #expect(s.log.entries == ["pressed inner", "pressed outer", "offer inner horizontal first", "began inner"])
        // A vertical pan: the carousel declines, the list claims.
        try f.up(Self.press.x - 12, Self.press.y)
        try f.down(Self.press.x, Self.press.y, after: 1)
        try f.move(Self.press.x, Self.press.y - 12)
        s.world.tick()
        #expect(Array(s.log.entries.suffix(5)) == ["pressed inner", "pressed outer", "offer inner vertical first", "offer outer vertical first", "began outer"])
    }

    @Test("row 5: a candidate at its edge declines the first round and the pan goes on outwards (the carousel hands over)")
    func atTheEdgeHandsOver() throws {
        let s = try NestedPanScene()
        try s.set(s.inner) { $0.atEdge = true; $0.bounces = true }
        try s.set(s.outer) { $0.axes = [.vertical, .horizontal] }
        var f = Finger(world: s.world)
        try f.down(Self.press.x, Self.press.y)
        try f.move(Self.press.x + 12, Self.press.y)
        s.world.tick()
        #expect(Array(s.log.entries.suffix(3)) == ["offer inner horizontal first", "offer outer horizontal first", "began outer"])
    }

    @Test("row 6: when every candidate declines, the fallback round offers it again in the same order (a bouncing view takes it)")
    func fallbackRound() throws {
        let s = try NestedPanScene()
        try s.set(s.inner) { $0.atEdge = true; $0.bounces = true }
        var f = Finger(world: s.world)
        try f.down(Self.press.x, Self.press.y)
        try f.move(Self.press.x + 12, Self.press.y)
        s.world.tick()
        #expect(Array(s.log.entries.suffix(4)) == ["offer inner horizontal first", "offer outer horizontal first",
                                                   "offer inner horizontal fallback", "began inner"])
        #expect(s.world.pointerState(1)?.gesture == .panning(owner: s.inner, axis: .horizontal))
    }

    @Test("row 7: when no one claims either round, the pointer is unclaimed until it lifts: no owner, no tap")
    func unclaimed() throws {
        let s = try NestedPanScene()
        try s.set(s.inner) { $0.atEdge = true }
        var f = Finger(world: s.world)
        try f.down(Self.press.x, Self.press.y)
        try f.move(Self.press.x + 12, Self.press.y)
        try f.move(Self.press.x + 40, Self.press.y + 40)
        s.world.tick()
        #expect(s.world.pointerState(1)?.gesture == .unclaimed)
        #expect(Array(s.log.entries.suffix(4)) == ["offer inner horizontal first", "offer outer horizontal first",
                                                   "offer inner horizontal fallback", "offer outer horizontal fallback"])
        try f.up(Self.press.x, Self.press.y)
        s.world.tick()
        #expect(s.log.updates.isEmpty && s.world.drainPointerEvents().isEmpty)
    }

    @Test("row 8: a candidate that owns one pointer's pan is skipped for another's")
    func oneOwnerPerCandidate() throws {
        let s = try NestedPanScene()
        try s.set(s.outer) { $0.axes = [.vertical, .horizontal] }
        var a = Finger(world: s.world, id: 1), b = Finger(world: s.world, id: 2)
        try a.down(Self.press.x, Self.press.y)
        try a.move(Self.press.x + 12, Self.press.y)
        try b.down(Self.press.x + 100, Self.press.y)
        try b.move(Self.press.x + 112, Self.press.y)
        s.world.tick()
        #expect(s.world.pointerState(1)?.gesture == .panning(owner: s.inner, axis: .horizontal))
        #expect(s.world.pointerState(2)?.gesture == .panning(owner: s.outer, axis: .horizontal))
        // The second pointer's offer skips the carousel, which the first one's pan owns.
        #expect(s.log.entries == ["pressed inner", "pressed outer", "offer inner horizontal first", "began inner",
                                  "pressed inner", "pressed outer", "offer outer horizontal first", "began outer"])
    }

    @Test("row 9: the owner gets .began (translation zero), .changed with the travel since the lock, .ended with the tracker's velocity at the lift")
    func ownerUpdates() throws {
        let s = try NestedPanScene()
        var f = Finger(world: s.world)
        var reference = VelocityTracker()
        try f.down(Self.press.x, Self.press.y)
        try reference.add(Point(x: Self.press.x, y: Self.press.y), at: f.time)
        var xs: [Float] = [], velocities: [Point] = []
        for k in 1...8 {
            let x = Self.press.x - Float(k * 7), y = Self.press.y + Float(k)
            try f.move(x, y, after: 0.008 + Double(k % 2) * 0.001)
            try reference.add(Point(x: x, y: y), at: f.time)
            xs.append(x)
            velocities.append(reference.velocity(at: f.time))
        }
        try f.up(xs.last!, Self.press.y + 8, after: 0.004)
        s.world.tick()
        let updates = s.log.updates.map(\.1)
        #expect(updates.map(\.phase) == [.began, .changed, .changed, .changed, .changed, .changed, .changed, .ended])
        #expect(s.log.updates.allSatisfy { $0.0 == s.inner })
        // Locked at the second move (14 pt); translations from there.
        let lock = Point(x: Self.press.x - 14, y: Self.press.y + 2)
        #expect(updates[0].translation == .zero && updates[0].location == lock && updates.allSatisfy { $0.axis == .horizontal })
        for k in 1..<7 {
            #expect(updates[k].translation == Point(x: xs[k + 1] - lock.x, y: Float(k + 2) - 2))
            #expect(updates[k].velocity == velocities[k + 1])
        }
        // .ended: the lift's translation, the tracker's velocity at the lift's time.
        #expect(updates[7].translation == Point(x: xs[7] - lock.x, y: 8 - 2))
        #expect(updates[7].velocity == reference.velocity(at: f.time))
        #expect(updates[0].velocity == velocities[1] && updates[7].velocity.x < -700)
    }

    @Test("row 9b: .ended carries the tracker's velocity at the lift; after a pause of more than 40 ms it is zero")
    func endedVelocity() throws {
        let s = try NestedPanScene()
        for pause in [0.004, 0.041] {
            s.log.updates.removeAll()
            var f = Finger(world: s.world)
            var reference = VelocityTracker()
            try f.down(Self.press.x, Self.press.y, after: 1)
            try reference.add(Point(x: Self.press.x, y: Self.press.y), at: f.time)
            for k in 1...6 {
                try f.move(Self.press.x + Float(k * 9), Self.press.y)
                try reference.add(Point(x: Self.press.x + Float(k * 9), y: Self.press.y), at: f.time)
            }
            try f.up(Self.press.x + 54, Self.press.y, after: pause)
            s.world.tick()
            let ended = try #require(s.log.updates.last?.1)
            #expect(ended.phase == .ended && ended.translation == Point(x: 54 - 18, y: 0))
            let expected = reference.velocity(at: f.time)
            #expect(ended.velocity == expected)
            #expect(pause < 0.04 ? abs(expected.x - 1125) < 1 : expected == .zero)
        }
    }

    @Test("row 10: a cancelled pointer cancels its owner's pan")
    func cancelledPointer() throws {
        let s = try NestedPanScene()
        var f = Finger(world: s.world)
        try f.down(Self.press.x, Self.press.y)
        try f.move(Self.press.x, Self.press.y + 20)
        try f.cancel()
        s.world.tick()
        #expect(s.log.updates.map(\.1.phase) == [.began, .cancelled] && s.log.updates.allSatisfy { $0.0 == s.outer })
        #expect(s.world.pointerState(1) == nil)
    }

    @Test("row 11: an owner that stops being a candidate (its handler says so, hidden, despawned) gets .cancelled, and no one takes the rest")
    func ownerLost() throws {
        for way in 0..<3 {
            let s = try NestedPanScene()
            try s.set(s.inner) { $0.axes = [.vertical, .horizontal] }
            var f = Finger(world: s.world)
            try f.down(Self.press.x, Self.press.y)
            try f.move(Self.press.x, Self.press.y + 20)
            s.world.tick()
            #expect(s.world.pointerState(1)?.gesture == .panning(owner: s.inner, axis: .vertical))
            switch way {
            case 0: try s.set(s.inner) { $0.isCandidate = false }
            case 1: try s.world.setHidden(true, of: s.inner)
            default: try s.world.despawn(s.inner)
            }
            s.world.tick()        // the tick's pass notices without an event
            #expect(s.log.updates.map(\.1.phase) == [.began, .cancelled], "way \(way)")
            try f.move(Self.press.x, Self.press.y + 60)
            try f.up(Self.press.x, Self.press.y + 60)
            s.world.tick()
            #expect(s.log.updates.count == 2 && !s.log.entries.contains("began outer"), "way \(way)")
        }
    }

    @Test("row 12: a long press owns the touch: later travel offers no pan")
    func longPressOwns() throws {
        let s = try NestedPanScene()
        var f = Finger(world: s.world)
        try f.down(Self.press.x, Self.press.y)
        s.world.run(ticks: 61)
        try f.move(Self.press.x, Self.press.y + 30, after: 0.6)
        s.world.tick()
        #expect(s.world.pointerState(1)?.gesture == .longPress && !s.log.entries.contains { $0.hasPrefix("offer") })
    }
}

/// A stack 390 × 844 showing `top` over `root`, at rest, with its pop starting as given.
struct PopScene {
    let world = World()
    let stack: Entity, root: Entity, top: Entity

    init(start: InteractivePopStart = .edge(width: 20)) throws {
        root = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        stack = try world.spawnNavigationStack(frame: Rect(x: 0, y: 0, width: 390, height: 844), root: root, interactivePopStart: start)
        world.tick()
        top = try world.spawnScreen(for: stack)
        try world.push(top, onto: stack)
        world.run(ticks: 80)
        precondition(try! world.navigationProgress(of: stack) == nil)
        _ = world.drainEvents()
    }

    /// Drags from `x` at y 400 rightwards by `step` points every 8 ms, `moves` times, then
    /// lifts; returns the tracker's velocity at the lift and the last location.
    func drag(from x: Float, step: Float, moves: Int, liftAfter pause: Double = 0.008) throws -> (velocity: Point, last: Float) {
        var f = Finger(world: world)
        var reference = VelocityTracker()
        try f.down(x, 400)
        try reference.add(Point(x: x, y: 400), at: f.time)
        var last = x
        for _ in 0..<moves {
            last += step
            try f.move(last, 400)
            try reference.add(Point(x: last, y: 400), at: f.time)
        }
        try f.up(last, 400, after: pause)
        return (reference.velocity(at: f.time), last)
    }

    func popEnd() -> InteractivePopDecision? {
        for event in world.drainEvents() { if case let .interactivePopDidEnd(decision, _) = event { return decision } }
        return nil
    }
}

@Suite("The navigation stack's pan: the interactive pop driven by a pointer")
struct NavigationPanTests {
    @Test("an edge drag begins the pop, follows the finger (progress = travel since the lock ÷ width), and a fling finishes it")
    func edgeFlingPops() throws {
        let s = try PopScene()
        var f = Finger(world: s.world)
        try f.down(5, 400)
        try f.move(17, 400)                  // 12 pt: locks, horizontal, rightwards, from the 20 pt strip
        s.world.tick()
        #expect(s.world.pointerState(1)?.gesture == .panning(owner: s.stack, axis: .horizontal))
        #expect(try s.world.navigationProgress(of: s.stack) == 0)
        try f.move(95, 400)
        s.world.tick()
        #expect(try s.world.navigationProgress(of: s.stack) == 78 / 390)
        // The host's own pop is refused meanwhile, as during a host-driven interactive pop.
        #expect(throws: PortalError.interactivePopInProgress(s.stack)) { try s.world.pop(s.stack) }
        try f.move(120, 400)
        try f.up(120, 400)
        s.world.tick()
        let decision = try #require(s.popEnd())
        #expect(decision.finishes && decision.progress == 103 / 390)
        s.world.run(ticks: 60)
        #expect(try s.world.screens(of: s.stack) == [s.root] && s.world.navigationProgress(of: s.stack) == nil)
    }

    @Test("the release follows InteractivePopDecision's rule with the tracker's velocity: a fling finishes, a slow short drag cancels, a slow long one finishes")
    func releaseRule() throws {
        for (step, moves, finishes) in [(Float(20), 6, true), (Float(1), 40, false), (Float(1.5), 80, true)] {
            let s = try PopScene()
            let (velocity, last) = try s.drag(from: 4, step: step, moves: moves)
            s.world.tick()
            let decision = try #require(s.popEnd())
            // The lock came at the first move past 10 pt from the press.
            let lockMove = Int((10 / step).rounded(.down)) + 1
            let progress = min(max((last - (4 + step * Float(lockMove))) / 390, 0), 1)
            let rule = World.interactivePopDecision(progress: progress, velocity: velocity.x)
            #expect(decision == InteractivePopDecision(stack: s.stack, finishes: rule.finish, progress: progress,
                                                       completionSpeed: rule.finish ? rule.speed : 1), "step \(step)")
            #expect(decision.finishes == finishes, "step \(step): velocity \(velocity.x), progress \(progress)")
            s.world.run(ticks: 80)
            #expect(try s.world.screens(of: s.stack) == (finishes ? [s.root] : [s.root, s.top]))
        }
    }

    @Test("edge mode: a drag starting outside the strip, leftwards, or vertical does not pop; anywhere mode pops from the middle")
    func whereItStarts() throws {
        let s = try PopScene()
        var f = Finger(world: s.world)
        for (x, dx, dy) in [(Float(25), Float(40), Float(0)), (5, -1, 40), (150, -40, 0)] {
            try f.down(x, 400, after: 1)
            try f.move(x + dx, 400 + dy)
            try f.up(x + dx, 400 + dy)
            s.world.tick()
            #expect(try s.world.navigationProgress(of: s.stack) == nil && s.popEnd() == nil, "from \(x) by (\(dx), \(dy))")
        }
        // Leftwards from the edge strip (x 5 → −35): not towards the trailing side.
        try f.down(5, 400, after: 1)
        try f.move(-35, 400)
        s.world.tick()
        #expect(s.world.pointerState(1)?.gesture == .unclaimed)
        try f.up(-35, 400)
        s.world.tick()
        let anywhere = try PopScene(start: .anywhere)
        _ = try anywhere.drag(from: 200, step: 20, moves: 6)
        anywhere.world.tick()
        #expect(anywhere.popEnd()?.finishes == true)
    }

    @Test("a cancelled pointer cancels the pop; a stack mid-transition is no candidate")
    func cancelAndBusy() throws {
        let s = try PopScene()
        var f = Finger(world: s.world)
        try f.down(5, 400)
        try f.move(150, 400)
        try f.move(200, 400)
        try f.cancel()
        s.world.tick()
        let decision = try #require(s.popEnd())
        #expect(!decision.finishes && decision.progress == 50 / 390 && decision.completionSpeed == 1)
        s.world.run(ticks: 60)
        #expect(try s.world.screens(of: s.stack) == [s.root, s.top])
        // While a pop runs, a new drag from the edge does not start another.
        try s.world.pop(s.stack)
        s.world.tick()
        try f.down(5, 400, after: 1)
        try f.move(60, 400)
        s.world.tick()
        #expect(s.world.pointerState(1)?.gesture == .unclaimed)
    }
}

/// A horizontal carousel in a vertical list on the top screen of a stack (edge pop, 20 pt).
struct CarouselScene {
    let pop: PopScene
    let list: Entity, carousel: Entity
    var world: World { pop.world }

    init(start: InteractivePopStart = .edge(width: 20)) throws {
        pop = try PopScene(start: start)
        let world = pop.world
        list = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844), in: pop.top)
        carousel = try world.spawnView(frame: Rect(x: 0, y: 200, width: 390, height: 200), in: list)
        for k in 0..<6 { _ = try world.spawnView(frame: Rect(x: Float(k) * 200 + 10, y: 10, width: 180, height: 180), in: carousel) }
        try world.makeScrollView(list, configuration: ScrollViewConfiguration(contentSize: Size(width: 390, height: 3000), axes: .vertical))
        try world.makeScrollView(carousel, configuration: ScrollViewConfiguration(contentSize: Size(width: 1210, height: 200), axes: .horizontal))
        world.run(ticks: 2)
        _ = world.drainEvents()
    }

    func offset(_ view: Entity) throws -> Point { try world.scrollViewState(of: view).contentOffset }

    /// A drag from (x, 300) — on the carousel — by (dx, dy) per 8 ms, `moves` times, applied one
    /// move per tick; returns the pointer's gesture before the lift.
    func drag(from x: Float, by dx: Float, _ dy: Float, moves: Int = 10, id: Int = 1) throws -> PointerGesture? {
        var f = Finger(world: world, id: id, time: 1000 + world.time)
        try f.down(x, 300)
        world.tick()
        for k in 1...moves {
            try f.move(x + dx * Float(k), 300 + dy * Float(k))
            world.tick()
        }
        let gesture = world.pointerState(id)?.gesture
        try f.up(x + dx * Float(moves), 300 + dy * Float(moves))
        world.tick()
        return gesture
    }
}

@Suite("Nested scroll views in a stack: a carousel in a list")
struct NestedScrollTests {
    @Test("a vertical drag on the carousel scrolls the list, 1:1 after the lock")
    func verticalScrollsTheList() throws {
        let s = try CarouselScene()
        #expect(try s.drag(from: 200, by: 0, -15) == .panning(owner: s.list, axis: .vertical))
        // Locked at the first move (15 pt); the finger went up 135 pt more: the offset follows it down the content.
        #expect(try s.offset(s.carousel) == .zero && s.offset(s.list).y >= 135)
        #expect(try s.world.navigationProgress(of: s.pop.stack) == nil)
    }

    @Test("a horizontal drag scrolls the carousel; from the edge strip, it still does when the carousel is off its leading edge")
    func horizontalScrollsTheCarousel() throws {
        let s = try CarouselScene()
        #expect(try s.drag(from: 300, by: -15, 0) == .panning(owner: s.carousel, axis: .horizontal))
        s.world.run(ticks: 240)                      // let the glide end
        let x = try s.offset(s.carousel).x
        #expect(try x >= 135 && s.offset(s.list) == .zero)
        // Off its leading edge, the carousel takes a rightwards drag from the edge strip: no pop.
        #expect(try s.drag(from: 5, by: 12, 0, moves: 5) == .panning(owner: s.carousel, axis: .horizontal))
        #expect(try s.world.navigationProgress(of: s.pop.stack) == nil)
        #expect(try s.world.screens(of: s.pop.stack).count == 2)
    }

    @Test("at its leading edge the carousel hands a rightwards edge drag to the stack: the pop begins and a fling finishes it")
    func atTheLeadingEdgeThePopBegins() throws {
        let s = try CarouselScene()
        #expect(try s.offset(s.carousel).x == 0)
        #expect(try s.drag(from: 5, by: 25, 0, moves: 8) == .panning(owner: s.pop.stack, axis: .horizontal))
        #expect(s.pop.popEnd()?.finishes == true)
        s.world.run(ticks: 80)
        #expect(try s.world.screens(of: s.pop.stack) == [s.pop.root])
    }

    @Test("at its leading edge, a rightwards drag outside the strip rubber-bands the carousel (the fallback round), not the stack")
    func outsideTheStripTheCarouselBounces() throws {
        let s = try CarouselScene()
        #expect(try s.drag(from: 100, by: 15, 0) == .panning(owner: s.carousel, axis: .horizontal))
        #expect(s.pop.popEnd() == nil)
        #expect(try s.world.screens(of: s.pop.stack).count == 2)
        // With the pop allowed anywhere, the stack takes it in the first round instead.
        let anywhere = try CarouselScene(start: .anywhere)
        #expect(try anywhere.drag(from: 100, by: 15, 0) == .panning(owner: anywhere.pop.stack, axis: .horizontal))
    }
}

/// Random nested layouts and random drags: every touch has at most one owner, and owners never
/// change mid-gesture except by cancellation.
@Suite("Touch ownership: a seeded property test")
struct TouchOwnershipPropertyTests {
    @Test(arguments: LongTests.size([1, 2, 3], long: [1, 2, 3, 4, 5, 6]) as [UInt64])
    func ownersAreExclusiveAndStable(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var features = FeatureRegistry.builtIn()
        features.register(FakePanFeature.self)
        let world = World(features: features)
        let log = PanLog()
        try world.register(FakePannable.self)
        let root = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let stack = try world.spawnNavigationStack(frame: Rect(x: 0, y: 0, width: 390, height: 844), root: root,
                                                   interactivePopStart: Bool.random(using: &rng) ? .anywhere : .edge(width: 20))
        world.tick()
        let top = try world.spawnScreen(for: stack)
        try world.push(top, onto: stack)
        world.run(ticks: 80)
        // A random tree under the top screen: scroll views (random axes, sizes, offsets), fake
        // candidates (random axes, edges, bounces), plain views.
        var candidates: [Entity] = []
        var parents: [(Entity, Size)] = [(top, Size(width: 390, height: 844))]
        for _ in 0..<Int.random(in: 6...24, using: &rng) {
            let (parent, size) = parents.randomElement(using: &rng)!
            let w = Float.random(in: 40...max(41, size.width), using: &rng), h = Float.random(in: 40...max(41, size.height), using: &rng)
            let frame = Rect(x: Float.random(in: 0...max(0, size.width - w), using: &rng), y: Float.random(in: 0...max(0, size.height - h), using: &rng),
                             width: w, height: h)
            let view = try world.spawnView(frame: frame, in: parent)
            parents.append((view, frame.size))
            switch Int.random(in: 0..<4, using: &rng) {
            case 0:
                let axes: ScrollAxes = [[.horizontal], [.vertical], [.horizontal, .vertical]].randomElement(using: &rng)!
                try world.makeScrollView(view, configuration: ScrollViewConfiguration(
                    contentSize: Size(width: w * Float.random(in: 0.5...4, using: &rng), height: h * Float.random(in: 0.5...4, using: &rng)),
                    axes: axes, isPagingEnabled: Bool.random(using: &rng), bounces: Bool.random(using: &rng)))
                candidates.append(view)
            case 1:
                let axes: [PanAxis] = [[.horizontal], [.vertical], [.horizontal, .vertical]].randomElement(using: &rng)!
                try world.insert(FakePannable(name: "\(view)", axes: axes, atEdge: Bool.random(using: &rng), bounces: Bool.random(using: &rng),
                                              stops: Bool.random(using: &rng), log: log), for: view)
                candidates.append(view)
            default: break
            }
        }
        world.tick()

        // Per pointer: the owner it had, and whether its pan was lost (cancelled by the arbiter).
        var lastGesture: [Int: PointerGesture] = [:]
        var fingers: [Int: Finger] = [:]
        var lost: Set<Entity> = []          // candidates made to stop being candidates
        var time = 100.0
        var owners = 0, cancellations = 0
        for step in 0..<600 {
            time += Double.random(in: 0.004...0.02, using: &rng)
            // Pointer events for this tick.
            for id in 1...3 where Int.random(in: 0..<3, using: &rng) == 0 || fingers[id] != nil {
                if var f = fingers[id] {
                    let roll = Int.random(in: 0..<20, using: &rng)
                    let last = world.pointerState(id)?.location ?? Point(x: 100, y: 100)
                    if roll == 0 {
                        try f.cancel(after: time - f.time); fingers[id] = nil
                    } else if roll < 3 {
                        try f.up(last.x, last.y, after: time - f.time); fingers[id] = nil
                    } else {
                        try f.move(last.x + Float.random(in: -30...30, using: &rng), last.y + Float.random(in: -30...30, using: &rng), after: time - f.time)
                        fingers[id] = f
                    }
                } else {
                    var f = Finger(world: world, id: id, time: time)
                    try f.down(Float.random(in: 0...390, using: &rng), Float.random(in: 0...844, using: &rng))
                    fingers[id] = f
                }
            }
            // Now and then a candidate stops being one mid-gesture.
            if step % 37 == 36, let victim = candidates.randomElement(using: &rng), world.isAlive(victim) {
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: try world.setHidden(true, of: victim)
                case 1:
                    if world.isScrollView(victim) { try world.removeScrollView(victim) } else { _ = try? world.removeComponent(FakePannable.self, from: victim) }
                default: try world.despawn(victim)
                }
                lost.insert(victim)
            }
            world.tick()
            // The checks, per tick.
            var ownedNow: [Entity: Int] = [:]
            for id in 1...3 {
                let now = world.pointerState(id)?.gesture
                let before = lastGesture[id]
                if let now, case let .panning(owner, _) = now {
                    #expect(ownedNow[owner] == nil, "seed \(seed) step \(step): \(owner) owns pointers \(ownedNow[owner]!) and \(id)")
                    ownedNow[owner] = id
                    if case let .panning(previous, _)? = before { #expect(previous == owner, "seed \(seed) step \(step): pointer \(id)'s owner changed mid-gesture") }
                    else { #expect(before == nil || before == .possible, "seed \(seed) step \(step): pointer \(id) went from \(String(describing: before)) to panning") }
                    if before != .panning(owner: owner, axis: .horizontal) && before != .panning(owner: owner, axis: .vertical) { owners += 1 }
                }
                if let now, now == .unclaimed, case let .panning(previous, _)? = before {
                    #expect(lost.contains(previous), "seed \(seed) step \(step): pointer \(id) lost \(previous), which stayed a candidate")
                    cancellations += 1
                }
                if now == .possible, let before { #expect(before == .possible, "seed \(seed) step \(step): pointer \(id) went back to possible") }
                lastGesture[id] = now
                if fingers[id] == nil { lastGesture[id] = nil }
            }
            // The scroll views dragged are exactly the scroll views owning a pointer's pan.
            for view in candidates where world.isAlive(view) && world.isScrollView(view) {
                let dragged = try world.scrollViewState(of: view).isDragging
                #expect(dragged == (ownedNow[view] != nil), "seed \(seed) step \(step): \(view) dragging \(dragged), owner \(String(describing: ownedNow[view]))")
            }
        }
        // Lift everything; then each fake candidate's updates are whole pans, one at a time:
        // began, changed…, then ended or cancelled.
        for (id, var f) in fingers.sorted(by: { $0.key < $1.key }) {
            try f.up(0, 0, after: 0.01)
            _ = id
        }
        world.run(ticks: 2)
        var open: [Entity: Bool] = [:]
        for (view, update) in log.updates {
            switch update.phase {
            case .began:
                #expect(open[view] != true, "seed \(seed): \(view) began a second pan before ending the first")
                open[view] = true
            case .changed:
                #expect(open[view] == true, "seed \(seed): \(view) changed outside a pan")
            case .ended, .cancelled:
                #expect(open[view] == true, "seed \(seed): \(view) ended outside a pan")
                open[view] = false
            }
        }
        #expect(!open.values.contains(true), "seed \(seed): a pan never ended")
        #expect(owners > 5, "seed \(seed): only \(owners) pans were owned")
        _ = cancellations
    }
}

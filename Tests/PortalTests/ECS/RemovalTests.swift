import Testing
@testable import Portal

// Regression tests for issue 12's removal classes: slot reuse within a tick, entities Portal
// removes itself, double release, and dead handles or out-of-order ticks in the output. Each
// reproduces what the fuzzer found in a few calls.

private let screenFrame = Rect(x: 0, y: 0, width: 390, height: 844)

/// The render list draws each live view at most once, and only live, spawned views.
private func expectDrawnOnce(_ world: World, sourceLocation: SourceLocation = #_sourceLocation) {
    let entities = world.renderList.map(\.entity)
    #expect(Set(entities).count == entities.count, "a view is drawn twice: \(entities)", sourceLocation: sourceLocation)
    #expect(entities.allSatisfy { world.allocator.isAlive($0) }, sourceLocation: sourceLocation)
}

@Suite("Removal: slot reuse, Portal's own entities, double release, dead handles")
struct RemovalTests {
    // MARK: 1. A slot freed and reused within one tick

    @Test func despawnInSameFrameThenPortalDoesNotAliasSlot() throws {
        let (world, config) = try heroWorld()
        let doomed = try world.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try world.despawn(doomed)
        try world.portalTransition(id: "hero", isActive: true, config: config)
        world.tick()   // the despawn frees the new view's slot; the layer spawned next must not take it
        expectDrawnOnce(world)
        #expect(world.renderList.count == 1 && world.renderList[0].role == .overlay)
        world.run(ticks: 70)
        expectDrawnOnce(world)
    }

    /// Makes an entity whose progress view is spawned at once (`make`), despawns it in the same
    /// frame and starts a flight: the layer, spawned after the despawn in the next tick, must not
    /// take the progress view's slot in that tick. `views` app views are drawn besides the layer.
    private func despawnAtOnceThenFly(views: Int, _ make: (World) throws -> Entity) throws {
        let (world, config) = try heroWorld()
        let made = try make(world)
        try world.despawn(made)   // its progress view, spawned at once, goes at the next tick
        try world.portalTransition(id: "hero", isActive: true, config: config)
        world.tick()
        expectDrawnOnce(world)
        #expect(world.renderList.count == views + 1)
    }

    @Test func stackDespawnedInTheFrameItWasMadeDoesNotAliasSlot() throws {
        try despawnAtOnceThenFly(views: 0) { world in   // the root goes with its stack (its subtree)
            try world.spawnNavigationStack(frame: screenFrame, root: try world.spawnView(frame: screenFrame))
        }
    }

    @Test func headerDespawnedInTheFrameItWasMadeDoesNotAliasSlot() throws {
        try despawnAtOnceThenFly(views: 2) { world in
            try world.flowingHeader(on: try world.spawnView(frame: screenFrame),
                                    title: try world.spawnView(frame: Rect(x: 16, y: 100, width: 200, height: 40)))
        }
    }

    @Test func viewSpawnedLateInATickWhoseFlightStartedAndLandedDoesNotAliasSlot() throws {
        let (world, config) = try heroWorld(animation: .linear(duration: 1.0 / 120))
        var spawned: Entity?
        world.addSystem("late spawn", stage: .finish) { world in
            if spawned == nil, world.tickCount == 1 { spawned = try? world.spawnView(frame: Rect(x: 0, y: 0, width: 5, height: 5)) }
        }
        try world.portalTransition(id: "hero", isActive: true, config: config)
        var landed = false
        world.addSystem("watch", stage: .output) { world in
            landed = landed || world.portalLayers().isEmpty && world.tickCount == 2
        }
        world.tick()   // the layer is spawned in matching and lands in the finish stage; then the system spawns
        #expect(landed && spawned != nil)
        expectDrawnOnce(world)
        world.tick()
        expectDrawnOnce(world)
        #expect(world.renderList.contains { $0.entity == spawned })
    }

    // MARK: 2. Entities Portal removes itself

    @Test func componentsCannotBeAttachedToALayerSoNoneOutlivesIt() throws {
        struct Glow { var radius: Float }
        let (world, config) = try heroWorld()
        try world.register(Glow.self)
        try world.portalTransition(id: "hero", isActive: true, config: config)
        world.tick()
        let layer = try #require(world.portalLayer("hero")).layer
        let before = world.fingerprint
        #expect(throws: PortalError.portalLayer(layer)) { try world.insert(Glow(radius: 4), for: layer) }
        #expect(throws: PortalError.portalLayer(layer)) { try world.presentPopup(layer, from: layer, height: 10) }
        #expect(throws: PortalError.portalLayer(layer)) { _ = try world.flowingHeader(on: layer, title: layer) }
        #expect(world.fingerprint == before)
        world.run(ticks: 70)
        #expect(!world.isAlive(layer) && world.count(of: Glow.self) == 0 && world.portalLayers().isEmpty)
    }

    @Test func backdropCannotBeHandedToFeatures() throws {
        let world = World()
        let source = try world.spawnView(frame: Rect(x: 20, y: 100, width: 60, height: 40))
        let content = try world.spawnView(frame: .zero)
        let other = try world.spawnView(frame: .zero)
        try world.setPopupContainer(bounds: screenFrame)
        try world.presentPopup(content, from: source, height: 100)
        world.tick()
        let backdrop = try #require(world.renderList.first { $0.role == .backdrop }).entity
        let before = world.fingerprint
        #expect(throws: PortalError.self) { try world.presentPopup(other, from: backdrop, height: 10) }
        #expect(throws: PortalError.self) { _ = try world.spawnNavigationStack(frame: screenFrame, root: backdrop) }
        #expect(world.fingerprint == before)
        try world.dismissPopup(content)
        world.run(ticks: 30)
        #expect(!world.isAlive(backdrop) && world.presentedPopups.isEmpty)
    }

    @Test func everyRemovalTakesTheOneRemovalPath() throws {
        let world = World()
        var removed: [Entity] = []
        world.removal.register(.feature("probe")) { _, entity in removed.append(entity) }
        // A portal layer that lands.
        let card = try world.spawnView(frame: Rect(x: 0, y: 100, width: 50, height: 50))
        let detail = try world.spawnView(frame: Rect(x: 0, y: 200, width: 200, height: 200))
        try world.portal(card, id: "hero", as: .source)
        try world.portal(detail, id: "hero", as: .destination)
        try world.portalTransition(id: "hero", isActive: true, config: PortalTransitionConfig(animation: PortalAnimation(.linear(duration: 0.1), delay: 0, duration: 0.1)))
        world.tick()
        let layer = try #require(world.portalLayer("hero")).layer
        world.run(ticks: 20)
        #expect(removed == [layer])
        // A popup's backdrop, when the popup is dismissed (from the detail: the card, the
        // portal's source, is hidden now, and a popup from a hidden source leaves at once).
        try world.setPopupContainer(bounds: screenFrame)
        let menu = try world.spawnView(frame: .zero)
        try world.presentPopup(menu, from: detail, height: 100)
        world.tick()
        let backdrop = try #require(world.renderList.first { $0.role == .backdrop }).entity
        try world.dismissPopup(menu)
        world.tick()
        #expect(removed == [layer, backdrop])
        // A stack and its progress view; a header and its progress view; a host despawn.
        let stack = try world.spawnNavigationStack(frame: screenFrame, root: card)
        let stackProgress = try #require(world.navigation.stacks.value(of: stack)).progressView
        let title = try world.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 20))
        let header = try world.flowingHeader(on: detail, title: title)
        let headerProgress = try #require(world.headers.value(of: header)).progressView
        world.tick()
        try world.despawn(stack)
        try world.despawn(header)
        world.tick()
        // Hooks run in registration order; the stack's root screen (card) goes with it, first.
        #expect(removed == [layer, backdrop, card, stack, stackProgress, header, headerProgress])
    }

    @Test func aLayerNeverShowsTheContentOfADespawnedAnchor() throws {
        let (world, config) = try heroWorld()
        let (card, detail) = (Entity(index: 0, generation: 0), Entity(index: 1, generation: 0))
        try world.portalTransition(id: "hero", isActive: true, config: config)
        world.tick()
        #expect(world.renderList.map(\.content) == [card])
        try world.despawn(card)
        world.tick()
        #expect(world.renderList.map(\.content) == [detail])   // the other anchor's content, not a dead one
        try world.despawn(detail)
        world.tick()
        let layer = try #require(world.portalLayer("hero")).layer
        #expect(world.renderList.map(\.content) == [layer])
    }

    // MARK: 3. Double release

    @Test func dismissPopupThenDespawnBackdropReleasesOnce() throws {
        let world = World()
        let source = try world.spawnView(frame: Rect(x: 20, y: 100, width: 60, height: 40))
        let content = try world.spawnView(frame: .zero)
        try world.setPopupContainer(bounds: screenFrame)
        try world.presentPopup(content, from: source, height: 100)
        world.tick()
        let backdrop = try #require(world.renderList.first { $0.role == .backdrop }).entity
        try world.dismissPopup(content)
        #expect(throws: PortalError.self) { try world.despawn(backdrop) }   // Portal's own: refused
        try world.despawn(content)   // dismissed and despawned in one frame: its backdrop goes once
        world.tick()
        let a = try world.spawn(), b = try world.spawn()
        #expect(a != b && a.index != b.index && world.entityCount == 3)
    }

    @Test func removingTwiceReleasesOnce() throws {
        let world = World()
        let view = try world.spawnView(frame: .zero)
        world.tick()
        world.remove(view)
        world.remove(view)   // dead already: nothing happens
        let a = try world.spawn(), b = try world.spawn()
        #expect(a.index == view.index && b.index != view.index)
        world.checkInvariants()
    }

    // MARK: 10. Dead handles and tick order in the output

    @Test func hitTestSkipsEntitiesDespawnedSinceTheLastTick() throws {
        let world = World()
        let root = try world.spawnView(frame: screenFrame)
        let next = try world.spawnView(frame: screenFrame)
        let stack = try world.spawnNavigationStack(frame: screenFrame, root: root)
        let loose = try world.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try world.setZIndex(5, of: loose)
        try world.push(next, onto: stack)
        world.run(ticks: 10)
        #expect(world.hitTest(Point(x: 100, y: 100))?.entity == stack)   // busy while it transitions
        #expect(world.hitTest(Point(x: 5, y: 5))?.entity == stack)
        try world.despawn(stack)
        try world.despawn(loose)
        // Still drawn until the next tick, but their handles are dead: hit testing must not return them.
        for point in [Point(x: 100, y: 100), Point(x: 5, y: 5)] {
            let hit = world.hitTest(point)
            #expect(hit.map { world.isAlive($0.entity) } ?? true)
            #expect(hit?.entity != stack && hit?.entity != loose)
        }
    }

    @Test func screensOfAStackDropADespawnedScreenWhileItsPopAnimates() throws {
        let world = World()
        let root = try world.spawnView(frame: screenFrame)
        let top = try world.spawnView(frame: screenFrame)
        let stack = try world.spawnNavigationStack(frame: screenFrame, root: root)
        try world.push(top, onto: stack)
        world.run(ticks: 120)
        try world.pop(stack)
        world.run(ticks: 5)
        try world.despawn(top)
        world.tick()
        #expect(try world.screens(of: stack) == [root])
        #expect(try world.screens(of: stack).allSatisfy { world.isAlive($0) })
        world.run(ticks: 120)
        #expect(try world.screens(of: stack) == [root])
        #expect(world.renderList.map(\.entity) == [stack, root])
    }

    @Test func eventsCarryTheTickInWhichTheyHappenedInOrder() throws {
        let world = World()
        var stacks: [Entity] = []
        var watched: [AnimationID] = []
        for _ in 0..<2 {
            let root = try world.spawnView(frame: screenFrame)
            let a = try world.spawnView(frame: screenFrame)
            let b = try world.spawnView(frame: screenFrame)
            let stack = try world.spawnNavigationStack(frame: screenFrame, root: root)
            try world.push(a, onto: stack, transition: NavigationTransition.fade(.cross).animation(.linear(duration: 0.25)))
            // Queued behind the first push; b's own long fade is interrupted when it starts.
            try world.push(b, onto: stack, transition: NavigationTransition.fade(.cross).animation(.linear(duration: 0.25)))
            watched.append(try world.animate(b, to: ViewProperties(opacity: 0.5), with: .linear(duration: 10)))
            stacks.append(stack)
        }
        var seen: [(UInt64, WorldEvent)] = []
        for _ in 0..<80 {
            world.tick()
            for event in world.drainEvents() { seen.append((world.tickCount, event)) }
        }
        var last: UInt64 = 0
        var checked = 0
        for (tick, event) in seen {
            let stamped: UInt64?
            switch event {
            case let .navigationWillStart(e), let .navigationDidComplete(e): stamped = e.tick
            case let .animationCompleted(c): stamped = c.tick
            default: stamped = nil
            }
            guard let stamped else { continue }
            #expect(stamped == tick, "\(event) happened in tick \(tick)")
            #expect(stamped >= last)
            last = stamped
            checked += 1
        }
        // Per stack: start, complete, start (queued), complete; b's animation interrupted (two criteria).
        #expect(checked == 2 * 4 + 2 * 2)
        #expect(seen.contains { if case let .animationCompleted(c) = $0.1 { return c.wasInterrupted && watched.contains(c.id) } else { return false } })
    }

    // MARK: Found by the fuzzer after the fixes above

    /// Fuzz seed 5: a configuration's `layerContent` despawned while its layer flies — the layer
    /// drew a dead entity's content.
    @Test func despawnedLayerContentIsNotDrawn() throws {
        let (world, config) = try heroWorld(animation: .linear(duration: 0.5))
        let photo = try world.spawnView(frame: Rect(x: 300, y: 400, width: 30, height: 30))
        var withContent = config
        withContent.layerContent = photo
        try world.portalTransition(id: "hero", isActive: true, config: withContent)
        world.tick()
        #expect(world.renderList.contains { $0.role == .overlay && $0.content == photo })
        try world.despawn(photo)
        for _ in 0..<8 {
            world.tick()
            #expect(!world.renderList.contains { $0.content == photo })
        }
        // The next flight back uses an anchor's content, not the dead one.
        try world.portalTransition(id: "hero", isActive: false, config: config)
        for _ in 0..<8 {
            world.tick()
            #expect(!world.renderList.contains { $0.content == photo })
        }
    }

    /// Fuzz seed 9 (as the fuzzer shrank it): a later request without `layerContent` while the
    /// layer still shows it, then the content despawned.
    @Test func despawnedLayerContentOfAnEarlierConfigurationIsNotDrawn() throws {
        let world = World()
        let e1 = try world.spawnView(frame: Rect(x: 257.0, y: 211.0, width: 205.0, height: 131.0), cornerRadius: 9.509622, opacity: 0.55886185)
        try world.portal(e1, id: "p2", as: .source)
        for _ in 0..<2 { world.tick() }
        let e55 = try world.spawnView(frame: Rect(x: 533.0, y: 626.0, width: 397.0, height: 131.0), cornerRadius: 8.399535, opacity: 0.42183802)
        try world.portalTransition(id: "p2", isActive: true, config: PortalTransitionConfig(animation: PortalAnimation(Animation.timingCurve(0.462, 1.021, 0.068, 0.512, duration: 0.384), delay: 0.06, duration: 0.327), layerContent: e55, allowsHitTesting: true))
        try world.portal(e1, id: "p2", as: .destination)
        for _ in 0..<2 { world.tick() }
        try world.portalTransition(id: "p2", isActive: true, config: PortalTransitionConfig(animation: PortalAnimation(Animation.bouncy, delay: 0.157, duration: 0.318)))
        try world.despawn(e55)
        world.tick()
        #expect(!world.renderList.contains { $0.content == e55 })
    }

    /// Fuzz seed 28 (as shrunk): the mark moves to another portal while a layer of the first
    /// shows the view, then the view is despawned.
    @Test func aViewWhoseMarkMovedIsNotDrawnByTheOldPortalsLayerOnceDespawned() throws {
        let world = World()
        let e3 = try world.spawnView(frame: Rect(x: 384.5, y: 42.0, width: 132.0, height: 18.0), cornerRadius: 18.349718, opacity: 0.9421269)
        try world.portal(e3, id: "p2", as: .destination)
        world.tick()
        try world.portalTransition(id: "p2", isActive: true, config: PortalTransitionConfig(animation: PortalAnimationWithCompletion(Animation.easeIn(duration: 0.896), delay: 0.047, completionCriteria: .logicallyComplete), corners: PortalCorners(source: 3.3109992, destination: 19.929695, style: .circular), removal: .fade, effects: [.rotation(.degrees(19.402222), animation: Animation.timingCurve(0.275, 0.086, 0.557, 1.795, duration: 1.072)), .scale(1.0357013, animation: Animation.easeInOut.speed(2.498))]))
        try world.portal(e3, id: "p2", as: .source)
        world.tick()
        try world.portal(e3, id: "p1", as: .source)
        #expect(world.renderList.filter { $0.content == e3 }.count <= 1)
        try world.despawn(e3)
        world.tick()
        #expect(!world.renderList.contains { $0.content == e3 })
    }

    /// Fuzz seed 33: a user component's `forEach` and `updateEach` yielded an entity despawned
    /// this frame (its row goes at the next tick, but the handle is dead at once).
    @Test func componentQueriesSkipEntitiesDespawnedThisFrame() throws {
        struct Glow { var level: Int }
        let world = World()
        try world.register(Glow.self)
        let kept = try world.spawn()
        let doomed = try world.spawn()
        try world.insert(Glow(level: 1), for: kept)
        try world.insert(Glow(level: 2), for: doomed)
        try world.despawn(doomed)
        var seen: [Entity] = []
        try world.forEach(Glow.self) { entity, _ in seen.append(entity) }
        #expect(seen == [kept])
        seen = []
        try world.updateEach(Glow.self) { entity, glow in seen.append(entity); glow.level += 10 }
        #expect(seen == [kept])
        #expect(try world.component(Glow.self, of: kept).level == 11)
        world.tick()
        #expect(world.count(of: Glow.self) == 1)
    }

    // MARK: Determinism of a subtree's removal

    /// Views moved under a parent by staged calls and despawned with it in the same frame are
    /// removed in entity order (the staged parents live in a dictionary, whose order varies from
    /// run to run), so the indices later spawns reuse are the same every run.
    @Test func stagedChildrenDespawnedWithTheirParentAreRemovedInEntityOrder() throws {
        let world = World()
        let parent = try world.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        var children: [Entity] = []
        for i in 0..<12 { children.append(try world.spawnView(frame: Rect(x: Float(i), y: 0, width: 5, height: 5))) }
        world.tick()
        for i in [7, 2, 11, 0, 5, 9, 1, 10, 3, 8, 6, 4] { try world.setParent(parent, of: children[i]) }
        try world.despawn(parent)
        world.tick()
        // Removed children first in reverse entity order, then the parent; the free list is
        // last in, first out.
        let expected = [parent.index] + children.map(\.index)
        var reused: [UInt32] = []
        for _ in 0..<13 { reused.append(try world.spawnView(frame: Rect(x: 0, y: 0, width: 1, height: 1)).index) }
        #expect(reused == expected)
    }
}

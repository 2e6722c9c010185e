import Testing
@testable import Portal

/// Two portals, "a" and "b", each with its own source and destination.
struct TwoPortals {
    let world: World
    let sourceA: Entity, destinationA: Entity, sourceB: Entity, destinationB: Entity
    static let config = PortalTransitionConfig(animation: PortalAnimationWithCompletion(.linear(duration: 0.25), delay: 0))

    /// Without `markDestinationA`, "a" has no destination (an activation of it waits); with
    /// `reduceMotion`, transitions cross-fade in place.
    init(markDestinationA: Bool = true, reduceMotion: Bool = false) throws {
        world = try World(configuration: .init(reduceMotion: reduceMotion))
        sourceA = try world.spawnView(frame: Rect(x: 0, y: 100, width: 100, height: 100))
        sourceB = try world.spawnView(frame: Rect(x: 110, y: 100, width: 100, height: 100))
        destinationA = try world.spawnView(frame: Rect(x: 0, y: 300, width: 390, height: 390))
        destinationB = try world.spawnView(frame: Rect(x: 200, y: 400, width: 300, height: 300))
        try world.portal(sourceA, id: "a", as: .source)
        if markDestinationA { try world.portal(destinationA, id: "a", as: .destination) }
        try world.portal(sourceB, id: "b", as: .source)
        try world.portal(destinationB, id: "b", as: .destination)
        world.tick()
    }

    var visible: Set<Entity> { Set(world.renderList.map(\.entity)) }
    var layers: [RenderItem] { world.renderList.filter { $0.role == .overlay } }
}

@Suite("Portal transitions: fidelity to the original, transfers onto moving portals")
struct PortalFidelityTests {
    /// Requests `isActive` for "hero" with `config` and returns the number of the first tick
    /// (1 = the tick that applies the request) on which the layer has left `from`.
    func firstMovingTick(_ scene: HeroScene, isActive: Bool, config: PortalTransitionConfig, from: Rect) throws -> Int? {
        try scene.world.portalTransition(id: "hero", isActive: isActive, config: config)
        for n in 1...60 {
            scene.world.tick()
            if let frame = scene.layers.first?.frame, frame != from { return n }
        }
        return nil
    }

    @Test("the start delay holds activation only: the layer leaves the source on tick 13 (0.1 s), the destination on tick 1",
          arguments: [false, true])
    func delayOnActivationOnly(reduceMotion: Bool) throws {
        let scene = try HeroScene(configuration: .init(reduceMotion: reduceMotion))
        let config = PortalTransitionConfig(animation: PortalAnimationWithCompletion(.linear(duration: 0.25), delay: 0.1))
        if reduceMotion {
            // A cross-fade: the outgoing layer's opacity starts changing on the same ticks.
            func firstFadingTick(isActive: Bool) throws -> Int? {
                try scene.world.portalTransition(id: "hero", isActive: isActive, config: config)
                for n in 1...60 {
                    scene.world.tick()
                    if scene.layers.contains(where: { $0.opacity != 0 && $0.opacity != 1 }) { return n }
                }
                return nil
            }
            #expect(try firstFadingTick(isActive: true) == 13)
            scene.world.run(ticks: 60)
            #expect(try firstFadingTick(isActive: false) == 1)
            return
        }
        #expect(try firstMovingTick(scene, isActive: true, config: config, from: HeroScene.cardFrame) == 13)
        scene.world.run(ticks: 60)
        #expect(scene.visible == [scene.detail])
        // As the original's reverse branch, which animates at once: no delay on the way back.
        #expect(try firstMovingTick(scene, isActive: false, config: config, from: HeroScene.detailFrame) == 1)
        #expect(isClose(scene.layers.first?.frame, mix(HeroScene.detailFrame, HeroScene.cardFrame, 1.0 / 30)))
        scene.world.run(ticks: 29)
        #expect(scene.visible == [scene.card])
    }

    @Test("a group's stagger still spaces its members on the way back; the configured delay does not")
    func groupReverseKeepsStagger() throws {
        let world = World()
        let ids: [PortalID] = ["a", "b"]
        var destinations: [Rect] = []
        for (i, id) in ids.enumerated() {
            let destination = Rect(x: 100, y: 200 + Float(i) * 10, width: 200, height: 200)
            destinations.append(destination)
            try world.portal(try world.spawnView(frame: Rect(x: Float(i) * 50, y: 0, width: 40, height: 40)), id: id, as: .source)
            try world.portal(try world.spawnView(frame: destination), id: id, as: .destination)
        }
        let config = PortalTransitionConfig(animation: PortalAnimationWithCompletion(.linear(duration: 0.25), delay: 0.1))
        try world.portalTransition(ids: ids, groupID: "g", isActive: true, config: config, staggerDelay: 0.05)
        world.run(ticks: 120)
        try world.portalTransition(ids: ids, groupID: "g", isActive: false, config: config, staggerDelay: 0.05)
        var firstMoves: [PortalID: Int] = [:]
        for n in 1...30 {
            world.tick()
            for (i, id) in ids.enumerated() where firstMoves[id] == nil {
                if let layer = world.portalLayer(id), try world.presentation(of: layer.layer).frame != destinations[i] { firstMoves[id] = n }
            }
        }
        #expect(firstMoves == ["a": 1, "b": 7])   // b: 0.05 s = 6 ticks of stagger
    }

    @Test("portalTransition(item: nil) compiles without naming the item type and flies the presented item back")
    func plainNilItem() throws {
        let world = World()
        let photos = (0..<2).map(Photo.init)
        let cells = try photos.map { try world.spawnView(frame: Rect(x: Float($0.id) * 110, y: 100, width: 100, height: 100)) }
        let detail = try world.spawnView(frame: Rect(x: 0, y: 300, width: 390, height: 390))
        for (photo, cell) in zip(photos, cells) { try world.portal(cell, item: photo, as: .source) }
        try world.portal(detail, item: photos[1], as: .destination)
        try world.portalTransition(item: nil, config: TwoPortals.config, scope: "grid")   // nothing presented: no-op
        try world.portalTransition(item: photos[1], config: TwoPortals.config, scope: "grid")
        world.run(ticks: 31)
        #expect(world.renderList.map(\.entity) == [cells[0], detail])
        try world.portalTransition(item: nil, scope: "other")                             // another scope: no-op
        try world.portalTransition(item: nil, config: TwoPortals.config, scope: "grid")
        world.tick()
        #expect(world.portalLayer(PortalID(item: photos[1]))?.direction == .reverse)
        world.run(ticks: 30)
        #expect(world.renderList.map(\.entity) == cells)
        #expect(world.lastPortalItem(scope: "grid") == PortalID(item: photos[1]))
        // The dedicated call does the same.
        try world.portalTransition(item: photos[1], config: TwoPortals.config, scope: "grid")
        world.run(ticks: 31)
        try world.dismissPortalItem(config: TwoPortals.config, scope: "grid")
        world.run(ticks: 31)
        #expect(world.renderList.map(\.entity) == cells)
        #expect(world.isPortalActive(PortalID(item: photos[1])) == false)
    }

    @Test("an activation with one anchor waits and says so once; it flies on the tick the missing anchor appears")
    func waitingIsReported() throws {
        let world = World()
        let card = try world.spawnView(frame: HeroScene.cardFrame, cornerRadius: 8)
        try world.portal(card, id: "hero", as: .source)
        world.tick()
        _ = world.drainEvents()
        let s = world.tickCount + 1
        try world.portalTransition(id: "hero", isActive: true, config: linearHalfSecond)
        world.run(ticks: 5)
        try world.portalTransition(id: "hero", isActive: true, config: linearHalfSecond)   // asked again: still one report
        world.run(ticks: 5)
        #expect(world.drainEvents() == [.portalWaiting(id: "hero", missing: [.destination], tick: s)])
        #expect(world.renderList.map(\.entity) == [card])
        // Deactivated and activated again: a new activation, a new report.
        try world.portalTransition(id: "hero", isActive: false, config: linearHalfSecond)
        world.tick()
        try world.portalTransition(id: "hero", isActive: true, config: linearHalfSecond)
        world.tick()
        #expect(world.drainEvents() == [.portalWaiting(id: "hero", missing: [.destination], tick: world.tickCount)])
        let detail = try world.spawnView(frame: HeroScene.detailFrame, cornerRadius: 16)
        try world.portal(detail, id: "hero", as: .destination)
        world.tick()
        #expect(world.drainEvents() == [.portalWillStart(PortalEvent(id: "hero", direction: .forward, criterion: nil, tick: world.tickCount))])
        #expect(world.renderList.count == 1 && world.renderList[0].role == .overlay)
        world.run(ticks: 59)
        #expect(world.renderList.map(\.entity) == [detail])
        #expect(world.drainEvents().count == 1)   // the landing only
    }

    @Test("a destination marked alone waits for its source, reported as missing the source")
    func waitingForSource() throws {
        let world = World()
        let detail = try world.spawnView(frame: HeroScene.detailFrame)
        try world.portal(detail, id: "hero", as: .destination)
        try world.portalTransition(id: "hero", isActive: true, config: linearHalfSecond)
        world.run(ticks: 3)
        #expect(world.drainEvents() == [.portalWaiting(id: "hero", missing: [.source], tick: 1)])
        #expect(world.renderList.isEmpty)   // the destination stays hidden until the flight lands
    }

    @Test("a despawned anchor gives way at once: a new view takes its role in the same frame")
    func despawnedAnchorGivesWay() throws {
        let scene = try HeroScene()
        let world = scene.world
        try world.despawn(scene.detail)
        let detail2 = try world.spawnView(frame: HeroScene.detailFrame.offsetBy(dx: 0, dy: 40))
        try world.portal(detail2, id: "hero", as: .destination)      // was refused: "remove the mark from" a dead handle
        try world.portalTransition(id: "hero", isActive: true, config: linearHalfSecond)
        world.run(ticks: 60)
        #expect(scene.visible == [detail2])
        // A live anchor still refuses a second view in its role.
        let other = try world.spawnView(frame: .zero)
        #expect(throws: PortalError.duplicatePortalRole("hero", .destination, existing: detail2, rejected: other)) {
            try world.portal(other, id: "hero", as: .destination)
        }
    }

    @Test("a transfer from a presented portal onto one flying back: b's own layer goes, b's destination shows alone",
          arguments: [PortalDirection.forward, .reverse])
    func transferOntoFlyingPortal(bDirection: PortalDirection) throws {
        let scene = try TwoPortals()
        let world = scene.world
        if bDirection == .reverse {
            try world.portalTransition(id: "b", isActive: true, config: TwoPortals.config)
            world.run(ticks: 31)
        }
        try world.portalTransition(id: "a", isActive: true, config: TwoPortals.config)
        world.run(ticks: 31)
        // b sets off (forward, or back from its destination) and is 10 ticks into its flight.
        try world.portalTransition(id: "b", isActive: bDirection == .forward, config: TwoPortals.config)
        world.run(ticks: 10)
        #expect(scene.layers.count == 1)
        try world.transferActivePortal(from: "a", to: "b")
        world.tick()
        // As the original's transferActivePortal: b is presented at rest, its layer gone.
        #expect(scene.layers.isEmpty)
        #expect(scene.visible == [scene.sourceA, scene.destinationB])
        #expect(world.portalLayers().isEmpty)
        world.run(ticks: 60)
        #expect(scene.visible == [scene.sourceA, scene.destinationB])
        #expect(world.entityCount == 4 && world.runningTrackCount == 0)
        // And b flies back from its destination when dismissed.
        try world.portalTransition(id: "b", isActive: false, config: TwoPortals.config)
        world.run(ticks: 31)
        #expect(scene.visible == [scene.sourceA, scene.sourceB])
    }

    @Test("reduced motion: a transfer mid-cross-fade hands both layers over, each owned by the new portal")
    func transferMidCrossFade() throws {
        let scene = try TwoPortals(reduceMotion: true)
        let world = scene.world
        try world.portalTransition(id: "a", isActive: true, config: TwoPortals.config)
        world.run(ticks: 5)
        let fading = Set(scene.layers.map(\.entity))
        #expect(fading.count == 2)
        try world.transferActivePortal(from: "a", to: "b")
        world.tick()
        #expect(Set(scene.layers.map(\.entity)) == fading)
        #expect(fading.allSatisfy { world.portals.layerOwners.value(of: $0) == world.portals.keys["b"] })
        #expect(Set(scene.layers.map(\.content)) == [scene.sourceB, scene.destinationB])   // b's content, in place
        #expect(Set(scene.layers.map(\.frame)) == [Rect(x: 110, y: 100, width: 100, height: 100), Rect(x: 200, y: 400, width: 300, height: 300)])
        world.run(ticks: 30)
        #expect(scene.visible == [scene.sourceA, scene.destinationB])
        #expect(world.entityCount == 4)
    }

    @Test("a transfer staged with the activation it transfers, or while that activation waits, moves the activation",
          arguments: [false, true])
    func transferBeforeTheFlight(waiting: Bool) throws {
        let scene = try TwoPortals(markDestinationA: !waiting)
        let world = scene.world
        try world.portalTransition(id: "a", isActive: true, config: TwoPortals.config)
        if waiting { world.run(ticks: 3) }     // a has no destination: it waits
        try world.transferActivePortal(from: "a", to: "b")
        world.tick()
        #expect(world.isPortalActive("a") == false && world.isPortalActive("b") == true)
        #expect(world.portalLayers().map(\.id) == ["b"])
        #expect(scene.visible.contains(scene.sourceA) && !scene.visible.contains(scene.sourceB))
        world.run(ticks: 30)
        // (Unmarked, a's destination view is an ordinary view.)
        #expect(scene.visible == Set([scene.sourceA, scene.destinationB] + (waiting ? [scene.destinationA] : [])))
    }

    @Test("a transfer of a flight in progress onto a portal mid-flight: one layer flies on, b's own is removed")
    func transferFlightOntoFlyingPortal() throws {
        let scene = try TwoPortals()
        let world = scene.world
        try world.portalTransition(id: "b", isActive: true, config: TwoPortals.config)
        world.run(ticks: 31)
        try world.portalTransition(id: "b", isActive: false, config: TwoPortals.config)
        try world.portalTransition(id: "a", isActive: true, config: TwoPortals.config)
        world.run(ticks: 10)
        #expect(scene.layers.count == 2)
        let flyingA = try #require(world.portalLayer("a")).layer
        try world.transferActivePortal(from: "a", to: "b")
        world.tick()
        #expect(scene.layers.map(\.entity) == [flyingA])
        #expect(world.portalLayers().map(\.id) == ["b"])
        #expect(scene.visible == [scene.sourceA, flyingA])
        world.run(ticks: 20)
        #expect(scene.visible == [scene.sourceA, scene.destinationB])
        #expect(world.entityCount == 4 && world.runningTrackCount == 0)
    }
}

@Suite("Portal debug invariants")
struct PortalInvariantTests {
    #if DEBUG   // where the library compiles its invariant checks in (PORTAL_CHECK_INVARIANTS)
    /// A hero flight 10 ticks in, and its portal's key. (Exit tests capture nothing, so each
    /// builds its own.)
    static func heroInFlight() throws -> (World, Int) {
        let scene = try HeroScene()
        try scene.world.portalTransition(id: "hero", isActive: true, config: linearHalfSecond)
        scene.world.run(ticks: 10)
        return (scene.world, Int(scene.world.portals.keys["hero"]!))
    }

    @Test("a layer left drawn at rest (the old transfer onto a flying portal) traps at the tick it happens")
    func orphanedLayerIsCaught() async {
        await #expect(processExitsWith: .failure) {
            let (world, key) = try PortalInvariantTests.heroInFlight()
            // What the old transfer did to its target: presented at rest, its flying layer kept.
            world.portals.setPhase(.presented, of: key)
            world.withPortalSystem { $0.applyVisibility(key) }
            world.tick()
        }
    }

    @Test("a layer view no portal holds traps at the tick it happens")
    func unheldLayerIsCaught() async {
        await #expect(processExitsWith: .failure) {
            let (world, key) = try PortalInvariantTests.heroInFlight()
            // The old transfer of a flight: the target's record takes another layer, its own
            // stays in the overlay, owned but held by no one.
            world.portals.layerOwners.insert(UInt32(key), for: try world.spawnView(frame: .zero))
            world.tick()
        }
    }

    @Test("the same world, untouched, ticks on without a trap, one of source, layer and destination drawn")
    func control() throws {
        let (world, _) = try PortalInvariantTests.heroInFlight()
        world.tick()
        #expect(world.renderList.count == 1 && world.renderList[0].role == .overlay)
    }
    #endif
}

@Suite("Portal call sequences")
struct PortalSequenceTests {
    @Test("random activations, transfers, groups, marks, despawns and reduce-motion switches over three portals: the debug invariants hold every tick, and each portal with both anchors draws one or (fading) two of them and its layers",
          arguments: [1, 2, 3, 4] as [UInt64])
    func randomSequences(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let world = try World(configuration: .init(reduceMotion: seed % 3 == 0))
        let ids: [PortalID] = ["a", "b", "c"]
        var sources: [Entity] = [], destinations: [Entity] = []
        for (i, id) in ids.enumerated() {
            sources.append(try world.spawnView(frame: Rect(x: Float(i) * 110, y: 100, width: 100, height: 100)))
            destinations.append(try world.spawnView(frame: Rect(x: Float(i) * 20, y: 300, width: 390, height: 390)))
            try world.portal(sources[i], id: id, as: .source)
            try world.portal(destinations[i], id: id, as: .destination)
        }
        let configs = [PortalTransitionConfig(animation: PortalAnimationWithCompletion(.linear(duration: 0.1), delay: 0.05)),
                       PortalTransitionConfig(animation: PortalAnimation(.bouncy(duration: 0.2), delay: 0, duration: 0.1), removal: .fade),
                       PortalTransitionConfig(animation: PortalAnimationWithCompletion(.snappy, delay: 0.02, completionCriteria: .logicallyComplete))]
        world.tick()
        var spawnedThisFrame: Set<Entity> = []
        for step in 0..<LongTests.size(500, long: 1500) {   // the long run with PORTAL_LONG_TESTS=1
            let i = Int.random(in: 0..<3, using: &rng)
            let config = configs[Int.random(in: 0..<3, using: &rng)]
            switch Int.random(in: 0..<14, using: &rng) {
            case 0, 1, 2: try world.portalTransition(id: ids[i], isActive: true, config: config)
            case 3, 4: try world.portalTransition(id: ids[i], isActive: false, config: config)
            case 5, 6:
                let other = ids[Int.random(in: 0..<3, using: &rng)]
                if world.isPortalActive(ids[i]) == true || world.commands.contains(where: { if case .portal(.request) = $0 { true } else { false } }) {
                    _ = try? world.transferActivePortal(from: ids[i], to: other)
                }
            case 7: try world.portalTransition(ids: ids, groupID: "g", isActive: Bool.random(using: &rng), config: config, staggerDelay: 0.02)
            case 8:
                // Replace an anchor: despawn it (marked or unmarked first) and mark a new view.
                let isSource = Bool.random(using: &rng)
                // (A view spawned and despawned in one frame is issue 12's slot-reuse case, not this test's.)
                let old = isSource ? sources[i] : destinations[i]
                if Bool.random(using: &rng) || spawnedThisFrame.contains(old) { try world.removePortal(from: old) }
                if !spawnedThisFrame.contains(old) { try world.despawn(old) }
                let view = try world.spawnView(frame: Rect(x: Float.random(in: 0..<300, using: &rng), y: 200, width: 120, height: 90))
                spawnedThisFrame.insert(view)
                try world.portal(view, id: ids[i], as: isSource ? .source : .destination)
                if isSource { sources[i] = view } else { destinations[i] = view }
            case 9:
                try world.setFrame(Rect(x: 0, y: Float.random(in: 200..<400, using: &rng), width: 390, height: 390), of: destinations[i])
            case 10:
                try world.animate(destinations[i], to: ViewProperties(frame: Rect(x: 10, y: 250, width: 300, height: 300)),
                                  with: .smooth(duration: 0.1))
            case 11: world.reduceMotion.toggle()
            default: break
            }
            guard Int.random(in: 0..<3, using: &rng) > 0 else { continue }   // sometimes several calls in one frame
            world.tick()
            spawnedThisFrame.removeAll()
            let drawn = Set(world.renderList.map(\.entity))
            for (i, id) in ids.enumerated() {
                let key = world.portals.keys[id]
                let layers = world.renderList.filter { world.portals.layerOwners.value(of: $0.entity) == key }.count
                let count = (drawn.contains(sources[i]) ? 1 : 0) + (drawn.contains(destinations[i]) ? 1 : 0) + layers
                // A .fade removal and a cross-fade overlap two on purpose.
                #expect(count >= 1 && count <= 2, "seed \(seed) step \(step) portal \(id)")
            }
        }
        world.run(ticks: 240)
        #expect(world.portalLayers().isEmpty && world.runningTrackCount == 0, "seed \(seed)")
    }
}

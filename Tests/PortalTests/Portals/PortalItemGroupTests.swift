import Testing
@testable import Portal

struct Photo: Identifiable, Hashable { let id: Int }

@Suite("Portal items, groups, effects and layer state")
struct PortalItemGroupTests {
    /// Three photos in a grid (sources) and one detail view (the destination of the shown photo).
    func gallery() throws -> (World, [Photo], [Entity], Entity) {
        let world = World()
        let photos = (0..<3).map(Photo.init)
        let cells = try photos.map { photo in
            try world.spawnView(frame: Rect(x: Float(photo.id) * 110, y: 100, width: 100, height: 100), cornerRadius: 4)
        }
        for (photo, cell) in zip(photos, cells) { try world.portal(cell, item: photo, as: .source) }
        let detail = try world.spawnView(frame: Rect(x: 0, y: 300, width: 390, height: 390))
        world.tick()
        return (world, photos, cells, detail)
    }

    var quick: PortalTransitionConfig { PortalTransitionConfig(animation: PortalAnimationWithCompletion(.linear(duration: 0.25), delay: 0)) }

    func visible(_ world: World) -> [Entity] { world.renderList.map(\.entity) }

    @Test("item-driven: a non-nil item flies forward, nil flies the last item back")
    func itemTransition() throws {
        let (world, photos, cells, detail) = try gallery()
        try world.portal(detail, item: photos[1], as: .destination)
        try world.portalTransition(item: photos[1], config: quick)
        world.run(ticks: 30)
        #expect(visible(world) == [cells[0], cells[2], detail])
        #expect(world.lastPortalItem() == PortalID(item: photos[1]))
        try world.portalTransition(item: Photo?.none, config: quick)
        world.tick()
        #expect(world.portalLayer(PortalID(item: photos[1]))?.direction == .reverse)
        world.run(ticks: 29)
        #expect(visible(world) == cells)
        #expect(world.lastPortalItem() == PortalID(item: photos[1]))   // remembered
        try world.portalTransition(item: Photo?.none, config: quick)   // nothing presented: no-op
        world.tick()
        #expect(visible(world) == cells)
    }

    @Test("A → B while presented transfers without a fly-back (a carousel); nil then flies B back")
    func carouselTransfer() throws {
        let (world, photos, cells, detail) = try gallery()
        try world.portal(detail, item: photos[0], as: .destination)
        try world.portalTransition(item: photos[0], config: quick)
        world.run(ticks: 30)
        #expect(visible(world) == [cells[1], cells[2], detail])
        try world.portal(detail, item: photos[2], as: .destination)    // swiped to photo 2
        try world.portalTransition(item: photos[2], config: quick)
        world.tick()
        #expect(visible(world) == [cells[0], cells[1], detail])
        #expect(world.renderList.allSatisfy { $0.role == .view })       // no layer flew
        #expect(world.isPortalActive(PortalID(item: photos[0])) == false)
        #expect(world.isPortalActive(PortalID(item: photos[2])) == true)
        try world.portalTransition(item: Photo?.none, config: quick)
        world.run(ticks: 15)
        let layer = try #require(world.portalLayer(PortalID(item: photos[2])))
        #expect(try world.presentation(of: layer.layer).frame == Rect(x: 110, y: 200, width: 245, height: 245))
        world.run(ticks: 15)
        #expect(visible(world) == cells)
    }

    @Test("a transfer mid-flight hands the flying layer to the new portal")
    func transferMidFlight() throws {
        let (world, photos, cells, detail) = try gallery()
        try world.portal(detail, item: photos[0], as: .destination)
        try world.portalTransition(item: photos[0], config: quick)
        world.run(ticks: 10)
        try world.portal(detail, item: photos[1], as: .destination)
        try world.transferActivePortal(from: PortalID(item: photos[0]), to: PortalID(item: photos[1]))
        world.tick()
        #expect(world.portalLayer(PortalID(item: photos[0])) == nil)
        let layer = try #require(world.portalLayer(PortalID(item: photos[1])))
        #expect(world.renderList.first { $0.entity == layer.layer }?.content == cells[1])
        #expect(visible(world).contains(cells[0]) && !visible(world).contains(cells[1]))
        world.run(ticks: 20)
        #expect(visible(world) == [cells[0], cells[2], detail])
    }

    @Test("a transfer mid-flight heads for the new portal's destination, even one that portal flew to before")
    func transferMidFlightRetargets() throws {
        let world = World()
        let cellA = try world.spawnView(frame: Rect(x: 0, y: 100, width: 100, height: 100))
        let cellB = try world.spawnView(frame: Rect(x: 110, y: 100, width: 100, height: 100))
        let detailA = try world.spawnView(frame: Rect(x: 0, y: 300, width: 390, height: 390))
        let detailB = try world.spawnView(frame: Rect(x: 200, y: 400, width: 300, height: 300))
        try world.portal(cellA, id: "a", as: .source)
        try world.portal(detailA, id: "a", as: .destination)
        try world.portal(cellB, id: "b", as: .source)
        try world.portal(detailB, id: "b", as: .destination)
        // b flies there and back first, so it has read and followed its destination before.
        try world.portalTransition(id: "b", isActive: true, config: quick)
        world.run(ticks: 31)
        try world.portalTransition(id: "b", isActive: false, config: quick)
        world.run(ticks: 31)
        #expect(world.portalLayers().isEmpty)
        try world.portalTransition(id: "a", isActive: true, config: quick)
        world.run(ticks: 10)
        try world.transferActivePortal(from: "a", to: "b")
        world.run(ticks: 5)
        // Linear over 30 ticks, the target moved from detailA to detailB: at tick 15 the layer is
        // halfway from cellA to detailB (a timing curve bends its path to arrive on time).
        let layer = try #require(world.portalLayer("b"))
        #expect(isClose(try world.presentation(of: layer.layer).frame, Rect(x: 100, y: 250, width: 200, height: 200)))
        world.run(ticks: 15)
        #expect(visible(world) == [cellA, detailB])
    }

    @Test("groups: one layer per member, staggered forward and back, per-member and group completion, active states")
    func groups() throws {
        let world = World()
        let ids: [PortalID] = ["a", "b", "c"]
        var sources: [Entity] = [], destinations: [Entity] = []
        for (i, id) in ids.enumerated() {
            sources.append(try world.spawnView(frame: Rect(x: Float(i) * 50, y: 0, width: 40, height: 40)))
            destinations.append(try world.spawnView(frame: Rect(x: 100, y: 200 + Float(i) * 10, width: 200, height: 200)))
            try world.portal(sources[i], id: id, as: .source)
            try world.portal(destinations[i], id: id, as: .destination)
        }
        world.tick()
        _ = world.drainEvents()
        // Applied at tick s; member i starts moving after tick s − 1 + 12·i (0.1 s stagger) and
        // lands 30 ticks (0.25 s) later.
        let s = world.tickCount + 1
        try world.portalTransition(ids: ids, groupID: "stack", isActive: true, config: quick, staggerDelay: 0.1)
        world.run(ticks: 6)
        #expect(world.portalGroupActiveStates("stack") == ["a": true, "b": false, "c": false])
        #expect(world.portalLayers().map(\.id) == ids)
        #expect(world.portalLayers().allSatisfy { $0.groupID == "stack" })
        while world.tickCount < s + 23 { world.tick() }
        #expect(world.portalGroupActiveStates("stack") == ["a": true, "b": true, "c": false])
        world.tick()
        #expect(world.portalGroupActiveStates("stack") == ["a": true, "b": true, "c": true])
        var events: [WorldEvent] = []
        while world.tickCount < s + 52 { world.tick(); events += world.drainEvents() }
        #expect(world.renderList.contains { $0.role == .overlay })
        world.tick()
        events += world.drainEvents()
        let landings = events.compactMap { event -> PortalEvent? in if case let .portalDidComplete(e) = event { return e } else { return nil } }
        #expect(landings.map(\.id) == ["a", "b", "c"])
        #expect(landings.map(\.tick) == [s + 29, s + 41, s + 53])
        #expect(events.last == .portalGroupDidComplete(groupID: "stack", direction: .forward, tick: s + 53))
        #expect(world.renderList.map(\.entity) == destinations)

        let r = world.tickCount + 1
        try world.portalTransition(ids: ids, groupID: "stack", isActive: false, config: quick, staggerDelay: 0.1)
        world.run(ticks: 13)
        #expect(world.portalGroupActiveStates("stack") == ["a": false, "b": false, "c": true])
        world.run(ticks: 60)
        #expect(world.renderList.map(\.entity) == sources)
        #expect(world.drainEvents().last == .portalGroupDidComplete(groupID: "stack", direction: .reverse, tick: r + 53))
    }

    @Test("layer effects compose on top of the flight, bound to the active state with their own animation")
    func effects() throws {
        let scene = try HeroScene()
        let world = scene.world
        var config = linearHalfSecond
        config.effects = [.scale(1.1, animation: .linear(duration: 0.25)), .rotation(.degrees(10), animation: .linear(duration: 0.25)),
                          .shadowRadius(8, animation: .linear(duration: 0.25))]
        try world.portalTransition(id: "hero", isActive: true, config: config)
        world.run(ticks: 15)
        let layer = try #require(scene.layers.first)
        #expect(abs(layer.transform.scaleX - 1.05) < 1e-6 && layer.transform.scaleX == layer.transform.scaleY)
        #expect(abs(layer.transform.rotation.degrees - 5) < 1e-4)
        #expect(layer.shadowRadius == 4)
        #expect(layer.frame == Rect(x: 12, y: 90, width: 217.5, height: 255))   // the flight is unaffected
        world.run(ticks: 45)
        // Reverse from rest: the effects start active and ease back to rest.
        try world.portalTransition(id: "hero", isActive: false, config: config)
        world.tick()
        #expect(abs(try #require(scene.layers.first).transform.scaleX - (1.1 - 0.1 / 30)) < 1e-5)
    }

    @Test("a user system reads each layer's state and writes the layer's properties")
    func userSystemDrivesLayer() throws {
        let scene = try HeroScene()
        let world = scene.world
        var seen: [PortalLayerState] = []
        world.addSystem("glow", stage: .output) { world in
            for state in world.portalLayers() {
                seen.append(state)
                try? world.update(state.layer, to: ViewProperties(shadowRadius: 20 * max(0, state.progress)))
            }
        }
        try world.portalTransition(id: "hero", isActive: true, config: linearHalfSecond)
        world.run(ticks: 30)
        #expect(seen.count == 30)
        #expect(seen[29].progress == 0.5 && seen[29].isActive && seen[29].direction == .forward && seen[29].id == "hero")
        world.tick()
        // The update made after tick 30 (progress 0.5) is drawn at tick 31.
        #expect(scene.layers.first?.shadowRadius == 10)
    }

    @Test("random activate/deactivate sequences: exactly one of source, layer, destination every tick; nothing left over",
          arguments: [21, 22, 23] as [UInt64])
    func visibilityInvariant(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let scene = try HeroScene()
        let world = scene.world
        let configs = [linearHalfSecond,
                       PortalTransitionConfig(animation: PortalAnimation(.bouncy(duration: 0.3), delay: 0.05, duration: 0.2)),
                       PortalTransitionConfig(animation: PortalAnimationWithCompletion(.snappy, delay: 0.02, completionCriteria: .logicallyComplete)),
                       PortalTransitionConfig(animation: PortalAnimation(.easeInOut(duration: 0.2)), effects: [.scale(1.2)])]
        var active = false
        for step in 0..<LongTests.size(800, long: 2500) {   // the long run with PORTAL_LONG_TESTS=1
            if Int.random(in: 0..<8, using: &rng) == 0 {
                active.toggle()
                try world.portalTransition(id: "hero", isActive: active, config: configs.randomElement(using: &rng)!)
            }
            if Int.random(in: 0..<40, using: &rng) == 0 {
                try world.setFrame(HeroScene.detailFrame.offsetBy(dx: 0, dy: Float.random(in: 0..<80, using: &rng)), of: scene.detail)
            }
            world.tick()
            scene.expectOneVisible("step \(step)")
            #expect(scene.layers.count <= 1)
        }
        world.run(ticks: 240)
        #expect(scene.layers.isEmpty && world.runningTrackCount == 0)
        #expect(scene.visible == [active ? scene.detail : scene.card])
        #expect(world.entityCount == 2)
    }
}

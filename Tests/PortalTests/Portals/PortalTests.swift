import Testing
@testable import Portal

/// A grid card and a detail view, marked as the two ends of portal "hero".
struct HeroScene {
    let world: World
    let card: Entity
    let detail: Entity
    static let cardFrame = Rect(x: 16, y: 120, width: 160, height: 200)
    static let detailFrame = Rect(x: 0, y: 0, width: 390, height: 420)

    init(configuration: World.Configuration = .init(), markDestination: Bool = true) throws {
        world = try World(configuration: configuration)
        card = try world.spawnView(frame: HeroScene.cardFrame, cornerRadius: 8)
        detail = try world.spawnView(frame: HeroScene.detailFrame, cornerRadius: 16)
        try world.portal(card, id: "hero", as: .source)
        if markDestination { try world.portal(detail, id: "hero", as: .destination) }
        world.tick()
    }

    var visible: Set<Entity> { Set(world.renderList.map(\.entity)) }
    var layers: [RenderItem] { world.renderList.filter { $0.role == .overlay } }

    /// Exactly one of source, layer, destination is drawn.
    func expectOneVisible(_ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        let count = (visible.contains(card) ? 1 : 0) + (visible.contains(detail) ? 1 : 0) + layers.count
        #expect(count == 1, comment, sourceLocation: sourceLocation)
    }
}

let linearHalfSecond = PortalTransitionConfig(animation: PortalAnimationWithCompletion(.linear(duration: 0.5), delay: 0),
                                              corners: PortalCorners(source: 8, destination: 24))

@Suite("Portal transitions")
struct PortalTests {
    @Test("at rest, inactive: the source shows and the destination is hidden")
    func rest() throws {
        let scene = try HeroScene()
        #expect(scene.visible == [scene.card])
    }

    @Test("linear 0.5 s: the layer is exactly halfway in frame and radius at tick 30 of 60, then hands off")
    func forwardFlight() throws {
        let scene = try HeroScene()
        let world = scene.world
        _ = world.drainEvents()
        try world.portalTransition(id: "hero", isActive: true, config: linearHalfSecond)
        world.tick()
        let start = world.tickCount
        #expect(scene.layers.count == 1)
        #expect(scene.visible == [scene.layers[0].entity])
        #expect(scene.layers[0].content == scene.card)
        world.run(ticks: 29)
        let layer = try #require(scene.layers.first)
        #expect(layer.frame == Rect(x: 8, y: 60, width: 275, height: 310))
        #expect(layer.cornerRadius == 16)
        #expect(layer.clipsContent && layer.role == .overlay)
        world.run(ticks: 29)
        #expect(scene.layers.count == 1)
        world.tick()
        #expect(scene.visible == [scene.detail])
        #expect(world.drainEvents() == [
            .portalWillStart(PortalEvent(id: "hero", direction: .forward, criterion: nil, tick: start)),
            .portalDidComplete(PortalEvent(id: "hero", direction: .forward, criterion: .removed, tick: start + 59)),
        ])
        #expect(world.entityCount == 2)     // the layer entity is gone
    }

    @Test("activation before the destination exists waits for it, showing the source")
    func waitsForDestination() throws {
        let world = World()
        let card = try world.spawnView(frame: HeroScene.cardFrame, cornerRadius: 8)
        try world.portal(card, id: "hero", as: .source)
        try world.portalTransition(id: "hero", isActive: true, config: linearHalfSecond)
        world.run(ticks: 10)
        #expect(world.renderList.map(\.entity) == [card])
        let detail = try world.spawnView(frame: HeroScene.detailFrame, cornerRadius: 16)   // the detail is laid out
        try world.portal(detail, id: "hero", as: .destination)
        world.tick()
        let layer = try #require(world.renderList.first { $0.role == .overlay })
        #expect(world.renderList.count == 1)
        let expected: [Double] = [16 - 16.0 / 60, 118, 160 + 230.0 / 60, 200 + 220.0 / 60]
        for (value, target) in zip([layer.frame.minX, layer.frame.minY, layer.frame.width, layer.frame.height], expected) {
            #expect(abs(Double(value) - target) < 1e-4)
        }
        world.run(ticks: 59)
        #expect(world.renderList.map(\.entity) == [detail])
    }

    @Test("deactivation flies back from the destination and restores the source")
    func reverseFlight() throws {
        let scene = try HeroScene()
        let world = scene.world
        try world.portalTransition(id: "hero", isActive: true, config: linearHalfSecond)
        world.run(ticks: 60)
        #expect(scene.visible == [scene.detail])
        try world.portalTransition(id: "hero", isActive: false, config: linearHalfSecond)
        world.run(ticks: 30)
        let layer = try #require(scene.layers.first)
        #expect(layer.frame == Rect(x: 8, y: 60, width: 275, height: 310))
        #expect(layer.cornerRadius == 16)
        world.run(ticks: 30)
        #expect(scene.visible == [scene.card])
        #expect(try world.presentation(of: scene.card).frame == HeroScene.cardFrame)
    }

    @Test("the configured delay holds the layer on the source; PortalAnimation hands off no sooner than its duration")
    func delayAndDuration() throws {
        let scene = try HeroScene()
        let world = scene.world
        let config = PortalTransitionConfig(animation: PortalAnimation(.linear(duration: 0.25), delay: 0.1, duration: 0.5))
        try world.portalTransition(id: "hero", isActive: true, config: config)
        world.run(ticks: 12)
        #expect(scene.layers.first?.frame == HeroScene.cardFrame)
        #expect(scene.layers.first?.cornerRadius == 8)          // no corners: the anchors' own radii
        #expect(scene.layers.first?.clipsContent == false)
        world.run(ticks: 30)
        #expect(scene.layers.first?.frame == HeroScene.detailFrame)   // arrived at 0.25 s of motion…
        world.run(ticks: 29)
        #expect(scene.layers.count == 1)                             // …but hands off at 0.5 s
        world.tick()
        #expect(scene.visible == [scene.detail])
    }

    @Test("reversing a spring mid-flight is continuous in value and velocity")
    func springReversal() throws {
        let scene = try HeroScene()
        let world = scene.world
        let spring = Spring(duration: 0.5, bounce: 0.2)
        let config = PortalTransitionConfig(animation: PortalAnimationWithCompletion(.spring(spring), delay: 0))
        try world.portalTransition(id: "hero", isActive: true, config: config)
        world.run(ticks: 20)
        let layer = try #require(scene.layers.first).entity
        let lane = Int(world.views.lanes[world.views.slot(of: layer)! * ViewChannel.stride])
        let (x, v) = (Double(world.tracks.value[lane]), Double(world.tracks.velocity[lane]))
        try world.portalTransition(id: "hero", isActive: false, config: config)
        world.tick()
        let next = spring.solve(displacement: x - 16, velocity: v, time: 1.0 / 120)
        #expect(abs(Double(try world.presentation(of: layer).frame.minX) - (16 + next.displacement)) < 1e-3)
        world.run(ticks: 300)
        #expect(scene.visible == [scene.card])
    }

    @Test("a spring flight whose destination jumps just before it lands is carried along: it hands off on the still flight's tick, on the new frame")
    func lateMoveIsCarried() throws {
        let config = PortalTransitionConfig(animation: PortalAnimationWithCompletion(.spring(duration: 0.5), delay: 0))
        let moved = Rect(x: 0, y: 800, width: 390, height: 420)
        /// Runs a flight, moving the detail before tick `moveAt`; returns the landing tick and
        /// the layer's frame on the tick before.
        func flight(moveAt: UInt64?) throws -> (tick: UInt64, layerBefore: Rect?, scene: HeroScene)? {
            let scene = try HeroScene()
            let world = scene.world
            try world.portalTransition(id: "hero", isActive: true, config: config)
            var before: Rect?
            for _ in 0..<600 {
                if world.tickCount + 1 == moveAt { try world.setFrame(moved, of: scene.detail) }
                before = scene.layers.first?.frame
                world.tick()
                for event in world.drainEvents() {
                    if case let .portalDidComplete(e) = event { return (e.tick, before, scene) }
                }
            }
            return nil
        }
        let still = try #require(try flight(moveAt: nil))
        let late = try #require(try flight(moveAt: still.tick - 5))
        // The layer jumps with its anchor (the original's layer frame is the live anchor's,
        // animated; SwiftUI carries a running animation along a change made with no animation)
        // and keeps the rest of its motion: the same settle tick, and on the tick before it
        // the layer is off the new frame by just what the still flight is off the old one.
        #expect(late.tick == still.tick)
        let stillOffset = try #require(still.layerBefore)
        let residual = Rect(x: moved.minX + stillOffset.minX - HeroScene.detailFrame.minX, y: moved.minY + stillOffset.minY - HeroScene.detailFrame.minY,
                            width: moved.width + stillOffset.width - HeroScene.detailFrame.width,
                            height: moved.height + stillOffset.height - HeroScene.detailFrame.height)
        #expect(isClose(late.layerBefore, residual, tolerance: 1e-3))
        #expect(isClose(late.layerBefore, moved, tolerance: 0.5))
        #expect(late.scene.visible == [late.scene.detail])
        #expect(late.scene.world.renderList[0].frame == moved && late.scene.layers.isEmpty)
    }

    @Test(".fade removal: the destination shows at landing and the layer fades out over 0.1 s, ease-out")
    func fadeRemoval() throws {
        let scene = try HeroScene()
        let world = scene.world
        var config = linearHalfSecond
        config.removal = .fade
        try world.portalTransition(id: "hero", isActive: true, config: config)
        world.run(ticks: 60)
        #expect(scene.visible.contains(scene.detail) && scene.layers.count == 1)
        world.run(ticks: 6)
        let expected = 1 - UnitCurve.easeOut.value(at: 6.0 / 12)
        #expect(abs(Double(scene.layers[0].opacity) - expected) < 1e-4)
        world.run(ticks: 6)
        #expect(scene.visible == [scene.detail])
    }

    @Test("a destination that moves during the flight carries the layer along: a curve's offset from it keeps decaying on time")
    func movingDestination() throws {
        let scene = try HeroScene()
        let world = scene.world
        try world.portalTransition(id: "hero", isActive: true, config: linearHalfSecond)
        world.run(ticks: 20)
        try world.setFrame(HeroScene.detailFrame.offsetBy(dx: 0, dy: 60), of: scene.detail)   // a sheet sliding
        world.run(ticks: 10)
        // to′ + (from − to)·(1 − y) at y = 0.5: the still flight's point, 60 lower.
        #expect(scene.layers.first?.frame.minY == 60 + (120 - 0) * 0.5)
        world.run(ticks: 30)
        #expect(scene.visible == [scene.detail])
        #expect(world.renderList[0].frame.minY == 60)
    }

    @Test("a destination animated during the flight is followed tick by tick, and its lanes' end is seen")
    func animatedDestination() throws {
        let scene = try HeroScene()
        let world = scene.world
        try world.portalTransition(id: "hero", isActive: true, config: linearHalfSecond)
        world.run(ticks: 10)
        let moved = HeroScene.detailFrame.offsetBy(dx: 30, dy: 90)
        try world.animate(scene.detail, to: ViewProperties(frame: moved), with: .linear(duration: 0.25))   // 30 ticks
        world.run(ticks: 25)
        // After flight tick 35 the detail is drawn 25 of its 30 ticks along, and the layer with
        // it (followed after the lanes' write-back): detail + (card − detail₀)·(1 − y), y = 35/60.
        func carried(_ anchor: Rect, _ y: Float) -> Rect {
            let still = mix(HeroScene.cardFrame, HeroScene.detailFrame, y)
            return Rect(x: anchor.minX + still.minX - HeroScene.detailFrame.minX, y: anchor.minY + still.minY - HeroScene.detailFrame.minY,
                        width: anchor.width + still.width - HeroScene.detailFrame.width,
                        height: anchor.height + still.height - HeroScene.detailFrame.height)
        }
        #expect(isClose(scene.layers.first?.frame, carried(mix(HeroScene.detailFrame, moved, 25.0 / 30), 35.0 / 60)))
        world.run(ticks: 15)
        // The detail arrived at tick 40; at tick 50 the layer is carried by all of its move.
        #expect(isClose(scene.layers.first?.frame, carried(moved, 50.0 / 60)))
        world.run(ticks: 10)
        #expect(scene.visible == [scene.detail])
        #expect(world.renderList[0].frame == moved)
    }

    @Test("a despawned source leaves the layer flying to its last known frame")
    func despawnedSource() throws {
        let scene = try HeroScene()
        let world = scene.world
        try world.portalTransition(id: "hero", isActive: true, config: linearHalfSecond)
        world.run(ticks: 60)
        try world.portalTransition(id: "hero", isActive: false, config: linearHalfSecond)
        world.run(ticks: 10)
        try world.despawn(scene.card)
        world.run(ticks: 20)
        #expect(scene.layers.first?.frame == Rect(x: 8, y: 60, width: 275, height: 310))
        world.run(ticks: 30)
        #expect(scene.layers.isEmpty && world.renderList.isEmpty)   // landed where the card was; the card is gone
        #expect(world.runningTrackCount == 0)
    }

    @Test("a destination despawned mid-flight and replaced by a new view in its slot: the layer heads for the new one")
    func replacedDestination() throws {
        let scene = try HeroScene()
        let world = scene.world
        try world.portalTransition(id: "hero", isActive: true, config: linearHalfSecond)
        world.run(ticks: 20)
        let detailSlot = try #require(world.views.slot(of: scene.detail))
        try world.despawn(scene.detail)
        world.tick()
        // Despawned: the layer keeps heading for the detail's last known frame.
        let layer = try #require(scene.layers.first).entity
        #expect(isClose(world.renderList.first { $0.entity == layer }?.frame, mix(HeroScene.cardFrame, HeroScene.detailFrame, 21.0 / 60)))
        // The new view takes the freed view slot; marking it retargets the flight at once.
        let replacement = Rect(x: 100, y: 500, width: 200, height: 100)
        let detail2 = try world.spawnView(frame: replacement, cornerRadius: 16)
        try world.portal(detail2, id: "hero", as: .destination)
        world.run(ticks: 9)
        #expect(world.views.slot(of: detail2) == detailSlot)
        // Linear over 60 ticks and bent towards the new target: at tick 30 the layer is halfway.
        #expect(isClose(world.renderList.first { $0.entity == layer }?.frame, mix(HeroScene.cardFrame, replacement, 0.5)))
        world.run(ticks: 30)
        #expect(scene.visible == [detail2])
    }

    @Test("layers pass touches through by default; a config can make them take touches")
    func hitTesting() throws {
        let scene = try HeroScene()
        let world = scene.world
        let background = try world.spawnView(frame: Rect(x: 0, y: 0, width: 1000, height: 1000))
        try world.setZIndex(-1, of: background)
        try world.portalTransition(id: "hero", isActive: true, config: linearHalfSecond)
        world.run(ticks: 30)
        #expect(world.hitTest(Point(x: 100, y: 200)) == HitTestResult(entity: background, role: .view))
        // A tap too: the original's overlay window takes no touches.
        #expect(world.renderList.last?.role == .overlay && world.renderList.last?.frame.contains(Point(x: 100, y: 200)) == true)
        #expect(world.tap(at: Point(x: 100, y: 200)) == HitTestResult(entity: background, role: .view))
        var taking = linearHalfSecond
        taking.allowsHitTesting = true
        try world.portalTransition(id: "hero", isActive: false, config: taking)
        try world.portalTransition(id: "hero", isActive: true, config: taking)
        world.tick()    // still flying forward; the new configuration reaches the layer
        let hit = try #require(world.hitTest(Point(x: 100, y: 200)))
        #expect(hit.role == .overlay && hit.entity == scene.layers[0].entity)
    }

    @Test("reduce motion: a 0.2 s cross-fade in place, no flight")
    func reduceMotion() throws {
        let scene = try HeroScene(configuration: .init(reduceMotion: true))
        let world = scene.world
        try world.portalTransition(id: "hero", isActive: true, config: linearHalfSecond)
        world.run(ticks: 12)
        let layers = scene.layers
        #expect(layers.count == 2)
        #expect(Set(layers.map(\.frame)) == [HeroScene.cardFrame, HeroScene.detailFrame])
        let outgoing = try #require(layers.first { $0.frame == HeroScene.cardFrame })
        let incoming = try #require(layers.first { $0.frame == HeroScene.detailFrame })
        #expect(outgoing.content == scene.card && incoming.content == scene.detail)
        #expect(abs(Double(incoming.opacity) - UnitCurve.easeInOut.value(at: 0.5)) < 1e-4)
        #expect(abs(outgoing.opacity + incoming.opacity - 1) < 1e-5)
        world.run(ticks: 12)
        #expect(scene.visible == [scene.detail])
    }

    @Test("bad input is refused with the world unchanged")
    func badInput() throws {
        let scene = try HeroScene()
        let world = scene.world
        let other = try world.spawnView(frame: .zero)
        try world.portal(other, id: "hero2", as: .source)
        world.tick()
        let before = world.fingerprint
        #expect(throws: PortalError.unknownPortal("nope")) { try world.portalTransition(id: "nope", isActive: true) }
        #expect(throws: PortalError.duplicatePortalRole("hero", .source, existing: scene.card, rejected: other)) {
            try world.portal(other, id: "hero", as: .source)
        }
        #expect(throws: PortalError.self) {
            try world.portalTransition(id: "hero", isActive: true, config: PortalTransitionConfig(corners: PortalCorners(source: .nan)))
        }
        #expect(throws: PortalError.self) {
            try world.portalTransition(id: "hero", isActive: true, config: PortalTransitionConfig(animation: PortalAnimation(.smooth, delay: -1)))
        }
        #expect(throws: PortalError.portalNotActive("hero")) { try world.transferActivePortal(from: "hero", to: "hero2") }
        #expect(world.fingerprint == before)
        try world.portalTransition(id: "hero", isActive: true, config: linearHalfSecond)
        world.run(ticks: 5)
        let layer = try #require(scene.layers.first).entity
        #expect(throws: PortalError.portalLayer(layer)) { try world.despawn(layer) }
        #expect(throws: PortalError.portalLayer(layer)) { try world.portal(layer, id: "x", as: .source) }
        try world.despawn(other)
        world.tick()
        #expect(throws: PortalError.staleEntity(other)) { try world.portal(other, id: "hero2", as: .source) }
    }
}

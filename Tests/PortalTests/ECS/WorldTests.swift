import Testing
@testable import Portal

private struct Spin { var degrees: Float }

@Suite("World: staging, render list, hit testing, systems, determinism")
struct WorldTests {
    @Test("host calls are staged and applied at the next tick, in call order")
    func staging() throws {
        let world = World()
        let view = try world.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(world.renderList.isEmpty)
        world.tick()
        #expect(world.renderList.map(\.entity) == [view])
        try world.setFrame(Rect(x: 5, y: 0, width: 10, height: 10), of: view)
        try world.setFrame(Rect(x: 7, y: 0, width: 10, height: 10), of: view)
        #expect(world.renderList[0].frame.minX == 0)
        world.tick()
        #expect(world.renderList[0].frame.minX == 7)
        // A despawn followed by calls staged before it: the later calls were valid when made.
        try world.setFrame(Rect(x: 9, y: 0, width: 10, height: 10), of: view)
        try world.despawn(view)
        world.tick()
        #expect(world.renderList.isEmpty)
    }

    @Test("a non-animated change stops a running animation at the new value")
    func updateStopsAnimation() throws {
        let world = World()
        let view = try world.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try world.animate(view, to: ViewProperties(frame: Rect(x: 100, y: 0, width: 10, height: 10)), with: .smooth)
        world.run(ticks: 10)
        try world.setFrame(Rect(x: 50, y: 50, width: 10, height: 10), of: view)
        world.tick()
        #expect(world.runningTrackCount == 0)
        world.run(ticks: 10)
        #expect(world.renderList[0].frame == Rect(x: 50, y: 50, width: 10, height: 10))
    }

    @Test("render order: role band, then z index, then creation order")
    func renderOrder() throws {
        let world = World()
        let a = try world.spawnView(frame: .zero)
        let b = try world.spawnView(frame: .zero)
        let c = try world.spawnView(frame: .zero)
        let overlay = try world.spawn()
        world.views.insert(overlay, frame: .zero, cornerRadius: 0, opacity: 1, role: .overlay)
        world.tick()
        #expect(world.renderList.map(\.entity) == [a, b, c, overlay])
        try world.setZIndex(5, of: a)
        try world.setZIndex(-1, of: c)
        world.tick()
        #expect(world.renderList.map(\.entity) == [c, b, a, overlay])
        #expect(world.renderList.map(\.zIndex) == [-1, 0, 5, 0])
        #expect(world.renderList.last?.role == .overlay)
    }

    @Test("hit testing: topmost first; hit-testing off and invisible views pass through; transforms map the point")
    func hitTesting() throws {
        let world = World()
        let back = try world.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let front = try world.spawnView(frame: Rect(x: 50, y: 50, width: 100, height: 100))
        world.tick()
        #expect(world.hitTest(Point(x: 60, y: 60))?.entity == front)
        #expect(world.hitTest(Point(x: 10, y: 10)) == HitTestResult(entity: back, role: .view))
        #expect(world.hitTest(Point(x: 200, y: 200)) == nil)
        #expect(world.hitTest(Point(x: .nan, y: 10)) == nil)
        try world.setAllowsHitTesting(false, of: front)
        world.tick()
        #expect(world.hitTest(Point(x: 60, y: 60))?.entity == back)
        try world.setAllowsHitTesting(true, of: front)
        try world.update(front, to: ViewProperties(opacity: 0.005))
        world.tick()
        #expect(world.hitTest(Point(x: 60, y: 60))?.entity == back)
        // Scaled 2× about its centre (100, 100), `front` now covers 0…200.
        try world.update(front, to: ViewProperties(opacity: 1, transform: Transform(scaleX: 2, scaleY: 2)))
        world.tick()
        #expect(world.hitTest(Point(x: 190, y: 190))?.entity == front)
        #expect(world.hitTest(Point(x: 201, y: 100)) == nil)
        // Translated by (300, 0) and rotated 90°: the 100×100 square is centred on (400, 100).
        try world.update(front, to: ViewProperties(transform: Transform(translation: Point(x: 300, y: 0), rotation: .degrees(90))))
        world.tick()
        #expect(world.hitTest(Point(x: 440, y: 140))?.entity == front)
        #expect(world.hitTest(Point(x: 60, y: 60))?.entity == back)
        // A zero scale collapses the view: nothing can hit it.
        try world.update(front, to: ViewProperties(transform: Transform(scaleX: 0)))
        world.tick()
        #expect(world.hitTest(Point(x: 90, y: 90))?.entity == back)
    }

    @Test("user systems run in their stage, in order, and can drive views from their own components")
    func userSystems() throws {
        let world = World()
        try world.register(Spin.self)
        let view = try world.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try world.insert(Spin(degrees: 0), for: view)
        var log: [String] = []
        for stage in TickStage.allCases.reversed() {
            world.addSystem("\(stage)", stage: stage) { _ in log.append("\(stage)") }
        }
        let spinner = world.addSystem("spin", stage: .finish) { world in
            try? world.updateEach(Spin.self) { _, spin in spin.degrees += 3 }
            try? world.forEach(Spin.self) { entity, spin in
                try? world.update(entity, to: ViewProperties(transform: Transform(rotation: .degrees(spin.degrees))))
            }
        }
        #expect(world.systemNames(in: .finish) == ["finish", "spin"])
        world.tick()
        #expect(log == ["layoutCapture", "matching", "interpolation", "finish", "output"])
        world.run(ticks: 9)
        // The update made in tick n is applied at tick n + 1: 9 of the 10 spins are visible.
        #expect(abs(try world.presentation(of: view).transform.rotation.degrees - 27) < 1e-4)
        try world.removeSystem(spinner)
        world.run(ticks: 5)
        #expect(try world.component(Spin.self, of: view).degrees == 30)
    }

    @Test("determinism: two runs of the same seeded script give bit-identical render lists and events")
    func determinism() throws {
        func run() throws -> [String] {
            var rng = SeededGenerator(seed: 7)
            let world = World()
            var views: [Entity] = []
            var frames: [String] = []
            for _ in 0..<600 {
                switch Int.random(in: 0..<10, using: &rng) {
                case 0: views.append(try world.spawnView(frame: Rect(x: Float.random(in: 0..<300, using: &rng), y: 0, width: 40, height: 40)))
                case 1 where !views.isEmpty: try world.despawn(views.remove(at: Int.random(in: 0..<views.count, using: &rng)))
                case 2...4 where !views.isEmpty:
                    let animations: [Animation] = [.bouncy, .easeInOut, .snappy.speed(1.5), .linear(duration: 0.2).delay(0.05)]
                    try world.animate(views.randomElement(using: &rng)!,
                                      to: ViewProperties(frame: Rect(x: Float.random(in: -50..<300, using: &rng), y: Float.random(in: 0..<600, using: &rng), width: 40, height: 40),
                                                         cornerRadius: Float.random(in: 0..<20, using: &rng)),
                                      with: animations.randomElement(using: &rng)!)
                default: break
                }
                world.advance(by: [1.0 / 60, 1.0 / 144, 1.0 / 30].randomElement(using: &rng)!)
                let bits = world.renderList.map { item in
                    [item.frame.minX, item.frame.minY, item.frame.width, item.frame.height, item.cornerRadius, item.opacity]
                        .map { String($0.bitPattern, radix: 16) }.joined(separator: ",") + "@\(item.entity)"
                }
                frames.append(bits.joined(separator: ";") + " | \(world.drainEvents())")
            }
            return frames
        }
        let first = try run()
        let second = try run()
        #expect(first == second)
        #expect(first.contains { $0.contains("animationCompleted") })
    }

    @Test("despawning a view mid-animation removes its tracks and reports the interruption")
    func despawnMidAnimation() throws {
        let world = World()
        let views = try (0..<20).map { _ in try world.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10)) }
        for (i, view) in views.enumerated() {
            try world.animate(view, to: ViewProperties(frame: Rect(x: Float(i * 10), y: 0, width: 10, height: 10), opacity: 0.5), with: .bouncy)
        }
        world.run(ticks: 5)
        #expect(world.runningTrackCount == 20 * 5)
        for view in views where view.index % 3 == 0 { try world.despawn(view) }
        world.tick()
        #expect(world.runningTrackCount == 13 * 5)
        world.run(ticks: 400)
        #expect(world.runningTrackCount == 0 && world.runningAnimationCount == 0)
        for (i, view) in views.enumerated() where view.index % 3 != 0 {
            #expect(try world.presentation(of: view).frame.minX == Float(i * 10))
        }
    }
}

@Suite("Drawing order")
struct DrawingOrderTests {
    /// 600 random calls a seed (a few hundred views at the end); 3,000 with PORTAL_LONG_TESTS=1.
    @Test("incremental order maintenance matches a full sort after random spawns, despawns and z changes", arguments: [11, 12] as [UInt64])
    func incrementalOrder(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let world = World()
        var views: [Entity] = []
        var z: [Entity: Int32] = [:]
        var created: [Entity: Int] = [:]
        var counter = 0
        for _ in 0..<LongTests.size(600, long: 3_000) {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0...3:
                let v = try world.spawnView(frame: .zero)
                views.append(v); z[v] = 0; created[v] = counter; counter += 1
            case 4...5 where !views.isEmpty:
                let v = views.remove(at: Int.random(in: 0..<views.count, using: &rng))
                try world.despawn(v); z[v] = nil
            case 6 where !views.isEmpty:
                let v = views.randomElement(using: &rng)!
                let newZ = Int32.random(in: -2...2, using: &rng)
                try world.setZIndex(newZ, of: v); z[v] = newZ
            default:
                world.tick()
                let expected = views.sorted { (z[$0]!, created[$0]!) < (z[$1]!, created[$1]!) }
                #expect(world.renderList.map(\.entity) == expected)
            }
        }
    }

    @Test("a view slot freed in a tick is not taken by a portal layer spawned in it, only after the tick")
    func slotReusedWithinATick() throws {
        let world = World()
        let a = try world.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let b = try world.spawnView(frame: Rect(x: 20, y: 0, width: 10, height: 10))
        let card = try world.spawnView(frame: Rect(x: 0, y: 100, width: 50, height: 50))
        let detail = try world.spawnView(frame: Rect(x: 0, y: 200, width: 200, height: 200))
        try world.portal(card, id: "hero", as: .source)
        try world.portal(detail, id: "hero", as: .destination)
        world.tick()
        let freed = try #require(world.views.slot(of: b))
        try world.despawn(b)
        try world.portalTransition(id: "hero", isActive: true)
        world.tick()    // the despawn frees b's slot, which the flight's layer may not take in this tick
        let layer = try #require(world.portalLayer("hero")).layer
        #expect(world.views.slot(of: layer) == 4)
        #expect(world.renderList.map(\.entity) == [a, layer])
        let c = try world.spawnView(frame: Rect(x: 40, y: 0, width: 10, height: 10))
        #expect(world.views.slot(of: c) == freed)   // after the tick it is free
        world.tick()
        #expect(world.renderList.map(\.entity) == [a, c, layer])
    }
}

@Suite("View attributes")
struct ViewAttributeTests {
    @Test("hidden views leave the render list and hit testing, keep animating, and come back")
    func hidden() throws {
        let world = World()
        let a = try world.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let b = try world.spawnView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        try world.setHidden(true, of: b)
        try world.animate(b, to: ViewProperties(frame: Rect(x: 100, y: 0, width: 100, height: 100)), with: .linear(duration: 0.5))
        world.run(ticks: 30)
        #expect(world.renderList.map(\.entity) == [a])
        #expect(world.hitTest(Point(x: 50, y: 50))?.entity == a)
        try world.setHidden(false, of: b)
        world.tick()
        #expect(world.renderList.map(\.entity) == [a, b])
        #expect(world.renderList[1].frame.minX == Float(100) * 31 / 60)
    }

    @Test("corner style, clipping, shadow radius and content reach the render list")
    func style() throws {
        let world = World()
        let view = try world.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10), cornerRadius: 4)
        try world.setCornerStyle(.continuous, clipsContent: false, of: view)
        try world.animate(view, to: ViewProperties(shadowRadius: 12), with: .linear(duration: 0.5))
        world.run(ticks: 30)
        let item = try #require(world.renderList.first)
        #expect(item.cornerStyle == .continuous && !item.clipsContent)
        #expect(item.shadowRadius == 6)
        #expect(item.content == view)
        #expect(throws: PortalError.self) { try world.update(view, to: ViewProperties(shadowRadius: -1)) }
    }
}

@Suite("Hit-test grid")
struct HitGridTests {
    /// The straightforward answer: the topmost hittable item containing the point.
    func bruteForce(_ list: [RenderItem], _ point: Point) -> Entity? {
        for item in list.reversed() where item.allowsHitTesting && (item.opacity >= 0.01 || item.role == .backdrop) {
            if let local = item.transform.inverseMap(point, in: item.frame), item.frame.contains(local) { return item.entity }
        }
        return nil
    }

    @Test("the grid answers exactly as a scan of the whole render list", arguments: [31, 32] as [UInt64])
    func matchesBruteForce(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let world = World()
        for i in 0..<600 {
            let big = i % 97 == 0
            let frame = Rect(x: Float.random(in: -50..<900, using: &rng), y: Float.random(in: -50..<900, using: &rng),
                             width: big ? 1500 : Float.random(in: 1..<120, using: &rng), height: big ? 1500 : Float.random(in: 1..<120, using: &rng))
            let view = try world.spawnView(frame: frame)
            try world.setZIndex(Int32.random(in: -3...3, using: &rng), of: view)
            if Bool.random(using: &rng) {
                try world.update(view, to: ViewProperties(opacity: Bool.random(using: &rng) ? 1 : 0.005,
                                                          transform: Transform(translation: Point(x: Float.random(in: -40..<40, using: &rng), y: 0),
                                                                               scaleX: Float.random(in: 0.5..<2, using: &rng), scaleY: 1,
                                                                               rotation: .degrees(Float.random(in: 0..<360, using: &rng)))))
            }
        }
        world.tick()
        let list = world.renderList
        for _ in 0..<3000 {
            let point = Point(x: Float.random(in: -100..<1000, using: &rng), y: Float.random(in: -100..<1000, using: &rng))
            #expect(world.hitTest(point)?.entity == bruteForce(list, point))
        }
    }
}

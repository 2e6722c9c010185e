import Testing
@testable import Portal

// The forms the library takes so that the same files build in Embedded Swift (issue 36): user
// components by key, a portal animation set without an existential, the tick's one table
// (`TickSchedule`) deciding the order of features' work whatever the registration order, and
// the trace decoder's table of closures.

@Suite("Embedded forms: component keys, setAnimation, the schedule table, the call table")
struct EmbeddedFormTests {
    struct Glow: Equatable { var radius: Float }

    /// The key-taking component API does what the type-taking one does, on the same table.
    @Test func componentsByKey() throws {
        let world = World()
        let glow = try world.registerComponent(Glow.self, name: "Glow")
        #expect(glow.name == "Glow")
        let a = try world.spawn(), b = try world.spawn()
        try world.insert(Glow(radius: 4), for: a, as: glow)
        try world.insert(Glow(radius: 9), for: b, as: glow)
        #expect(try world.component(glow, of: a) == Glow(radius: 4))
        #expect(world.count(of: glow) == 2 && world.hasComponent(glow, b))
        try world.updateEach(glow) { _, g in g.radius *= 0.5 }
        var seen: [Float] = []
        try world.forEach(glow) { _, g in seen.append(g.radius) }
        #expect(seen == [2, 4.5])
        #expect(try world.removeComponent(glow, from: a) == Glow(radius: 2))
        #expect(!world.hasComponent(glow, a) && world.count(of: glow) == 1)
        // A despawned entity leaves the table (the removal hook of the key's table).
        try world.despawn(b)
        world.tick()
        #expect(world.count(of: glow) == 0)
        // A name is one table: taken again, by key or by type, it is refused.
        #expect(throws: PortalError.componentAlreadyRegistered("Glow")) { _ = try world.registerComponent(Glow.self, name: "Glow") }
        #expect(throws: PortalError.componentAlreadyRegistered("Glow")) { try world.register(Glow.self) }
        // A key of another world names no table here.
        let other = World()
        #expect(throws: PortalError.componentNotRegistered("Glow")) { try other.insert(Glow(radius: 1), for: try other.spawn(), as: glow) }
        #expect(other.count(of: glow) == 0)
    }

    /// The type-taking API and the key-taking one see the same table.
    @Test func componentsByTypeAndByKeyAgree() throws {
        struct Score: Equatable { var value: Int }
        let world = World()
        try world.register(Score.self)
        let e = try world.spawn()
        try world.insert(Score(value: 3), for: e)
        #expect(world.count(of: Score.self) == 1 && world.isRegistered(Score.self))
        #expect(world.components.count == 1 && world.components[0].name == "Score")
        let key = ComponentKey<Score>(index: 0, name: "Score")
        #expect(try world.component(key, of: e) == Score(value: 3))
    }

    struct Custom: PortalAnimationProtocol {
        var value: Animation { .linear(duration: 0.2) }
        var delay: Double { 0.05 }
        var completionCriteria: AnimationCompletionCriteria { .logicallyComplete }
        var minimumDuration: Double { 0.1 }
    }

    /// `setAnimation` (the Embedded form) and the `animation` property give the same flight, bit
    /// for bit, for the built-in kinds and a conformer of one's own; the property reads the
    /// built-in kinds back as themselves and a custom one as its four numbers.
    @Test func setAnimationAndTheAnimationPropertyAgree() throws {
        func flight(_ configure: (inout PortalTransitionConfig) -> Void) throws -> String {
            let (world, base) = try heroWorld()
            var config = base
            configure(&config)
            try world.portalTransition(id: "hero", isActive: true, config: config)
            world.run(ticks: 40)
            return world.fingerprint
        }
        let fixed = PortalAnimation(.smooth(duration: 0.3), delay: 0.02, duration: 0.25)
        let completion = PortalAnimationWithCompletion(.bouncy, delay: 0, completionCriteria: .logicallyComplete)
        #expect(try flight { $0.setAnimation(fixed) } == flight { $0.animation = fixed })
        #expect(try flight { $0.setAnimation(completion) } == flight { $0.animation = completion })
        #expect(try flight { $0.setAnimation(Custom()) } == flight { $0.animation = Custom() })
        // A custom timing flies by its own numbers, not the base configuration's.
        #expect(try flight { $0.setAnimation(Custom()) } != flight { _ in })
        var config = PortalTransitionConfig()
        config.setAnimation(fixed)
        #expect(config.animation as? PortalAnimation == fixed)
        config.animation = Custom()
        let parts = config.animation
        #expect(parts.value == Custom().value && parts.delay == 0.05 && parts.minimumDuration == 0.1
                && parts.completionCriteria == .logicallyComplete)
    }

    /// The order of the features' systems at each point and of their pan handlers is the
    /// schedule table's: registering the features in the reverse order changes nothing.
    @Test func registrationOrderDecidesNothing() {
        var reversed = FeatureRegistry()
        reversed.register(PopupFeature.self)
        reversed.register(FlowingHeaderFeature.self)
        reversed.register(NavigationFeature.self)
        reversed.register(PortalFeature.self)
        reversed.register(ScrollViewFeature.self)
        reversed.register(PointerFeature.self)
        let builtIn = FeatureRegistry.builtIn()
        for point in FeaturePoint.allCases {
            #expect(reversed.systems[point.rawValue].map(\.feature) == builtIn.systems[point.rawValue].map(\.feature))
            #expect(reversed.systems[point.rawValue].map(\.feature) == TickSchedule.systemOrder[point.rawValue])
        }
        #expect(reversed.panHandlers.map(\.feature) == TickSchedule.panOrder)
        #expect(builtIn.panHandlers.map(\.feature) == TickSchedule.panOrder)
    }

    /// The schedule table runs every stage's work in `TickStage` order, each point inside its
    /// stage, every stage's user systems once.
    @Test func theScheduleTableCoversEveryStageOnceInOrder() {
        var stages: [TickStage] = []
        var points: [FeaturePoint] = []
        for step in TickSchedule.steps {
            if case let .userSystems(stage) = step { stages.append(stage) }
            if case let .features(point) = step { points.append(point) }
        }
        #expect(stages == TickStage.allCases)
        #expect(points == FeaturePoint.allCases)
    }

    /// The call table reads a line into a call that submits: a spawn read from a trace names
    /// the entity it made, a non-spawning call names none.
    @Test func theCallTableReadsLinesIntoCalls() throws {
        let world = World()
        try world.startRecording()
        let view = try world.spawnView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        try world.update(view, to: ViewProperties(opacity: 0.5))
        let trace = try Trace(try #require(world.stopRecording()))
        let replay = World()
        var decoded: [Entity?] = []
        for line in trace.lines {
            let decoder = TraceDecoder(line: line, allowsNaN: false, resolve: { _ in view }, atomicHandlers: [:],
                                       navigationHandlers: [:], dryRun: false, version: trace.version)
            let (call, spawns) = try decoder.call()
            #expect(spawns == (line.verb == "spawnView"))
            decoded.append(try call.submit(replay))
        }
        #expect(decoded.count == 2 && decoded[0] == view && decoded[1] == nil)
    }
}

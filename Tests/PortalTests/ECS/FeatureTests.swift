import Testing
@_spi(Benchmarking) @testable import Portal

// Features are plugins (`ECS/Features.swift`): the tick runs the systems each feature registered
// at its points, in a fixed order; removal hooks join at each feature's first use.

@Suite("Features: registered systems, points, probes and removal hooks")
struct FeatureTests {
    private static func names(_ world: World, _ point: FeaturePoint) -> [String] {
        world.features.systems[point.rawValue].map(\.feature)
    }

    @Test func everyWorldRegistersTheSameSystemsAtEachPoint() {
        let world = World()
        let portals = PortalFeature.name, navigation = NavigationFeature.name
        let headers = FlowingHeaderFeature.name, popups = PopupFeature.name
        let pointers = PointerFeature.name, scrollViews = ScrollViewFeature.name
        #expect(Self.names(world, .matching) == [pointers, scrollViews, portals, headers])
        #expect(Self.names(world, .finish) == [portals, navigation, popups])
        #expect(Self.names(world, .placement) == [navigation, headers, popups])
        #expect(Self.names(world, .follow) == [portals])
        // Only navigation refuses despawns and reparenting; navigation (a busy stack) and portals
        // (a flying layer a press may catch) take taps; every feature checks its tables; the
        // portals, stacks, scroll views and pressed pointers can be busy with nothing staged;
        // scroll views, portal destinations and stacks take pans.
        #expect(world.features.despawnChecks.count == 1 && world.features.reparentChecks.count == 1)
        #expect(world.features.hitTakers.count == 2 && world.features.idleChecks.count == 4)
        #expect(world.features.invariantChecks.count == 6)
        #expect(world.features.panHandlers.map(\.feature) == [scrollViews, portals, navigation])
        // No removal hook runs until its feature is used.
        #expect(world.removal.hooks.isEmpty)
    }

    @Test func thePhaseProbeSeesEveryPhaseOnceInOrder() throws {
        let (world, config) = try heroWorld(animation: .linear(duration: 0.1))
        try world.portalTransition(id: "hero", isActive: true, config: config)
        var phases: [TickPhase] = []
        world._setPhaseProbe { phases.append($0) }
        world.tick()
        #expect(phases == TickPhase.allCases)
    }

    @Test func removalHooksJoinInTheOrderTheirFeaturesAreFirstUsed() throws {
        let world = World()
        let root = try world.spawnView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
        _ = try world.spawnNavigationStack(frame: Rect(x: 0, y: 0, width: 390, height: 844), root: root)
        let card = try world.spawnView(frame: Rect(x: 0, y: 100, width: 50, height: 50))
        try world.portal(card, id: "hero", as: .source)
        let other = try world.spawnView(frame: Rect(x: 0, y: 300, width: 50, height: 50))
        try world.portal(other, id: "other", as: .source)   // a second use adds nothing
        #expect(world.removal.hooks.map(\.owner) == [.feature(NavigationFeature.name), .feature(PortalFeature.name)])
    }
}

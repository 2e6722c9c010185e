// Flowing headers' part in the world (see `ECS/Features.swift`).

/// Flowing headers: each places its parts from this tick's presented values (its progress, its
/// screen's transform), so after the write-back and before the render list.
enum FlowingHeaderFeature: Feature {
    static let name = "headers"

    static func register(in features: inout FeatureRegistry) {
        features.addCalls(.of(FlowingHeaderCall.self), .of(SetFlowingHeaderAnchorsCall.self), .of(ReportScrollCall.self))
        features.addSystem(.matching) { world, tick in world.runHeaderScrollFeed(tick: tick) }
        features.addSystem(.placement) { world, _ in world.runHeaderPlacement() }
        features.addRemovalHook { world, entity in world.removeFlowingHeader(entity) }
        features.addInvariantCheck { world in
            let allocator = world.allocator
            world.headers.checkInvariants("flowing headers", isAlive: { allocator.isAlive($0) })
        }
    }
}

// Scroll views' part in the world (see `ECS/Features.swift`).

/// Scroll views: their motion runs at the matching point, after the pointer pass and before
/// portal matching and the headers, so those (and the popups, later) see this tick's offsets; their pans come from the pointer
/// arbiter (`Input/Pan.swift`).
enum ScrollViewFeature: Feature {
    static let name = "scrollViews"

    static func register(in features: inout FeatureRegistry) {
        features.addCalls(.of(MakeScrollViewCall.self), .of(RemoveScrollViewCall.self), .of(ScrollToCall.self))
        features.addSystem(.matching, phase: .scrollViews) { world, tick in world.runScrollViews(tick: tick) }
        features.addRemovalHook { world, entity in world.scrollViews.remove(entity) }
        features.addPanHandler(isCandidate: { world, view in world.scrollViews.index.contains(view) },
                               pressed: { world, view, tick in world.scrollViewPressed(view, tick: tick) },
                               claims: { world, view, offer in world.scrollViewClaims(view, offer) },
                               update: { world, view, update, tick in world.scrollViewPan(view, update, tick: tick) })
        features.addIdleCheck { world in world.scrollViews.active.isEmpty }
        features.addInvariantCheck { world in
            let allocator = world.allocator
            world.scrollViews.checkInvariants(isAlive: { allocator.isAlive($0) })
        }
    }
}

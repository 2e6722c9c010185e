// Popups' part in the world (see `ECS/Features.swift`).

/// Popups: a dismissed popup leaves once its animation is done; each tick, after the
/// write-back, popups follow their sources.
enum PopupFeature: Feature {
    static let name = "popups"

    static func register(in features: inout FeatureRegistry) {
        features.addCalls(.of(SetPopupPolicy.self), .of(SetPopupContainerCall.self), .of(PresentPopupCall.self), .of(DismissPopupCall.self),
                          .of(DismissTopPopupCall.self), .of(TapCall.self))
        features.addSystem(.finish) { world, tick in world.runPopupFinish(tick: tick) }
        features.addSystem(.placement) { world, tick in world.runPopupFollow(tick: tick) }
        features.addRemovalHook { world, entity in world.removeFromPopups(entity) }
        features.addInvariantCheck { world in
            let allocator = world.allocator
            world.popups.states.checkInvariants("popups", isAlive: { allocator.isAlive($0) })
            precondition(world.popups.stack.count == world.popups.states.count, "popups: the stack and the states disagree")
            world.checkPopupSources()
        }
    }
}

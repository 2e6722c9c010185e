// Pointers' part in the world (see `ECS/Features.swift`): the tick's pointer pass, and whether
// a pointer keeps the world busy.

/// Raw pointer input: long presses due by the tick clock, owners that stopped being candidates.
/// (The events themselves apply with the staged calls; the pan handlers are the other
/// features'.)
enum PointerFeature: Feature {
    static let name = "pointers"

    static func register(in features: inout FeatureRegistry) {
        features.addCalls(.of(PointerCall.self))
        features.addSystem(.matching) { world, tick in world.runPointers(tick: tick) }
        // A press within the slop waits for its long press, which the tick clock fires.
        features.addIdleCheck { world in
            !world.pointers.records.contains { $0.isDown && $0.mode == .possible }
        }
        features.addInvariantCheck { world in world.pointers.checkInvariants() }
    }
}

// Navigation stacks' part in the world (see `ECS/Features.swift`).

/// Navigation stacks: finishing transitions; a stack places its screens, so they are not
/// despawned or reparented alone, and a stack in the middle of a transition takes the taps on it.
enum NavigationFeature: Feature {
    static let name = "navigation"

    static func register(in features: inout FeatureRegistry) {
        features.addCalls(.of(SpawnNavigationStackCall.self), .of(SpawnScreenCall.self), .of(PushCall.self), .of(PopCall.self), .of(PopToRootCall.self),
                          .of(SetStackCall.self), .of(BeginInteractivePopCall.self), .of(UpdateInteractivePopCall.self), .of(EndInteractivePopCall.self))
        features.addSystem(.finish) { world, tick in world.runNavigationFinish(tick: tick) }
        // A zoom places its screen from the source as drawn this tick.
        features.addSystem(.placement) { world, _ in world.runNavigationZoom() }
        features.addRemovalHook { world, entity in world.removeFromNavigation(entity) }
        // A stack's screens go with it (they are its subtree); a screen alone may not.
        features.addDespawnCheck { world, view, root throws(PortalError) in
            if let owner = world.navigation.owners.value(of: view), view == root || !world.isProjectedAncestorOrSelf(root, of: owner) {
                throw .screenAlreadyInStack(view)
            }
        }
        // A stack places its screens (they join and leave with its pushes and pops).
        features.addReparentCheck { world, view throws(PortalError) in
            if world.navigation.owners.value(of: view) != nil || world.navigation.leaving.value(of: view) != nil {
                throw .screenAlreadyInStack(view)
            }
        }
        // A stack in the middle of a transition takes the taps on it (unless an overlay is on top).
        features.addHitTaker { world, point, hit in
            guard hit?.role != .overlay else { return nil }
            for (row, state) in world.navigation.stacks.values.enumerated() where state.active != nil {
                guard world.localPoint(point, inStack: world.navigation.stacks.entities[row]) != nil else { continue }
                let stack = world.navigation.stacks.entities[row]
                guard world.allocator.isUsable(stack) else { continue }
                return HitTestResult(entity: stack, role: .view, isBusy: true)
            }
            return nil
        }
        // A stack takes pans that pop it interactively (`NavigationPanHandler.swift`).
        registerPanHandler(in: &features)
        features.addIdleCheck { world in
            !world.navigation.stacks.values.contains { $0.active != nil || !$0.queue.isEmpty }
        }
        features.addInvariantCheck { world in
            let allocator = world.allocator
            world.navigation.checkInvariants(isAlive: { allocator.isAlive($0) })
        }
    }
}

// Portal transitions' part in the world (see `ECS/Features.swift`).

/// Portal transitions: matching and flight starts, landings, layers following anchors that
/// moved late in the tick, and drags to dismiss.
enum PortalFeature: Feature {
    static let name = "portals"

    static func register(in features: inout FeatureRegistry) {
        features.addCalls(.of(PortalMarkCall.self), .of(RemovePortalCall.self), .of(PortalTransitionCall.self), .of(PortalItemCall.self),
                          .of(DismissPortalItemCall.self), .of(PortalGroupCall.self), .of(TransferActivePortalCall.self))
        features.addSystem(.matching, phase: .portalMatching) { world, tick in
            world.withPortalSystem { $0.runPortalMatching(tick: tick) }
        }
        features.addSystem(.finish, phase: .portalFinish) { world, tick in
            world.withPortalSystem { $0.runPortalFinish(tick: tick) }
        }
        // Layers whose landing anchor moved after the matching pass (a lane, a header's
        // placement) are placed where the anchor is drawn now; then flights that follow a
        // navigation transition are placed by its progress, and landed as it ends.
        features.addSystem(.follow) { world, tick in
            if !world.portals.lateFollowers.isEmpty || !world.views.watches.written.isEmpty {
                world.withPortalSystem { $0.runPortalFollow(tick: tick) }
            }
            world.runPortalTies(tick: tick)
        }
        features.addRemovalHook { world, entity in world.removeFromPortals(entity) }
        // Drag to dismiss (`PortalDragDismiss.swift`): a destination or a flying layer takes
        // pans, keeping one it hides itself for the drag; a press may catch a flying layer.
        features.addPanHandler(isCandidate: { world, view in world.portals.dragKey(view) != nil },
                               pressed: { _, _, _ in false },
                               claims: { world, view, offer in world.portalClaimsPan(view, offer) },
                               update: { world, view, update, tick in world.portalFollowsPan(view, update, tick: tick) },
                               ownHiding: HiddenReason.portal.rawValue)
        features.addHitTaker { world, point, hit in world.portalLayerHit(point, hit) }
        features.addIdleCheck { world in
            for motion in world.portals.motion {
                // A portal at rest may still be queued for a visit of the matching pass, which
                // changes nothing then: only a request, a flight or a fade is activity.
                if motion.hasPendingRequest { return false }
                switch motion.phase {
                case .flying, .fading: return false
                case .idle, .waiting, .presented, .dragged: continue
                }
            }
            return true
        }
        features.addInvariantCheck { world in
            let allocator = world.allocator
            world.portals.checkInvariants(isAlive: { allocator.isAlive($0) }, views: world.views)
        }
    }
}

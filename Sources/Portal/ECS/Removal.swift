// The one removal path. Every entity that goes — a host's despawn, a portal layer that lands, a
// popup's backdrop, a stack's or a header's progress view — goes through `World.remove(_:)`, and
// only there is an entity index released. The path has three steps: `Removal.detach` stops the
// entity's animations and frees its view; every registered removal hook runs; the index is
// released (the last two are `World.finishRemoval(of:)`). The portal systems, which run on the
// world's stores swapped out of it, take the first step themselves, where the stores are, and
// hand the layer to the world for the rest as soon as their pass is over.
//
// Features are not listed here: each declares its hook in its registration (`Features.swift`)
// and the hook joins the path (as Bevy's component `on_remove` hooks) the first time the feature
// is used — portals when a view is first marked, navigation when the first stack is made,
// scroll views, headers, popups, and each user component type when it is registered — so a
// world that uses no popups runs no popup hook.
//
// Portal's own entities (layers, backdrops, progress views) are created with
// `allocate(ownedByPortal: true)`: the app can read them (render list, hit testing,
// `presentation(of:)`) but every call that would change them, attach something to them or hand
// them to a feature is refused (`requireAppEntity`), so nothing of the app's is left behind when
// Portal removes them. The hooks run for them all the same.

/// A feature's part in removing an entity: it forgets the entity in its own tables. A hook may
/// remove other entities (a stack its progress view), which go through the same path.
struct RemovalHook {
    /// Which feature or user component type registered it (each registers once).
    let owner: RemovalOwner
    let run: (World, Entity) -> Void
}

/// Who registered a removal hook: a feature (by its ``Feature/name``) or a user component
/// table (by its ``ComponentKey`` number).
enum RemovalOwner: Equatable {
    case feature(String)
    case component(Int)
}

/// The store-level step of the removal path.
enum Removal {
    /// Stops the animations of `entity` (reported as interrupted) and frees its view, if it has
    /// one: the first step of every removal, on whichever stores hold them.
    static func detach(_ entity: Entity, views: inout ViewStore, tracks: inout TrackStore, events: inout [WorldEvent]) {
        guard let slot = views.slot(of: entity) else { return }
        tracks.stopAll(slot: slot, views: &views, events: &events)
        views.remove(entity)
    }
}

/// The registered removal hooks, in registration order.
struct RemovalRegistry {
    private(set) var hooks: [RemovalHook] = []

    /// Whether `owner` has registered its hook.
    func contains(_ owner: RemovalOwner) -> Bool {
        hooks.contains(where: { $0.owner == owner })
    }

    /// Registers `run` for `owner`, unless it has registered already.
    mutating func register(_ owner: RemovalOwner, _ run: @escaping (World, Entity) -> Void) {
        guard !contains(owner) else { return }
        hooks.append(RemovalHook(owner: owner, run: run))
    }
}

extension World {
    /// Removes `entity` at once, everywhere: its animations stop (reported as interrupted), its
    /// view goes, every feature's hook forgets it, and its index is released. An entity that is
    /// no longer alive (removed already, or its index reused) is left alone, so removing twice —
    /// a popup's dismissal and a despawn of the same backdrop in one frame — releases once.
    func remove(_ entity: Entity) {
        guard allocator.isAlive(entity) else { return }
        Removal.detach(entity, views: &views, tracks: &tracks, events: &events)
        finishRemoval(of: CollectionOfOne(entity))
    }

    /// The removal path after `Removal.detach`, for a batch of detached entities (a tick's
    /// landed layers): every feature's hook for each, then the release of each that is still
    /// alive — an entity listed twice, or released already, is released once.
    func finishRemoval(of batch: some Collection<Entity>) {
        for hook in removal.hooks {
            for entity in batch { hook.run(self, entity) }
        }
        allocator.releaseLive(batch)
    }

    /// Refuses an entity the app may not change: dead ones, and those Portal created for itself
    /// (``PortalError/portalLayer(_:)`` for a portal layer, ``PortalError/portalOwned(_:)`` for a
    /// backdrop or any other).
    func requireAppEntity(_ entity: Entity) throws(PortalError) {
        try requireAlive(entity)
        guard !allocator.isOwnedByPortal(entity) else {
            throw portals.layerOwners.value(of: entity) != nil ? .portalLayer(entity) : .portalOwned(entity)
        }
    }
}

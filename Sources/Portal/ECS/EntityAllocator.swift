/// Hands out entity indices, reuses freed ones, and answers whether a handle is alive.
///
/// Freed indices are reused last-in first-out, which keeps the sparse indices of every table
/// compact and warm in cache. An index whose generation reaches `UInt32.max` is retired, not
/// reused, so generations never wrap.
///
/// Only `World.remove(_:)`, the one removal path, releases an entity, and it releases only a
/// live one, so an index cannot be released twice (a second removal of the same handle finds it
/// dead and does nothing); `checkInvariants` checks the free list for doubles.
struct EntityAllocator {
    private(set) var generations: [UInt32] = []
    private(set) var alive: [Bool] = []
    /// Despawn requested but not yet applied: dead to callers, still present in tables.
    private var doomed: [Bool] = []
    /// Created by Portal for itself (a portal layer, a popup's backdrop, a progress view): the
    /// app may read such an entity but not change it.
    private var ownedByPortal: [Bool] = []
    private var free: [UInt32] = []
    private(set) var liveCount = 0
    /// The number of indices that may ever be handed out: 2³² − 1 (tests lower it to reach the
    /// limit).
    var indexLimit = Int(clamping: UInt32.max)

    /// The number of indices ever handed out (live, free and retired).
    var indexCount: Int { generations.count }

    mutating func reserveCapacity(_ n: Int) {
        generations.reserveCapacity(n)
        alive.reserveCapacity(n)
        doomed.reserveCapacity(n)
        ownedByPortal.reserveCapacity(n)
    }

    /// The index the `k`-th next allocation takes from the free list (0: the next), or nil when
    /// fewer are free; for read-aheads.
    @inline(__always)
    func nextFreeIndex(_ k: Int) -> Int? {
        k < free.count ? Int(free[free.count - 1 - k]) : nil
    }

    /// Reads what allocating `index` writes (see `nextFreeIndex`), for a read-ahead.
    @inline(__always)
    func touch(index: Int) -> UInt32 {
        generations[index] &+ (alive[index] ? 1 : 0) &+ (doomed[index] ? 2 : 0) &+ (ownedByPortal[index] ? 4 : 0)
    }

    /// A fresh entity, or `nil` when all 2³² indices are in use or retired. `ownedByPortal` marks
    /// an entity Portal creates for itself.
    mutating func allocate(ownedByPortal owned: Bool = false) -> Entity? {
        if let index = free.popLast() {
            alive[Int(index)] = true
            doomed[Int(index)] = false
            ownedByPortal[Int(index)] = owned
            liveCount += 1
            return Entity(index: index, generation: generations[Int(index)])
        }
        guard generations.count < indexLimit else { return nil }
        let index = UInt32(generations.count)
        generations.append(0)
        alive.append(true)
        doomed.append(false)
        ownedByPortal.append(owned)
        liveCount += 1
        return Entity(index: index, generation: 0)
    }

    /// Frees a live entity's index for reuse under the next generation.
    mutating func release(_ entity: Entity) {
        let i = Int(entity.index)
        precondition(isAlive(entity), "release of \(entity), which is not alive")
        alive[i] = false
        liveCount -= 1
        if generations[i] == UInt32.max { return }  // retired: never reused, never wraps
        generations[i] += 1
        free.append(entity.index, bound: generations.count)
    }

    /// Releases each entity of `batch` that is alive, skipping the others: an entity listed twice
    /// is released once.
    mutating func releaseLive(_ batch: some Collection<Entity>) {
        for entity in batch where isAlive(entity) { release(entity) }
    }

    /// Whether the entity's index is allocated to it (despawn requested or not): what the
    /// tables may hold.
    func isAlive(_ entity: Entity) -> Bool {
        let i = Int(entity.index)
        return i < generations.count && alive[i] && generations[i] == entity.generation
    }

    /// Whether callers may still use the entity: allocated and no despawn requested.
    func isUsable(_ entity: Entity) -> Bool {
        isAlive(entity) && !doomed[Int(entity.index)]
    }

    /// Whether callers may still use the entity and it is the app's, not one Portal created for
    /// itself: ``isUsable(_:)`` without ``isOwnedByPortal(_:)``, with one liveness check.
    func isUsableAppEntity(_ entity: Entity) -> Bool {
        isUsable(entity) && !ownedByPortal[Int(entity.index)]
    }

    /// Marks a usable entity as despawned for callers; ``release(_:)`` frees it later.
    mutating func doom(_ entity: Entity) { doomed[Int(entity.index)] = true }

    /// Whether a live entity was created by Portal for itself.
    func isOwnedByPortal(_ entity: Entity) -> Bool {
        isAlive(entity) && ownedByPortal[Int(entity.index)]
    }

    func checkInvariants() {
        precondition(alive.count == generations.count && doomed.count == generations.count
                     && ownedByPortal.count == generations.count, "entities: columns differ in length")
        var isFree = [Bool](repeating: false, count: generations.count)
        for index in free {
            precondition(!alive[Int(index)], "entities: index \(index) is free but alive")
            precondition(!isFree[Int(index)], "entities: index \(index) is free twice (a double release)")
            isFree[Int(index)] = true
        }
        precondition(alive.lazy.filter { $0 }.count == liveCount, "entities: the live count is wrong")
    }
}

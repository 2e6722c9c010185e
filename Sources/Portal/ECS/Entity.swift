// Entities: the identity of everything Portal animates.
//
// An entity is only a handle. What it *is* lives in component tables keyed by its index; the
// generation makes a handle to a despawned entity detectable forever (until the 2³² reuses of
// one index, after which that index is retired rather than allowed to wrap and alias).

/// A handle to a thing in a ``World``: a view, a stack, a popup, or anything a user attaches
/// their own components to.
///
/// Bit layout (defined here once): the low 32 bits are the **index**, a slot in every
/// sparse index, reused after a despawn; the high 32 bits are the **generation**, incremented
/// each time the index is freed. Two handles are the same entity only when both halves match,
/// so a stale handle never silently aliases the entity that reused its slot.
public struct Entity: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The slot in the world's tables. Reused after the entity is despawned.
    public let index: UInt32
    /// The number of times ``index`` had been freed when this entity was spawned.
    public let generation: UInt32

    init(index: UInt32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }

    /// The entity packed into 64 bits: `generation << 32 | index`. Stable for serialisation.
    public var bits: UInt64 { UInt64(generation) << 32 | UInt64(index) }

    /// Rebuilds an entity from ``bits``. The world checks whether it is still alive whenever it
    /// is used.
    public init(bits: UInt64) {
        self.index = UInt32(truncatingIfNeeded: bits)
        self.generation = UInt32(truncatingIfNeeded: bits >> 32)
    }

    public static func < (lhs: Entity, rhs: Entity) -> Bool { lhs.bits < rhs.bits }

    public var description: String { "Entity(\(index)v\(generation))" }
}

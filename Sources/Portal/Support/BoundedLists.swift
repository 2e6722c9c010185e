// Lists whose length has a bound their owner knows — a free list holds at most its table's
// entries, a tick's list of finished stacks at most the stacks — grow to that bound at once.
//
// Grown by doubling instead, such a list allocates each time the world's busiest tick reaches
// a new high: rarely, but in the middle of a steady stream of flights or transitions, where the
// library promises not to allocate (a dozen lists did so, each at its own new highs, for the
// first few thousand ticks of `portal/hero`). Grown to its bound, a list allocates again only
// when its table grows, which a structural change does, not a steady tick.

extension Array {
    /// Appends `element` to a list that never holds more than `bound` elements: when it is
    /// full, its capacity goes to `bound` at once rather than doubling (and doubles if the bound
    /// was exceeded after all, so that a wrong bound costs allocations, never correctness).
    @inline(__always)
    mutating func append(_ element: Element, bound: Int) {
        makeRoom(for: 1, bound: bound)
        append(element)
    }

    /// Appends `elements` to a list that never holds more than `bound` elements, growing as
    /// ``append(_:bound:)`` does.
    @inline(__always)
    mutating func append(contentsOf elements: [Element], bound: Int) {
        makeRoom(for: elements.count, bound: bound)
        append(contentsOf: elements)
    }

    /// Makes room to append `n` elements to a list that never holds more than `bound`, growing
    /// as ``append(_:bound:)`` does: for a caller that appends by other means.
    @inline(__always)
    mutating func makeRoom(for n: Int, bound: Int) {
        if count + n > capacity { reserve(bound: bound, adding: n) }
    }

    @inline(never)
    private mutating func reserve(bound: Int, adding n: Int) {
        reserveCapacity(Swift.max(bound, count + n, 2 * count))
    }
}

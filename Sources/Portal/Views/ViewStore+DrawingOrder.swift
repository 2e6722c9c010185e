// The views' drawing order: the live roots sorted by band, z index and spawn order, brought up
// to date once a tick (`refreshOrder`, the `drawOrder` step) by compacting out the removed views
// and merging in the spawned ones, or by a full sort after a z index or role change.

extension ViewStore {
    /// Brings the drawing order up to date: by role band, then z index, then spawn order (so
    /// equal z indices draw in the order the views were created, as siblings in SwiftUI do).
    ///
    /// Spawns and despawns — the common change — cost O(n) and allocate nothing: removed views
    /// are compacted out and the new ones, already in spawn order, are merged in. A z index or
    /// role change re-sorts everything.
    mutating func refreshOrder() {
        if needsSort {
            order.removeAll(keepingCapacity: true)
            for slot in live.indices where live[slot] && parentSlot[slot] == 0 { order.append(UInt32(slot)) }
            let key = DrawKey(styles: styles.elements, sequence: sequence)
            order.stableSort(scratch: &orderScratch) { key.before($0, $1) }   // `sort` would allocate
        } else if !pendingRemovals.isEmpty || !pendingInserts.isEmpty {
            // No slot was reused since the last refresh, so a slot that is not live is exactly
            // a view removed since then: its entry in the order is stale, and a view spawned and
            // despawned since then is dropped from the inserts.
            let live = self.live
            if !pendingRemovals.isEmpty {
                live.withUnsafeBufferPointer { live in
                    order.removeAll { !live[Int($0)] }
                }
            }
            let parents = parentSlot
            pendingInserts.removeAll { !live[Int($0)] || parents[Int($0)] != 0 }
            sortPendingInserts()
            mergePendingInserts()
        }
        // The slots freed since the last refresh are out of every list now: they may be reused.
        freeSlots.append(contentsOf: pendingRemovals)
        pendingRemovals.removeAll(keepingCapacity: true)
        pendingInserts.removeAll(keepingCapacity: true)
        needsSort = false
        refreshedSequence = nextSequence
    }

    /// The drawing-order comparison over the columns it reads. The sorting loops compare
    /// through this value rather than through `self`, which they are mutating: calling a method
    /// of `self` there makes Swift copy the whole store on every comparison.
    struct DrawKey {
        let styles: [ViewStyle]
        let sequence: [UInt64]

        @inline(__always)
        func before(_ a: UInt32, _ b: UInt32) -> Bool {
            let a = Int(a), b = Int(b)
            let (bandA, bandB) = (styles[a].role.band, styles[b].role.band)
            if bandA != bandB { return bandA < bandB }
            let (zA, zB) = (styles[a].zIndex, styles[b].zIndex)
            if zA != zB { return zA < zB }
            return sequence[a] < sequence[b]
        }

        /// The order among siblings: z index, then creation order. A child draws in its root's
        /// band whatever its own role (a popup's content may be a child), so the band is not
        /// part of it — and a role change never unsorts a sibling list.
        @inline(__always)
        func siblingBefore(_ a: UInt32, _ b: UInt32) -> Bool {
            let a = Int(a), b = Int(b)
            let (zA, zB) = (styles[a].zIndex, styles[b].zIndex)
            if zA != zB { return zA < zB }
            return sequence[a] < sequence[b]
        }
    }

    /// Insertion sort: new views arrive in spawn order and almost always share one band and z
    /// index, so this is a single pass.
    private mutating func sortPendingInserts() {
        guard pendingInserts.count > 1 else { return }
        let key = DrawKey(styles: styles.elements, sequence: sequence)
        for i in 1..<pendingInserts.count {
            let slot = pendingInserts[i]
            var j = i
            while j > 0 && key.before(slot, pendingInserts[j - 1]) {
                pendingInserts[j] = pendingInserts[j - 1]
                j -= 1
            }
            pendingInserts[j] = slot
        }
    }

    private mutating func mergePendingInserts() {
        guard let first = pendingInserts.first else { return }
        let key = DrawKey(styles: styles.elements, sequence: sequence)
        // The common case — new views (portal layers, new rows) all draw above everything
        // already there — is an append, not a merge.
        if order.last.map({ key.before($0, first) }) ?? true {
            order.append(contentsOf: pendingInserts)
            return
        }
        let total = order.count + pendingInserts.count
        if mergeBuffer.count < total {
            mergeBuffer.append(contentsOf: repeatElement(0, count: total - mergeBuffer.count))
        } else {
            mergeBuffer.removeLast(mergeBuffer.count - total)
        }
        order.withUnsafeBufferPointer { old in
            pendingInserts.withUnsafeBufferPointer { new in
                mergeBuffer.withUnsafeMutableBufferPointer { out in
                    var i = 0, j = 0
                    for k in 0..<total {
                        if j == new.count || (i < old.count && key.before(old[i], new[j])) {
                            out[k] = old[i]; i += 1
                        } else {
                            out[k] = new[j]; j += 1
                        }
                    }
                }
            }
        }
        swap(&order, &mergeBuffer)
    }
}

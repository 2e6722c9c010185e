// The views' drawing order: the live roots sorted by band, z index and spawn order, brought up
// to date once a tick (`refreshOrder`, the `drawOrder` step) by compacting out the views removed
// or parented and merging in the views spawned or unparented, or by a full sort after a root's z
// index or role change.

extension ViewStore {
    /// Brings the drawing order up to date: by role band, then z index, then spawn order (so
    /// equal z indices draw in the order the views were created, as siblings in SwiftUI do).
    ///
    /// Spawns and despawns — the common change — and views leaving or joining the roots cost
    /// O(n) and allocate nothing in a steady state: removed and parented views are compacted out
    /// and the new roots, sorted (spawned ones arrive in spawn order), are merged in. A root's z
    /// index or role change re-sorts everything.
    mutating func refreshOrder() {
        if needsSort {
            order.removeAll(keepingCapacity: true)
            for slot in live.indices where live[slot] && parentSlot[slot] == 0 { order.append(UInt32(slot)) }
            let key = DrawKey(styles: styles.elements, sequence: sequence)
            order.stableSort(scratch: &orderScratch) { key.before($0, $1) }   // `sort` would allocate
        } else if !pendingRemovals.isEmpty || !pendingInserts.isEmpty || rootsLeft || !pendingRootJoins.isEmpty {
            // No slot was reused since the last refresh, so a slot that is not live is exactly
            // a view removed since then: its entry in the order is stale, and a view spawned and
            // despawned since then is dropped from the inserts. So is a view given a parent.
            let live = self.live, parents = parentSlot
            pendingInserts.removeAll { !live[Int($0)] || parents[Int($0)] != 0 }
            let rejoined = !pendingRootJoins.isEmpty && markRootJoins()
            if rootsLeft || rejoined {
                // (The marks are read only when they were sized and set: `rejoined`.)
                live.withUnsafeBufferPointer { live in
                    parents.withUnsafeBufferPointer { parents in
                        joinMarks.withUnsafeBufferPointer { marks in
                            order.removeAll { !live[Int($0)] || parents[Int($0)] != 0 || (rejoined && marks[Int($0)] == 1) }
                        }
                    }
                }
            } else if !pendingRemovals.isEmpty {
                // (Only views removed, as flights land and respawn.)
                dropRemovedRoots()
            }
            if !pendingRootJoins.isEmpty { clearRootJoinMarks() }
            // New views arrive in spawn order and almost always share one band and z index (one
            // scan of the natural merge sort); the joins follow them, in any order.
            let key = DrawKey(styles: styles.elements, sequence: sequence)
            pendingInserts.stableSort(scratch: &orderScratch) { key.before($0, $1) }
            mergePendingInserts()
        }
        // The slots freed since the last refresh are out of every list now: they may be reused.
        freeSlots.append(contentsOf: pendingRemovals, bound: entities.count)
        pendingRemovals.removeAll(keepingCapacity: true)
        pendingInserts.removeAll(keepingCapacity: true)
        pendingRootJoins.removeAll(keepingCapacity: true)
        rootsLeft = false
        needsSort = false
    }

    /// Takes the views removed since the last refresh out of the order, keeping the rest in
    /// order. Every root in the order sits at its key (a z index or role change re-sorts), and a
    /// removed view keeps its style and sequence until its slot is reused, after this refresh:
    /// so no removed view lies before the first place the smallest removed key could take, found
    /// by binary search, and the compaction starts there. Flights land in the overlay band, the
    /// last: the thousands of roots below it are not read. (The smallest key may belong to a
    /// view that never was a root; that only moves the start earlier.)
    private mutating func dropRemovedRoots() {
        let key = DrawKey(styles: styles.elements, sequence: sequence)
        var smallest = pendingRemovals[0]
        for slot in pendingRemovals where key.before(slot, smallest) { smallest = slot }
        let live = self.live
        var kept = 0
        order.withUnsafeMutableBufferPointer { o in
            let start = key.lowerBound(of: smallest, in: o, end: o.count)
            live.withUnsafeBufferPointer { live in
                var w = start
                for r in start..<o.count {
                    let slot = o[r]
                    if live[Int(slot)] {
                        o[w] = slot
                        w += 1
                    }
                }
                kept = w
            }
        }
        order.removeLast(order.count - kept)
    }

    /// Adds to the inserts, once each, the views that joined the roots and still are live roots,
    /// unless they are new (among the inserts already), and marks them (1) so that the compaction
    /// takes them out of the order if they were in it: a view that left the roots and came back
    /// may have changed its z index meanwhile, so it is merged in again at its key. Returns
    /// whether any was added. (The inserts are marked 2; `clearRootJoinMarks` clears both.)
    private mutating func markRootJoins() -> Bool {
        if joinMarks.count < live.count {
            joinMarks.append(contentsOf: repeatElement(0, count: live.count - joinMarks.count))
        }
        for slot in pendingInserts { joinMarks[Int(slot)] = 2 }
        var added = false
        for slot in pendingRootJoins where live[Int(slot)] && parentSlot[Int(slot)] == 0 && joinMarks[Int(slot)] == 0 {
            joinMarks[Int(slot)] = 1
            pendingInserts.append(slot)
            added = true
        }
        return added
    }

    private mutating func clearRootJoinMarks() {
        for slot in pendingRootJoins { joinMarks[Int(slot)] = 0 }
        for slot in pendingInserts { joinMarks[Int(slot)] = 0 }
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

        /// The first place in `order[0..<end]` (sorted by this key) whose view does not draw
        /// before `slot`'s: where `slot` goes, or where it is.
        @inline(__always)
        func lowerBound(of slot: UInt32, in order: UnsafeMutableBufferPointer<UInt32>, end: Int) -> Int {
            var lo = 0, hi = end
            while lo < hi {
                let mid = (lo + hi) / 2
                if before(order[mid], slot) { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
    }

    /// Inserts the sorted `pendingInserts` into the sorted order in place. (The key is a strict
    /// order — creation order decides ties — so each place is exact and the result is the merge's.)
    private mutating func insertFew(_ key: DrawKey) {
        let n = order.count, k = pendingInserts.count
        order.makeRoom(for: k, bound: entities.count)
        order.append(contentsOf: repeatElement(0, count: k))
        order.withUnsafeMutableBufferPointer { o in
            pendingInserts.withUnsafeBufferPointer { inserts in
                let base = o.baseAddress!
                var end = n, free = n + k   // o[0..<end] is not moved yet; o[free...] is final
                for j in stride(from: k - 1, through: 0, by: -1) {
                    let slot = inserts[j]
                    let lo = key.lowerBound(of: slot, in: o, end: end)
                    let moved = end - lo
                    (base + free - moved).update(from: base + lo, count: moved)   // (overlapping: handled)
                    free -= moved + 1
                    o[free] = slot
                    end = lo
                }
            }
        }
    }

    private mutating func mergePendingInserts() {
        guard let first = pendingInserts.first else { return }
        let key = DrawKey(styles: styles.elements, sequence: sequence)
        // The common case — new views (portal layers, new rows) all draw above everything
        // already there — is an append, not a merge.
        if order.last.map({ key.before($0, first) }) ?? true {
            order.append(contentsOf: pendingInserts, bound: entities.count)
            return
        }
        // A few views among many (screens a navigation stack released): each place found by
        // binary search, the order moved up in blocks, back to front, instead of a merge that
        // compares every root.
        if pendingInserts.count * 16 < order.count {
            insertFew(key)
            return
        }
        let total = order.count + pendingInserts.count
        if mergeBuffer.count < total {
            mergeBuffer.makeRoom(for: total - mergeBuffer.count, bound: entities.count)
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

// The view store's debug invariants (`checkInvariants`, run after every tick in debug builds):
// slots, counts and free lists agree, the drawing order holds every root once and in order, the
// tree's links agree both ways with no cycle, and the lanes and the animated set agree.

extension ViewStore {
    func checkInvariants(isAlive: (Entity) -> Bool, laneCount: Int) {
        var check = CheckColumns(owner: "views: per-slot", slots: entities.count)
        var copy = self
        copy.forEachColumn(&check)
        var liveSlots = 0
        for slot in entities.indices where live[slot] {
            liveSlots += 1
            let entity = entities[slot]
            precondition(isAlive(entity), "views: slot \(slot) holds \(entity), which is dead")
            precondition(self.slot(of: entity) == slot, "views: slotOf and entities disagree for \(entity)")
        }
        precondition(liveSlots == count, "views: \(liveSlots) live slots, count says \(count)")
        let visible = entities.indices.filter { live[$0] && hiddenBy[$0] == 0 }.count
        precondition(visible == visibleCount, "views: \(visible) visible views, visibleCount says \(visibleCount)")
        precondition(liveSlots + freeSlots.count + pendingRemovals.count == entities.count, "views: slots leak")
        // No slot is both free and live, nor listed twice among the free, the freed and the new:
        // a slot listed twice would be handed out (or drawn) twice.
        var listed = [UInt8](repeating: 0, count: entities.count)
        for slot in freeSlots + pendingRemovals {
            precondition(!live[Int(slot)] && listed[Int(slot)] == 0, "views: slot \(slot) is free but live, or free twice")
            listed[Int(slot)] = 1
        }
        for slot in freeSlots { listed[Int(slot)] = 2 }
        for slot in pendingInserts {
            // A new view may have gone again (its slot freed since), but not come from the free
            // list since the last refresh a second time.
            precondition(listed[Int(slot)] & 6 == 0, "views: slot \(slot) was taken twice since the last refresh")
            listed[Int(slot)] |= 4
        }
        precondition(!joinMarks.contains { $0 != 0 }, "views: a root join's mark was left set")
        if pendingInserts.isEmpty && pendingRemovals.isEmpty && pendingRootJoins.isEmpty && !rootsLeft && !needsSort {
            let roots = entities.indices.filter { live[$0] && parentSlot[$0] == 0 }.count
            precondition(order.count == roots, "views: the drawing order has \(order.count) of \(roots) root views")
            var drawn = [Bool](repeating: false, count: entities.count)
            for slot in order {
                precondition(live[Int(slot)] && !drawn[Int(slot)], "views: slot \(slot) is in the drawing order twice, or dead")
                drawn[Int(slot)] = true
            }
            let key = DrawKey(styles: styles.elements, sequence: sequence)
            for k in order.indices.dropFirst() {
                precondition(key.before(order[k - 1], order[k]), "views: drawing order out of order at \(k)")
            }
        }
        // The tree: both directions agree, siblings are sorted, no cycle, the count is right.
        var parented = 0
        let key = DrawKey(styles: styles.elements, sequence: sequence)
        for slot in entities.indices where live[slot] {
            if let parent = parent(slot: slot) {
                parented += 1
                precondition(live[parent], "views: slot \(slot) has a dead parent")
                precondition(childSlots[parent].contains(UInt32(slot)), "views: slot \(slot) is not among its parent's children")
            }
            let kids = childSlots[slot]
            for k in kids.indices {
                precondition(live[Int(kids[k])] && parentSlot[Int(kids[k])] == UInt32(slot + 1), "views: child list of \(slot) is wrong")
                if k > 0 { precondition(key.siblingBefore(kids[k - 1], kids[k]), "views: children of \(slot) out of order") }
            }
            var up = slot, steps = 0
            while let p = parent(slot: up) {
                up = p; steps += 1
                precondition(steps <= count, "views: a cycle through slot \(slot)")
            }
        }
        precondition(parented == parentedCount, "views: \(parented) parented views, parentedCount says \(parentedCount)")
        for slot in entities.indices where !live[slot] {
            precondition(childSlots[slot].isEmpty, "views: a free slot \(slot) has children")
        }
        watches.checkInvariants()
        for slot in entities.indices {
            let n = (0..<ViewChannel.stride).filter { lanes[slot * ViewChannel.stride + $0] != ViewStore.noLane }.count
            precondition(Int(laneCountOf[slot]) == n, "views: slot \(slot) has \(n) lanes, its count says \(laneCountOf[slot])")
            precondition((n > 0) == (columns.animatedIndex[slot] >= 0), "views: slot \(slot) is wrongly in or out of the animated set")
            if n > 0 { precondition(animatedSlots[Int(columns.animatedIndex[slot])] == UInt32(slot), "views: the animated set's index of slot \(slot)") }
        }
        precondition(animatedSlots.count == laneCountOf.filter { $0 > 0 }.count, "views: the animated set's size")
        for (i, lane) in lanes.enumerated() where lane != ViewStore.noLane {
            precondition(live[i / ViewChannel.stride], "views: a dead slot has a track")
            precondition(Int(lane) < laneCount, "views: track row \(lane) out of range")
        }
    }
}

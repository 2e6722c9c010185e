// The track store's curve groups: the timing-curve timings started on one tick with the same
// curve, speed, duration and delay share a group, whose row each tick writes once from the
// group's curve table (`CurveTables.swift`); a table serves every group with its key.

extension TrackStore {
    /// The number of entries of `recentTables` (a power of two).
    private static let recentTableSlots = 64

    /// Where `recentTables` keeps the table of `key`: a multiplicative mix of its progress bits
    /// and span (no `Hasher`: hashing the key on every lookup costs more than the start it serves).
    @inline(__always)
    private static func recentSlot(_ key: CurveTable.Key) -> Int {
        let mixed = (key.progressBits ^ (key.span &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed >> 58) & (recentTableSlots - 1)
    }

    /// The group of timings moving along `curve` from `origin` to `endTick`, with the joining
    /// timing already counted: the table's newest group if it has that origin, else a new group
    /// (and a new table if none has the key). Only the newest group is looked at: starts come in
    /// tick order, so a burst of starts with one animation joins one group; a start that finds
    /// another origin there (a different delay in between) makes a group of its own, which costs
    /// one more row write per tick, never a wrong value. A group a new timing can join has not
    /// moved yet: its origin is at or after the tick before the first tick that will advance the
    /// timing, which no preparation has reached.
    mutating func joinGroup(_ curve: UnitCurve, progressPerTick: Double, origin: UInt64, endTick: UInt64) -> UInt32 {
        let key = CurveTable.Key(curve: curve, progressBits: progressPerTick.bitPattern, span: endTick &- origin)
        let table: UInt32
        if recentTables.isEmpty { recentTables = Array(repeating: CurveGroup.none, count: TrackStore.recentTableSlots) }
        let recentSlot = TrackStore.recentSlot(key)
        let recent = recentTables[recentSlot]
        // A table with groups is the one `tableIndex` names for its key (see `checkInvariants`).
        if recent != CurveGroup.none, tables[Int(recent)].groups > 0, tables[Int(recent)].key == key {
            table = recent
        } else if let found = tableIndex[key] {
            table = found
        } else {
            if let free = freeTables.popLast() {
                table = free
            } else {
                tables.append(CurveTable(key: key, progressPerTick: progressPerTick))
                table = UInt32(tables.count - 1)
            }
            tableCapacity = max(tableCapacity, min(CurveTable.capacity(for: key), CurveTable.keptCapacity))
            tables[Int(table)].reset(key: key, progressPerTick: progressPerTick, atLeast: tableCapacity)
            tableIndex[key] = table
        }
        recentTables[recentSlot] = table
        let newest = tables[Int(table)].newestGroup
        if newest != CurveGroup.none, groups[Int(newest)].origin == origin {
            groups[Int(newest)].members += 1
            return newest
        }
        var group = CurveGroup(table: table, origin: origin, endTick: endTick, row: allocateRow())
        group.members = 1
        group.listIndex = Int32(liveGroups.count)
        let slot: UInt32
        if let free = freeGroups.popLast() {
            slot = free
            groups[Int(slot)] = group
        } else {
            groups.append(group)
            slot = UInt32(groups.count - 1)
        }
        liveGroups.append(slot)
        tables[Int(table)].groups += 1
        tables[Int(table)].newestGroup = slot
        return slot
    }

    /// Appends a curve timing (already counted by ``joinGroup``) to its group's list.
    mutating func link(_ timingSlot: UInt32, into group: UInt32) {
        curveCount += 1
        let last = groups[Int(group)].last
        records[Int(timingSlot)].previousMember = last
        records[Int(timingSlot)].nextMember = CurveGroup.none
        if last == CurveGroup.none { groups[Int(group)].first = timingSlot } else { records[Int(last)].nextMember = timingSlot }
        groups[Int(group)].last = timingSlot
    }

    /// Takes an ending curve timing out of its group, releasing the group (its row, and its
    /// table if no other group reads it) when it was the last.
    mutating func unlink(_ timingSlot: UInt32, from group: UInt32) {
        curveCount -= 1
        let previous = records[Int(timingSlot)].previousMember, next = records[Int(timingSlot)].nextMember
        if previous == CurveGroup.none { groups[Int(group)].first = next } else { records[Int(previous)].nextMember = next }
        if next == CurveGroup.none { groups[Int(group)].last = previous } else { records[Int(next)].previousMember = previous }
        groups[Int(group)].members -= 1
        guard groups[Int(group)].members == 0 else { return }
        let released = groups[Int(group)]
        freeRow(released.row)
        let index = Int(released.listIndex), lastIndex = liveGroups.count - 1
        if index != lastIndex { groups[Int(liveGroups[lastIndex])].listIndex = Int32(index) }
        liveGroups.swapRemove(at: index)
        freeGroups.append(group, bound: groups.count)
        let table = Int(released.table)
        if tables[table].newestGroup == group { tables[table].newestGroup = CurveGroup.none }
        tables[table].groups -= 1
        if tables[table].groups == 0 {
            tableIndex[tables[table].key] = nil
            tables[table].release()
            freeTables.append(UInt32(table), bound: tables.count)
        }
    }
}

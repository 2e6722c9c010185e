// The track store's debug invariants (`checkInvariants`, run after every tick in debug builds):
// lanes and their views agree, block tags match their lanes' rows, and curve groups, curve
// tables and shared spring rows are linked, counted and owned exactly once.

extension TrackStore {
    func checkInvariants(views: ViewStore) {
        let n = laneCount
        var check = CheckColumns(owner: "tracks: lane", slots: value.count)
        var copy = self
        copy.forEachLaneColumn(&check)
        precondition(n <= value.count, "tracks: \(n) lanes in \(value.count) rows")
        for row in 0..<n {
            precondition(views.lanes[Int(output[row])] == Int32(row), "tracks: lane \(row) and its view disagree")
            let record = records[Int(timing[row])]
            precondition(record.channels & (1 << UInt16(Int(output[row]) % ViewChannel.stride)) != 0,
                         "tracks: lane \(row) is not among its timing's channels")
            precondition(self.row[row] == record.row, "tracks: lane \(row) reads another row than its timing's")
        }
        // Block tags: every whole block's tag, recomputed from its lanes' rows.
        precondition(blockRow.count == (value.count + 3) / 4, "tracks: block tags and lane columns differ in length")
        for b in 0..<n / 4 {
            let rows = self.row[4 * b ..< 4 * b + 4]
            let expected = rows.allSatisfy { $0 == rows.first } ? rows.first! : TrackStore.mixedBlock
            precondition(blockRow[b] == expected, "tracks: block \(b) is tagged \(blockRow[b]), its lanes read \(Array(rows))")
        }
        springEvents.checkInvariants("tracks")
        precondition(timingCount + freeTimings.count == records.count, "tracks: timing slots leak")
        // Curve groups: each live group's list holds exactly the curve timings that name it, in
        // both directions; rows are owned once; tables are counted by their groups and indexed.
        var members = 0, tableUsers = [Int](repeating: 0, count: tables.count)
        precondition(rowUsers.count == coefficients.count, "tracks: row users and rows differ in length")
        var rowOwners = [Int](repeating: 0, count: coefficients.count)
        var springUsers = [UInt32](repeating: 0, count: coefficients.count)
        for row in freeRows { rowOwners[Int(row)] += 1 }
        for (i, slot) in liveGroups.enumerated() {
            let group = groups[Int(slot)]
            precondition(group.listIndex == Int32(i) && group.members > 0, "tracks: curve group list")
            precondition(group.endTick == TrackStore.later(group.origin, by: tables[Int(group.table)].key.span), "tracks: curve group end")
            tableUsers[Int(group.table)] += 1
            rowOwners[Int(group.row)] += 1
            var member = group.first, previous = CurveGroup.none, count = 0
            while member != CurveGroup.none {
                let record = records[Int(member)]
                guard case let .curve(owner) = record.drive, owner == slot else {
                    preconditionFailure("tracks: a curve group lists a timing that is not its own")
                }
                precondition(record.previousMember == previous && record.row == group.row && record.origin == group.origin,
                             "tracks: curve group links")
                previous = member
                member = record.nextMember
                count += 1
            }
            precondition(previous == group.last && count == group.members, "tracks: curve group \(slot) counts \(group.members), lists \(count)")
            members += count
        }
        precondition(members == curveCount, "tracks: curve timings and groups disagree")
        for (i, table) in tables.enumerated() {
            precondition(table.groups == tableUsers[i], "tracks: curve table \(i) counts \(table.groups) groups, has \(tableUsers[i])")
            let newest = table.newestGroup
            precondition(newest == CurveGroup.none || (table.groups > 0 && groups[Int(newest)].table == UInt32(i)
                                                       && liveGroups.contains(newest)), "tracks: curve table \(i)'s newest group")
            precondition(table.groups == 0 ? tableIndex[table.key] != UInt32(i) : tableIndex[table.key] == UInt32(i), "tracks: curve table index")
        }
        precondition(tableIndex.count + freeTables.count == tables.count, "tracks: curve table slots leak")
        var live = [Bool](repeating: true, count: records.count)
        for slot in freeTimings { live[Int(slot)] = false }
        for (i, record) in records.enumerated() where live[i] {
            if case let .spring(phi, _, _) = record.drive {
                // A shared row is owned once, by all its users together, and holds their matrix.
                if rowUsers[Int(record.row)] == 0 {
                    rowOwners[Int(record.row)] += 1
                } else {
                    if springUsers[Int(record.row)] == 0 { rowOwners[Int(record.row)] += 1 }
                    springUsers[Int(record.row)] += 1
                    precondition(TrackStore.sameBits(coefficients[Int(record.row)], phi), "tracks: timing \(i) shares a row of another matrix")
                }
            }
            if case let .curve(group) = record.drive {
                precondition(groups[Int(group)].members > 0 && groups[Int(group)].row == record.row, "tracks: timing \(i) names a dead group")
            }
        }
        precondition(rowOwners.allSatisfy { $0 == 1 }, "tracks: a coefficient row is owned twice or leaked")
        precondition(springUsers == rowUsers, "tracks: a shared spring row counts other users than it has")
        // Every shared row is indexed by its matrix, and only shared rows are.
        precondition(springRowIndex.count == rowUsers.lazy.filter { $0 > 0 }.count
                     && springRowIndex.allSatisfy { rowUsers[Int($0.value)] > 0 && SpringRowKey(coefficients[Int($0.value)]) == $0.key },
                     "tracks: the shared spring rows' index")
    }
}

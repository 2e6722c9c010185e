// The track store's coefficient rows: allocating and freeing them, and the rows shared by every
// spring timing with the same step matrix (found by a direct-mapped hint, else by the index of
// the matrix's bits), which a delayed spring's lanes join when its delay ends.

extension TrackStore {
    /// A coefficient row holding still (`.hold`) until its timing or group starts moving.
    mutating func allocateRow() -> UInt32 {
        if let row = freeRows.popLast() { return row }
        coefficients.append(.hold)
        rowUsers.append(0)
        return UInt32(coefficients.count - 1)
    }

    /// The number of entries of `springRowHints` (a power of two).
    private static let springRowHintSlots = 64

    /// Where `springRowHints` keeps the row of `phi`: a multiplicative mix of its bits.
    @inline(__always)
    private static func springRowSlot(_ phi: StepCoefficients) -> Int {
        let key = SpringRowKey(phi)
        let mixed = (key.low &* 0x9E37_79B9_7F4A_7C15 ^ key.high) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed >> 58) & (springRowHintSlots - 1)
    }

    /// Whether two matrices are the same bits (so that their lanes' steps are bit-identical).
    @inline(__always)
    static func sameBits(_ a: StepCoefficients, _ b: StepCoefficients) -> Bool {
        a.xx.bitPattern == b.xx.bitPattern && a.xv.bitPattern == b.xv.bitPattern
            && a.vx.bitPattern == b.vx.bitPattern && a.vv.bitPattern == b.vv.bitPattern
    }

    /// The row holding `phi` that every running spring timing with that matrix (and no delay
    /// left) reads, with the starting timing counted as one more user; made if there is none.
    mutating func sharedSpringRow(_ phi: StepCoefficients) -> UInt32 {
        if springRowHints.isEmpty { springRowHints = Array(repeating: CurveGroup.none, count: TrackStore.springRowHintSlots) }
        let slot = TrackStore.springRowSlot(phi)
        let hint = springRowHints[slot]
        let row: UInt32
        if hint != CurveGroup.none, rowUsers[Int(hint)] > 0, TrackStore.sameBits(coefficients[Int(hint)], phi) {
            row = hint
        } else if let found = springRowIndex[SpringRowKey(phi)] {
            row = found
        } else {
            row = allocateRow()
            coefficients[Int(row)] = phi
            springRowIndex[SpringRowKey(phi)] = row
        }
        springRowHints[slot] = row
        rowUsers[Int(row)] += 1
        return row
    }

    /// Moves a delayed spring timing whose delay has ended from its own row to the shared row
    /// of its matrix: its lanes' rows (and their blocks' tags) change, their steps do not.
    mutating func joinSharedRow(timing slot: Int, _ phi: StepCoefficients, views: inout ViewStore) {
        let shared = sharedSpringRow(phi)
        freeRow(records[slot].row)
        records[slot].row = shared
        let base = Int(records[slot].viewSlot) * ViewChannel.stride
        var channels = records[slot].channels
        while channels != 0 {
            let lane = Int(views.lanes[base + channels.trailingZeroBitCount])
            channels &= channels - 1
            row[lane] = shared
            retag(block: lane &>> 2)
        }
    }

    /// Gives back an ending spring timing's row: one user fewer of a shared row (freed with its
    /// last), or its own row.
    mutating func releaseSpringRow(_ row: UInt32) {
        let users = rowUsers[Int(row)]
        if users > 1 {
            rowUsers[Int(row)] = users - 1
            return
        }
        if users == 1 {
            rowUsers[Int(row)] = 0
            springRowIndex[SpringRowKey(coefficients[Int(row)])] = nil
        }
        freeRow(row)
    }

    mutating func freeRow(_ row: UInt32) {
        coefficients[Int(row)] = .hold
        freeRows.append(row, bound: coefficients.count)
    }
}

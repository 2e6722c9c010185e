// The sparse index shared by every component table.
//
// `sparse` maps an entity index to a dense row; `dense` lists the entities in row order. Rows
// are contiguous, so systems iterate `0..<count` with no gaps and no hashing. Removal swaps the
// last row into the hole: O(1), but it moves one row, so **a row number is valid only until the
// next removal from the same table**. Hold entities, not rows, across structural changes.

/// Entity index → dense row, with swap-remove.
struct SparseSet {
    /// `sparse[entity.index]` is the row + 1, or 0 when the entity has no row. Storing row + 1
    /// lets a freshly grown sparse array be zero-filled.
    private var sparse: [UInt32] = []
    /// The entity in each row.
    private(set) var dense: [Entity] = []

    var count: Int { dense.count }

    mutating func reserveCapacity(_ n: Int) { dense.reserveCapacity(n) }

    /// The row of `entity`, or `nil` when it has none (or the handle is stale).
    @inline(__always)
    func row(of entity: Entity) -> Int? {
        let i = Int(entity.index)
        guard i < sparse.count else { return nil }
        let slot = Int(sparse[i])
        guard slot != 0, dense[slot - 1] == entity else { return nil }
        return slot - 1
    }

    func contains(_ entity: Entity) -> Bool { row(of: entity) != nil }

    /// Reads the sparse entry of entity index `index` (an insert writes it), for a read-ahead.
    @inline(__always)
    func touch(index: Int) -> UInt32 { index < sparse.count ? sparse[index] : 0 }

    /// Reads the sparse entry of entity index `index` and the row it names (a removal reads
    /// both), for a read-ahead; returns the row + 1, or 0.
    @inline(__always)
    func touchRow(index: Int) -> UInt32 {
        let entry = touch(index: index)
        return entry != 0 && Int(entry) <= dense.count ? dense[Int(entry) - 1].index : 0
    }

    /// Appends a row for `entity`, which must not have one. Returns the new row.
    mutating func insert(_ entity: Entity) -> Int {
        let i = Int(entity.index)
        if i >= sparse.count {
            sparse.append(contentsOf: repeatElement(0, count: i + 1 - sparse.count))
        }
        precondition(sparse[i] == 0 || dense[Int(sparse[i]) - 1].index != entity.index,
                     "\(entity) already has a row")
        dense.append(entity)
        sparse[i] = UInt32(dense.count)
        return dense.count - 1
    }

    /// Removes the row of `entity` by moving the last row into it. Returns the removed row;
    /// the caller must apply the same swap-remove to each of its columns.
    mutating func remove(_ entity: Entity) -> Int? {
        guard let row = row(of: entity) else { return nil }
        let last = dense.count - 1
        if row != last {
            let moved = dense[last]
            dense[row] = moved
            sparse[Int(moved.index)] = UInt32(row + 1)
        }
        dense.removeLast()
        sparse[Int(entity.index)] = 0
        return row
    }

    /// Checks `sparse[dense[i]] == i` for every row and that no other sparse slot points
    /// into the table. `isAlive` reports dead entities left behind.
    func checkInvariants(_ table: String, isAlive: (Entity) -> Bool) {
        var pointing = 0
        for (index, slot) in sparse.enumerated() where slot != 0 {
            pointing += 1
            let row = Int(slot) - 1
            precondition(row < dense.count, "\(table): sparse[\(index)] points past the dense rows")
            precondition(dense[row].index == UInt32(index), "\(table): sparse[\(index)] and dense[\(row)] disagree")
        }
        precondition(pointing == dense.count, "\(table): \(pointing) sparse slots for \(dense.count) rows")
        for entity in dense {
            precondition(isAlive(entity), "\(table): holds \(entity), which is dead")
        }
    }
}

extension Array {
    /// Removes element `row` by moving the last element into it: the column half of a
    /// swap-remove, mirroring ``SparseSet/remove(_:)``.
    @inline(__always)
    mutating func swapRemove(at row: Int) {
        let last = count - 1
        if row != last { self[row] = self[last] }
        removeLast()
    }
}

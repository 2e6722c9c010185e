// The pointer table's debug invariants (`checkInvariants`, run after every tick in debug builds):
// the down count, the rows below `firstFree` and each index agree with the records, each owner is
// one of its pointer's candidates, and each `PointerIndex` reaches every key it holds, once.

extension PointerStore {
    func checkInvariants() {
        precondition(downCount == records.count { $0.isDown }, "pointers: downCount \(downCount) disagrees with the records")
        precondition(rows.count == downCount, "pointers: the row index holds \(rows.count) pointers, \(downCount) are down")
        precondition(firstFree <= records.count && records[..<firstFree].allSatisfy { $0.isDown }, "pointers: a free row below firstFree \(firstFree)")
        for (row, record) in records.enumerated() where record.isDown {
            precondition(records.count { $0.isDown && $0.pointer == record.pointer } == 1, "pointers: \(record.pointer) is down twice")
            precondition(rows.find(record.pointer) == row, "pointers: the row index has \(record.pointer) at \(rows.find(record.pointer).map(String.init) ?? "nil"), not \(row)")
            precondition(record.mode != .panning || record.candidates.contains { $0.handler == record.owner.handler && $0.view == record.owner.view },
                         "pointers: \(record.pointer)'s owner is not one of its candidates")
        }
        for record in records where !record.isDown { precondition(record.candidates.isEmpty, "pointers: a free record holds candidates") }
        precondition(projectedIndices.count == projected.count, "pointers: the projected index holds \(projectedIndices.count) pointers, \(projected.count) are projected")
        for (index, p) in projected.enumerated() {
            precondition(projected.count { $0.pointer == p.pointer } == 1, "pointers: \(p.pointer) projected down twice")
            precondition(projectedIndices.find(p.pointer) == index, "pointers: the projected index misplaces \(p.pointer)")
        }
        rows.checkInvariants("rows")
        projectedIndices.checkInvariants("projected")
    }
}

extension PointerIndex {
    func checkInvariants(_ name: String) {
        precondition(keys.count == values.count && keys.count & (keys.count &- 1) == 0, "pointers: \(name) index has a bad size")
        precondition(count == values.count { $0 >= 0 } && (count == 0 || 2 * count <= keys.count), "pointers: \(name) index count \(count) is wrong")
        let mask = keys.count - 1
        for i in keys.indices where values[i] >= 0 {
            // Every slot from the key's home to it is full (else a lookup would stop short).
            var k = PointerIndex.home(keys[i], mask: mask)
            while k != i {
                precondition(values[k] >= 0, "pointers: \(name) index cannot reach \(keys[i])")
                k = (k + 1) & mask
            }
            precondition(keys.indices.count { values[$0] >= 0 && keys[$0] == keys[i] } == 1, "pointers: \(name) index holds \(keys[i]) twice")
        }
    }
}

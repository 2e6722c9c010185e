// The scroll view store's debug invariants (`checkInvariants`, run after every tick in debug
// builds): one length for every column, the list of rows in motion and its positions in agreement,
// each row's limits its configuration's, finite state.

extension ScrollViewStore {
    /// Structural checks (debug builds): columns of one length, the active list and its
    /// positions in agreement and listing exactly the rows in motion, live entities, finite state.
    func checkInvariants(isAlive: (Entity) -> Bool) {
        index.checkInvariants("scroll views", isAlive: isAlive)
        let n = index.count
        precondition(slotHints.count == n && configs.count == n && limits.count == n && motionX.count == n && motionY.count == n
                     && written.count == n && drags.count == n && activeAt.count == n, "scroll views: column lengths differ")
        for (i, row) in active.enumerated() {
            precondition(Int(row) < n && activeAt[Int(row)] == Int32(i), "scroll views: active list and positions disagree")
        }
        for row in 0..<n {
            let expected = ScrollLimits(configs[row])
            precondition(limits[row].minY == expected.minY && limits[row].maxYPlusHeight == expected.maxYPlusHeight
                         && limits[row].minX == expected.minX && limits[row].maxXPlusWidth == expected.maxXPlusWidth
                         && limits[row].bounces == expected.bounces, "scroll views: row \(row)'s limits are not its configuration's")
            let moving = motionX[row].isMoving || motionY[row].isMoving
            precondition(moving == (activeAt[row] >= 0), "scroll views: row \(row) is \(moving ? "moving but not listed" : "listed but still")")
            for m in [motionX[row], motionY[row]] {
                precondition(m.position.isFinite && m.velocity.isFinite, "scroll views: row \(row) has a non-finite offset or velocity")
                precondition(m.mode == .idle || m.mode == .decelerating || m.ticksLeft > 0, "scroll views: a spring with no ticks left")
            }
        }
    }
}

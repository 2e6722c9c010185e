import Testing
@testable import Portal

/// `PointerIndex`, the pointer table's map from pointer ids to places, against a `Dictionary`
/// model, and the table's rows against a linear scan (the lookups it replaced).
@Suite("Pointer index: constant-time lookups by pointer id")
struct PointerIndexTests {
    @Test("Random inserts, updates and removals agree with a dictionary", arguments: [1, 2, 3])
    func agreesWithADictionary(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var index = PointerIndex()
        var model: [Int: Int] = [:]
        // Keys from a small range (collisions, reinsertions after removal) and huge ones
        // (negative, extreme: a touch's address is any Int).
        let extremes = [Int.min, Int.max, -1, 0, 1 << 40, -(1 << 40)]
        for step in 0..<20_000 {
            let key = Int.random(in: 0..<4, using: &rng) == 0 ? extremes.randomElement(using: &rng)!
                                                                : Int.random(in: -40..<200, using: &rng)
            if Int.random(in: 0..<3, using: &rng) == 0 {
                index.remove(key)
                model[key] = nil
            } else {
                let value = Int.random(in: 0..<1_000, using: &rng)
                index.insert(key, value)
                model[key] = value
            }
            #expect(index.count == model.count)
            #expect(index.find(key) == model[key], "step \(step), key \(key)")
            if step % 500 == 0 {
                index.checkInvariants("test")
                for probe in -50..<210 { #expect(index.find(probe) == model[probe], "step \(step), probe \(probe)") }
                for probe in extremes { #expect(index.find(probe) == model[probe]) }
            }
        }
        // Emptied, it finds nothing and stays consistent.
        for key in model.keys { index.remove(key) }
        #expect(index.count == 0 && index.find(5) == nil)
        index.checkInvariants("test")
    }

    @Test("A thousand pointers down and lifted in a shuffled order: each event finds its own row")
    func manyPointersFindTheirRows() throws {
        let world = World()
        _ = try world.spawnView(frame: Rect(x: 0, y: 0, width: 1_000, height: 1_000), in: nil)
        world.tick()
        var rng = SeededGenerator(seed: 7)
        let ids = (0..<1_000).map { $0 * 7_919 - 3_000_000 }
        var time = 10.0
        for (i, id) in ids.enumerated() {
            try world.pointer(PointerEvent(pointer: id, phase: .began, location: Point(x: Float(i % 1_000), y: 5), time: time))
        }
        world.tick()
        // Rows in press order (the lowest free row each time), found by id.
        for (i, id) in ids.enumerated() {
            #expect(world.pointers.row(of: id) == i)
            #expect(world.pointerState(id)?.start == Point(x: Float(i % 1_000), y: 5))
        }
        let lifted = ids.shuffled(using: &rng).prefix(600)
        time += 0.01
        for id in lifted { try world.pointer(PointerEvent(pointer: id, phase: .ended, location: .zero, time: time)) }
        world.tick()
        world.pointers.checkInvariants()
        for id in ids { #expect((world.pointerState(id) != nil) == !lifted.contains(id)) }
        // New presses take the lowest free rows, as a scan from the first row would.
        let free = world.pointers.records.indices.filter { !world.pointers.records[$0].isDown }
        for k in 0..<3 { try world.pointer(PointerEvent(pointer: 5_000_000 + k, phase: .began, location: .zero, time: time)) }
        world.tick()
        for k in 0..<3 { #expect(world.pointers.row(of: 5_000_000 + k) == free[k]) }
        // The calls' projection finds them too: a second press of one still down, a move of one lifted.
        let stillDown = ids.first { !lifted.contains($0) }!, gone = lifted.first!
        #expect(throws: PortalError.pointerAlreadyDown(stillDown)) {
            try world.pointer(PointerEvent(pointer: stillDown, phase: .began, location: .zero, time: time))
        }
        #expect(throws: PortalError.pointerNotDown(gone)) {
            try world.pointer(PointerEvent(pointer: gone, phase: .moved, location: .zero, time: time))
        }
        world.pointers.checkInvariants()
    }
}

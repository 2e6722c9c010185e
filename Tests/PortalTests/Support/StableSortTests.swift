import Testing
@testable import Portal

/// `Array.stableSort(scratch:by:)` replaces the standard library's stable `sort(by:)` where a
/// sort runs every tick (the drawing order, the landing checks), so it must give the same
/// order, ties included, whatever the scratch buffer held before.
@Suite("Stable sort")
struct StableSortTests {
    struct Item: Equatable { var key: Int; var tag: Int }

    @Test("matches the standard library's stable sort, ties in their original order")
    func matchesStandardSort() {
        var rng = SeededGenerator(seed: 17)
        var scratch: [Item] = [Item(key: -1, tag: -1)]   // stale contents must not matter
        for round in 0..<400 {
            let count = round % 7 == 0 ? Int(rng.next() % 4) : Int(rng.next() % 300)
            let keys = round % 3 == 0 ? 5 : 1_000
            var items = (0..<count).map { Item(key: Int(rng.next() % UInt64(keys)), tag: $0) }
            // Some inputs nearly sorted (the drawing order's usual case): a few swaps of a sorted array.
            if round % 4 == 1 {
                items.sort { $0.key < $1.key }
                for _ in 0..<3 where count > 1 { items.swapAt(Int(rng.next() % UInt64(count)), Int(rng.next() % UInt64(count))) }
            }
            if round % 5 == 2 { items.reverse() }
            let expected = items.sorted { $0.key < $1.key }
            items.stableSort(scratch: &scratch) { $0.key < $1.key }
            #expect(items == expected, "round \(round), \(count) items")
        }
    }

    @Test("sorts plain keys as sort() does")
    func plainKeys() {
        var scratch: [UInt32] = []
        var values: [UInt32] = [9, 3, 3, 7, 1, 0, 12, 5, 5, 2, 8, 11, 4, 6, 10, 13, 1, 0, 21, 20, 19, 18, 17, 16, 15, 14]
        let expected = values.sorted()
        values.stableSort(scratch: &scratch, by: <)
        #expect(values == expected)
        var one: [UInt32] = [4]
        one.stableSort(scratch: &scratch, by: <)
        #expect(one == [4])
    }
}

/// `Array.append(_:bound:)` and `append(contentsOf:bound:)`: a list whose owner knows its bound
/// grows to it at once, so that a steady world allocates only when a table grows.
@Suite("Bounded lists")
struct BoundedListTests {
    @Test("a list grows to its bound at once and keeps that capacity through every later high")
    func growsToTheBound() {
        var list: [UInt32] = []
        list.append(1, bound: 1_000)
        #expect(list.capacity >= 1_000)
        let capacity = list.capacity
        for i in 2...1_000 { list.append(UInt32(i), bound: 1_000) }
        #expect(list == (1...1_000).map { UInt32($0) })
        #expect(list.capacity == capacity)
        // Emptied and refilled, as a free list or a tick's list is: no new storage.
        list.removeAll(keepingCapacity: true)
        list.append(contentsOf: (0..<600).map { UInt32($0) }, bound: 1_000)
        list.append(contentsOf: (600..<1_000).map { UInt32($0) }, bound: 1_000)
        #expect(list == (0..<1_000).map { UInt32($0) })
        #expect(list.capacity == capacity)
    }

    @Test("a bound that turns out too small costs doubling, never elements")
    func aWrongBoundStillAppends() {
        var list: [Int] = []
        for i in 0..<100 { list.append(i, bound: 3) }
        #expect(list == Array(0..<100))
        #expect(list.capacity < 400)   // doubled, not grown by one each time past the bound
        list.append(contentsOf: Array(100..<150), bound: 3)
        #expect(list == Array(0..<150))
    }

    @Test("the stable sort's scratch grows only when the sorted array's storage has")
    func scratchFollowsTheArray() {
        var scratch: [UInt32] = []
        var values: [UInt32] = []
        values.reserveCapacity(500)
        values.append(contentsOf: [5, 1, 4])
        values.stableSort(scratch: &scratch, by: <)
        #expect(values == [1, 4, 5])
        #expect(scratch.capacity >= 500)
        let capacity = scratch.capacity
        values = (0..<500).map { UInt32(499 - $0) }
        values.stableSort(scratch: &scratch, by: <)
        #expect(values == (0..<500).map { UInt32($0) })
        #expect(scratch.capacity == capacity)
    }
}

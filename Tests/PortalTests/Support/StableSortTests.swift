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
